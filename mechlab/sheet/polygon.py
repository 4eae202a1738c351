"""Polygons as the sheet's diagrams use them: the widest stretch of a scanline inside
one, whether a circle lies inside one, and the part below a line.

`Shape` is a polygon prepared for the many questions the pip placer asks; the plain
predicates below answer the circle question edge by edge (the tests use them as the
reference), and `Shape` answers with their very expressions, so to the bit.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import pairwise

Point = tuple[float, float]


def widest_interval(outline: Sequence[Point], y: float) -> tuple[float, float] | None:
    """The widest stretch of the scanline at y that lies inside the polygon."""
    return prepared(tuple(outline)).widest(y)


class Shape:
    """A polygon prepared for the placer's many questions. For scanlines it is cut into
    slabs between its vertices' heights, each with the edges that cross it, so a
    scanline visits only the edges it meets; for circles its edges are kept with their
    vectors.

    Every answer is computed with the very expressions a plain loop over every edge
    uses (`point_in_polygon` and `circle_inside` below; a crossing at x1 + (y − y1) ·
    (x2 − x1) / (y2 − y1)), edge by edge, so it is the same to the last bit, and so is
    the page (tests/test_pip_shapes.py holds it to plain loops)."""

    def __init__(self, outline: tuple[Point, ...]) -> None:
        n = len(outline)
        edges = []
        for i in range(n):
            (x1, y1), (x2, y2) = outline[i], outline[(i + 1) % n]
            edges.append((x1, y1, x2 - x1, y2 - y1, x2, y2))
        # For distances: each edge from its first end, its vector, squared length, box.
        self.segments = [
            (x1, y1, dx, dy, dx * dx + dy * dy, min(x1, x2), max(x1, x2), min(y1, y2),
             max(y1, y2))
            for x1, y1, dx, dy, x2, y2 in edges
        ]
        self.heights = sorted({y for _, y in outline})
        self.top, self.bottom = self.heights[0], self.heights[-1]
        # A scanline at y meets an edge whose ends lie at or above y and below it; a
        # level edge it never meets.
        self.slabs = [
            tuple((x1, y1, dx, dy) for x1, y1, dx, dy, _, y2 in edges
                  if dy != 0 and min(y1, y2) <= start and max(y1, y2) >= end)
            for start, end in pairwise(self.heights)
        ]

    def widest(self, y: float) -> tuple[float, float] | None:
        """`widest_interval`."""
        slab = bisect_right(self.heights, y) - 1
        if slab < 0 or slab >= len(self.slabs):
            return None
        edges = self.slabs[slab]
        if len(edges) == 2:  # the common case: one stretch inside
            (x1, y1, dx1, dy1), (x2, y2, dx2, dy2) = edges
            a, b = x1 + (y - y1) * dx1 / dy1, x2 + (y - y2) * dx2 / dy2
            return (a, b) if a <= b else (b, a)
        xs = sorted(x1 + (y - y1) * dx / dy for x1, y1, dx, dy in edges)
        pairs = [(xs[i], xs[i + 1]) for i in range(0, len(xs) - 1, 2)]
        return max(pairs, key=lambda p: p[1] - p[0]) if pairs else None

    def span(self, y: float, r: float, offsets: tuple[tuple[float, float], ...]
             ) -> tuple[float, float] | None:
        """Where a circle of radius r centred on row y fits (see pips._span): the common
        part of the scanlines at y + dy, each narrowed by its `half`."""
        low, high = -math.inf, math.inf
        for dy, half in offsets:
            interval = self.widest(y + dy)
            if interval is None:
                return None
            low, high = max(low, interval[0] + half), min(high, interval[1] - half)
        if high < low:
            return None
        return (low - r, high + r)

    def holds(self, x: float, y: float, clearance: float) -> bool:
        """`circle_inside(outline, (x, y), r, margin)` with clearance = r + margin."""
        slab = bisect_right(self.heights, y) - 1
        if slab < 0 or slab >= len(self.slabs):
            return False  # no edge crosses the centre's scanline: outside
        # `point_in_polygon`: the crossings of the slab's edges right of the centre.
        inside = False
        for x1, y1, dx, dy in self.slabs[slab]:
            if x < x1 + (y - y1) * dx / dy:
                inside = not inside
        if not inside:
            return False
        least = clearance - 1e-6
        for ax, ay, dx, dy, length2, left, right, upper, lower in self.segments:
            # An edge whose box lies `clearance` or more away cannot come nearer than
            # `least` (float error here is ~1e-12, far below the 1e-6 between them).
            if (left - x >= clearance or x - right >= clearance
                    or upper - y >= clearance or y - lower >= clearance):
                continue
            t = 0.0 if length2 == 0 else max(
                0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
            if math.hypot(x - (ax + t * dx), y - (ay + t * dy)) < least:
                return False
        return True


@cache
def prepared(outline: tuple[Point, ...]) -> Shape:
    return Shape(outline)


# Plain predicates, edge by edge: what `Shape` is held to, and what the tests check with.


def point_in_polygon(outline: Sequence[Point], point: Point) -> bool:
    x, y = point
    inside = False
    n = len(outline)
    for i in range(n):
        (x1, y1), (x2, y2) = outline[i], outline[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def circle_inside(outline: Sequence[Point], centre: Point, r: float, margin: float = 0.0) -> bool:
    """The whole circle (plus margin) lies inside the polygon."""
    if not point_in_polygon(outline, centre):
        return False
    n = len(outline)
    return all(
        _segment_distance(centre, outline[i], outline[(i + 1) % n]) >= r + margin - 1e-6
        for i in range(n)
    )


def clip_below(outline: Sequence[Point], y0: float) -> list[Point]:
    """The part of the polygon with y ≥ y0 (Sutherland–Hodgman against one edge)."""
    result: list[Point] = []
    n = len(outline)
    for i in range(n):
        current, following = outline[i], outline[(i + 1) % n]
        inside_c, inside_f = current[1] >= y0, following[1] >= y0
        if inside_c:
            result.append(current)
        if inside_c != inside_f:
            t = (y0 - current[1]) / (following[1] - current[1])
            result.append((current[0] + t * (following[0] - current[0]), y0))
    return result
