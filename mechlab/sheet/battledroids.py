"""The 1984 Battledroids record sheet (RULES.md 4.3, seed 002).

Left: the droid data block (Type, Tonnage and every component with its tons, as the
book's droid statistics print them), the armor "Boxes" table and the Weapons/Ammo
table in the 1984 spellings, then the Critical Hit Charts (1–6 / 11–16 / 21–26).
Right: the Armor Diagram and the smaller Internal Structure Diagram as square boxes,
the DroidWarrior and heat sink record, beside the 1–30 Heat Scale. The diagrams, the
charts and the scale are the standard sheet's, drawn in this style's data.
"""

from __future__ import annotations

from mechlab.assess import Assessment
from mechlab.model.mech import Mech
from mechlab.render import fonts
from mechlab.render.frame import GUTTER, HEADER, MARGIN, PAPER, Box
from mechlab.render.geometry import Page
from mechlab.rulesets import get_ruleset
from mechlab.sheet import content
from mechlab.sheet.critical_table import MIN_LINE, Places, critical_table, critical_table_height
from mechlab.sheet.diagrams import armor_diagram, structure_diagram
from mechlab.sheet.draw import (
    Ink,
    column_texts,
    first_fitting,
    fitted_columns,
    titled_box,
    wrapped,
)
from mechlab.sheet.droid_data import (
    Spellings,
    WeaponLine,
    armor_boxes,
    data_lines,
    has_rear_weapons,
    weapon_lines,
)
from mechlab.sheet.heat import heat_data, heat_data_height, heat_scale
from mechlab.sheet.layout import illegal_banner, pilot_of
from mechlab.sheet.options import Sheet, SheetOptions
from mechlab.sheet.style import Style

TEXT = 7.5
LINE = 9.6
TIGHT_LINE = 7.4  # the weapons list's tightest rows (their type 6.1 pt, never under 6)
WEAPON_COLUMNS = (("Type", 0.44, "start"), ("Location", 0.28, "start"),
                  ("Boxes", 0.16, "middle"), ("Tons", 0.12, "middle"))
LIST_SHARE = 0.58  # the droid data's component list; the Boxes table and warrior beside it
SCALE_W = 50.0  # the heat scale column
FOOTER = "mechlab · Battledroids (1984) record sheet"


def spellings_for(style: Style) -> Spellings:
    """The spellings of the ruleset the style prints in (RULES.md §2)."""
    return Spellings(get_ruleset(style.spellings).sheet_spellings if style.spellings else {})


