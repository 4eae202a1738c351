"""The Damage Transfer Diagram (RULES.md 1.8): arm/leg → side torso → center torso,
drawn as arrows across a small copy of the sheet's own silhouette, seen from behind
(RULES.md 4.1) like the armor diagram."""

from __future__ import annotations

from collections.abc import Mapping

from mechlab.core.locations import Location
from mechlab.render import fonts
from mechlab.render.frame import Box
from mechlab.sheet import outlines
from mechlab.sheet.draw import Ink
from mechlab.sheet.polygon import prepared

LABEL_SIZE = 7.0
CLEAR = 2.5  # space between a label's letters and an arrow, head included
HEAD_LENGTH, HEAD_HALF = 4.5, 2.4
SHAFT = 0.8
# The diagram may grow up to this much taller than the silhouette's aspect: in the critical
# table's middle column the width is what is short and the height is there (issue 22).
TALL = 1.3
TITLE_BAND = 13.0
MIN_LABEL = 6.0  # nothing on a sheet is printed smaller
LABEL_CLEAR = 1.0  # a label's letters keep this far inside their part's outline

# Where each location's label sits on the 100 × 112 grid of outlines.FRONT.
ANCHORS = {
    Location.HEAD: (50, 10),
    # The side torsos sit higher than the centre: their arrows into CT run on a slant,
    # long enough for a shaft and a head clear of both labels (issue 22).
    Location.CENTER_TORSO: (50, 56),
    Location.LEFT_TORSO: (30.5, 29),
    Location.LEFT_ARM: (12, 64),  # the forearm's middle (x 4–20)
    Location.LEFT_LEG: (35, 96),
    Location.FRONT_LEFT_LEG: (10.5, 74),  # the thigh above the knee, its widest part
    Location.REAR_LEFT_LEG: (35, 96),
}
# The three-legged figure's legs (outlines.tripod_front): each label in its leg's middle.
THREE_LEGS = {Location.LEFT_LEG: (30.5, 95), Location.CENTER_LEG: (50, 95)}


def _anchor(location: Location, anchors: Mapping[Location, tuple[float, float]]
            ) -> tuple[float, float]:
    twin = next((left for right, left in outlines.TWINS.items() if right is location), None)
    if twin is not None:
        x, y = anchors[twin]
        return (2 * outlines.AXIS - x, y)
    return anchors[location]


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
        area = Box(box.x + 2, box.y + TITLE_BAND, box.w - 4, box.h - TITLE_BAND - 2)
    shapes = outlines.figure("medium", locations)
    anchors = {**ANCHORS, **THREE_LEGS} if Location.CENTER_LEG in shapes else ANCHORS
    # In its own narrow frame the figure's width fills the frame; a caller's wide box (the
    # Quick-Start sheet's) keeps the grid's margins.
    fitted = outlines.fit(shapes, outlines.FRONT_SIZE, _widened(shapes, area) if title else area,
                          TALL)
    centres = {loc: fitted.point(*_anchor(loc, anchors)) for loc in fitted.outlines}
    label_size = _label_size(fitted.outlines, centres, label_size)
    for loc, shape in fitted.outlines.items():
        ink.polygon(shape, line_width=0.6)
        cx, cy = centres[loc]
        ink.text(cx, cy + label_size * 0.36, loc.abbreviation, "bold", label_size,
                 anchor="middle")
    for loc, start in centres.items():
        target = loc.transfers_to
        if target is not None:
            _arrow(ink, start, centres[target], _half(loc, label_size),
                   _half(target, label_size))
    return centres


def _widened(shapes: dict[Location, outlines.Outline], area: Box) -> Box:
    """The box whose grid the figure's own width fills `area` in: the silhouette leaves
    the 100-wide grid's edges empty (its arms start 4 in), and the column's width is what
    the diagram is short of."""
    xs = [x for shape in shapes.values() for x, _ in shape]
    left, right = min(xs), max(xs)
    scale = area.w / (right - left)
    return Box(area.x - left * scale, area.y, outlines.FRONT_SIZE[0] * scale, area.h)


