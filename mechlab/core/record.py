"""Plain typed records: the models of a design file, without pydantic at import.

A `Record` is a frozen object of typed fields, as a frozen dataclass is, made without the
per-class `exec` of `dataclasses` and without pydantic: reading a MegaMek `.mtf` file needs
neither, and importing pydantic with its model classes was a third of the start-up that
every `-j` worker waits for (issue 31, docs/benchmarks.md). A field's annotation states
its check once, as a `Rule` (design_fields.py), and both readers apply it:

- `build(cls, data)`: a reader's data (the `.mtf` reader's, a design file's) checked in
  plain Python by each field's rule, and taken only where each value is one the rule and
  its type take as they stand, or convert as the full check does (`65.0` → 65);
- `mechlab.core.design_schema.validate(cls, data)`: the full check, by pydantic, with its
  messages. The readers fall back to it whenever `build` declines data, so a message is
  always the full check's (tests/test_record.py fuzzes the two against each other).

Each record class may refine `checked` (a check of the whole record: `Design` names the
locations its configuration lacks) and `dumped` (how it is written back).
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterator
from enum import Enum
from types import NoneType, UnionType
from typing import Annotated, Any, ClassVar, Literal, TypeVar, Union, dataclass_transform

R = TypeVar("R", bound="Record")
REQUIRED: Any = object()  # a field without a default (`record_fields`)


class Inexact(ValueError):
    """A value `build` does not take as it stands: the full check decides about it."""


@dataclass_transform(kw_only_default=True, frozen_default=True)
class Record:
    """A frozen record of typed fields, compared and hashed by their values."""

    # Each field's default, REQUIRED where it has none, in the order the class states them.
    record_fields: ClassVar[dict[str, Any]] = {}
    _required: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = dict(cls.record_fields)
        for name, annotation in inspect.get_annotations(cls).items():
            if not str(annotation).startswith("ClassVar"):
                fields[name] = cls.__dict__.get(name, REQUIRED)
        cls.record_fields = fields
        cls._required = tuple(name for name, default in fields.items() if default is REQUIRED)

    def __init__(self, **values: Any) -> None:
        # The defaults, then the values given: the fields keep the class's order.
        state = self.__dict__
        state.update(self.record_fields)
        state.update(values)
        if len(state) > len(self.record_fields):
            unknown = next(name for name in values if name not in self.record_fields)
            raise TypeError(f"{type(self).__name__} has no field {unknown!r}")
        for name in self._required:
            if name not in values:
                raise TypeError(f"{type(self).__name__}: {name} is required")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: use .replace({name}=…)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
        return f"{type(self).__name__}({shown})"

    def replace(self: R, **changes: Any) -> R:
        """The record with these fields changed (unchecked: the caller's values are typed)."""
        unknown = changes.keys() - self.record_fields.keys()
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__, **changes)
        return copy

    def checked(self: R) -> R:
        """A check of the record as a whole, after each field's own (`ValueError`)."""
        return self

    def dumped(self, data: dict[str, Any]) -> object:
        """What the record is written as, given its fields' data (`dump`)."""
        return data

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return record_schema(cls, handler)


def field_hints(cls: type[Record]) -> dict[str, Any]:
    """Each field's annotation, evaluated (`Annotated` kept), once a class."""
    hints = _HINTS.get(cls)
    if hints is None:
        every = typing.get_type_hints(cls, include_extras=True)
        hints = _HINTS[cls] = {name: every[name] for name in cls.record_fields}
    return hints


_HINTS: dict[type[Record], dict[str, Any]] = {}


def dump(value: Any, exclude_defaults: bool = False, exclude_none: bool = False) -> Any:
    """A record as the plain data of a design file (mappings, lists, text, numbers):
    locations by name, tuples as lists; fields at their defaults or None left out when
    asked."""
    if isinstance(value, Record):
        data = {name: dump(field, exclude_defaults, exclude_none)
                for name, field in _kept(value, exclude_defaults, exclude_none)}
        return value.dumped(data)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [dump(entry, exclude_defaults, exclude_none) for entry in value]
    if isinstance(value, dict):
        return {dump(key): dump(entry, exclude_defaults, exclude_none)
                for key, entry in value.items()}
    return value


def _kept(record: Record, exclude_defaults: bool, exclude_none: bool
          ) -> Iterator[tuple[str, Any]]:
    for name, default in record.record_fields.items():
        value = record.__dict__[name]
        if (exclude_defaults and value == default) or (exclude_none and value is None):
            continue
        yield name, value


