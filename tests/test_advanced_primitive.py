"""Primitive 'Mechs (issue 27; ADVANCED_COMPONENTS.md §7.1, docs/advanced.md "Primitive
'Mechs"): Interstellar Operations' primitive cockpit, armor and enlarged engine, judged on
MegaMek's own files and checked against MegaMek's BV and the Master Unit List's cost
(tests/data/advanced_primitive_values.tsv); each rule of a primitive 'Mech broken by a
design and found with its own code."""

from __future__ import annotations

import re
from fractions import Fraction as F
from typing import Any

import pytest
from tests_support import DATA, judged_mtf, read_table

from mechlab.assess import Assessment, assess
from mechlab.core.locations import Location
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes
from mechlab.files.mtf.parse import decode
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset

PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_primitive_values.tsv")}
ADVANCED = DATA / "megamek-advanced"
PHOENIX = "Phoenix PX-1KR.mtf"  # 50 t, Walk MP 4, `Engine:240 Fusion Engine(IS)`

# The codes of the Advanced rule list the tests here break (tests/test_battledroids_rules.py
# checks every code of every ruleset has a design breaking it).
BROKEN = {"E-PRIMITIVE-OMNI", "E-PRIMITIVE-STRUCTURE", "E-PRIMITIVE-ENGINE",
          "E-PRIMITIVE-MYOMER", "E-ARMOR-PRIMITIVE"}


def vendored(name: str) -> str:
    return decode((ADVANCED / name).read_bytes())


# A `.mtf` read by the one reader and judged as `mechlab check` judges it.
judged = judged_mtf


def design_of(name: str) -> dict[str, Any]:
    return dict(import_mtf_bytes(vendored(name).encode("utf-8"), name).design)


def judged_design(design: dict[str, Any]) -> Assessment:
    return assess(resolve(design_from_dict(design, "unit.yaml")))


# The least ruleset of each file's content: the primitive cockpit and armor are Advanced;
# prototype items Experimental (ADVANCED_COMPONENTS.md §7.2, §9); a Mixed 'Mech's doubles
# Standard.
RULESET = {"Wolverine WVR-1R.mtf": "experimental", "Hunchback HBK-4G Shakir.mtf": "experimental",
           "Enforcer ENF-4R Daniel.mtf": "experimental",
           "Hatchetman HCT-3F Austin.mtf": "experimental",
           "Wolfhound WLF-1 (Allard).mtf": "standard", "Raider JL-1.mtf": "experimental",
           "Jenner JR7-K Grace.mtf": "experimental",
           "Cataphract CTF-2X George.mtf": "experimental"}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_lane_files_are_legal_with_megameks_bv_and_the_muls_cost(name: str) -> None:
    row = PUBLISHED[name]
    assessed = judged(vendored(name), name)
    assert assessed.legal, [str(f) for f in assessed.findings if f.severity.name == "ERROR"]
    assert assessed.mech.ruleset.name == RULESET.get(name, "advanced")
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    assert assessed.values.cost.total == int(row["mul_cost"])


def test_the_standard_rules_refuse_the_primitive_cockpit_and_armor() -> None:
    design = judged(vendored(PHOENIX)).mech.design
    refused = {path for code, path, _ in get_ruleset("standard").refusals(design)
               if code == "R-COMPONENT"}
    assert refused == {"cockpit", "armor.type"}
    assert not get_ruleset("advanced").refusals(design)


def test_a_primitive_engine_is_rated_six_fifths_of_tonnage_times_walking_mp() -> None:
    # §7.1: 50 t walking 4 → 5⌈1.2 × 200 ÷ 5⌉ = 240; the engine weighs a 240's 11.5 t
    # (RULES.md's Fusion Engine Table), the primitive cockpit 5 t, 10.72 armor points a ton.
    mech = judged(vendored(PHOENIX)).mech
    assert (mech.walking_mp, mech.engine_rating) == (4, 240)
    assert mech.engine is not None and mech.engine.tons == F(23, 2)
    assert mech.ruleset.cockpit_weight(mech.design) == 5
    assert mech.armor_per_ton == F(268, 25)
    # 20 t walking 6 → 144 → 145 (the Trooper TP-1R's engine).
    design = {**design_of(PHOENIX), "tonnage": 20, "walking_mp": 6}
    assert resolve(design_from_dict(design, "unit.yaml")).engine_rating == 145


def test_a_primitive_gyro_is_priced_by_walking_mp_not_the_larger_engine() -> None:
    # ADVANCED_BV.md §5 (MekCostCalculator): ⌈4 × 50 ÷ 100⌉ = 2 × 300,000, not ⌈240 ÷ 100⌉ = 3.
    assessed = judged(vendored(PHOENIX))
    assert assessed.values is not None
    assert dict(assessed.values.cost.components)["Gyro"] == 600_000


