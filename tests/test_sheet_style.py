"""The style system: a registry picked by name, and painters that refuse what they
cannot draw (a shape must never vanish from a sheet silently)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest
from click.testing import CliRunner
from tests_support import EXAMPLES, mech_of

from mechlab.assess import assess
from mechlab.cli import main
from mechlab.core.locations import Location
from mechlab.render.geometry import Document, Page
from mechlab.render.pdf import render_pdf
from mechlab.render.svg import render_html
from mechlab.rulesets import get_ruleset
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.style import UnknownStyleError, battledroids_crit_number, standard_crit_number
from mechlab.sheet.styles import get_style, layout_sheet, style_names


@dataclass(frozen=True)
class Hexagon:  # a shape no painter knows
    x: float


def test_standard_is_a_registered_style_and_the_default():
    assert "standard" in style_names()
    assert SheetOptions().style is None  # the ruleset picks: intro prints standard
    assert get_ruleset("intro").default_sheet_style == "standard"
    assert get_style("standard").pip_shape == "circle"


def test_unknown_style_names_the_choices():
    with pytest.raises(UnknownStyleError, match=r"choose from .*standard"):
        get_style("glossy")


def test_the_layout_uses_the_named_style(catapult):
    mech = mech_of(catapult)
    with pytest.raises(UnknownStyleError):
        layout_sheet(assess(mech), SheetOptions(style="glossy"))


@pytest.mark.parametrize("painter", [render_pdf, render_html])
def test_painters_raise_on_a_shape_they_do_not_know(painter):
    document = Document((Page(612, 792, (Hexagon(1.0),)),))  # type: ignore[arg-type]  # on purpose
    with pytest.raises(TypeError, match="Hexagon"):
        painter(document)


def test_crit_numbering_of_the_two_editions():
    assert [standard_crit_number(12, i, 6) for i in (0, 5, 6, 11)] == [
        (0, "1"), (0, "6"), (1, "1"), (1, "6")]
    assert standard_crit_number(6, 2, 6) == (None, "3")
    assert [battledroids_crit_number(12, i, 6)[1] for i in (0, 5, 6, 11)] == [
        "11", "16", "21", "26"]
    assert battledroids_crit_number(6, 5, 6) == (None, "6")


def test_cli_takes_style_and_rejects_an_unknown_one(tmp_path):
    runner = CliRunner()
    out = tmp_path / "c.pdf"
    ok = runner.invoke(main, ["sheet", str(EXAMPLES / "catapult.yaml"), "-o", str(out),
                              "--style", "standard"])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(main, ["sheet", str(EXAMPLES / "catapult.yaml"), "-o",
                               str(tmp_path / "d.pdf"), "--style", "glossy"])
    assert bad.exit_code == 2 and not (tmp_path / "d.pdf").exists()


TWINS = ((Location.LEFT_ARM, Location.RIGHT_ARM), (Location.LEFT_TORSO, Location.RIGHT_TORSO),
         (Location.LEFT_LEG, Location.RIGHT_LEG))


def _centre_x(points) -> float:
    xs = [p[0] for p in points]
    return (min(xs) + max(xs)) / 2


def test_every_diagram_shows_the_mech_from_behind(catapult):
    """RULES.md 4.1: its left arm, torso and leg on the reader's left, in the armor,
    structure and damage transfer diagrams, as in the critical hit table."""
    sheet = layout_sheet(assess(mech_of(catapult)))
    for regions in (sheet.armor, sheet.structure):
        where = {r.key: _centre_x(r.outline) for r in regions}
        for left, right in TWINS:
            assert where[left.value] < where[right.value], (left, right)
            if f"{left.value}_rear" in where:
                assert where[f"{left.value}_rear"] < where[f"{right.value}_rear"]
    for left, right in TWINS:
        assert sheet.transfer[left][0] < sheet.transfer[right][0]
    # …and the critical hit table agrees: "Left Arm" is printed left of "Right Arm".
    texts = {t.text: t.x for t in sheet.page.items if type(t).__name__ == "Text"}
    assert texts["Left Arm"] < texts["Right Arm"]


def test_an_illegal_design_says_so_on_its_face(catapult):
    catapult["armor"]["head"] = 12  # RULES.md 1.5: the head carries at most 9
    texts = [t.text for t in layout_sheet(assess(mech_of(catapult))).page.items
             if type(t).__name__ == "Text"]
    banner = next(t for t in texts if t.startswith("ILLEGAL DESIGN"))
    assert "E-ARMOR-HEAD" in banner


def test_a_legal_design_has_no_banner(catapult):
    texts = [t.text for t in layout_sheet(assess(mech_of(catapult))).page.items
             if type(t).__name__ == "Text"]
    assert not any(t.startswith("ILLEGAL") for t in texts)


@pytest.mark.parametrize("quad", [False, True])
@pytest.mark.parametrize("size", [(86, 105), (89, 128), (86, 139), (120, 120)])
def test_damage_transfer_labels_sit_inside_their_parts_and_arrows_clear_them(quad, size):
    """Issue 22: the diagram takes the room it is given (taller than the silhouette where
    the column is narrow), one label size inside the parts, and arrows (shaft and head)
    at least CLEAR from every label's letters."""
    from mechlab.render.frame import Box
    from mechlab.render.geometry import Line, Polygon, Text
    from mechlab.sheet import outlines
    from mechlab.sheet.draw import Ink
    from mechlab.sheet.polygon import point_in_polygon
    from mechlab.sheet.transfer import CLEAR, HEAD_LENGTH, damage_transfer, label_box

    ink = Ink()
    box = Box(100, 100, *size)
    shapes = outlines.quad_front() if quad else outlines.FRONT
    centres = damage_transfer(ink, box, locations=tuple(shapes))
    figure = [p for p in ink.items if isinstance(p, Polygon) and p.fill is None]
    ys = [y for p in figure for _, y in p.points]
    assert max(ys) - min(ys) > 0.92 * (box.h - 15)  # the figure fills the height
    labels = {t.text: t for t in ink.items if isinstance(t, Text) and t.size <= 7.0}
    sizes = {labels[loc.abbreviation].size for loc in centres}
    assert len(sizes) == 1 and min(sizes) >= 6.0
    rects = []
    for location, centre in centres.items():
        rect = label_box(centre, location, labels[location.abbreviation].size)
        part = next(p.points for p in figure if point_in_polygon(p.points, centre))
        assert all(point_in_polygon(part, (x, y)) for x in rect[::2] for y in rect[1::2])
        rects.append(rect)

    def clearance(x: float, y: float) -> float:
        return min(math.hypot(max(0.0, x0 - x, x - x1), max(0.0, y0 - y, y - y1))
                   for x0, y0, x1, y1 in rects)

    shafts = [i for i in ink.items if isinstance(i, Line)]
    heads = [p for p in ink.items if isinstance(p, Polygon) and p.fill == "#000000"]
    assert len(shafts) == len(heads) == 6
    for line in shafts:
        for t in (k / 20 for k in range(21)):  # every point of every arrow shaft
            assert clearance(line.x1 + t * (line.x2 - line.x1),
                             line.y1 + t * (line.y2 - line.y1)) >= CLEAR - 0.3
        # a shaft, not a bare head touching "CT": longer than its head
        assert math.dist((line.x1, line.y1), (line.x2, line.y2)) > 1.5 * HEAD_LENGTH
    for head in heads:  # every arrowhead's tip and barbs clear of every label's letters
        assert all(clearance(x, y) >= CLEAR - 0.3 for x, y in head.points)


