"""Engine JSON v3 carries a Standard 'Mech (STANDARD_RULES.md): checked against the rules'
own facts and the frozen schema snapshot, not against the code that writes it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from mechlab.assess import assess
from mechlab.export.engine import engine_json
from mechlab.export.schema import FORMAT_VERSION
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve

DATA = Path(__file__).parent / "data"
STANDARD = sorted((DATA / "standard").glob("*.yaml"))
SNAPSHOT = DATA / f"engine-v{FORMAT_VERSION}.schema.json"
DOCS = Path(__file__).parent.parent / "docs" / "engine-json.md"


@pytest.fixture(scope="module")
def schema() -> dict[str, object]:
    return json.loads(SNAPSHOT.read_text())


def _json(path: Path) -> dict:
    return json.loads(engine_json(assess(resolve(load_design(path)))))


@pytest.fixture(scope="module")
def units() -> dict[str, dict]:
    return {path.stem: _json(path) for path in STANDARD}


def _slots(data: dict, location: str) -> list[dict]:
    return data["critical_slots"][location]


@pytest.mark.parametrize("path", STANDARD, ids=lambda p: p.stem)
def test_every_standard_test_design_writes_schema_valid_json(path, schema):
    jsonschema.Draft202012Validator(schema).validate(_json(path))


def test_older_format_versions_stay_frozen_and_documented():
    docs = DOCS.read_text()
    for version in range(2, FORMAT_VERSION + 1):
        assert (DATA / f"engine-v{version}.schema.json").exists()
        assert f"Version {version}" in docs, f"docs/engine-json.md: what version {version} changed"


def test_is_xl_engine_has_three_hittable_engine_slots_in_each_side_torso(units):
    atlas = units["atlas-as7-k"]
    assert atlas["components"]["engine"] == {"type": "xl", "title": "XL", "tech": "IS"}
    for side in ("left_torso", "right_torso"):  # §3.4: IS XL, slots 1–3 of LT and RT
        engine = [s for s in _slots(atlas, side) if s["kind"] == "fixed"]
        assert [s["slot"] for s in engine] == [1, 2, 3]
        assert all(s["hittable"] and s["explosive"] == "no" for s in engine)
    assert sum(s["kind"] == "fixed" and "Engine" in s["name"]
               for s in _slots(atlas, "center_torso")) == 6


def test_clan_xl_engine_has_two_slots_in_each_side_torso(units):
    wolf = units["timber-wolf-prime"]
    for side in ("left_torso", "right_torso"):
        assert [s["slot"] for s in _slots(wolf, side) if s["kind"] == "fixed"] == [1, 2]


def test_ammunition_and_gauss_slots_explode(units):
    # tech/equipment.tsv: ammunition and Gauss rifles explode; Gauss slugs do not
    atlas = units["atlas-as7-k"]
    every = [s for slots in atlas["critical_slots"].values() for s in slots]
    ammo = {s["name"]: s["explosive"] for s in every if s["kind"] == "ammo"}
    assert ammo == {"LRM 20 Ammo": "yes", "Anti-Missile System Ammo": "yes",
                    "Gauss Rifle Ammo": "no"}
    gauss = [s for s in every if s["name"] == "Gauss Rifle"]
    assert gauss and {s["explosive"] for s in gauss} == {"yes"}
    assert {s["explosive"] for s in every if s["name"] and "Laser" in s["name"]} == {"no"}


def test_clan_mech_has_case_in_every_location_holding_explosive_items(units):
    for data in units.values():
        explosive = sorted(loc for loc, slots in data["critical_slots"].items()
                           if any(s["explosive"] != "no" for s in slots))
        # §9.1: Clan CASE is built in, never listed; an IS 'Mech has none
        if data["tech_base"] == "clan":
            assert explosive and sorted(data["builtin_case"]) == explosive
        else:
            assert data["builtin_case"] == []


def test_structure_and_armor_slots_are_rolled_again(units):
    wolf = units["timber-wolf-prime"]
    every = [s for slots in wolf["critical_slots"].values() for s in slots]
    endo = [s for s in every if s["name"] == "Endo Steel"]
    ferro = [s for s in every if s["name"] == "Ferro-Fibrous"]
    assert (len(endo), len(ferro)) == (7, 7)  # §2.2, §6.1: Clan endo steel and ferro, 7 each
    assert not any(s["hittable"] for s in endo + ferro)
    assert not any(s["hittable"] for s in every if s["kind"] == "empty")


def test_omni_pods_and_megamek_names(units):
    wolf = units["timber-wolf-prime"]
    assert (wolf["omni"], wolf["tech_base"], wolf["rules_level"], wolf["year"]) == (
        True, "clan", "standard", 2945)
    assert all(w["pod"] for w in wolf["weapons"])
    er_large = next(w for w in wolf["weapons"] if w["name"] == "ER Large Laser")
    assert er_large["mm_internal_name"] == "CLERLargeLaser"  # equipment.tsv, MegaMek's name
    assert wolf["heat_sinks"]["type"] == "double" and wolf["heat_sinks"]["dissipation"] == 34
    lrm = next(w for w in wolf["weapons"] if w["name"] == "LRM 20")
    assert [wolf["ammunition"][0]["weapon"]] == ["LRM 20"] and len(lrm["ammo"]) == 2


def test_quad_json_has_four_legs_and_the_quad_hit_table(units):
    quad = units["tarantula-zph-1a"]
    assert quad["configuration"] == "quad"
    assert set(quad["critical_slots"]) == {
        "head", "center_torso", "left_torso", "right_torso",
        "front_left_leg", "front_right_leg", "rear_left_leg", "rear_right_leg"}
    # §10: the legs take the arms' and the legs' rolls of the biped table
    assert quad["hit_locations"] == {
        "2": "center_torso", "3": "front_right_leg", "4": "front_right_leg",
        "5": "rear_right_leg", "6": "right_torso", "7": "center_torso", "8": "left_torso",
        "9": "rear_left_leg", "10": "front_left_leg", "11": "front_left_leg", "12": "head"}
    assert quad["physical_attacks"]["punch"] == {} and quad["physical_attacks"]["club"] is None
    assert [s["name"] for s in _slots(quad, "front_left_leg")][:4] == [
        "Hip", "Upper Leg Actuator", "Lower Leg Actuator", "Foot Actuator"]


def test_intro_design_json_gains_the_new_fields_with_intro_values(catapult):
    from tests_support import mech_of

    data = json.loads(engine_json(assess(mech_of(catapult))))
    assert (data["tech_base"], data["rules_level"], data["configuration"], data["omni"]) == (
        "inner_sphere", "introductory", "biped", False)
    assert data["components"]["engine"] == {"type": "standard", "title": "Fusion", "tech": "IS"}
    assert data["components"]["heat_sinks"]["title"] == "Single"
    assert data["builtin_case"] == []
    assert data["hit_locations"]["12"] == "head"  # RULES.md 4.2
    lots = data["ammunition"]
    assert {lot["mm_internal_name"] for lot in lots} == {"IS Ammo LRM-15"}
    every = [s for slots in data["critical_slots"].values() for s in slots]
    assert {s["explosive"] for s in every if s["kind"] == "ammo"} == {"yes"}
    assert not any(s["pod"] for s in every)
