"""The `standard` ruleset (STANDARD_RULES.md): published designs from MegaMek's files are
legal with the numbers the files state, and every Standard rule has a design that breaks
it, reported with its code, path and numbers."""

from __future__ import annotations

import copy
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from tests_support import mutate

from mechlab.core.locations import Location
from mechlab.files.design_data import DesignError, RefusedDesignError, design_from_dict
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.validate import Severity, is_legal, validate

DATA = Path(__file__).parent / "data" / "standard"
UNITS = Path(__file__).parents[1] / "units"
Change = Callable[[dict[str, Any]], None]


def _design(name: str) -> dict[str, Any]:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


# (file, mass and engine rating from the .mtf and INDEX.tsv, Walking / Running / Jumping MP,
# heat sinks, sinks in the engine, armor points, the warnings the .mtf's design earns)
PUBLISHED = [
    ("atlas-as7-k.yaml", 100, 300, (3, 5, 0), 20, 12, 304, set()),
    ("cataphract-ctf-5d.yaml", 70, 280, (4, 6, 6), 14, 11, 192, {"W-CASE-UNUSED"}),
    ("tarantula-zph-1a.yaml", 25, 200, (8, 12, 8), 10, 8, 72, set()),
    ("timber-wolf-prime.yaml", 75, 375, (5, 8, 0), 17, 15, 230, set()),
]


@pytest.mark.parametrize(("name", "mass", "rating", "moves", "sinks", "inside", "armor",
                          "warnings"), PUBLISHED, ids=[p[0] for p in PUBLISHED])
def test_published_designs_are_legal_with_the_files_numbers(
        name: str, mass: int, rating: int, moves: tuple[int, int, int], sinks: int,
        inside: int, armor: int, warnings: set[str]) -> None:
    mech = resolve(load_design(DATA / name))
    findings = validate(mech)
    assert is_legal(findings), [str(f) for f in findings]
    assert {f.code for f in findings} == warnings
    assert mech.total_tons == mass  # every weight exact (STANDARD_RULES.md §13)
    assert mech.engine_rating == rating
    assert (mech.walking_mp, mech.running_mp, mech.jumping_mp) == moves
    assert (mech.heat_sinks, mech.integral_heat_sinks, mech.armor_points) == (sinks, inside,
                                                                              armor)
    assert not mech.unplaced


def test_component_weights_follow_the_tables() -> None:
    weights = {line.label: line.tons for line in
               resolve(load_design(DATA / "timber-wolf-prime.yaml")).weights}
    # §2.2 endo steel 75 t: 4; §3.3 XL 375: 19.5; §4 gyro 4; §6.4 230 Clan ferro points: 12
    assert (weights["Internal structure"], weights["Engine"], weights["Gyro"],
            weights["Armor"], weights["Heat sinks"]) == (4, Fraction(39, 2), 4, 12, 7)
    cataphract = {line.label: line.tons for line in
                  resolve(load_design(DATA / "cataphract-ctf-5d.yaml")).weights}
    # light 280: 12 t; small cockpit 2 t; 6 improved jets at 70 t: 2 t each
    assert (cataphract["Engine"], cataphract["Cockpit"], cataphract["Jump jets"]) == (12, 2, 12)


def test_fixed_slots_follow_the_engine_gyro_and_cockpit_layouts() -> None:
    mech = resolve(load_design(DATA / "cataphract-ctf-5d.yaml"))
    names = {loc: [s.name for s in slots] for loc, slots in mech.critical_slots.items()}
    assert names[Location.HEAD][:4] == ["Life Support", "Sensors", "Cockpit", "Sensors"]
    assert names[Location.LEFT_TORSO][:2] == ["Fusion Engine"] * 2  # light: 2 a side
    assert [n for n in names[Location.CENTER_TORSO][:10]] == (
        ["Fusion Engine"] * 3 + ["Gyro"] * 4 + ["Fusion Engine"] * 3)
    # §6.2: stealth fills exactly two slots of each arm, leg and side torso
    for location in (Location.LEFT_ARM, Location.RIGHT_ARM, Location.LEFT_TORSO,
                     Location.RIGHT_TORSO, Location.LEFT_LEG, Location.RIGHT_LEG):
        assert names[location].count("Stealth") == 2, location