def _label_size(shapes: dict[Location, outlines.Outline],
                centres: dict[Location, tuple[float, float]], largest: float) -> float:
    """One size for every label: the largest, down to 6 pt, at which each label's letters
    lie inside their part with LABEL_CLEAR to spare (a quad's "FLL" in a slim leg)."""
    size = largest
    while size > MIN_LABEL and not all(
            _inside(shapes[loc], label_box(centres[loc], loc, size)) for loc in shapes):
        size = round(size - 0.25, 2)
    return max(size, MIN_LABEL)


def _inside(shape: outlines.Outline, box: tuple[float, float, float, float]) -> bool:
    """The box's centre inside the part, its corners LABEL_CLEAR inside (`circle_inside`,
    asked of the prepared polygon: the same answer to the bit, a sixth of the time)."""
    x0, y0, x1, y1 = box
    centre, half = ((x0 + x1) / 2, (y0 + y1) / 2), ((x1 - x0) / 2, (y1 - y0) / 2)
    part = prepared(shape)
    return part.holds(*centre, 0.0) and all(
        part.holds(centre[0] + sx * half[0], centre[1] + sy * half[1], LABEL_CLEAR)
        for sx in (-1, 1) for sy in (-1, 1))


def label_box(centre: tuple[float, float], location: Location, size: float
              ) -> tuple[float, float, float, float]:
    """The box of a label's letters (capitals: 0.72 of the size tall, centred)."""
    half_w = fonts.text_width(location.abbreviation, "bold", size) / 2
    return (centre[0] - half_w, centre[1] - size * 0.36, centre[0] + half_w,
            centre[1] + size * 0.36)


def _half(location: Location, size: float) -> tuple[float, float]:
    """Half the width and height of a label."""
    return (fonts.text_width(location.abbreviation, "bold", size) / 2, size * 0.36)


def _leave(dx: float, dy: float, half: tuple[float, float]) -> float:
    """How far along a unit direction one leaves a box of these half sizes."""
    limits = [half[0] / abs(dx) if dx else float("inf"), half[1] / abs(dy) if dy else float("inf")]
    return min(limits)


def _distance(point: tuple[float, float], centre: tuple[float, float],
              half: tuple[float, float]) -> float:
    """From a point to a box (0 inside it)."""
    dx = max(0.0, abs(point[0] - centre[0]) - half[0])
    dy = max(0.0, abs(point[1] - centre[1]) - half[1])
    return float((dx * dx + dy * dy) ** 0.5)


def _arrow(ink: Ink, start: tuple[float, float], end: tuple[float, float],
           from_half: tuple[float, float], to_half: tuple[float, float]) -> None:
    """A line from one label to the other, with an arrowhead at the receiving location;
    the shaft's start and the whole head (tip and barbs) stay CLEAR of both labels."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    a0 = _leave(ux, uy, from_half)
    while _distance((start[0] + ux * a0, start[1] + uy * a0), start, from_half) < CLEAR:
        a0 += 0.25
    b0 = length - _leave(ux, uy, to_half)

    def head(along: float) -> tuple[tuple[float, float], ...]:
        tip = (start[0] + ux * along, start[1] + uy * along)
        back = (tip[0] - HEAD_LENGTH * ux, tip[1] - HEAD_LENGTH * uy)
        return (tip, (back[0] + HEAD_HALF * uy, back[1] - HEAD_HALF * ux),
                (back[0] - HEAD_HALF * uy, back[1] + HEAD_HALF * ux))

    while b0 > a0 and min(_distance(p, end, to_half) for p in head(b0)) < CLEAR:
        b0 -= 0.25
    a = (start[0] + ux * a0, start[1] + uy * a0)
    tip, left, right = head(b0)
    base = (tip[0] - HEAD_LENGTH * ux * 0.8, tip[1] - HEAD_LENGTH * uy * 0.8)
    ink.line(*a, *base, SHAFT)
    ink.polygon((tip, left, right), line_width=0.5, fill="#000000")
