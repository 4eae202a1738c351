"""The bundled unit library (`units/`) and finding a unit by name.

In a source checkout the library is the repository's `units/` folder; an
installed wheel carries the same files as package data (`mechlab/_data/units`).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """`units` or `templates`: the installed copy, else the checkout's folder."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def units_dir() -> Path:
    return data_dir("units")


@dataclass(frozen=True)
class LibraryUnit:
    path: Path
    chassis: str
    model: str
    tonnage: int
    group: str  # the weight class the file is filed under
    source: str = ""

    @property
    def name(self) -> str:
        return f"{self.chassis} {self.model}".strip()


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


@cache
def library() -> tuple[LibraryUnit, ...]:
    """Every unit in the library, read lazily and cached, sorted by tonnage and name."""
    from mechlab.load import load_design

    units = []
    root = units_dir()
    for path in sorted(root.rglob("*.yaml")):
        design = load_design(path)
        group = path.stem.split("-", 1)[0]
        units.append(LibraryUnit(path, design.chassis, design.model, design.tonnage, group,
                                 design.source or ""))
    return tuple(sorted(units, key=lambda u: (u.tonnage, u.name)))


def find_unit(name: str) -> LibraryUnit | None:
    """A library unit by model ("CPLT-C1"), full name ("Catapult CPLT-C1") or file stem."""
    wanted = _key(name)
    for unit in library():
        if wanted in (_key(unit.model), _key(unit.name), _key(unit.path.stem)):
            return unit
    return None


def suggest_units(name: str) -> list[str]:
    names = {_key(u.model): u.model for u in library()}
    names.update({_key(u.name): u.name for u in library()})
    return [names[k] for k in difflib.get_close_matches(_key(name), list(names), n=3, cutoff=0.6)]
