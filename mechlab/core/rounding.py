"""The one rounding the books use where they say "round normally": halves go up.

BV_COST.md §0 (Battle Value and cost) and ALPHA_STRIKE.md (damage, armor, point
value, the trading cards' numbers) round floor(x + 0.5), never to even as `round` does.
"""

from __future__ import annotations

import math
from fractions import Fraction


def round_half_up(value: Fraction | int, places: int = 0) -> Fraction:
    """floor(x + 0.5) at the given decimal places, exactly: 5/2 → 3, 1.345 at 2 → 1.35."""
    scale = Fraction(10) ** places
    return Fraction(math.floor(Fraction(value) * scale + Fraction(1, 2))) / scale
