"""The Quick-Start record sheet (RULES.md 4.2, seed 004 lines 572–646).

The standard sheet with everything the Quick-Start rules never use taken out (rear
armor, internal structure, heat, critical hits, warrior, BV and cost) and two helps
for new players put in: the range modifiers over the range columns and the 2D6 hit
location table. Big type: it is for people who have never seen a record sheet.
The rule facts (hit locations, range modifiers, base to-hit, tech base) are the
ruleset's; the armor diagram and damage transfer diagram are the standard sheet's.
"""

from __future__ import annotations

from dataclasses import dataclass

from mechlab.assess import Assessment
from mechlab.core.locations import Location
from mechlab.model.mech import Mech
from mechlab.render import fonts
from mechlab.render.frame import GUTTER, MARGIN, PAPER, Box
from mechlab.render.geometry import Page, added
from mechlab.sheet import content, outlines
from mechlab.sheet.diagrams import armor_diagram
from mechlab.sheet.draw import (
    MIN_TEXT,
    Columns,
    Ink,
    column_texts,
    first_fitting,
    fitted_columns,
    table_size,
    titled_box,
    wrapped,
)
from mechlab.sheet.layout import heading_names, illegal_banner, pilot_of
from mechlab.sheet.options import Sheet, SheetOptions
from mechlab.sheet.short_forms import short_form
from mechlab.sheet.style import Style
from mechlab.sheet.transfer import damage_transfer

TITLE_SIZE = 22.0
BLOCK_TITLE = 11.0
LABEL = 10.0  # 'Mech Data labels and values
ROW = 14.0  # a table row
BIG_ROW = 24.0  # …at its roomiest
HIT_ROW, HIT_TYPE = 42.0, 13.0
DATA_LINES, HIT_LINES = 6, 7  # rows of the 'Mech Data and hit location blocks
DATA_HALF = 0.56  # 'Tech Base: Inner Sphere' left of 'Movement Points:', both at full size
MIN_ROW = 9.0  # rows never get tighter (their 6 pt type stays legible)
TRANSFER_MIN = 150.0  # the damage transfer diagram's least height, under the armor
TICK = 7.0  # an ammunition tick box
TICK_PITCH = 9.0
FOOTER = "mechlab · Quick-Start record sheet"

# Weapons Inventory columns: (title, share of the width, anchor). No Ht, no Min (RULES.md 4.2).
COLUMNS = (
    ("Qty", 0.09, "middle"), ("Type", 0.34, "start"), ("Loc", 0.10, "middle"),
    ("Dmg", 0.12, "middle"), ("Sht", 0.117, "middle"), ("Med", 0.117, "middle"),
    ("Lng", 0.116, "middle"),
)
RANGE_COLUMNS = 3  # the last three columns carry the range modifiers
CAPTION = "Range Modifiers"  # RULES.md 4.2: over the range columns


@dataclass(frozen=True)
class AmmoLot:
    """One ammunition lot: its type and shots, one tick box per shot."""

    type: str
    shots: int


def upper_bound(bracket: str) -> str:
    """RULES.md 4.2: a range column holds its bracket's upper bound ("8-14" → "14")."""
    return bracket.rsplit("-", 1)[-1]


def weapon_rows(mech: Mech) -> list[tuple[str, ...]]:
    """Qty, Type, Loc, Dmg, Sht, Med, Lng: the standard inventory (identical weapons in
    one location on one row) with one number per range column."""
    return [
        (r.quantity_text, r.display_type, r.location, r.damage,
         upper_bound(r.short), upper_bound(r.medium), upper_bound(r.long))
        for r in content.inventory(mech)
    ]


def ammo_lots(mech: Mech) -> list[AmmoLot]:
    """One row per lot (RULES.md 4.2: the GRF-1N's two tons are two rows of 12)."""
    return [AmmoLot(content.ammo_type(lot.item.weapon), lot.item.shots or 0)
            for lot in mech.ammo]


def hit_location_columns(mech: Mech) -> tuple[list[tuple[int, Location]], ...]:
    """The ruleset's 2D6 table as two column pairs, rolls 2–7 and 8–12."""
    rolls = sorted(mech.ruleset.hit_location_table(mech.design).items())
    return [r for r in rolls if r[0] <= 7], [r for r in rolls if r[0] > 7]


