"""The card conversions' constants, read once and exactly from their data files.

`alpha_strike.yaml` and `ccg.yaml` hold only what the conversions add to the rules; weapon
facts come from the ruleset's equipment table. Fractions are written "3/4" and read exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import MISSING, fields, is_dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar, get_args, get_origin, get_type_hints

from mechlab.core.shipped_yaml import shipped_file

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")
R = TypeVar("R")


def table(name: str) -> dict[str, Any]:
    """A conversion data file (`alpha_strike` or `ccg`) as parsed YAML, read as the
    rulesets' tables are (`shipped_file`: libyaml, its data kept beside it once parsed):
    parsing alpha_strike.yaml in Python was ~0.13 s of a `card` run's start, before its
    workers fork (issue 31). Shared: not to be changed."""
    data: dict[str, Any] = shipped_file(__package__ or "mechlab.cards", f"{name}.yaml")
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


def typed_table(name: str, shape: type[T]) -> T:
    """A conversion data file as the frozen dataclass `shape`, typed all the way down: nested
    dataclasses, read-only mappings, tuples, exact `Fraction`s; every value checked against
    its field's type, every unknown or missing key an error naming its path."""
    built: T = _typed(table(name), shape, f"{name}.yaml")
    return built


def _typed(value: Any, hint: Any, path: str) -> Any:
    origin, args = get_origin(hint), get_args(hint)
    if is_dataclass(hint):
        return _dataclass(value, hint, path)
    if origin in (Mapping, dict):
        _expect(isinstance(value, dict), path, "a mapping", value)
        return MappingProxyType({_typed(k, args[0], path): _typed(v, args[1], f"{path}.{k}")
                                 for k, v in value.items()})
    if origin is tuple:
        _expect(isinstance(value, list), path, "a list", value)
        items = args[:1] * len(value) if len(args) == 2 and args[1] is Ellipsis else args
        _expect(len(items) == len(value), path, f"{len(items)} items", value)
        return tuple(_typed(v, h, f"{path}[{i}]") for i, (v, h) in
                     enumerate(zip(value, items, strict=True)))
    if hint is Fraction:
        _expect(isinstance(value, (int, str)) and not isinstance(value, bool), path,
                "a number", value)
        return exact(value)
    _expect(isinstance(value, hint) and (hint is bool or not isinstance(value, bool)), path,
            hint.__name__, value)
    return value


def _dataclass(value: Any, shape: Any, path: str) -> Any:
    _expect(isinstance(value, dict), path, "a mapping", value)
    hints, required = _fields_of(shape)
    if not required <= set(value) <= set(hints):
        raise ValueError(f"{path}: unknown {sorted(set(value) - set(hints))}, "
                         f"missing {sorted(required - set(value))}")
    return shape(**{k: _typed(v, hints[k], f"{path}.{k}") for k, v in value.items()})


@cache
def _fields_of(shape: Any) -> tuple[dict[str, Any], frozenset[str]]:
    """A dataclass's field types and its fields without a default, once a class: the
    families, specials and bands repeat one shape tens of times, and `get_type_hints`
    compiles every annotation anew (a `card` run's start, issue 31)."""
    required = frozenset(f.name for f in fields(shape)
                         if f.default is MISSING and f.default_factory is MISSING)
    return get_type_hints(shape), required


def _expect(ok: bool, path: str, wanted: str, value: Any) -> None:
    if not ok:
        raise ValueError(f"{path}: {value!r} is not {wanted}")


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