def test_an_item_without_a_slot_is_marked_in_the_inventory(catapult):
    """Issue 22: an AC/20 the head has no room for is not listed as if it were placed."""
    catapult["equipment"].append({"item": "AC/20", "location": "head"})
    texts = [t.text for t in layout_sheet(assess(mech_of(catapult))).page.items
             if type(t).__name__ == "Text"]
    assert "AC/20 (no slot)" in texts and "AC/20" not in texts
    assert "Medium Laser" in texts  # placed weapons are unmarked


def test_the_standard_sheet_has_a_footer_as_the_other_styles(catapult):
    page = layout_sheet(assess(mech_of(catapult))).page
    footer = next(t for t in page.items if type(t).__name__ == "Text"
                  and t.text.startswith("mechlab ·"))
    assert footer.y > max(getattr(i, "y", 0) + getattr(i, "h", 0) for i in page.items
                          if type(i).__name__ == "Rect")
    assert footer.y < page.height - 18  # inside what a printer prints


def test_a_long_unit_name_takes_the_room_the_title_leaves(catapult):
    """Issue 22: "Vindicator VND-1AA 'Avenging Angel'" shrank to 9.9 pt on A4 beside a
    title that left it room."""
    catapult["chassis"], catapult["model"] = "Vindicator", "VND-1AA 'Avenging Angel'"
    for paper in ("letter", "a4"):
        page = layout_sheet(assess(mech_of(catapult)), SheetOptions(paper=paper)).page
        name = next(t for t in page.items if type(t).__name__ == "Text"
                    and t.text == "Vindicator VND-1AA 'Avenging Angel'")
        assert name.size == 10