def quickstart_frame(assessed: Assessment, style: Style, options: SheetOptions) -> Sheet:
    ink = Ink()
    mech = assessed.mech
    width, height = PAPER[options.paper]
    page = Box(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    _header(ink, page, mech, style)
    illegal = content.illegal_codes(assessed.findings)
    top = 36 + illegal_banner(ink, Box(page.x, page.y + 33, page.w, 0), illegal)
    body = Box(page.x, page.y + top, page.w, page.h - top - 14)
    left_w = round(body.w * 0.46)  # the figure wide enough for "Left Torso (20)" labels
    left = Box(body.x, body.y, left_w, body.h)
    right = Box(body.x + left_w + GUTTER, body.y, body.w - left_w - GUTTER, body.h)
    data, weapons, ammo, hits = left.split_h(*_left_heights(mech, left.w, left.h - 3 * GUTTER))
    _mech_data(ink, data, mech, pilot_of(mech, options)[1])
    _weapons(ink, weapons, mech)
    ticks = _ammo(ink, ammo, mech)
    _hit_locations(ink, hits, mech)
    # The armor diagram as tall as its figure at the column's width (the biggest pips),
    # the damage transfer diagram under it in the rest, both under the sheet's one bar style.
    band = BLOCK_TITLE * 1.5 + 8
    figure_h = (right.w - 12) * outlines.FRONT_SIZE[1] / outlines.FRONT_SIZE[0] + band + 12
    armor_box, transfer_box = right.split_h(min(figure_h, right.h - TRANSFER_MIN - GUTTER), 0)
    armor = armor_diagram(ink, armor_box, mech, style, options.grouped_pips)
    inner = titled_box(ink, transfer_box, "DAMAGE TRANSFER DIAGRAM", BLOCK_TITLE)
    centres = damage_transfer(ink, inner, label_size=LABEL, title=False,
                              locations=mech.locations)
    ink.text(page.x, page.bottom - 2, FOOTER, "regular", 7, max_width=page.w)
    return Sheet(Page(width, height, tuple(ink.items), title=mech.name),
                 tuple(armor), (), centres, ammo_ticks=tuple(ticks))


def _header(ink: Ink, page: Box, mech: Mech, style: Style) -> None:
    ink.text(page.x, page.y + 22, style.title, "bold", TITLE_SIZE, max_width=page.w * 0.6)
    title_w = min(fonts.text_width(style.title, "bold", TITLE_SIZE), page.w * 0.6)
    # A name too long for the heading takes its short form, the model ('CN9-YLW'), at the
    # heading's size; the Type line below gives it in full (issue 22: nothing shrunk).
    room = page.w - title_w - 12
    name = first_fitting(heading_names(mech), "bold", 14, room)
    ink.text(page.right, page.y + 22, name, "bold", 14, anchor="end", max_width=room,
             shrink=False)
    ink.line(page.x, page.y + 30, page.right, page.y + 30, 1.5)


def _left_heights(mech: Mech, width: float, room: float) -> tuple[float, ...]:
    """Heights of 'Mech Data, weapons, ammo and hit locations, filling the column: every
    row alike, as big as the column allows (ROW to BIG_ROW), tighter only when short of
    room (MIN_ROW); the hit table's rows take what is left, up to HIT_ROW."""
    weapon_lines = len(weapon_rows(mech)) + 3  # caption, modifiers, column titles
    lots = ammo_lots(mech)
    data_lines = (DATA_LINES - 2 + len(type_lines(mech, width - 12))
                  + len(_tech_base(mech, width - 12)))
    lines = (data_lines, weapon_lines, 1 + max(1, len(lots)), HIT_LINES)
    pad = BLOCK_TITLE * 1.5 + 8
    ticks = _more_ticks(lots, width)
    row = max(MIN_ROW, min(BIG_ROW, (room - 4 * pad - ticks) / sum(lines)))
    heights = [n * row + pad for n in lines[:3]]
    heights[2] += ticks
    hit_row = max(row, min(HIT_ROW, (room - added(heights) - pad) / HIT_LINES))
    return (*heights, HIT_LINES * hit_row + pad)


def _row_size(box: Box, lines: int) -> tuple[float, float]:
    """Row pitch and type size for `lines` rows in `box`, a block's inner box (2 pt over
    its rows, see _left_heights): every block of the column gets the same rows."""
    row = max(MIN_ROW, min(BIG_ROW, (box.h - 2) / max(1, lines)))
    return row, round(max(6.0, min(LABEL, row * 0.66)), 2)


def _mech_data(ink: Ink, box: Box, mech: Mech, base_to_hit: int) -> None:
    inner = titled_box(ink, box, "'MECH DATA", BLOCK_TITLE)
    ruleset = mech.ruleset
    half = inner.w * DATA_HALF
    names = type_lines(mech, inner.w)
    tech = _tech_base(mech, inner.w)
    lead, _ = _row_size(inner, DATA_LINES - 2 + len(names) + len(tech))
    y = inner.y + lead * 0.75
    ink.text(inner.x, y, "Type:", "bold", LABEL)
    indent = _type_indent()
    for name in names:  # a long name wraps under itself, at the row's size (issue 22)
        ink.text(inner.x + indent, y, name, "regular", LABEL, max_width=inner.w - indent,
                 shrink=False)
        y += lead
    y -= lead
    lines = [("Tonnage:", str(mech.tonnage)), ("Weight Class:", mech.weight_class.title()),
             ("Tech Base:", ruleset.tech_base_title(mech.design))]
    moves = [("Movement Points:", ""), ("Walking:", content.walking_text(mech)),
             ("Running:", content.running_text(mech)), _jumping(mech), *_vehicle(mech)]
    for i, (label, value) in enumerate(lines):  # the last may wrap: the row under it is free
        _pair(ink, inner.x, y + (i + 1) * lead, label, value, half - 2,
              lead if i == len(lines) - 1 else 0.0)
    for i, (label, value) in enumerate(moves):
        indent = 10 if value else 0
        _pair(ink, inner.x + half + indent, y + (i + 1) * lead, label, value,
              inner.w - half - indent)
    # RULES.md 4.2: the base to-hit number "already printed on each record sheet": the
    # gunnery skill (the ruleset's default 4 unless the design or --gunnery names one).
    y += (3 + len(tech)) * lead + 2  # under a Tech Base of two lines, a row lower
    box_w = fonts.text_width(f"Base To-Hit: {base_to_hit}", "bold", LABEL) + 16
    ink.rect(inner.x, y - LABEL - 1, box_w, LABEL + 7, line_width=1.0, radius=2)
    _pair(ink, inner.x + 4, y + 1, "Base To-Hit:", str(base_to_hit), box_w - 4)


def _type_indent() -> float:
    return fonts.text_width("Type:", "bold", LABEL) + 4


def type_lines(mech: Mech, width: float) -> list[str]:
    """The Type line's value, 'Griffin GRF-1N', in as many lines as it needs in `width`."""
    return wrapped(mech.name, "regular", LABEL, width - _type_indent())


def _pair_rooms(label: str, value: str, width: float) -> tuple[float, float]:
    """The label's room and where its value starts: the label at its full width when the
    value leaves room (issue 22: one size per row)."""
    value_w = min(fonts.text_width(value, "regular", LABEL), width * 0.5) if value else 0.0
    room = max(width * 0.5, width - value_w - 4) if value else width
    return room, min(fonts.text_width(label, "bold", LABEL), room) + 4


def _value_lines(label: str, value: str, width: float) -> list[str]:
    """A value in the lines it needs beside its label ('Mixed (Clan' / 'Chassis)'); more
    than two would not be a value a design has, and is fitted on one."""
    lines = wrapped(value, "regular", LABEL, max(8.0, width - _pair_rooms(label, value,
                                                                          width)[1]))
    return lines if len(lines) <= 2 else [value]


def _tech_base(mech: Mech, inner_w: float) -> list[str]:
    """The Tech Base line's value ('Inner Sphere'), wrapped in the block's left half."""
    return _value_lines("Tech Base:", mech.ruleset.tech_base_title(mech.design),
                        inner_w * DATA_HALF - 2)


def _pair(ink: Ink, x: float, y: float, label: str, value: str, width: float,
          lead: float = 0.0) -> None:
    """'Tonnage: 55' in the sheet's big type. Given a `lead`, a value too long for its row
    wraps onto the next, which the caller keeps free."""
    room, offset = _pair_rooms(label, value, width)
    ink.text(x, y, label, "bold", LABEL, max_width=room)
    if value:
        lines = _value_lines(label, value, width) if lead else [value]
        for i, line in enumerate(lines):
            ink.text(x + offset, y + i * lead, line, "regular", LABEL,
                     max_width=max(8.0, width - offset))


def _weapons(ink: Ink, box: Box, mech: Mech) -> None:
    inner = titled_box(ink, box, "WEAPONS INVENTORY", BLOCK_TITLE)
    rows = weapon_rows(mech)
    row, size = _row_size(inner, len(rows) + 3)
    columns, size = weapon_columns(inner.w, rows, size)
    ranges_x = inner.x + inner.w * added(share for _, share, _ in columns[:-RANGE_COLUMNS])
    ranges_w = inner.right - ranges_x
    y = inner.y + row * 0.8
    # The caption over the range columns, reaching left over Dmg if it must (its row is
    # its own).
    if fonts.text_width(CAPTION, "bold", size) <= ranges_w:
        ink.text(ranges_x + ranges_w / 2, y, CAPTION, "bold", size, anchor="middle",
                 max_width=ranges_w)
    else:
        ink.text(inner.right, y, CAPTION, "bold", size, anchor="end", max_width=inner.w)
    y += row
    modifiers = ["", "", "", ""] + [f"+{m}" for m in mech.ruleset.range_modifiers]
    column_texts(ink, inner.x, y, inner.w, columns, modifiers, "bold", size)
    y += row
    column_texts(ink, inner.x, y, inner.w, columns, [t for t, _, _ in columns], "bold", size)
    ink.line(inner.x, y + 3, inner.right, y + 3, 0.6)
    for cells in rows:
        y += row
        column_texts(ink, inner.x, y, inner.w, columns, list(cells), "regular", size)


TYPE_COLUMN = 1  # the Weapons Inventory column that takes what the others leave


def weapon_columns(width: float, rows: list[tuple[str, ...]], size: float
                   ) -> tuple[Columns, float]:
    """The Weapons Inventory's columns and its one type size (issue 22: a row never shrinks
    beside its neighbours): columns as wide as their cells ('LA/LT', '2/Msl'), the Type
    column the rest ('Machine Gun' there may take its short form 'MG'). Only a table too
    wide even so takes a smaller size, all its cells alike."""
    titles = [[title for title, _, _ in COLUMNS]]
    while True:
        columns, fits = fitted_columns(width, COLUMNS, titles, rows, size, TYPE_COLUMN)
        if fits or size <= MIN_TEXT:
            return columns, size
        size = max(MIN_TEXT, round(size - 0.25, 2))


def _ticks_width(width: float, lots: list[AmmoLot]) -> float:
    """The tick boxes' width in an Ammo block `width` wide: 58 % of it, less where a long
    ammunition type needs the room at the sheet's size ('Extended-Range ATM/12'), down to
    a third (issue 22: the type is never shrunk beside its shots)."""
    need = max((fonts.text_width(short_form(lot.type), "regular", LABEL)
                for lot in lots), default=0.0) + 2
    return max((width - 12) / 3, min(width - 12 - width * 0.42, width - 12 - 40 - need))


def _tick_rows(shots: int, room: float) -> int:
    per_row = max(1, int((room + TICK_PITCH - TICK) // TICK_PITCH))
    return max(1, -(-shots // per_row))


def _more_ticks(lots: list[AmmoLot], width: float) -> float:
    """The height of the tick rows after each lot's first (a lot's own row holds the first):
    a grid of boxes TICK_PITCH apart, not a text row each (a 200-shot machine gun lot would
    otherwise squeeze the whole column)."""
    room = _ticks_width(width, lots)
    return sum(_tick_rows(lot.shots, room) - 1 for lot in lots) * TICK_PITCH


def _ammo(ink: Ink, box: Box, mech: Mech) -> list[tuple[Location, int, tuple[Box, ...]]]:
    """Ammo Type | Shots | one tick box per shot, wrapped into rows; returns each bin's
    (location, 0-based slot) and tick boxes, where shots spent are marked."""
    inner = titled_box(ink, box, "AMMO", BLOCK_TITLE)
    lots = ammo_lots(mech)
    room = _ticks_width(box.w, lots)
    ticks = _more_ticks(lots, box.w)
    row, size = _row_size(Box(inner.x, inner.y, inner.w, inner.h - ticks), 1 + max(1, len(lots)))
    ticks_x = inner.right - room
    y = inner.y + row * 0.8
    ink.text(inner.x, y, "Ammo Type", "bold", size, max_width=inner.w * 0.3)
    ink.text(ticks_x - 6, y, "Shots", "bold", size, anchor="end",
             max_width=fonts.text_width("Shots", "bold", size) + 1)
    ink.line(inner.x, y + 3, inner.right, y + 3, 0.6)
    if not lots:
        ink.text(inner.x, y + row, "None", "regular", size, max_width=inner.w)
    per_row = max(1, int((room + TICK_PITCH - TICK) // TICK_PITCH))
    bins = []
    for lot, mount in zip(lots, mech.ammo, strict=True):
        y += row
        ink.text(inner.x, y, lot.type, "regular", size, max_width=ticks_x - inner.x - 40)
        ink.text(ticks_x - 6, y, str(lot.shots), "bold", size, anchor="end", max_width=30)
        boxes = []
        for i in range(lot.shots):
            line, col = divmod(i, per_row)
            boxes.append(Box(ticks_x + col * TICK_PITCH, y - TICK + 0.5 + line * TICK_PITCH,
                             TICK, TICK))
            ink.rect(boxes[-1].x, boxes[-1].y, TICK, TICK, line_width=0.5)
        if mount.placement:
            bins.append((mount.location, mount.placement[0][1], tuple(boxes)))
        y += (_tick_rows(lot.shots, room) - 1) * TICK_PITCH
    return bins


def _hit_locations(ink: Ink, box: Box, mech: Mech) -> None:
    """'MECH HIT LOCATIONS: 2D6 | Location | 2D6 | Location, rolls 2–7 beside 8–12."""
    inner = titled_box(ink, box, "'MECH HIT LOCATIONS", BLOCK_TITLE)
    halves = hit_location_columns(mech)
    lines = 1 + max(len(h) for h in halves)
    # The table players look at every turn takes the column's spare room, in big type.
    row = max(MIN_ROW, min(HIT_ROW, inner.h / lines))
    # Never smaller than the column's other blocks' type (their rows are no taller).
    size = max(6.0, min(HIT_TYPE, max(row * 0.6, min(LABEL, round(row * 0.66, 2)))))
    half = (inner.w - 10) / 2
    columns = (("2D6", 0.26, "middle"), ("Location", 0.74, "start"))
    cells = [[str(roll), location.title] for h in halves for roll, location in h]
    size = table_size(half, columns, [["2D6", "Location"]], "bold", size)
    size = table_size(half, columns, cells, "regular", size)
    for i, rolls in enumerate(halves):
        x = inner.x + i * (half + 10)
        y = inner.y + row * 0.8
        column_texts(ink, x, y, half, columns, ["2D6", "Location"], "bold", size)
        ink.line(x, y + 3, x + half, y + 3, 0.6)
        for roll, location in rolls:
            y += row
            column_texts(ink, x, y, half, columns, [str(roll), location.title], "regular",
                         size)
    if legs := leg_roll_text(mech):  # a tripod: under rolls 8–12, the row 2–7 has more
        ink.text(inner.x + half + 10, inner.y + row * (0.8 + len(halves[1]) + 1), legs,
                 "regular", size, max_width=half)
    ink.line(inner.x + half + 5, inner.y, inner.x + half + 5, inner.bottom, 0.6)


def leg_roll_text(mech: Mech) -> str:
    """A tripod's leg roll (MegaMek's TripodMek): where the table names a leg, 1D6 picks it,
    'Leg 1D6: 1-2 RL, 3-4 CL, 5-6 LL'; '' for the other configurations."""
    rolls = sorted(mech.ruleset.leg_roll_table(mech.design).items())
    if not rolls:
        return ""
    spans: list[tuple[int, int, Location]] = []
    for roll, leg in rolls:
        if spans and spans[-1][2] is leg:
            spans[-1] = (spans[-1][0], roll, leg)
        else:
            spans.append((roll, roll, leg))
    return "Leg 1D6: " + ", ".join(f"{a}-{b} {leg.abbreviation}" if a != b
                                   else f"{a} {leg.abbreviation}" for a, b, leg in spans)


def _vehicle(mech: Mech) -> list[tuple[str, str]]:
    """A QuadVee's vehicle mode on one row ('Tracks: 4 / 6': cruise / flank), as the full
    sheet's line; [] for other 'Mechs."""
    cells = dict(content.vehicle_cells(mech))
    if not cells:
        return []
    return [(f"{cells['Vehicle Mode:']}:", f"{cells['Cruise MP:']} / {cells['Flank MP:']}")]


def _jumping(mech: Mech) -> tuple[str, str]:
    """'Jumping:' (a partial wing's MP in it) or 'UMU:', as the full sheet's cell."""
    label, value = content.jumping_cell(mech)
    return label.replace(" MP", ""), value
