"""MegaMek `.mtf` files: read, write, and convert to and from mechlab designs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from mechlab.core.design import Design
from mechlab.core.errors import DesignError
from mechlab.files.mtf.model import MtfUnit, WeaponLine
from mechlab.files.mtf.parse import MtfError, decode, parse_mtf, read_mtf
from mechlab.files.mtf.write import write_mtf

if TYPE_CHECKING:
    from mechlab.files.mtf.convert import Imported

__all__ = [
    "MtfError",
    "MtfUnit",
    "WeaponLine",
    "design_dict_from_mtf_bytes",
    "design_from_mtf_bytes",
    "design_to_mtf",
    "import_mtf_bytes",
    "parse_mtf",
    "read_design",
    "read_mtf",
    "write_mtf",
]


def import_mtf_bytes(raw: bytes, source: str) -> Imported:
    """The design of a `.mtf` file (slots one to one) and what else the file stated, for
    the source rules (RULES.md §7). Nothing is resolved."""
    from mechlab.files.mtf.convert import import_mtf

    return import_mtf(_parsed(raw, source), source)


def design_dict_from_mtf_bytes(raw: bytes, source: str) -> dict[str, Any]:
    """The design of a `.mtf` file that does not contradict itself (else `DesignError`)."""
    from mechlab.files.mtf.convert import design_dict_from_mtf

    return design_dict_from_mtf(_parsed(raw, source), source)


def _parsed(raw: bytes, source: str) -> MtfUnit:
    try:
        return parse_mtf(decode(raw), source)
    except MtfError as exc:
        raise DesignError(source, [f"line {exc.line}: {exc.message}"]) from None


def design_from_mtf_bytes(raw: bytes, source: str) -> Design:
    from mechlab.files.design_data import design_from_dict

    return design_from_dict(design_dict_from_mtf_bytes(raw, source), source)


def read_design(path: str | Path) -> Design:
    """A mechlab design from a `.mtf` file (`DesignError` if unreadable or unsupported)."""
    from mechlab.files.design_data import read_design_bytes

    path = Path(path)
    return design_from_mtf_bytes(read_design_bytes(path), str(path))


def design_to_mtf(design: Design) -> str:
    from mechlab.files.mtf.export import mtf_from_mech
    from mechlab.model.resolve import resolve

    return write_mtf(mtf_from_mech(resolve(design)))