def test_a_quad_has_four_legs_with_leg_actuators_and_leg_structure() -> None:
    mech = resolve(load_design(DATA / "tarantula-zph-1a.yaml"))
    assert mech.locations == (Location.HEAD, Location.CENTER_TORSO, Location.LEFT_TORSO,
                              Location.RIGHT_TORSO, Location.FRONT_LEFT_LEG,
                              Location.FRONT_RIGHT_LEG, Location.REAR_LEFT_LEG,
                              Location.REAR_RIGHT_LEG)
    for leg in mech.locations[4:]:
        assert [s.name for s in mech.critical_slots[leg][:4]] == [
            "Hip", "Upper Leg Actuator", "Lower Leg Actuator", "Foot Actuator"]
        assert mech.structure is not None and mech.structure[leg] == 6  # 25 t leg column
    assert mech.max_armor == 97  # §6.4's quad table at 25 t
    assert set(mech.hit_locations.values()) == set(mech.locations)  # every location hit
    assert mech.hit_locations[10] is Location.FRONT_LEFT_LEG
    assert [s.name for s in mech.critical_slots[Location.LEFT_TORSO][:3]] == [
        "Fusion Engine"] * 3  # IS XL: 3 a side


def test_omni_pods_and_engine_sinks_and_clan_case() -> None:
    mech = resolve(load_design(DATA / "timber-wolf-prime.yaml"))
    assert all(m.pod for m in mech.mounts if m.path.startswith("equipment"))
    assert not any(m.pod for m in mech.mounts if m.path in ("structure", "armor"))
    assert mech.integral_heat_sinks == 15  # §11.3: min(⌊375 ÷ 25⌋, 15)
    # §9.1: Clan CASE where the ammunition is
    assert mech.builtin_case == (Location.LEFT_TORSO, Location.RIGHT_TORSO)
    assert mech.omni and mech.tech_base == "clan" and mech.engine_type == "xl"


def test_introductory_designs_stay_legal_under_standard() -> None:
    from mechlab.files.library import library
    from mechlab.rulesets import get_ruleset

    standard = get_ruleset("standard")
    for unit in library():
        if unit.ruleset != "intro":
            continue
        design = unit.design if unit.design is not None else load_design(unit.path)
        mech, as_intro = resolve(design, standard), resolve(design)
        findings = [f for f in validate(mech) if f.severity is Severity.ERROR]
        intro = {f.code for f in validate(as_intro)}
        # the same verdict, with intro's under-weight error now a warning (§13.3)
        assert {f.code for f in findings} <= intro, (unit.path.name, [str(f) for f in findings])
        assert mech.total_tons == as_intro.total_tons


