"""mechlab's own 'Mech silhouette: one polygon per location, drawn for mechlab.

Not a copy of any published artwork: a plain, blocky humanoid built from straight
edges on a 100-wide grid, in which neighbouring locations share edges so the parts
join into one figure (head on the center torso, arms hung from the side torsos, legs
under the hips). RULES.md 4.1: the 'Mech is seen from behind, as its pilot sees it, so
its left side is drawn on the reader's left. Only the left half is drawn here; the
right half is its exact mirror image, so twins hold mirrored circles.

The rear torso armor is a separate, smaller back view of the torso, drawn apart below
the figure as on printed sheets.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from mechlab.core.locations import Location
from mechlab.render.frame import Box

Point = tuple[float, float]
Outline = tuple[Point, ...]

AXIS = 50.0  # the grid's line of symmetry

# The front figure on a 100 × 112 grid (y grows downward).
# A helmet wider than the neck it sits on (issue 22): a head of six holds a row of six
# (its group of five and one) at the plain size; the neck (x 38.5-61.5) meets the center
# torso under the shoulders.
_HEAD: Outline = ((42, 0), (58, 0), (63.5, 4), (63.5, 13), (61.5, 13), (61.5, 17),
                   (38.5, 17), (38.5, 13), (36.5, 13), (36.5, 4))
_CENTER: Outline = ((38.5, 17), (61.5, 17), (61.5, 70), (56, 77), (44, 77), (38.5, 70))
# The side torsos rise above the arms into shoulders (issue 22): under its label a
# structure side torso of 16-21 then holds two straight columns of ten on Letter, so
# its groups of five print at the plain size.
_SIDE_TORSO: Outline = ((22, 15), (29, 13), (38.5, 13), (38.5, 70), (24, 70), (22, 64))


def _arm(outer: float) -> Outline:
    """The left arm hung from the side torso (x 22), its outer edge at `outer`: shoulder,
    upper arm, the elbow's step in, the forearm, a narrower wrist and a hand below it."""
    return ((outer, 27), (outer + 5, 20), (22, 19), (22, 56), (20, 61), (20, 86),
            (18.5, 89), (19.5, 92), (19.5, 96), (17, 99), (outer + 3, 99), (outer + 0.5, 96),
            (outer + 0.5, 92), (outer + 1.5, 89), (outer, 86))


def _leg(outer: float) -> Outline:
    """The left leg under the hip, its outer edge at `outer`: thigh, knee, a shin that
    narrows towards the ankle's step in, and a foot wider than the shin. (Issue 22: the
    thigh is wide enough for a row of five or six, the ankle for a row of five, so the
    library's legs of 21 and 26 print their groups of five at the plain pip size.)"""
    return ((24, 70), (38.5, 70), (44, 77), (47, 81), (45.5, 100), (44.5, 103),
            (47.5, 106), (47.5, 112), (outer - 3, 112), (outer - 3, 107), (outer + 1, 103),
            (outer + 0.5, 100), (outer, 81))


def _front_leg() -> Outline:
    """A quad's left front leg (STANDARD_RULES.md §10), seen from behind: a leg, not an
    arm (issue 28), shaped as the rear leg is: its hip joins the side torso's flank below
    the torso's middle, a thigh as wide as the rear leg's slopes out to the knee, the
    shin narrows to the ankle, and a foot wider than the ankle stands on the ground line
    outboard of the rear leg's."""
    return ((22, 46), (22, 64), (20.5, 70), (19.5, 82), (17.5, 100), (17, 103),
            (20, 106), (20, 112), (0, 112), (0, 106), (3.5, 103), (3, 100),
            (0, 82), (0, 62), (3, 53))


def _tripod_leg() -> Outline:
    """A tripod's left leg (CONFIGURATIONS.md §2): under the hip as the biped's, its inner
    edge kept left of the center torso's point so the center leg stands between the two."""
    return ((24, 70), (38.5, 70), (40, 77), (39.5, 83), (38, 100), (37.5, 103),
            (39.5, 106), (39.5, 112), (19, 112), (19, 107), (23, 103), (22.5, 100), (22, 81))


