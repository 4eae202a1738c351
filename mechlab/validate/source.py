"""Source rules: what a design's file stated besides the design itself.

A `.mtf` states some facts twice (a `Walk MP:` line and an engine rating, a `Weapons:`
list and the slots); the reader records what it read (`SourceFacts`) and resolves
nothing. `validate` runs the facts' rules on the 'Mech the command resolves anyway, so
a file's contradictions (RULES.md §7) are findings like every rule's.
"""

from __future__ import annotations

from typing import Protocol

from mechlab.core.findings import Finding
from mechlab.model.mech import Mech


class SourceFacts(Protocol):
    """What a reader recorded of a design's file, and the rules that compare it with the
    resolved 'Mech (one finding per contradiction, in a fixed order)."""

    def contradictions(self, mech: Mech, warnings: bool = True) -> list[Finding]:
        """Every contradiction; without `warnings`, the errors alone (a caller that shows
        no warning need not have them worked out)."""
        ...

    @property
    def declared_rules_level(self) -> str | None:
        """The rules level the file declares (`introductory` … `experimental`, or
        `unofficial`); None where it declares none (issue 26)."""
        ...
