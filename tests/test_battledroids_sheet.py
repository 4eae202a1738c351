"""The 1984 Battledroids record sheet (RULES.md 4.3): what it prints, checked against
the book's CRD-3R "filled out record sheet" (BATTLEDROIDS_DESIGNS.md 1.7) and the
Merlin, and the standard sheet's geometry properties with boxes instead of circles."""

from __future__ import annotations

import pytest
from test_sheet_geometry import check_regions, check_texts, max_armor_design

from mechlab.assess import assess
from mechlab.core.locations import BIPED_LOCATIONS
from mechlab.files.library import find_unit
from mechlab.files.load import design_from_dict, load_design
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Circle, Rect, Text
from mechlab.render.pdf import render_pdf
from mechlab.render.svg import render_html
from mechlab.sheet import battledroids
from mechlab.sheet.battledroids import spellings_for
from mechlab.sheet.droid_data import armor_boxes, data_lines, weapon_lines
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import get_style, layout_document, layout_sheet, style_names

BD = SheetOptions(style="battledroids")


def library_unit(name: str):
    unit = find_unit(name)
    assert unit is not None, name
    return resolve(load_design(unit.path))


@pytest.fixture(scope="module")
def crusader():
    return library_unit("battledroids/CRD-3R")


@pytest.fixture(scope="module")
def merlin():
    return library_unit("battledroids/Merlin")


@pytest.fixture(scope="module")
def spellings():
    return spellings_for(get_style("battledroids"))


def test_droid_data_lists_every_component_with_the_books_tons(crusader):
    """The book's CRD-3R block: 65; 6.5; Magna 13.5; jump 0 0; 10 sinks 0; gyro 3;
    cockpit 3; armor factor 184 11.5."""
    lines = {line.label: (line.value, line.tons) for line in data_lines(crusader)}
    assert lines == {
        "Tonnage:": ("", "65"), "Internal Structure:": ("", "6.5"),
        "Engine:": ("Magna 260", "13.5"), "Walking Movement Pts.:": ("4", ""),
        "Running Movement Pts.:": ("6", ""), "Jump Movement Pts.:": ("0", "0"),
        "Total Heat Sinks:": ("10", "0"), "Gyro:": ("", "3"), "Cockpit:": ("", "3"),
        "Armor Factor:": ("184", "11.5"),
    }


def test_armor_boxes_table(crusader, spellings):
    assert armor_boxes(crusader, spellings) == [
        ("Head", "6"), ("Center Torso", "F: 30  R: 8"), ("Rt/Lt Torso", "F: 24  R: 6"),
        ("Rt/Lt Arm", "20"), ("Rt/Lt Leg", "20")]


def test_weapons_and_ammo_in_the_1984_spellings(crusader, spellings):
    """The book's CRD-3R rows, in its order (ammunition where the design lists it)."""
    rows = [(w.type, w.location, w.boxes, w.tons) for w in weapon_lines(crusader, spellings)]
    assert rows == [
        ("L.R.M. 15-pack", "Rt. Arm", 3, "7"), ("L.R.M. 15-pack", "Lt. Arm", 3, "7"),
        ("Ammo: L.R.M. 8-packs", "Rt. Torso", 1, "1"),
        ("Ammo: L.R.M. 8-packs", "Lt. Torso", 1, "1"),
        ("S.R.M. 6-pack", "Rt. Leg", 2, "3"), ("S.R.M. 6-pack", "Lt. Leg", 2, "3"),
        ("Ammo: S.R.M. 15-packs", "Ct. Torso", 1, "1"),
        ("Med. Laser", "Rt. Arm", 1, "1"), ("Med. Laser", "Lt. Arm", 1, "1"),
        ("M.G.", "Rt. Arm", 1, ".5"), ("M.G.", "Lt. Arm", 1, ".5"),
        ("Ammo: 200 mg.", "Ct. Torso", 1, "1"),
    ]


def test_rear_weapons_are_starred_with_the_footnote(crusader):
    data = {"chassis": "Archer", "model": "ARC-2R", "tonnage": 70, "walking_mp": 4,
            "armor": {"head": 9},
            "equipment": [{"item": "Medium Laser", "location": "center_torso", "rear": True},
                          {"item": "Ammo (AC/5)", "location": "left_torso", "count": 2}]}
    mech = resolve(design_from_dict(data))
    words = [t.text for t in layout_sheet(assess(mech), BD).page.of_type(Text)]
    assert "Ct. Torso*" in words and "* facing rear" in words
    # RULES.md §2: one row per lot, even two lots in one location.
    assert words.count("Ammo: 20 rds") == 2
    texts = [t.text for t in layout_sheet(assess(crusader), BD).page.of_type(Text)]
    assert "* facing rear" not in texts


def test_a_name_the_1984_book_never_printed_keeps_its_own(spellings):
    assert spellings.weapon("AC/20") == "AC/20"
    assert spellings.weapon("Medium Laser") == "Med. Laser"


def test_an_intro_autocannons_ammunition_takes_the_books_rounds_form(spellings):
    """Issue 22: "Ammo: AC/20 10" was printed; the book writes rounds ("Ammo: 20 rds")."""
    mech = library_unit("HBK-4G")  # AC/20 and two tons of its ammunition (5 shots a ton)
    rows = [w.type for w in weapon_lines(mech, spellings)]
    assert rows.count("Ammo: 5 AC/20 rds") == 2


