"""Artillery and the advanced electronics and equipment (issue 27, lane artillery;
ADVANCED_EQUIPMENT.md §2, §5, §6; docs/advanced.md "Artillery, electronics and equipment"):
MegaMek's own files legal with MegaMek's BV, the MUL's cost and the MUL's Alpha Strike card
(tests/data/advanced_artillery_values.tsv), and each rule broken by a design."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from test_advanced import judged, vendored
from tests_support import DATA, read_table

from mechlab.assess import Assessment, assess
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset

PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_artillery_values.tsv")}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_files_with_artillery_and_electronics_are_legal_with_megameks_bv_and_the_muls_cost(
        name: str) -> None:
    row = PUBLISHED[name]
    assessed = judged(vendored(name), name)
    assert assessed.legal, [str(f) for f in assessed.findings if f.severity.name == "ERROR"]
    # judged by its content (issue 26): the Antlion's mortar ammunition is level 2 once its
    # MegaMek spelling is read, the Revenant's drone OS level 4 under a level-3 line
    assert assessed.mech.ruleset.ladder_level is not None
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    if row["mul_cost"]:  # the MUL prices no Exterminator EXT-4DX Caine
        assert assessed.values.cost.total == int(row["mul_cost"])


CARDS = [name for name, row in sorted(PUBLISHED.items()) if row["pv"]]
# Cards that differ from the MUL's, each for its reason (docs/VALUES_DIFFERENCES.md): a
# booby trap's PV term is unread (ADVANCED_BV.md §7.3).
NOT_EQUAL = {"Shugosha LAW-QM3 Q-Mech.mtf",
                 # the remote sensor launcher's C3RS: a PV term unread (34 for the MUL's 36)
                 "Tessen TSN-X-4.mtf",
                 "Ti Ts'ang TSG-10L.mtf"}  # no card: an XXL engine, not converted yet


@pytest.mark.parametrize("name", [n for n in CARDS if n not in NOT_EQUAL])
def test_alpha_strike_cards_equal_the_muls(name: str) -> None:
    # ADVANCED_BV.md §7.1, §7.3: artillery makes heat and no damage (ARTAIS-1 …), the C3
    # boosted, emergency and Nova specials with their MHQ and C3 terms, IATM#/#/#.
    from mechlab.cards.assessed import alpha_strike_of

    row = PUBLISHED[name]
    card = alpha_strike_of(judged(vendored(name), name))
    assert card is not None
    assert (str(card.pv), str(card.sz), card.mv, str(card.tmm)) == (
        row["pv"], row["sz"], row["mv"], row["tmm"])
    assert (str(card.s), str(card.m), str(card.l), str(card.ov)) == (
        row["dmg_s"], row["dmg_m"], row["dmg_l"], row["ov"])
    assert (str(card.armor), str(card.structure)) == (row["armor"], row["structure"])
    assert set(card.specials) == set(row["specials"].split(","))  # the MUL's order varies


def test_the_standard_rules_refuse_artillery_and_advanced_admits_it() -> None:
    design = judged(vendored("Catapult CPLT-C3.mtf")).mech.design
    refused = {text for code, _, text in get_ruleset("standard").refusals(design)
               if code == "R-ITEM"}
    assert any("Arrow IV" in text for text in refused)
    assert not get_ruleset("advanced").refusals(design)


def test_the_advanced_rules_refuse_a_nova_cews_and_experimental_admits_it() -> None:
    # equipment_advanced.tsv: Nova CEWS is rules level 4 (MegaMek's static level).
    design = judged(vendored("Pariah (Septicemia) B-Z.mtf")).mech.design
    assert any("Nova" in text for _, _, text in get_ruleset("advanced").refusals(design))
    assert not get_ruleset("experimental").refusals(design)


# Designs broken one fact at a time -----------------------------------------------------------

# The codes this file's designs break (tests/test_battledroids_rules.py: every code of every
# ruleset has a design breaking it).
BROKEN = {"E-ARTILLERY-LOCATION", "E-C3-MIXED", "E-FUSION-ITEM", "E-LASER-INSULATOR",
          "E-COCKPIT-ITEM", "E-DRONE-CONSOLE"}

def _design(name: str) -> dict[str, Any]:
    return copy.deepcopy(import_mtf_bytes(vendored(name).encode("utf-8"), name).design)


def _judge(data: dict[str, Any]) -> Assessment:
    return assess(resolve(design_from_dict(data, "unit.yaml")))


def _entry(data: dict[str, Any], item: str) -> dict[str, Any]:
    found: dict[str, Any] = next(e for e in data["equipment"] if e["item"] == item)
    return found


def test_artillery_in_a_leg_is_illegal() -> None:
    # TO: artillery in a torso or an arm (Decision; every corpus slot complies). The
    # Helepolis's Sniper (20 slots) split RT/RA moved whole into … a leg cannot hold it, so
    # the Catapult's Arrow IV split between the right torso and arm moves to the right leg.
    data = _design("Shockwave SKW-8X.mtf")
    cannon = _entry(data, "Thumper Cannon")
    assert "split" not in cannon
    cannon.update(location="left_leg")
    cannon.pop("slot", None)
    data["equipment"] = [e for e in data["equipment"] if e["location"] != "left_leg"
                         or e is cannon]
    assert "E-ARTILLERY-LOCATION" in _judge(data).error_codes
    assert "E-ARTILLERY-LOCATION" not in _judge(_design("Shockwave SKW-8X.mtf")).error_codes


def test_an_arrow_iv_split_into_a_location_not_adjacent_is_illegal() -> None:
    data = _design("Catapult CPLT-C3.mtf")
    arrow = _entry(data, "Arrow IV")
    assert arrow["split"]["location"] in ("right_torso", "right_arm")
    arrow["split"]["location"] = "left_arm"
    assert "E-SPLIT" in _judge(data).error_codes


def test_a_c3i_beside_a_boosted_slave_is_illegal() -> None:
    # ADVANCED_EQUIPMENT.md §5 (TestEntity): slaves make one network, a C3i another.
    data = _design("Akuma AKU-2XC.mtf")
    data["equipment"].append({"item": "Improved C3 Computer (C3I)", "location": "left_torso"})
    data["equipment"] = [e for e in data["equipment"] if e["item"] != "MRM 40 Ammo"]
    assessed = _judge(data)
    assert "E-C3-MIXED" in assessed.error_codes
    assert "E-C3-MIXED" not in _judge(_design("Akuma AKU-2XC.mtf")).error_codes


def test_a_boosted_master_beside_a_slave_is_legal_and_beside_a_nova_is_not() -> None:
    # Masters count only beside a C3i or a Nova with no slave-type item.
    data = _design("Cyclops CP-11-C3.mtf")
    data["equipment"].append({"item": "C3 Computer (Slave)", "location": "head"})
    assert "E-C3-MIXED" not in _judge(data).error_codes
    data = _design("Cyclops CP-11-C3.mtf")
    data["ruleset"] = "experimental"
    data["tech_base"] = "mixed_is"
    data["equipment"].append({"item": "Nova CEWS", "location": "head"})
    assert "E-C3-MIXED" in _judge(data).error_codes


def test_a_nova_cews_without_a_fusion_engine_is_illegal() -> None:
    # ADVANCED_EQUIPMENT.md §5 (TestEntity): an IndustrialMech's ICE will not do.
    data = _design("Shugosha LAW-QM3 Q-Mech.mtf")
    data.update(ruleset="experimental", tech_base="mixed_is")
    data["equipment"].append({"item": "Nova CEWS", "location": "center_torso"})
    assert "E-FUSION-ITEM" not in _judge(data).error_codes
    data["engine"] = {**data["engine"], "type": "ice"}
    assert "E-FUSION-ITEM" in _judge(data).error_codes


def test_a_laser_insulator_without_a_laser_of_its_location_is_illegal() -> None:
    data = _design("Exterminator EXT-4DX Caine.mtf")
    insulator = _entry(data, "Laser Insulator")
    lasers = [e for e in data["equipment"] if e["location"] == insulator["location"]
              and "Laser" in e["item"] and e is not insulator]
    assert lasers and "E-LASER-INSULATOR" not in _judge(data).error_codes
    for laser in lasers:
        data["equipment"].remove(laser)
    assert "E-LASER-INSULATOR" in _judge(data).error_codes


def test_a_drone_operating_system_takes_a_fifth_off_each_weapon_and_base_bv() -> None:
    # ADVANCED_BV.md §3.1, §4: weapons × 0.8, base × 0.95 (Revenant UBM-2R: MegaMek 779).
    assessed = judged(vendored("Revenant UBM-2R.mtf"))
    assert assessed.values is not None
    bv = assessed.values.battle_value
    assert bv.cockpit_factor == pytest.approx(0.95)
    without = _design("Revenant UBM-2R.mtf")
    without["equipment"] = [e for e in without["equipment"]
                            if e["item"] != "Drone Operating System"]
    plain = _judge(without).values
    assert plain is not None and plain.bv > assessed.values.bv


def test_an_arrow_iv_short_of_its_slots_is_illegal() -> None:
    text = vendored("Catapult CPLT-C3.mtf")
    crit = "\r\nISArrowIVSystem (Split)\r\n"
    assert crit in text
    assert not judged(text.replace(crit, "\r\n-Empty-\r\n", 1)).legal


def test_artillery_in_the_engine_json_gives_its_range_in_mapsheets() -> None:
    # ADVANCED_EQUIPMENT.md §1: tube artillery and Arrow IV reach is in mapsheets; the
    # artillery cannons fire at hex ranges.
    from mechlab.export.engine import engine_json

    data = json.loads(engine_json(judged(vendored("Catapult CPLT-C3.mtf"))))
    arrow = next(w for w in data["weapons"] if w["name"] == "Arrow IV")
    assert arrow["ranges"] is None and arrow["artillery_mapsheets"] == 8
    weapons = json.loads(engine_json(judged(vendored("Shockwave SKW-8X.mtf"))))["weapons"]
    cannon = next(w for w in weapons if w["name"] == "Thumper Cannon")
    assert cannon["minimum_range"] == 3 and cannon["ranges"]["long"]["max"] == 14


def test_a_remote_drone_command_console_goes_in_the_location_of_the_cockpit() -> None:
    # ADVANCED_EQUIPMENT.md §6 (TestMek isValidMekLocation): the head here (a free slot 4).
    # (MASS has the same rule, lane stealth's E-MASS-LOCATION.)
    data = _design("Naga C.mtf")
    data["equipment"].append({"item": "Remote Drone Command Console", "location": "head"})
    assert "E-COCKPIT-ITEM" not in _judge(data).error_codes
    data["equipment"][-1]["location"] = "center_torso"
    assert "E-COCKPIT-ITEM" in _judge(data).error_codes


def test_a_remote_drone_command_console_with_a_command_console_is_illegal() -> None:
    data = _design("Naga C.mtf")
    data["equipment"].append({"item": "Remote Drone Command Console", "location": "head"})
    assert "E-DRONE-CONSOLE" not in _judge(data).error_codes
    data["cockpit"] = "command_console"
    assert "E-DRONE-CONSOLE" in _judge(data).error_codes


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_export_writes_what_reads_back_with_the_same_bv(name: str) -> None:
    # The .mtf writer names each item by its own row (the Antlion LK-3D's Clan 'Mech
    # Mortars on a Mixed IS chassis: `Clan Mech Mortar-4`, not the IS row's 3 slots).
    from mechlab.files.mtf import design_to_mtf

    again = judged(design_to_mtf(judged(vendored(name), name).mech.design))
    assert again.legal and again.values is not None
    assert again.values.bv == int(PUBLISHED[name]["megamek_bv"])
