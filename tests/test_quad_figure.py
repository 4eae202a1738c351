"""A quad 'Mech is drawn as a quad (issue 28): four legs and no arms, on the standard and
the Quick-Start sheet (which refused quads). STANDARD_RULES.md §10: head, three torsos
and four legs. A leg joins the body at the hip and stands on the ground; an arm hangs
from the shoulder. Every pip inside its own part (and no other), counts equal to the
values, nothing shrunk."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from test_sheet_geometry import armor_values, check_regions, check_texts

from mechlab.assess import assess
from mechlab.core.locations import QUAD_LEGS, QUAD_LOCATIONS, Location
from mechlab.files.load import design_from_dict, load_design
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Text
from mechlab.rulesets import get_ruleset
from mechlab.sheet import outlines
from mechlab.sheet.options import Sheet, SheetOptions
from mechlab.sheet.polygon import point_in_polygon
from mechlab.sheet.styles import layout_sheet

DATA = Path(__file__).parent / "data"
FRONT_LEGS = {Location.FRONT_LEFT_LEG: Location.LEFT_TORSO,
              Location.FRONT_RIGHT_LEG: Location.RIGHT_TORSO}


def _ys(outline: outlines.Outline) -> list[float]:
    return [y for _, y in outline]


@pytest.mark.parametrize("build", sorted(outlines.BUILDS))
def test_the_quad_figure_has_four_legs_on_the_ground_and_no_arms(build):
    figure = outlines.quad_front(build)
    assert set(figure) == set(QUAD_LOCATIONS)
    ground = outlines.FRONT_SIZE[1]
    for leg in QUAD_LEGS:
        assert max(_ys(figure[leg])) == ground, leg  # it stands on the ground line
    for leg, torso in FRONT_LEGS.items():
        # a hip in the torso's lower half, not a shoulder at its top
        top, bottom = min(_ys(figure[torso])), max(_ys(figure[torso]))
        assert min(_ys(figure[leg])) > (top + bottom) / 2, leg
    # The criterion tells an arm from a leg: the biped's arms hang from the shoulder.
    biped = outlines.front(build)
    arm_top = min(_ys(biped[Location.LEFT_ARM]))
    torso = _ys(biped[Location.LEFT_TORSO])
    assert arm_top < (min(torso) + max(torso)) / 2


def _quad(tonnage: int) -> Mech:
    """A quad at the maximum armor of its tonnage (STANDARD_RULES.md §6.4)."""
    base = {"chassis": "Q", "model": "1", "ruleset": "standard", "config": "quad",
            "tonnage": tonnage, "walking_mp": 3}
    structure = get_ruleset("standard").structure_of(design_from_dict(base))
    assert structure is not None
    armor: dict[str, object] = {"head": 9}
    for loc, points in structure.items():
        if loc is not Location.HEAD:
            cap = 2 * points
            armor[loc.value] = ({"front": cap - cap // 4, "rear": cap // 4}
                                if loc.has_rear_armor else cap)
    return resolve(design_from_dict({**base, "armor": armor}))


QUADS = {"tarantula": lambda: resolve(load_design(DATA / "standard/tarantula-zph-1a.yaml")),
         "heavy-lifter": lambda: resolve(load_design(DATA / "standard/heavy-lifter-hcl-1.yaml")),
         "goliath": lambda: resolve(load_design(DATA / "megamek/Goliath GOL-1H.mtf")),
         **{f"max-{t}": (lambda t=t: _quad(t)) for t in (20, 55, 100)}}


def _no_pip_in_another_part(sheet: Sheet) -> None:
    for regions in (sheet.armor, sheet.structure):
        for region in regions:
            for other in regions:
                if other is not region:
                    assert not any(point_in_polygon(other.outline, (p.cx, p.cy))
                                   for p in region.pips), (region.key, other.key)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("name", sorted(QUADS))
def test_the_quick_start_sheet_prints_a_quad(name, paper, shrunk):
    mech = QUADS[name]()
    sheet = layout_sheet(assess(mech), SheetOptions(style="quickstart", paper=paper))
    assert {r.key for r in sheet.armor} == {loc.value for loc in QUAD_LOCATIONS}
    check_regions(sheet.armor, armor_values(mech), False)
    _no_pip_in_another_part(sheet)
    check_texts(sheet)
    assert shrunk == []
    texts = {t.text for t in sheet.page.of_type(Text)}
    assert {"Front Left Leg", "Rear Right Leg", "FLL", "RRL"} <= texts  # hit table, transfer
    assert not texts & {"Left Arm", "Right Arm", "LA", "RA"}


@pytest.mark.parametrize("name", sorted(QUADS))
def test_no_pip_of_the_standard_quad_sheet_lies_in_another_part(name):
    _no_pip_in_another_part(layout_sheet(assess(QUADS[name]())))


def _width(outline: outlines.Outline, y: float) -> float:
    """The outline's horizontal span along the line at height y (its edges' crossings)."""
    xs = [x0 + (y - y0) * (x1 - x0) / (y1 - y0)
          for (x0, y0), (x1, y1) in pairwise(outline + outline[:1])
          if min(y0, y1) <= y <= max(y0, y1) and y0 != y1]
    return max(xs) - min(xs)


def _thigh_and_ankle(outline: outlines.Outline) -> tuple[float, float]:
    """A leg's width a quarter of the way down (its thigh) and its narrowest width between
    60 % and 90 % of the way down (the ankle, above the foot)."""
    top, ground = min(_ys(outline)), max(_ys(outline))
    height = ground - top
    ankle = min(_width(outline, top + height * f / 100) for f in range(60, 91))
    return _width(outline, top + height / 4), ankle


@pytest.mark.parametrize("build", sorted(outlines.BUILDS))
def test_the_quad_front_legs_are_legs_as_wide_as_the_rear_legs_and_outboard(build):
    # Issue 28: front legs drawn as thin strips from the side torsos read as a biped's
    # arms. A quad's four legs are legs alike (STANDARD_RULES.md §10: four legs, each
    # with hip, upper and lower leg and foot actuators): a thigh narrowing to an ankle,
    # the front pair as wide as the rear pair and outboard of it.
    figure = outlines.quad_front(build)
    rear_thigh, _ = _thigh_and_ankle(figure[Location.REAR_LEFT_LEG])
    for leg in QUAD_LEGS:
        thigh, ankle = _thigh_and_ankle(figure[leg])
        assert thigh > 1.15 * ankle, leg  # wider at the top than at the ankle
    for fore, hind in ((Location.FRONT_LEFT_LEG, Location.REAR_LEFT_LEG),
                       (Location.FRONT_RIGHT_LEG, Location.REAR_RIGHT_LEG)):
        thigh, _ = _thigh_and_ankle(figure[fore])
        assert thigh >= 0.9 * rear_thigh, fore
        # outboard: no point of the front leg lies between the rear leg's edges
        fore_xs = [x for x, _ in figure[fore]]
        hind_xs = [x for x, _ in figure[hind]]
        assert max(fore_xs) <= min(hind_xs) or min(fore_xs) >= max(hind_xs), fore
