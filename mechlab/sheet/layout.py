"""Mech → one record-sheet page as a display list (RULES.md 4.1). Pure functions."""

from __future__ import annotations

import re

from mechlab.assess import Assessment
from mechlab.model.mech import Mech
from mechlab.render import fonts
from mechlab.render.frame import (
    GUTTER,
    HEADER,
    MARGIN,
    PAPER,
    WARRIOR_H,
    Box,
    body_height,
    regions,
)
from mechlab.render.geometry import Page, Text
from mechlab.sheet import content, fighter
from mechlab.sheet.critical_table import (
    MAX_LINE,
    MIN_LINE,
    Places,
    critical_table,
    critical_table_height,
    hit_boxes,
)
from mechlab.sheet.diagrams import armor_diagram, structure_diagram
from mechlab.sheet.draw import Ink
from mechlab.sheet.heat import heat_data, heat_data_height, heat_scale
from mechlab.sheet.mech_data import mech_data, mech_data_height, warrior_data
from mechlab.sheet.options import Sheet, SheetOptions
from mechlab.sheet.short_forms import short_form
from mechlab.sheet.style import Style
from mechlab.sheet.transfer import damage_transfer
from mechlab.sheet.verdict import code_lines

TRANSFER_MIN = 80.0  # the least height a readable damage transfer diagram takes
BANNER_LINE, BANNER_LINES = 10.0, 3  # the ILLEGAL DESIGN band: 8 pt lines, at most three
HEAT_DATA_W = {paper: regions(paper).heat_sinks.w for paper in PAPER}
MECH_DATA_W = {paper: regions(paper).mech_data.w for paper in PAPER}
NAME_GAP = 14.0  # between the header's title and the unit's name


def standard_frame(assessed: Assessment, style: Style, options: SheetOptions) -> Sheet:
    """RULES.md 4.1: the standard sheet's arrangement of blocks."""
    ink = Ink()
    mech = assessed.mech
    illegal = content.illegal_codes(assessed.findings)
    header_h = HEADER + banner_height(illegal, PAPER[options.paper][0] - 2 * MARGIN)
    name, gunnery, piloting = pilot_of(mech, options)
    extra = ((_value_lines(assessed, gunnery, piloting) if style.shows("values") else [])
             + fighter.mode_lines(mech) + list(options.extra))  # lane lam: a LAM's modes
    # The assessment keeps the computed rules level (the JSON and every paper share it).
    technology = content.technology(mech, lambda: assessed.rules_level)
    frame = regions(options.paper,
                    _mech_data_height(mech, options.paper, header_h, len(extra), technology),
                    header_h, heat_data_height(mech, HEAT_DATA_W[options.paper]))
    _header(ink, frame.header, mech, style, illegal)
    mech_data(ink, frame.mech_data, mech, extra, style, technology)
    places: Places = []
    pilot_hits: list[Box] = []
    boxes: list[tuple[str, tuple[Box, ...]]] = []
    warrior_data(ink, frame.warrior_data, mech, name, gunnery, piloting,
                 mech.ruleset.consciousness, pilot_hits)
    free = critical_table(ink, frame.critical_table, mech, style, places=places)
    below = hit_boxes(ink, free, mech, boxes)
    room = free.bottom - below - 6
    # Issue 22: the diagram takes the whole of the middle column under the hit boxes; a
    # configuration whose middle column is longer (a tripod's center leg, issue 28) leaves
    # too little room for a readable figure, and prints none (as MegaMekLab's sheets).
    transfer = Box(free.x, below + 6, free.w, room)
    centres = {}
    si: tuple[tuple[float, float], ...] = ()
    # lane lam: a LAM's fighter-mode block takes the diagram's place (MegaMekLab's LAM sheet).
    if mech.ruleset.fighter_locations(mech.design.config):
        if room >= fighter.FIGHTER_MIN:
            si = fighter.fighter_block(ink, Box(transfer.x, transfer.y, transfer.w,
                                                fighter.FIGHTER_MIN), mech)
    elif room >= TRANSFER_MIN:
        centres = damage_transfer(ink, transfer, locations=mech.locations)
    armor = armor_diagram(ink, frame.armor, mech, style, options.grouped_pips)
    structure = structure_diagram(ink, frame.structure, mech, style, options.grouped_pips)
    heat_data(ink, frame.heat_sinks, mech, style)
    heat_rows = heat_scale(ink, frame.heat_scale, mech, style)
    width, height = PAPER[options.paper]
    ink.text(MARGIN, height - MARGIN + 0.5,
             f"mechlab · {_unit_words(mech)} record sheet", "regular", 6.5,
             max_width=width - 2 * MARGIN)
    page = Page(width, height, tuple(ink.items), title=mech.name)
    return Sheet(page, tuple(armor), tuple(structure), centres, tuple(heat_rows),
                 tuple(places), tuple(pilot_hits), tuple(boxes), si_pips=si)


def _unit_words(mech: Mech) -> str:
    words = mech.ruleset.sheet_title_words(mech.design)
    return f"{words} {mech.ruleset.unit_title(mech.design)}".strip()


