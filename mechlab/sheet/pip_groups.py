"""What is drawn of the placed pips beyond their places (issue 22): a roomy part's few
pips spread to fill it, and the groups of five of `--pips grouped`, as straight runs
tinted in a checkerboard."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mechlab.sheet.pips import GROUP, MARGIN, Pip, arrange
from mechlab.sheet.polygon import Point, prepared

# Issue 22: a light 'Mech's few pips in a roomy part stand further apart and fill it,
# rather than huddle in its middle: they are laid out as if they were up to SPREAD times
# larger (further apart, further from the outline) and drawn at the diagram's size.
SPREAD = 2.0
SPREAD_STEP = 0.1


def spread_pips(outline: Sequence[Point], count: int, grouped: bool, r: float
                ) -> tuple[Pip, ...] | None:
    """`count` circles of radius r in tidy rows, spread as far apart as the outline allows
    (up to SPREAD), or None where they do not fit at all. Grouped, the rows keep the
    lengths the tight layout gives them, so the groups keep their shape."""
    return _spread(tuple(outline), count, grouped, r)


@lru_cache(maxsize=4096)  # bounded: flat memory in any run (issue 31: 2,000 sheets)
def _spread(outline: tuple[Point, ...], count: int, grouped: bool, r: float
            ) -> tuple[Pip, ...] | None:
    tight = arrange(outline, count, grouped, r)
    if not tight or count == 1:
        return tight
    rows = _row_counts(tight)
    # Grouped, the rows must stay: a roomier layout with other rows would regroup them,
    # so the tight rows spread about their centre compete with it, the larger spread wins.
    scaled, least = _scaled(outline, tight) if grouped and count > GROUP else (tight, 0)
    for step in range(round((SPREAD - 1) / SPREAD_STEP), least, -1):
        found = arrange(outline, count, grouped, round(r * (1 + step * SPREAD_STEP), 2))
        if found and (not grouped or count <= GROUP or _row_counts(found) == rows):
            return tuple(Pip(p.cx, p.cy, r) for p in found)
    return scaled


def _scaled(outline: tuple[Point, ...], tight: tuple[Pip, ...]) -> tuple[tuple[Pip, ...], int]:
    """The tight pips (same rows and columns) spread about their centre as far as the
    outline allows, across and then down (rows of five that fill a torso's width still
    move apart), kept from the outline as a larger circle would be; and the step it took
    across and down together."""
    shape = prepared(outline)
    r = tight[0].r
    xs, ys = [p.cx for p in tight], [p.cy for p in tight]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    steps = round((SPREAD - 1) / SPREAD_STEP)

    def fits(across: int, down: int) -> tuple[Pip, ...] | None:
        fx, fy = 1 + across * SPREAD_STEP, 1 + down * SPREAD_STEP
        pips = tuple(Pip(round(cx + (p.cx - cx) * fx, 2), round(cy + (p.cy - cy) * fy, 2), r)
                     for p in tight)
        edge = r * fy + MARGIN  # above and below the rows, the room a larger circle takes
        inside = (min(p.cy for p in pips) - edge >= shape.top
                  and max(p.cy for p in pips) + edge <= shape.bottom)
        ok = inside and all(shape.holds(p.cx, p.cy, r * fx + MARGIN) for p in pips)
        return pips if ok else None

    across = next((a for a in range(steps, 0, -1) if fits(a, a)), 0)
    for down in range(steps, across, -1):
        pips = fits(across, down)
        if pips is not None:
            return pips, down
    return (fits(across, across) or tight), across


def _row_counts(pips: Sequence[Pip]) -> list[int]:
    rows: dict[float, int] = {}
    for pip in pips:
        rows[pip.cy] = rows.get(pip.cy, 0) + 1
    return [rows[y] for y in sorted(rows)]


def group_of(pips: Sequence[Pip]) -> list[tuple[int, int]] | None:
    """Each pip's group of five as (across, down), or None where the layout has none.

    Groups are straight runs of five: along the rows where every row but one holds a
    multiple of five (a group's place: its run along the row, and its row), else down the
    columns where every column but one does (its column, and its run down the column).
    A part too narrow for a row of five and too short for columns of five at the
    diagram's pip size has no groups: its pips are left plain rather than counted in
    runs that wrap from row to row (issue 22). Tinting every group whose across + down
    is odd gives a checkerboard: neighbouring groups never share a tint."""
    rows: dict[float, list[int]] = {}
    columns: dict[float, list[int]] = {}
    for i, pip in enumerate(pips):
        rows.setdefault(pip.cy, []).append(i)
        columns.setdefault(pip.cx, []).append(i)
    groups = [(0, 0)] * len(pips)
    row_lists = [sorted(rows[y], key=lambda i: pips[i].cx) for y in sorted(rows)]
    column_lists = [sorted(columns[x], key=lambda i: pips[i].cy) for x in sorted(columns)]
    if sum(1 for row in row_lists if len(row) % GROUP) <= 1:
        for down, row in enumerate(row_lists):
            for k, i in enumerate(row):
                groups[i] = (k // GROUP, down)
        return groups
    if sum(1 for column in column_lists if len(column) % GROUP) <= 1:
        for across, column in enumerate(column_lists):
            for k, i in enumerate(column):
                groups[i] = (across, k // GROUP)
        return groups
    return None


def tinted(pips: Sequence[Pip]) -> list[bool]:
    """--pips grouped: which pips are tinted (every other group of five, as a
    checkerboard of groups); none where a part holds five or fewer or has no groups."""
    groups = group_of(pips) if len(pips) > GROUP else None
    if groups is None:
        return [False] * len(pips)
    return [(across + down) % 2 == 1 for across, down in groups]
