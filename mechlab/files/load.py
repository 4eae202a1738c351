"""Design files in: YAML (or MegaMek .mtf) → `Design`, or one clear `DesignError`.

Readers are a registry by suffix (`register_reader`): a new format is one module and
one registration.

Design files are data: YAML is read with `safe_load`, never evaluated. Every error
a user can cause becomes a `DesignError` naming the file, the field and the fix.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mechlab.core.design import Design
from mechlab.core.errors import DesignError

# Re-exported: `design_from_dict` and its guards live below both readers (design_data).
from mechlab.files.design_data import (
    MAX_FILE_BYTES,
    UnsupportedTechnologyError,
    design_from_dict,
    read_design_bytes,
)
from mechlab.validate.source import SourceFacts

if TYPE_CHECKING:
    import yaml

__all__ = [
    "MAX_FILE_BYTES",
    "READERS",
    "Source",
    "UnsupportedTechnologyError",
    "design_from_dict",
    "design_suffixes",
    "load_design",
    "parse_design",
    "read_design_bytes",
    "read_mapping",
    "read_source",
    "register_reader",
]


@dataclass(frozen=True)
class Source:
    """A design as read from its file, with what else the file stated (`facts`: a `.mtf`
    states some facts twice; `validate` runs their source rules, RULES.md §7)."""

    design: Design
    facts: SourceFacts | None = None


# A reader turns a file's bytes (and its name, for messages) into a Source.
Reader = Callable[[bytes, str], Source]
READERS: dict[str, Reader] = {}


def register_reader(suffixes: tuple[str, ...], reader: Reader) -> Reader:
    """A design-file format: its reader, found by the file's suffix (lower case)."""
    for suffix in suffixes:
        READERS[suffix] = reader
    return reader


def design_suffixes() -> tuple[str, ...]:
    """The suffixes of every registered design-file format: `.yaml`, `.yml`, `.mtf`."""
    return tuple(READERS)


# What mechlab writes and never reads, by its first bytes: given as a design, a PDF said
# "byte 10 is not UTF-8; save the file as UTF-8 text", an HTML page was "XML … a MegaMek
# unit list (.mul)", an engine JSON 190 unknown fields.
_OUTPUTS = ((b"%PDF", "a PDF"), (b"PK\x03\x04", "a ZIP archive (a MakaMek .mmux package?)"),
            (b"<!doctype html", "an HTML page"), (b"<html", "an HTML page"))
_JSON_FORMATS = re.compile(rb'^\s*\{\s*"format":\s*"(mechlab-[a-z]+)"')


def _read_yaml(raw: bytes, source: str) -> Source:
    start = raw.lstrip()[:20].lower()
    what = next((name for magic, name in _OUTPUTS if start.startswith(magic.lower())), None)
    if what is None and (json := _JSON_FORMATS.match(raw[:200])):
        what = f"mechlab's {json[1].decode().removeprefix('mechlab-')} JSON"
    if what is not None:
        raise DesignError(source, [f"is {what}, an output, not a design file; give the "
                                   ".yaml or .mtf it was made from"])
    if start.startswith(b"<"):  # a design is a YAML mapping: this is markup
        raise DesignError(source, [
            "is XML, not a design file; a MegaMek unit list (.mul) is a force: print it "
            "with mechlab sheet or card, summarise it with mechlab force"])
    return Source(parse_design(_utf8(raw, source), source))


def _read_mtf(raw: bytes, source: str) -> Source:
    from mechlab.files.mtf import import_mtf_bytes  # the MegaMek reader only when one is read

    imported = import_mtf_bytes(raw, source)
    return Source(design_from_dict(imported.design, source, imported.validated), imported.facts)


register_reader((".yaml", ".yml"), _read_yaml)
register_reader((".mtf",), _read_mtf)


def read_source(path: str | Path) -> Source:
    """Read a design file with the reader its suffix names (YAML for any other suffix)."""
    path = path if isinstance(path, Path) else Path(path)
    reader = READERS.get(path.suffix.lower(), _read_yaml)
    return reader(read_design_bytes(path), str(path))


def load_design(path: str | Path) -> Design:
    """The design of a file that does not contradict itself (`DesignError` otherwise:
    callers that judge designs use `read_source` and let `validate` report the facts)."""
    loaded = read_source(path)
    if loaded.facts is not None:
        from mechlab.model.resolve import resolve

        # A warning (a stale `rules level:` line) is no contradiction to fix first.
        contradictions = loaded.facts.contradictions(resolve(loaded.design), warnings=False)
        if contradictions:
            raise DesignError(str(path), [f"{f} (the file contradicts itself; fix it first)"
                                          for f in contradictions])
    return loaded.design


def _utf8(raw: bytes, source: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DesignError(
            source, [f"byte {exc.start} is not UTF-8; save the file as UTF-8 text"]
        ) from None


def parse_design(text: str, source: str = "<design>") -> Design:
    """A `Design` from YAML text."""
    data = read_mapping(
        text, source, "a design file is a YAML mapping (chassis:, tonnage:, walking_mp:, …)")
    if "force" in data and "units" in data and "chassis" not in data:
        raise DesignError(source, ["this is a force file, not a design file; print it with "
                                   "mechlab sheet, summarise it with mechlab force, or name "
                                   "its units here"])
    return design_from_dict(data, source)


def read_mapping(text: str, source: str, not_a_mapping: str) -> dict[str, Any]:
    """The YAML mapping `text` holds (safely loaded, bounded), or a `DesignError`; used
    for design files and force files alike."""
    # PyYAML only when a YAML file is read: a run over `.mtf` files does without it (the
    # files mechlab ships are read from their caches; issue 31: start-up).
    import yaml

    from mechlab.files.yaml_in import RefusedYaml, load_yaml

    try:
        data = load_yaml(text)
    except RefusedYaml as exc:
        raise DesignError(source, [f"{_where(exc)}{exc.problem}"]) from None
    except yaml.MarkedYAMLError as exc:
        raise DesignError(source, [f"{_where(exc)}invalid YAML: {exc.problem}"]) from None
    except yaml.YAMLError as exc:
        raise DesignError(source, [f"invalid YAML: {exc}"]) from None
    if not isinstance(data, dict):
        raise DesignError(source, [not_a_mapping])
    return data


def _where(exc: yaml.MarkedYAMLError) -> str:
    """'line 3, column 7: ' where the YAML problem is, or nothing when unknown."""
    mark = exc.problem_mark
    return f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
