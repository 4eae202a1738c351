"""The Alpha Strike conversion's table and its generic weapon value (ALPHA_STRIKE.md §0,
§5.1), apart from the conversion so that the rulesets' unit builders can use them."""

from __future__ import annotations

from fractions import Fraction

from mechlab.cards.as_constants import constants
from mechlab.cards.as_unit import Bands

BANDS = ("s", "m", "l")


# §0 / §5.1: the generic value of a weapon (MegaMek's rule for weapons without a set value)
def generic_damage(damage: Fraction, long_range: int, minimum: int = 0,
                   missiles: int | None = None) -> Bands:
    """TW damage ÷ 10 in every band its long range reaches; racks by cluster hits on a 7;
    in S a minimum range m counts × (12 − m) ÷ 12."""
    r = constants()
    if missiles:
        damage *= r.cluster_hits_on_7[missiles]
    values = []
    for band in BANDS:
        if long_range < r.band_start[band]:
            values.append(Fraction(0))
            continue
        value = damage / r.damage_divisor
        if band == "s" and minimum:
            value *= Fraction(r.minimum_range_base - minimum, r.minimum_range_base)
        values.append(value)
    return values[0], values[1], values[2]
