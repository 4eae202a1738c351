"""The JSON for game engines: complete, schema-valid, deterministic.

The schema a game engine codes against is a published contract: it is frozen in
`tests/data/engine-v{format_version}.schema.json`, and the JSON is checked against that file (not
against a schema generated from the same models as the JSON, which could not fail).
Changing the format means bumping `format_version` and reviewing a new snapshot.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import jsonschema
import pytest
from tests_support import library_assessed, mech_of, sweep, swept

from mechlab.assess import assess
from mechlab.export.engine import engine_json
from mechlab.export.schema import FORMAT_VERSION, json_schema

SNAPSHOT = Path(__file__).parent / "data" / f"engine-v{FORMAT_VERSION}.schema.json"


@pytest.fixture(scope="module")
def schema() -> dict[str, object]:
    return json.loads(SNAPSHOT.read_text())


def test_the_schema_is_the_published_contract(schema):
    assert json_schema() == schema, "the engine JSON format changed: bump format_version"


def _json(mech) -> dict:
    return json.loads(engine_json(assess(mech)))


def test_catapult_json_has_everything_an_engine_needs(catapult, schema):
    data = _json(mech_of(catapult))
    jsonschema.validate(data, schema)
    assert data["movement"] == {"walking_mp": 4, "running_mp": 6,
                                "running_boosted_mp": None, "jumping_mp": 4,
                                "partial_wing_jump_mp": 0, "umu_mp": 0,
                                "shield_walking_mp": 0, "shield_jumping_mp": 0,
                                "vehicle": None,
                                "airmech": None, "fighter": None}  # a LAM's modes (lane lam)
    assert data["heat_sinks"]["count"] == 15 and data["heat_sinks"]["integral"] == 10
    assert len(data["heat_sinks"]["slotted"]) == 5
    assert sum(len(slots) for slots in data["critical_slots"].values()) == 78
    assert [s["slot"] for s in data["critical_slots"]["left_torso"]] == list(range(1, 13))
    ammo = [s for s in data["critical_slots"]["left_torso"] if s["kind"] == "ammo"]
    assert ammo[0]["shots"] == 8
    lrm = next(w for w in data["weapons"] if w["name"] == "LRM 15")
    assert lrm["ranges"] == {"short": {"min": 1, "max": 7}, "medium": {"min": 8, "max": 14},
                             "long": {"min": 15, "max": 21}}
    assert lrm["minimum_range"] == 6 and lrm["damage_per"] == "missile"
    assert len(lrm["ammo"]) == 2 and len(lrm["slots"]) == 3
    assert data["armor"]["center_torso"] == {"front": 24, "rear": 11}
    assert data["internal_structure"]["center_torso"] == 21
    assert data["total_tons"] == 65


def test_catapult_physical_attacks(catapult):
    attacks = _json(mech_of(catapult))["physical_attacks"]
    # 65 t: punch ⌈6.5⌉ = 7, halved for the missing lower arm → 3; +1 to-hit without a hand.
    assert attacks["punch"]["left_arm"] == {"damage": 3, "to_hit_modifier": 1}
    assert attacks["kick"] == 13
    assert attacks["club"] is None
    assert attacks["charge_damage_per_hex"] == 6.5
    assert attacks["death_from_above"] == {"target_damage": 20, "attacker_leg_damage": 13}


def test_catapult_battle_value_and_cost(catapult):
    data = _json(mech_of(catapult))
    assert (data["battle_value"], data["cost"], data["cost_dry"]) == (1399, 5790125, 5691125)


def test_json_is_byte_identical_across_builds(catapult):
    assert engine_json(assess(mech_of(catapult))) == engine_json(assess(mech_of(catapult)))


@pytest.mark.slow
@sweep
def test_every_library_unit_json_validates_against_the_schema(schema):
    validator = jsonschema.Draft202012Validator(schema)
    units = swept(library_assessed())
    assert len(units) >= 26
    for _, assessed in units:
        data = json.loads(engine_json(assessed))
        validator.validate(data)
        if data["ruleset"] == "intro":  # RULES.md §1 (the 1984 rules: tests/test_rulesets.py)
            _assert_the_books_invariants(data)


SLOTS = {"head": 6, "left_leg": 6, "right_leg": 6}  # RULES.md 1.6; every other location 12


def _assert_the_books_invariants(data: dict) -> None:
    """What RULES.md says of any legal 'Mech, read off the JSON alone."""
    name = data["name"]
    assert data["legal"] is True, name
    slots = data["critical_slots"]
    assert {loc: len(cells) for loc, cells in slots.items()} == {
        loc: SLOTS.get(loc, 12) for loc in slots}, name
    for weapon in data["weapons"]:  # a weapon's slots hold that weapon
        for ref in weapon["slots"]:
            assert slots[ref["location"]][ref["slot"] - 1]["mount"] == weapon["id"], name
    assert math.fsum(w["tons"] for w in data["weights"]) == data["total_tons"] == data["tonnage"]
    move = data["movement"]
    assert move["running_mp"] == math.ceil(1.5 * move["walking_mp"]), name  # RULES.md 1.2
    assert move["jumping_mp"] <= move["walking_mp"], name
    for loc, armor in data["armor"].items():  # RULES.md 1.5
        cap = 9 if loc == "head" else 2 * data["internal_structure"][loc]
        assert armor["front"] + (armor["rear"] or 0) <= cap, (name, loc)
