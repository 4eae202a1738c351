"""Issue 22 on the Quick-Start and 1984 sheets: nothing is shrunk below its row's size. A
text too long for its room takes the printed short form ('MG', 'LT (20)', the model alone
in a heading) or wraps (the Type line, the DroidWarrior Damage title); a table takes the
size of its rows, its columns as wide as their cells. Checked on every library unit, both
papers, both pip modes, and on a design with a very long name.

How: the layout's pen (`Ink.text`) is asked for a size and fits the text to its room,
shrinking it only as a last resort; the tests watch every text the pen writes and fail on
any that came out smaller than asked (the display list alone cannot tell a shrunk text
from a small one)."""

from __future__ import annotations

import pytest
from test_sheet_geometry import armor_values, check_regions, check_texts, mixed_rows
from tests_support import library_assessed, sweep, swept

from mechlab.assess import assess
from mechlab.core.locations import BIPED_LOCATIONS
from mechlab.files.library import library
from mechlab.files.load import design_from_dict, load_design
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Text
from mechlab.sheet import battledroids, quickstart
from mechlab.sheet.options import Sheet, SheetOptions
from mechlab.sheet.styles import get_style, layout_sheet

STYLES = ("quickstart", "battledroids")
LONG_MODEL = "CN9-YLW 'Yen Lo Wang' Refit of the Capellan March Militia"



def sheet_of(mech: Mech, style: str, paper: str = "letter", grouped: bool = False) -> Sheet:
    return layout_sheet(assess(mech), SheetOptions(style=style, paper=paper,
                                                   grouped_pips=grouped))


def check_sizes(sheet: Sheet, style: str) -> None:
    """The diagrams' labels at the style's label size; on the Quick-Start sheet the weapons
    table at its rows' size, which the ammunition block's rows share, and the hit location
    table no smaller."""
    labels = {line for region in sheet.armor + sheet.structure for line in region.label}
    label_size = get_style(style).label_size
    texts = sheet.page.of_type(Text)
    for region in sheet.armor + sheet.structure:  # labels sit inside their own outline
        xs = [x for x, _ in region.outline]
        ys = [y for _, y in region.outline]
        written = [t for t in texts if t.text in region.label and min(xs) < t.x < max(xs)
                   and min(ys) < t.y < max(ys)]
        assert {t.size for t in written} == {label_size}, (region.key, written)
    assert labels
    if style == "quickstart":
        sizes = {t.text: t.size for t in texts}
        assert sizes["Qty"] == sizes["Ammo Type"], (sizes["Qty"], sizes["Ammo Type"])
        assert sizes["2D6"] >= sizes["Qty"]  # the hit table never smaller than the rest


def test_quick_start_labels_are_in_the_sheets_type(shrunk):
    """RULES.md 4.2: the Quick-Start sheet's big type, its armor labels too ('LA (14)' at
    10 pt beside the 'Mech Data's 10 pt, not 6.5 pt)."""
    griffin = resolve(load_design(next(u.path for u in library() if u.model == "GRF-1N")))
    sheet = sheet_of(griffin, "quickstart")
    assert get_style("quickstart").label_size == quickstart.LABEL
    check_sizes(sheet, "quickstart")
    words = {t.text for t in sheet.page.of_type(Text)}
    assert {"LA (14)", "LT (20)", "CT (20)", "HD (9)", "LL (18)"} <= words
    assert shrunk == []


def test_a_wide_location_column_does_not_shrink_the_weapons_table(shrunk):
    """KGC-0000's 'LA/LT' made the whole Weapons Inventory 7.6 pt under 10 pt rows: the Loc
    column now takes the width its cells need, from the Type column's spare room."""
    crab = resolve(load_design(next(u.path for u in library() if u.model == "KGC-0000")))
    sheet = sheet_of(crab, "quickstart")
    rows = {t.text: t.size for t in sheet.page.of_type(Text)}
    assert rows["LA/LT"] == rows["AC/20"] == rows["Qty"] == quickstart.LABEL
    check_sizes(sheet, "quickstart")
    assert shrunk == []


@pytest.mark.parametrize("style", STYLES)
def test_a_long_name_wraps_and_headings_take_the_model(catapult, shrunk, style):
    """The Type line wraps at its row's size; the heading beside the title takes the model
    (the name's printed short form) when the whole name does not fit."""
    catapult["chassis"] = "Centurion"
    catapult["model"] = LONG_MODEL
    mech = resolve(design_from_dict(catapult))
    for paper in ("letter", "a4"):
        sheet = sheet_of(mech, style, paper)
        texts = sheet.page.of_type(Text)
        start = next(i for i, t in enumerate(texts) if t.text == "Type:")
        value_x = next(t.x for t in texts[start + 1:] if t.text != "Tons")
        name = " ".join(t.text for t in texts[start + 1:start + 8] if t.x == value_x)
        full = ("Centurion " + LONG_MODEL if style == "quickstart"
                else LONG_MODEL + " Centurion")
        assert name.startswith(full), name
        assert len({t.size for t in texts[start:start + 4]}) == 1
        check_sizes(sheet, style)
    assert shrunk == []