# A tripod's center leg (MegaMek's CL), under the center torso's point and symmetric about
# the axis: thigh, knee, ankle and a foot on the ground line between the other two feet.
_CENTER_LEG: Outline = ((44, 77), (56, 77), (58.5, 83), (57.5, 100), (57, 103),
                        (59.5, 106), (59.5, 112), (40.5, 112), (40.5, 106), (43, 103),
                        (42.5, 100), (41.5, 83))


# A quad's rear legs stand under the hips a little inboard of a biped's (outer edge at
# x 26, foot at 23), leaving a gap between each front foot and its rear foot.
_QUAD_REAR_OUTER = 26.0


# Three builds by weight class (issue 22): a light 'Mech's slim limbs, the medium and
# heavy build, an assault 'Mech's heavy arms and legs. Head and torsos are shared.
BUILDS: dict[str, tuple[float, float]] = {  # weight class → (arm's outer x, leg's outer x)
    "light": (7.5, 25.0),
    "medium": (4.0, 22.0),
    "heavy": (4.0, 22.0),
    "assault": (1.0, 21.0),
}
_ARM: Outline = _arm(BUILDS["medium"][0])
_LEG: Outline = _leg(BUILDS["medium"][1])
FRONT_SIZE = (100.0, 112.0)

# The back of the torso on a 100 × 30 grid.
_CENTER_REAR: Outline = ((37, 0), (63, 0), (63, 25), (58, 30), (42, 30), (37, 25))
_SIDE_REAR: Outline = ((9, 2), (37, 0), (37, 25), (33, 29), (11, 29), (9, 24))
REAR_SIZE = (100.0, 30.0)


def mirror(outline: Outline, axis: float) -> Outline:
    """An outline reflected in the vertical line x = axis (page coordinates)."""
    return tuple((round(2 * axis - x, 2), y) for x, y in reversed(outline))


def _mirror(outline: Outline) -> Outline:
    return mirror(outline, AXIS)


# Each right-hand location and its left twin.
TWINS: dict[Location, Location] = {
    Location.RIGHT_TORSO: Location.LEFT_TORSO,
    Location.RIGHT_ARM: Location.LEFT_ARM,
    Location.RIGHT_LEG: Location.LEFT_LEG,
    Location.FRONT_RIGHT_LEG: Location.FRONT_LEFT_LEG,
    Location.REAR_RIGHT_LEG: Location.REAR_LEFT_LEG,
}

FRONT: dict[Location, Outline] = {
    Location.HEAD: _HEAD,
    Location.CENTER_TORSO: _CENTER,
    Location.LEFT_TORSO: _SIDE_TORSO,
    Location.RIGHT_TORSO: _mirror(_SIDE_TORSO),
    Location.LEFT_ARM: _ARM,
    Location.RIGHT_ARM: _mirror(_ARM),
    Location.LEFT_LEG: _LEG,
    Location.RIGHT_LEG: _mirror(_LEG),
}


@cache
def front(weight_class: str = "medium") -> dict[Location, Outline]:
    """The front figure in the build of a weight class (the medium one if unknown).
    (Cached, as `fit`: callers only read it.)"""
    arm_x, leg_x = BUILDS.get(weight_class, BUILDS["medium"])
    arm, leg = _arm(arm_x), _leg(leg_x)
    return {**FRONT, Location.LEFT_ARM: arm, Location.RIGHT_ARM: _mirror(arm),
            Location.LEFT_LEG: leg, Location.RIGHT_LEG: _mirror(leg)}


