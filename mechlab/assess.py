"""Mech → Assessment: the verdict and the values of one design, computed once.

    design ─resolve(ruleset)─▶ Mech ─assess─▶ Assessment(mech, findings, legal, values)

Every product (engine JSON, record sheet, cards, readout, force roster, list) is a
function of an `Assessment`: none of them validates or computes Battle Value or cost
itself, so one design is validated once and valued once however many outputs it gets.

`values` is None where the ruleset defines no Battle Value or cost (the 1984 book has
neither): callers test for the values, never for the ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from mechlab.core.findings import Finding
from mechlab.model.mech import Mech
from mechlab.validate import Severity, SourceFacts, validate

if TYPE_CHECKING:
    from mechlab.core.design import Design
    from mechlab.rulesets import Ruleset
    from mechlab.rulesets.levels import RulesLevel
    from mechlab.values.bv import BattleValue
    from mechlab.values.cost import Cost

T = TypeVar("T")


@dataclass(frozen=True)
class Values:
    """Battle Value (BV2) and C-bill cost of a 'Mech whose ruleset defines them."""

    battle_value: BattleValue
    cost: Cost

    @property
    def bv(self) -> int:
        """The base Battle Value."""
        return self.battle_value.base


@dataclass(frozen=True)
class Assessment:
    """One design judged and valued: the 'Mech, every finding (errors first), whether it
    is legal, and its values (computed on first use, once)."""

    mech: Mech
    findings: tuple[Finding, ...]
    # The rules level the design's file declares (a `.mtf`'s `rules level:` line), None
    # where it declares none (issue 26).
    declared_rules_level: str | None = None

    @cached_property
    def rules_level(self) -> RulesLevel:
        """The rules level computed from the design's content, and what sets it."""
        # Imported on first use: only the JSON and the sheets show the level, and it reads
        # the catalogue's progression (a verdict does without it: issue 31).
        from mechlab.rulesets.content_level import rules_level

        return rules_level(self.mech.design, self.mech.ruleset)

    @property
    def legal(self) -> bool:
        """No error (a known violation, kept as printed, is an error too)."""
        return not self.errors

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def error_codes(self) -> tuple[str, ...]:
        """Every error code once, in the order of the findings (the file's own
        contradictions first)."""
        return tuple(dict.fromkeys(f.code for f in self.errors))

    @cached_property
    def values(self) -> Values | None:
        """BV and cost, or None where the ruleset defines none (never invented).
        Computed when first asked for: `validate` and `check` never pay for them."""
        return values_of(self.mech)

    def derived(self, name: str, compute: Callable[[Assessment], T]) -> T:
        """What a product computes from this assessment and others reuse (the Alpha Strike
        card: engine JSON, force roster and card all read one), computed once. The
        products above this module supply `compute`, so it imports none of them."""
        memo: dict[str, Any] = self.__dict__.setdefault("_derived", {})
        if name not in memo:
            memo[name] = compute(self)
        value: T = memo[name]
        return value

    def adjusted_bv(self, gunnery: int, piloting: int) -> int | None:
        """The Battle Value for a pilot of these skills; None without values."""
        values = self.values
        return None if values is None else values.battle_value.adjusted(self.mech, gunnery,
                                                                        piloting)


def values_of(mech: Mech) -> Values | None:
    """A 'Mech's BV and cost, or None where its ruleset defines none: the one place that
    asks the ruleset (a product that needs no verdict, as the list, uses this alone)."""
    from mechlab.values.bv import battle_value
    from mechlab.values.cost import cost
    from mechlab.values.registry import value_rules

    ruleset = mech.ruleset
    if not (ruleset.has_battle_value and ruleset.has_cost):
        return None
    if value_rules(ruleset).not_valued(mech) is not None:
        return None  # a unit type these value rules do not cover: no value, not a guess
    return Values(battle_value(mech), cost(mech))


def no_values_reason(mech: Mech) -> str:
    """Why a 'Mech without values has none, in words for the readout and `mechlab bv`."""
    from mechlab.values.registry import value_rules

    ruleset = mech.ruleset
    if not (ruleset.has_battle_value and ruleset.has_cost):
        return f"the {ruleset.name} ruleset defines none"
    return value_rules(ruleset).not_valued(mech) or "none computed"


def assess(mech: Mech, source: SourceFacts | None = None) -> Assessment:
    """Judge a resolved 'Mech: every rule of its ruleset, and the source rules of what its
    file stated besides the design (a `.mtf`'s contradictions, RULES.md §7)."""
    declared = source.declared_rules_level if source is not None else None
    return Assessment(mech, tuple(validate(mech, source)), declared)


def assess_design(design: Design, ruleset: Ruleset | None = None,
                  source: SourceFacts | None = None) -> Assessment:
    """Resolve a design (under its own ruleset, or the one given) and judge it."""
    from mechlab.model.resolve import resolve

    return assess(resolve(design, ruleset), source)