def test_droidwarrior_damage_title_wraps_in_its_column(shrunk):
    crusader = resolve(load_design(next(u.path for u in library() if u.model == "CRD-3R")))
    texts = sheet_of(crusader, "battledroids").page.of_type(Text)
    title = [t for t in texts if t.text in ("DroidWarrior", "Damage")]
    assert {t.size for t in title} == {battledroids.TEXT}
    assert shrunk == []


@pytest.mark.slow
@sweep
@pytest.mark.parametrize("style", STYLES)
def test_nothing_shrinks_on_any_library_unit(shrunk, style):
    """Every library unit, both papers, both pip modes: nothing shrunk and one size a row
    on all four sheets; on two of them (the pip modes in turn) the geometry every sheet
    keeps too (a pip per point inside its outline, none overlapping, no text under 6 pt or
    wider than its room). The Standard style's four sheets are checked by
    test_sheet_geometry's test_grouped_pips_are_the_plain_size_on_every_library_unit."""
    for i, (unit, assessed) in swept(enumerate(library_assessed())):
        mech = assessed.mech
        grouped = bool(i % 2)
        for paper in ("letter", "a4"):
            other = layout_sheet(assessed, SheetOptions(style=style, paper=paper,
                                                        grouped_pips=not grouped))
            assert mixed_rows(other.page) == [], (unit.model, paper, not grouped)
            sheet = layout_sheet(assessed, SheetOptions(style=style, paper=paper,
                                                        grouped_pips=grouped))
            check_sizes(sheet, style)
            assert mixed_rows(sheet.page) == [], (unit.model, paper)
            check_texts(sheet)
            expected = armor_values(mech) if style == "battledroids" else {
                loc.value: mech.armor_front(loc) for loc in mech.locations}
            check_regions(sheet.armor, expected, grouped)
            if style == "battledroids":  # the DroidWarrior Damage table on every page
                assert "Dead" in {t.text for t in sheet.page.of_type(Text)}, unit.model
                assert mech.structure is not None
                check_regions(sheet.structure, {loc.value: n for loc, n in
                                                mech.structure.items()}, grouped)
        assert shrunk == [], (unit.model, shrunk)


def test_standard_ammunition_names_its_weapon_on_both_sheets():
    """The Standard catalogue's 'LRM 20 Ammo' prints as the Introductory 'Ammo (LRM 20)'
    does: 'LRM 20' under the Quick-Start Ammo Type, 'Ammo: L.R.M. 6-packs' on the 1984
    sheet (seed 002's words), not 'LRM 20 Ammo' / 'Ammo: LRM 20 Ammo 6'."""
    from tests_support import REPO

    wolf = resolve(load_design(REPO / "tests/data/standard/timber-wolf-prime.yaml"))
    assert [(lot.type, lot.shots) for lot in quickstart.ammo_lots(wolf)] == [
        ("LRM 20", 6), ("LRM 20", 6), ("Machine Gun", 200)]
    words = {t.text for t in sheet_of(wolf, "battledroids").page.of_type(Text)}
    assert {"Ammo: L.R.M. 6-packs", "Ammo: 200 mg.", "Ammo L.R.M. 6-pks"} <= words
    assert not [w for w in words if "Ammo Ammo" in w or w.endswith("Ammo 6")]


def test_long_standard_ammunition_names_are_not_shrunk(shrunk):
    """On the vendored MegaMek files (tests/data/megamek: ATM, LB-X cluster, MML and Clan
    Artemis ammunition…): the 1984 Weapons/Ammo columns as wide as their cells, so 'Ammo:
    L.R.M. 20-packs'-long rows keep 7.5 pt; the Quick-Start ticks give a long ammunition
    type the room it needs (down to a third of the block). Measured over MegaMek's 2,447
    level 1-2 bipeds and quads (58 quads refused by these styles): the 1984 sheet shrank
    1,047 texts, now 21 (two ammunition names longer than any short form); the Quick-Start
    sheet 1,743, now 512 (long ammunition types, left to the printed short forms such as
    'HAG/40', 'Art.')."""
    from tests_support import REPO

    from mechlab.files.load import load_design as load

    fits = {"LRM 20 (Clan) Artemis-capable", "MML 7 LRM Artemis-capable",
            "MML 7 SRM Artemis-capable"}  # need the printed short forms
    for path in sorted((REPO / "tests/data/megamek").glob("*.mtf")):
        mech = resolve(load(path))
        if mech.locations != BIPED_LOCATIONS:
            continue  # a quad: only the standard sheet draws one
        for style in STYLES:
            sheet = sheet_of(mech, style)
            check_texts(sheet)
            mixed = [row for row in mixed_rows(sheet.page)
                     if not any(text in fits for text, _ in row)]
            assert mixed == [], (path.name, style)
            if "Mixed (Clan Chassis)" in mech.ruleset.tech_base_title(mech.design):
                words = [t.text for t in sheet.page.of_type(Text)]  # wrapped, not shrunk
                assert style != "quickstart" or {"Mixed (Clan", "Chassis)"} <= set(words)
    assert {text for text, _, _ in shrunk} <= fits, shrunk
