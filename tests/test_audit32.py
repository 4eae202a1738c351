"""Acceptance audit as a game-engine author meets mechlab (lane audit32): what the engine
JSON and the damage state promise, checked against the rules' own numbers and the design
file, not against the code that writes them."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from tests_support import EXAMPLES

from mechlab.assess import assess
from mechlab.cli import main
from mechlab.core.errors import DesignError
from mechlab.core.state import DamageState
from mechlab.export.engine import engine_json
from mechlab.export.schema import FORMAT_VERSION
from mechlab.files.design_data import design_from_dict
from mechlab.files.load import load_design
from mechlab.files.state_file import read_state
from mechlab.model.damage import state_problems
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Line, Text
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

DATA = Path(__file__).parent / "data"
SNAPSHOT = DATA / f"engine-v{FORMAT_VERSION}.schema.json"
OMEGA = DATA / "audit32" / "omega-shp-4x.yaml"

# A 25-ton quad walking 8 (the Tarantula ZPH-1A's chassis), with or without MASC.
QUAD: dict[str, object] = {
    "chassis": "Tarantula", "model": "ZPH-1A", "ruleset": "standard", "config": "quad",
    "tonnage": 25, "walking_mp": 8, "era": 3054, "engine": "xl",
    "armor": {"head": 6, "center_torso": {"front": 10, "rear": 6},
              "left_torso": {"front": 7, "rear": 4}, "right_torso": {"front": 7, "rear": 4},
              "front_left_leg": 7, "front_right_leg": 7, "rear_left_leg": 7,
              "rear_right_leg": 7},
    "heat_sinks": {"count": 10, "type": "double"},
}


def _json(design: dict[str, object], state: DamageState | None = None) -> dict:
    mech = resolve(design_from_dict(design))
    return json.loads(engine_json(assess(mech), state=state) if state else
                      engine_json(assess(mech)))


def _quad(*items: dict[str, object]) -> dict[str, object]:
    return {**QUAD, "equipment": [{"item": "Medium Laser", "location": "left_torso"}, *items]}


@pytest.fixture(scope="module")
def schema() -> dict[str, object]:
    return json.loads(SNAPSHOT.read_text())


def test_masc_running_mp_is_in_the_engine_json_as_the_sheet_prints_it(schema) -> None:
    """TechManual: MASC engaged, a 'Mech runs at twice its walking MP: walking 8, 16 (the
    sheet prints `Running MP: 12 [16]`); an engine needs the 16 as much as the 12."""
    data = _json(_quad({"item": "MASC", "location": "center_torso"}))
    jsonschema.validate(data, schema)
    assert data["movement"]["running_mp"] == 12
    assert data["movement"]["running_boosted_mp"] == 16


def test_without_masc_or_supercharger_the_boosted_running_mp_is_null(schema) -> None:
    data = _json(_quad())
    jsonschema.validate(data, schema)
    assert data["movement"]["running_boosted_mp"] is None


@pytest.fixture(scope="module")
def omega() -> dict:
    return json.loads(engine_json(assess(resolve(load_design(OMEGA)))))


def test_a_superheavys_second_bin_in_a_slot_names_the_slot_it_shares(omega, schema) -> None:
    """The design file puts two LB 10-X bins in left arm slot 7 (`slot: 7, shared:
    true`): an engine resolving a critical hit on that slot must find both bins there."""
    jsonschema.validate(omega, schema)
    lots = [lot for lot in omega["ammunition"] if lot["location"] == "left_arm"]
    assert [lot["slot"] for lot in lots] == [7, 7]
    assert all(lot["slot"] is not None for lot in omega["ammunition"])
    slot = omega["critical_slots"]["left_arm"][6]
    assert slot["kind"] == "ammo" and slot["mount"] == lots[0]["id"]


def test_a_state_may_spend_both_bins_of_a_shared_superheavy_slot() -> None:
    """The sheet prints left arm slot 7 as `LB 10-X AC Ammo 10+10`: 20 shots a player
    may fire from it; 21 is more than it holds."""
    mech = resolve(load_design(OMEGA))
    spend = DamageState.model_validate(
        {"ammo_spent": [{"location": "left_arm", "slot": 7, "shots": 20}]})
    assert state_problems(spend, mech) == []
    too_many = DamageState.model_validate(
        {"ammo_spent": [{"location": "left_arm", "slot": 7, "shots": 21}]})
    assert state_problems(too_many, mech) == [
        "ammo_spent[0].shots: 21 spent, but the bin (LB 10-X AC Ammo) holds 20; at most 20"]


def test_the_sheet_strikes_both_bins_shots_of_a_shared_slot_and_writes_what_is_left() -> None:
    """Left arm slot 7 prints `10+10`: 13 spent strikes the `10+10` and writes 7."""
    mech = resolve(load_design(OMEGA))
    state = DamageState.model_validate(
        {"ammo_spent": [{"location": "left_arm", "slot": 7, "shots": 13}]})
    assessed = assess(mech)
    fresh = layout_sheet(assessed)
    marked = layout_sheet(assessed, SheetOptions(state=state))
    added = marked.page.items[len(fresh.page.items):]
    assert [t.text for t in added if isinstance(t, Text)] == ["7"]
    assert len([item for item in added if isinstance(item, Line)]) == 1  # `10+10` struck


@pytest.mark.parametrize(("text", "line"), [
    ("armor: null\n", "armor: expected a mapping of locations to points lost"),
    ("armor: {left_arm: five}\n",
     "armor.left_arm: expected the points lost (a whole number) or {front: N, rear: N}"),
    ("critical_hits: 5\n", "critical_hits: expected a mapping of locations to the slots hit"),
])
def test_a_state_field_of_the_wrong_shape_says_what_a_state_holds_there(tmp_path, text,
                                                                        line) -> None:
    """A state's `armor:` is points lost per location; the design's `armor:` words
    (`{type: …, tech: …, slots: …}`) told the user to write a design there."""
    state = tmp_path / "damage.yaml"
    state.write_text(text)
    with pytest.raises(DesignError) as caught:
        read_state(state)
    assert len(caught.value.problems) == 1
    assert caught.value.problems[0].startswith(line)
    assert "type:" not in caught.value.problems[0]


@pytest.mark.parametrize("command", ["build", "sheet"])
def test_a_state_file_is_an_input_and_never_written_over_even_with_force(tmp_path,
                                                                          command) -> None:
    """A JSON state file is YAML: `--state catapult.json` beside catapult.yaml was
    replaced by the engine JSON with --force (the brief: never write over an input)."""
    design = tmp_path / "catapult.yaml"
    design.write_bytes((EXAMPLES / "catapult.yaml").read_bytes())
    suffix = "json" if command == "build" else "html"
    state = tmp_path / f"catapult.{suffix}"
    state.write_text('{"armor": {"left_arm": 3}}\n')
    args = ([command, str(design), "--state", str(state), "-f", "json", "--force", "-q"]
            if command == "build" else
            [command, str(design), "--state", str(state), "-o", str(state), "--force"])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    # What to do, in the command's own terms: `build -o` names a folder, `sheet -o` a file.
    fix = ("write into another folder, e.g. -o catapult-out" if command == "build" else
           "write elsewhere, e.g. -o catapult-out.html")
    assert result.stderr.endswith(f"is an input of this command and would be overwritten; "
                                  f"{fix}\n"), result.stderr
    assert state.read_text() == '{"armor": {"left_arm": 3}}\n'


def test_import_never_writes_over_its_roles_table(tmp_path) -> None:
    """`--roles` names an input: `-o` naming it (with --force) replaced the table."""
    table = tmp_path / "roles.yaml"
    table.write_text("role\tmul_id\nScout\t1\n")
    result = CliRunner().invoke(main, ["import", str(EXAMPLES / "Atlas AS7-D.mtf"),
                                       "--roles", str(table), "-o", str(table), "--force"])
    assert result.exit_code == 2
    assert "is an input of this command" in result.output
    assert table.read_text() == "role\tmul_id\nScout\t1\n"


@pytest.mark.parametrize(("design", "ruleset"), [
    (EXAMPLES / "catapult.yaml", "intro"),
    (DATA / "standard" / "timber-wolf-prime.yaml", "standard"),
    (OMEGA, "advanced"),
])
def test_every_weapon_and_lot_of_the_engine_json_joins_one_row_of_items_json(design,
                                                                              ruleset) -> None:
    """An engine reads weapons' numbers from the catalogue by the name the engine JSON
    gives (`mm_internal_name`): the SRT 6's `CLSRT6` was no field of `items --json`."""
    result = CliRunner().invoke(main, ["items", "--json", "--ruleset", ruleset])
    assert result.exit_code == 0
    rows: dict[str, list[dict]] = {}
    for row in json.loads(result.output):
        rows.setdefault(row["mm_internal_name"], []).append(row)
    data = json.loads(engine_json(assess(resolve(load_design(design)))))
    for weapon in data["weapons"]:
        (row,) = rows[weapon["mm_internal_name"]]
        assert (row["kind"], row["heat"]) == ("weapon", weapon["heat"])
    for lot in data["ammunition"]:
        (row,) = rows[lot["mm_internal_name"]]
        assert row["kind"] == "ammo" and row["damage"] == f"{lot['shots']} shots"


