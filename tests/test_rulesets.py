"""Rulesets as variants: found by name or alias, every fact honoured under both, and the
command line's --ruleset, BV without a table and MTF export of a 1984 design."""

from __future__ import annotations

import json
from fractions import Fraction

import jsonschema
import pytest
from click.testing import CliRunner
from tests_support import EXAMPLES, mech_of

from mechlab.assess import assess
from mechlab.cli import main
from mechlab.core.locations import Location
from mechlab.export.engine import engine_json
from mechlab.export.schema import json_schema
from mechlab.files.library import find_unit
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.rulesets import Battledroids, Intro, Ruleset, UnknownRulesetError, get_ruleset
from mechlab.validate import validate


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.mark.parametrize(("name", "cls"), [
    ("intro", Intro), ("Introductory", Intro), ("battledroids", Battledroids),
    ("1984", Battledroids), ("BD", Battledroids)])
def test_rulesets_are_found_by_name_or_alias(name, cls):
    assert type(get_ruleset(name)) is cls
    assert isinstance(get_ruleset(name), Ruleset)


def test_an_unknown_ruleset_names_the_known_ones():
    with pytest.raises(UnknownRulesetError, match=r"known rulesets: intro .*battledroids"):
        get_ruleset("1985")


def test_battledroids_tables_build_on_intros():
    intro, bd = get_ruleset("intro"), get_ruleset("battledroids")
    # RULES.md §2: the one engine weight and seven makers that differ, the rest inherited.
    assert (bd.engines[170].tons, intro.engines[170].tons) == (Fraction(13, 2), 6)
    assert [bd.engines[r].maker for r in range(125, 160, 5)] == [
        "Nissan", "Vlar", "Magna", "Hermes", "Leenex", "Omni", "Nissan"]
    differ = {r for r in intro.engines if intro.engines[r] != bd.engines[r]}
    assert differ == {125, 130, 135, 140, 145, 150, 155, 170}
    assert bd.structure(10) == {**intro.structure(20), Location.CENTER_TORSO: 4,
                                Location.LEFT_TORSO: 3, Location.RIGHT_TORSO: 3,
                                Location.LEFT_ARM: 1, Location.RIGHT_ARM: 1,
                                Location.LEFT_LEG: 2, Location.RIGHT_LEG: 2}
    assert intro.structure(10) is None and bd.structure(60) == intro.structure(60)
    assert {w.name for w in intro.catalog.weapons} - {w.name for w in bd.catalog.weapons} == {
        "AC/2", "AC/5", "AC/10", "AC/20", "Flamer (Vehicle)", "Hatchet"}
    heat = {w.name: w.heat for w in bd.catalog.weapons}
    assert [heat[f"LRM {n}"] for n in (5, 10, 15, 20)] == [1, 2, 4, 6]
    assert [heat[f"SRM {n}"] for n in (2, 4, 6)] == [0, 1, 2]
    assert bd.catalog.lookup("Auto Cannon").weapon.damage == 5
    assert [bd.jump_jet_tons(t) for t in (20, 60, 100)] == [Fraction(1, 2)] * 3
    assert [intro.jump_jet_tons(t) for t in (20, 60, 100)] == [Fraction(1, 2), 1, 2]


def test_optional_tables_are_absent_in_1984():
    intro, bd = get_ruleset("intro"), get_ruleset("battledroids")
    assert (intro.has_battle_value, intro.has_cost) == (True, True)
    assert (bd.has_battle_value, bd.has_cost) == (False, False)
    assert bd.costs is None and bd.pilot_skill_multipliers is None


def test_max_armor_follows_the_armor_sections(catapult):
    # RULES.md 1.1: 65 t → 211 under intro; §2 caps every torso side alone: 313.
    assert mech_of(catapult).max_armor == 211
    catapult["ruleset"] = "battledroids"
    catapult.pop("actuators")
    assert mech_of(catapult).max_armor == 9 + 2 * 42 + 4 * 30 + 2 * 20 + 2 * 30 == 313