def test_a_primitive_engine_stated_at_tonnage_times_walking_mp_is_a_mismatch() -> None:
    assessed = judged_design({**design_of(PHOENIX), "engine_rating": 200})
    found = [f for f in assessed.findings if f.code == "E-ENGINE-MISMATCH"]
    assert [f.message for f in found] == [
        "engine rating 200 ≠ the rating of 50 t at Walking MP 4 = 240"]


def test_a_walk_mp_line_the_primitive_engine_does_not_give_contradicts_it() -> None:
    text = re.sub(r"(?mi)^walk mp:4", "Walk MP:5", vendored(PHOENIX))
    found = [f for f in judged(text).findings if f.code == "E-MTF-WALK"]
    assert [f.message for f in found] == ["Walk MP:5, but engine 240 at Mass 50 gives 4"]


def test_a_primitive_cockpit_declared_standard_is_illegal() -> None:
    # 240 ÷ 50 is no whole Walking MP once the cockpit is not primitive.
    text = re.sub(r"(?mi)^cockpit:.*$", "Cockpit:Standard Cockpit\r", vendored(PHOENIX))
    assert "E-ENGINE-RATING" in judged(text).error_codes


@pytest.mark.parametrize(("change", "code"), [
    ({"engine": {"type": "xl"}}, "E-PRIMITIVE-ENGINE"),
    ({"structure": {"type": "endo_steel"}}, "E-PRIMITIVE-STRUCTURE"),
    ({"myomer": {"type": "tsm"}}, "E-PRIMITIVE-MYOMER"),
    ({"armor_type": "standard"}, "E-ARMOR-PRIMITIVE"),
    ({"omni": True}, "E-PRIMITIVE-OMNI"),
])
def test_each_primitive_construction_rule_has_its_code(change: dict[str, Any], code: str) -> None:
    design = design_of(PHOENIX)
    assert code not in judged_design(design).error_codes
    if "armor_type" in change:
        design["armor"] = {**design["armor"], "type": change["armor_type"]}
    else:
        design.update(change)
    assert code in judged_design(design).error_codes


def test_the_primitive_rules_leave_other_cockpits_alone() -> None:
    design = {**design_of(PHOENIX), "cockpit": "standard", "walking_mp": 4,
              "engine": {"type": "xl"}}
    assert not BROKEN & set(judged_design(design).error_codes)


def test_prototype_jump_jets_weigh_and_jump_as_standard_ones() -> None:
    # §7.2 (MegaMek's createISPrototypeJumpJet): 55 t → 0.5 t a jet, 1 slot, jump ≤ walk.
    mech = judged(vendored("Wolverine WVR-1R.mtf")).mech
    assert mech.jumping_mp == 4 and len(mech.jump_jets) == 4
    assert {m.item.weapon.id for m in mech.jump_jets} == {"is_prototype_jump_jet"}
    assert mech.jump_jet_tons == F(1, 2)
    design = design_of("Wolverine WVR-1R.mtf")
    refused = {code for code, _, _ in get_ruleset("advanced").refusals(
        design_from_dict(design, "unit.yaml"))}
    assert refused == {"R-ITEM"}  # an Experimental item


def test_a_prototype_weapon_fires_its_production_versions_ammunition() -> None:
    # standard.yaml `prototype_ammo`: the Gauss rifle prototype takes Gauss rifle ammunition
    # (MegaMek's AmmoType), so the ammo is no orphan and counts in the BV.
    assessed = judged(vendored("Enforcer ENF-4R Daniel.mtf"))
    codes = {f.code for f in assessed.findings}
    assert not codes & {"E-AMMO-MISSING", "W-AMMO-UNUSED"}
    assert any(m.item.weapon.id == "is_gauss_rifle_prototype" for m in assessed.mech.mounts)


def test_a_prototype_pulse_laser_adds_three_heat_for_bv() -> None:
    # MegaMek's heatAdjustmentForBvCalculation: 4 + 3; without it the Hunchback's BV is 957.
    assessed = judged(vendored("Hunchback HBK-4G Shakir.mtf"))
    assert assessed.values is not None
    heats = {w.heat for w in assessed.values.battle_value.weapons if "Prototype" in w.name}
    assert heats == {7}


def test_a_prototype_the_catalogue_has_no_row_for_stays_refused() -> None:
    from mechlab.core.errors import DesignError

    text = vendored("Hunchback HBK-4G Shakir.mtf").replace(
        "ISMediumPulseLaserPrototype", "ISFreezersPrototype")
    with pytest.raises(DesignError, match="R-COMPONENT a prototype item"):
        judged(text)