def _jets(item: str) -> dict[str, object]:
    return {**QUAD, "jumping_mp": 7, "era": 3070, "equipment": [
        {"item": item, "location": "left_torso", "count": 3},
        {"item": item, "location": "right_torso", "count": 3},
        {"item": item, "location": "center_torso", "count": 1}]}


def test_improved_jump_jets_heat_is_in_the_engine_json(schema) -> None:
    """TechManual: improved jump jets build heat as if they had jumped half the hexes,
    rounded up (min 3): 7 hexes make 4, not the 7 of `jumping_per_hex` × hexes that was
    all the JSON said. Standard jets: max(3, hexes)."""
    improved = _json(_jets("Improved Jump Jet"))
    jsonschema.validate(improved, schema)
    assert improved["movement_heat"]["jumping_by_mp"] == {
        "1": 3, "2": 3, "3": 3, "4": 3, "5": 3, "6": 3, "7": 4}
    standard = _json(_jets("Jump Jet"))
    assert standard["movement_heat"]["jumping_by_mp"] == {
        "1": 3, "2": 3, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7}
    assert _json(_quad())["movement_heat"]["jumping_by_mp"] == {}  # no jets


def test_an_unknown_location_names_the_tripods_center_leg_among_the_choices(tmp_path) -> None:
    """A tripod's state that misspells its third leg (`centre_leg`) was told the biped's
    and the quad's locations only."""
    state = tmp_path / "damage.yaml"
    state.write_text("armor: {centre_leg: 3}\n")
    with pytest.raises(DesignError) as caught:
        read_state(state)
    assert "center_leg" in caught.value.problems[0]


