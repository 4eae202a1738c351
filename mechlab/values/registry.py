"""Which value rules (Battle Value and cost inputs) a ruleset's book has: a registry keyed
by the ruleset class, looked up along its MRO, so a ruleset that registers nothing values
as its parent does (Battledroids as Intro: BV_COST.md; it has no BV or cost tables)."""

from __future__ import annotations

from typing import ClassVar

from mechlab.core.registry import for_class
from mechlab.rulesets import Ruleset, Standard
from mechlab.values.standard import StandardValues
from mechlab.values.standard_cost import StandardCosts
from mechlab.values.variants import ValueRules


class StandardValueRules(StandardValues, StandardCosts, ValueRules):
    """BV_STANDARD.md: the Standard BV inputs and C-bill cost; the rest as intro. They
    value IndustrialMechs too (§2.2, §3.9, §3.11, §6: their rows in values.yaml)."""

    ruleset: Standard
    unit_types: ClassVar[frozenset[str]] = frozenset({"battlemech", "industrialmech"})


REGISTRY: dict[type[Ruleset], type[ValueRules]] = {
    Ruleset: ValueRules,  # the defaults are the Introductory rules (BV_COST.md)
    Standard: StandardValueRules,
}


def value_rules(ruleset: Ruleset) -> ValueRules:
    """The value rules of `ruleset`'s book."""
    return for_class(REGISTRY, ruleset)(ruleset)