def battledroids_frame(assessed: Assessment, style: Style, options: SheetOptions) -> Sheet:
    ink = Ink()
    mech = assessed.mech
    spellings = spellings_for(style)
    width, height = PAPER[options.paper]
    page = Box(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN - 8)
    ink.text(page.x, page.y + 16, style.title, "bold", 15, max_width=page.w * 0.62)
    # A name too long for the heading takes its short form, the model, at the heading's
    # size (issue 22: nothing shrunk); the Type line gives it in full.
    name = first_fitting((_type(mech), mech.design.model or _type(mech)), "bold", 10,
                         page.w * 0.36)
    ink.text(page.right, page.y + 16, name, "bold", 10, anchor="end",
             max_width=page.w * 0.36, shrink=False)
    ink.line(page.x, page.y + HEADER - 4, page.right, page.y + HEADER - 4, 1.2)
    illegal = content.illegal_codes(assessed.findings)
    top = HEADER + illegal_banner(ink, Box(page.x, page.y + HEADER - 1, page.w, 0), illegal)
    body = Box(page.x, page.y + top, page.w, page.h - top)
    left_w = round(body.w * 0.5)
    left = Box(body.x, body.y, left_w, body.h)
    right = Box(body.x + left_w + GUTTER, body.y, body.w - left_w - GUTTER, body.h)
    weapons = weapon_lines(mech, spellings)
    notes = 1 if has_rear_weapons(mech) else 0
    type_lines = _type_lines(mech, (left_w - 12) * LIST_SHARE)
    data_h = 14 + (len(_data_rows(mech, (left_w - 12) * LIST_SHARE)) + len(type_lines)) * LINE + 6
    # A long list (a superheavy's) takes tighter rows, down to TIGHT_LINE, so that the
    # critical hit charts under it keep their tightest lines (lane sheets3).
    rows = len(weapons) + notes
    room = left.h - data_h - critical_table_height(MIN_LINE, mech.ruleset) - 22 - 3 * LINE
    pitch = max(TIGHT_LINE, min(LINE, room / max(rows - 1, 1)))
    weapons_h = 18 + (rows + 2) * LINE + 4 if pitch == LINE else (
        18 + 3 * LINE + (rows - 1) * pitch + 4)
    data, table, charts = left.split_h(data_h, weapons_h, 0)
    _droid_data(ink, data, mech, spellings, options)
    _weapons(ink, table, weapons, spellings if notes else None, pitch)
    places: Places = []
    free = critical_table(ink, charts, mech, style, spellings.slot_runs, places)
    pilot_hits = damage_track(ink, free, mech)
    armor_box, lower = right.split_h(round(right.h * 0.46), 0)
    scale = Box(lower.right - SCALE_W, lower.y, SCALE_W, lower.h)
    rest = Box(lower.x, lower.y, lower.w - SCALE_W - GUTTER, lower.h)
    heat_h = heat_data_height(mech, rest.w)
    structure_box, sinks_box = rest.split_h(rest.h - heat_h - GUTTER, 0)
    armor = armor_diagram(ink, armor_box, mech, style, options.grouped_pips)
    structure = structure_diagram(ink, structure_box, mech, style, options.grouped_pips)
    heat_data(ink, sinks_box, mech, style)
    heat_rows = heat_scale(ink, scale, mech, style)
    ink.text(page.x, page.bottom + 8, FOOTER, "regular", 6.5, max_width=page.w)
    return Sheet(Page(width, height, tuple(ink.items), title=mech.name),
                 tuple(armor), tuple(structure), {}, tuple(heat_rows), tuple(places),
                 tuple(pilot_hits))


def _type(mech: Mech) -> str:
    """'CRD-3R Crusader': the 1984 book writes the model first."""
    return f"{mech.design.model} {mech.design.chassis}".strip()


def _type_room(list_w: float) -> float:
    """The Type line's width in a component list `list_w` wide, clear of the Tons heading."""
    return list_w - 34 - fonts.text_width("Type:", "bold", TEXT) - 3


def _type_lines(mech: Mech, list_w: float) -> list[str]:
    """The Type line's value in as many lines as it needs: a long name wraps at the
    row's size, never shrunk or cut (issue 22)."""
    return wrapped(_type(mech), "regular", TEXT, _type_room(list_w))


def _droid_data(ink: Ink, box: Box, mech: Mech, spellings: Spellings,
                options: SheetOptions) -> None:
    """Type, then the two-column component list with a Tons column; beside it the Boxes
    table and the DroidWarrior (seed 002: the block records his piloting and gunnery)."""
    inner = titled_box(ink, box, "DROID DATA")
    list_w = inner.w * LIST_SHARE
    tons_x = inner.x + list_w - 4
    y = inner.y + LINE * 0.8
    ink.text(inner.x, y, "Type:", "bold", TEXT)
    offset = fonts.text_width("Type:", "bold", TEXT) + 3
    ink.text(tons_x, y, "Tons", "bold", TEXT, anchor="end")
    for name in _type_lines(mech, list_w):
        ink.text(inner.x + offset, y, name, "regular", TEXT, max_width=_type_room(list_w),
                 shrink=False)
        y += LINE
    y -= LINE
    hits = _hits(mech)
    for label, value, tons in _data_rows(mech, list_w):
        y += LINE
        if not label:  # a value moved under its label, indented
            ink.text(inner.x + 8, y, value, "regular", TEXT, max_width=list_w - 42)
            continue
        _label(ink, inner.x, y, label, value, list_w - 34)
        ink.text(tons_x, y, tons, "regular", TEXT, anchor="end", max_width=28)
        # Seed 002: "Record these hits by marking off the Engine boxes in the general
        # information section" (three engine hits, two gyro hits).
        boxes = hits.get(label, 0)
        if boxes:
            _hit_boxes(ink, tons_x - 24, y, boxes)
    ink.line(inner.x + list_w + 2, inner.y, inner.x + list_w + 2, inner.bottom, 0.5)
    side = Box(inner.x + list_w + 8, inner.y, inner.w - list_w - 8, inner.h)
    _boxes(ink, Box(side.x, side.y, side.w, 6.5 * LINE), mech, spellings)
    _warrior(ink, Box(side.x, side.y + 7 * LINE, side.w, side.h - 7 * LINE), mech, options)