def test_a_mixed_mechs_doubles_are_the_ones_its_slots_hold() -> None:
    # Wolfhound WLF-1 (Allard), Mixed (IS chassis), `Heat Sinks:12 Double` and CLDoubleHeatSink
    # slots: MegaMek mounts Clan doubles (its BV 1941 = the MUL's); a line naming the Inner
    # Sphere's still contradicts the slots.
    mech = judged(vendored("Wolfhound WLF-1 (Allard).mtf")).mech
    assert mech.design.heat_sinks.tech == "clan"
    text = re.sub(r"(?mi)^heat sinks:12 Double", "Heat Sinks:12 IS Double",
                  vendored("Wolfhound WLF-1 (Allard).mtf"))
    assert "E-HEATSINK-TYPE" in judged(text).error_codes


def test_an_ultralight_battlemech_is_advanced() -> None:
    # ADVANCED_COMPONENTS.md §8.1: Flea FLE-14, 15 t (TechManual's structure row 5/4/2/3).
    mech = judged(vendored("Flea FLE-14.mtf")).mech
    assert mech.ruleset.name == "advanced" and mech.tonnage == 15
    assert mech.structure is not None and mech.structure[Location.CENTER_TORSO] == 5
    design = mech.design
    assert [path for code, path, _ in get_ruleset("standard").refusals(design)] == ["tonnage"]
    assert get_ruleset("intro").admission_problems(design)
    assert not get_ruleset("advanced").admission_problems(design)


def test_a_battlemech_under_ten_tons_is_no_ultralight() -> None:
    design = {**design_of("Flea FLE-14.mtf"), "tonnage": 5, "ruleset": "advanced"}
    assert "E-TONNAGE-RANGE" in judged_design(design).error_codes


def test_an_ice_engine_on_a_battlemech_is_experimental() -> None:
    # §8.2: Raider JL-1, 40 t, ICE 160 (⌈2 × 6⌉½ = 12 t), no free sinks, power amplifiers.
    mech = judged(vendored("Raider JL-1.mtf")).mech
    assert mech.ruleset.name == "experimental" and mech.design.engine.type == "ice"
    assert mech.engine is not None and mech.engine.tons == 2 * get_ruleset(
        "intro").engines[mech.engine_rating].tons
    refused = [text for code, _, text in get_ruleset("advanced").refusals(mech.design)]
    assert any("ICE engine on a BattleMech" in text for text in refused)


def test_endo_steel_prototype_weighs_as_endo_steel_in_sixteen_slots() -> None:
    # §7.2 (MegaMek's createISEndoSteelPrototype): ⌈35 × 0.05⌉½ = 2 t, 16 slots.
    mech = judged(vendored("Jenner JR7-K Grace.mtf")).mech
    assert mech.design.structure.type == "endo_steel_prototype"
    assert mech.ruleset.structure_weight(mech.design) == 2
    slots = sum(1 for loc in mech.critical_slots.values() for s in loc
                if s is not None and getattr(s, "name", "") == "Endo Steel Prototype")
    assert slots == 16
    text = vendored("Jenner JR7-K Grace.mtf")
    short = re.sub(r"(?m)^(IS )?Endo[ -]Steel Prototype\r$", "-Empty-\r", text, count=1)
    assert short != text and "E-STRUCTURE-SLOTS" in judged(short).error_codes


def test_prototype_double_heat_sinks_dissipate_two_beside_singles() -> None:
    # §6.1 rule 4, §7.2: `Heat Sinks:14 Single`, 3 ISDoubleHeatSinkPrototype (3 slots each)
    # and 11 singles in the 280 engine: 11 + 3 × 2 = 17 (MegaMek's BV 1311 needs it); each
    # priced 18,000 beside the sinks' line (the MUL's 6,828,673).
    assessed = judged(vendored("Cataphract CTF-2X George.mtf"))
    mech = assessed.mech
    assert mech.heat_sinks == 14 and mech.heat_dissipation == 17
    assert assessed.values is not None and assessed.values.battle_value.heat_capacity == 17
    assert "E-HEATSINK-TYPE" not in assessed.error_codes
    protos = [m for m in mech.mounts if m.item.weapon.id == "is_double_heat_sink_prototype"]
    assert len(protos) == 3 and all(m.item.weapon.slots == 3 for m in protos)
    # beside doubles they are another kind of sink (one kind per 'Mech otherwise)
    design = {**design_of("Cataphract CTF-2X George.mtf"),
              "heat_sinks": {"count": 14, "type": "double"}}
    assert "E-HEATSINK-TYPE" in judged_design(design).error_codes
