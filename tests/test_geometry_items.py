"""The display-list items fill their fields with their own `__init__` (faster than a frozen
dataclass's): each must take exactly its fields, in order, with their defaults, and make
the item a plain frozen dataclass of the same fields makes."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from mechlab.render.geometry import Circle, Line, Polygon, Rect, Text

ITEMS = [Rect, Circle, Line, Polygon, Text]


def reference(kind: type) -> type:
    """The same fields as an ordinary frozen dataclass, with the generated `__init__`."""
    specs = [(f.name, f.type, dataclasses.field(default=f.default))
             for f in dataclasses.fields(kind)]
    return dataclasses.make_dataclass(kind.__name__, specs, frozen=True)


def sample(kind: type) -> dict[str, object]:
    """A distinct value for every field."""
    return {f.name: ((i + 0.5, i + 1.5),) if f.name == "points" else f"v{i}"
            for i, f in enumerate(dataclasses.fields(kind))}


@pytest.mark.parametrize("kind", ITEMS)
def test_an_items_init_takes_exactly_its_fields_with_their_defaults(kind):
    parameters = list(inspect.signature(kind).parameters.values())
    fields = dataclasses.fields(kind)
    assert [p.name for p in parameters] == [f.name for f in fields]
    assert [p.default for p in parameters] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        for f in fields]


@pytest.mark.parametrize("kind", ITEMS)
def test_an_item_is_what_a_plain_frozen_dataclass_makes(kind):
    values = sample(kind)
    required = {f.name: values[f.name] for f in dataclasses.fields(kind)
                if f.default is dataclasses.MISSING}
    for arguments in (values, required):
        item, plain = kind(**arguments), reference(kind)(**arguments)
        assert vars(item) == vars(plain)
        assert dataclasses.astuple(item) == dataclasses.astuple(plain)
    item = kind(**values)
    assert item == kind(*values.values()) and hash(item) == hash(kind(**values))
    assert dataclasses.replace(item) == item
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.stroke = "#ffffff"
