"""The value rules: what Battle Value and cost read of a resolved 'Mech (BV_STANDARD.md;
BV_COST.md for the Introductory designs, whose items and components are the catalogue's
rows with the same values). One builder for every ruleset, driven by the tables the
ruleset names (`rulesets.value_tables`) and the catalogue's item facts; a ruleset without
values (the 1984 book) says so by having no Battle Value or prices."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from mechlab.rulesets import value_tables
from mechlab.values.standard import StandardValues
from mechlab.values.standard_cost import StandardCosts

if TYPE_CHECKING:
    from mechlab.model.mech import Mech
    from mechlab.rulesets import Ruleset, Standard


class ValueRules(StandardValues, StandardCosts):
    """BV inputs (BV_STANDARD.md §1–§3) and C-bill cost (§6), IndustrialMechs included
    (§2.2, §3.9, §3.11, §6: their rows in values.yaml)."""

    # The unit types (a design's `unit:`) these rules value; another has no values (None),
    # never a wrong number.
    unit_types: ClassVar[frozenset[str]] = frozenset({"battlemech", "industrialmech"})

    def __init__(self, ruleset: Standard, book: Ruleset | None = None) -> None:
        self.ruleset = ruleset  # the tables that type the 'Mech's items and components
        self.book = book or ruleset  # the 'Mech's own ruleset, for what its book says

    def not_valued(self, mech: Mech) -> str | None:
        """Why these rules give `mech` no values (a unit type they do not cover), or None."""
        if mech.unit_type in self.unit_types:
            return None
        return (f"mechlab's {mech.ruleset.name} values cover "
                f"{', '.join(sorted(self.unit_types))} units, not {mech.unit_type} units yet")


def value_rules(ruleset: Ruleset) -> ValueRules:
    """The value rules for a design of `ruleset`, on the tables it names. Hand them the
    'Mech as those tables type it (`mechlab.model.catalogued.catalogued`)."""
    tables = value_tables(ruleset)
    return ValueRules(tables, ruleset)  # type: ignore[arg-type]
