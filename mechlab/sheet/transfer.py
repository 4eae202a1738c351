"""The Damage Transfer Diagram (RULES.md 1.8): arm/leg → side torso → center torso,
drawn as arrows across a small copy of the sheet's own silhouette, seen from behind
(RULES.md 4.1) like the armor diagram."""

from __future__ import annotations

from mechlab.core.locations import Location
from mechlab.render import fonts
from mechlab.render.frame import Box
from mechlab.sheet import outlines
from mechlab.sheet.draw import Ink

LABEL_SIZE = 6.5
CLEAR = 2.5  # space between a label's letters and an arrow's ends
HEAD_LENGTH, HEAD_HALF = 4.0, 2.2

# Where each location's label sits on the 100 × 112 grid of outlines.FRONT.
ANCHORS = {
    Location.HEAD: (50, 10),
    # The side torsos sit higher than the centre: their arrows into CT run on a slant,
    # long enough for a shaft and a head clear of both labels (issue 22).
    Location.CENTER_TORSO: (50, 54),
    Location.LEFT_TORSO: (29, 31),
    Location.LEFT_ARM: (13, 62),
    Location.LEFT_LEG: (34, 94),
    Location.FRONT_LEFT_LEG: (11, 92),
    Location.REAR_LEFT_LEG: (34, 94),
}


def _anchor(location: Location) -> tuple[float, float]:
    twin = next((left for right, left in outlines.TWINS.items() if right is location), None)
    if twin is not None:
        x, y = ANCHORS[twin]
        return (2 * outlines.AXIS - x, y)
    return ANCHORS[location]


def damage_transfer(ink: Ink, box: Box, label_size: float = LABEL_SIZE, title: bool = True,
                    locations: tuple[Location, ...] = tuple(outlines.FRONT)
                    ) -> dict[Location, tuple[float, float]]:
    """Draw the diagram (under its own small title unless the caller framed it with one);
    returns each location's label centre (kept for the tests)."""
    area = box
    if title:  # a small framed block of its own among the critical table's lines
        ink.rect(box.x, box.y, box.w, box.h, line_width=0.6, radius=3)
        ink.text(box.x + 3, box.y + 8, "Damage Transfer Diagram", "bold", 6.5,
                 max_width=box.w - 6)
        area = Box(box.x + 2, box.y + 13, box.w - 4, box.h - 15)
    shapes = outlines.FRONT if Location.LEFT_ARM in locations else outlines.quad_front()
    fitted = outlines.fit(shapes, outlines.FRONT_SIZE, area)
    centres = {}
    for loc, shape in fitted.outlines.items():
        ink.polygon(shape, line_width=0.6)
        centres[loc] = fitted.point(*_anchor(loc))
        cx, cy = centres[loc]
        ink.text(cx, cy + label_size * 0.36, loc.abbreviation, "bold", label_size,
                 anchor="middle")
    for loc, start in centres.items():
        target = loc.transfers_to
        if target is not None:
            _arrow(ink, start, centres[target], _half(loc, label_size),
                   _half(target, label_size))
    return centres


def _half(location: Location, size: float) -> tuple[float, float]:
    """Half the width and height of a label, with the clearance around it."""
    width = fonts.text_width(location.abbreviation, "bold", size)
    return (width / 2 + CLEAR, size * 0.36 + CLEAR)


def _leave(dx: float, dy: float, half: tuple[float, float]) -> float:
    """How far along a unit direction one leaves a label's box."""
    limits = [half[0] / abs(dx) if dx else float("inf"), half[1] / abs(dy) if dy else float("inf")]
    return min(limits)


def _arrow(ink: Ink, start: tuple[float, float], end: tuple[float, float],
           from_half: tuple[float, float], to_half: tuple[float, float]) -> None:
    """A line from one label to the other, both ends clear of the letters, with an
    arrowhead at the receiving location."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    a0, b0 = _leave(ux, uy, from_half), length - _leave(ux, uy, to_half)
    a = (start[0] + ux * a0, start[1] + uy * a0)
    b = (start[0] + ux * b0, start[1] + uy * b0)
    ink.line(*a, *b, 0.7)
    left = (b[0] - HEAD_LENGTH * ux + HEAD_HALF * uy, b[1] - HEAD_LENGTH * uy - HEAD_HALF * ux)
    right = (b[0] - HEAD_LENGTH * ux - HEAD_HALF * uy, b[1] - HEAD_LENGTH * uy + HEAD_HALF * ux)
    ink.polygon((b, left, right), line_width=0.5, fill="#000000")
