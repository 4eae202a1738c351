"""The Quick-Start record sheet (RULES.md 4.2): what it prints, checked against the
seed's GRF-1N and WVR-6R sheets, and the standard sheet's geometry properties."""

from __future__ import annotations

import re

import pytest
from test_sheet_geometry import check_regions, check_texts, max_armor_design
from tests_support import REPO

from mechlab.assess import assess
from mechlab.core.locations import BIPED_LOCATIONS, Location
from mechlab.files.load import design_from_dict, load_design
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Circle, Rect, Text
from mechlab.render.pdf import render_pdf
from mechlab.render.svg import render_html
from mechlab.sheet import quickstart
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

QS = SheetOptions(style="quickstart")


def unit(name: str):
    return resolve(load_design(REPO / "units" / name))


@pytest.fixture(scope="module")
def griffin():
    return unit("medium-griffin-grf-1n.yaml")


@pytest.fixture(scope="module")
def wolverine():
    return unit("medium-wolverine-wvr-6r.yaml")


def texts(sheet) -> list[str]:
    return [t.text for t in sheet.page.of_type(Text)]


def test_weapon_rows_print_one_number_per_range_column(griffin, wolverine):
    """Seed 004: 'LRM 10 RT 1/Msl 7 14 21', 'PPC RA 10 6 12 18'; WVR-6R 'SRM 6 LT 2/Msl'."""
    assert sorted(quickstart.weapon_rows(griffin)) == [
        ("1", "LRM 10", "RT", "1/Msl", "7", "14", "21"),
        ("1", "PPC", "RA", "10", "6", "12", "18"),
    ]
    rows = {row[1]: row for row in quickstart.weapon_rows(wolverine)}
    assert rows["SRM 6"] == ("1", "SRM 6", "LT", "2/Msl", "3", "6", "9")
    assert rows["Medium Laser"] == ("1", "Medium Laser", "HD", "5", "3", "6", "9")
    assert rows["AC/5"][3:] == ("5", "6", "12", "18")


def test_identical_weapons_in_one_location_share_a_row(catapult):
    from tests_support import mech_of

    rows = quickstart.weapon_rows(mech_of(catapult))
    assert ("2", "Medium Laser", "CT", "5", "3", "6", "9") in rows
    assert sum(int(r[0]) for r in rows) == len(mech_of(catapult).weapons)


def test_no_heat_or_minimum_column_and_the_range_modifiers_over_the_ranges(griffin):
    sheet = layout_sheet(assess(griffin), QS)
    words = texts(sheet)
    assert {"Qty", "Type", "Loc", "Dmg", "Sht", "Med", "Lng", "Range Modifiers"} <= set(words)
    assert "Ht" not in words and "Min" not in words
    by_text = {t.text: t for t in sheet.page.of_type(Text)}
    for modifier, column in (("+0", "Sht"), ("+2", "Med"), ("+4", "Lng")):
        assert by_text[modifier].x == pytest.approx(by_text[column].x)
        assert by_text[modifier].y < by_text[column].y


def test_mech_data_block(griffin):
    words = texts(layout_sheet(assess(griffin), QS))
    for word in ("'MECH RECORD SHEET", "Type:", "Griffin GRF-1N", "Tonnage:", "55",
                 "Weight Class:", "Medium", "Movement Points:", "Walking:", "Running:",
                 "Jumping:", "Tech Base:", "Inner Sphere", "Base To-Hit:", "4"):
        assert word in words, word


def test_one_row_and_one_tick_box_per_shot_for_each_ammunition_lot(griffin):
    """RULES.md 4.2: the GRF-1N's two tons of LRM 10 ammunition are two rows of 12."""
    assert [(lot.type, lot.shots) for lot in quickstart.ammo_lots(griffin)] == [
        ("LRM 10", 12), ("LRM 10", 12)]
    sheet = layout_sheet(assess(griffin), QS)
    ticks = [r for r in sheet.page.of_type(Rect) if r.w == quickstart.TICK]
    assert len(ticks) == 24


