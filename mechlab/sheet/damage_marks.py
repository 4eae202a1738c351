"""A damage state marked on a laid-out record sheet, as a player pencils it (issue 30):
armor and structure pips filled, critical slots struck through, the shots left in each
ammunition bin written beside it, the MechWarrior's and the engine/gyro/sensor/life
support hit boxes crossed. Marks are display-list items added to the page, so both
painters draw them; the sheet's layout is not touched."""

from __future__ import annotations

from dataclasses import replace

from mechlab.core.state import DamageState
from mechlab.model.damage import ammo_bin, bin_shots
from mechlab.model.mech import Mech
from mechlab.render import fonts
from mechlab.render.frame import Box
from mechlab.render.geometry import Circle, Item, Line, Rect, Text
from mechlab.sheet.draw import Ink
from mechlab.sheet.options import Region, Sheet

PEN = "#1f3f8f"  # a blue pen over the black print: the marks stand out as a player's


def mark_damage(sheet: Sheet, mech: Mech, state: DamageState, pip_shape: str = "circle"
                ) -> Sheet:
    """The sheet with `state`'s marks on its page (a state already checked against the
    'Mech: `mechlab.files.state_file.checked`), pips filled in the style's `pip_shape`."""
    structure = {loc.value: n for loc, n in state.structure.items()}
    marks = [*_pips(sheet.armor, _armor_lost(state), pip_shape),
             *_pips(sheet.structure, structure, pip_shape),
             *_slots(sheet, mech, state), *_crossed(sheet.pilot_hits[:state.pilot_hits]),
             *_hit_boxes(sheet, mech, state), *_ticks(sheet, state)]
    page = replace(sheet.page, items=sheet.page.items + tuple(marks))
    return replace(sheet, page=page)


def _armor_lost(state: DamageState) -> dict[str, int]:
    """Points lost per diagram region (`center_torso`, `center_torso_rear`)."""
    lost = {}
    for location, armor in state.armor.items():
        lost[location.value] = armor.front
        lost[f"{location.value}_rear"] = armor.rear
    return lost


def _pips(regions: tuple[Region, ...], lost: dict[str, int], shape: str) -> list[Item]:
    """The first pips of each region filled, one per point lost, in the order printed."""
    ink = Ink()
    for region in regions:
        for pip in region.pips[:lost.get(region.key, 0)]:
            ink.pip(pip.cx, pip.cy, pip.r, shape, fill=PEN)
    return [replace(item, stroke=PEN) if isinstance(item, Circle | Rect) else item
            for item in ink.items]


def _slots(sheet: Sheet, mech: Mech, state: DamageState) -> list[Item]:
    """A line through each slot hit; in a bin fired from, its printed shots struck through
    and the shots left written after them."""
    rows = {(location, index): row for location, index, row in sheet.slots}
    marks: list[Item] = []
    for location, slots in state.critical_hits.items():
        for number in slots:
            if (row := rows.get((location, number - 1))) is not None:
                printed = _printed(sheet, row)
                middle = row.y + row.h * 0.52
                marks.append(Line(row.x - 1, middle, min(row.right, _end(row, printed) + 1),
                                  middle, PEN, 0.9))
    for spent in state.ammo_spent:
        row = rows.get((spent.location, spent.slot - 1))
        lot = ammo_bin(mech, spent.location, spent.slot)
        if row is not None and lot is not None and spent.shots:
            carried = bin_shots(mech, spent.location, spent.slot)
            marks += _shots_left(row, _printed(sheet, row), carried, spent.shots)
    return marks


def _printed(sheet: Sheet, row: Box) -> Text | None:
    """The slot text the layout printed in `row` (the display list is the one record)."""
    baseline = row.y + row.h * 0.78
    return next((item for item in sheet.page.items if isinstance(item, Text)
                 and item.x == row.x and item.y == baseline), None)


def _end(row: Box, printed: Text | None) -> float:
    if printed is None:
        return row.right
    return row.x + fonts.text_width(printed.text, printed.font, printed.size)


def _shots_left(row: Box, printed: Text | None, carried: int, spent: int) -> list[Item]:
    """`Ammo (AC/20) 5`: the 5 struck through, the shots left after it (a player's tally)."""
    baseline = row.y + row.h * 0.78
    size = printed.size if printed else 6.0
    end = _end(row, printed)
    marks: list[Item] = []
    count = _printed_shots(printed.text, carried) if printed is not None else None
    if printed is not None and count is not None:
        start = end - fonts.text_width(count, printed.font, size)
        marks.append(Line(start - 0.5, baseline - size * 0.3, end + 0.5, baseline - size * 0.3,
                          PEN, 0.9))
    note = str(carried - spent)
    x = min(end + 2, row.right + 1.5 - fonts.text_width(note, "bold", size))
    marks.append(Text(x, baseline, note, "bold", size, "start", PEN, None))
    return marks


def _printed_shots(text: str, carried: int) -> str | None:
    """The shots at the end of a slot's text: `5`, or a superheavy's two bins in one slot,
    `10+10` (CONFIGURATIONS.md §5), when they add up to what the slot carries."""
    last = text.rsplit(" ", 1)[-1]
    parts = last.split("+")
    if all(part.isdigit() for part in parts) and sum(map(int, parts)) == carried:
        return last
    return None


def _ticks(sheet: Sheet, state: DamageState) -> list[Item]:
    """A style that ticks off shots: one tick box crossed per shot spent from each bin."""
    ticks = {(location, index): boxes for location, index, boxes in sheet.ammo_ticks}
    return [mark for spent in state.ammo_spent
            for mark in _crossed(ticks.get((spent.location, spent.slot - 1), ())[:spent.shots])]


def _crossed(boxes: tuple[Box, ...]) -> list[Item]:
    """An X across each box, corner to corner."""
    marks: list[Item] = []
    for box in boxes:
        marks.append(Line(box.x + 1, box.y + 1, box.right - 1, box.bottom - 1, PEN, 0.9))
        marks.append(Line(box.x + 1, box.bottom - 1, box.right - 1, box.y + 1, PEN, 0.9))
    return marks


def _hit_boxes(sheet: Sheet, mech: Mech, state: DamageState) -> list[Item]:
    """Each hit on an engine, gyro, sensor or life support slot crosses one box of the
    hit boxes whose label names that component."""
    names = [mech.critical_slots[location][number - 1].name
             for location, slots in state.critical_hits.items() for number in slots]
    marks: list[Item] = []
    for label, boxes in sheet.hit_boxes:
        word = label.split()[0].lower().removesuffix("s")  # "Engine Hits", "Sensor Hits"
        hits = sum(1 for name in names if word in name.lower())
        marks += _crossed(boxes[:hits])
    return marks