@cache
def quad_front(weight_class: str = "medium") -> dict[Location, Outline]:
    """The four-legged figure: head and torsos as the biped's, front legs outboard at the
    torso's flanks, rear legs under the hips; all four legs of one build, as a quad's
    legs carry its body alike (the weight class is accepted to match `front`)."""
    fore, hind = _front_leg(), _leg(_QUAD_REAR_OUTER)
    return {Location.HEAD: _HEAD, Location.CENTER_TORSO: _CENTER,
            Location.LEFT_TORSO: _SIDE_TORSO, Location.RIGHT_TORSO: _mirror(_SIDE_TORSO),
            Location.FRONT_LEFT_LEG: fore, Location.FRONT_RIGHT_LEG: _mirror(fore),
            Location.REAR_LEFT_LEG: hind, Location.REAR_RIGHT_LEG: _mirror(hind)}


@cache
def tripod_front(weight_class: str = "medium") -> dict[Location, Outline]:
    """The three-legged figure: the biped's head, torsos and arms in the build of its
    weight class, two legs under the hips and the center leg under the center torso."""
    leg = _tripod_leg()
    return {**front(weight_class), Location.LEFT_LEG: leg, Location.RIGHT_LEG: _mirror(leg),
            Location.CENTER_LEG: _CENTER_LEG}


def figure(weight_class: str, locations: tuple[Location, ...]) -> dict[Location, Outline]:
    """The front figure of a configuration: four legs for a quad's, three for a tripod's,
    else the biped."""
    if Location.FRONT_LEFT_LEG in locations:
        return quad_front(weight_class)
    if Location.CENTER_LEG in locations:
        return tripod_front(weight_class)
    return front(weight_class)


REAR: dict[Location, Outline] = {
    Location.LEFT_TORSO: _SIDE_REAR,
    Location.CENTER_TORSO: _CENTER_REAR,
    Location.RIGHT_TORSO: _mirror(_SIDE_REAR),
}

# The figure may widen (or grow taller) up to this many times its drawn aspect to use a
# wide (or tall) box: more room for circles, still a 'Mech.
STRETCH = 1.15


@dataclass(frozen=True)
class Fitted:
    """Grid shapes scaled into a box: page outlines and the mirror axis in points."""

    outlines: dict[Location, Outline]
    axis: float
    transform: tuple[float, float, float, float]  # dx, dy, scale_x, scale_y

    def point(self, x: float, y: float) -> Point:
        """A grid point on the page."""
        dx, dy, sx, sy = self.transform
        return (round(dx + x * sx, 2), round(dy + y * sy, 2))


def fit(shapes: dict[Location, Outline], size: tuple[float, float], box: Box,
        stretch: float = STRETCH) -> Fitted:
    """Scale grid shapes into `box`, centred, each axis up to `stretch` times the other's
    scale. (Cached: every sheet of a style fits the same figure into the same boxes;
    callers only read the result.)"""
    return _fit(tuple(shapes.items()), size, box, stretch)


@cache
def _fit(shapes_items: tuple[tuple[Location, Outline], ...], size: tuple[float, float],
         box: Box, stretch: float) -> Fitted:
    shapes = dict(shapes_items)
    base = min(box.h / size[1], box.w / size[0])
    scale_x = min(box.w / size[0], base * stretch)
    scale_y = min(box.h / size[1], base * stretch)
    dx = box.x + (box.w - size[0] * scale_x) / 2
    dy = box.y + (box.h - size[1] * scale_y) / 2
    axis = dx + AXIS * scale_x
    # Right-hand parts are scaled from their left twins and reflected in the page axis,
    # so twins mirror exactly even after rounding.
    axis = round(axis, 2)
    placed = {
        loc: tuple((round(dx + x * scale_x, 2), round(dy + y * scale_y, 2)) for x, y in shape)
        for loc, shape in shapes.items() if loc not in TWINS
    }
    for loc, twin in TWINS.items():
        if loc in shapes:
            placed[loc] = mirror(placed[twin], axis)
    return Fitted({loc: placed[loc] for loc in shapes}, axis, (dx, dy, scale_x, scale_y))

