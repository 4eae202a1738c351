"""A unit's damage state (issue 30): read from a state file or a force unit's `state:`
block, refused in one line per problem when it cannot belong to its design, marked on the
record sheet as a player pencils it, and carried by the engine JSON (format 5), which
reads back to the same state.

The numbers are the Catapult CPLT-C1's (examples/catapult.yaml, as MegaMek's file states
it): left arm 13 armor and 10 structure, left torso 19 front and 8 rear, its slot 2 the
LRM 15 ammunition bin (8 shots), slot 5 empty; the head's slot 2 Sensors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from tests_support import EXAMPLES

from mechlab.cli import main
from mechlab.core.errors import DesignError
from mechlab.core.state import DamageState
from mechlab.export.engine import engine_json
from mechlab.files.inputs import read_input
from mechlab.files.state_file import checked, state_from_data
from mechlab.force.roster import load_force
from mechlab.render.geometry import Circle, Line, Text
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

CATAPULT = EXAMPLES / "catapult.yaml"
DAMAGE = {
    "armor": {"left_arm": 13, "left_torso": {"front": 5, "rear": 2}},
    "structure": {"left_arm": 4},
    "critical_hits": {"left_arm": [3], "head": [2]},
    "ammo_spent": [{"location": "left_torso", "slot": 2, "shots": 3}],
    "pilot_hits": 2,
}
PEN = "#1f3f8f"


@pytest.fixture(scope="module")
def catapult():
    return read_input(str(CATAPULT)).assess()


def state_of(data: dict[str, object], assessed) -> DamageState:
    return checked(state_from_data(data, "damage.yaml"), assessed.mech, "damage.yaml")


@pytest.mark.parametrize(("data", "says"), [
    ({"armor": {"left_arm": 14}}, "armor.left_arm.front: 14 points lost, but it has 13"),
    ({"armor": {"left_torso": {"rear": 9}}}, "armor.left_torso.rear: 9 points lost"),
    ({"armor": {"left_arm": {"rear": 1}}}, "armor.left_arm.rear: the left arm has no rear"),
    ({"structure": {"head": 4}}, "structure.head: 4 points lost, but it has 3"),
    ({"armor": {"front_left_leg": 1}}, "armor.front_left_leg: Catapult CPLT-C1 has no such"),
    ({"critical_hits": {"left_torso": [5]}}, "critical_hits.left_torso: slot 5 is empty"),
    ({"critical_hits": {"left_leg": [7]}}, "critical_hits.left_leg: slot 7: the left leg "
                                           "has 6 slots"),
    ({"ammo_spent": [{"location": "left_torso", "slot": 1, "shots": 1}]},
     "ammo_spent[0]: no ammunition in left_torso slot 1"),
    ({"ammo_spent": [{"location": "left_torso", "slot": 2, "shots": 9}]},
     "ammo_spent[0].shots: 9 spent, but the bin (Ammo (LRM 15)) holds 8"),
    ({"pilot_hits": 7}, "pilot_hits: 7, but the 6th hit kills"),
])
def test_a_state_that_cannot_belong_to_its_design_is_refused_naming_the_field(
        catapult, data, says):
    with pytest.raises(DesignError) as caught:
        state_of(data, catapult)
    assert [line for line in caught.value.lines if says in line], caught.value.lines


def test_a_hit_on_a_slot_a_critical_hit_skips_is_refused():
    # Endo steel slots are rolled again (standard.yaml roll_again_kinds).
    wolf = read_input(str(EXAMPLES / "timber-wolf-prime.yaml")).assess()
    mech = wolf.mech
    location, number = next((loc, i + 1) for loc in mech.locations
                            for i, slot in enumerate(mech.critical_slots[loc])
                            if slot.mount and not mech.ruleset.can_be_hit(slot.mount.item))
    with pytest.raises(DesignError, match="which a critical hit skips"):
        state_of({"critical_hits": {location.value: [number]}}, wolf)


def test_an_unknown_field_or_location_is_named(catapult):
    with pytest.raises(DesignError, match="armr: unknown field; a state has armor"):
        state_from_data({"armr": {}}, "damage.yaml")
    with pytest.raises(DesignError, match=r"armor\.left_wing: unknown location"):
        state_from_data({"armor": {"left_wing": 1}}, "damage.yaml")
    # Two spellings of one location are one location named twice, never one kept silently.
    with pytest.raises(DesignError, match="'left_arm' and 'LA' are the same location"):
        state_from_data({"armor": {"left_arm": 3, "LA": 5}}, "damage.yaml")


def test_the_sheet_marks_every_point_and_slot_lost(catapult):
    state = state_of(DAMAGE, catapult)
    fresh = layout_sheet(catapult)
    marked = layout_sheet(catapult, SheetOptions(state=state))
    added = marked.page.items[len(fresh.page.items):]
    assert marked.page.items[:len(fresh.page.items)] == fresh.page.items  # layout untouched
    filled = [item for item in added if isinstance(item, Circle) and item.fill == PEN]
    # 13 + 5 + 2 armor points and 4 structure points, each on a printed pip of its region.
    assert len(filled) == 13 + 5 + 2 + 4
    arms = {(p.cx, p.cy) for region in (*fresh.armor, *fresh.structure)
            if region.key == "left_arm" for p in region.pips}
    assert sum((c.cx, c.cy) in arms for c in filled) == 13 + 4  # armor and structure arms
    lines = [item for item in added if isinstance(item, Line)]
    # Two slots struck, two Hits Taken boxes crossed (2 lines each), the shots struck, and
    # one Sensor Hits box crossed for the head's slot 2.
    assert len(lines) == 2 + 2 * 2 + 1 + 2
    assert [t.text for t in added if isinstance(t, Text)] == ["5"]  # 8 shots, 3 spent


def test_the_engine_json_carries_the_state_and_it_reads_back_equal(catapult):
    state = state_of(DAMAGE, catapult)
    data = json.loads(engine_json(catapult, state))
    assert data["format_version"] == 6
    assert data["state"]["armor"]["left_arm"] == {"front": 13, "rear": 0}
    assert state_from_data(data["state"], "engine.json") == state
    assert json.loads(engine_json(catapult))["state"] is None


def test_a_force_units_state_block_marks_its_sheet_and_bad_ones_name_the_unit(tmp_path):
    force = load_force(EXAMPLES / "damaged-lance.yaml")
    assert [m.state is not None for m in force.members] == [True] * 4
    bad = tmp_path / "lance.yaml"
    text = (EXAMPLES / "damaged-lance.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    data["units"][0]["unit"] = str(CATAPULT)
    data["units"][2]["state"]["pilot_hits"] = 9
    bad.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(DesignError) as caught:
        load_force(bad)
    assert any(p.startswith("units[2].state.pilot_hits: 9") for p in caught.value.problems)


def test_sheet_state_prints_and_refuses_in_one_line_without_output(tmp_path: Path):
    state = tmp_path / "damage.yaml"
    state.write_text(yaml.safe_dump(DAMAGE), encoding="utf-8")
    runner = CliRunner()
    out = tmp_path / "x.pdf"
    result = runner.invoke(main, ["sheet", str(CATAPULT), "--state", str(state), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")
    state.write_text("armor: {left_arm: 40}\n", encoding="utf-8")
    worse = tmp_path / "y.pdf"
    result = runner.invoke(main, ["sheet", str(CATAPULT), "--state", str(state), "-o", str(worse)])
    assert result.exit_code == 2 and not worse.exists()
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and str(state) in lines[0] and "armor.left_arm.front" in lines[0]
    result = runner.invoke(main, ["sheet", str(CATAPULT), "LCT-1V", "--state", str(state),
                                  "-o", str(worse)])
    assert result.exit_code == 2 and "--state" in result.output and not worse.exists()


def test_build_state_writes_the_state_into_the_engine_json(tmp_path: Path):
    state = tmp_path / "damage.yaml"
    state.write_text(yaml.safe_dump(DAMAGE), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(CATAPULT), "--state", str(state), "-q",
                                       "-f", "json", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "catapult.json").read_text(encoding="utf-8"))
    assert state_from_data(data["state"], "x") == state_from_data(DAMAGE, "y")


@pytest.mark.parametrize(("style", "pips", "lines"), [
    # Quick-Start: armor pips (front only: it has no rear or structure diagram), and one
    # tick box crossed (2 lines) per shot spent; no critical table or Hits Taken.
    ("quickstart", 13 + 5, 3 * 2),
    # 1984 sheet: square boxes filled, the two slots struck, two DroidWarrior boxes crossed.
    ("battledroids", 13 + 5 + 2 + 4, 2 + 2 * 2 + 0),
])
def test_every_style_marks_what_it_prints(catapult, style, pips, lines):
    state = state_of({**DAMAGE, "critical_hits": {"left_arm": [3], "left_torso": [3]}},
                     catapult)
    fresh = layout_sheet(catapult, SheetOptions(style=style))
    added = layout_sheet(catapult, SheetOptions(style=style, state=state)).page.items[
        len(fresh.page.items):]
    filled = [i for i in added if getattr(i, "fill", None) == PEN and not isinstance(i, Text)]
    assert len(filled) == pips
    assert len([i for i in added if isinstance(i, Line)]) == lines
