"""Alpha Strike damage values and their rounding (RULES.md §6.5; ASC and its errata).

A damage value is a whole number or *minimal damage* (`0*`, a raw value above 0 and below
0.5). Every conversion first rounds up to the tenth (any excess at all rounds up: ASC
"Converting Heat" errata 1.2), then to a whole number: up for the standard S/M/L, half up
for the special abilities.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from mechlab.core.rounding import round_half_up

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Damage:
    value: int
    minimal: bool = False

    def __str__(self) -> str:
        return "0*" if self.minimal else str(self.value)

    def special(self) -> str:
        """As a special ability prints it: `-` for none (`AC2/2/-`)."""
        return "0*" if self.minimal else (str(self.value) if self.value else "-")

    @property
    def points(self) -> Fraction:
        """What it is worth in the point value: 0* counts one half."""
        return HALF if self.minimal else Fraction(self.value)

    @property
    def any(self) -> bool:
        return self.minimal or self.value > 0


ZERO = Damage(0)


def up_to_tenth(value: Fraction) -> Fraction:
    return Fraction(math.ceil(value * 10), 10)


def rounded_up(raw: Fraction) -> Damage:
    """Standard damage: tenth up, then 0* below 0.5, else whole number up."""
    tenth = up_to_tenth(raw)
    if 0 < tenth < HALF:
        return Damage(0, minimal=True)
    return Damage(math.ceil(tenth))


def rounded_normal(raw: Fraction, minimal: bool = True) -> Damage:
    """Special damage: tenth up, then 0* below 0.5 (when allowed), else half up."""
    tenth = up_to_tenth(raw)
    if minimal and 0 < tenth < HALF:
        return Damage(0, minimal=True)
    return Damage(int(round_half_up(tenth)))


def whole_up(raw: Fraction) -> int:
    """Tenth up, then whole number up, no minimal damage: the overheat comparison."""
    return math.ceil(up_to_tenth(raw))
