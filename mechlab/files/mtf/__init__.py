"""MegaMek `.mtf` files: read, write, and convert to and from mechlab designs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mechlab.core.design import Design
from mechlab.core.errors import DesignError
from mechlab.files.design_data import UnsupportedTechnologyError
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
    """The design of a `.mtf` file and its contradictions as findings (RULES.md §7).

    STANDARD_RULES.md §0.1: a non-Omni Inner Sphere biped whose every component and item
    is on the Introductory tables is read as an `intro` design, exactly as before; any
    other file within levels 1-2 as a `standard` design."""
    from mechlab.files.mtf.convert import import_mtf

    unit = _parsed(raw, source)
    try:
        return import_mtf(unit, source)
    except UnsupportedTechnologyError as beyond_intro:
        return _import_standard(unit, source, beyond_intro)


def design_dict_from_mtf_bytes(raw: bytes, source: str) -> dict[str, Any]:
    """The design of a `.mtf` file that does not contradict itself (else `DesignError`),
    resolved once; an Introductory file's slots pruned for reading (`minimal_design`)."""
    from mechlab.files.design_data import design_from_dict
    from mechlab.files.mtf.convert import minimal_design, refuse_contradictions
    from mechlab.files.mtf.facts import MtfFacts
    from mechlab.model.resolve import resolve

    imported = import_mtf_bytes(raw, source)
    mech = resolve(design_from_dict(imported.design, source))
    refuse_contradictions(source, imported.facts.contradictions(mech))
    if isinstance(imported.facts, MtfFacts):
        return minimal_design(imported.design, mech)
    return imported.design  # a Standard file's slots are the design's (§14.6)


def _import_standard(unit: MtfUnit, source: str, beyond_intro: UnsupportedTechnologyError
                     ) -> Imported:
    from mechlab.files.mtf.convert import Imported
    from mechlab.files.mtf.header import read_header
    from mechlab.files.mtf.standard import design_dict
    from mechlab.files.mtf.standard_facts import StandardFacts
    from mechlab.rulesets import UnknownRulesetError, get_ruleset

    try:
        ruleset = get_ruleset("standard")
    except UnknownRulesetError:
        raise beyond_intro from None
    header = read_header(unit)
    design, slots = design_dict(unit, header, ruleset.catalog, source)
    # Nothing is resolved here: the command resolves the design once and `validate` runs
    # these source rules on that 'Mech (the `SourceFacts` protocol).
    return Imported(design, StandardFacts(unit, header, slots, ruleset.catalog))


def _parsed(raw: bytes, source: str) -> MtfUnit:
    """The unit of a `.mtf` within the rulesets' reach: bad input is a `DesignError`, a
    unit or technology beyond level 2 a `RefusedTechnologyError` (STANDARD_RULES.md §0)."""
    from mechlab.files.mtf.header import HeaderError, identity_of, read_header
    from mechlab.files.mtf.refusals import (
        RefusedTechnologyError,
        refusal,
        refusal_of_unreadable,
    )

    text = decode(raw)
    try:
        unit = parse_mtf(text, source)
    except MtfError as exc:
        refused = refusal_of_unreadable(text)
        if refused is not None:
            raise RefusedTechnologyError(source, refused) from None
        raise DesignError(source, [f"line {exc.line}: {exc.message}"]) from None
    try:
        header = read_header(unit)
        identity_of(unit)
    except HeaderError as exc:
        where = unit.line_of(exc.key)
        raise DesignError(source, [f"line {where}: {exc.message}" if where else exc.message]
                          ) from None
    refused = refusal(unit, header, _item_levels(header.tech_base))
    if refused is not None:
        raise RefusedTechnologyError(source, refused)
    return unit


def _item_levels(tech_base: str) -> Callable[[str], str | None] | None:
    """equipment.tsv's `rules_level` of a crit name on a 'Mech of this tech base (R-ITEM),
    None for a name that is no item; no lookup at all without the standard ruleset."""
    from mechlab.files.mtf.refusals import UNKNOWN
    from mechlab.rulesets import UnknownRulesetError, get_ruleset

    try:
        catalog = get_ruleset("standard").catalog
    except UnknownRulesetError:
        return None

    from mechlab.core.equipment import UnknownItemError

    def level(name: str) -> str | None:
        try:
            return str(catalog.lookup(name, tech_base).weapon.rules_level)
        except UnknownItemError:
            return UNKNOWN  # on no table of levels 1-2: named by R-RULES-LEVEL
        except ValueError:
            return None

    return level


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
    from mechlab.files.mtf.standard_export import mtf_from_standard_mech
    from mechlab.model.resolve import resolve

    mech = resolve(design)
    # A Standard design states its types and tech (STANDARD_RULES.md §14.3); the intro
    # writer keeps the Introductory files byte for byte as before.
    if mech.ruleset.name == "standard":
        return write_mtf(mtf_from_standard_mech(mech))
    return write_mtf(mtf_from_mech(mech))
