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
from functools import cache, cached_property
from typing import NamedTuple

from mechlab.sheet.polygon import Point, Shape, prepared

PREFERRED_RADIUS = 4.2
MIN_RADIUS = 2.2  # smaller circles are hard to tick off with a pencil
RADIUS_STEP = 0.1
MARGIN = 1.2  # clearance between a circle and its outline
OFFSETS_TRIED = 6  # starting heights tried besides the centred one
GROUP = 5  # --pips grouped: circles in blocks of five
# Block shapes for grouped pips, widest first: (columns, rows); five fill it row-wise
# ("3 over 2"). The narrow 2 × 3 block only where nothing else fits at the smallest radius.
GROUP_SHAPES = ((5, 1), (3, 2))
LAST_RESORT_SHAPE = (2, 3)


class PipsDontFit(ValueError):
    """The outline cannot hold the count even at the smallest radius."""


class Pip(NamedTuple):
    """One circle (a named tuple: the placer makes tens of thousands in a print run)."""

    cx: float
    cy: float
    r: float


def gap_for(r: float) -> float:
    return max(1.0, 0.45 * r)


def group_gap(r: float) -> float:
    """The extra space around a block of five: wide enough to see at a glance."""
    return max(3.0, 1.25 * r)


def place_pips(outline: Sequence[Point], count: int, grouped: bool = False,
               max_radius: float = PREFERRED_RADIUS) -> list[Pip]:
    """`count` equal circles in tidy rows inside `outline` (a simple polygon)."""
    r = best_radius(outline, count, grouped, max_radius)
    if r is None:
        raise PipsDontFit(f"{count} circles do not fit their outline at radius {MIN_RADIUS} pt")
    return list(arrange(tuple(outline), count, grouped, r) or ())


def best_radius(outline: Sequence[Point], count: int, grouped: bool = False,
                max_radius: float = PREFERRED_RADIUS) -> float | None:
    """The largest radius (in RADIUS_STEP steps, ≥ MIN_RADIUS) at which `count` fit.

    Room shrinks as circles grow, so the search halves the range of steps."""
    if count <= 0:
        return max_radius
    return _best_radius(tuple(outline), count, grouped, max_radius)


@cache
def _best_radius(shape: tuple[Point, ...], count: int, grouped: bool, max_radius: float
                 ) -> float | None:
    steps = round((max_radius - MIN_RADIUS) / RADIUS_STEP)

    def radius(step: int) -> float:
        return round(max_radius - step * RADIUS_STEP, 2)

    if arrange(shape, count, grouped, radius(steps)) is None:
        return None
    low, high = 0, steps  # the answer lies in [low, high]; `high` is known to fit
    while low < high:
        middle = (low + high) // 2
        if arrange(shape, count, grouped, radius(middle)) is not None:
            high = middle
        else:
            low = middle + 1
    return radius(high)


def capacity(outline: Sequence[Point], r: float, grouped: bool = False) -> int:
    """How many circles of radius r the outline holds (at least; whole rows)."""
    low, high = 0, 1
    while arrange(tuple(outline), high, grouped, r) is not None:
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        if arrange(tuple(outline), middle, grouped, r) is not None:
            low = middle
        else:
            high = middle
    return low


@dataclass(frozen=True)
class _Pattern:
    """Circles in blocks ("tiles") of `per` circles, `columns` × `rows` each; plain
    pips are tiles of one. Tiles stand in bands; every band but the last holds the
    same number of tiles, so rows are equally long."""

    columns: int
    rows: int
    per: int
    r: float

    @cached_property
    def pitch(self) -> float:
        return 2 * self.r + gap_for(self.r)

    @cached_property
    def extra(self) -> float:
        return group_gap(self.r) if self.per > 1 else 0.0

    @cached_property
    def tile_width(self) -> float:
        return 2 * self.r + (self.columns - 1) * self.pitch

    @cached_property
    def tile_pitch(self) -> float:
        return self.tile_width + gap_for(self.r) + self.extra

    @cached_property
    def band_pitch(self) -> float:
        return self.rows * self.pitch + self.extra

    def tiles_in(self, width: float) -> int:
        if width < self.tile_width - 1e-9:
            return 0
        return math.floor((width - self.tile_width) / self.tile_pitch + 1e-9) + 1


