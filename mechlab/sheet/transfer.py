"""The Damage Transfer Diagram (RULES.md 1.8): arm/leg → side torso → center torso."""

from __future__ import annotations

from mechlab.locations import Location
from mechlab.sheet.draw import Ink
from mechlab.sheet.frame import Box

# Grid cells (column, row) of each location in a 5 × 3 schematic, the 'Mech seen from
# behind as in the armor diagram (RULES.md 4.1: its left side on the reader's left).
CELLS = {
    Location.HEAD: (2, 0),
    Location.LEFT_ARM: (0, 1),
    Location.LEFT_TORSO: (1, 1),
    Location.CENTER_TORSO: (2, 1),
    Location.RIGHT_TORSO: (3, 1),
    Location.RIGHT_ARM: (4, 1),
    Location.LEFT_LEG: (1, 2),
    Location.RIGHT_LEG: (3, 2),
}


def damage_transfer(ink: Ink, box: Box) -> dict[Location, tuple[float, float]]:
    """Draw the diagram; returns each location's box centre (kept for the tests)."""
    ink.text(box.x, box.y + 8, "Damage Transfer Diagram", "bold", 7, max_width=box.w)
    top = box.y + 12
    cell_w, cell_h = box.w / 5, (box.bottom - top) / 3
    w, h = min(cell_w - 8, 30.0), min(cell_h - 7, 14.0)
    centers = {
        loc: (box.x + (c + 0.5) * cell_w, top + (r + 0.5) * cell_h) for loc, (c, r) in CELLS.items()
    }
    for loc, (cx, cy) in centers.items():
        ink.rect(cx - w / 2, cy - h / 2, w, h, line_width=0.7)
        ink.text(cx, cy + 2.3, loc.abbreviation, "bold", 6.5, anchor="middle")
    for loc, (cx, cy) in centers.items():
        target = loc.transfers_to
        if target is None:
            continue
        tx, ty = centers[target]
        _arrow(ink, (cx, cy), (tx, ty), w / 2, h / 2)
    return centers


def _arrow(ink: Ink, start: tuple[float, float], end: tuple[float, float], hw: float,
           hh: float) -> None:
    """A line between two boxes' edges with an arrowhead at the receiving box."""
    (x1, y1), (x2, y2) = start, end
    if y1 == y2:  # side by side
        sign = 1 if x2 > x1 else -1
        a, b = (x1 + sign * hw, y1), (x2 - sign * hw, y2)
    else:  # leg below its torso
        a, b = (x1, y1 - hh), (x2, y2 + hh)
    ink.line(*a, *b, 0.7)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    left = (b[0] - 3.5 * ux + 2 * uy, b[1] - 3.5 * uy - 2 * ux)
    right = (b[0] - 3.5 * ux - 2 * uy, b[1] - 3.5 * uy + 2 * ux)
    ink.polygon((b, left, right), line_width=0.5, fill="#000000")
