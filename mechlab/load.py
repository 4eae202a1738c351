"""Design files in: YAML (or MegaMek .mtf) → `Design`, or one clear `DesignError`.

Design files are data: YAML is read with `safe_load`, never evaluated. Every error
a user can cause becomes a `DesignError` naming the file, the field and the fix.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from mechlab.design import Design

# Re-exported: the errors and `design_from_dict` live below both readers (design_data).
from mechlab.design_data import (  # noqa: F401
    MAX_FILE_BYTES,
    MAX_PROBLEMS,
    DesignError,
    UnsupportedTechnologyError,
    _problem,
    design_from_dict,
    read_design_bytes,
)
from mechlab.validate.findings import Finding
from mechlab.yaml_in import RefusedYaml, load_yaml


@dataclass(frozen=True)
class Source:
    """A design as read from its file, with the findings the file itself gives rise to:
    a `.mtf` that contradicts itself (RULES.md §7). They belong in its verdict."""

    design: Design
    findings: tuple[Finding, ...] = ()
    mech: Any = field(default=None, compare=False)  # resolved already, where the reader did


def read_source(path: str | Path) -> Source:
    """Read a design file; `.mtf` files go through the MegaMek importer."""
    path = Path(path)
    source = str(path)
    raw = read_design_bytes(path)
    if path.suffix.lower() == ".mtf":
        from mechlab.mtf import import_mtf_bytes

        imported = import_mtf_bytes(raw, source)
        if imported.model is not None:  # read and resolved once (a Standard .mtf)
            return Source(imported.model, imported.findings, imported.mech)
        return Source(design_from_dict(imported.design, source), imported.findings)
    return Source(parse_design(_utf8(raw, source), source))


def load_design(path: str | Path) -> Design:
    """The design of a file that does not contradict itself (`DesignError` otherwise:
    callers that judge designs use `read_source` and report the findings)."""
    loaded = read_source(path)
    if loaded.findings:
        raise DesignError(str(path), [f"{f} (the file contradicts itself; fix it first)"
                                      for f in loaded.findings])
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
    return design_from_dict(data, source)


def read_mapping(text: str, source: str, not_a_mapping: str) -> dict[str, Any]:
    """The YAML mapping `text` holds (safely loaded, bounded), or a `DesignError`; used
    for design files and force files alike."""
    try:
        data = load_yaml(text)
    except RefusedYaml as exc:
        mark = exc.problem_mark
        raise DesignError(source, [f"line {mark.line + 1}, column {mark.column + 1}: "
                                   f"{exc.problem}"]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise DesignError(source, [f"{where}invalid YAML: {exc.problem}"]) from None
    except yaml.YAMLError as exc:
        raise DesignError(source, [f"invalid YAML: {exc}"]) from None
    if not isinstance(data, dict):
        raise DesignError(source, [not_a_mapping])
    return data


