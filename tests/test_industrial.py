"""IndustrialMechs under `standard` (`unit: industrialmech`): two MegaMek designs are legal
with the weights their files add up to, and each TechManual IndustrialMech fact (engine
weights and free sinks, industrial structure, commercial armor, power amplifiers, 10 t
chassis) is checked against numbers worked out by hand from the rules, not by the code."""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from mechlab.assess import assess_design
from mechlab.core.locations import Location
from mechlab.core.weight_groups import WeightGroup
from mechlab.files.design_data import DesignError, design_from_dict
from mechlab.files.mtf import design_to_mtf, import_mtf_bytes
from mechlab.model.resolve import resolve
from mechlab.validate import Severity, validate

DATA = Path(__file__).parent / "data" / "standard"


def _design(name: str, **changes: Any) -> dict[str, Any]:
    data = yaml.safe_load((DATA / name).read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data.update(changes)
    return data


def _weights(data: dict[str, Any]) -> dict[WeightGroup, Fraction | None]:
    mech = resolve(design_from_dict(data, "test.yaml"))
    return {line.group: line.tons for line in mech.weights}


def _errors(data: dict[str, Any]) -> list[str]:
    mech = resolve(design_from_dict(data, "test.yaml"))
    return [str(f) for f in validate(mech) if f.severity is Severity.ERROR]


def test_the_heavy_lifter_weighs_what_its_file_adds_up_to():
    # 60 t quad: industrial structure 2 × 6 = 12 t, a 240 fusion engine 11.5 t, 10 free
    # sinks, 155 industrial armor points at 10.72 a ton = 14.46 → 14.5 t, sealing
    # ⌈60 ÷ 10⌉½ = 6 t.
    data = _design("heavy-lifter-hcl-1.yaml")
    weights = _weights(data)
    assert weights[WeightGroup.STRUCTURE] == 12
    assert weights[WeightGroup.ENGINE] == Fraction(23, 2)
    assert weights[WeightGroup.HEAT_SINKS] == 0
    assert weights[WeightGroup.ARMOR] == Fraction(29, 2)
    assert WeightGroup.POWER_AMPLIFIERS not in weights  # a fusion engine needs none
    mech = resolve(design_from_dict(data, "test.yaml"))
    assert mech.total_tons == 60 and mech.is_industrial and not mech.advanced_fire_control
    # environmental sealing: one item, one slot in each of the quad's eight locations
    sealing = [m for m in mech.mounts if m.item.name == "Environmental Sealing"]
    assert len(sealing) == 1 and sealing[0].placed and sealing[0].tons == 6
    assert sorted(loc.value for loc, _ in sealing[0].placement) == sorted(
        loc.value for loc in mech.locations)
    assert _errors(data) == []


def test_a_fuel_cell_engine_has_one_free_sink_and_tracks_take_a_slot_in_each_leg():
    # 50 t, rating 150: 5.5 t × 1.2 = 6.6 → 7 t; 8 sinks, one free → 7 t of sinks;
    # tracks ⌈50 × 0.1⌉½ = 5 t in one slot of each leg.
    data = _design("jabberwocky-jaw-65a.yaml")
    weights = _weights(data)
    assert weights[WeightGroup.ENGINE] == 7
    assert weights[WeightGroup.HEAT_SINKS] == 7
    mech = resolve(design_from_dict(data, "test.yaml"))
    tracks = [m for m in mech.mounts if m.item.name == "Tracks"]
    assert len(tracks) == 1 and tracks[0].tons == 5
    assert sorted(loc.value for loc, _ in tracks[0].placement) == ["left_leg", "right_leg"]
    assert mech.total_tons == 50 and _errors(data) == []


@pytest.mark.parametrize(("engine", "walk", "tons"), [
    ("ice", 4, 8),  # 120: 4 t × 2
    ("fuel_cell", 1, Fraction(3, 2)),  # 30: 1 t × 1.2 = 1.2 → 1.5
    ("fission", 2, 5),  # 60: 1.5 t × 1.75 = 2.625, at least 5 t
    ("fission", 4, 7),  # 120: 4 t × 1.75 = 7
])
def test_industrial_engines_weigh_the_fusion_weight_times_their_factor(engine, walk, tons):
    data = _design("jabberwocky-jaw-65a.yaml", tonnage=30, walking_mp=walk,
                   engine={"type": engine})
    assert _weights(data)[WeightGroup.ENGINE] == tons


def test_free_heat_sinks_depend_on_the_engine():
    # MegaMek's Engine: fusion 10, fission 5, fuel cell 1, ICE none; E-HEATSINK-MIN asks.
    for engine, free in (("standard", 10), ("fission", 5), ("fuel_cell", 1), ("ice", 0)):
        data = _design("jabberwocky-jaw-65a.yaml", engine={"type": engine},
                       heat_sinks=free - 1 if free else 0)
        minimum = [e for e in _errors(data) if e.startswith("E-HEATSINK-MIN")]
        assert bool(minimum) == bool(free), (engine, minimum)


def test_energy_weapons_on_an_ice_engine_need_power_amplifiers():
    # A large laser (5 t): 0.5 t of amplifiers; with two medium lasers (7 t) 0.7 → 1 t;
    # the vehicle flamer, fed by ammunition, needs none.
    data = _design("jabberwocky-jaw-65a.yaml", engine={"type": "ice"})
    data["equipment"] = [*data["equipment"][:6],
                         {"item": "Large Laser", "location": "left_torso"},
                         {"item": "Flamer (Vehicle)", "location": "center_torso"}]
    assert _weights(data)[WeightGroup.POWER_AMPLIFIERS] == Fraction(1, 2)
    data["equipment"].append({"item": "Medium Laser", "location": "center_torso", "count": 2})
    assert _weights(data)[WeightGroup.POWER_AMPLIFIERS] == 1
    data["engine"] = {"type": "fission"}
    assert WeightGroup.POWER_AMPLIFIERS not in _weights(data)


def test_commercial_armor_holds_24_points_a_ton_and_industrial_structure_twice_standard():
    data = _design("jabberwocky-jaw-65a.yaml")
    data["armor"] = {**data["armor"], "type": "commercial"}
    assert _weights(data)[WeightGroup.ARMOR] == Fraction(3, 2)  # 33 points ÷ 24
    assert _weights(data)[WeightGroup.STRUCTURE] == 10  # 50 t × 0.2


def test_an_industrialmech_may_weigh_10_t_a_battlemech_may_not():
    data = _design("jabberwocky-jaw-65a.yaml", tonnage=10, walking_mp=3)
    assert not [e for e in _errors(data) if e.startswith("E-TONNAGE-RANGE")]
    # Issue 27: a 10 t BattleMech is an ultralight, beyond the Standard rules (refused).
    battle = _design("atlas-as7-k.yaml", tonnage=10)
    with pytest.raises(DesignError, match="ultralight BattleMech"):
        _errors(battle)


def test_the_unit_type_is_a_checked_field():
    with pytest.raises(DesignError, match="unit: expected 'battlemech' or "
                                          "'industrialmech'"):
        design_from_dict(_design("jabberwocky-jaw-65a.yaml", unit="tripod"), "x.yaml")
    intro = {"chassis": "X", "tonnage": 50, "walking_mp": 4, "unit": "industrialmech"}
    with pytest.raises(DesignError, match="unit: industrialmech is not in the intro rules"):
        design_from_dict(intro, "x.yaml")


def test_an_industrialmech_reads_back_from_its_mtf_as_an_industrialmech():
    design = design_from_dict(_design("heavy-lifter-hcl-1.yaml"), "x.yaml")
    text = design_to_mtf(design)
    assert "Structure:IS Industrial" in text and "Cockpit:Industrial Cockpit" in text
    assert "Myomer:Industrial Triple-Strength" in text
    back = design_from_dict(import_mtf_bytes(text.encode(), "x.mtf").design, "x.mtf")
    assert back.unit == "industrialmech" and back.myomer.type == "industrial_tsm"
    assert resolve(back).total_tons == resolve(design).total_tons


def test_an_industrialmech_has_megameks_battle_value():
    # MegaMek's BV of 3075/Jabberwocky EngineerMech JAW-65A (INDEX.tsv megamek_bv 250);
    # the value rules are tests/test_values_industrial.py's.
    assessed = assess_design(design_from_dict(_design("jabberwocky-jaw-65a.yaml"), "x.yaml"))
    assert assessed.legal and assessed.values is not None
    assert assessed.values.battle_value.base == 250


def test_the_engine_json_says_industrialmech_and_an_ice_engine_makes_no_movement_heat():
    import json

    from mechlab.export.engine import engine_json

    data = _design("jabberwocky-jaw-65a.yaml", engine={"type": "ice"})
    unit = json.loads(engine_json(assess_design(design_from_dict(data, "x.yaml"))))
    assert unit["unit_type"] == "industrialmech"
    assert (unit["movement_heat"]["walking"], unit["movement_heat"]["running"]) == (0, 0)
    atlas = json.loads(engine_json(assess_design(design_from_dict(
        _design("atlas-as7-k.yaml"), "x.yaml"))))
    assert atlas["unit_type"] == "battlemech" and atlas["movement_heat"]["running"] == 2


def test_the_standard_sheet_names_the_industrialmech_and_lists_sealing_once():
    from mechlab.render.geometry import Text
    from mechlab.sheet.content import inventory
    from mechlab.sheet.styles import layout_sheet

    assessed = assess_design(design_from_dict(_design("heavy-lifter-hcl-1.yaml"), "x.yaml"))
    texts = [item.text for item in layout_sheet(assessed).page.items if isinstance(item, Text)]
    assert "INDUSTRIALMECH RECORD SHEET" in texts
    assert "mechlab · IndustrialMech record sheet" in texts
    rows = [(row.quantity, row.type, row.location) for row in inventory(assessed.mech)]
    assert (1, "Environmental Sealing", "All") in rows
    assert sum(1 for _, kind, _ in rows if kind == "Environmental Sealing") == 1


@pytest.mark.parametrize(("engine_type", "engine"), [
    ("fuel_cell", "Fuel Cell Engine"),  # the Jabberwocky's own (MegaMek: `Fuel Cell Engine`)
    ("ice", "ICE Engine"), ("fission", "Fission Engine"),
])
def test_the_engine_slots_print_the_engine_the_mech_has(engine_type, engine):
    from mechlab.sheet.slots import slot_runs

    data = _design("jabberwocky-jaw-65a.yaml")
    data["engine"]["type"] = engine_type  # slot names do not depend on the weight's verdict
    mech = assess_design(design_from_dict(data, "x.yaml")).mech
    texts = [t for run in slot_runs(mech, Location.CENTER_TORSO) for t in run.texts]
    assert texts.count(engine) == 6 and "Fusion Engine" not in texts


def test_an_industrialmech_engine_on_a_battlemech_stays_refused_and_techs_are_checked():
    from mechlab.files.design_data import RefusedDesignError

    battle = _design("atlas-as7-k.yaml", engine={"type": "ice"})
    with pytest.raises(RefusedDesignError, match="ICE engine on a BattleMech"):
        resolve(design_from_dict(battle, "x.yaml"))
    clan = _design("heavy-lifter-hcl-1.yaml", tech_base="clan")
    assert ("E-TECHBASE myomer.type: Industrial Triple-Strength myomer is Inner Sphere only; "
            "this unit is Clan") in _errors(clan)


def test_the_readout_shows_the_power_amplifiers_its_total_counts():
    from mechlab.readout import technical_readout

    data = _design("jabberwocky-jaw-65a.yaml", engine={"type": "ice"})
    data["equipment"] = [*data["equipment"][:6], {"item": "Large Laser", "location": "left_torso"}]
    text = technical_readout(assess_design(design_from_dict(data, "x.yaml")))
    assert any(line.startswith("Power Amplifiers:") and line.endswith("0.5")
               for line in text.splitlines())


def test_value_rules_say_which_unit_types_they_cover():
    import dataclasses

    from mechlab.values.registry import value_rules

    mech = resolve(design_from_dict(_design("jabberwocky-jaw-65a.yaml"), "x.yaml"))
    # The value rules value IndustrialMechs (tests/test_values_industrial.py) …
    assert value_rules(mech.ruleset).not_valued(mech) is None
    # … and a unit type they do not cover gets no values, with one line saying so.
    other = dataclasses.replace(mech, design=mech.design.replace(unit="lam"))
    assert "not lam units yet" in (value_rules(mech.ruleset).not_valued(other) or "")
