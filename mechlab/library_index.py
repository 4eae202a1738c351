"""The library index: what `mechlab list` shows of each bundled unit, computed ahead.

Listing the library means resolving every unit and computing its exact Battle Value
and cost (~2–3 ms a unit in `Fraction` arithmetic, plus importing pydantic and the
design models). Those values change only when a unit file or the data they are
computed from changes, so they are computed once, when the library is packaged, into
`library_index.json` beside this module (shipped in the wheel with the package):

    python -m mechlab.library_index            # regenerate after editing units/
    python -m mechlab.library_index --check    # exit 1 if the shipped index is stale

Each row carries the sha256 of its unit file's bytes; the index as a whole carries a
fingerprint of mechlab's version and of the data files the values are read from (the
ruleset tables: construction tables, the equipment catalogue, the BV and cost
tables). A row is used only when both still match; a unit that is new, edited or
not in the index is read and computed as if there were no index, so a listing is
never stale. The code that computes the values is not fingerprinted (any refactor
would invalidate the index); `tests/test_library_index.py` regenerates the rows and
fails while the shipped file differs.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mechlab import __version__
from mechlab.files.library import LibraryUnit, _order, _read_unit, _unit_files, units_dir

INDEX_PATH = Path(__file__).with_name("library_index.json")
REGENERATE = "python -m mechlab.library_index"
# Bumped when a row's fields or their meaning change: an older file is then not current.
FORMAT = 1
ROW_KEYS = frozenset({"path", "sha256", "chassis", "model", "tonnage", "group", "source",
                      "ruleset", "bv", "cost"})


@dataclass(frozen=True)
class ListedUnit:
    """A library unit with its Battle Value and cost (None where its ruleset has none)."""

    unit: LibraryUnit
    bv: int | None
    cost: int | None


def data_files() -> list[Path]:
    """The data files resolve, Battle Value and cost read: every ruleset table, in any
    folder of `rulesets/` (one catalogue: the Introductory rows, their levels and
    progressions are read from `rulesets/catalogue/`)."""
    rulesets = Path(__file__).parent / "rulesets"
    return sorted(p for p in rulesets.rglob("*") if p.suffix in (".yaml", ".tsv"))


def data_fingerprint() -> str:
    """sha256 of mechlab's version, the index format and every data file's name and bytes."""
    digest = hashlib.sha256(f"mechlab {__version__}\nindex format {FORMAT}\n".encode())
    for path in data_files():
        data = path.read_bytes()
        # Name and length first: no two different sets of files hash the same stream.
        digest.update(f"{path.name} {len(data)}\n".encode())
        digest.update(data)
    return digest.hexdigest()


def unit_values(unit: LibraryUnit) -> tuple[int | None, int | None]:
    """Battle Value and cost computed from the unit's design (the slow way)."""
    from mechlab.assess import values_of
    from mechlab.files.load import load_design
    from mechlab.model.resolve import resolve

    # The design as the library read it; only its values are listed (no verdict needed).
    values = values_of(resolve(unit.design or load_design(unit.path)))
    return (values.bv, values.cost.total) if values is not None else (None, None)


def computed(path: Path) -> ListedUnit:
    unit = _read_unit(path)
    return ListedUnit(unit, *unit_values(unit))


@cache
def listing() -> tuple[ListedUnit, ...]:
    """Every library unit with its values, in the library's order: from the index where
    its row is current, computed otherwise."""
    root, rows = units_dir(), current_rows()
    listed = [_listed(path, root, rows) for path in _unit_files()]
    return tuple(sorted(listed, key=lambda entry: _order(entry.unit)))


def _listed(path: Path, root: Path, rows: dict[str, dict[str, Any]]) -> ListedUnit:
    row = rows.get(_relative(path, root))
    if row is None or row.get("sha256") != _file_digest(path):
        return computed(path)  # new or edited since the index was made
    return _from_row(row, path)


def current_rows() -> dict[str, dict[str, Any]]:
    """The shipped rows by relative path, or none when the index is missing, unreadable or
    was made from other data (its rows would then describe other values)."""
    try:
        index = json.loads(INDEX_PATH.read_text(encoding="utf-8"))
        if index["fingerprint"] != data_fingerprint():
            return {}
        return {row["path"]: row for row in index["units"]
                if isinstance(row, dict) and row.keys() == ROW_KEYS}
    except (OSError, ValueError, KeyError, TypeError):
        return {}  # no usable index: every unit is computed, as before there was one


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _from_row(row: dict[str, Any], path: Path) -> ListedUnit:
    unit = LibraryUnit(path, row["chassis"], row["model"], row["tonnage"], row["group"],
                       row["source"], None, row["ruleset"])
    return ListedUnit(unit, row["bv"], row["cost"])


def _row(entry: ListedUnit, root: Path) -> dict[str, Any]:
    unit = entry.unit
    return {"path": _relative(unit.path, root), "sha256": _file_digest(unit.path),
            "chassis": unit.chassis, "model": unit.model, "tonnage": unit.tonnage,
            "group": unit.group, "source": unit.source, "ruleset": unit.ruleset,
            "bv": entry.bv, "cost": entry.cost}


def generate() -> str:
    """The index file's text, every unit computed afresh (never from an existing index).
    One row a line, in file order, keys sorted: the same library gives the same bytes,
    and a changed unit changes one line of the diff."""
    root = units_dir()
    rows = [_row(computed(path), root) for path in _unit_files()]
    about = f"Generated by `{REGENERATE}` from the unit files; do not edit by hand."
    lines = ",\n".join(json.dumps(row, sort_keys=True, ensure_ascii=False) for row in rows)
    return (f'{{\n"about": {json.dumps(about)},\n'
            f'"fingerprint": {json.dumps(data_fingerprint())},\n'
            f'"units": [\n{lines}\n]\n}}\n')


def main(argv: list[str]) -> int:
    """Write the index (or with --check, say whether the shipped one is current)."""
    if argv not in ([], ["--check"]):
        print(f"usage: {REGENERATE} [--check]", file=sys.stderr)
        return 2
    data = generate().encode("utf-8")
    current = INDEX_PATH.is_file() and INDEX_PATH.read_bytes() == data
    if argv:
        print(f"{INDEX_PATH}: " + ("current" if current else f"stale; run {REGENERATE}"))
        return 0 if current else 1
    if not current:
        staged = INDEX_PATH.with_name(INDEX_PATH.name + ".tmp")
        staged.write_bytes(data)
        staged.replace(INDEX_PATH)  # whole or not at all: a run cut short leaves the old one
    count = len(json.loads(data)["units"])
    print(f"{INDEX_PATH}: {count} units" + (", unchanged" if current else ", written"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
