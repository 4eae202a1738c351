"""Exact weights. RULES.md 1.1: every weight is a multiple of 0.5 t; never sum floats.

A weight is a `fractions.Fraction`; these helpers convert at the edges (YAML in,
JSON and text out) so that no float ever takes part in a sum.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

Tons = Fraction

HALF = Fraction(1, 2)


def tons(value: int | float | str | Fraction) -> Fraction:
    """Read a weight exactly: 6.5, "6.5", 13 or Fraction(13, 2)."""
    if isinstance(value, float):
        return Fraction(str(value))
    return Fraction(value)


def total(weights: Iterable[Fraction | int]) -> Fraction:
    """The exact sum of weights, as `sum(weights, Fraction(0))` but without a reduced
    `Fraction` made at each step (each `+` divides by a gcd; a design's weights share a
    few denominators): the numerators are added per denominator, the few sums then
    added as `Fraction`s (issue 31: `check` sums a few hundred weights a design)."""
    by_denominator: dict[int, int] = {}
    for weight in weights:
        denominator = weight.denominator
        by_denominator[denominator] = by_denominator.get(denominator, 0) + weight.numerator
    if len(by_denominator) < 2:  # nothing, or weights of one denominator
        return next((Fraction(n, d) for d, n in by_denominator.items()), _NOTHING)
    result = _NOTHING
    for denominator, numerator in by_denominator.items():
        result += Fraction(numerator, denominator)
    return result


_NOTHING = Fraction(0)  # a Fraction is immutable: one zero serves every empty sum


def is_half_ton_multiple(weight: Fraction) -> bool:
    return (weight * 2).denominator == 1


def ceil_half(weight: Fraction) -> Fraction:
    """Round up to the next half ton (armor bought in 0.5 t steps)."""
    return Fraction(math.ceil(weight * 2), 2)


def format_tons(weight: Fraction) -> str:
    """'6.5', '13', '0.5' — how a Technical Readout prints a weight."""
    if weight.denominator == 1:
        return str(weight.numerator)
    return f"{float(weight):g}"


def json_tons(weight: Fraction) -> int | float:
    """A JSON number. Half-ton multiples are exact in binary floating point."""
    return weight.numerator if weight.denominator == 1 else float(weight)
