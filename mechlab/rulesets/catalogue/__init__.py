"""The one catalogue: every item typed once, and a book's table as a restriction of it.

The catalogue is this package's data: `equipment.tsv` (every weapon, ammunition and
equipment row once, whatever its rules level: its facts per tech base, its MegaMek
spellings and its tech progression, TechManual p. 33 ff.) and `components.tsv` (the tech
progression of the components: engines, structures, armor, cockpits, chassis types), with
the construction items of `standard/standard.yaml` (`construction`: heat sinks, jump jets,
the slots of spread components). A ruleset restricts it by rules level and year
(`Ruleset.admission_problems`, levels.py, progression.py); a book whose table is smaller
names the catalogue rows it has, by id, and patches only what its book states differently
(`items:` in its data file, e.g. intro.yaml: BV_COST.md §2's ammunition BV of the LRM
racks). `book_rows` turns that restriction into the rows of the book's table, in the shape
`Weapon.from_row` reads: the same table the book prints, typed once.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mechlab.core.shipped_yaml import shipped_data, shipped_file, shipped_path

# The catalogue's files, in this package (columns: tech/EQUIPMENT.md, tech/PROGRESSION.md).
EQUIPMENT = "equipment.tsv"
COMPONENTS = "components.tsv"


class RulesetDataError(ValueError):
    """A ruleset data file that does not fit the format (a packaging bug, not user input)."""


def catalogue_tsv(file_name: str) -> list[dict[str, str]]:
    """One of the catalogue's tables, its `#` lines skipped (cached parsed as Python caches
    bytecode: `shipped_data`; a fresh list each call)."""
    rows: list[dict[str, str]] = shipped_data(shipped_path(__package__, file_name), tsv_rows)
    return rows


def tsv_rows(text: str) -> list[dict[str, str]]:
    """The rows of a tab-separated table, its `#` source lines skipped."""
    import csv  # only to parse a table anew: the parsed rows are cached (`catalogue_tsv`)

    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    # Each distinct cell once: the equipment table repeats ~5,000 values ~40,000 times,
    # and marshal (`shipped_data`) writes a value met again as a reference to the first:
    # a smaller cache, read back faster at every start (issue 31).
    seen: dict[str, str] = {}
    return [{key: seen.setdefault(value, value) for key, value in row.items()}
            for row in csv.DictReader(lines, delimiter="\t")]


@cache
def table_rows() -> tuple[dict[str, str], ...]:
    """The catalogue's item rows (equipment.tsv), in its order, each lot also feeding the
    prototypes of its launchers. Read here, without the `standard` package, so that an
    Introductory design does not load the Standard ruleset to build its book's table
    (issue 31: start-up)."""
    # A prototype weapon fires its production version's ammunition (standard.yaml
    # `prototype_ammo`: MegaMek's AmmoType, same ammunition type and rack size).
    shared = _standard_yaml().get("prototype_ammo", {})
    rows = []
    for row in _spelt_rows():
        fed = row.get("ammo_for", "").split("|")
        also = [proto for proto, weapon in shared.items() if weapon in fed]
        if row["category"] == "ammo" and also:
            row = {**row, "ammo_for": "|".join([*fed, *also])}
        rows.append(row)
    return tuple(rows)


@cache
def _spelt_rows() -> tuple[dict[str, str], ...]:
    """The item rows as the file states them, every MegaMek spelling in `mtf_names`: all a
    book's table reads (no book names a prototype), so an Introductory design does not
    parse standard.yaml for `prototype_ammo` (issue 31: start-up)."""
    return tuple(catalogue_tsv(EQUIPMENT))


def _standard_yaml() -> dict[str, Any]:
    # Read without its parent: the construction list is the catalogue's own rows. The
    # parsed file is the Standard ruleset's too (`shipped_file`: parsed once).
    data: dict[str, Any] = shipped_file("mechlab.rulesets", "standard/standard.yaml")
    return data


@cache
def _tsv_rows() -> dict[str, dict[str, str]]:
    return {row["id"]: row for row in _spelt_rows()}


@cache
def _construction_rows() -> dict[str, dict[str, Any]]:
    return {row["id"]: row for row in _standard_yaml()["construction"]}


def item_names() -> dict[str, str]:
    """Every catalogue item's name by id: its rows, then its construction items."""
    names = {row["id"]: row["name"] for row in table_rows()}
    names.update({item_id: str(row["name"]) for item_id, row in _construction_rows().items()})
    return names


def _int(cell: str) -> int | None:
    return int(cell) if cell.lstrip("-").isdigit() else None


