"""Armor and structure circles ("pips"): tidy rows of equal circles inside an outline.

For a count n, try radii from the preferred size down to the smallest a pencil can
still mark; at each radius find, row by row, the span of the outline where a
circle fits whole (scanlines through the circle's band), and stop at the first
radius whose rows hold n. Rows fill top-down, each centred in its span, and the
block of used rows is centred vertically. Every circle is finally checked
against the real outline, not a bounding box. Deterministic: no randomness, and
coordinates are rounded to 1/100 pt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Point = tuple[float, float]

PREFERRED_RADIUS = 4.2
MIN_RADIUS = 2.2  # smaller circles are hard to tick off with a pencil
RADIUS_STEP = 0.1
MARGIN = 1.2  # clearance between a circle and its outline
GROUP = 5  # --pips grouped: circles in groups of five
GROUP_GAP_SHARE = 0.6  # extra gap between groups, as a share of the radius


class PipsDontFit(ValueError):
    """The outline cannot hold the count even at the smallest radius."""


@dataclass(frozen=True)
class Pip:
    cx: float
    cy: float
    r: float


def gap_for(r: float) -> float:
    return max(0.9, 0.32 * r)


def place_pips(outline: Sequence[Point], count: int, grouped: bool = False,
               max_radius: float = PREFERRED_RADIUS) -> list[Pip]:
    """`count` equal circles in tidy rows inside `outline` (a simple polygon)."""
    if count <= 0:
        return []
    steps = round((max_radius - MIN_RADIUS) / RADIUS_STEP)
    for step in range(steps + 1):
        r = round(max_radius - step * RADIUS_STEP, 2)
        pips = _try_radius(outline, count, r, grouped)
        if pips is not None:
            return pips
    raise PipsDontFit(f"{count} circles do not fit their outline at radius {MIN_RADIUS} pt")


def capacity(outline: Sequence[Point], r: float, grouped: bool = False) -> int:
    """How many circles of radius r the outline holds."""
    top, bottom = _rows_extent(outline, r)
    pitch = 2 * r + gap_for(r)
    total, y = 0, top
    while y <= bottom + 1e-9:
        span = _span(outline, y, r)
        if span:
            total += _fit_in_row(span[1] - span[0], r, grouped)
        y += pitch
    return total


def _rows_extent(outline: Sequence[Point], r: float) -> tuple[float, float]:
    ys = [p[1] for p in outline]
    return min(ys) + r + MARGIN, max(ys) - r - MARGIN


def _try_radius(outline: Sequence[Point], count: int, r: float, grouped: bool) -> list[Pip] | None:
    top, bottom = _rows_extent(outline, r)
    pitch = 2 * r + gap_for(r)
    rows = math.floor((bottom - top) / pitch + 1e-9) + 1 if bottom >= top else 0
    if rows <= 0:
        return None
    plan = _plan(outline, top, rows, pitch, r, count, grouped)
    if plan is None:
        return None
    used = len(plan)
    # Centre the used rows vertically, then re-plan with the shifted rows.
    shift = ((bottom - top) - (used - 1) * pitch) / 2
    shifted = _plan(outline, top + shift, used, pitch, r, count, grouped)
    if shifted is not None and len(shifted) == used:
        plan = shifted
    pips = [pip for row in plan for pip in row]
    if not all(circle_inside(outline, (p.cx, p.cy), p.r, MARGIN * 0.99) for p in pips):
        return None
    return pips


def _plan(outline: Sequence[Point], top: float, rows: int, pitch: float, r: float, count: int,
          grouped: bool) -> list[list[Pip]] | None:
    """Fill rows top-down; None when the rows cannot hold `count`."""
    plan: list[list[Pip]] = []
    left = count
    for i in range(rows):
        if left == 0:
            break
        y = top + i * pitch
        span = _span(outline, y, r)
        fit = _fit_in_row(span[1] - span[0], r, grouped) if span else 0
        n = min(fit, left)
        if n:
            plan.append(_row(span, y, r, n, grouped))  # type: ignore[arg-type]
            left -= n
    return plan if left == 0 else None


def _fit_in_row(width: float, r: float, grouped: bool) -> int:
    pitch = 2 * r + gap_for(r)
    n = math.floor((width - 2 * r) / pitch + 1e-9) + 1 if width >= 2 * r else 0
    while n > 0 and _row_width(n, r, grouped) > width + 1e-9:
        n -= 1
    return n


def _row_width(n: int, r: float, grouped: bool) -> float:
    pitch = 2 * r + gap_for(r)
    groups = (n - 1) // GROUP if grouped else 0
    return 2 * r + (n - 1) * pitch + groups * GROUP_GAP_SHARE * r


def _row(span: tuple[float, float], y: float, r: float, n: int, grouped: bool) -> list[Pip]:
    pitch = 2 * r + gap_for(r)
    start = (span[0] + span[1]) / 2 - _row_width(n, r, grouped) / 2 + r
    pips = []
    for i in range(n):
        extra = (i // GROUP) * GROUP_GAP_SHARE * r if grouped else 0.0
        pips.append(Pip(round(start + i * pitch + extra, 2), round(y, 2), r))
    return pips


def _span(outline: Sequence[Point], y: float, r: float) -> tuple[float, float] | None:
    """The x-interval where a circle centred on row y fits: the common part of the
    polygon's widest interval on scanlines across the circle's band, less r + margin."""
    reach = r + MARGIN
    low, high = -math.inf, math.inf
    for k in range(9):
        dy = -reach + k * reach / 4
        interval = widest_interval(outline, y + dy)
        if interval is None:
            return None
        # A circle of radius `reach` needs sqrt(reach² − dy²) of room each side at dy.
        half = math.sqrt(max(0.0, reach * reach - dy * dy))
        low, high = max(low, interval[0] + half), min(high, interval[1] - half)
    if high < low:
        return None
    return (low - r, high + r)


def widest_interval(outline: Sequence[Point], y: float) -> tuple[float, float] | None:
    xs = []
    n = len(outline)
    for i in range(n):
        (x1, y1), (x2, y2) = outline[i], outline[(i + 1) % n]
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    pairs = [(xs[i], xs[i + 1]) for i in range(0, len(xs) - 1, 2)]
    return max(pairs, key=lambda p: p[1] - p[0]) if pairs else None


# Predicates (used by the layout's self-checks and by the tests) ------------------------


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


def circles_overlap(a: Pip, b: Pip) -> bool:
    return math.hypot(a.cx - b.cx, a.cy - b.cy) < a.r + b.r - 1e-6


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