_MUL = """<?xml version="1.0" encoding="UTF-8"?>
<unit version="0.49.19">
  <entity chassis="Atlas" model="AS7-D" type="Biped" commander="false">
    <pilot size="1" name="Mara" gunnery="2" piloting="3" hits="{hits}"/>
    <location index="3"> Left Torso
      {location}
    </location>
  </entity>
</unit>
"""


@pytest.mark.parametrize(("hits", "location", "said"), [
    # MegaMek's EntityListFile: armor left where it changed, a slot hit.
    ("0", '<armor points="5"/><slot index="1" type="Empty" isHit="true"/>', "(locations)"),
    ("2", '<slot index="9" type="ISAC20 Ammo" shots="5"/>', "(pilot hits)"),
    ("0", '<slot index="9" type="ISAC20 Ammo" shots="5"/>', None),  # every list has these
])
def test_a_unit_lists_damage_is_said_unread_not_dropped_in_silence(tmp_path, hits, location,
                                                                    said) -> None:
    """A MegaMek unit list saved after a game records damage; mechlab reads units and
    pilots only, and printed the damaged Atlas as new without a word."""
    mul = tmp_path / "after.mul"
    mul.write_text(_MUL.format(hits=hits, location=location))
    result = CliRunner().invoke(main, ["force", str(mul)])
    assert result.exit_code == 0
    if said is None:
        assert result.stderr == ""
    else:
        assert result.stderr.count("\n") == 1
        assert f"units[0] (Atlas AS7-D): its damage {said} is not read" in result.stderr


@pytest.mark.parametrize(("command", "name", "what"), [
    (["force"], "huge.mul", "a unit list (.mul)"),
    (["force"], "huge.yaml", "a force file"),
])
def test_a_huge_force_file_or_unit_list_is_named_as_what_it_is(tmp_path, command, name,
                                                              what) -> None:
    """Refused in one line, bounded: it said `a design file is a few KB` of a .mul."""
    path = tmp_path / name
    path.write_text("force: x\n" + "#" * 1_100_000)
    result = CliRunner().invoke(main, [*command, str(path)])
    assert result.exit_code == 2
    assert result.stderr == (f"mechlab: {path}: larger than 1 MB: {what} is a few KB; is "
                             "this the right file?\n")


def test_a_huge_state_file_is_named_a_state_file(tmp_path) -> None:
    state = tmp_path / "damage.yaml"
    state.write_text("#" * 1_100_000)
    with pytest.raises(DesignError) as caught:
        read_state(state)
    assert caught.value.problems == ["larger than 1 MB: a state file is a few KB; is this "
                                     "the right file?"]
