"""Armor and structure circles ("pips"): tidy rows of equal circles inside an outline.

For a count n, try radii from the preferred size down to the smallest a pencil can
still mark; at each radius find, row by row, the span of the outline where a
circle fits whole (scanlines through the circle's band), and stop at the first
radius whose rows hold n. Rows fill top-down, each centred in its span, and the
block of used rows is centred vertically. Rows are balanced: when full rows would
leave a short last row (fewer than half a row, e.g. 6 + 6 + 1), the rows share the
circles evenly (5 + 4 + 4), so no lone circle hangs under full rows. A roomy part's
few circles are spread apart to fill it (spread_pips). Grouped pips (--pips grouped)
keep the plain size: rows of five or ten where the part is that wide (a count one over
ends the first row: 6 + 5 + 5…), else columns of five or ten down a narrow part, so
every group of five is a straight run; the groups are marked in the drawing (see
group_of), never by extra space. Every circle is finally checked against the real
outline, not a bounding box. Deterministic: no randomness, and coordinates are rounded
to 1/100 pt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import NamedTuple, cast

from mechlab.sheet.learned import UNKNOWN, Learned
from mechlab.sheet.polygon import Point, Shape, prepared

PREFERRED_RADIUS = 4.2
MIN_RADIUS = 2.2  # smaller circles are hard to tick off with a pencil
RADIUS_STEP = 0.1
MARGIN = 1.2  # clearance between a circle and its outline
OFFSETS_TRIED = 6  # starting heights tried besides the centred one
# Grouped runs that do not fit at the plain spacing may stand this close (pt between
# circles) rather than be printed plain: still clear circles, at the plain size.
GROUP_GAP = 1.0
GROUP = 5  # --pips grouped: circles counted in runs of five (MegaMekLab PR #1598)


class PipsDontFit(ValueError):
    """The outline cannot hold the count even at the smallest radius."""


class Pip(NamedTuple):
    """One circle (a named tuple: the placer makes tens of thousands in a print run)."""

    cx: float
    cy: float
    r: float


def gap_for(r: float) -> float:
    return max(1.0, 0.45 * r)


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


@lru_cache(maxsize=4096)  # bounded: flat memory in any run
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
    """Rows of equal circles of radius r."""

    r: float
    close: bool = False  # grouped runs set closer: GROUP_GAP between circles
    # Grouped columns whose rows each keep to their own span (a leg's longer first row
    # in its wider hip) rather than all to the span every row shares.
    loose: bool = False

    @cached_property
    def pitch(self) -> float:
        return 2 * self.r + (GROUP_GAP if self.close else gap_for(self.r))

    def tiles_in(self, width: float) -> int:
        """How many circles a row of this width holds."""
        if width < 2 * self.r - 1e-9:
            return 0
        return math.floor((width - 2 * self.r) / self.pitch + 1e-9) + 1


@lru_cache(maxsize=8192)  # bounded: flat memory in any run
def arrange(outline: tuple[Point, ...], count: int, grouped: bool, r: float
            ) -> tuple[Pip, ...] | None:
    """`count` circles of radius r in tidy rows inside `outline`, or None. Grouped, every
    row layout plain pips try is tried too (after rows of five and full rows), so both
    fit at one size.

    Cached: the same outline and count recur from sheet to sheet (and with -j, what
    one worker places the others learn: `PLACES`)."""
    if count <= 0:
        return ()
    key = (outline, count, grouped, r)
    placed = PLACES.recall(key)
    if placed is UNKNOWN:
        placed = _arrange(prepared(outline), count, _Pattern(r), grouped)
        PLACES.note(key, placed)
    return cast("tuple[Pip, ...] | None", placed)


PLACES = Learned(Pip, 8192)  # what `arrange` placed in the other -j workers


def _arrange(shape: Shape, count: int, p: _Pattern, grouped: bool) -> tuple[Pip, ...] | None:
    top, bottom = _rows_extent(shape, p.r)
    if bottom < top:
        return None
    widest = _bands(shape, p).widest(count)
    if grouped and count > GROUP:
        # Groups of five as straight runs: rows of five or ten where the part is that
        # wide, else columns of five or ten down a narrow part; else (no part of the
        # library) rows as plain pips have them, so grouped pips fit wherever plain do.
        return (_runs(shape, count, p) or _runs(shape, count, _Pattern(p.r, close=True))
                or _runs(shape, count, _Pattern(p.r, loose=True))
                or _runs(shape, count, _Pattern(p.r, close=True, loose=True))
                or _rows(shape, count, p, _band_sizes(count, widest)))
    return _rows(shape, count, p, _band_sizes(count, widest))


def _runs(shape: Shape, count: int, p: _Pattern) -> tuple[Pip, ...] | None:
    """Grouped pips in straight runs of five: rows of five or ten, the odd one ending the
    first row, or columns of five or ten; None where none fits."""
    top, bottom = _rows_extent(shape, p.r)
    if bottom < top:
        return None
    widest = _bands(shape, p).widest(count)
    return (_rows(shape, count, p, [n for n in _band_sizes(count, widest) if n % GROUP == 0
                                    and count % n != 1], grouped=True)
            or _odd_one_first(shape, count, p, widest, bottom - top)
            or _columns(shape, count, p, widest, bottom - top))


def _rows(shape: Shape, count: int, p: _Pattern, sizes: list[int], grouped: bool = False
          ) -> tuple[Pip, ...] | None:
    """Rows of the first of `sizes` circles a row that fit, or None."""
    top, bottom = _rows_extent(shape, p.r)
    for per_row in sizes:
        rows = -(-count // per_row)
        height = (rows - 1) * p.pitch
        if height > bottom - top + 1e-9:
            continue
        lengths = _row_lengths(count, per_row, grouped)
        for first in _offsets(top, bottom - height, p.pitch / 2):
            pips = _fill_rows(shape, lengths, p, first)
            if pips is not None:
                return pips
    return None


def _odd_one_first(shape: Shape, count: int, p: _Pattern, widest: int, room: float
                   ) -> tuple[Pip, ...] | None:
    """Grouped, a count one over a multiple of the row (41 in rows of five): the odd pip
    ends the first row, in line with its group, rather than hang alone under full rows
    (issue 22's orphan under the Atlas's legs); every row starts in the same column."""
    top = _rows_extent(shape, p.r)[0]
    for per_row in range(GROUP * (widest // GROUP), 0, -GROUP):
        if per_row + 1 > widest or count % per_row != 1 or count < 2 * per_row + 1:
            continue
        lengths = [per_row + 1] + [per_row] * (count // per_row - 1)
        height = (len(lengths) - 1) * p.pitch
        if height > room + 1e-9:
            continue
        for first in _offsets(top, top + room - height, p.pitch / 2):
            pips = _fill_columns(shape, lengths, p, first)
            if pips is not None:
                return pips
    return None


def _columns(shape: Shape, count: int, p: _Pattern, widest: int, room: float
             ) -> tuple[Pip, ...] | None:
    """Grouped pips in a part narrower than a group: columns of five (or ten, fifteen…)
    filled top-down, left to right, so every group of five is a straight run down a
    column; the rows are as long as the columns are many (the last column may be short,
    its rows one shorter). Six (or eleven…) in two columns would leave one pip alone at
    the top of the second: one column then holds them all where the part is tall enough,
    the odd one ending its line."""
    top = _rows_extent(shape, p.r)[0]
    most = int(room / p.pitch + 1e-9) + 1
    for length in range(GROUP, most + 1, GROUP):
        columns = -(-count // length)
        if columns > widest or columns < 2:
            continue
        last = count - (columns - 1) * length
        layouts = [[columns] * last + [columns - 1] * (length - last)]
        if columns == 2 and last == 1 and count <= most:
            layouts.insert(0, [1] * count)
        for lengths in layouts:
            height = (len(lengths) - 1) * p.pitch
            for first in _offsets(top, top + room - height, p.pitch / 2):
                pips = _fill_columns(shape, lengths, p, first)
                if pips is not None:
                    return pips
    return None


def _fill_columns(shape: Shape, lengths: list[int], p: _Pattern, first: float
                  ) -> tuple[Pip, ...] | None:
    """Rows from height `first` down, every row starting in the same column (straight
    columns, the short rows one circle short on the right)."""
    step, r = p.pitch, p.r
    spans = [_span(shape, first + row * step, r) for row in range(len(lengths))]
    if any(span is None for span in spans):
        return None
    low = max(s[0] for s in spans if s is not None)
    high = min(s[1] for s in spans if s is not None)
    if p.loose:  # each row's run inside its own span, all starting in one column
        high = min(s[1] - (n - lengths[0]) * step
                   for s, n in zip(spans, lengths, strict=True) if s is not None)
    if high <= low or p.tiles_in(high - low) < lengths[0]:
        return None
    x0 = (low + high) / 2 - ((lengths[0] - 1) * step + 2 * r) / 2
    pips = tuple(Pip(round(x0 + k * step + r, 2), round(first + row * step, 2), r)
                 for row, n in enumerate(lengths) for k in range(n))
    clearance = r + MARGIN * 0.99
    return pips if all(shape.holds(pip.cx, pip.cy, clearance) for pip in pips) else None


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
            self.most = max(self.most, self.p.tiles_in(_row_width(self.shape, y, self.p)))
        return min(self.most, enough)


@lru_cache(maxsize=4096)  # bounded: flat memory in any run
def _bands(shape: Shape, p: _Pattern) -> _Bands:
    return _Bands(shape, p)


def _band_sizes(count: int, widest: int) -> list[int]:
    """Circles per row to try, best first: as wide as the outline allows, preferring
    rows that come out full or at least half full."""
    sizes = list(range(min(widest, count), 0, -1))
    tidy = [n for n in sizes if count % n == 0 or count % n >= n / 2]
    return tidy + [n for n in sizes if n not in tidy]


def _row_lengths(count: int, per_row: int, grouped: bool = False) -> list[int]:
    """Rows of `per_row`, or, when that leaves a last row under half full, the same
    number of rows sharing the circles evenly (longer rows first): 6 + 6 + 1 becomes
    5 + 4 + 4, never a lone circle under full rows. Grouped, only a lone circle is
    shared out (full rows of five keep every group in one row: 5 × 9 + 2 stays)."""
    rows = -(-count // per_row)
    last = count - (rows - 1) * per_row
    if last == per_row or last >= per_row / 2 or (grouped and (last > 1 or per_row < 3)):
        return [per_row] * (rows - 1) + [last]
    base, extra = divmod(count, rows)
    return [base + 1] * extra + [base] * (rows - extra)


def _offsets(top: float, last: float, step: float) -> list[float]:
    """Where the first band may start: centred first, then from the top down."""
    centred = (top + last) / 2
    others = [top + i * step for i in range(int((last - top) / step) + 1)]
    return [centred, *sorted(others, key=lambda y: abs(y - centred))[:OFFSETS_TRIED]]


def _row_width(shape: Shape, y: float, p: _Pattern) -> float:
    span = _span(shape, y, p.r)
    return span[1] - span[0] if span else 0.0


def _fill_rows(shape: Shape, lengths: list[int], p: _Pattern, first: float
               ) -> tuple[Pip, ...] | None:
    """Rows of the given lengths from height `first` down, each centred in its span;
    only the rim (the top and bottom rows, the ends of the others) is checked against
    the outline: the rows' spans already hold the rest."""
    step, r = p.pitch, p.r
    spans = []
    for row, n in enumerate(lengths):
        span = _span(shape, first + row * step, r)
        if span is None or span[1] <= span[0] or p.tiles_in(span[1] - span[0]) < n:
            return None
        spans.append(span)
    # One axis for all rows where their common span holds the longest: columns stay
    # straight (no row stepping sideways at an elbow); else each row on its own centre.
    low, high = max(s[0] for s in spans), min(s[1] for s in spans)
    common = high > low and p.tiles_in(high - low) >= max(lengths)
    starts: list[tuple[float, float, int]] = []  # each row's first x, its y, its length
    for row, (n, span) in enumerate(zip(lengths, spans, strict=True)):
        centre = (low + high) / 2 if common else (span[0] + span[1]) / 2
        starts.append((centre - ((n - 1) * step + 2 * r) / 2, first + row * step, n))
    clearance = r + MARGIN * 0.99
    last = len(starts) - 1
    for i, (x0, y, n) in enumerate(starts):
        cy = round(y, 2)
        for k in (range(n) if i in (0, last) else {0, n - 1}):
            if not shape.holds(round(x0 + k * step + r, 2), cy, clearance):
                return None
    return tuple(Pip(round(x0 + k * step + r, 2), round(y, 2), r)
                 for x0, y, n in starts for k in range(n))


def _rows_extent(shape: Shape, r: float) -> tuple[float, float]:
    return shape.top + r + MARGIN, shape.bottom - r - MARGIN


@lru_cache(maxsize=32768)  # bounded: flat memory in any run
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