def _hits(mech: Mech) -> dict[str, int]:
    """The data lines that carry hit boxes, by label ('Engine:': 3)."""
    return {f"{label.removesuffix(' Hits')}:": boxes for label, boxes in mech.ruleset.hit_boxes}


def _data_rows(mech: Mech, list_w: float) -> list[tuple[str, str, str]]:
    """(label, value, tons) per line of the component list; a value too long for its line
    beside the label and the line's hit boxes ('Total Heat Sinks: 10 (20) Double') takes
    the line under it, label and tons blank (issue 22: nothing shrunk)."""
    hits = _hits(mech)
    rows: list[tuple[str, str, str]] = []
    for line in data_lines(mech):
        boxes = hits.get(line.label, 0)  # drawn 24 pt and their own width left of the tons
        room = list_w - 34 if not boxes else list_w - 30 - boxes * 8.5
        need = (fonts.text_width(line.label, "bold", TEXT) + 4
                + fonts.text_width(line.value, "regular", TEXT))
        if not line.value or need <= room:
            rows.append((line.label, line.value, line.tons))
        else:
            rows += [(line.label, "", line.tons), ("", line.value, "")]
    return rows


def _hit_boxes(ink: Ink, right: float, y: float, count: int) -> None:
    """`count` boxes to mark hits, ending at `right`, on the text line at baseline y."""
    for i in range(count):
        ink.rect(right - (count - i) * 8.5 + 1.5, y - 6.5, 7, 7, line_width=0.6)


def damage_track(ink: Ink, box: Box, mech: Mech) -> list[Box]:
    """The DroidWarrior Damage table (seed 002): total damage 1–6, each with the
    consciousness number to roll, the sixth "Dead"; a box per point to mark (returned,
    where damage is marked)."""
    numbers = [*map(str, mech.ruleset.consciousness), "Dead"]
    # The title wraps in a narrow column, at the table's size (issue 22: nothing shrunk).
    title = wrapped("DroidWarrior Damage", "bold", TEXT, box.w - 4)
    rows = len(numbers) + 1 + len(title)
    if box.h < rows * LINE + 8:
        return []
    # A framed block of its own, apart from the charts' lines around it.
    ink.rect(box.x, box.y + 2, box.w, LINE * rows + 7, line_width=0.8, radius=2)
    y = box.y + 4 + LINE * 0.8
    for line in title:
        ink.text(box.x + box.w / 2, y, line, "bold", TEXT, anchor="middle",
                 max_width=box.w - 4, shrink=False)
        y += LINE
    column = box.w / 2
    ink.text(box.x + column / 2, y, "Damage", "bold", TEXT, anchor="middle",
             max_width=column - 2)
    ink.text(box.x + column * 1.5, y, "Consc. #", "bold", TEXT, anchor="middle",
             max_width=column - 2)
    marks = []
    for i, number in enumerate(numbers):
        top = y + 3 + i * LINE
        marks.append(Box(box.x, top, column, LINE))
        for c, text in enumerate((str(i + 1), number)):
            ink.rect(box.x + c * column, top, column, LINE, line_width=0.6)  # to mark
            ink.text(box.x + c * column + column / 2, top + LINE - 2.4, text,
                     "bold" if c == 0 else "regular", TEXT, anchor="middle",
                     max_width=column - 2)
    return marks


