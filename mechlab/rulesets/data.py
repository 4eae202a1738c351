"""Ruleset data files: every table typed once; a variant's file builds on its parent's.

A data file may start with `extends: parent.yaml` and then list only what its book
changes (RULES.md §2 "same as intro except ..."):

- a mapping (the structure table, the heat scale, ...) is merged key by key, the child's
  rows replacing the parent's rows of the same key;
- a key set to `null` removes it (a table the variant's book does not have: Battle Value);
- `equipment` is the parent's weapons table patched by name: `{LRM 5: {heat: 1}}` changes
  one column of one row, `{AC/20: null}` removes the row;
- `engine_makers` / `engine_tons` patch one column of the Fusion Engine Table;
- `also: [other.yaml, …]` merges those files' tables over this file's, the same way (one
  concern's rows kept in a file of their own: the configurations of issue 28).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from mechlab.core.shipped_yaml import load_shipped, shipped_data, shipped_file, shipped_path
from mechlab.rulesets.catalogue import RulesetDataError, book_rows

__all__ = ["RulesetDataError", "load_table", "merged", "typed_once"]

T = TypeVar("T")
R = TypeVar("R")


@cache
def load_table(file_name: str) -> dict[str, Any]:
    """The data file's tables with everything inherited from the file it extends."""
    # A copy: the file's parsed data are shared (`shipped_file`), the keys below popped.
    data: dict[str, Any] = dict(shipped_file(__package__, file_name))
    if "items" in data:  # a book's table as a restriction of the catalogue
        data["equipment"] = book_rows(data.pop("items"), data.get("spellings", {}))
    for also in data.pop("also", ()):
        data = merged(data, shipped_data(shipped_path(__package__, also), load_shipped))
    parent = data.pop("extends", None)
    if parent is None:
        return data
    return merged(load_table(parent), data)


# Every table typed by `typed_once`: (what, the table's address) → (the table, its type).
# Each table is kept with its type, so no other object takes its address meanwhile.
_TYPED: dict[tuple[str, int], tuple[object, Any]] = {}


def typed_once(what: str, table: T, make: Callable[[T], R]) -> R:
    """`make(table)`, made once for the process for this very table. A data file that
    extends another has the tables it does not change as its parent's own objects
    (`merged` copies only what the child changes), so the rulesets that share a table
    share its typed form instead of each typing it again (issue 31: `check` typed the same
    tables for four rulesets at every start). The typed form is shared: read, never
    changed."""
    seen = _TYPED.get((what, id(table)))
    if seen is not None:
        return seen[1]  # type: ignore[no-any-return]
    made = make(table)
    _TYPED[what, id(table)] = (table, made)
    return made


def merged(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """The parent's tables with the child's changes applied (see the module docstring)."""
    out = dict(parent)
    for key, value in child.items():
        if value is None:
            out.pop(key, None)
        elif key == "equipment":
            out[key] = _patched_rows(parent.get(key, []), value)
        elif key in ("engine_makers", "engine_tons"):
            out["engines"] = _patched_engines(out["engines"], value, 0 if key == "engine_makers"
                                              else 1)
        elif isinstance(value, dict) and isinstance(parent.get(key), dict):
            out[key] = {k: v for k, v in {**parent[key], **value}.items() if v is not None}
        else:
            out[key] = value
    return out


def _patched_rows(rows: list[dict[str, Any]], patch: dict[str, Any]) -> list[dict[str, Any]]:
    unknown = set(patch) - {row["name"] for row in rows}
    if unknown:
        raise RulesetDataError(f"equipment patch names unknown rows: {sorted(unknown)}")
    out = []
    for row in rows:
        change = patch.get(row["name"], {})
        if change is None:
            continue
        out.append({k: v for k, v in {**row, **change}.items() if v is not None})
    return out


def _patched_engines(engines: dict[int, list[Any]], patch: dict[int, Any],
                     column: int) -> dict[int, list[Any]]:
    out = {rating: list(row) for rating, row in engines.items()}
    for rating, value in patch.items():
        if rating not in out:
            raise RulesetDataError(f"engine patch names rating {rating}, not on the table")
        out[rating][column] = value
    return out
