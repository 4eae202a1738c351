"""Lane bvfix (issue 27): the legal level-3/4 files whose BV differed from MegaMek's, each
for a rule now corrected, judged on MegaMek's own files (tests/data/megamek-advanced/,
BVFIX_FILES of tests/data/vendor.py) against MegaMek's BV (tests/data/advanced_bvfix_values.tsv,
copied from ../shared/corpus/megamek-all/INDEX.tsv); each rule also checked on its own."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from tests_support import DATA, judged_mtf, read_table

from mechlab.cards.alpha_strike import alpha_strike_card
from mechlab.cards.export import alpha_strike_data
from mechlab.core.locations import Location
from mechlab.files.mtf import design_to_mtf
from mechlab.files.mtf.parse import decode
from mechlab.values.bv import BattleValue, battle_value

PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_bvfix_values.tsv")}
ADVANCED = DATA / "megamek-advanced"
OSPREY = "Osprey OSP-36.mtf"  # two RISC APDS, a ton of their ammunition each
CARBINE = "Carbine CON-7M ConstructionMech MOD.mtf"  # ICE IndustrialMech, five rocket launchers
CARDS = {Path(row["path"]).name: row for row in read_table(DATA / "alpha_strike_bvfix.tsv")}
FIELDS = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
          "specials")
SASQUATCH = "Sasquatch SQS-TH-002.mtf"  # 85 t, IS large XXL engine (425)
NAJA = "Naja.mtf"  # two improved SRM 6, two tons of their ammunition
ORION = "Orion ON1-H.mtf"  # a primitive AC/10, two tons of its ammunition
JURN = "Atlas AS-700 Jurn.mtf"  # an HVAC/10 in an uncased right torso (IS XL engine)
STALKER = "Stalker II STK-9A.mtf"  # torso-mounted cockpit in CT 11-12, medium lasers in 9-10


def vendored(name: str) -> str:
    return decode((ADVANCED / name).read_bytes())


# A `.mtf` read by the one reader and judged as `mechlab check` judges it.
judged = judged_mtf


def bv_of(text: str) -> BattleValue:
    return battle_value(judged(text).mech)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_lane_files_are_legal_with_megameks_bv_and_the_muls_cost(name: str) -> None:
    assessed = judged(vendored(name), name)
    assert assessed.legal, [str(f) for f in assessed.errors]
    assert assessed.values is not None
    assert assessed.values.bv == int(PUBLISHED[name]["megamek_bv"])
    assert assessed.values.cost.total == int(PUBLISHED[name]["mul_cost"])


def test_apds_ammunition_counts_on_the_defensive_side_capped_by_the_apds() -> None:
    # Interstellar Operations p. 91 / MegaMek's BVCalculator: APDS ammunition is AMS-type
    # ammunition, its 22 a ton counted with the defensive equipment (up to the APDS' own
    # 64 each), never with the offensive ammunition.
    bv = bv_of(vendored(OSPREY))
    apds = [e for e in bv.defensive_equipment if "Point Defense" in e.name]
    assert sum((e.bv for e in apds), Fraction(0)) == 128
    assert bv.defensive_equipment_total == 128 + 44
    assert not [a for a in bv.ammo if "Point Defense" in a.key and a.counted]


def test_an_ice_industrialmech_makes_no_running_heat_for_bv() -> None:
    # TechManual p. 233 (an ICE makes no movement heat) and MegaMek's Engine.getRunHeat: an
    # ICE or fuel cell on IndustrialMech structure runs cold, so the Carbine's heat efficiency
    # is 6 and its five one-shot rocket launchers (1 heat each) all count in full.
    bv = bv_of(vendored(CARBINE))
    assert (bv.move_heat, bv.heat_efficiency) == (0, 6)
    assert all(not w.halved for w in bv.weapons)


def test_an_ice_on_standard_structure_still_counts_the_running_heat_of_two() -> None:
    # MegaMek's Engine.getRunHeat spares only industrial structure: the same engine on a
    # standard-structure 'Mech counts the standard 2.
    text = vendored(CARBINE).replace("Structure:IS Industrial", "Structure:IS Standard")
    assert bv_of(text).move_heat == 2


def card_fields(text: str) -> dict[str, str]:
    data = alpha_strike_data(alpha_strike_card(judged(text).mech, "test")).model_dump(
        mode="json")
    names = {"dmg_s": "s", "dmg_m": "m", "dmg_l": "l"}
    out = {f: str(data[names.get(f, f)]) for f in FIELDS if f != "specials"}
    out["specials"] = ",".join(sorted(data["specials"]))
    return out


@pytest.mark.parametrize("name", sorted(CARDS))
def test_large_engine_cards_equal_the_muls(name: str) -> None:
    row = CARDS[name]
    mul = {f: row[f] for f in FIELDS}
    mul["specials"] = ",".join(sorted(t.strip() for t in row["specials"].split(",")
                                      if t.strip()))
    assert card_fields(vendored(name)) == mul


def test_a_large_xxl_engine_has_its_own_structure_row() -> None:
    # The Alpha Strike Companion p. 98 (MegaMek's ASArmStrConverter): an 85 t 'Mech with an
    # IS large XXL engine has structure 2; the same 'Mech with the IS XXL 400 (not large)
    # reads the IS XXL row, 3.
    text = vendored(SASQUATCH)
    assert card_fields(text)["structure"] == "2"
    small = re.sub(r"(?m)^Engine:425 Large XXL Engine", "Engine:340 XXL Engine", text)
    assert small != text
    assert card_fields(small)["structure"] == "3"


def test_improved_srm_6_ammunition_is_worth_ten_a_ton() -> None:
    # MegaMek's AmmoType (the Clan improved SRM 6 ammunition, BV 10): the Naja's two tons
    # count 20, under the two launchers' 158.
    ammo = [a for a in bv_of(vendored(NAJA)).ammo if a.key.startswith("Improved SRM")]
    assert [(a.bins, a.bv) for a in ammo] == [(2, 20)]


def test_primitive_ac10_ammunition_has_eight_shots_worth_twelve() -> None:
    # The primitive prototype AC/10's ammunition: 8 shots a ton, BV 12, 12,000 C-bills a ton
    # (MegaMek's AmmoType; the MUL's price of the Orion ON1-H, 6,109,250, holds only with
    # 12,000, and MegaMek's BV, 1,307, only with 12).
    assessed = judged(vendored(ORION))
    bins = [m for m in assessed.mech.ammo if "Primitive" in m.item.weapon.name]
    assert [m.item.shots for m in bins] == [8, 8]
    ammo = [a for a in bv_of(vendored(ORION)).ammo if "Primitive" in a.key]
    assert [(a.bins, a.bv) for a in ammo] == [(2, 24)]


def test_an_hvac_costs_one_in_all_when_unprotected() -> None:
    # MegaMek's MekBVCalculator: an HVAC's explosive penalty is 1 in total, not 1 a slot;
    # the Jurn's 6-slot HVAC/10 in an IS XL engine's side torso costs 1.
    rows = [e for e in bv_of(vendored(JURN)).explosive if "Hyper-Velocity" in e.name]
    assert [(e.slots, e.penalty) for e in rows] == [(1, 1)]


def center_torso(text: str) -> list[str]:
    mech = judged(text).mech
    return [s.name if s is not None else "" for s in mech.critical_slots[Location.CENTER_TORSO]]


def test_a_torso_cockpit_follows_items_the_file_places_first() -> None:
    # ADVANCED_COMPONENTS.md §2.1 (MegaMek checks no positions): the Stalker II STK-9A's
    # `Cockpit` and `Sensors` sit in CT slots 11-12 behind two medium lasers placed in 9-10;
    # the cockpit takes the first slots after the engine and gyro that no placed item holds.
    assessed = judged(vendored(STALKER))
    assert assessed.legal, [str(f) for f in assessed.errors]
    assert center_torso(vendored(STALKER))[8:] == ["Medium Laser", "Medium Laser", "Cockpit",
                                                   "Sensors"]
    assert not [f for f in assessed.findings if f.code == "W-MTF-FIXED-ORDER"]


def test_a_torso_cockpit_follows_the_engine_when_nothing_is_placed_before_it() -> None:
    # The same 'Mech with its lasers placed after the cockpit: the cockpit comes straight
    # after the compact gyro's engine block (slots 9-10), the lasers in 11-12.
    text = re.sub(r"Medium Laser\r?\nMedium Laser\r?\nCockpit\r?\nSensors",
                  "Cockpit\nSensors\nMedium Laser\nMedium Laser", vendored(STALKER))
    assert center_torso(text)[8:] == ["Cockpit", "Sensors", "Medium Laser", "Medium Laser"]
    assert judged(text).legal


def test_the_stalker_ii_writes_back_to_mtf_as_it_was_read() -> None:
    first = judged(vendored(STALKER))
    again = judged(design_to_mtf(first.mech.design))
    assert again.legal and again.values is not None and first.values is not None
    assert again.values.bv == first.values.bv == 2261
    assert center_torso(design_to_mtf(first.mech.design)) == center_torso(vendored(STALKER))
