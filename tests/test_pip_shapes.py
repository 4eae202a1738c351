"""The pip placer's prepared shapes answer exactly as the plain geometry does: the same
floats for a scanline's widest interval, the same verdict on a circle. Checked against
plain loops over every edge written here, on random polygons and on the heights and
points where slabs begin and end."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mechlab.sheet import polygon
from mechlab.sheet.outlines import FRONT, REAR
from mechlab.sheet.pips import MARGIN

coordinate = st.integers(0, 400).map(lambda n: n / 4)
polygons = st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=10).map(tuple)


def plain_widest(outline, y):
    xs = []
    n = len(outline)
    for i in range(n):
        (x1, y1), (x2, y2) = outline[i], outline[(i + 1) % n]
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    pairs = [(xs[i], xs[i + 1]) for i in range(0, len(xs) - 1, 2)]
    return max(pairs, key=lambda p: p[1] - p[0]) if pairs else None


def heights(outline):
    """Every vertex height, and just off each: where slabs begin and end."""
    ys = {y for _, y in outline}
    return sorted(ys | {y + d for y in ys for d in (-0.01, 0.01)})


@settings(max_examples=300, deadline=None)
@given(polygons, st.floats(-5, 105))
def test_widest_interval_matches_a_plain_loop_over_every_edge(outline, y):
    for height in [y, *heights(outline)]:
        assert polygon.widest_interval(outline, height) == plain_widest(outline, height)


@settings(max_examples=300, deadline=None)
@given(polygons, st.floats(-5, 105), st.floats(-5, 105), st.floats(0.5, 6))
def test_circle_check_matches_the_plain_predicates(outline, x, y, r):
    shape = polygon.prepared(outline)
    points = [(x, y), *outline, *((a + 0.5, b) for a, b in outline)]
    for cx, cy in points:
        expected = polygon.circle_inside(outline, (cx, cy), r, MARGIN * 0.99)
        assert shape.holds(cx, cy, r + MARGIN * 0.99) is expected


@pytest.mark.slow
def test_the_sheet_outlines_agree_on_a_fine_grid():
    for outline in [*FRONT.values(), *REAR.values()]:
        shape = polygon.prepared(outline)
        for k in range(-10, 1200):
            y = k / 10
            assert shape.widest(y) == plain_widest(outline, y)
            for x in range(0, 101, 5):
                expected = polygon.circle_inside(outline, (x, y), 1.8, 1.2)
                assert shape.holds(x, y, 1.8 + 1.2) is expected


def test_the_silhouette_has_hands_and_feet_in_three_builds():
    """Issue 22: not a box robot: a wrist narrower than the hand below it, an ankle
    narrower than the foot, and limbs that grow with the weight class."""
    from mechlab.core.locations import Location
    from mechlab.sheet.outlines import front
    from mechlab.sheet.polygon import widest_interval

    def width(outline, y):
        low, high = widest_interval(outline, y)
        return high - low

    builds = {c: front(c) for c in ("light", "medium", "heavy", "assault")}
    for figure in builds.values():
        arm, leg = figure[Location.LEFT_ARM], figure[Location.LEFT_LEG]
        assert width(arm, 89) < width(arm, 94) and width(arm, 89) < width(arm, 80)
        assert width(leg, 103) < width(leg, 109)
    arms = [width(builds[c][Location.LEFT_ARM], 40) for c in ("light", "medium", "assault")]
    legs = [width(builds[c][Location.LEFT_LEG], 90) for c in ("light", "medium", "assault")]
    assert arms == sorted(arms) and len(set(arms)) == 3
    assert legs == sorted(legs) and len(set(legs)) == 3
    assert len({tuple(f.items()) for f in builds.values()}) == 3  # medium and heavy share
