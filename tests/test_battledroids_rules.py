"""Every rule of the `battledroids` ruleset (RULES.md §2) has a Merlin that breaks it,
and the finding names the code, the YAML path and the numbers; plus §2's legal edge cases."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from tests_support import REPO, mutate

from mechlab.core.errors import DesignError
from mechlab.core.locations import Location
from mechlab.files.load import design_from_dict
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset
from mechlab.validate import Severity, is_legal, validate

Change = Callable[[dict[str, Any]], None]
MERLIN = yaml.safe_load((REPO / "units" / "battledroids" / "heavy-merlin.yaml").read_text())


@pytest.fixture
def merlin() -> dict[str, Any]:
    return copy.deepcopy(MERLIN)


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


def _drop(item: str) -> Change:
    def change(d: dict[str, Any]) -> None:
        d["equipment"] = [e for e in d["equipment"] if e["item"] != item]
    return change


# (test id, changes to the Merlin, the exact finding that must be reported)
BREAKING: list[tuple[str, list[Change], str]] = [
    ("tonnage under five", [_set("tonnage", 3)],
     "E-TONNAGE-RANGE tonnage: 3 t is not a legal tonnage (5–100 t in steps of 5)"),
    ("overweight", [_add(item="Med. Laser", location="Ct. Torso")],
     "E-TONNAGE-OVER tonnage: components weigh 61 t > 60 t (1 t over)"),
    ("armor tons not in half tons", [_set("armor.tons", 12.25)],
     "E-WEIGHT-STEP armor.tons: 12.25 t of armor is not a multiple of 0.5 t"),
    ("walking MP zero", [_set("walking_mp", 0), _set("jumping_mp", 0)],
     "E-WALK-MIN walking_mp: Walking MP 0 < 1"),
    ("engine rating over 400", [_set("walking_mp", 7)],
     "E-ENGINE-RATING walking_mp: engine rating 420 (60 t × 7) is off the Fusion Engine "
     "Table (10–400)"),
    ("stated engine rating not tonnage × walk (RFL-3N)", [_set("engine_rating", 260)],
     "E-ENGINE-MISMATCH engine_rating: engine rating 260 ≠ 60 t × 4 Walking MP = 240"),
    ("more jets listed than jumping MP", [_add(item="Jump Jet", location="Lt. Leg", count=5)],
     "E-JUMP-JETS jumping_mp: 5 jump jets listed but Jumping MP is 4"),
    ("fewer than the ten free sinks", [_set("heat_sinks", 9)],
     "E-HEATSINK-MIN heat_sinks: 9 heat sinks < 10"),
    ("more sinks placed than counted", [_set("heat_sinks", 17)],
     "E-HEATSINK-PLACED heat_sinks: 18 heat sinks placed in slots but the total is 17"),
    ("torso front over twice its structure",
     [_set("armor.left_torso", {"front": 29, "rear": 0})],
     "E-ARMOR-CAP armor.left_torso.front: 29 armor > 28 (2 × 14 structure)"),
    ("torso rear over twice its structure",
     [_set("armor.right_torso", {"front": 0, "rear": 29})],
     "E-ARMOR-CAP armor.right_torso.rear: 29 armor > 28 (2 × 14 structure)"),
    ("arm over twice its structure", [_set("armor.left_arm", 21)],
     "E-ARMOR-CAP armor.left_arm: 21 armor > 20 (2 × 10 structure)"),
    ("head armor over nine", [_set("armor.head", 10)],
     "E-ARMOR-HEAD armor.head: 10 armor > 9 (the head's maximum)"),
    ("armor tons too few for the points", [_set("armor.tons", 11)],
     "E-ARMOR-TONS armor.tons: 192 armor points need 12 t, 11 t holds 176"),
    ("no free slot left", [_add(item="Small Laser", location="Head")],
     "E-SLOTS-FULL equipment[17]: Small Laser needs 1 slot in the head, 0 free"),
    ("explicit slot taken", [_add(item="Small Laser", location="Lt. Arm", slot=1)],
     "E-SLOT-TAKEN equipment[17]: Small Laser: slot 1 of the left arm is taken"),
    ("rear-mounted arm weapon", [lambda d: d["equipment"][3].update(rear=True)],
     "E-REAR-ARM equipment[3]: Medium Laser is rear-mounted in the left arm; arms cannot "
     "mount weapons facing rear"),
    ("rear-mounted ammunition", [lambda d: d["equipment"][6].update(rear=True)],
     "E-REAR-ITEM equipment[6]: Ammo (LRM 5) cannot be rear-mounted: it is no weapon"),
    ("split weapon: the 1984 table has no AC/20",
     [lambda d: d["equipment"][0].update(split={"location": "Ct. Torso", "slots": 1})],
     "E-SPLIT equipment[0].split: PPC cannot be split; no weapon of the battledroids "
     "ruleset splits"),
    ("hand actuator removed", [_set("actuators.left_arm", {"hand": False})],
     "E-ACTUATOR-REMOVED actuators.left_arm: hand actuator removed from the left arm; the "
     "battledroids ruleset keeps all four arm actuators"),
    ("lower arm and hand removed",
     [_set("actuators.right_arm", {"lower_arm": False, "hand": False})],
     "E-ACTUATOR-REMOVED actuators.right_arm: lower arm and hand actuator removed from the "
     "right arm; the battledroids ruleset keeps all four arm actuators"),
    ("launcher without ammunition", [_drop("Ammo (LRM 5)")],
     "E-AMMO-MISSING equipment[1]: 1 × LRM 5 but no Ammo (LRM 5); each class needs at "
     "least one lot"),
]

WARNINGS: list[tuple[str, list[Change], str]] = [
    ("under-weight is allowed", [_drop("Flamer")],
     "W-TONNAGE-UNDER tonnage: components weigh 59 t < 60 t (1 t unused)"),
    ("jumping further than walking", [_set("jumping_mp", 5)],
     "W-JUMP-GT-WALK jumping_mp: Jumping MP 5 > Walking MP 4"),
    ("armor bought but not assigned", [_set("armor.tons", 12.5)],
     "W-ARMOR-UNASSIGNED armor: 12.5 t of armor buys 200 points, 192 assigned: 8 could "
     "still be placed"),
    ("armor beyond the 1984 maximum", [_set("armor.tons", 20)],
     "W-ARMOR-DEAD armor.tons: 20 t of armor, but the 297 points a 60 t 'Mech can carry need "
     "19 t: 1 t is dead weight"),
    ("ammunition no weapon fires", [_add(item="Ammo (SRM 2)", location="Lt. Torso")],
     "W-AMMO-UNUSED equipment[17]: Ammo (SRM 2) but no SRM 2 to fire it"),
    ("few shots per launcher",
     [_add(item="AutoCannon", location="Lt. Torso", count=4),
      _add(item="Ammo (Auto Cannon)", location="Lt. Torso")],
     "W-AMMO-LOW equipment[18]: 20 shots for 4 × Auto Cannon: fewer than 6 per launcher"),
]


@pytest.mark.parametrize(("changes", "expected"), [(c, e) for _, c, e in BREAKING],
                         ids=[name for name, _, _ in BREAKING])
def test_breaking_merlin_reports_code_path_and_numbers(merlin, changes, expected):
    findings = mutate(merlin, changes)
    assert expected in [str(f) for f in findings]
    assert next(f for f in findings if str(f) == expected).severity is Severity.ERROR


@pytest.mark.parametrize(("changes", "expected"), [(c, e) for _, c, e in WARNINGS],
                         ids=[name for name, _, _ in WARNINGS])
def test_odd_but_legal_merlin_gets_a_warning(merlin, changes, expected):
    findings = mutate(merlin, changes)
    assert expected in [str(f) for f in findings]
    assert next(f for f in findings if str(f) == expected).severity is Severity.WARNING


def test_an_intro_item_is_unavailable_when_judged_under_battledroids(catapult):
    catapult["equipment"].append({"item": "AC/20", "location": "right_torso"})
    mech = resolve(design_from_dict(catapult), get_ruleset("battledroids"))
    finding = next(f for f in validate(mech) if f.code == "E-ITEM-UNAVAILABLE")
    assert str(finding).startswith(
        "E-ITEM-UNAVAILABLE equipment[12].item: AC/20: not on the battledroids equipment table "
        "(unknown item 'AC/20'")
    assert all(m.name != "AC/20" for m in mech.mounts)  # reported, never mounted


@pytest.mark.parametrize(("item", "problem"), [
    ("Ammo (Machine Gun) (1/2)", "Machine Gun ammunition is sold only in full tons"),
    ("LRM 5 (OS)", "unknown item 'LRM 5 (OS)'"),
    ("AC/20", "unknown item 'AC/20'"),
    ("Hatchet", "unknown item 'Hatchet'"),
    ("Flamer (Vehicle)", "unknown item 'Flamer (Vehicle)'"),
])
def test_items_the_1984_table_lacks_are_bad_input(merlin, item, problem):
    merlin["equipment"].append({"item": item, "location": "Lt. Torso"})
    with pytest.raises(DesignError) as caught:
        design_from_dict(merlin, "m.yaml")
    assert f"m.yaml: equipment[17].item: {problem}" in caught.value.lines[0]


def _droid(tonnage: int, walk: int, armor: dict[str, Any], equipment: list[dict[str, Any]],
           heat_sinks: int = 10) -> dict[str, Any]:
    return {"chassis": "Test", "model": "T", "tonnage": tonnage, "ruleset": "battledroids",
            "walking_mp": walk, "heat_sinks": heat_sinks, "armor": armor,
            "equipment": equipment}


def test_a_ten_ton_droid_is_legal():
    # 10 t: structure 1, engine 60 (Leenex) 1.5, gyro 1, cockpit 3, armor 2 t, ML + SL 1.5.
    armor = {"head": 6, "center_torso": {"front": 6, "rear": 2},
             "left_torso": {"front": 4, "rear": 2}, "right_torso": {"front": 4, "rear": 2},
             "left_arm": 2, "right_arm": 2, "left_leg": 1, "right_leg": 1}
    droid = _droid(10, 6, armor, [{"item": "Med. Laser", "location": "Rt. Arm"},
                                  {"item": "Sm. Laser", "location": "Lt. Arm"}])
    mech = resolve(design_from_dict(droid))
    assert mech.total_tons == 10 and mech.structure is not None
    assert mech.structure[Location.CENTER_TORSO] == 4
    assert [str(f) for f in validate(mech)] == []
    assert len(mech.slotted_heat_sinks) == 10  # §2: every sink, the free ones too, in a slot


def test_torso_front_and_rear_each_within_the_cap_is_legal_only_in_1984(merlin):
    # Left torso 28 front + 9 rear = 37 > 28 together, but each side ≤ 2 × 14 on its own.
    merlin["armor"]["left_torso"] = {"front": 28, "rear": 9}
    merlin["armor"]["left_leg"] = 15
    assert is_legal(mutate(copy.deepcopy(merlin), []))
    intro = resolve(design_from_dict(merlin), get_ruleset("intro"))
    assert ("E-ARMOR-CAP armor.left_torso: 28 front + 9 rear = 37 armor > 28 (2 × 14 "
            "structure)") in [str(f) for f in validate(intro)]


def _sinks(count: int, lasers: int) -> dict[str, Any]:
    # 100 t walking 1: engine 100 (3 t), gyro 1, cockpit 3, structure 10; the sinks fill the rest.
    armor = {"head": 9, "center_torso": {"front": 10}}
    return _droid(100, 1, armor, [{"item": "Med. Laser", "location": "Rt. Torso",
                                   "count": lasers}], heat_sinks=count)


def test_45_sinks_fill_47_free_slots_but_not_50():
    # §2: every sink takes a slot: 47 open slots (1 + 2 + 12 + 12 + 8 + 8 + 2 + 2).
    fits = resolve(design_from_dict(_sinks(45, 2)))
    assert [f.code for f in validate(fits) if f.severity is Severity.ERROR] == []
    overfull = resolve(design_from_dict(_sinks(45, 5)))
    full = [str(f) for f in validate(overfull) if f.code == "E-SLOTS-FULL"]
    assert full == ["E-SLOTS-FULL heat_sinks: 3 of the 45 heat sinks placed automatically "
                    "have no free slot"]
    assert sum(not m.placed for m in overfull.slotted_heat_sinks) == 3  # 45 + 5 = 50 > 47
    # The same design under intro keeps 4 sinks in its 100 engine: all of them fit.
    intro = resolve(design_from_dict(_sinks(45, 5)), get_ruleset("intro"))
    assert intro.integral_heat_sinks == 4
    assert not [f for f in validate(intro) if f.code == "E-SLOTS-FULL"]


def test_every_rule_of_every_ruleset_has_a_design_that_breaks_it():
    """Each code in each ruleset's rule list appears in a breaking or warning table
    (tests/test_rules.py for intro, this file for battledroids), and maps to one function."""
    import test_rules
    import test_standard_rules

    from mechlab.rulesets import RULESETS
    from mechlab.validate.rules import ALL_RULES, RULES_BY_CODE, code_of

    tables = {"intro": test_rules.BREAKING + test_rules.WARNINGS,
              "battledroids": BREAKING + WARNINGS}
    tested = {name: {line.split()[0] for _, _, line in table} for name, table in tables.items()}
    # Standard keeps intro's rules (same functions) and adds its own (test_standard_rules.py).
    tested["standard"] = tested["intro"] | {
        line.split()[0] for *_, line in test_standard_rules.BREAKING + test_standard_rules.WARNINGS
    } | {"R-COMPONENT", "R-ITEM"}  # test_level_three_technology_is_refused_in_one_line
    # Experimental adds the codes tests/test_advanced.py breaks (its BROKEN); each lane's
    # tests/test_advanced_<lane>.py names the codes it breaks (its BROKEN).
    import importlib
    from pathlib import Path

    import test_advanced

    lanes: set[str] = set()
    for path in sorted(Path(__file__).parent.glob("test_advanced_*.py")):
        module = importlib.import_module(path.stem)
        lanes |= set(getattr(module, "BROKEN", ()))
        tested["standard"] |= set(getattr(module, "BROKEN_STANDARD", ()))
    # Issue 28: the superheavy rules tests/test_configurations.py breaks (its BROKEN).
    import test_configurations

    lanes |= test_configurations.BROKEN
    import test_configurations_lam  # lane lam: the rules a LAM adds

    lanes |= test_configurations_lam.BROKEN
    tested["advanced"] = tested["standard"] | lanes
    tested["experimental"] = tested["standard"] | test_advanced.BROKEN | lanes
    # Only a design judged under a foreign ruleset breaks E-ITEM-UNAVAILABLE (tested above)
    # and E-RULES-LEVEL (tests/test_rules_level.py): a design file's own ruleset reads its
    # items, and a name not on its table is bad input.
    foreign = {"E-ITEM-UNAVAILABLE", "E-RULES-LEVEL"}
    for ruleset in RULESETS:
        for code in ruleset.rules:
            assert code in RULES_BY_CODE, f"{ruleset.name}: {code} has no rule function"
            assert code in tested[ruleset.name] | foreign, f"no {ruleset.name} design breaks {code}"
    assert len({code_of(rule) for rule in ALL_RULES}) == len(ALL_RULES)  # one code each
    used = {code for ruleset in RULESETS for code in ruleset.rules}
    assert used == set(RULES_BY_CODE), "a rule no ruleset runs"
