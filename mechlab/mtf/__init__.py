"""MegaMek `.mtf` files: read, write, and convert to and from mechlab designs."""

from __future__ import annotations

from pathlib import Path

from mechlab.design import Design
from mechlab.load import DesignError
from mechlab.mtf.model import MtfUnit, WeaponLine
from mechlab.mtf.parse import MtfError, decode, parse_mtf, read_mtf
from mechlab.mtf.write import write_mtf

__all__ = [
    "MtfError", "MtfUnit", "WeaponLine", "design_dict_from_mtf_bytes", "design_from_mtf_bytes",
    "design_to_mtf", "parse_mtf", "read_design", "read_mtf", "write_mtf",
]


def design_dict_from_mtf_bytes(raw: bytes, source: str) -> dict[str, object]:
    from mechlab.mtf.convert import design_dict_from_mtf

    try:
        unit = parse_mtf(decode(raw), source)
    except MtfError as exc:
        raise DesignError(source, [f"line {exc.line}: {exc.message}"]) from None
    return design_dict_from_mtf(unit, source)


def design_from_mtf_bytes(raw: bytes, source: str) -> Design:
    from mechlab.load import design_from_dict

    return design_from_dict(design_dict_from_mtf_bytes(raw, source), source)


def read_design(path: str | Path) -> Design:
    """A mechlab design from a `.mtf` file (`DesignError` if unreadable or unsupported)."""
    path = Path(path)
    return design_from_mtf_bytes(path.read_bytes(), str(path))


def design_to_mtf(design: Design) -> str:
    from mechlab.mtf.export import mtf_from_mech
    from mechlab.resolve import resolve

    return write_mtf(mtf_from_mech(resolve(design)))