def _number(cell: str) -> int | float:
    """A decimal cell as YAML would give it; a formula (the hatchet's ⌈tonnage ÷ 15⌉) is
    0 here: the book sizes such an item by its rule (RULES.md 1.7, `CatalogRules`)."""
    try:
        value = float(cell)
    except ValueError:
        return 0
    return int(value) if value.is_integer() else value


@cache
def _ammo_by_launcher() -> dict[str, list[dict[str, str]]]:
    """The ammunition rows feeding each launcher id, shortest name first (then by id)."""
    feeds: dict[str, list[dict[str, str]]] = {}
    ammo = sorted((r for r in _tsv_rows().values() if r["category"] == "ammo"),
                  key=lambda r: (len(r["name"]), r["id"]))
    for row in ammo:
        for launcher in row["ammo_for"].split("|"):
            feeds.setdefault(launcher, []).append(row)
    return feeds


@cache
def _one_shot_rows() -> dict[str, dict[str, str]]:
    """The first Inner Sphere (or both bases') row of each name, by name: `LRM 5 (OS)`."""
    found: dict[str, dict[str, str]] = {}
    for row in _tsv_rows().values():
        if row["tech_base"] in ("All", "IS"):
            found.setdefault(row["name"], row)
    return found


def _lots(item_id: str) -> tuple[dict[str, str] | None, bool, dict[str, str] | None]:
    """The launcher's plain full-ton lot, whether a half-ton lot exists, its one-shot row.
    (Indexed once: a book's table names ~30 launchers of ~750 rows; issue 31: start-up.)"""
    lots = _ammo_by_launcher().get(item_id, [])
    full = next((r for r in lots if r["lot_tons"] != "0.5"), None)
    half = any(r["lot_tons"] == "0.5" for r in lots)
    name = _tsv_rows()[item_id]["name"]
    one_shot = _one_shot_rows().get(f"{name} (OS)")
    return full, half, one_shot


def _weapon_row(item_id: str) -> dict[str, Any]:
    r = _tsv_rows()[item_id]
    row: dict[str, Any] = {
        "name": r["name"], "type": r["category"], "heat": _int(r["heat"]) or 0,
        "damage": _int(r["damage"]) or 0, "tons": _number(r["tons"]),
        "slots": _int(r["slots"]) or 0, "bv": _int(r["battle_value"]) or 0,
        "cost": _int(r["cost"]) or 0}
    if _int(r["cluster"]) is not None:
        row["missiles"] = _int(r["cluster"])
    if _int(r["min_range"]) is not None:
        row["minimum"] = _int(r["min_range"])
    ranges = [_int(r[k]) for k in ("short_range", "medium_range", "long_range")]
    if None not in ranges:
        row["ranges"] = ranges
    full, half, one_shot = _lots(item_id)
    if full is not None:
        row["ammo"] = {"shots": int(full["shots_per_lot"]), "bv": _int(full["battle_value"]),
                       "cost": _int(full["cost"])}
        if half:
            row["ammo"]["half_ton"] = True
    if one_shot is not None:
        row["one_shot"] = {"bv": _int(one_shot["battle_value"]), "cost": _int(one_shot["cost"])}
    if r["spreadable"] == "split":
        row["splittable"] = True
    return row


def _construction_row(item_id: str) -> dict[str, Any]:
    c = _construction_rows()[item_id]
    row = {"name": c["name"], "type": c["kind"], "heat": 0, "damage": 0, "tons": c["tons"],
           "slots": c["slots"], "bv": 0, "cost": c.get("cost", 0)}
    if c.get("aliases"):
        row["aliases"] = list(c["aliases"])
    return row


def book_rows(items: dict[str, dict[str, Any] | None],
              spellings: dict[str, list[str]]) -> list[dict[str, Any]]:
    """A book's table: the catalogue row of each id `items` names, with the book's patch
    applied (a key set to null drops it; `ammo:` and `one_shot:` patch key by key), and
    the book's spellings (`spellings`: item name → its spellings) as its aliases."""
    rows = []
    for item_id, patch in items.items():
        if item_id in _tsv_rows():
            row = _weapon_row(item_id)
        elif item_id in _construction_rows():
            row = _construction_row(item_id)
        else:
            raise RulesetDataError(f"items names {item_id!r}, which is not in the catalogue")
        for key, value in (patch or {}).items():
            if isinstance(value, dict) and isinstance(row.get(key), dict):
                row[key] = {**row[key], **value}
            elif value is None:
                row.pop(key, None)
            else:
                row[key] = value
        aliases = spellings.get(row["name"], [])
        if aliases:
            row["aliases"] = [*row.get("aliases", []), *aliases]
        rows.append(row)
    return rows
