"""The bundled unit library (`units/`) and finding a unit by name.

In a source checkout the library is the repository's `units/` folder; an
installed wheel carries the same files as package data (`mechlab/_data/units`).
Designs of another ruleset than intro live in a folder named after it
(`units/battledroids/`). The same model may exist in several rulesets: a name may
carry the ruleset, `battledroids/CRD-3R` (or an alias: `1984/CRD-3R`); a bare name
means the intro design first, then the other rulesets in their order.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from mechlab.rulesets import DEFAULT as DEFAULT_RULESET
from mechlab.rulesets import UnknownRulesetError, get_ruleset, ruleset_names

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
    ruleset: str = "intro"

    @property
    def name(self) -> str:
        return f"{self.chassis} {self.model}".strip()

    @property
    def label(self) -> str:
        """The name to type: the model (or name), prefixed with a non-default ruleset."""
        short = self.model or self.name
        return short if self.ruleset == DEFAULT_RULESET else f"{self.ruleset}/{short}"


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
                                 design.source or "", get_ruleset(design.ruleset).name))
    return tuple(sorted(units, key=lambda u: (u.tonnage, u.name, _ruleset_rank(u.ruleset))))


def _ruleset_rank(name: str) -> int:
    return ruleset_names().index(name)


def find_unit(name: str) -> LibraryUnit | None:
    """A library unit by model ("CPLT-C1"), full name ("Catapult CPLT-C1") or file stem,
    optionally prefixed with its ruleset ("battledroids/CRD-3R"); a bare name prefers
    intro, then the other rulesets in their order."""
    ruleset, _, bare = name.rpartition("/")
    if ruleset:
        try:
            wanted_ruleset: str | None = get_ruleset(ruleset).name
        except UnknownRulesetError:
            return None
    else:
        wanted_ruleset = None
    wanted = _key(bare)
    if not wanted:
        return None
    matches = [
        unit for unit in library()
        if wanted in (_key(unit.model), _key(unit.name), _key(unit.path.stem))
        and wanted_ruleset in (None, unit.ruleset)
    ]
    return min(matches, key=lambda u: _ruleset_rank(u.ruleset), default=None)


def suggest_units(name: str) -> list[str]:
    names = {_key(u.label): u.label for u in library()}
    names.update({_key(u.name): u.name for u in library() if u.ruleset == DEFAULT_RULESET})
    return [names[k] for k in difflib.get_close_matches(_key(name), list(names), n=3, cutoff=0.6)]
