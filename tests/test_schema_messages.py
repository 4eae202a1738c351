"""Issue 31: every bound of the design file's schema, broken by any amount, gives one line
naming the field and the bound in plain words: never pydantic's internals
(`function-after[functools.partial(<function less_than_or_equal_validator …`).

The bounds are read from the schema itself (`json_schema(Design)`, core/design_schema.py),
so a field added later is held to the same standard without a new test."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from tests_support import EXAMPLES

from mechlab.core.design import Design
from mechlab.core.design_schema import json_schema
from mechlab.core.errors import DesignError
from mechlab.files.design_data import design_from_dict

BASE = yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())
SCHEMA = json_schema(Design)
# What a bound is called in the schema → the words a message must use for it.
WORDS = {"le": "at most", "maximum": "at most", "ge": "at least", "minimum": "at least",
         "gt": "more than", "exclusiveMinimum": "more than", "lt": "less than",
         "exclusiveMaximum": "less than", "maxLength": "at most", "minLength": "at least",
         "maxItems": "at most", "minItems": "at least"}
INTERNALS = ("function", "functools", "partial", "validator", "<", "pydantic", "Input should")


def _bounds(node: dict[str, Any], path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...],
                                                                          str, Any, Any]]:
    """(path, bound, limit, the node it is on) for every bound under `node`."""
    if "$ref" in node:
        node = {**SCHEMA["$defs"][node["$ref"].rsplit("/", 1)[1]], **{
            k: v for k, v in node.items() if k != "$ref"}}
    for branch in node.get("anyOf", ()):
        yield from _bounds(branch, path)
    for bound in WORDS:
        if bound in node:
            yield path, bound, node[bound], node
    for name, sub in node.get("properties", {}).items():
        yield from _bounds(sub, (*path, name))
    if isinstance(node.get("additionalProperties"), dict):  # a mapping keyed by location
        yield from _bounds(node["additionalProperties"], (*path, "left_torso"))
    if isinstance(node.get("items"), dict):
        yield from _bounds(node["items"], (*path, 0))


BOUNDS = sorted({(p, b, lim): n for p, b, lim, n in _bounds(SCHEMA, ())}.items(),
                key=lambda item: str(item[0]))


def _path(path: tuple[Any, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _entry(path: tuple[Any, ...]) -> Any:
    """A valid entry for the list at `path` (its copies break a bound on its length)."""
    if path[-1] == "equipment":
        return BASE["equipment"][0]
    if path[-1] == "known_violations":
        return {"code": "E-TONNAGE-OVER", "why": "as printed"}
    if path[-1] == "quirks":
        return "accurate"
    if path[-1] == "weapon_quirks":
        return {"quirk": "accurate", "location": "left_arm", "slot": 1, "weapon": "LRM 15"}
    assert any("slots" in str(part) for part in path), f"a new list {path}: give a valid entry"
    return 1  # a slot number


def _broken(bound: str, limit: Any, by: int, path: tuple[Any, ...]) -> Any:
    """A value breaking `bound` by `by` (≥ 1)."""
    if bound in ("le", "maximum"):
        return limit + by
    if bound in ("ge", "minimum"):
        return limit - by
    if bound in ("gt", "exclusiveMinimum"):
        return limit - by + 1
    if bound in ("lt", "exclusiveMaximum"):
        return limit + by - 1
    if bound == "maxLength":
        return "x" * (limit + by)
    if bound == "minLength":
        return ""
    return [_entry(path)] * (limit + by if bound == "maxItems" else 0)


def _with(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    here: Any = data
    for part, after in itertools.pairwise(path):
        if isinstance(part, int):
            while len(here) <= part:
                here.append({})
            here = here[part]
        else:
            if not isinstance(here.get(part), dict | list):
                here[part] = [] if isinstance(after, int) else {}
            here = here[part]
    if isinstance(path[-1], int):
        here[:] = [value]
    else:
        here[path[-1]] = value
    return data


@pytest.mark.parametrize(("where", "node"), BOUNDS, ids=[f"{_path(p)}:{b}" for (p, b, _), _
                                                          in BOUNDS])
@settings(max_examples=15, deadline=None)
@given(by=st.integers(min_value=1, max_value=10**6))
def test_a_broken_bound_names_the_field_and_the_bound_in_plain_words(where, node, by):
    path, bound, limit = where
    if bound in ("maxLength", "maxItems"):
        by = min(by, 300)  # a long value is refused the same way; keep the example small
    with pytest.raises(DesignError) as raised:
        design_from_dict(_with(path, _broken(bound, limit, by, path)), "f.yaml")
    lines = raised.value.lines
    for line in lines:
        assert not any(word in line for word in INTERNALS), line
    named = [line for line in lines if line.startswith(f"f.yaml: {_path(path)}: ")]
    assert len(named) == 1, lines
    words = WORDS[bound]
    assert f"{words} {limit}" in named[0] or f"the {limit} allowed" in named[0], named[0]


def test_every_kind_of_bound_the_schema_has_is_tested():
    """The walk finds the bounds this test is about: slot numbers, counts, tons, lists."""
    found = {(_path(p), b) for (p, b, _), _ in BOUNDS}
    assert {("structure.slots.left_torso[0]", "le"), ("structure.slots.left_torso", "le"),
            ("structure.slots.left_torso", "maxItems"), ("equipment[0].split.slots", "ge"),
            ("armor.tons", "gt"), ("tonnage", "le"), ("equipment", "maxItems")} <= found
