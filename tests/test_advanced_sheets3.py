"""Lane sheets3 (issues 27 and 28): what the record sheet, the readout and the engine JSON
print of a shield's and a partial wing's effect on movement and heat, a QuadVee's vehicle
mode, armored slots and turret mounts; the cockpit each configuration takes
(E-COCKPIT-CONFIG); the long ammunition names in the critical table; tripods on the
Quick-Start and 1984 sheets.

The numbers are checked against the rules as MegaMek states them (Mek getWalkMP and
getJumpMP, getPartialWingJumpBonus and getHeatCapacity, QuadVee getCruiseMP) and the files'
own lines (`Walk MP:`, `Jump MP:`, `Heat Sinks:`, `Motive:`), never against mechlab."""

from __future__ import annotations

import math
import re
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest
from tests_support import DATA

from mechlab.assess import Assessment, assess
from mechlab.core.locations import Location
from mechlab.export.engine import engine_unit
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes
from mechlab.model.resolve import resolve
from mechlab.readout import technical_readout
from mechlab.render.geometry import Text
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

ADVANCED = DATA / "megamek-advanced"
CONFIGS = DATA / "megamek-configurations"
# The code the tests below break (tests/test_battledroids_rules.py gathers every lane's).
BROKEN = {"E-COCKPIT-CONFIG"}


def design_of(path: Path) -> dict[str, Any]:
    return deepcopy(import_mtf_bytes(path.read_bytes(), path.name).design)


def judged(design: dict[str, Any]) -> Assessment:
    return assess(resolve(design_from_dict(design, "unit.yaml")))


def line(path: Path, key: str) -> str:
    """A MegaMek file's own line (`Walk MP:4` → '4')."""
    for text in path.read_text(encoding="utf-8").splitlines():
        if text.lower().startswith(key.lower() + ":"):
            return text.split(":", 1)[1].strip()
    raise KeyError(key)


def sheet_texts(assessed: Assessment, style: str | None = None) -> list[str]:
    sheet = layout_sheet(assessed, SheetOptions(style=style))
    return [t.text for t in sheet.page.of_type(Text)]


def after(texts: list[str], label: str) -> str:
    """The text printed right after a label ('Walking MP:' → '3')."""
    return texts[texts.index(label) + 1]


# 1. Shields and the partial wing --------------------------------------------------------------
def test_a_medium_shield_prints_one_walking_mp_less_as_megameklab_does() -> None:
    # Tactical Operations (MegaMek's Mek getWalkMP): each medium or large shield takes one
    # walking MP; running follows (⌈1.5 × walk⌉). MegaMekLab's sheet prints getWalkMP.
    path = ADVANCED / "Black Knight BLK-NT-2Y.mtf"
    walk = int(line(path, "Walk MP")) - 1
    assessed = judged(design_of(path))
    texts = sheet_texts(assessed)
    assert after(texts, "Walking MP:") == str(walk)
    assert after(texts, "Running MP:") == str(math.ceil(1.5 * walk))
    movement = engine_unit(assessed).movement
    assert (movement.walking_mp, movement.shield_walking_mp) == (walk, 1)
    assert f"Walking MP: {walk} (shield -1)" in technical_readout(assessed)


def test_a_small_shield_costs_no_movement() -> None:
    path = ADVANCED / "Colossus CLS-4S.mtf"  # a small shield, jump jets
    assessed = judged(design_of(path))
    texts = sheet_texts(assessed)
    assert after(texts, "Walking MP:") == line(path, "Walk MP")
    assert after(texts, "Jumping MP:") == line(path, "Jump MP")


def test_a_large_shield_grounds_the_mech_and_a_medium_one_costs_a_jumping_mp() -> None:
    # MegaMek's Mek getJumpMP: 0 with a large shield; − 1 for each medium shield.
    path = ADVANCED / "Colossus CLS-4S.mtf"  # a small shield in each arm
    jump, walk = int(line(path, "Jump MP")), int(line(path, "Walk MP"))
    for shield, walk_after, jump_after in (("Medium Shield", walk - 2, jump - 2),
                                           ("Large Shield", walk - 2, 0)):
        design = design_of(path)
        shields = [e for e in design["equipment"] if e["item"] == "Small Shield"]
        assert len(shields) == 2
        for entry in shields:
            entry["item"] = shield
        assessed = judged(design)
        texts = sheet_texts(assessed)
        assert after(texts, "Walking MP:") == str(walk_after), shield
        assert after(texts, "Jumping MP:") == str(jump_after), shield
        movement = engine_unit(assessed).movement
        assert (movement.jumping_mp, movement.shield_jumping_mp) == (jump_after,
                                                                      jump - jump_after)


