"""The Standard catalogue's index: its rows by id and every spelling of each, folded.

What a `StandardCatalog` (catalog.py) finds names by, built from the tables alone: the
one catalogue's rows (equipment.tsv, with the phrases of `table_formulas` written as
formulas), the construction rows and the spellings the rulesets' data give. The
catalogue is made once for the rulesets that read the same tables (`shared_catalog`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property
from typing import Any

from mechlab.core.equipment import Feed, _key
from mechlab.core.formula import is_formula
from mechlab.rulesets.catalogue import table_rows

_DECIMAL = re.compile(r"\d+(\.\d+)?")


def is_decimal(text: str) -> bool:
    return bool(_DECIMAL.fullmatch(text))


def _row_names(row: dict[str, str]) -> tuple[str, ...]:
    """A table row's name and its MegaMek spellings (what the catalogue indexes)."""
    return (row["name"], *(n for n in row["mtf_names"].split("|") if n))


def check_formulas(rows: Iterable[dict[str, str]]) -> None:
    # Cells that are phrases ("see notes") belong to items no 'Mech here sizes by them;
    # every other non-number must parse, or the table is broken (a packaging bug).
    for row in rows:
        for column in ("tons", "slots"):
            cell = row[column]
            if cell and not is_decimal(cell) and " " not in cell and not is_formula(cell):
                raise ValueError(f"equipment.tsv {row['id']}.{column}: bad formula {cell!r}")


class CatalogIndex:
    """equipment.tsv's rows (with `formulas`' cells) and the construction rows, by id; each
    row's tech base; every folded spelling → the ids it names (row names, MegaMek's
    spellings, aliases, the intro spellings and display names); the crit names of spread
    components (`components`) and the rows they are. Read only once built."""

    def __init__(self, construction: list[dict[str, Any]], intro_aliases: dict[str, str],
                 components: dict[str, str], display_names: dict[str, str],
                 formulas: dict[str, dict[str, str]]) -> None:
        # equipment.tsv cells stated as a phrase, written as the formula they say.
        # (A row is copied only where a phrase is replaced: the rows are read, never
        # changed, and copying all ~800 was a tenth of this catalogue's start-up.)
        rows = tuple({**row, **formulas[row["id"]]} if row["id"] in formulas else row
                     for row in table_rows())
        check_formulas(rows)
        self.rows = {row["id"]: row for row in rows}
        self.construction_rows = {row["id"]: row for row in construction}
        self.order = (*self.rows, *self.construction_rows)
        self.tech = {row["id"]: row["tech_base"] for row in (*rows, *construction)}
        self.spellings: dict[str, list[str]] = {}  # folded spelling → row ids
        names = {row["id"]: _row_names(row) for row in rows}
        names.update({row["id"]: (row["name"], *row.get("mtf_names", ())) for row in construction})
        # Crit names of spread components (structure, armor, myomer): what the design
        # file says instead (`structure: endo_steel`), for a clear error; their rows are
        # placed by the design's fields, never listed.
        self.components = {_key(k): v for k, v in components.items()}
        # Each spelling folded once (issue 31: start-up of a Standard design).
        keys = {item_id: [_key(n) for n in spelt] for item_id, spelt in names.items()}
        spread = {row["id"] for row in construction if row.get("spread")}
        spread |= {item_id for item_id, folded in keys.items()
                   if any(k in self.components for k in folded)}
        self.spread = frozenset(spread)
        for item_id in self.order:
            if item_id in spread:
                continue
            aliases = self.construction_rows.get(item_id, {}).get("aliases", ())
            for key in (_key(item_id), *keys[item_id], *(_key(a) for a in aliases)):
                self._index(key, item_id)
        for alias, name in intro_aliases.items():
            for item_id in self.spellings.get(_key(name), []):
                if self.tech[item_id] != "Clan":
                    self._index(_key(alias), item_id)
        for alias, name in display_names.items():
            for item_id in list(self.spellings.get(_key(name), [])):
                self._index(_key(alias), item_id)

    def _index(self, key: str, item_id: str) -> None:
        found = self.spellings.setdefault(key, [])
        if item_id not in found:
            found.append(item_id)

    @cached_property
    def fed_ids(self) -> frozenset[str]:
        """The ids of the weapons some ammunition row feeds (`ammo_for`), read from the
        rows (a construction row feeds none)."""
        return frozenset(w for row in self.rows.values() for w in row["ammo_for"].split("|")
                         if w)

    @cached_property
    def feeds(self) -> tuple[Feed, ...]:
        """Every row's `Feed`, the table's rows first and then the construction rows (the
        catalog's order); a construction row feeds none."""
        return (*(Feed(row["id"], row["name"],
                       tuple(n for n in row["ammo_for"].split("|") if n)
                       if row["category"] == "ammo" else ())
                  for row in self.rows.values()),
                *(Feed(row["id"], row["name"], ()) for row in self.construction_rows.values()))

    @cached_property
    def ammo_rows(self) -> tuple[dict[str, str], ...]:
        """The ammunition rows, shortest name first (then by id)."""
        return tuple(sorted((r for r in self.rows.values() if r["category"] == "ammo"),
                            key=lambda r: (len(r["name"]), r["id"])))
