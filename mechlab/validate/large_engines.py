"""Large engines (ADVANCED_COMPONENTS.md §1.1, §9; Tactical Operations; docs/advanced.md
"Large engines"): ratings 405–500, of the Experimental rules. Their weights, slots and price
are experimental.yaml's `engines` and `large_engine` rows; the type restriction is a rule."""

from __future__ import annotations

from collections.abc import Iterator

from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech
from mechlab.validate.standard import _std as standard_ruleset


def large_engine_type(mech: Mech) -> Iterator[Finding]:
    """E-LARGE-ENGINE-TYPE: a large engine (rating 405–500) is not of a type that cannot be
    large.

    Tactical Operations; MegaMek's Engine refuses a large compact engine ("invalid compact
    large"); the types are experimental.yaml's `large_engine.not_types`. Path: `engine.type`."""
    ruleset = standard_ruleset(mech)
    row = ruleset.large_engine
    kind = mech.design.engine.type
    if row.get("refused") or not ruleset.is_large_engine(mech.engine_rating):
        return
    if kind in row.get("not_types", ()):
        yield error("E-LARGE-ENGINE-TYPE", "engine.type",
                    f"a {kind} engine cannot be large (rating {mech.engine_rating})",
                    expected=f"rating at most {row['min'] - 5}, or another engine type",
                    actual=f"{kind} {mech.engine_rating}",
                    hint="choose a standard, XL, light or XXL engine, or a lower Walking MP")