def test_a_partial_wings_heat_is_printed_under_the_sinks_as_megameklab_does() -> None:
    # MegaMek's getHeatCapacity counts a working partial wing's 3 (standard atmosphere);
    # MegaMekLab prints the count, the capacity with the wing, and "(Partial Wing +3)".
    path = ADVANCED / "Spider SDR-8X.mtf"
    count, kind = line(path, "Heat Sinks").split()[:2]
    per_sink = 2 if kind.lower().startswith("double") else 1
    assessed = judged(design_of(path))
    texts = sheet_texts(assessed)
    assert f"{count} ({int(count) * per_sink + 3})" in texts  # the heat data block
    assert "(Partial Wing +3)" in texts
    assert engine_unit(assessed).heat_sinks.partial_wing_dissipation == 3
    assert "(Partial Wing +3)" in technical_readout(assessed)


def test_a_partial_wings_jump_mp_is_printed_and_named_in_the_readout() -> None:
    # getPartialWingJumpWeightClassBonus: +2 for a 'Mech of 55 t or less.
    path = ADVANCED / "Spider SDR-8X.mtf"
    jump = int(line(path, "Jump MP")) + 2
    assessed = judged(design_of(path))
    assert after(sheet_texts(assessed), "Jumping MP:") == str(jump)
    assert f"Jumping MP: {jump} (partial wing +2)" in technical_readout(assessed)


# 3. Armored slots and turrets in the engine JSON ----------------------------------------------
def test_the_engine_json_marks_every_armored_slot_the_file_marks() -> None:
    path = ADVANCED / "Great Turtle GTR-2.mtf"
    blocks = re.split(r"\n\s*\n", path.read_text(encoding="utf-8"))
    marked = sum(text.count("(armored)") for text in blocks)
    unit = engine_unit(judged(design_of(path)))
    slots = [s for location in unit.critical_slots.values() for s in location if s.armored]
    assert marked and len(slots) == marked


def test_the_engine_json_names_a_turret_mounts_turret() -> None:
    path = ADVANCED / "Barghest BGS-4X.mtf"
    turreted = [text for text in path.read_text(encoding="utf-8").splitlines()
                if text.rstrip().endswith("(T)")]
    unit = engine_unit(judged(design_of(path)))
    mounts = [m for m in [*unit.weapons, *unit.equipment] if m.turret is not None]
    assert turreted and mounts
    assert all(m.turret == m.location for m in mounts)
    assert sum(len(m.slots) for m in mounts) == len(turreted)
    assert all(m.turret is None for m in engine_unit(judged(design_of(
        ADVANCED / "Colossus CLS-4S.mtf"))).weapons)


# 4. A QuadVee's vehicle mode ------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Boreas A.mtf", "Notos Prime.mtf"])
def test_a_quadvees_vehicle_mode_is_on_the_sheet_the_readout_and_the_json(name: str) -> None:
    # MegaMek's QuadVee getCruiseMP: the walking MP, +1 on wheels; flank ⌈1.5 × cruise⌉.
    path = CONFIGS / name
    wheels = line(path, "Motive") == "Wheel"
    cruise = int(line(path, "Walk MP")) + wheels
    flank = math.ceil(1.5 * cruise)
    # A supercharger works in vehicle mode (MASC does not): flank 2 × cruise with it
    # engaged, in brackets as MegaMekLab prints it.
    charged = re.search(r"super ?charger", path.read_text(encoding="utf-8"), re.IGNORECASE)
    boosted = 2 * cruise if charged else None
    flank_text = f"{flank} [{boosted}]" if boosted else str(flank)
    assessed = judged(design_of(path))
    texts = sheet_texts(assessed)
    assert after(texts, "Vehicle Mode:") == ("Wheels" if wheels else "Tracks")
    assert (after(texts, "Cruise MP:"), after(texts, "Flank MP:")) == (str(cruise), flank_text)
    vehicle = engine_unit(assessed).movement.vehicle
    assert vehicle is not None
    assert (vehicle.motive, vehicle.cruise_mp, vehicle.flank_mp, vehicle.flank_boosted_mp) == (
        "wheels" if wheels else "tracks", cruise, flank, boosted)
    assert f"Cruise MP: {cruise}  Flank MP: {flank_text}" in technical_readout(assessed)
    quick = sheet_texts(assessed, "quickstart")
    assert after(quick, "Wheels:" if wheels else "Tracks:") == f"{cruise} / {flank_text}"


def test_a_mech_without_a_vehicle_mode_has_none() -> None:
    unit = engine_unit(judged(design_of(ADVANCED / "Colossus CLS-4S.mtf")))
    assert unit.movement.vehicle is None


# 6. Each configuration's cockpit --------------------------------------------------------------
def _cockpit_codes(path: Path, cockpit: str) -> set[str]:
    design = design_of(path)
    design["cockpit"] = cockpit
    return judged(design).error_codes


def test_a_tripod_needs_the_tripod_cockpit() -> None:
    path = CONFIGS / "Triskelion TRK-4V.mtf"
    assert "E-COCKPIT-CONFIG" not in _cockpit_codes(path, "tripod")
    assert "E-COCKPIT-CONFIG" in _cockpit_codes(path, "standard")


def test_a_quadvee_needs_the_quadvee_cockpit() -> None:
    path = CONFIGS / "Boreas A.mtf"
    assert "E-COCKPIT-CONFIG" not in _cockpit_codes(path, "quadvee")
    assert "E-COCKPIT-CONFIG" in _cockpit_codes(path, "standard")


