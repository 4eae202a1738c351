"""The Critical Hit Table (RULES.md 1.6, 4.1): every slot of all eight locations.

Arms, torsos and legs in three columns with the head and center torso in the
middle; 12-slot locations as two blocks of six (die rolls 1–3 and 4–6), each
numbered 1–6; a multi-slot item bracketed as one run.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from mechlab.core.locations import Location
from mechlab.model.mech import Mech
from mechlab.render import fonts
from mechlab.render.frame import Box
from mechlab.rulesets import Ruleset
from mechlab.sheet.draw import Ink, fitted_size, titled_box
from mechlab.sheet.slots import SlotRun, slot_runs
from mechlab.sheet.style import Style

COLUMNS = (
    (Location.LEFT_ARM, Location.LEFT_TORSO, Location.LEFT_LEG),
    (Location.HEAD, Location.CENTER_TORSO),
    (Location.RIGHT_ARM, Location.RIGHT_TORSO, Location.RIGHT_LEG),
)
# Every location's column, top to bottom: STANDARD_RULES.md §10, a quad's legs where a
# biped has its arms and legs; CONFIGURATIONS.md §2, a tripod's center leg under the
# center torso. A configuration prints the ones it has.
_ORDER = (
    (Location.LEFT_ARM, Location.FRONT_LEFT_LEG, Location.LEFT_TORSO, Location.LEFT_LEG,
     Location.REAR_LEFT_LEG),
    (Location.HEAD, Location.CENTER_TORSO, Location.CENTER_LEG),
    (Location.RIGHT_ARM, Location.FRONT_RIGHT_LEG, Location.RIGHT_TORSO, Location.RIGHT_LEG,
     Location.REAR_RIGHT_LEG),
)


def columns_of(locations: tuple[Location, ...]) -> tuple[tuple[Location, ...], ...]:
    """The table's three columns for a configuration's locations."""
    return tuple(tuple(loc for loc in column if loc in locations) for column in _ORDER)
HEADING = 10.0
BLOCK_GAP = 3.0
LOCATION_GAP = 5.0
MAX_LINE = 13.0  # the roomiest slot line on Letter; taller paper allows a little more
MIN_LINE = 8.5  # the tightest (a long weapons inventory above)
TITLE = 18.0  # the block's title band and padding


# Lane sheets4 (the corpus sweep: 'Double Heat Sink' in a bracket shrank 1,675 A4 tables to
# 7.1 pt): a slot's name starts 2 pt after its roll number (0.7 pt right of a 12-slot
# location's die-roll line), runs to 0.5 pt from a run's bracket (set 1.5 pt inside the
# column, its ticks 2.5 pt long) or to the column's edge (4 pt from the next column).
NUMBER_GAP = 2.0
BRACKET_INSET = 1.5
BRACKET_ROOM = BRACKET_INSET + 2.5 + 0.5

# The room an armored slot's dot takes before its name, in text sizes.
ARMORED_MARK = 0.7


def _height(locations: tuple[Location, ...], line: float, ruleset: Ruleset) -> float:
    counts, per_block = ruleset.slot_counts, ruleset.slots_per_block
    slots = sum(counts[loc] for loc in locations)
    blocks = sum(counts[loc] // per_block - 1 for loc in locations)
    return len(locations) * (HEADING + LOCATION_GAP) + slots * line + blocks * BLOCK_GAP


def _lines(ruleset: Ruleset) -> int:
    """Slot lines in a side column (arm, torso, leg), the tallest: RULES.md 1.6's 30."""
    return sum(ruleset.slot_counts[loc] for loc in COLUMNS[0])


def critical_table_height(line: float, ruleset: Ruleset) -> float:
    """The block's height with slot lines of `line` points."""
    return TITLE + _height(COLUMNS[0], line, ruleset)


Runs = Callable[[Mech, Location], list[SlotRun]]
Places = list[tuple[Location, int, Box]]  # (location, 0-based slot, the slot's text row)


def critical_table(ink: Ink, box: Box, mech: Mech, style: Style,
                   runs: Runs = slot_runs, places: Places | None = None) -> Box:
    """Draw the table (each location's lines as `runs` words them: the 1984 sheet spells
    them as its book); returns the free area under the middle column. `places` gathers
    each slot's text row, where damage is marked."""
    inner = titled_box(ink, box, style.block_titles["critical_table"])
    gap = 4.0
    width = (inner.w - 2 * gap) / 3
    fixed = _height(COLUMNS[0], 0, mech.ruleset)
    # the frame sized the box for its lines
    line = max(MIN_LINE, (inner.h - fixed) / _lines(mech.ruleset))
    by_location = {location: runs(mech, location) for location in mech.locations}
    size = slot_size(mech, style, width, min(7.2, line * 0.78), by_location.__getitem__)
    for i, locations in enumerate(columns_of(mech.locations)):
        x, y = inner.x + i * (width + gap), inner.y
        for location in locations:
            y = _location(ink, mech, style, location, (x, y, width, line, size),
                          by_location[location], places) + LOCATION_GAP
        if i == 1:
            middle_free = Box(x, y, width, inner.bottom - y)
    return middle_free


