"""The Standard rules' value tables (BV_STANDARD.md; standard/values.yaml) and the item
facts they are keyed by, shared by Battle Value, cost and the Alpha Strike conversion."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from mechlab.core.equipment import Item, Weapon
from mechlab.rulesets.data import load_table
from mechlab.rulesets.standard.catalog import WEAPON_CATEGORIES

__all__ = ["WEAPON_CATEGORIES", "exact", "family", "one_shot", "row", "values"]

VALUES = "standard/values.yaml"


@cache
def exact(value: object) -> Fraction:
    """A table number read exactly ("3/4", 0.5, 16), each once."""
    return Fraction(str(value))


@cache
def values() -> dict[str, Any]:
    return load_table(VALUES)


def row(table: str, key: str) -> dict[str, Any]:
    found: dict[str, Any] = values()[table].get(key, {})
    return found


def family(weapon: Weapon) -> str:
    """The weapon family without its one-shot suffix: `srm_os` → `srm`."""
    sub = weapon.subcategory
    for suffix in ("_ios", "_os"):
        if sub.endswith(suffix) and sub != "rocket_launcher_os":
            return sub[: -len(suffix)]
    return sub


def one_shot(item: Item) -> bool:
    return item.weapon.subcategory.endswith(("_os", "_ios")) or item.one_shot
