"""The `experimental` ruleset: Interstellar Operations and prototypes, rules level 4.

As `advanced`: its place on the ladder (MegaMek's rules level 4) and its name; what it
admits beyond the Standard content is named by the Standard refusals until its items
have their data.
"""

from __future__ import annotations

from typing import ClassVar

from mechlab.rulesets.advanced import Advanced


class Experimental(Advanced):
    """Interstellar Operations and prototypes (rules level 4)."""

    name: ClassVar[str] = "experimental"
    aliases: ClassVar[tuple[str, ...]] = ("io", "interstellar operations", "prototype",
                                          "level 4")
    title: ClassVar[str] = "Experimental (Interstellar Operations, rules level 4)"
    ladder_level: ClassVar[int | None] = 4
    data_file: ClassVar[str] = "experimental.yaml"
    # ADVANCED_COMPONENTS.md §2.2: what Interstellar Operations' components add.
    rules: ClassVar[tuple[str, ...]] = (*Advanced.rules, "E-GYRO-NONE", "E-LARGE-ENGINE-TYPE")
