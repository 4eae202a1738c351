"""Heat Data (RULES.md 4.1): heat sinks with a circle each and the table of heat
effects; the Heat Scale as a full-height column from the highest level down to 0,
every level a box big enough to mark, the levels where an effect starts shaded and
starred, and the Heat Overflow box on top (as printed sheets arrange it)."""

from __future__ import annotations

from mechlab.model.mech import Mech
from mechlab.render.frame import Box
from mechlab.sheet import content
from mechlab.sheet.draw import Ink, titled_box
from mechlab.sheet.style import Style

SINK_RADIUS = 3.6
SINK_PITCH = 9.0
LEVEL_SIZE = 7.5  # the number in a level's box
EFFECT_SIZE = 6.3
EFFECT_LEAD = 8.2
OVERFLOW_H = 16.0
MAX_ROW = 14.0
MARKED = "#c8c8c8"  # the shade of a level where an effect starts


def heat_data_height(mech: Mech, width: float) -> float:
    """Title, the sinks line, a row of circles per row of sinks, the effects table."""
    per_row = max(1, int((width - 14) // SINK_PITCH))
    sink_rows = max(1, -(-mech.heat_sinks // per_row))
    effect_rows = -(-len(content.heat_effects(mech)) // 2)
    return 18 + 12 + SINK_PITCH * sink_rows + 6 + EFFECT_LEAD * (effect_rows + 1) + 2


def heat_data(ink: Ink, box: Box, mech: Mech, style: Style) -> None:
    """Heat sinks (count, a circle each to mark damage) and the effects of heat."""
    inner = titled_box(ink, box, style.block_titles["heat"])
    y = inner.y + 9
    # One row, one size (issue 22): the count stands out by weight, not by size.
    ink.text(inner.x, y, "Heat Sinks:", "bold", 8, max_width=inner.w * 0.45)
    ink.text(inner.x + inner.w * 0.47, y, content.heat_sink_text(mech), "bold", 8,
             max_width=inner.w * 0.3)
    ink.text(inner.right, y, mech.ruleset.heat_sink_title(mech.design), "regular", 8, anchor="end",
             max_width=inner.w * 0.2)
    per_row = max(1, int((inner.w - 2) // SINK_PITCH))
    top = y + 3
    for i in range(mech.heat_sinks):
        row, col = divmod(i, per_row)
        ink.pip(inner.x + SINK_PITCH / 2 + col * SINK_PITCH,
                top + SINK_PITCH / 2 + row * SINK_PITCH, SINK_RADIUS, style.pip_shape, 0.6)
    y = top + SINK_PITCH * max(1, -(-mech.heat_sinks // per_row)) + 6
    _effects(ink, Box(inner.x, y, inner.w, inner.bottom - y), mech)


def _effects(ink: Ink, box: Box, mech: Mech) -> None:
    """The ruleset's heat effects, highest level first, in two columns."""
    effects = sorted(content.heat_effects(mech).items(), reverse=True)
    ink.text(box.x, box.y + 6, "Heat Effects", "bold", 6.5,
             max_width=box.w)
    # A partial wing's heat, under the sinks as MegaMekLab's sheet prints it.
    if note := content.partial_wing_note(mech):
        ink.text(box.right, box.y + 6, note, "regular", 6.5, anchor="end", max_width=box.w / 2)
    ink.line(box.x, box.y + 8, box.right, box.y + 8, 0.5)
    per_column = -(-len(effects) // 2)
    column_w = box.w / 2
    for i, (level, effect) in enumerate(effects):
        column, row = divmod(i, per_column)
        x = box.x + column * column_w
        y = box.y + 6 + EFFECT_LEAD * (row + 1)
        ink.text(x + 9, y, str(level), "bold", EFFECT_SIZE, anchor="end")
        ink.text(x + 12, y, effect, "regular", EFFECT_SIZE, max_width=column_w - 13)


def heat_scale(ink: Ink, box: Box, mech: Mech, style: Style) -> list[tuple[int, Box]]:
    """Draw the column; returns every level with its row (kept for the tests)."""
    inner = titled_box(ink, box, "HEAT")
    # The top is the ruleset's (RULES.md 1.8); the bottom the edition's sheet (1984: 1).
    low, high = style.heat_levels[0], mech.ruleset.heat_scale_top
    levels = list(range(high, low - 1, -1))
    effects = content.heat_effects(mech)
    ink.text(inner.x + inner.w / 2, inner.y + 7, "Overflow", "bold", 6.5, anchor="middle",
             max_width=inner.w)
    ink.rect(inner.x, inner.y + 9, inner.w, OVERFLOW_H, line_width=0.8)
    top = inner.y + 9 + OVERFLOW_H + 5
    row = min(MAX_ROW, (inner.bottom - top) / len(levels))
    rows = []
    for i, level in enumerate(levels):
        cell = Box(inner.x, top + i * row, inner.w, row)
        marked = level in effects  # an effect starts here: shaded and starred
        ink.rect(cell.x, cell.y, cell.w, cell.h, line_width=0.6, fill=MARKED if marked else None)
        ink.text(cell.x + cell.w / 2, cell.y + row / 2 + LEVEL_SIZE * 0.36,
                 f"{level}*" if marked else str(level), "bold", LEVEL_SIZE, anchor="middle",
                 max_width=cell.w - 2)
        rows.append((level, cell))
    return rows
