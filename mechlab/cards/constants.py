"""The card conversions' constants, read once and exactly from their data files.

`alpha_strike.yaml` and `ccg.yaml` hold only what the conversions add to the rules; weapon
facts come from the ruleset's equipment table. Fractions are written "3/4" and read exactly.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

import yaml


@cache
def table(name: str) -> dict[str, Any]:
    """A conversion data file (`alpha_strike` or `ccg`) as parsed YAML."""
    text = resources.files(__package__).joinpath(f"{name}.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


@cache
def exact(value: object) -> Fraction:
    """"3/4" → 3/4, 2 → 2, "0.5" → 1/2: the number as written, never a float."""
    return Fraction(str(value))


def banded(value: int | Fraction, bands: list[list[int]], above: int, inclusive: bool) -> int:
    """The result of the first band [bound, result] that `value` falls under, else `above`."""
    for bound, result in bands:
        if value <= bound if inclusive else value < bound:
            return result
    return above