def _label(ink: Ink, x: float, y: float, label: str, value: str, width: float) -> None:
    """A bold label and its value at one size: the label takes what a short value leaves
    ('Walking Movement Pts.: 4' in full, issue 22)."""
    room = max(width * 0.5, width - min(fonts.text_width(value, "regular", TEXT), width * 0.5)
               - 4)
    ink.text(x, y, label, "bold", TEXT, max_width=room)
    if value:
        offset = min(fonts.text_width(label, "bold", TEXT), room) + 3
        ink.text(x + offset, y, value, "regular", TEXT, max_width=max(8.0, width - offset))


def _boxes(ink: Ink, box: Box, mech: Mech, spellings: Spellings) -> None:
    """The armor "Boxes" table: Head; Center Torso F/R; Rt/Lt Torso F/R; arms; legs."""
    y = box.y + LINE * 0.8
    ink.text(box.right, y, "Boxes", "bold", TEXT, anchor="end")
    rows = armor_boxes(mech, spellings)
    lead = min(LINE * 1.25, (box.h - LINE) / max(1, len(rows)))
    for name, boxes in rows:
        y += lead
        boxes_w = min(fonts.text_width(boxes, "regular", TEXT), box.w * 0.48)
        ink.text(box.x, y, name, "bold", TEXT, max_width=box.w - boxes_w - 3)
        ink.text(box.right, y, boxes, "regular", TEXT, anchor="end", max_width=box.w * 0.48)


def _weapons(ink: Ink, box: Box, lines: list[WeaponLine], rear: Spellings | None,
             pitch: float = LINE) -> None:
    """Weapons/Ammo: Type, Location, Critical Boxes, Tons; the rear-facing footnote; rows
    `pitch` apart."""
    inner = titled_box(ink, box, "WEAPONS/AMMO")
    headers = [["", "", "Critical", ""], [t for t, _, _ in WEAPON_COLUMNS]]
    cells = [[line.type, line.location, str(line.boxes), line.tons] for line in lines]
    # Columns as wide as their cells, Type the rest: 'Ammo: Extended-Range ATM/12 5' at the
    # table's size where the Location column has room to spare (issue 22).
    columns, _ = fitted_columns(inner.w, WEAPON_COLUMNS, headers, cells, TEXT, 0)
    y = inner.y + LINE * 0.8
    column_texts(ink, inner.x, y, inner.w, columns, headers[0], "bold", TEXT)
    y += LINE
    column_texts(ink, inner.x, y, inner.w, columns, headers[1], "bold", TEXT)
    ink.line(inner.x, y + 2.5, inner.right, y + 2.5, 0.5)
    size = min(TEXT, round(pitch * 0.83, 2))  # tighter rows, smaller type (lane sheets3)
    if pitch != LINE:  # the first row a full line under the heading's rule
        y += LINE - pitch
    for row in cells:
        y += pitch
        column_texts(ink, inner.x, y, inner.w, columns, row, "regular", size)
    if rear is not None:
        ink.text(inner.x, y + pitch, rear.rear_note, "regular", size, max_width=inner.w)


def _warrior(ink: Ink, box: Box, mech: Mech, options: SheetOptions) -> None:
    """The DroidWarrior's name and skills."""
    name, gunnery, piloting = pilot_of(mech, options)
    y = box.y + LINE * 0.8
    ink.line(box.x, box.y - 2, box.right, box.y - 2, 0.5)
    _label(ink, box.x, y, "DroidWarrior:", name, box.w)
    if not name:
        offset = fonts.text_width("DroidWarrior:", "bold", TEXT) + 3
        ink.line(box.x + offset, y + 1.5, box.right, y + 1.5, 0.5)
    _label(ink, box.x, y + LINE, "Piloting Skill:", str(piloting), box.w)
    _label(ink, box.x, y + 2 * LINE, "Gunnery Skill:", str(gunnery), box.w)