def _text_room(mech: Mech, style: Style, location: Location, width: float, bracketed: bool
               ) -> tuple[float, float]:
    """Where a location's slot texts start (after the die-roll block labels of a 12-slot
    location and the widest roll number) and how wide they may be (up to the run's
    bracket)."""
    slots = mech.ruleset.slot_counts[location]
    labelled, widest = _numbering(style.crit_number, slots, mech.ruleset.slots_per_block)
    indent = (11.2 if labelled else 1.5) + widest + NUMBER_GAP
    return indent, width - indent - (BRACKET_ROOM if bracketed else 0.0)


@cache
def _numbering(crit_number: Callable[[int, int, int], tuple[int | None, str]], slots: int,
               per_block: int) -> tuple[bool, float]:
    """Whether a location of `slots` has die-roll block labels, and its widest roll number
    (at the largest slot size). Cached: the same for every sheet of a style."""
    labelled = slots > per_block and crit_number(slots, 0, per_block)[0] is not None
    return labelled, max(fonts.text_width(crit_number(slots, i, per_block)[1], "regular", 7.2)
                         for i in range(slots))


def slot_size(mech: Mech, style: Style, width: float, largest: float,
              runs: Callable[[Location], list[SlotRun]]) -> float:
    """One size for every slot line of the table (issue 22: a row's texts share a size; an
    ammo line is never smaller than its neighbours): the largest, up to `largest`, at which
    every slot text fits its room in full or in the printed short form."""
    size = largest
    for location in mech.locations:
        for run in runs(location):
            room = _text_room(mech, style, location, width, run.bracketed)[1]
            for text, armored in zip(run.texts, run.armored or (False,) * len(run.texts),
                                     strict=True):
                mark = ARMORED_MARK * largest if armored else 0.0
                size = min(size, fitted_size(text, "regular", largest, room - mark))
    return size


def _location(ink: Ink, mech: Mech, style: Style, location: Location,
              place: tuple[float, float, float, float, float], runs: list[SlotRun],
              places: Places | None = None) -> float:
    """One location's heading and lines; `place`: x, y, width, line pitch, text size."""
    x, y, width, line, size = place
    # The heading in bold at the table's one size: it shares its baseline with slot lines of
    # the other columns (issue 22: one size per row).
    ink.text(x, y + HEADING - 2, location.title, "bold", size, max_width=width)
    y += HEADING
    slots, per_block = mech.ruleset.slot_counts[location], mech.ruleset.slots_per_block
    blocks = slots // per_block
    rows: dict[int, float] = {}
    for block in range(blocks):
        top = y + block * (per_block * line + BLOCK_GAP)
        block_label = style.crit_number(slots, block * per_block, per_block)[0]
        if block_label is not None:  # the ruleset's die-roll blocks ("1-3", "4-6")
            label = mech.ruleset.block_labels[block_label]
            ink.text(x + 4.8, top + per_block / 2 * line + 2, label, "bold", 6, anchor="middle")
            ink.line(x + 10.5, top + 1, x + 10.5, top + per_block * line - 1, 0.5)
        for i in range(per_block):
            rows[block * per_block + i] = top + i * line
    for run in runs:
        indent, room = _text_room(mech, style, location, width, run.bracketed)
        text_x = x + indent
        for offset, text in enumerate(run.texts):
            index = run.first + offset
            top = rows[index]
            number = style.crit_number(slots, index, per_block)[1]
            ink.text(text_x - NUMBER_GAP, top + line * 0.78, number, "regular", size,
                     anchor="end")
            grey = text == mech.ruleset.empty_slot_text
            mark = 0.0
            if run.armored and run.armored[offset]:
                # An armored component's slot: a dot before its name (MegaMekLab's sheet).
                mark = ARMORED_MARK * size
                ink.pip(text_x + size * 0.25, top + line * 0.78 - size * 0.3, size * 0.2,
                        "circle", fill="#000000")
            ink.text(text_x + mark, top + line * 0.78, text, "regular", size,
                     max_width=room - mark, fill="#777777" if grey else "#000000")
            if places is not None:
                places.append((location, index, Box(text_x, top, room, line)))
        if run.bracketed:
            _bracket(ink, x + width - BRACKET_INSET, rows[run.first] + 1.5,
                     rows[run.first + len(run.texts) - 1] + line - 1.5)
    return y + blocks * per_block * line + (blocks - 1) * BLOCK_GAP


def _bracket(ink: Ink, x: float, top: float, bottom: float) -> None:
    """A run bracket: a vertical bar with short ticks toward the slot texts."""
    ink.line(x, top, x, bottom, 0.7)
    ink.line(x - 2.5, top, x, top, 0.7)
    ink.line(x - 2.5, bottom, x, bottom, 0.7)


def hit_boxes(ink: Ink, box: Box, mech: Mech,
              out: list[tuple[str, tuple[Box, ...]]] | None = None) -> float:
    """The ruleset's hit boxes (engine, gyro, sensors, life support); returns the y below.
    `out` gathers each label's boxes, where damage is marked."""
    y = box.y
    rows = (*mech.ruleset.hit_boxes, *mech.ruleset.config_hit_boxes(mech.design.config))
    for label, count in rows:
        # up to its boxes (lane sheets4: a LAM's 'Landing Gear' shrank on A4 at 55 %)
        ink.text(box.x, y + 7, label, "bold", 6.5, max_width=box.w * 0.6 - 1.5)
        boxes = tuple(Box(box.x + box.w * 0.6 + i * 10, y + 1, 7, 7) for i in range(count))
        for one in boxes:
            ink.rect(one.x, one.y, one.w, one.h, line_width=0.6)
        if out is not None:
            out.append((label, boxes))
        y += 10
    return y