def test_listed_jump_jets_take_no_slot_in_1984(catapult):
    catapult["ruleset"] = "battledroids"
    mech = mech_of(catapult)
    assert mech.jump_jets == () or all(m.placement == () for m in mech.jump_jets)
    assert {line.label: line.tons for line in mech.weights}["Jump jets"] == 2  # 4 × 0.5 t
    assert all(s.name != "Jump Jet" for slots in mech.critical_slots.values() for s in slots)


def test_removed_actuators_stay_removed_and_are_reported(catapult):
    catapult["ruleset"] = "battledroids"
    mech = mech_of(catapult)
    assert not mech.has_actuator(Location.LEFT_ARM, "Hand Actuator")  # as written
    assert [f.code for f in validate(mech)].count("E-ACTUATOR-REMOVED") == 2


def test_every_sink_takes_a_slot_in_1984(catapult):
    intro = mech_of(catapult)
    catapult["ruleset"] = "battledroids"
    catapult.pop("actuators")
    bd = mech_of(catapult)
    assert (intro.integral_heat_sinks, len(intro.slotted_heat_sinks)) == (10, 5)
    assert (bd.integral_heat_sinks, len(bd.slotted_heat_sinks)) == (0, 15)


def test_engine_json_has_movement_heat_and_null_values_without_a_table():
    schema = json_schema()
    merlin = resolve(load_design(find_unit("battledroids/Merlin").path))
    data = json.loads(engine_json(assess(merlin)))
    jsonschema.validate(data, schema)
    assert data["ruleset"] == "battledroids"
    # 1984: a heat point per hex jumped, no least heat (its 4 jumping MP).
    assert data["movement_heat"] == {"walking": 0, "running": 1, "jumping_per_hex": 1,
                                     "jumping_minimum": 0,
                                     "jumping_by_mp": {"1": 1, "2": 2, "3": 3, "4": 4}}
    for key in ("battle_value", "battle_value_pilot", "battle_value_breakdown", "cost",
                "cost_dry", "cost_breakdown"):
        assert data[key] is None
    assert data["heat_sinks"] == {**data["heat_sinks"], "count": 18, "integral": 0}
    catapult = resolve(load_design(find_unit("CPLT-C1").path))
    intro = json.loads(engine_json(assess(catapult)))
    assert intro["movement_heat"] == {"walking": 1, "running": 2, "jumping_per_hex": 1,
                                      "jumping_minimum": 3,
                                      "jumping_by_mp": {"1": 3, "2": 3, "3": 3, "4": 4}}
    assert intro["battle_value"] == 1399


def test_validate_judges_a_design_under_another_ruleset(runner):
    result = runner.invoke(main, ["validate", "battledroids/ARC-2R"])
    assert result.exit_code == 0 and "legal (Archer ARC-2R, battledroids)" in result.output
    result = runner.invoke(main, ["validate", "battledroids/ARC-2R", "--ruleset", "intro"])
    assert result.exit_code == 1
    assert ("E-ARMOR-CAP armor.left_torso: 30 front + 7 rear = 37 armor > 30 "
            "(2 × 15 structure)") in result.output
    result = runner.invoke(main, ["validate", "CPLT-C1", "--ruleset", "nope"])
    assert result.exit_code == 2 and "unknown ruleset 'nope'" in result.output


def test_build_judges_under_another_ruleset(runner, tmp_path):
    result = runner.invoke(main, ["build", "CPLT-C1", "--ruleset", "1984", "-o", str(tmp_path),
                                  "-f", "json"])
    assert result.exit_code == 1, result.output
    data = json.loads((tmp_path / "Catapult_CPLT-C1.json").read_text())
    assert data["ruleset"] == "battledroids" and data["battle_value"] is None
    assert "E-ACTUATOR-REMOVED" in {f["code"] for f in data["findings"]}


