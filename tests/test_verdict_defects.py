"""Issue 8 §4: smaller verdict defects, each with the exact text mechlab now prints."""

from __future__ import annotations

import json
from typing import Any

import yaml
from click.testing import CliRunner
from tests_support import errors_of, findings_of, mech_of

from mechlab.cli import main
from mechlab.files.load import design_from_dict
from mechlab.files.mtf import design_dict_from_mtf_bytes, design_to_mtf
from mechlab.validate import is_legal
from mechlab.values.bv import battle_value
from mechlab.values.bv_report import explain_bv


def _rear_split(first: str, second: str, slots: int) -> dict[str, Any]:
    return {"item": "AC/20", "location": first, "rear": True,
            "split": {"location": second, "slots": slots}}


def test_rear_split_ac20_gets_the_same_verdict_whichever_part_comes_first(catapult):
    arm_first, torso_first = dict(catapult), dict(catapult)
    arm_first["equipment"] = [_rear_split("left_arm", "left_torso", 2)]
    torso_first["equipment"] = [_rear_split("left_torso", "left_arm", 8)]
    expected = ("E-REAR-ARM equipment[0]: AC/20 is rear-mounted in the left arm; arms cannot "
                "mount weapons facing rear")
    assert expected in errors_of(arm_first)
    assert expected in errors_of(torso_first)


def test_rear_split_ac20_exports_an_mtf_that_reads_back(catapult):
    catapult["equipment"] = [_rear_split("left_torso", "center_torso", 2),
                             {"item": "Ammo (AC/20)", "location": "right_torso"}]
    design = design_from_dict(catapult)
    text = design_to_mtf(design)
    assert "Autocannon/20 (R) (Split)" in text
    back = design_dict_from_mtf_bytes(text.encode(), "x.mtf")
    ac20 = next(e for e in back["equipment"] if e["item"] == "AC/20")
    assert ac20 == {"item": "AC/20", "location": "left_torso", "slot": 1, "rear": True,
                    "split": {"location": "center_torso", "slots": 2, "slot": 11}}
    # the same verdict (entry numbers differ: the import lists the sinks mechlab placed)
    assert ([(f.code, f.message) for f in findings_of(back)]
            == [(f.code, f.message) for f in findings_of(catapult)])


def test_a_known_violation_is_reported_as_known_and_stays_illegal(catapult, tmp_path):
    catapult["armor"]["left_arm"] = 22
    catapult["known_violations"] = [{"code": "E-ARMOR-CAP", "why": "printed so in TRO 3025"}]
    path = tmp_path / "known.yaml"
    path.write_text(yaml.safe_dump(catapult))
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    assert ("  E-ARMOR-CAP armor.left_arm: 22 armor > 20 (2 × 10 structure) "
            "[known (as printed): printed so in TRO 3025]") in result.output.splitlines()
    result = CliRunner().invoke(main, ["build", str(path), "-f", "json", "-q"])
    assert result.exit_code == 1
    assert json.loads((tmp_path / "known.json").read_text())["legal"] is False


def test_an_engine_off_the_table_still_gets_the_weight_findings(catapult):
    catapult.update(tonnage=20, walking_mp=21, jumping_mp=0, heat_sinks=10,
                    armor={"head": 9}, actuators={})
    catapult["equipment"] = [{"item": "Medium Laser", "location": "right_arm", "count": 7},
                             {"item": "Medium Laser", "location": "left_arm", "count": 7},
                             {"item": "Small Laser", "location": "head"}]
    assert errors_of(catapult)[:2] == [
        # 2 structure + 3 cockpit + 5 gyro + 1 armor + 14.5 lasers; the engine unknown
        "E-TONNAGE-OVER tonnage: components without the engine already weigh 25.5 t > 20 t "
        "(5.5 t over)",
        "E-ENGINE-RATING walking_mp: engine rating 420 (20 t × 21) is off the Fusion Engine "
        "Table (10–400)"]


def test_auto_placed_sinks_without_a_slot_say_how_many(catapult):
    catapult["heat_sinks"] = 50
    assert errors_of(catapult) == [
        "E-TONNAGE-OVER tonnage: components weigh 100 t > 65 t (35 t over)",
        "E-SLOTS-FULL heat_sinks: 5 of the 35 heat sinks placed automatically have no free "
        "slot"]


def test_one_slot_is_one_slot(catapult):
    catapult["equipment"].append({"item": "Medium Laser", "location": "head"})
    assert ("E-SLOTS-FULL equipment[12]: Medium Laser needs 1 slot in the head, 0 free"
            in errors_of(catapult))


def test_one_ammo_bin_is_one_bin(catapult):
    catapult["equipment"] = [e for e in catapult["equipment"] if e["item"] != "Ammo (LRM 15)"]
    catapult["equipment"].append({"item": "Ammo (LRM 15)", "location": "left_torso"})
    lines = explain_bv(battle_value(mech_of(catapult)))
    assert [line for line in lines if line.startswith("  explosive")] == [
        "  explosive   Ammo (LRM 15) (LT) 1 slot × 15 = −15 (no CASE)"]


def test_jets_beyond_the_declared_jumping_mp_weigh_what_they_weigh(catapult):
    catapult["jumping_mp"] = 3  # four jets listed
    mech = mech_of(catapult)
    assert mech.total_tons == 65
    assert errors_of(catapult) == [
        "E-JUMP-JETS jumping_mp: 4 jump jets listed but Jumping MP is 3"]


def test_export_refuses_a_design_whose_mtf_would_change_the_verdict(catapult, tmp_path):
    catapult["armor"]["tons"] = 9
    path = tmp_path / "cat.yaml"
    path.write_text(yaml.safe_dump(catapult))
    assert not is_legal(findings_of(catapult))
    result = CliRunner().invoke(main, ["export", str(path)])
    assert result.exit_code == 2
    assert result.output == (
        f"mechlab: {path}: the design is illegal (E-ARMOR-TONS, E-TONNAGE-UNDER) but its .mtf "
        "would read back legal: a .mtf cannot state armor tons: MegaMek buys the least that "
        "holds the points; fix the design first\n")
    assert not (tmp_path / "cat.mtf").exists()


def test_the_terminal_shows_the_hint_on_a_second_indented_line(catapult, tmp_path):
    catapult["armor"]["left_arm"] = 22
    path = tmp_path / "arm.yaml"
    path.write_text(yaml.safe_dump(catapult))
    lines = CliRunner().invoke(main, ["validate", str(path)]).output.splitlines()
    at = lines.index("  E-ARMOR-CAP armor.left_arm: 22 armor > 20 (2 × 10 structure)")
    assert lines[at + 1] == "      hint: remove 2 points here, or put them elsewhere"


def test_hints_count_in_english(catapult):
    catapult["armor"]["left_arm"] = 21
    catapult["armor"]["head"] = 10
    hints = [f.hint for f in findings_of(catapult) if f.code in ("E-ARMOR-CAP", "E-ARMOR-HEAD")]
    assert sorted(hints) == ["remove 1 point from the head",
                             "remove 1 point here, or put them elsewhere"]