def record_schema(cls: type[Record], handler: Any) -> Any:
    """`cls` as pydantic validates it: a mapping of its fields, each by its annotation,
    then the record made of them and checked whole. A record given where one is expected
    is taken as the mapping of its fields."""
    from pydantic_core import core_schema  # the full check only: not when reading a .mtf

    hints = field_hints(cls)
    fields = {name: core_schema.typed_dict_field(handler.generate_schema(hints[name]),
                                                 required=default is REQUIRED)
              for name, default in cls.record_fields.items()}
    mapping = core_schema.typed_dict_schema(fields, extra_behavior="forbid")

    def made(values: dict[str, Any]) -> Record:
        return cls(**values).checked()

    def given(value: Any) -> Any:
        return dict(value.__dict__) if isinstance(value, cls) else value

    return core_schema.no_info_before_validator_function(
        given, core_schema.no_info_after_validator_function(made, mapping))


# --- build: data a reader made, checked by the fields' rules in plain Python -------------

Convert = Callable[[Any], Any]


def build(cls: type[R], data: Any) -> R:
    """The record of `data` if every value is one the full check takes unchanged, checked
    by each field's rule; `Inexact` (or the rule's `ValueError`) otherwise."""
    return _converter(cls)(data)  # type: ignore[no-any-return]


_CONVERTERS: dict[Any, Convert] = {}


def _converter(hint: Any) -> Convert:
    try:
        found = _CONVERTERS.get(hint)
    except TypeError:  # an unhashable annotation: not cached
        return _make(hint)
    if found is None:
        found = _CONVERTERS[hint] = _make(hint)
    return found


def _make(hint: Any) -> Convert:
    origin = typing.get_origin(hint)
    if isinstance(hint, type) and issubclass(hint, Record):
        return _record_converter(hint)
    if origin is Annotated:
        base, *rules = typing.get_args(hint)
        return _ruled(_converter(base), rules)
    if origin is Union or isinstance(hint, UnionType):
        return _union([_converter(arg) for arg in typing.get_args(hint)])
    if origin is Literal:
        return _literal(typing.get_args(hint))
    if origin is tuple:
        entry = _converter(typing.get_args(hint)[0])
        return lambda value: tuple(map(entry, _sequence(value)))
    if origin is list:
        entry = _converter(typing.get_args(hint)[0])
        return lambda value: list(map(entry, _sequence(value)))
    if origin is dict:
        key, entry = map(_converter, typing.get_args(hint))
        return lambda value: {key(k): entry(v) for k, v in _mapping(value).items()}
    if hint in (int, str, bool, float, NoneType) or (
            isinstance(hint, type) and issubclass(hint, Enum)):
        return _exactly(hint)
    raise TypeError(f"build cannot check {hint!r}")


def _record_converter(cls: type[Record]) -> Convert:
    fields: dict[str, Convert] = {}  # filled on first use: a record may name itself

    def convert(value: Any) -> Record:
        if not fields:
            fields.update({name: _converter(hint)
                           for name, hint in field_hints(cls).items()})
        if type(value) is cls:
            return value
        if not _mapping(value).keys() <= fields.keys():
            # The keys as given, unsorted: `1:` beside `foo:` could not be sorted (TypeError).
            unknown = [key for key in value if key not in fields]
            raise Inexact(f"{cls.__name__} has no field {unknown!r}")
        values = {name: fields[name](given) for name, given in value.items()}
        try:
            record = cls(**values)
        except TypeError as exc:  # a required field is missing
            raise Inexact(str(exc)) from None
        return record.checked()

    return convert


def _ruled(base: Convert, rules: list[Any]) -> Convert:
    """The field's rules around its type: each rule's `before` (what the full check does
    first: `65.0` → 65, `Endo Steel` → `endo_steel`), the type, then each `after`; a lone
    rule's `exact` where it has one (all three in one call)."""
    if len(rules) == 1 and getattr(rules[0], "exact", None):
        return rules[0].exact  # type: ignore[no-any-return]
    befores = [rule.before for rule in rules if getattr(rule, "before", None)]
    afters = [rule.after for rule in rules if getattr(rule, "after", None)]

    def convert(value: Any) -> Any:
        for before in befores:
            value = before(value)
        value = base(value)
        for after in afters:
            value = after(value)
        return value

    return convert


def _union(members: list[Convert]) -> Convert:
    def convert(value: Any) -> Any:
        for member in members:
            try:
                return member(value)
            except ValueError:
                continue
        raise Inexact(f"{value!r} is none of the union's members")

    return convert


def _literal(allowed: tuple[Any, ...]) -> Convert:
    def convert(value: Any) -> Any:
        if value in allowed and type(value) in (str, NoneType):
            return value
        raise Inexact(f"{value!r} is not one of {allowed}")

    return convert


def _exactly(kind: type) -> Convert:
    def convert(value: Any) -> Any:
        if type(value) is kind:
            return value
        raise Inexact(f"{value!r} is not {kind.__name__}")

    return convert


def _sequence(value: Any) -> list[Any] | tuple[Any, ...]:
    if type(value) in (list, tuple):
        return value  # type: ignore[no-any-return]
    raise Inexact(f"{value!r} is not a list")


def _mapping(value: Any) -> dict[Any, Any]:
    if type(value) is dict:
        return value
    raise Inexact(f"{value!r} is not a mapping")
