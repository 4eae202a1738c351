"""The inventory prints each weapon's line as the published record sheets and the
TechManual's weapon tables do (issue 31, "Printed wrong"): no range cell whose low end
exceeds its high end, a band a weapon does not have as "—", an MML's LRM and SRM lines,
no damage number for a Narc, iNarc or AMS (they do none)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from tests_support import ALL, mech_of, needs_megamek_all

from mechlab.assess import assess
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Text
from mechlab.rulesets import RULESETS, get_ruleset
from mechlab.sheet import content
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

DATA = Path(__file__).parent / "data" / "standard"
BRACKET = re.compile(r"(\d+)(?:-(\d+))?")


def _cells_consistent(cells: tuple[str, str, str]) -> bool:
    """Every cell '—' or 'low-high' with low ≤ high, and each band after the one before."""
    last = 0
    for cell in cells:
        if cell == content.NO_RANGE:
            continue
        match = BRACKET.fullmatch(cell)
        if match is None:
            return False
        low, high = int(match[1]), int(match[2] or match[1])
        if not last < low <= high:
            return False
        last = high
    return True


@pytest.mark.parametrize("ruleset", [cls.name for cls in RULESETS])
def test_no_range_cell_of_any_catalogue_weapon_runs_backwards(ruleset):
    items = get_ruleset(ruleset).catalog.mountable()
    # Tube artillery and Arrow IV print their reach in mapsheets ("maps 18", issue 27)
    mapsheets = [item.weapon for item in items if item.weapon.category == "artillery"
                 and item.weapon.ranges is None]
    assert all(content.range_texts(w) == ("—", "maps", str(w.extreme_range))
               for w in mapsheets)
    bad = {item.weapon.name: content.range_texts(item.weapon) for item in items
           if item.weapon not in mapsheets
           and not _cells_consistent(content.range_texts(item.weapon))}
    assert bad == {}


def _weapon(name: str):
    return get_ruleset("standard").catalog.lookup(name).weapon


def test_a_heavy_machine_gun_has_no_long_band():
    # TechManual: heavy machine gun 1 / 2 / — (MegaMek's 1/2/2; it printed "3-2").
    assert content.range_texts(_weapon("Heavy Machine Gun")) == ("1", "2", "—")


def test_an_anti_missile_system_has_no_medium_or_long_band():
    # MegaMek's AMS ranges are 1/1/1 (it printed "1 / 2-1 / 2-1"); MegaMekLab prints 1 — —.
    assert content.range_texts(_weapon("Anti-Missile System")) == ("1", "—", "—")


def test_ordinary_bands_are_unchanged():
    assert content.range_texts(_weapon("Medium Laser")) == ("1-3", "4-6", "7-9")


@needs_megamek_all
def test_the_stalker_sheet_prints_its_ams_without_a_backward_range():
    sheet = layout_sheet(assess(resolve(load_design(ALL / "3050U" / "Stalker STK-5S.mtf"))))
    texts = [item.text for item in sheet.page.items if isinstance(item, Text)]
    assert "2-1" not in texts
    backwards = [t for t in texts if (m := BRACKET.fullmatch(t)) and m[2]
                 and int(m[1]) > int(m[2])]
    assert backwards == []


def _mech_with(*equipment: dict[str, object]):
    """The Cataphract CTF-5D (a Standard design) with `equipment` in place of its own."""
    data = yaml.safe_load((DATA / "cataphract-ctf-5d.yaml").read_text())
    data["equipment"] = list(equipment)
    return mech_of(data)


def test_an_mml_prints_its_lrm_and_srm_lines_under_its_own():
    # TechManual p. 229 (as MegaMekLab prints it): the launcher's line, then LRM (1 a
    # missile, minimum 6, 7/14/21) and SRM (2 a missile, 3/6/9).
    mech = _mech_with({"item": "MML 5", "location": "left_torso"},
                      {"item": "MML 5 LRM Ammo", "location": "left_torso"})
    rows = [(r.quantity_text, r.type, r.damage, r.minimum, r.short, r.medium, r.long)
            for r in content.inventory(mech)]
    assert rows[:3] == [("1", "MML 5", "", "", "", "", ""),
                        ("", "LRM", "1/Msl", "6", "1-7", "8-14", "15-21"),
                        ("", "SRM", "2/Msl", "—", "1-3", "4-6", "7-9")]


@pytest.mark.parametrize("style", ["standard", "quickstart"])
def test_the_mml_lines_reach_the_page(style):
    mech = _mech_with({"item": "MML 5", "location": "left_torso"},
                      {"item": "MML 5 LRM Ammo", "location": "left_torso"})
    sheet = layout_sheet(assess(mech), SheetOptions(style=style))
    texts = [item.text.strip() for item in sheet.page.items if isinstance(item, Text)]
    assert "LRM" in texts and "SRM" in texts and "2/Msl" in texts


@pytest.mark.parametrize("name", ["Narc", "iNarc", "Anti-Missile System"])
def test_a_beacon_or_ams_prints_no_damage_number(name):
    # TechManual: a Narc or iNarc pod attaches a homing beacon and an AMS shoots down
    # missiles: no damage ("—"; MegaMekLab "[M]", "[PB]"); it printed "2/Msl", "3/Msl", "2".
    mech = _mech_with({"item": name, "location": "left_torso"})
    row = next(r for r in content.inventory(mech) if r.location == "LT")
    assert row.damage == "—"


def test_an_atm_prints_a_line_per_ammunition():
    # tech/EQUIPMENT.md (MegaMekLab prints the same): standard 2 a missile, minimum 4,
    # 5/10/15; extended range 1, minimum 4, 9/18/27; high explosive 3, 3/6/9.
    data = yaml.safe_load((DATA / "timber-wolf-prime.yaml").read_text())
    data["equipment"] = [{"item": "ATM 6", "location": "left_torso"},
                         {"item": "ATM 6 Ammo", "location": "left_torso"}]
    rows = [(r.type, r.damage, r.minimum, r.short, r.medium, r.long)
            for r in content.inventory(mech_of(data)) if r.mode]
    assert rows == [("Standard", "2/Msl", "4", "1-5", "6-10", "11-15"),
                    ("Extended Range", "1/Msl", "4", "1-9", "10-18", "19-27"),
                    ("High Explosive", "3/Msl", "—", "1-3", "4-6", "7-9")]
