"""Battle Value and cost of patchwork armor (docs/advanced.md "Patchwork armor"): each
location's points count at its own type's BV multiplier (MegaMek's MekBVCalculator, the
armor multiplier of each location's type) and cost at its own type's C-bills a ton, on the
location's exact tons (MegaMek's MekCostCalculator: getArmorWeight(location) × the type's
cost). A 'Mech of one armor type is priced and valued by its one row (values.yaml)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from mechlab.values.standard_tables import exact, row

if TYPE_CHECKING:
    from mechlab.model.mech import Mech
    from mechlab.rulesets.standard import Standard


def _points(mech: Mech, ruleset: Standard) -> list[tuple[int, str, Fraction]]:
    """(points, type word, points per ton) of each location under patchwork armor."""
    design = mech.design
    return [(design.armor.front(location) + design.armor.rear(location), armor.word,
             armor.per_ton) for location, armor in ruleset.location_armor(design).items()]


def armor_factor(mech: Mech, ruleset: Standard, added: Fraction) -> Fraction:
    """BV_STANDARD.md §2.1: type multiplier (plus `added`) × BAR ÷ 10; under patchwork
    armor the points-weighted mean of the locations' factors, so that points × factor is
    the sum of each location's points × its own factor."""
    def factor(word: str) -> Fraction:
        kind = row("armor", word)
        return (exact(kind.get("bv", 1)) + added) * exact(kind.get("bar", 10)) / 10

    if not ruleset.is_patchwork(mech.design):
        return factor(mech.design.armor.type)
    located = _points(mech, ruleset)
    total = sum(points for points, _, _ in located)
    if not total:
        return Fraction(1)  # no points: the factor multiplies nothing
    return sum((points * factor(word) for points, word, _ in located), Fraction(0)) / total


def running_mp_change(mech: Mech, ruleset: Standard) -> int:
    """ADVANCED_BV.md §1: hardened armor takes 1 from the BV running MP. Not under patchwork
    armor, hardened locations or not: MegaMek's BV tests the 'Mech's one armor type, which a
    patchwork 'Mech does not have (Aquagladius AQS-5 MAM, hardened arms, torsos and head:
    MegaMek's BV 1,946 is that of running MP 11, not 10)."""
    if ruleset.is_patchwork(mech.design):
        return 0
    return int(row("armor", mech.design.armor.type).get("bv_run", 0))


def armor_cost(mech: Mech, ruleset: Standard, cost_tons: Fraction) -> Fraction:
    """BV_STANDARD.md §6.5: the type's cost a ton × the armor's tons (`cost_tons`); under
    patchwork armor each location's exact tons × its own type's cost."""
    if not ruleset.is_patchwork(mech.design):
        return exact(row("armor", mech.design.armor.type)["cost"]) * cost_tons
    return sum((Fraction(points) / per_ton * exact(row("armor", word)["cost"])
                for points, word, per_ton in _points(mech, ruleset)), Fraction(0))