def test_bv_says_the_ruleset_defines_none(runner):
    """Issue 31: the refusal is bad input, on stderr with `mechlab:` like every other
    (it was on stdout, unprefixed); the unit beside it still gets its numbers."""
    result = runner.invoke(main, ["bv", "battledroids/Merlin"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == ("mechlab: battledroids/Merlin: no Battle Value or cost: the "
                             "battledroids ruleset defines none\n")
    result = runner.invoke(main, ["bv", "battledroids/CRD-3R", "CPLT-C1"])
    assert result.exit_code == 2
    assert result.stdout.startswith("Catapult CPLT-C1: BV 1,399, pilot 4/5: 1,399; ")
    assert result.stderr.startswith("mechlab: battledroids/CRD-3R: no Battle Value or cost:")


def test_a_1984_design_is_not_exported_to_mtf(runner, tmp_path):
    result = runner.invoke(main, ["export", "battledroids/CRD-3R", "--to", "mtf", "-o",
                                  str(tmp_path / "x.mtf")])
    assert result.exit_code == 2
    assert "ruleset battledroids: no .mtf export: MegaMek's format has no 1984 rules" in (
        result.output)
    assert not (tmp_path / "x.mtf").exists()


def test_list_by_ruleset(runner):
    result = runner.invoke(main, ["list", "--ruleset", "battledroids", "--sort", "name"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[-1] == "11 units"
    assert lines[1].split()[0] == "battledroids/ARC-2R"
    assert all(line.split()[-2:] == ["–", "–"] for line in lines[1:-1])  # no BV, no cost


def test_the_sheet_of_a_1984_design_omits_bv_and_cost():
    from mechlab.sheet.styles import layout_sheet

    def texts(model: str) -> list[str]:
        mech = resolve(load_design(find_unit(model).path))
        items = layout_sheet(assess(mech)).page.items
        return [item.text for item in items if hasattr(item, "text")]

    assert any(t.startswith("BV") for t in texts("CPLT-C1"))
    assert any(t.startswith("Cost") for t in texts("CPLT-C1"))
    assert not any(t.startswith(("BV", "Cost")) for t in texts("battledroids/Merlin"))


def test_pilot_skills_come_from_the_command_line_the_pilot_then_the_ruleset():
    from mechlab.core.design import Pilot

    class Veterans(Intro):  # a variant whose default MechWarrior is better
        default_gunnery = 3
        default_piloting = 4

    rules = Veterans()
    assert Pilot(name="Kai").gunnery is None  # the design states skills, never defaults
    assert rules.pilot_skills(None) == (3, 4)
    assert rules.pilot_skills(Pilot(name="Kai", piloting=6)) == (3, 6)
    assert rules.pilot_skills(Pilot(name="Kai", gunnery=2), piloting=1) == (2, 1)
    assert get_ruleset("intro").pilot_skills(Pilot(name="Kai")) == (4, 5)


def test_the_default_ruleset_is_the_introductory_one() -> None:
    from mechlab.rulesets import DEFAULT

    assert Intro.name == DEFAULT and get_ruleset().name == Intro.name


def test_an_introductory_design_is_judged_without_the_standard_tables() -> None:
    """Issue 31: each ruleset's module and data load only when a design names it."""
    import subprocess
    import sys

    script = ("import sys\nfrom mechlab.files.load import read_source\n"
              "from mechlab.assess import assess_design\nfrom pathlib import Path\n"
              "assess_design(read_source(Path(sys.argv[1])).design)\n"
              "print('mechlab.rulesets.standard' in sys.modules)")
    for example, loaded in (("catapult.yaml", "False"), ("atlas-as7-k.yaml", "True")):
        done = subprocess.run([sys.executable, "-c", script, str(EXAMPLES / example)],
                              capture_output=True, text=True, check=True)
        assert done.stdout.strip() == loaded
