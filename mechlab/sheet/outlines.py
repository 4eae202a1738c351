"""mechlab's own 'Mech silhouette: one outline (polygon) per location.

Drawn for mechlab (no other tool's artwork). RULES.md 4.1: the 'Mech is seen from
behind, as its pilot sees it, so its left arm is on the reader's left.
Shapes are designed on a 100-wide grid and scaled, aspect kept, into the box the layout gives them.
"""

from __future__ import annotations

from mechlab.locations import Location
from mechlab.sheet.frame import Box

Point = tuple[float, float]
Outline = tuple[Point, ...]

# The front figure on a 100 × 118 grid; the left side of the 'Mech (reader's left).
_HEAD: Outline = ((41, 7), (59, 7), (62, 10), (62, 20.5), (38, 20.5), (38, 10))
_CENTER: Outline = ((38, 22), (62, 22), (62, 66), (57, 73), (43, 73), (38, 66))
_RIGHT_TORSO: Outline = ((21.5, 25), (26, 22), (36.5, 22), (36.5, 64), (30, 71), (21.5, 63))
_RIGHT_ARM: Outline = ((2, 25), (6, 22.5), (20, 23), (20, 66), (17, 86), (5, 86), (1.5, 66))
_RIGHT_LEG: Outline = ((24, 75), (43, 76), (46, 82), (45, 117), (21, 117), (22, 97))
FRONT_SIZE = (100.0, 118.0)

# The rear torso outlines, a separate band on a 100 × 34 grid.
_CENTER_REAR: Outline = ((38, 2), (62, 2), (62, 28), (56, 33), (44, 33), (38, 28))
_RIGHT_REAR: Outline = ((10, 5), (34, 5), (34, 29), (28, 33), (10, 33))
REAR_SIZE = (100.0, 34.0)


STRETCH = 1.3


def _mirror(outline: Outline) -> Outline:
    return tuple((100 - x, y) for x, y in reversed(outline))


FRONT: dict[Location, Outline] = {
    Location.HEAD: _HEAD,
    Location.CENTER_TORSO: _CENTER,
    Location.LEFT_TORSO: _RIGHT_TORSO,
    Location.RIGHT_TORSO: _mirror(_RIGHT_TORSO),
    Location.LEFT_ARM: _RIGHT_ARM,
    Location.RIGHT_ARM: _mirror(_RIGHT_ARM),
    Location.LEFT_LEG: _RIGHT_LEG,
    Location.RIGHT_LEG: _mirror(_RIGHT_LEG),
}
REAR: dict[Location, Outline] = {
    Location.LEFT_TORSO: _RIGHT_REAR,
    Location.CENTER_TORSO: _CENTER_REAR,
    Location.RIGHT_TORSO: _mirror(_RIGHT_REAR),
}


def fit(shapes: dict[Location, Outline], size: tuple[float, float], box: Box
        ) -> dict[Location, Outline]:
    """Scale grid shapes into `box`, centred; the figure may widen up to STRETCH times
    its drawn aspect to use a wide box (more room for circles, still a 'Mech)."""
    scale_y = min(box.h / size[1], box.w / size[0])
    scale_x = min(box.w / size[0], scale_y * STRETCH)
    dx = box.x + (box.w - size[0] * scale_x) / 2
    dy = box.y + (box.h - size[1] * scale_y) / 2
    return {
        loc: tuple((round(dx + x * scale_x, 2), round(dy + y * scale_y, 2)) for x, y in shape)
        for loc, shape in shapes.items()
    }