def _set(path: str, value: Any) -> Change:
    def change(d: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target = d
        for part in parents:
            target = target.setdefault(part, {})
        target[last] = value
    return change


def _add(**entry: Any) -> Change:
    return lambda d: d["equipment"].append(entry)


def _edit(index: int, **fields: Any) -> Change:
    return lambda d: d["equipment"][index].update(fields)


def _drop(item: str) -> Change:
    return lambda d: d.update(equipment=[e for e in d["equipment"] if e["item"] != item])


# (test id, base design, changes, the exact finding that must be reported)
CATAPHRACT, WOLF, TARANTULA, ATLAS = (
    "cataphract-ctf-5d.yaml", "timber-wolf-prime.yaml", "tarantula-zph-1a.yaml",
    "atlas-as7-k.yaml")
# IndustrialMechs (tests/test_industrial.py has their numbers).
LIFTER, JABBERWOCKY = "heavy-lifter-hcl-1.yaml", "jabberwocky-jaw-65a.yaml"
BREAKING: list[tuple[str, str, list[Change], str]] = [
    ("Clan item on an IS chassis", ATLAS, [_edit(1, item="Clan ER Large Laser")],
     "E-TECHBASE equipment[1]: ER Large Laser is Clan only; this unit is Inner Sphere"),
    ("light engine on a Clan unit", WOLF, [_set("engine", "light")],
     "E-TECHBASE engine.type: Light engine is Inner Sphere only; this unit is Clan"),
    ("a Clan-only engine named on a Mixed IS 'Mech", ATLAS,
     [_set("tech_base", "mixed_is"), _set("engine", {"type": "light", "tech": "clan"})],
     "E-TECHBASE engine.type: Light engine is Inner Sphere only; this unit is Clan"),
    ("IndustrialMech cockpit", ATLAS, [_set("cockpit", "industrial")],
     "E-INDUSTRIAL-ONLY cockpit: industrial cockpit is for IndustrialMechs only"),
    ("a dumper on a BattleMech", ATLAS,
     [_add(item="Cargo", location="left_torso", size=1),
      _add(item="Dumper (Front)", location="left_torso")],
     "E-INDUSTRIAL-ONLY equipment[16]: Dumper (Front) is for IndustrialMechs only"),
    ("an XL engine on an IndustrialMech", LIFTER, [_set("engine", "xl")],
     "E-INDUSTRIAL-COMPONENT engine.type: an IndustrialMech cannot use this engine: XL"),
    ("standard structure on an IndustrialMech", JABBERWOCKY, [_set("structure", "standard")],
     "E-INDUSTRIAL-COMPONENT structure.type: an IndustrialMech cannot use this structure: "
     "Standard"),
    ("double heat sinks on an IndustrialMech", LIFTER,
     [_set("heat_sinks", {"count": 10, "type": "double"}), _drop("Heat Sink")],
     "E-INDUSTRIAL-COMPONENT heat_sinks.type: an IndustrialMech cannot use this heat sinks: "
     "Double"),
    ("MASC on an IndustrialMech", JABBERWOCKY,
     [_add(item="MASC", location="center_torso")],
     "E-INDUSTRIAL-ITEM equipment[7]: an IndustrialMech cannot mount MASC"),
    ("a targeting computer without advanced fire control", LIFTER,
     [_add(item="Targeting Computer", location="center_torso")],
     "E-INDUSTRIAL-FIRE-CONTROL equipment[10]: Targeting Computer needs advanced fire "
     "control; the industrial cockpit has none"),
    ("jump jets on a fuel-cell engine", JABBERWOCKY, [_set("jumping_mp", 2)],
     "E-JUMP-ENGINE jumping_mp: Jumping MP 2, but a Fuel Cell engine cannot power jump jets"),
    ("endo steel slots short", WOLF,
     [_set("structure", {"type": "endo_steel", "slots": {"left_leg": 2, "right_leg": 2}})],
     "E-STRUCTURE-SLOTS structure.slots: endo steel structure takes 7 slots; the design "
     "gives 4"),
    ("slots for a structure without any", ATLAS,
     [_set("structure", {"type": "reinforced", "slots": {"left_torso": 1}})],
     "E-STRUCTURE-SLOTS structure.slots: reinforced structure takes 0 slots; the design "
     "gives 1"),
    ("ferro-fibrous slots too many", WOLF,
     [lambda d: d["armor"].update(slots={"left_arm": 1, "right_arm": 1, "left_torso": 2,
                                         "right_torso": 2, "head": 2})],
     "E-ARMOR-SLOTS armor.slots: ferro-fibrous armor takes 7 slots; the design gives 8"),
    ("TSM with five slots", ATLAS, [_set("myomer", {"type": "tsm", "slots": {"left_leg": 2,
                                                                            "right_leg": 2,
                                                                            "left_torso": 1}})],
     "E-TSM-SLOTS myomer.slots: triple-strength myomer takes 6 slots; the design gives 5"),
    ("stealth slots moved", CATAPHRACT,
     [lambda d: d["armor"].update(slots={"left_arm": 1, "right_arm": 2, "left_torso": 2,
                                         "right_torso": 2, "left_leg": 3, "right_leg": 2})],
     "E-STEALTH-SLOTS armor.slots.left_arm: the left arm holds 1 stealth slot, needs 2"),
    ("no room for a spread slot", CATAPHRACT, [lambda d: d.pop("actuators")],
     "E-SLOTS-FULL armor: 1 of the 12 stealth slots placed automatically have no free slot"),
    ("stealth without ECM", CATAPHRACT, [_drop("Guardian ECM Suite")],
     "E-STEALTH-ECM armor.type: stealth armor without an ECM suite"),
    ("single sink on a double-sink 'Mech", CATAPHRACT, [_edit(2, item="Heat Sink")],
     "E-HEATSINK-TYPE equipment[2]: standard heat sink on a 'Mech of Inner Sphere double "
     "heat sinks"),
    ("base-chassis sinks beyond the total", WOLF, [_set("base_chassis_heat_sinks", 18)],
     "E-OMNI-HEATSINKS base_chassis_heat_sinks: the base chassis carries 18 heat sinks, "
     "the 'Mech 17"),
    ("base-chassis sinks on a standard 'Mech", ATLAS, [_set("base_chassis_heat_sinks", 12)],
     "E-OMNI-HEATSINKS base_chassis_heat_sinks: base-chassis heat sinks on a 'Mech that is "
     "no OmniMech"),
    ("improved jets beyond running", CATAPHRACT,
     [_add(item="Improved Jump Jet", location="left_leg"), _set("jumping_mp", 7)],
     "E-JUMP-GT-RUN jumping_mp: Jumping MP 7 > Running MP 6"),
    ("standard and improved jets", CATAPHRACT,
     [_add(item="Jump Jet", location="left_leg"), _set("jumping_mp", 7)],
     "E-JUMP-MIXED equipment[5]: standard and improved jump jets together"),
    ("two MASC", ATLAS, [_add(item="MASC", location="left_leg"),
                         _add(item="MASC", location="right_leg")],
     "E-MASC-COUNT equipment[16]: 2 MASCs; a 'Mech mounts at most one"),
    ("two superchargers", ATLAS, [_add(item="Supercharger", location="left_torso"),
                                  _add(item="Supercharger", location="right_torso")],
     "E-SUPERCHARGER-COUNT equipment[16]: 2 superchargers; a 'Mech mounts at most one"),
    ("two targeting computers", ATLAS,
     [_add(item="Targeting Computer", location="left_leg"),
      _add(item="Targeting Computer", location="right_leg")],
     "E-TC-COUNT equipment[16]: 2 targeting computers; a 'Mech mounts at most one"),
    ("MASC of the wrong size", ATLAS, [_add(item="MASC", location="left_leg", slots=2),
                                       _drop("Heat Sink")],
     "E-MASC-SIZE equipment[11]: MASC fills 2 slots; on this 'Mech it takes 5"),
    ("targeting computer of the wrong size", CATAPHRACT,
     [_add(item="Targeting Computer", location="left_leg", slots=1)],
     # §9.3: 13 t of direct-fire weapons (LAC/5, two ER medium lasers, plasma rifle) → 4
     "E-TC-SIZE equipment[12]: Targeting Computer fills 1 slot; on this 'Mech it takes 4"),
    ("targeting computer in two parts", CATAPHRACT,
     [_add(item="Targeting Computer", location="left_leg", slots=2),
      _add(item="Targeting Computer", location="right_leg", slots=2)],
     "E-TC-LOCATION equipment[13]: the targeting computer is split over left_leg, right_leg"),
    ("MASC with TSM", ATLAS, [_set("myomer", "tsm"), _add(item="MASC", location="left_leg")],
     "E-MYOMER-CONFLICT equipment[15]: MASC with triple-strength myomer"),
    ("supercharger away from the engine", ATLAS,
     [_add(item="Supercharger", location="left_leg")],
     "E-SUPERCHARGER-LOCATION equipment[15]: supercharger in the left leg, which holds no "
     "engine slot"),
    ("pods on a standard 'Mech", ATLAS, [_edit(1, pod=True)],
     "E-OMNI-POD-NONOMNI equipment[1]: ER Large Laser is pod-mounted on a 'Mech that is no "
     "OmniMech"),
    ("podded MASC", WOLF, [_add(item="MASC", location="left_leg", pod=True)],
     "E-OMNI-POD-FIXED equipment[14]: MASC is base-chassis equipment; it cannot be "
     "pod-mounted"),
    ("Omni arm with a PPC and a lower arm", WOLF, [_edit(1, item="ER PPC")],
     "E-OMNI-ARM equipment[1]: ER PPC in the left arm of an OmniMech that keeps its lower "
     "arm actuator"),
    ("CASE in an arm", ATLAS, [_add(item="CASE", location="left_arm")],
     "E-CASE-LOCATION equipment[15]: CASE in the left arm; CASE must be in a torso"),
    ("Artemis without its launcher", ATLAS,
     [_add(item="Artemis IV FCS", location="right_torso")],
     "E-ARTEMIS-LINK equipment[15]: the left torso holds 0 Artemis for 1 compatible "
     "launchers"),
    ("Artemis IV and V", WOLF,
     [_add(item="Artemis IV FCS", location="left_torso", pod=True),
      _add(item="Artemis V FCS", location="right_torso", pod=True)],
     "E-ARTEMIS-MIXED equipment[15]: Artemis IV and Artemis V together"),
    ("sword in a torso", ATLAS, [_add(item="Sword", location="center_torso")],
     "E-PHYSICAL-LOCATION equipment[15]: Sword in the center torso; it goes in an arm"),
    ("claws with a hand", ATLAS, [_add(item="Claw", location="left_arm")],
     "E-PHYSICAL-ACTUATOR equipment[15]: Claw in the left arm needs no hand actuator (it "
     "replaces the hand)"),
    ("sword beside a hatchet", ATLAS, [_add(item="Hatchet", location="left_arm"),
                                       _add(item="Sword", location="left_arm")],
     "E-PHYSICAL-COUNT equipment[16]: 2 physical weapons in the left arm; at most one"),
    ("hatchet on a quad", TARANTULA, [_add(item="Hatchet", location="left_torso")],
     "E-QUAD-ARM-ITEM equipment[10]: Hatchet needs an arm; a quad has none"),
    ("a chainsaw in a torso", ATLAS, [_add(item="Chainsaw", location="center_torso")],
     "E-ITEM-LOCATION equipment[15]: Chainsaw in the center torso; it goes in an arm"),
    ("a quad's rock cutter in a leg", TARANTULA,
     [_add(item="Rock Cutter", location="front_left_leg")],
     "E-ITEM-LOCATION equipment[10]: Rock Cutter in the front left leg; it goes in a side "
     "torso"),
    ("a wrecking ball on a quad", TARANTULA, [_add(item="Wrecking Ball", location="left_torso")],
     "E-QUAD-ARM-ITEM equipment[10]: Wrecking Ball needs an arm; a quad has none"),
    ("A-pods in a torso", ATLAS,
     [_add(item="Anti-Personnel Pods (A-Pods)", location="left_torso")],
     "E-ITEM-LOCATION equipment[15]: Anti-Personnel Pods (A-Pods) in the left torso; it "
     "goes in a leg"),
]
WARNINGS: list[tuple[str, str, list[Change], str]] = [
    ("under-weight", ATLAS, [_drop("Anti-Missile System"), _drop("ISAMS Ammo")],
     "W-TONNAGE-UNDER tonnage: components weigh 98.5 t < 100 t (1.5 t unused)"),
    ("two CASE in one torso", ATLAS, [_drop("Anti-Missile System"), _drop("ISAMS Ammo"),
                                      _add(item="CASE II", location="left_torso")],
     "W-CASE-DUPLICATE equipment[13]: 2 CASE items in the left torso; one protects it"),
    ("CASE where nothing explodes", CATAPHRACT, [],
     "W-CASE-UNUSED equipment[9]: CASE in the right torso, which holds nothing explosive"),
    # STANDARD_RULES.md §9.3, TechManual p. 238: ⌈0 ÷ 4⌉ = 0 t for no direct-fire weapon
    # (LRMs and the AMS are not direct-fire); issue 31: accepted without a word.
    ("a targeting computer with nothing to aim", ATLAS,
     [_drop("ER Large Laser"), _drop("Gauss Rifle"), _drop("Gauss Ammo"),
      _drop("Medium Pulse Laser"), _add(item="Targeting Computer", location="left_leg")],
     "W-TC-NO-DIRECT-FIRE equipment[10]: Targeting Computer with no direct-fire weapon: it "
     "weighs 0 t and aids nothing"),
    ("an item from the future", ATLAS, [_set("era", 2580)],
     "W-INTRO-YEAR equipment[1]: ER Large Laser appears in 2605, after the design's era "
     "2580"),
]


@pytest.mark.parametrize(("base", "changes", "expected"),
                         [(b, c, e) for _, b, c, e in BREAKING],
                         ids=[name for name, *_ in BREAKING])
def test_breaking_design_reports_code_path_and_numbers(base: str, changes: list[Change],
                                                       expected: str) -> None:
    findings = mutate(copy.deepcopy(_design(base)), changes)
    assert expected in [str(f) for f in findings]
    finding = next(f for f in findings if str(f) == expected)
    assert finding.severity is Severity.ERROR
    # one mistake, one finding: no other code reports the same entry's placement
    same = [f for f in findings if f.path == finding.path and f.code != finding.code
            and f.code.endswith(("-LOCATION", "-ARM-ITEM"))]
    assert same == [], [str(f) for f in same]
    assert None not in (finding.expected, finding.actual, finding.hint), str(finding)


@pytest.mark.parametrize(("base", "changes", "expected"),
                         [(b, c, e) for _, b, c, e in WARNINGS],
                         ids=[name for name, *_ in WARNINGS])
def test_odd_but_legal_design_gets_a_warning(base: str, changes: list[Change],
                                             expected: str) -> None:
    findings = mutate(copy.deepcopy(_design(base)), changes)
    assert expected in [str(f) for f in findings]
    assert is_legal(findings)


@pytest.mark.parametrize(("change", "line"), [
    (_set("engine", "xxl"),
     "R-COMPONENT engine.type: needs the Advanced rules (level 3): XXL engine"),
    (_set("cockpit", "command_console"),
     "R-COMPONENT cockpit: needs the Advanced rules (level 3): Command Console cockpit"),
    (_set("walking_mp", 5),
     "R-COMPONENT walking_mp: needs the Experimental rules (level 4): a large engine "
     "(rating 500 > 400)"),
    (_add(item="Medium Re-engineered Laser", location="left_arm"),
     "R-ITEM equipment[15].item: needs the Advanced rules (level 3): Medium Re-engineered "
     "Laser"),
])
def test_level_three_technology_is_refused_in_one_line(change: Change, line: str) -> None:
    design = _design(ATLAS)
    change(design)
    with pytest.raises(RefusedDesignError) as caught:
        design_from_dict(design)
    assert len(caught.value.problems) == 1
    assert caught.value.problems[0].startswith(line)
    assert caught.value.item == line.split(": ")[-1]  # what `mechlab check` tallies


def test_refusals_are_rules_too() -> None:
    from mechlab.rulesets import get_ruleset

    design = design_from_dict(_design(ATLAS))
    mech = resolve(design.replace(gyro="superheavy"), get_ruleset("standard"))
    assert "R-COMPONENT gyro: needs the Advanced rules (level 3): Superheavy gyro" in [
        str(f) for f in validate(mech)]


def test_a_type_word_off_the_table_is_bad_input() -> None:
    design = _design(ATLAS)
    design["engine"] = "warp"
    with pytest.raises(DesignError, match=r"engine\.type: unknown engine type 'warp'; choose "
                                          "from standard, xl, light, compact"):
        design_from_dict(design)


def test_standard_choices_are_bad_input_under_intro() -> None:
    design = _design(ATLAS)
    design["ruleset"] = "intro"
    with pytest.raises(DesignError, match="engine: xl is not in the intro rules; use "
                                          "ruleset: standard"):
        design_from_dict(design)


def test_library_units_are_not_changed_by_the_standard_fields() -> None:
    # Every library design reads with the intro defaults of the new fields.
    for path in sorted(UNITS.glob("*.yaml"))[:40]:
        design = load_design(path)
        assert (design.engine.type, design.config, design.tech_base) == (
            "standard", "biped", "inner_sphere")


def test_equipment_that_fires_may_face_rear_and_a_mixed_mech_mounts_either_version() -> None:
    atlas = _design(ATLAS)
    atlas["equipment"][2].update(location="right_torso", rear=True)  # a rear AMS (MAD-6S)
    assert is_legal(validate(resolve(design_from_dict(atlas))))
    wolf = _design(WOLF)
    wolf.update(tech_base="mixed_clan", myomer="tsm")  # Kontio: IS TSM on a Clan chassis
    findings = validate(resolve(design_from_dict(wolf)))
    assert "E-TECHBASE" not in {f.code for f in findings}


def test_variable_size_items_take_their_declared_tons() -> None:
    atlas = _design(ATLAS)
    atlas["equipment"] = [e for e in atlas["equipment"] if e["item"] != "Gauss Ammo"]
    atlas["equipment"].append({"item": "Cargo", "location": "right_arm", "size": 2})
    mech = resolve(design_from_dict(atlas))
    cargo = next(m for m in mech.mounts if m.name == "Cargo")
    assert (cargo.tons, cargo.slot_count, mech.total_tons) == (2, 2, 100)
    del atlas["equipment"][-1]["size"]
    with pytest.raises(DesignError, match=r"equipment\[14\]\.size: Cargo comes in sizes"):
        design_from_dict(atlas)


def test_a_size_on_an_item_that_has_none_is_bad_input() -> None:
    """Issue 31: `size: 7` on CASE was accepted and ignored (tech/EQUIPMENT.md: only
    cargo, liquid storage and their kin take a size)."""
    atlas = _design(ATLAS)
    atlas["equipment"].append({"item": "CASE", "location": "left_torso", "size": 7})
    last = len(atlas["equipment"]) - 1
    with pytest.raises(DesignError, match=rf"equipment\[{last}\]\.size: CASE has no size"):
        design_from_dict(atlas)


def test_a_coolant_pod_is_ammunition_no_weapon_fires() -> None:
    atlas = _design(ATLAS)
    atlas["equipment"][5]["count"] = 1
    atlas["equipment"].append({"item": "Coolant Pod", "location": "right_arm"})
    assert validate(resolve(design_from_dict(atlas))) == []


def test_double_heat_sinks_dissipate_two() -> None:
    mech = resolve(load_design(DATA / "timber-wolf-prime.yaml"))
    assert (mech.heat_sinks, mech.heat_dissipation, mech.heat_sink_type) == (17, 34, "double")


def test_what_the_sheet_cannot_show_yet_is_one_line_and_json_carries_it(tmp_path: Path
                                                                         ) -> None:
    from click.testing import CliRunner

    from mechlab.cli import main

    runner = CliRunner()
    quad = runner.invoke(main, ["build", str(DATA / "tarantula-zph-1a.yaml"), "-f", "pdf",
                                "--style", "battledroids", "-o", str(tmp_path)])
    assert quad.exit_code == 2 and "cannot print a quad 'Mech" in quad.output
    assert list(tmp_path.iterdir()) == []
    for name in ("atlas-as7-k", "tarantula-zph-1a"):  # engine JSON v3: XL engines, quads
        json = runner.invoke(main, ["build", str(DATA / f"{name}.yaml"), "-f", "json",
                                    "-o", str(tmp_path)])
        assert json.exit_code == 0, json.output
        assert (tmp_path / f"{name}.json").stat().st_size > 1000
    pdf = runner.invoke(main, ["build", str(DATA / "atlas-as7-k.yaml"), "-f", "pdf",
                               "-o", str(tmp_path)])
    assert pdf.exit_code == 0, pdf.output
    assert (tmp_path / "atlas-as7-k.pdf").stat().st_size > 1000


def test_a_standard_design_judged_under_intro_names_what_intro_lacks() -> None:
    from mechlab.rulesets import get_ruleset

    mech = resolve(load_design(DATA / "atlas-as7-k.yaml"), get_ruleset("intro"))
    lines = [str(f) for f in validate(mech)]
    # Issue 26: one finding naming each part intro lacks, with its level, not a pile.
    assert len(lines) == 1 and lines[0].startswith("E-RULES-LEVEL ruleset: the intro ruleset "
                                                   "admits Introductory technology (level 1)")
    assert "XL engine (Standard)" in lines[0] and "Gauss Rifle (Standard)" in lines[0]


# Single-fact mutations of the published designs (issue 20 "Done"): each is caught, and by
# the code of the fact it breaks.
MUTATIONS: list[tuple[str, str, Change, str]] = [
    ("engine type", ATLAS, _set("engine", "standard"), "E-TONNAGE-OVER"),
    ("structure type", WOLF, _set("structure", "standard"), "E-TONNAGE-OVER"),
    ("armor type", WOLF, _set("armor.type", "standard"), "E-TONNAGE-OVER"),
    ("sink count", ATLAS, _set("heat_sinks", 21), "E-TONNAGE-OVER"),
    ("sink type", ATLAS, _set("heat_sinks", {"count": 20, "type": "double"}), "E-HEATSINK-TYPE"),
    ("a CASE dropped", ATLAS, _drop("CASE"), "W-TONNAGE-UNDER"),
    ("a Clan item on an IS chassis", TARANTULA, _edit(6, item="CLERMediumLaser"), "E-TECHBASE"),
    ("a jet more", TARANTULA, _add(item="Jump Jet", location="left_torso"), "E-JUMP-JETS"),
    ("cockpit type", CATAPHRACT, _set("cockpit", "standard"), "E-TONNAGE-OVER"),
    ("gyro type", CATAPHRACT, _set("gyro", "xl"), "W-TONNAGE-UNDER"),
    ("the ECM dropped", CATAPHRACT, _drop("Guardian ECM Suite"), "E-STEALTH-ECM"),
    ("a pod made fixed on a non-Omni", ATLAS, _edit(0, pod=True), "E-OMNI-POD-NONOMNI"),
    ("the Omni flag dropped", WOLF, _set("omni", False), "E-OMNI-POD-NONOMNI"),
    ("tech base", WOLF, _set("tech_base", "inner_sphere"), "E-TECHBASE"),
]


@pytest.mark.parametrize(("base", "change", "code"), [(b, c, k) for _, b, c, k in MUTATIONS],
                         ids=[name for name, *_ in MUTATIONS])
def test_every_single_fact_mutation_is_caught_by_its_code(base: str, change: Change,
                                                          code: str) -> None:
    assert code in {f.code for f in mutate(copy.deepcopy(_design(base)), [change])}


def test_a_version_named_on_a_non_mixed_mech_is_its_own_base_and_a_finding() -> None:
    # STANDARD_RULES.md §1.3: `375 XL (Clan) Engine(IS)` on a Clan unit is a Clan XL; the
    # markers choose only on a Mixed 'Mech (the .mtf reader writes no `tech:` then). A
    # design file that names the other version is told so (issue 26), never silently
    # built as something else than it says.
    wolf = _design(WOLF)
    wolf["engine"] = {"type": "xl", "tech": "is"}
    mech = resolve(design_from_dict(wolf))
    assert [f"{f.code} {f.path}" for f in validate(mech) if not is_legal([f])] == [
        "E-TECHBASE engine.tech"]
    names = [s.name for s in mech.critical_slots[Location.LEFT_TORSO][:3]]
    assert names[:2] == ["Fusion Engine"] * 2 and names[2] != "Fusion Engine"  # Clan XL: 2


def test_the_sheet_names_the_heat_sink_type_double_sinks_as_double() -> None:
    # STANDARD_RULES.md §7: the Timber Wolf Prime carries 17 double sinks (34 dissipation);
    # the Atlas AS7-K single ones. The heat block prints the type beside the count.
    from mechlab.assess import assess
    from mechlab.render.geometry import Text
    from mechlab.sheet.styles import layout_sheet

    def heat_line(name: str) -> list[str]:
        sheet = layout_sheet(assess(resolve(load_design(DATA / name))))
        return [item.text for item in sheet.page.items if isinstance(item, Text)
                and item.text in ("Single", "Double")]

    assert heat_line("timber-wolf-prime.yaml") == ["Double"]
    assert heat_line("atlas-as7-k.yaml") == ["Single"]


def test_a_dumper_is_sized_by_the_cargo_it_serves():
    """EQUIPMENT.md: a dumper weighs ⌈cargo tons × 0.05⌉ to the half ton (`cargo_tons`, the
    cargo's tons on the 'Mech); without cargo it weighs nothing, never a traceback."""
    data = _design(ATLAS)
    data["equipment"] += [{"item": "Dumper (Front)", "location": "left_torso"}]
    alone = resolve(design_from_dict(data, "atlas.yaml"))
    data["equipment"] += [{"item": "Cargo", "size": 12, "location": "left_torso"}]
    served = resolve(design_from_dict(data, "atlas.yaml"))
    tons = [next(m.tons for m in mech.mounts if m.name == "Dumper (Front)")
            for mech in (alone, served)]
    assert tons == [Fraction(0), Fraction(1)]  # 12 t × 0.05 = 0.6, up to the half ton