def _mech_data_height(mech: Mech, paper: str, header: float, extra_lines: int,
                      technology: list[content.TechRow]) -> float:
    """'Mech Data takes what its rows need; the Critical Hit Table below it grows up to
    its roomiest lines, and whatever is left over goes back to 'Mech Data (no empty
    band at the bottom of the page)."""
    available = body_height(paper, header) - WARRIOR_H - 2 * GUTTER
    natural = mech_data_height(mech, extra_lines, MECH_DATA_W[paper], technology)
    roomiest = MAX_LINE * body_height(paper, header) / body_height("letter", header)
    roomy = available - critical_table_height(roomiest, mech.ruleset)
    tight = available - critical_table_height(MIN_LINE, mech.ruleset)
    return min(max(natural, roomy), tight)


def _header(ink: Ink, box: Box, mech: Mech, style: Style, illegal: list[str]) -> None:
    """Title and 'Mech; an illegal design says so on its face, with its error codes."""
    title = style.unit_titles.get(mech.ruleset.unit_title(mech.design).lower(), style.title)
    words = mech.ruleset.sheet_title_words(mech.design)
    title = f"{words.upper()} {title}" if words else title
    title, name = _title_and_name(title, mech, box.w)
    ink.text(box.x, box.y + 16, title, "bold", 15,
             max_width=max(box.w * 0.6, box.w - fonts.text_width(name, "bold", 10) - NAME_GAP))
    ink.text(box.right, box.y + 16, name, "bold", 10, anchor="end",
             max_width=_name_room(ink, box))
    ink.line(box.x, box.y + HEADER - 4, box.right, box.y + HEADER - 4, 1.2)
    illegal_banner(ink, Box(box.x, box.y + HEADER - 1, box.w, 0), illegal)


def _title_and_name(title: str, mech: Mech, width: float) -> tuple[str, str]:
    """The title and the unit's name as the header prints them, both at their size (lane
    sheets4: 'SUPERHEAVY THREE-LEGGED OMNIMECH RECORD SHEET' shrank to 10.6 pt, a
    ProspectorMech's long name to 8.3 pt): in full where they fit the line together, else
    the model alone (the Type line under it names the chassis too), else the title's short
    form too ('TRIPOD' for 'THREE-LEGGED'). Where even those do not fit, the title keeps 60 %
    of the line."""
    names = heading_names(mech)
    for heading in (title, short_form(title)):
        for name in names:
            if (fonts.text_width(heading, "bold", 15) + fonts.text_width(name, "bold", 10)
                    + NAME_GAP + 2 <= width):  # and 2 pt for the fitting's rounding
                return heading, name
    return short_form(title), names[-1]


def heading_names(mech: Mech) -> tuple[str, ...]:
    """The unit's name for a sheet's heading, then its printed short forms: the model
    ('CN9-YLW'), the model without its nickname ('BWP-X1' for "BWP-X1 'Bipedal Weapons
    Platform'", lane sheets4: cut on the Quick-Start sheet). The Type line prints it whole."""
    model = mech.design.model or mech.name
    return (mech.name, model, re.sub(r" '.*'$", "", model))


def _name_room(ink: Ink, box: Box) -> float:
    """The room the title just drawn (whichever the unit's type calls for: "INDUSTRIALMECH
    RECORD SHEET" leaves 250 pt on A4) leaves the unit's name: a long name such as
    "Vindicator VND-1AA 'Avenging Angel'" is not shrunk (issue 22)."""
    title = ink.items[-1]
    assert isinstance(title, Text)
    return box.w - min(fonts.text_width(title.text, title.font, title.size), title.max_width
                       or box.w) - NAME_GAP


def _banner_lines(illegal: list[str], width: float) -> list[str]:
    return code_lines(illegal, "bold", 8, width - 12, BANNER_LINES)


def banner_height(illegal: list[str], width: float) -> float:
    """The room the ILLEGAL DESIGN band takes under the title: 0 for a legal design."""
    lines = len(_banner_lines(illegal, width))
    return 8 + BANNER_LINE * lines if lines else 0.0


def illegal_banner(ink: Ink, box: Box, illegal: list[str]) -> float:
    """An illegal design says so on its face with every error code, wrapped (every style;
    issue 18: more than three lines' worth ends "+N more"). Returns the band's height."""
    lines = _banner_lines(illegal, box.w)
    if lines:
        ink.rect(box.x, box.y, box.w, 4 + BANNER_LINE * len(lines), line_width=0,
                 fill="#b00000", stroke=None)
        for i, line in enumerate(lines):
            ink.text(box.x + 6, box.y + 10.5 + BANNER_LINE * i, line, "bold", 8,
                     max_width=box.w - 12, fill="#ffffff")
    return banner_height(illegal, box.w)


def pilot_of(mech: Mech, options: SheetOptions) -> tuple[str, int, int]:
    """The MechWarrior: the options' if given, else the design's, else the ruleset's
    default skills and a blank name."""
    pilot = mech.design.pilot
    name = options.pilot_name if options.pilot_name is not None else (pilot.name if pilot else "")
    gunnery, piloting = mech.ruleset.pilot_skills(pilot, options.gunnery, options.piloting)
    return name, gunnery, piloting


def _value_lines(assessed: Assessment, gunnery: int, piloting: int) -> list[tuple[str, str]]:
    """BV (base and pilot-adjusted) and cost for the 'Mech Data block (dashes without)."""
    base, adjusted, price = content.value_texts(assessed.values,
                                                assessed.adjusted_bv(gunnery, piloting))
    return [
        ("BV:", base),
        (f"BV ({gunnery}/{piloting}):", adjusted),
        ("Cost:", price),
    ]