def test_a_lots_tick_boxes_wrap_as_a_grid(wolverine):
    """WVR-6R's 20 AC/5 shots take two rows of boxes one box pitch apart, not a text row
    apart: a 200-shot machine gun lot does not squeeze the column's type."""
    sheet = layout_sheet(assess(wolverine), QS)
    ticks = [r for r in sheet.page.of_type(Rect) if r.w == quickstart.TICK]
    assert len(ticks) == 35  # 20 AC/5 and 15 SRM 6
    rows = sorted({round(r.y, 2) for r in ticks})
    assert len(rows) == 3 and rows[1] - rows[0] == pytest.approx(quickstart.TICK_PITCH)


def test_hit_location_table_as_two_column_pairs(griffin):
    """RULES.md 4.2: 2 CT, 3–4 RA, 5 RL, 6 RT, 7 CT | 8 LT, 9 LL, 10–11 LA, 12 HD."""
    low, high = quickstart.hit_location_columns(griffin)
    L = Location
    assert low == [(2, L.CENTER_TORSO), (3, L.RIGHT_ARM), (4, L.RIGHT_ARM), (5, L.RIGHT_LEG),
                   (6, L.RIGHT_TORSO), (7, L.CENTER_TORSO)]
    assert high == [(8, L.LEFT_TORSO), (9, L.LEFT_LEG), (10, L.LEFT_ARM), (11, L.LEFT_ARM),
                    (12, L.HEAD)]


def test_only_front_armor_circles_and_nothing_the_quick_start_never_uses(griffin):
    sheet = layout_sheet(assess(griffin), QS)
    assert not any(r.key.endswith("_rear") for r in sheet.armor)
    assert sheet.structure == ()
    circles = sheet.page.of_type(Circle)
    assert len(circles) == sum(griffin.armor_front(loc) for loc in BIPED_LOCATIONS)
    words = " ".join(texts(sheet))
    for absent in ("Rear", "HEAT", "CRITICAL", "WARRIOR", "INTERNAL STRUCTURE", "BV", "Cost",
                   "Min", "Gunnery"):
        assert absent not in words, absent
    assert sheet.transfer  # the damage transfer arrows


@pytest.mark.parametrize("tonnage", [20, 55, 100])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_geometry_at_maximum_armor(tonnage, paper):
    mech = resolve(design_from_dict(max_armor_design(tonnage, 0.25)))
    sheet = layout_sheet(assess(mech), SheetOptions(style="quickstart", paper=paper))
    check_regions(sheet.armor, {loc.value: mech.armor_front(loc) for loc in BIPED_LOCATIONS}, False)
    check_texts(sheet)
    assert min(t.size for t in sheet.page.of_type(Text)) >= 6.0


def test_library_units_print_one_quick_start_page_each(griffin, wolverine):
    for mech in (griffin, wolverine):
        sheet = layout_sheet(assess(mech), QS)
        armor = {loc.value: mech.armor_front(loc) for loc in BIPED_LOCATIONS}
        check_regions(sheet.armor, armor, False)
        check_texts(sheet)


def test_pdf_and_html_paint_the_same_display_list(griffin):
    from mechlab.sheet.styles import layout_document

    document = layout_document(list(map(assess, [griffin])), QS)
    assert render_pdf(document).startswith(b"%PDF")
    html = render_html(document)
    items = document.pages[0].items
    assert html.count("<circle") == sum(isinstance(i, Circle) for i in items)
    assert html.count("<rect") == sum(isinstance(i, Rect) for i in items)


