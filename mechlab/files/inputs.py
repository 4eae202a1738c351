"""What the commands take: design files (.yaml, .mtf) or library unit names."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mechlab.core.design import Design
from mechlab.core.errors import DesignError
from mechlab.core.text import shown
from mechlab.files.load import Source, design_suffixes, read_source
from mechlab.validate.source import SourceFacts

if TYPE_CHECKING:
    from mechlab.assess import Assessment
    from mechlab.rulesets import Ruleset

DESIGN_SUFFIXES = design_suffixes()  # every registered reader's: .yaml, .yml, .mtf


@dataclass(frozen=True)
class Input:
    """A design as a command takes it, with where it came from."""

    design: Design
    path: Path | None  # None for a unit named on the command line (library or MegaMek's)
    label: str  # what the user typed, as a message may echo it (core/text.py `shown`)
    facts: SourceFacts | None = None  # what else its file stated (RULES.md §7)
    origin: Path | None = None  # the file read, a library unit's too: never written over
    arg: str = ""  # what the user typed, as typed (read again by a worker process)

    @property
    def stem(self) -> str:
        """Base name for output files: the input file's stem, or the unit's model."""
        if self.path is not None:
            return self.path.stem
        return self.design.name.replace(" ", "_").replace("/", "-")

    def assess(self, ruleset: Ruleset | None = None) -> Assessment:
        """Resolved (under its own ruleset, or the one given) and judged: once."""
        from mechlab.assess import assess_design

        return assess_design(self.design, ruleset, self.facts)


def read_input(arg: str) -> Input:
    """A design file if `arg` names one, else a library unit; `DesignError` otherwise."""
    if not arg.strip():
        raise DesignError(repr(arg), ["an empty argument; name a design file (.yaml, .mtf) "
                                      "or a library unit (see: mechlab list)"])
    path, label = Path(arg), shown(arg)  # what the user typed, as a message may echo it
    if path.exists() or path.suffix.lower() in DESIGN_SUFFIXES:
        return _input(read_source(path), path, label, arg=arg)
    # The library only for a name: a design file's verdict does without it (issue 31).
    from mechlab.files.library import find_unit, suggest_units

    unit = find_unit(arg)
    if unit is None:
        from mechlab.files import megamek_dir

        found = megamek_dir.find_megamek_unit(arg)
        if found is not None:  # a MegaMek data folder's unit (MECHLAB_MEGAMEK_DIR)
            # Named like a library unit, so written like one: into the current folder or
            # -o, never beside the catalogue's file (it stays an input, never written over).
            return _input(read_source(found.path), None, label, found.path, arg)
        close = _closest(arg, [*suggest_units(arg), *megamek_dir.suggest(arg)])
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        if megamek_dir.configured_dirs():
            raise DesignError(label, [f"no such file, library unit or unit of the MegaMek "
                                      f"folders{hint}; see: mechlab list, mechlab list "
                                      "--megamek"])
        raise DesignError(label, [f"no such file or library unit{hint}; see: mechlab list "
                                  "(units of MegaMek's folders: mechlab --megamek-dir DIR "
                                  "COMMAND …)"])
    # A library unit is read once: the index parsed it already (shipped YAML states
    # nothing twice, RULES.md §7 concerns .mtf files).
    source = Source(unit.design) if unit.design is not None else read_source(unit.path)
    return _input(source, None, label, unit.path, arg)


def _closest(name: str, names: list[str], limit: int = 3) -> list[str]:
    """The closest of the library's and the MegaMek folders' suggestions."""
    import difflib

    def key(text: str) -> str:
        return "".join(c for c in text.lower() if c.isalnum())

    return sorted(dict.fromkeys(names), key=lambda n: -difflib.SequenceMatcher(
        None, key(name), key(n)).ratio())[:limit]


def _input(source: Source, path: Path | None, label: str, origin: Path | None = None,
           arg: str = "") -> Input:
    return Input(source.design, path, label, source.facts, origin or path, arg or label)


def read_inputs(args: list[str]) -> list[Input]:
    """Every input, or one `DesignError` listing every problem of every input."""
    inputs, errors = read_each(args)
    if errors:
        raise DesignError.combine(errors)
    return inputs


def read_each(args: list[str]) -> tuple[list[Input], list[DesignError]]:
    """The inputs that can be read, and the problems of those that cannot."""
    inputs: list[Input] = []
    errors: list[DesignError] = []
    for arg in args:
        try:
            inputs.append(read_input(arg))
        except DesignError as exc:
            errors.append(exc)
    return inputs, errors


@dataclass(frozen=True)
class Located:
    """An argument found but not read yet: a long run reads each design file only when
    its turn comes, and drops it after (flat memory, issue 31)."""

    arg: str
    path: Path | None  # the design file, None for a library unit
    origin: Path | None  # the file it is read from: never written over
    stem: str  # base name for output files, as `Input.stem`


def locate(arg: str) -> Located:
    """A design file as named (read later, by `read_input`), or a library or MegaMek
    unit, which is found (and read) now; `DesignError` if neither."""
    path = Path(arg)
    if arg.strip() and (path.exists() or path.suffix.lower() in DESIGN_SUFFIXES):
        return Located(arg, path, path, path.stem)
    item = read_input(arg)
    return Located(arg, item.path, item.origin, item.stem)
