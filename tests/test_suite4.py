"""Lane suite4 (issue 31, the suite's time): the sweeps' cheaper checks give the plain
checks' answers. Each is held here to the plain predicate it stands for, on random input
and on the edge cases where the shortcut could differ."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_sheet_geometry import pips_outside

from mechlab.sheet import polygon
from mechlab.sheet.outlines import FRONT
from mechlab.sheet.pips import MARGIN, Pip

coordinate = st.integers(0, 400).map(lambda n: n / 4)
polygons = st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=10).map(tuple)


def plain_outside(outline, pips, margin):
    return [p for p in pips if not polygon.circle_inside(outline, (p.cx, p.cy), p.r, margin)]


@settings(max_examples=300, deadline=None)
@given(polygons, st.lists(st.tuples(st.floats(-5, 105), st.floats(-5, 105),
                                    st.floats(0.5, 6)), max_size=20))
def test_pips_outside_refuses_what_circle_inside_refuses(outline, circles):
    pips = [Pip(x, y, r) for x, y, r in circles]
    # and the vertices, beside them and on them: where an edge's box touches the circle
    pips += [Pip(x + d, y, 1.5) for x, y in outline for d in (0.0, 0.5, 2.0)]
    assert pips_outside(outline, tuple(pips), MARGIN - 0.05) == plain_outside(
        outline, pips, MARGIN - 0.05)


def test_pips_outside_agrees_on_the_sheet_outlines_on_a_grid():
    for outline in FRONT.values():
        pips = tuple(Pip(x / 2, y / 2, 1.8) for x in range(0, 201, 3) for y in range(0, 241, 3))
        found = pips_outside(outline, pips, 1.2)
        assert found == plain_outside(outline, pips, 1.2)
        assert 0 < len(found) < len(pips)  # both answers seen
