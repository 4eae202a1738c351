"""Heat Data (RULES.md 4.1): sinks with a circle each, the Heat Scale 0–30 with the
effects of RULES.md 1.8, and the Heat Overflow box."""

from __future__ import annotations

from mechlab.mech import Mech
from mechlab.sheet import content
from mechlab.sheet.draw import Ink, titled_box
from mechlab.sheet.frame import Box

SINK_RADIUS = 3.6
SINK_PITCH = 9.0


def heat_data(ink: Ink, box: Box, mech: Mech) -> None:
    inner = titled_box(ink, box, "HEAT DATA")
    scale_w = min(150.0, inner.w * 0.58)
    _sinks(ink, Box(inner.x, inner.y, inner.w - scale_w - 6, inner.h), mech)
    _scale(ink, Box(inner.right - scale_w, inner.y, scale_w, inner.h), mech)


def _sinks(ink: Ink, box: Box, mech: Mech) -> None:
    ink.text(box.x, box.y + 8, "Heat Sinks:", "bold", 7.5, max_width=box.w)
    ink.text(box.x, box.y + 18, content.heat_sink_text(mech), "bold", 9, max_width=box.w)
    ink.text(box.x, box.y + 27, mech.ruleset.heat_sink_type, "regular", 6.5, max_width=box.w)
    per_row = max(1, int((box.w - 2) // SINK_PITCH))
    top = box.y + 34
    for i in range(mech.heat_sinks):
        row, col = divmod(i, per_row)
        cx = box.x + SINK_RADIUS + 1 + col * SINK_PITCH
        cy = top + SINK_RADIUS + row * SINK_PITCH
        ink.circle(cx, cy, SINK_RADIUS, 0.6)
    rows = -(-mech.heat_sinks // per_row)
    y = top + rows * SINK_PITCH + 10
    ink.text(box.x, y, "Heat Overflow", "bold", 7, max_width=box.w)
    ink.rect(box.x, y + 3, min(box.w, 60), 18, line_width=0.8)


def _scale(ink: Ink, box: Box, mech: Mech) -> None:
    """Levels 30 down to 0, one row each, with the effect that starts at that level."""
    effects = mech.ruleset.heat_scale
    levels = list(range(mech.ruleset.heat_scale_top, -1, -1))
    row = box.h / (len(levels) + 1)
    ink.text(box.x, box.y + row * 0.8, "Heat Scale", "bold", min(7.0, row), max_width=box.w)
    size = min(6.2, row * 0.85)
    for i, level in enumerate(levels):
        y = box.y + (i + 1) * row
        ink.rect(box.x, y, 14, row, line_width=0.5)
        ink.text(box.x + 7, y + row * 0.8, str(level), "bold", size, anchor="middle")
        effect = effects.get(level)
        if effect:
            ink.text(box.x + 17, y + row * 0.8, effect, "regular", size, max_width=box.w - 18)
