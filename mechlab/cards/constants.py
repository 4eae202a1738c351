"""The card conversions' constants, read once and exactly from their data files.

`alpha_strike.yaml` and `ccg.yaml` hold only what the conversions add to the rules; weapon
facts come from the ruleset's equipment table. Fractions are written "3/4" and read exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeVar

import yaml

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")
R = TypeVar("R")


@cache
def table(name: str) -> dict[str, Any]:
    """A conversion data file (`alpha_strike` or `ccg`) as parsed YAML."""
    text = resources.files(__package__).joinpath(f"{name}.yaml").read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def frozen_table(name: str, shape: type[T]) -> T:
    """A conversion data file as the frozen dataclass `shape`: every field given, no key
    unknown, lists read as tuples."""
    data = table(name)
    names = {f.name for f in fields(shape)}
    if set(data) != names:
        raise ValueError(f"{name}.yaml: unknown {sorted(set(data) - names)}, "
                         f"missing {sorted(names - set(data))}")
    return shape(**{key: _frozen(value) for key, value in data.items()})


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


@cache
def exact(value: object) -> Fraction:
    """"3/4" → 3/4, 2 → 2, "0.5" → 1/2: the number as written, never a float."""
    return Fraction(str(value))


def banded(value: int | Fraction, bands: Sequence[tuple[int, R]], above: R,
           inclusive: bool) -> R:
    """The result of the first band [bound, result] that `value` falls under, else `above`."""
    for bound, result in bands:
        if value <= bound if inclusive else value < bound:
            return result
    return above