def test_critical_charts_in_the_1984_spellings(crusader):
    """Issue 22: the charts print the book's names (seed 002's CRD-3R: "L.R.M. 15-pack"),
    a ton of ammunition in its rounds/salvos form."""
    words = [t.text for t in layout_sheet(assess(crusader), BD).page.of_type(Text)]
    assert words.count("L.R.M. 15-pack") == 2 + 2 * 3  # the Weapons/Ammo rows + 3 slots each
    assert words.count("Ammo L.R.M. 8-pks") == 2 and "Ammo 200 mg." in words
    assert "LRM 15" not in words and "Medium Laser" not in words


def test_engine_and_gyro_hit_boxes_in_the_droid_data(crusader):
    """Seed 002: "Record these hits by marking off the Engine boxes in the general
    information section" — three engine hits, two gyro hits."""
    page = layout_sheet(assess(crusader), BD).page
    texts = page.of_type(Text)
    for label, count in (("Engine:", 3), ("Gyro:", 2)):
        line = next(t for t in texts if t.text == label)
        boxes = [r for r in page.of_type(Rect) if r.w == r.h == 7
                 and r.y < line.y < r.y + r.h + 1]
        assert len(boxes) == count, label


def test_droidwarrior_damage_track(crusader):
    """Seed 002's DroidWarrior Damage table: 1–6 with 3, 5, 7, 10, 11, Dead; its title
    wrapped in the narrow column at the table's size, not shrunk (issue 22)."""
    texts = layout_sheet(assess(crusader), BD).page.of_type(Text)
    words = [t.text for t in texts]
    start = words.index("DroidWarrior")
    assert words[start + 1] == "Damage"
    assert {t.size for t in texts[start:start + 16]} == {battledroids.TEXT}
    start += 1
    assert words[start + 3:start + 3 + 12] == [
        "1", "3", "2", "5", "3", "7", "4", "10", "5", "11", "6", "Dead"]


def test_boxes_not_circles(crusader):
    sheet = layout_sheet(assess(crusader), BD)
    assert sheet.page.of_type(Circle) == []
    squares = [r for r in sheet.page.of_type(Rect) if r.w == r.h and r.w < 8]
    pips = sum(len(r.pips) for r in sheet.armor + sheet.structure)
    assert len(squares) >= pips  # (and the heat sink record's boxes)
    for region in sheet.armor + sheet.structure:
        for pip in region.pips:  # the square sits inside its pip's room
            assert any(abs(s.x + s.w / 2 - pip.cx) < 0.01 and abs(s.y + s.h / 2 - pip.cy) < 0.01
                       and s.w / 2 * 2 ** 0.5 <= pip.r + 0.01 for s in squares)


def test_critical_charts_numbered_1_to_6_and_11_to_26(crusader):
    words = [t.text for t in layout_sheet(assess(crusader), BD).page.of_type(Text)]
    for number in ("11", "16", "21", "26", "1", "6"):
        assert number in words
    assert "4-6" not in words and "1-3" not in words


def _check(mech, options: SheetOptions) -> None:
    sheet = layout_sheet(assess(mech), options)
    values = {loc.value: mech.armor_front(loc) for loc in BIPED_LOCATIONS}
    values.update({f"{loc.value}_rear": mech.armor_rear(loc) for loc in BIPED_LOCATIONS
                   if loc.has_rear_armor})
    check_regions(sheet.armor, values, False)
    assert mech.structure is not None
    check_regions(sheet.structure, {loc.value: n for loc, n in mech.structure.items()}, False)
    assert [level for level, _ in sheet.heat_rows] == list(range(30, 0, -1))  # 1984: 1–30
    check_texts(sheet)
    assert min(t.size for t in sheet.page.of_type(Text)) >= 6.0


@pytest.mark.parametrize("tonnage", [20, 65, 100])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_geometry_at_maximum_armor(tonnage, paper):
    mech = resolve(design_from_dict(max_armor_design(tonnage, 0.25)))
    _check(mech, SheetOptions(style="battledroids", paper=paper))


def test_geometry_of_the_1984_designs(crusader, merlin):
    for mech in (crusader, merlin):
        _check(mech, BD)


@pytest.mark.slow
@pytest.mark.parametrize("style", style_names())
def test_geometry_at_every_tonnage_both_papers(style):
    for tonnage in range(20, 101, 5):
        for share in (0.0, 1.0):
            mech = resolve(design_from_dict(max_armor_design(tonnage, share)))
            for paper in ("letter", "a4"):
                sheet = layout_sheet(assess(mech), SheetOptions(style=style, paper=paper))
                check_texts(sheet)
                check_regions(sheet.armor, {r.key: r.count for r in sheet.armor}, False)


def test_pdf_and_html_paint_the_same_display_list(merlin):
    document = layout_document(list(map(assess, [merlin])), BD)
    assert render_pdf(document).startswith(b"%PDF")
    html = render_html(document)
    assert html.count("<rect") == len(document.pages[0].of_type(Rect))


def test_1984_designs_print_on_the_1984_sheet_by_default(crusader, merlin):
    for mech in (crusader, merlin):
        assert mech.ruleset.default_sheet_style == "battledroids"
        words = [t.text for t in layout_sheet(assess(mech)).page.of_type(Text)]
        assert "BATTLEDROIDS RECORD SHEET" in words
        assert not any(w.startswith("ILLEGAL") for w in words)  # legal under its ruleset


def test_every_heat_sink_in_its_slot_on_the_charts(merlin):
    """RULES.md §2: every sink, free or bought, occupies a slot: the Merlin's 18."""
    words = [t.text for t in layout_sheet(assess(merlin)).page.of_type(Text)]
    assert words.count("Heat Sink") == merlin.heat_sinks == 18