def test_a_superheavy_needs_the_superheavy_cockpit_and_a_tripod_its_own() -> None:
    assert "E-COCKPIT-CONFIG" in _cockpit_codes(CONFIGS / "OMEGA SHP-4X.mtf", "standard")
    assert "E-COCKPIT-CONFIG" in _cockpit_codes(CONFIGS / "OMEGA SHP-4X.mtf",
                                                "superheavy_tripod")
    assert "E-COCKPIT-CONFIG" in _cockpit_codes(CONFIGS / "Poseidon PSD-V2.mtf", "superheavy")
    # The Orca OC-1X's file says Standard Cockpit on a 200 t 'Mech.
    assert "E-COCKPIT-CONFIG" in judged(design_of(CONFIGS / "Orca OC-1X.mtf")).error_codes


def test_a_configurations_cockpit_goes_on_nothing_else() -> None:
    biped = ADVANCED / "Colossus CLS-4S.mtf"
    for cockpit in ("tripod", "quadvee", "superheavy"):
        assert "E-COCKPIT-CONFIG" in _cockpit_codes(biped, cockpit), cockpit
    assert "E-COCKPIT-CONFIG" not in _cockpit_codes(biped, "standard")


# 2. Long ammunition names in a torso's or an arm's slot lines ---------------------------------
def _ammo_sizes(design: dict[str, Any], word: str) -> set[float]:
    sheet = layout_sheet(judged(design), SheetOptions(paper="letter"))
    return {t.size for t in sheet.page.of_type(Text) if word in t.text and t.size < 7.5}


@pytest.mark.parametrize(("path", "item", "word"), [
    (DATA / "megamek" / "Commando COM-9S.mtf", None, "MML 3"),  # 'MML 3 SRM Ammo 33'
    (DATA / "megamek" / "Loki (Hellbringer) D.mtf", None, "Cannon"),  # plasma cannon ammo
    (DATA / "megamek" / "Commando COM-9S.mtf", "Heavy Flamer Ammo", "Flamer"),
])
def test_a_long_ammunition_name_does_not_shrink_the_critical_table(
        path: Path, item: str | None, word: str) -> None:
    # Issue 27's sheet review: these lots' names shrank whole tables to 6.3 pt; every slot
    # line keeps the table's size (7.2 pt on these pages), the lot written in its short form.
    design = design_of(path)
    if item is not None:
        for entry in design["equipment"]:
            if entry["item"].startswith("MML"):
                entry["item"] = item
    sizes = _ammo_sizes(design, word)
    assert sizes == {7.2}, sizes


# 5. Tripods on the Quick-Start and 1984 sheets; superheavies ----------------------------------
def test_the_quick_start_sheet_prints_a_tripod_with_its_center_leg_and_leg_roll() -> None:
    path = CONFIGS / "Triskelion TRK-4V.mtf"
    assessed = judged(design_of(path))
    texts = sheet_texts(assessed, "quickstart")
    center = assessed.mech.armor_front(Location.CENTER_LEG)
    assert f"CL ({center})" in texts  # the armor diagram's third leg
    # MegaMek's TripodMek: where the 2D6 table names a leg, 1D6 picks it (1-2, 3-4, 5-6).
    assert "Leg 1D6: 1-2 RL, 3-4 CL, 5-6 LL" in texts


def test_the_1984_sheet_prints_a_tripod_with_its_center_leg() -> None:
    path = CONFIGS / "Triskelion TRK-4V.mtf"
    assessed = judged(design_of(path))
    texts = sheet_texts(assessed, "battledroids")
    center = assessed.mech.armor_front(Location.CENTER_LEG)
    assert f"CL ({center})" in texts
    assert after(texts, "Center Leg") == str(center)  # the droid data's Boxes table


def test_the_1984_sheet_refuses_a_superheavy_in_one_line_naming_the_others() -> None:
    from mechlab.core.errors import DesignError

    assessed = judged(design_of(CONFIGS / "OMEGA SHP-4X.mtf"))
    with pytest.raises(DesignError) as refused:
        layout_sheet(assessed, SheetOptions(style="battledroids"))
    text = str(refused.value)
    assert "\n" not in text.strip()
    assert "battledroids" in text and "superheavy" in text and "--style" in text
    assert "standard" in text
    assert sheet_texts(assessed, "quickstart")  # the Quick-Start sheet prints it


def test_a_two_slot_pulse_laser_keeps_the_critical_tables_size() -> None:
    # The corpus sweep after the ammunition: 'ER Medium Pulse Laser' in a bracketed run
    # shrank 50 sheets' tables; its line is now 'ER Med. Pulse', at the table's 7.2 pt.
    sheet = layout_sheet(judged(design_of(ADVANCED / "Mad Cat (Timber Wolf) Z.mtf")),
                         SheetOptions(paper="letter"))
    sizes = {t.size for t in sheet.page.of_type(Text) if t.text == "ER Med. Pulse"}
    assert sizes == {7.2}
