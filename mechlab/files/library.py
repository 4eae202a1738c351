"""The bundled unit library (`units/`) and finding a unit by name.

In a source checkout the library is the repository's `units/` folder; an
installed wheel carries the same files as package data (`mechlab/_data/units`).
Designs of another ruleset than intro live in a folder named after it
(`units/battledroids/`). The same model may exist in several rulesets: a name may
carry the ruleset, `battledroids/CRD-3R` (or an alias: `1984/CRD-3R`); a bare name
means the intro design first, then the other rulesets in their order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from mechlab.core.shipped_yaml import load_shipped
from mechlab.files.unit_names import key, unit_keys
from mechlab.rulesets import DEFAULT as DEFAULT_RULESET
from mechlab.rulesets import UnknownRulesetError, get_ruleset, ruleset_names

if TYPE_CHECKING:
    from mechlab.core.design import Design

# The mechlab package folder (this module lives in mechlab/files/).
_PACKAGE = Path(__file__).resolve().parent.parent


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
    design: Design | None = field(default=None, compare=False, repr=False)  # as read
    ruleset: str = DEFAULT_RULESET

    @property
    def name(self) -> str:
        return f"{self.chassis} {self.model}".strip()

    @property
    def label(self) -> str:
        """The name to type: the model (or name), prefixed with a non-default ruleset."""
        short = self.model or self.name
        return short if self.ruleset == DEFAULT_RULESET else f"{self.ruleset}/{short}"


def _order(unit: LibraryUnit) -> tuple[int, str, int]:
    return unit.tonnage, unit.name, _ruleset_rank(unit.ruleset)


def _ruleset_rank(name: str) -> int:
    return ruleset_names().index(name)


def _unit_files() -> list[Path]:
    return sorted(units_dir().rglob("*.yaml"))


def _read_unit(path: Path) -> LibraryUnit:
    """One library file, parsed once (the C YAML parser: these files are ours)."""
    from mechlab.files.design_data import design_from_dict

    design = design_from_dict(load_shipped(path.read_text(encoding="utf-8")), str(path))
    group = path.stem.split("-", 1)[0]
    return LibraryUnit(path, design.chassis, design.model, design.tonnage, group,
                       design.source or "", design, get_ruleset(design.ruleset).name)


@cache
def library() -> tuple[LibraryUnit, ...]:
    """Every unit in the library, read lazily and cached, sorted by tonnage and name."""
    return tuple(sorted(map(_read_unit, _unit_files()), key=_order))


def find_unit(name: str) -> LibraryUnit | None:
    """A library unit by model ("CPLT-C1"), full name ("Catapult CPLT-C1") or file stem,
    optionally prefixed with its ruleset ("battledroids/CRD-3R"); a bare name prefers
    intro, then the other rulesets in their order.

    Files are named `<class>-<chassis>-<model>.yaml`, so only files whose names end in
    what was asked can hold it: those are read, not the whole library (which is the
    fallback when none of them does)."""
    prefix, _, bare = name.rpartition("/")
    try:
        ruleset = get_ruleset(prefix).name if prefix else None
    except UnknownRulesetError:
        return None
    wanted = key(bare)
    if not wanted:
        return None
    candidates = [_read_unit(p) for p in _unit_files() if key(p.stem).endswith(wanted)]
    matches = [u for u in candidates if _matches(u, wanted, ruleset)]
    if not matches:
        matches = [u for u in library() if _matches(u, wanted, ruleset)]
    return min(matches, key=lambda u: (_ruleset_rank(u.ruleset), _order(u)), default=None)


def _matches(unit: LibraryUnit, wanted: str, ruleset: str | None = None) -> bool:
    return (wanted in unit_keys(unit.chassis, unit.model, unit.path.stem)
            and ruleset in (None, unit.ruleset))


def suggest_units(name: str) -> list[str]:
    import difflib  # only when a name is missed (start-up: issue 31)

    names = {key(u.label): u.label for u in library()}
    names.update({key(u.name): u.name for u in library() if u.ruleset == DEFAULT_RULESET})
    return [names[k] for k in difflib.get_close_matches(key(name), list(names), n=3, cutoff=0.6)]
