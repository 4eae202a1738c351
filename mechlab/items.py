"""What can be mounted (`mechlab items`): a ruleset's catalog as rows a designer reads,
filtered by name, tech base, kind, weight and slots.

A designer's first question is "what is this called here?": a query matches the
item's name and every spelling the catalog accepts (MegaMek's crit names, intro's
aliases), and a query that matches nothing gets the closest names.
"""

from __future__ import annotations

import difflib
import re
import textwrap
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mechlab.core.equipment import Item, ItemKind, _key
from mechlab.core.tons import format_tons, json_tons
from mechlab.export.engine_gear import mm_internal_name
from mechlab.rulesets import Ruleset

# `--type` words → the item kinds they select.
TYPES: dict[str, tuple[ItemKind, ...]] = {
    "weapons": (ItemKind.WEAPON, ItemKind.HATCHET, ItemKind.PHYSICAL),
    "ammo": (ItemKind.AMMO,),
    "equipment": (ItemKind.EQUIPMENT,),
    "physical": (ItemKind.HATCHET, ItemKind.PHYSICAL),
    "heat-sinks": (ItemKind.HEAT_SINK,),
    "jump-jets": (ItemKind.JUMP_JET,),
}
TECHS = {"is": ("IS", "All"), "clan": ("Clan", "All"), "all": ("IS", "Clan", "All")}
TECH_NAMES = {"IS": "IS", "Clan": "Clan", "All": "both"}


@dataclass(frozen=True)
class ItemRow:
    """One line of `mechlab items`: the item as the catalog states it."""

    name: str
    id: str
    tech: str
    kind: str
    category: str
    tons: str
    slots: str
    heat: int | None
    damage: str
    ranges: str
    level: str
    spellings: tuple[str, ...]
    item: Item

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "id": self.id or None, "tech_base": self.tech, "kind": self.kind,
            "category": self.category or None, "tons": _number(self.tons),
            "slots": _number(self.slots),
            "heat": self.heat, "damage": self.damage or None,
            "ranges": self.ranges or None, "rules_level": self.level,
            "spellings": list(self.spellings),
            # The name the engine JSON's weapons, lots and equipment carry: what an engine
            # joins them to this catalogue by (not always a spelling a design may use).
            "mm_internal_name": mm_internal_name(self.item),
        }


def _number(text: str) -> int | float | str:
    """A cell as JSON: a number where it is one, else the formula's text."""
    if re.fullmatch(r"\d+", text):
        return int(text)
    if re.fullmatch(r"\d+\.\d+", text):
        return json_tons(Fraction(text))
    return text


def rows(ruleset: Ruleset) -> list[ItemRow]:
    """Every item a design of this ruleset may list, in catalog order."""
    return [_row(ruleset, item) for item in ruleset.catalog.mountable()
            if ruleset.admits_item_level(item.weapon.rules_level)]


def _row(ruleset: Ruleset, item: Item) -> ItemRow:
    weapon = item.weapon
    weapon_like = item.kind in (ItemKind.WEAPON, ItemKind.HATCHET, ItemKind.PHYSICAL)
    ranges = ""
    if weapon.ranges and weapon_like:
        ranges = "/".join(str(r) for r in weapon.ranges)
        if weapon.minimum:
            ranges = f"min {weapon.minimum}, {ranges}"
    # None where the weapon's table gives no number (a Narc's beacon, TAG: the sheet's
    # "—"), as for equipment; it listed MegaMek's "2/missile ×1" for a Narc.
    numbered = weapon_like and ruleset.printed_damage(weapon) is None
    damage = (weapon.damage_text or str(weapon.damage)) if numbered else ""
    if weapon.missiles and damage and "|" not in damage:
        damage = f"{damage}/missile ×{weapon.missiles}"
    if item.kind is ItemKind.AMMO and item.shots:
        damage = f"{item.shots} shots"
    tons = weapon.tons_formula or _fixed_tons(item)
    slots = weapon.slots_formula or ("" if item.kind is ItemKind.HATCHET else
                                     str(item.slots(0)))
    if item.kind is ItemKind.HATCHET and not weapon.tons_formula:
        tons = slots = f"ceil(tonnage/{ruleset.hatchet_tons_divisor})"
    if item.kind is ItemKind.JUMP_JET:
        tons = "by tonnage"
    spellings = ruleset.catalog.spellings(item)
    return ItemRow(
        name=item.name, id=weapon.id, tech=TECH_NAMES.get(weapon.tech_base, weapon.tech_base),
        kind=item.kind.value, category=weapon.category, tons=tons, slots=slots,
        heat=weapon.heat if weapon_like else None, damage=damage, ranges=ranges,
        level=weapon.rules_level, spellings=spellings, item=item)


def _fixed_tons(item: Item) -> str:
    return format_tons(item.tons(0))  # no formula: the same at every tonnage


def select(all_rows: list[ItemRow], query: str = "", tech: str = "all",
           kinds: tuple[ItemKind, ...] = (), max_tons: float | None = None,
           max_slots: int | None = None) -> list[ItemRow]:
    """The rows matching every filter; `query`'s words each match a name or spelling."""
    words = [_key(w) for w in re.split(r"\s+", query.strip()) if _key(w)]
    techs = TECHS[tech]
    out = []
    for row in all_rows:
        if row.item.weapon.tech_base not in techs:
            continue
        if kinds and row.item.kind not in kinds:
            continue
        keys = [_key(s) for s in (row.name, *row.spellings)]
        if words and not all(any(w in k for k in keys) for w in words):
            continue
        if max_tons is not None and (row.item.weapon.tons_formula
                                     or float(row.item.tons(0)) > max_tons):
            continue
        if max_slots is not None and (row.item.weapon.slots_formula
                                      or row.item.slots(0) > max_slots):
            continue
        out.append(row)
    return out


def closest(all_rows: list[ItemRow], query: str, n: int = 5) -> list[str]:
    """The item names nearest a query that matched nothing."""
    names = {_key(s): row.name for row in all_rows for s in (row.name, *row.spellings)}
    found = difflib.get_close_matches(_key(query), list(names), n=n * 3, cutoff=0.5)
    return list(dict.fromkeys(names[k] for k in found))[:n]


# A longer value than this (a size formula: "by weight class: light 0.05, medium 0.1, …")
# continues on the row's next lines, within its column; a name is never cut or wrapped.
CELL_WIDTH = 34


def table(found: list[ItemRow]) -> str:
    """The rows as an aligned text table, every name and value whole: a name is what the
    user copies into a design file."""
    header = ("Name", "Tech", "Kind", "Tons", "Slots", "Heat", "Damage", "Range", "Level")
    rows = [header] + [
        (r.name, r.tech, r.kind, r.tons, r.slots, "" if r.heat is None else str(r.heat),
         r.damage, r.ranges, r.level) for r in found]
    cells = [[[row[0]], *(textwrap.wrap(c, CELL_WIDTH) or [""] for c in row[1:])]
             for row in rows]
    widths = [max(len(part) for row in cells for part in row[i]) for i in range(len(header))]
    lines = []
    for row in cells:
        for n in range(max(map(len, row))):
            parts = [column[n] if n < len(column) else "" for column in row]
            lines.append("  ".join(p.ljust(w) for p, w in zip(parts, widths, strict=True))
                         .rstrip())
    return "\n".join(lines)
