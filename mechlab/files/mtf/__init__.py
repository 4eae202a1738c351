"""MegaMek `.mtf` files: read, write, and convert to and from mechlab designs."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mechlab.core.design import Design
from mechlab.core.errors import DesignError
from mechlab.files.mtf.model import MtfUnit, WeaponLine
from mechlab.files.mtf.parse import MtfError, decode, parse_mtf, read_mtf
from mechlab.files.mtf.write import write_mtf

if TYPE_CHECKING:
    from mechlab.files.mtf.header import Header
    from mechlab.files.mtf.read import Imported

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
    """The design of a `.mtf` file and what else the file states (its source rules,
    RULES.md §7): one reader for every file. Its slots are read by the catalogue
    (STANDARD_RULES.md §14.6), then the design is labelled with the least ruleset that
    admits it (`mechlab.rulesets.least_admitting`: a non-Omni Inner Sphere biped wholly on
    the Introductory tables is an `intro` design, §0.1) and written in that ruleset's
    words."""
    from mechlab.files.mtf.label import label
    from mechlab.files.mtf.read import Imported, design_dict
    from mechlab.files.mtf.source_facts import MtfFacts
    from mechlab.rulesets import catalogue_ruleset

    unit, header = _parsed(raw, source)
    catalog = catalogue_ruleset().catalog
    design, slots = design_dict(unit, header, catalog, source)
    # Nothing is resolved here: the command resolves the design once and `validate` runs
    # these source rules on that 'Mech (the `SourceFacts` protocol).
    labelled, validated = label(design)
    return Imported(labelled, MtfFacts(unit, header, slots, catalog), validated)


def design_dict_from_mtf_bytes(raw: bytes, source: str) -> dict[str, Any]:
    """The design of a `.mtf` file that does not contradict itself (else `DesignError`),
    resolved once; pruned for reading (`minimal_design`) where its ruleset lists items in
    runs rather than slot for slot (`Ruleset.imported_slots_kept`)."""
    from mechlab.files.design_data import design_from_dict
    from mechlab.files.mtf.prune import minimal_design, refuse_contradictions
    from mechlab.model.resolve import resolve

    imported = import_mtf_bytes(raw, source)
    mech = resolve(design_from_dict(imported.design, source))
    refuse_contradictions(source, imported.facts.contradictions(mech, warnings=False))
    if mech.ruleset.imported_slots_kept:
        return imported.design
    return minimal_design(imported.design, mech)


def _parsed(raw: bytes, source: str) -> tuple[MtfUnit, Header]:
    """The unit of a `.mtf` within the rulesets' reach, and its header: bad input is a
    `DesignError`, a unit or technology beyond level 2 a `RefusedTechnologyError`
    (STANDARD_RULES.md §0)."""
    from mechlab.files.mtf.header import HeaderError, identity_of, read_header
    from mechlab.files.mtf.refusals import (
        RefusedTechnologyError,
        refusal,
        refusal_of_unreadable,
    )

    try:
        text = decode(raw)
    except UnicodeDecodeError as exc:
        raise DesignError(source, [f"byte {exc.start} is neither UTF-8 nor Windows-1252 "
                                   "text; save the file as UTF-8"]) from None
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
    refused = refusal(unit, header, _item_levels(header.tech_base), _admitted)
    if refused is not None:
        raise RefusedTechnologyError(source, refused)
    return unit, header


def _admitted(table: str, kind: str, industrial: bool) -> bool:
    """Whether the catalogue's rulesets (the top of the ladder) have a row of `table` for
    this type word that they do not refuse on this unit (an XXL engine: ADVANCED_COMPONENTS.md)."""
    from mechlab.rulesets import catalogue_ruleset

    ruleset = catalogue_ruleset()
    if table == "large_engine":  # one row, not a table of type words
        return ruleset.is_large_engine(ruleset.max_engine_rating)
    row = getattr(ruleset, table, {}).get(kind)
    unit = "industrialmech" if industrial else "battlemech"
    return row is not None and not row.refused_for(unit)


def _item_levels(tech_base: str) -> Callable[[str], str | None]:
    """The catalogue's `rules_level` of a crit name on a 'Mech of this tech base (R-ITEM),
    None for a name that is no item."""
    return partial(_item_level, tech_base=tech_base)


@lru_cache(maxsize=8192)  # the same names, file after file
def _item_level(name: str, tech_base: str) -> str | None:
    from mechlab.core.equipment import ItemKind, UnknownItemError
    from mechlab.files.mtf.refusals import UNKNOWN
    from mechlab.rulesets import catalogue_ruleset

    ruleset = catalogue_ruleset()
    try:
        item = ruleset.catalog.lookup(name, tech_base)
        if item.kind is ItemKind.HEAT_SINK:
            return None  # judged as the header's heat sink type (ADVANCED_COMPONENTS §6)
        if ruleset.admits_item_level(item.weapon.rules_level):
            return None  # a ruleset of the ladder judges it (ADVANCED_EQUIPMENT.md)
        return str(item.weapon.rules_level)
    except UnknownItemError:
        return UNKNOWN  # on no table of levels 1-2: named by R-RULES-LEVEL
    except ValueError:
        return None


def design_from_mtf_bytes(raw: bytes, source: str) -> Design:
    from mechlab.files.design_data import design_from_dict

    return design_from_dict(design_dict_from_mtf_bytes(raw, source), source)


def read_design(path: str | Path) -> Design:
    """A mechlab design from a `.mtf` file (`DesignError` if unreadable or unsupported)."""
    from mechlab.files.design_data import read_design_bytes

    path = Path(path)
    return design_from_mtf_bytes(read_design_bytes(path), str(path))


def design_to_mtf(design: Design) -> str:
    """The `.mtf` text of a design: one writer, whose header the design's ruleset states
    (`mechlab.files.mtf.export`)."""
    from mechlab.files.mtf.export import mtf_from_mech
    from mechlab.model.resolve import resolve

    return write_mtf(mtf_from_mech(resolve(design)))
