"""Mech → one record-sheet page as a display list (RULES.md 4.1). Pure functions."""

from __future__ import annotations

from dataclasses import dataclass

from mechlab.bv import battle_value
from mechlab.cost import cost
from mechlab.locations import Location
from mechlab.mech import Mech
from mechlab.sheet.critical_table import critical_table, hit_boxes
from mechlab.sheet.diagrams import Region, armor_diagram, structure_diagram
from mechlab.sheet.draw import Ink
from mechlab.sheet.frame import PAPER, regions
from mechlab.sheet.geometry import Document, Page
from mechlab.sheet.heat import heat_data
from mechlab.sheet.mech_data import mech_data, mech_data_height, warrior_data
from mechlab.sheet.style import Style, get_style
from mechlab.sheet.transfer import damage_transfer


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "letter"
    grouped_pips: bool = False
    pilot_name: str | None = None  # None: the design's pilot, else blank lines
    gunnery: int | None = None
    piloting: int | None = None
    extra: tuple[tuple[str, str], ...] = ()  # more 'Mech Data lines: ("BV:", "1,399"), …
    # A name in the style registry (mechlab/sheet/style.py); None: the style the design's
    # ruleset prints in (`default_sheet_style`: the 1984 sheet for 1984 designs).
    style: str | None = None


@dataclass(frozen=True)
class Sheet:
    page: Page
    armor: tuple[Region, ...]
    structure: tuple[Region, ...]
    transfer: dict[Location, tuple[float, float]]  # Damage Transfer box centres


def layout_sheet(mech: Mech, options: SheetOptions = SheetOptions()) -> Sheet:
    """One page for `mech` in the style `options.style` names."""
    style = get_style(options.style or mech.ruleset.default_sheet_style)
    return style.frame(mech, style, options)


def standard_frame(mech: Mech, style: Style, options: SheetOptions) -> Sheet:
    """RULES.md 4.1: the standard sheet's arrangement of blocks."""
    ink = Ink()
    frame = regions(options.paper, mech_data_height(mech, len(options.extra) + 3))
    header = frame.header
    ink.text(header.x, header.y + 16, "BATTLEMECH RECORD SHEET", "bold", 15,
             max_width=header.w * 0.6)
    ink.text(header.right, header.y + 16, f"{mech.name}", "bold", 9, anchor="end",
             max_width=header.w * 0.38)
    ink.line(header.x, header.bottom - 4, header.right, header.bottom - 4, 1.2)
    name, gunnery, piloting = pilot_of(mech, options)
    extra = _value_lines(mech, gunnery, piloting) + list(options.extra)
    mech_data(ink, frame.mech_data, mech, extra)
    warrior_data(ink, frame.warrior_data, mech, name, gunnery, piloting,
                 mech.ruleset.consciousness)
    free = critical_table(ink, frame.critical_table, mech, style)
    below = hit_boxes(ink, free)
    transfer = free.split_h(below - free.y + 4, min(90.0, free.bottom - below - 4), gap=0)[1]
    centres = damage_transfer(ink, transfer)
    armor = armor_diagram(ink, frame.armor, mech, style, options.grouped_pips)
    structure = structure_diagram(ink, frame.structure, mech, style, options.grouped_pips)
    heat_data(ink, frame.heat, mech)
    width, height = PAPER[options.paper]
    page = Page(width, height, tuple(ink.items), title=mech.name)  # type: ignore[arg-type]
    return Sheet(page, tuple(armor), tuple(structure), centres)


def pilot_of(mech: Mech, options: SheetOptions) -> tuple[str, int, int]:
    """The MechWarrior: the options' if given, else the design's, else blank 4/5."""
    pilot = mech.design.pilot
    name = options.pilot_name if options.pilot_name is not None else (pilot.name if pilot else "")
    gunnery = options.gunnery if options.gunnery is not None else (pilot.gunnery if pilot else 4)
    piloting = (options.piloting if options.piloting is not None
                else (pilot.piloting if pilot else 5))
    return name, gunnery, piloting


def _value_lines(mech: Mech, gunnery: int, piloting: int) -> list[tuple[str, str]]:
    """BV (base and pilot-adjusted) and cost for the 'Mech Data block."""
    bv = battle_value(mech)
    price = cost(mech)
    return [
        ("BV:", f"{bv.base:,}"),
        (f"BV ({gunnery}/{piloting}):", f"{bv.adjusted(mech, gunnery, piloting):,}"),
        ("Cost:", f"{price.total:,} C"),
    ]


def layout_document(mechs: list[Mech], options: SheetOptions = SheetOptions()) -> Document:
    pages = tuple(layout_sheet(mech, options).page for mech in mechs)
    title = mechs[0].name if len(mechs) == 1 else f"{len(mechs)} record sheets"
    return Document(pages, title)