def test_cli_prints_the_quick_start_sheet_on_one_page(tmp_path):
    from click.testing import CliRunner

    from mechlab.cli import main

    out = tmp_path / "qs.pdf"
    result = CliRunner().invoke(main, ["sheet", "GRF-1N", "--style", "quickstart", "-o",
                                       str(out)])
    assert result.exit_code == 0, result.output
    assert len(re.findall(rb"/Type /Page[^s]", out.read_bytes())) == 1  # one page
    html = tmp_path / "qs.html"
    result = CliRunner().invoke(main, ["sheet", "GRF-1N", "--style", "quickstart", "-o",
                                       str(html)])
    assert result.exit_code == 0 and html.read_text().count('<svg class="sheet"') == 1


def test_without_style_a_design_prints_in_its_rulesets_style(griffin, monkeypatch):
    """The default style is the ruleset's (`default_sheet_style`), not a name test."""
    assert "'MECH RECORD SHEET" not in texts(layout_sheet(assess(griffin)))
    monkeypatch.setattr(type(griffin.ruleset), "default_sheet_style", "quickstart")
    titles = [t.text for t in layout_sheet(assess(griffin)).page.of_type(Text)]
    assert "'MECH RECORD SHEET" in titles
    assert "'MECH RECORD SHEET" not in [  # an explicit --style wins
        t.text
        for t in layout_sheet(assess(griffin), SheetOptions(style="standard")).page.of_type(Text)]


def test_a_force_file_prints_its_units_in_its_style_and_style_option_wins(tmp_path):
    from click.testing import CliRunner

    from mechlab.cli import main

    force = tmp_path / "demo.yaml"
    force.write_text("force: Demo Night\nstyle: quickstart\nunits:\n"
                     "  - unit: GRF-1N\n    pilot: {name: Ana}\n"
                     "  - unit: WVR-6R\n    pilot: {name: Kai}\n")
    out = tmp_path / "demo.html"
    result = CliRunner().invoke(main, ["sheet", str(force), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().count("&#39;MECH RECORD SHEET") == 2  # both units, quick-start
    result = CliRunner().invoke(main, ["sheet", str(force), "-o", str(out), "--style",
                                       "battledroids"])
    assert result.exit_code == 0, result.output
    html = out.read_text()
    assert "&#39;MECH RECORD SHEET" not in html and html.count("BATTLEDROIDS RECORD SHEET") == 2


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_page_is_filled_under_one_header_style(griffin, paper):
    """Issue 22: every block under a bar of one size (the armor and damage transfer
    diagrams too), the hit locations box ending with its table, both columns reaching
    the foot of the page, the transfer diagram's labels in the sheet's type."""
    sheet = layout_sheet(assess(griffin), SheetOptions(style="quickstart", paper=paper))
    items = sheet.page.items
    bars = [t for t in sheet.page.of_type(Text) if t.fill == "#ffffff"]
    assert {t.text for t in bars} >= {"'MECH DATA", "WEAPONS INVENTORY", "AMMO",
                                      "'MECH HIT LOCATIONS", "ARMOR DIAGRAM",
                                      "DAMAGE TRANSFER DIAGRAM"}
    assert {t.size for t in bars} == {quickstart.BLOCK_TITLE}
    frames = [r for r in items if isinstance(r, Rect) and r.line_width == 1.2]
    page_bottom = sheet.page.height - quickstart.MARGIN - 14
    left = [r for r in frames if r.x < sheet.page.width / 3]
    right = [r for r in frames if r.x > sheet.page.width / 3]
    for column in (left, right):
        assert page_bottom - max(r.y + r.h for r in column) < 40
    hits_box = max(left, key=lambda r: r.y)
    last_row = max(t.y for t in sheet.page.of_type(Text)
                   if hits_box.y < t.y < hits_box.y + hits_box.h)
    assert hits_box.y + hits_box.h - last_row < 20
    labels = [t for t in sheet.page.of_type(Text) if t.text in ("LT", "CT", "RT", "LA")
              and t.x > sheet.page.width / 2]  # the transfer diagram's, not the weapons'
    assert len(labels) == 4
    assert {t.size for t in labels} == {quickstart.LABEL}
