"""Record-sheet geometry, checked on the display list (no PDF parsing): circle counts
equal the values, no two circles overlap, every circle lies inside its outline, and
no text run is wider than the room it was given."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from mechlab.library import library
from mechlab.load import design_from_dict, load_design
from mechlab.locations import Location
from mechlab.mech import Mech
from mechlab.resolve import resolve
from mechlab.rulesets import get_ruleset
from mechlab.sheet import content, fonts
from mechlab.sheet.diagrams import Region
from mechlab.sheet.geometry import Circle, Text
from mechlab.sheet.layout import Sheet, SheetOptions, layout_sheet
from mechlab.sheet.pips import circle_inside, circles_overlap, place_pips


def max_armor_design(tonnage: int, rear_share: float) -> dict[str, Any]:
    """Every location at its cap; `rear_share` of each torso's cap on its rear."""
    structure = get_ruleset("intro").structure(tonnage)
    assert structure is not None
    armor: dict[str, Any] = {"head": 9}
    for loc in Location:
        cap = 2 * structure[loc]
        if loc.has_rear_armor:
            rear = round(cap * rear_share)
            armor[loc.value] = {"front": cap - rear, "rear": rear}
        elif loc is not Location.HEAD:
            armor[loc.value] = cap
    return {"chassis": "Maximum", "model": f"MX-{tonnage}", "tonnage": tonnage,
            "walking_mp": 1, "armor": armor}


GENERATED = [(t, share) for t in range(20, 101, 5) for share in (0.0, 0.25, 1.0)]


def check_regions(regions: tuple[Region, ...], expected: dict[str, int]) -> None:
    for region in regions:
        assert len(region.pips) == expected[region.key], region.key
        for pip in region.pips:
            assert circle_inside(region.outline, (pip.cx, pip.cy), pip.r), region.key
        for a, b in itertools.combinations(region.pips, 2):
            assert not circles_overlap(a, b), region.key


def armor_values(mech: Mech) -> dict[str, int]:
    values = {loc.value: mech.armor_front(loc) for loc in Location}
    values.update({f"{loc.value}_rear": mech.armor_rear(loc) for loc in Location
                   if loc.has_rear_armor})
    return values


def check_sheet(mech: Mech, sheet: Sheet) -> None:
    check_regions(sheet.armor, armor_values(mech))
    assert mech.structure is not None
    check_regions(sheet.structure, {loc.value: n for loc, n in mech.structure.items()})
    circles = sheet.page.of_type(Circle)
    pips = sum(len(r.pips) for r in sheet.armor + sheet.structure)
    assert len(circles) == pips + mech.heat_sinks  # plus one circle per heat sink
    check_texts(sheet)


def check_texts(sheet: Sheet) -> None:
    page = sheet.page
    for text in page.of_type(Text):
        assert isinstance(text, Text)
        width = fonts.text_width(text.text, text.font, text.size)
        if text.max_width is not None:
            assert width <= text.max_width + 0.01, text.text
        left = {"start": text.x, "middle": text.x - width / 2, "end": text.x - width}[text.anchor]
        assert left >= 0 and left + width <= page.width, text.text
        assert 0 <= text.y <= page.height


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("tonnage", "rear_share"), GENERATED)
def test_maximum_armor_at_every_tonnage_fits_exactly(tonnage, rear_share, paper):
    mech = resolve(design_from_dict(max_armor_design(tonnage, rear_share)))
    check_sheet(mech, layout_sheet(mech, SheetOptions(paper=paper)))


def test_every_library_unit_sheet_is_exact():
    for unit in library():
        mech = resolve(load_design(unit.path))
        check_sheet(mech, layout_sheet(mech))


def test_grouped_pips_keep_counts_and_stay_inside(catapult):
    mech = resolve(design_from_dict(catapult))
    check_sheet(mech, layout_sheet(mech, SheetOptions(grouped_pips=True)))


def test_grouped_pips_leave_a_wider_gap_after_every_fifth_circle():
    # Maximum armor on 100 t: rows long enough to hold more than one group of five
    # (the Catapult's rows hold at most five, so a check on it would never run).
    mech = resolve(design_from_dict(max_armor_design(100, 0.25)))
    sheet = layout_sheet(mech, SheetOptions(grouped_pips=True))
    check_sheet(mech, sheet)
    long_rows = 0
    for region in sheet.armor:
        for y in {p.cy for p in region.pips}:
            row = sorted(p.cx for p in region.pips if p.cy == y)
            gaps = [b - a for a, b in itertools.pairwise(row)]
            if len(row) > 5:
                long_rows += 1
                wide = [g for i, g in enumerate(gaps) if i % 5 == 4]
                narrow = [g for i, g in enumerate(gaps) if i % 5 != 4]
                assert min(wide) > max(narrow) + 0.1, region.key
    assert long_rows > 0


@pytest.mark.parametrize("count", [0, 1, 2, 5, 9, 17, 40])
def test_pip_placement_is_exact_and_deterministic(count):
    square = [(0.0, 0.0), (60.0, 0.0), (60.0, 60.0), (0.0, 60.0)]
    first, second = place_pips(square, count), place_pips(square, count)
    assert first == second and len(first) == count
    rows = {p.cy for p in first}
    for y in rows:  # every row is centred on the outline
        xs = [p.cx for p in first if p.cy == y]
        assert abs((min(xs) + max(xs)) / 2 - 30) < 0.02


def test_long_names_fit_unclipped(catapult):
    catapult["chassis"], catapult["model"] = "Hermes II", "HER-2S"
    catapult["equipment"] += [{"item": "Flamer (Vehicle)", "location": "left_torso"},
                              {"item": "LRM 20 (OS)", "location": "right_torso"}]
    mech = resolve(design_from_dict(catapult))
    sheet = layout_sheet(mech)
    texts = [t.text for t in sheet.page.of_type(Text)]  # type: ignore[attr-defined]
    for name in ("Hermes II HER-2S", "Flamer (Vehicle)", "LRM 20 (OS)"):
        assert name in texts
    assert not any(t.endswith("…") for t in texts)
    check_texts(sheet)


def test_critical_table_prints_every_slot_in_order_with_brackets(catapult):
    mech = resolve(design_from_dict(catapult))
    for location in Location:
        runs = content.slot_runs(mech, location)
        assert sum(len(r.texts) for r in runs) == location.slot_count
        assert [r.first for r in runs] == sorted(r.first for r in runs)
    arm = content.slot_runs(mech, Location.LEFT_ARM)
    lrm = next(r for r in arm if r.texts[0] == "LRM 15")
    assert lrm.bracketed and len(lrm.texts) == 3
    torso = [t for r in content.slot_runs(mech, Location.LEFT_TORSO) for t in r.texts]
    assert "Ammo (LRM 15) 8" in torso
    texts = [t.text for t in layout_sheet(mech).page.of_type(Text)]  # type: ignore[attr-defined]
    assert texts.count("Roll Again") == sum(
        1 for cells in mech.critical_slots.values() for s in cells if s.kind == "empty")


def test_inventory_aggregates_identical_weapons_and_marks_rear():
    mech = resolve(load_design(next(u.path for u in library() if u.model == "AS7-D")))
    rows = {(r.type, r.location): r.quantity for r in content.inventory(mech)}
    assert rows[("Medium Laser (R)", "CT")] == 2
    assert rows[("LRM 20", "LT")] == 1
    assert content.inventory(mech)[0].damage in ("5", "1/Msl", "2/Msl", "20")
