"""C-bill cost (BV_COST.md §3, BV_STANDARD.md §6), one method for every ruleset.

The ruleset's value rules price the components (`ValueRules.cost_components`: its engine, structure,
armor and gyro types) and name the multiplier (× 1.25 for an OmniMech, × (1 + tonnage
÷ 100)); they are summed exactly, multiplied, and rounded half up once at the end.
`total` includes ammunition, as the Master Unit List publishes it; `dry` leaves the
"Ammunition" component out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from mechlab.model.catalogued import catalogued
from mechlab.model.mech import Mech
from mechlab.values.registry import value_rules


@dataclass(frozen=True)
class Cost:
    """BV_COST.md §3: the components in spec order (ammunition last), exact, and the totals."""

    components: tuple[tuple[str, Fraction], ...]
    armor_tons: Fraction  # BV_COST.md 5.5: from the allocated points, up to the next half ton
    multiplier: Fraction  # (× 1.25 Omni) × (1 + tonnage ÷ 100)
    dry_sum: Fraction  # Σ components without ammunition, before the multiplier
    total_sum: Fraction  # Σ components with ammunition, before the multiplier
    total: int  # with ammunition (as Sarna and the MUL publish it), rounded half up once
    dry: int  # without ammunition
    # The multiplier in words, for `--explain`: "1.25 (OmniMech) × (1 + tonnage ÷ 100)".
    multiplier_words: str = "(1 + tonnage ÷ 100)"

    def component(self, name: str) -> Fraction:
        return dict(self.components)[name]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: integers for the totals, floats (2 decimals) for the components."""
        return {
            "total": self.total,
            "dry": self.dry,
            "multiplier": float(self.multiplier),
            "armor_tons": float(self.armor_tons),
            "sum": round(float(self.total_sum), 2),
            "dry_sum": round(float(self.dry_sum), 2),
            "components": {name: round(float(value), 2) for name, value in self.components},
        }


class NoCostError(ValueError):
    """The 'Mech's ruleset defines no C-bill prices (the 1984 book has none)."""


def cost(mech: Mech) -> Cost:
    """BV_COST.md §3: the C-bill cost of a resolved 'Mech, with and without ammunition.

    `NoCostError` when the ruleset has no prices (check `ruleset.has_cost`).
    """
    prices = mech.ruleset.costs
    if prices is None:
        raise NoCostError(f"the {mech.ruleset.name} ruleset defines no C-bill cost")
    # BV_COST.md 5.5: armor is priced by the tons the assigned points need, not tons declared.
    rules = value_rules(mech.ruleset)
    why = rules.not_valued(mech)
    if why is not None:
        raise NoCostError(why)
    mech = catalogued(mech)
    armor_tons = rules.armor_cost_tons(mech)
    components = rules.cost_components(mech)
    factors = rules.cost_factors(mech)
    multiplier = math.prod(factors, start=Fraction(1))
    dry_sum = sum((value for name, value in components if name != "Ammunition"), Fraction(0))
    total_sum = sum((value for _, value in components), Fraction(0))
    return Cost(components, armor_tons, multiplier, dry_sum, total_sum,
                total=megamek_rounded(components, factors),
                dry=megamek_rounded(tuple(c for c in components if c[0] != "Ammunition"),
                                    factors),
                multiplier_words=rules.cost_multiplier_words(mech))


def megamek_rounded(components: tuple[tuple[str, Fraction], ...],
                    factors: tuple[Fraction, ...]) -> int:
    """The total as MegaMek rounds it, which the MUL publishes: the components summed in
    doubles in this order, times each factor in turn, rounded half up. The exact sum and
    the doubles differ only on an exact half C-bill (an engine price in thirds), which the
    doubles land a hair below or above: Banshee BNC-3E 9,530,852.5 → MUL 9,530,852, Cougar
    A (× 1.25, then × 1.35) 6,919,312.5 → 6,919,313."""
    total = 0.0
    for _, value in components:
        total += float(value)
    for factor in factors:
        total *= float(factor)
    return math.floor(total + 0.5)