@cache
def arrange(outline: tuple[Point, ...], count: int, grouped: bool, r: float
            ) -> tuple[Pip, ...] | None:
    """`count` circles of radius r in tidy rows inside `outline`, or None.

    Cached: the same outline and count recur from sheet to sheet."""
    if count <= 0:
        return ()
    shapes: tuple[tuple[int, int], ...] = ((1, 1),)
    if grouped and count > GROUP:
        shapes = GROUP_SHAPES + ((LAST_RESORT_SHAPE,) if r <= MIN_RADIUS else ())
    for columns, rows in shapes:
        per = GROUP if grouped and count > GROUP else 1
        pips = _arrange(prepared(outline), count, _Pattern(columns, rows, per, r))
        if pips is not None:
            return pips
    return None


def _arrange(shape: Shape, count: int, p: _Pattern) -> tuple[Pip, ...] | None:
    top, bottom = _rows_extent(shape, p.r)
    if bottom < top:
        return None
    tiles = -(-count // p.per)
    widest = _bands(shape, p).widest(tiles)
    for per_band in _band_sizes(tiles, widest):
        bands = -(-tiles // per_band)
        height = (bands - 1) * p.band_pitch + (p.rows - 1) * p.pitch
        if height > bottom - top + 1e-9:
            continue
        for first in _offsets(top, bottom - height, p.pitch / 2):
            pips = _fill(shape, count, p, first, per_band, bands)
            if pips is not None:
                return pips
    return None


class _Bands:
    """How many tiles a band holds at each height the placer tries (every half pitch from
    the top), found without measuring most of them.

    A band is never wider than its top row's centre scanline less the margin each side,
    so one scanline bounds what a height can hold; heights are measured exactly (nine
    scanlines a row) in order of that bound, only while the bound could still beat the
    best found. The answer is the one a measurement of every height gives."""

    def __init__(self, shape: Shape, p: _Pattern) -> None:
        self.shape, self.p = shape, p
        top, bottom = _rows_extent(shape, p.r)
        heights = [top + i * p.pitch / 2  # (i × pitch) / 2: the float it always was
                   for i in range(int((bottom - top) / (p.pitch / 2)) + 1)]
        bounds = [(self._bound(y), y) for y in heights]
        # Most promising first; equal bounds top-down.
        self.queue = sorted(bounds, key=lambda b: -b[0])
        self.most = 0  # the most tiles of the heights measured so far
        self.measured = 0  # heights measured, from the front of the queue

    def _bound(self, y: float) -> int:
        interval = self.shape.widest(y)
        if interval is None:
            return 0
        # + 1e-6: float error in the exact width is ~1e-12, the bound must not fall below it.
        return self.p.tiles_in(interval[1] - interval[0] - 2 * MARGIN + 1e-6)

    def widest(self, enough: int) -> int:
        """The most tiles any band holds, wherever it stands (independent of the count),
        or as soon as one band holds `enough`, that many: more is never asked for."""
        while self.most < enough and self.measured < len(self.queue):
            bound, y = self.queue[self.measured]
            if bound <= self.most:
                break  # no height left can hold more than the best already found
            self.measured += 1
            self.most = max(self.most, self.p.tiles_in(_band_width(self.shape, y, self.p)))
        return min(self.most, enough)


@cache
def _bands(shape: Shape, p: _Pattern) -> _Bands:
    return _Bands(shape, p)


def _band_sizes(tiles: int, widest: int) -> list[int]:
    """Tiles per band to try, best first: as wide as the outline allows, preferring a
    last band that is full or at least half full (no lone circle hanging below)."""
    sizes = list(range(min(widest, tiles), 0, -1))
    tidy = [n for n in sizes if tiles % n == 0 or tiles % n >= n / 2]
    return tidy + [n for n in sizes if n not in tidy]


def _offsets(top: float, last: float, step: float) -> list[float]:
    """Where the first band may start: centred first, then from the top down."""
    centred = (top + last) / 2
    others = [top + i * step for i in range(int((last - top) / step) + 1)]
    return [centred, *sorted(others, key=lambda y: abs(y - centred))[:OFFSETS_TRIED]]


def _band_width(shape: Shape, y: float, p: _Pattern) -> float:
    span = _band_span(shape, y, p)
    return span[1] - span[0] if span else 0.0


def _band_span(shape: Shape, y: float, p: _Pattern) -> tuple[float, float] | None:
    low, high = -math.inf, math.inf
    for row in range(p.rows):
        span = _span(shape, y + row * p.pitch, p.r)
        if span is None:
            return None
        low, high = max(low, span[0]), min(high, span[1])
    return (low, high) if high > low else None


def _fill(shape: Shape, count: int, p: _Pattern, first: float, per_band: int,
          bands: int) -> tuple[Pip, ...] | None:
    if p.per == 1:
        return _fill_rows(shape, count, p, first, per_band, bands)
    centres: list[Point] = []
    left = count
    for band in range(bands):
        y = first + band * p.band_pitch
        n_tiles = min(per_band, -(-left // p.per))
        span = _band_span(shape, y, p)
        if span is None or p.tiles_in(span[1] - span[0]) < n_tiles:
            return None
        width = n_tiles * p.tile_pitch - gap_for(p.r) - p.extra
        x0 = (span[0] + span[1]) / 2 - width / 2
        for tile in range(n_tiles):
            take = min(p.per, left)
            centres += _tile(x0 + tile * p.tile_pitch, y, take, p)
            left -= take
    # Most trial fills fail here: check the centres before making pips of them.
    if not all(shape.holds(cx, cy, p.r + MARGIN * 0.99) for cx, cy in _rim(centres)):
        return None
    return tuple(Pip(cx, cy, p.r) for cx, cy in centres)


def _fill_rows(shape: Shape, count: int, p: _Pattern, first: float, per_row: int,
               rows: int) -> tuple[Pip, ...] | None:
    """`_fill` for plain pips, where every band is one row of single circles: the same
    centres (a one-circle tile's centre is its left edge plus r), with only the rim
    computed before the check."""
    starts: list[tuple[float, float, int]] = []  # each row's first x, its y, its length
    left = count
    for row in range(rows):
        y = first + row * p.band_pitch
        n = min(per_row, left)
        span = _span(shape, y, p.r)
        if span is None or span[1] <= span[0] or p.tiles_in(span[1] - span[0]) < n:
            return None
        x0 = (span[0] + span[1]) / 2 - (n * p.tile_pitch - gap_for(p.r) - p.extra) / 2
        starts.append((x0, y, n))
        left -= n
    step, r = p.tile_pitch, p.r
    clearance = r + MARGIN * 0.99
    last = len(starts) - 1
    for i, (x0, y, n) in enumerate(starts):
        cy = round(y, 2)
        # The rim: all of the top and bottom rows, the ends of the others.
        for k in (range(n) if i in (0, last) else {0, n - 1}):
            if not shape.holds(round(x0 + k * step + r, 2), cy, clearance):
                return None
    return tuple(Pip(round(x0 + k * step + r, 2), round(y, 2), r)
                 for x0, y, n in starts for k in range(n))


def _rim(centres: list[Point]) -> list[Point]:
    """The circles that could touch the outline: the first and last of every row, and
    all of the top and bottom rows (the rows' spans already hold the rest)."""
    rows: dict[float, list[Point]] = {}
    for centre in centres:
        rows.setdefault(centre[1], []).append(centre)
    ys = sorted(rows)
    rim = [c for y in (ys[0], ys[-1]) for c in rows[y]] if ys else []
    return rim + [row[i] for row in rows.values() for i in (0, -1)]


def _tile(x: float, y: float, n: int, p: _Pattern) -> list[Point]:
    """One block's centres: rows of `columns`, each row centred in the block (3 over 2)."""
    centres = []
    for row in range(-(-n // p.columns)):
        in_row = min(p.columns, n - row * p.columns)
        offset = (p.columns - in_row) * p.pitch / 2
        for col in range(in_row):
            centres.append((round(x + p.r + offset + col * p.pitch, 2),
                            round(y + row * p.pitch, 2)))
    return centres


def _rows_extent(shape: Shape, r: float) -> tuple[float, float]:
    return shape.top + r + MARGIN, shape.bottom - r - MARGIN


@cache
def _span(shape: Shape, y: float, r: float) -> tuple[float, float] | None:
    """The x-interval where a circle centred on row y fits: the common part of the
    polygon's widest interval on scanlines across the circle's band, less r + margin."""
    return shape.span(y, r, _band_offsets(r))


@cache
def _band_offsets(r: float) -> tuple[tuple[float, float], ...]:
    """The nine scanlines across a circle's band: each height above or below the centre,
    and the room a circle of radius r + margin needs each side at that height."""
    reach = r + MARGIN
    offsets = []
    for k in range(9):
        dy = -reach + k * reach / 4
        # A circle of radius `reach` needs sqrt(reach² − dy²) of room each side at dy.
        offsets.append((dy, math.sqrt(max(0.0, reach * reach - dy * dy))))
    return tuple(offsets)


def circles_overlap(a: Pip, b: Pip) -> bool:
    return math.hypot(a.cx - b.cx, a.cy - b.cy) < a.r + b.r - 1e-6
