"""Every construction rule of RULES.md §1 has a design that breaks it, and the
finding names the code, the YAML path and the numbers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests_support import mutate

Change = Callable[[dict[str, Any]], None]


def _drop(item: str, location: str | None = None) -> Change:
    def change(d: dict[str, Any]) -> None:
        d["equipment"] = [e for e in d["equipment"] if not (
            e["item"] == item and (location is None or e["location"] == location))]
    return change


def _add(**entry: Any) -> Change:
    return lambda d: d["equipment"].append(entry)


def _set(path: str, value: Any) -> Change:
    def change(d: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target = d
        for part in parents:
            target = target.setdefault(part, {})
        target[last] = value
    return change


# (test id, changes to the Catapult, the exact finding that must be reported)
BREAKING: list[tuple[str, list[Change], str]] = [
    ("tonnage off the table", [_set("tonnage", 67)],
     "E-TONNAGE-RANGE tonnage: 67 t is not a legal tonnage (20–100 t in steps of 5)"),
    ("overweight", [_add(item="Medium Laser", location="left_arm")],
     "E-TONNAGE-OVER tonnage: components weigh 66 t > 65 t (1 t over)"),
    ("underweight", [_drop("Medium Laser", "left_torso")],
     "E-TONNAGE-UNDER tonnage: components weigh 64 t < 65 t (1 t unused)"),
    ("armor tons not in half tons", [_set("armor.tons", 10.25)],
     "E-WEIGHT-STEP armor.tons: 10.25 t of armor is not a multiple of 0.5 t"),
    ("walking MP zero", [_set("walking_mp", 0), _set("jumping_mp", 0)],
     "E-WALK-MIN walking_mp: Walking MP 0 < 1"),
    ("engine rating over 400", [_set("walking_mp", 7)],
     "E-ENGINE-RATING walking_mp: engine rating 455 (65 t × 7) is off the Fusion Engine "
     "Table (10–400)"),
    ("stated engine rating not tonnage × walk", [_set("engine_rating", 280)],
     "E-ENGINE-MISMATCH engine_rating: engine rating 280 ≠ 65 t × 4 Walking MP = 260"),
    ("jumping more than walking", [_set("jumping_mp", 5)],
     "E-JUMP-GT-WALK jumping_mp: Jumping MP 5 > Walking MP 4"),
    ("more jets than jumping MP", [_set("jumping_mp", 3)],
     "E-JUMP-JETS jumping_mp: 4 jump jets listed but Jumping MP is 3"),
    ("jump jet in an arm", [_add(item="Jump Jet", location="left_arm"), _set("jumping_mp", 5),
                            _set("walking_mp", 5)],
     "E-JUMP-LOCATION equipment[12]: jump jet in the left arm; jets go in a leg or a torso"),
    ("fewer than ten heat sinks", [_set("heat_sinks", 9)],
     "E-HEATSINK-MIN heat_sinks: 9 heat sinks < 10"),
    ("more sinks placed than counted", [_set("heat_sinks", 4)],
     "E-HEATSINK-PLACED heat_sinks: 5 heat sinks placed in slots but the total is 4"),
    ("arm armor over twice its structure", [_set("armor.left_arm", 22)],
     "E-ARMOR-CAP armor.left_arm: 22 armor > 20 (2 × 10 structure)"),
    ("torso front and rear together over the cap",
     [_set("armor.left_torso", {"front": 25, "rear": 8})],
     "E-ARMOR-CAP armor.left_torso: 25 front + 8 rear = 33 armor > 30 (2 × 15 structure)"),
    ("head armor over nine", [_set("armor.head", 10)],
     "E-ARMOR-HEAD armor.head: 10 armor > 9 (the head's maximum)"),
    ("armor tons too few for the points", [_set("armor.tons", 9)],
     "E-ARMOR-TONS armor.tons: 160 armor points need 10 t, 9 t holds 144"),
    ("item too big for the free slots", [_add(item="AC/20", location="left_arm")],
     "E-SLOTS-FULL equipment[12]: AC/20 needs 10 slots in the left arm, 7 free"),
    ("explicit slot already taken",
     [_add(item="Small Laser", location="left_torso", slot=5),
      _add(item="Small Laser", location="left_torso", slot=5)],
     "E-SLOT-TAKEN equipment[13]: Small Laser: slot 5 of the left torso is taken"),
    ("explicit slot past the end", [_add(item="AC/5", location="left_torso", slot=10)],
     "E-SLOT-TAKEN equipment[12]: AC/5: slots 10–13 run past the 12 slots of the left torso"),
    ("rear-mounted arm weapon", [lambda d: d["equipment"][0].update(rear=True)],
     "E-REAR-ARM equipment[0]: LRM 15 is rear-mounted in the left arm; arms cannot mount "
     "weapons facing rear"),
    ("rear-mounted heat sink", [lambda d: d["equipment"][-1].update(rear=True)],
     "E-REAR-ITEM equipment[11]: Heat Sink cannot be rear-mounted: it is no weapon"),
    ("split of a weapon that cannot split",
     [lambda d: d["equipment"][0].update(split={"location": "left_torso", "slots": 1})],
     "E-SPLIT equipment[0].split: LRM 15 cannot be split; only an AC/20 can"),
    ("split into a location not adjacent",
     [_add(item="AC/20", location="left_torso", split={"location": "right_arm", "slots": 2})],
     "E-SPLIT equipment[12].split: Left Torso and Right Arm are not adjacent"),
    ("lower arm removed, hand kept",
     [_set("actuators.left_arm", {"lower_arm": False, "hand": True})],
     "E-ACTUATOR-LOWER actuators.left_arm: lower arm actuator removed but the left arm "
     "keeps its hand"),
    ("launchers without ammunition", [_drop("Ammo (LRM 15)")],
     "E-AMMO-MISSING equipment[0]: 2 × LRM 15 but no Ammo (LRM 15); each class needs at "
     "least one lot"),
    ("ammunition for a one-shot launcher only",
     [_add(item="SRM 2 (OS)", location="left_torso"),
      _add(item="Ammo (SRM 2)", location="left_torso")],
     "E-AMMO-ONE-SHOT equipment[13]: Ammo (SRM 2) for one-shot launchers only; a one-shot "
     "launcher fires once and carries no ammunition"),
    ("hatchet outside an arm", [_add(item="Hatchet", location="left_torso")],
     "E-HATCHET-LOCATION equipment[12]: hatchet in the left torso; a hatchet goes in an arm"),
    ("hatchet without a hand", [_add(item="Hatchet", location="left_arm")],
     "E-HATCHET-NO-HAND equipment[12]: hatchet in the left arm, which has no hand actuator"),
    ("two hatchets in one arm",
     [_set("actuators.left_arm", {"lower_arm": True, "hand": True}),
      _add(item="Hatchet", location="left_arm", count=2)],
     "E-HATCHET-COUNT equipment[12]: 2 hatchets in the left arm; at most one per arm"),
]

WARNINGS: list[tuple[str, list[Change], str]] = [
    ("ammunition no weapon fires", [_add(item="Ammo (SRM 2)", location="left_torso")],
     "W-AMMO-UNUSED equipment[12]: Ammo (SRM 2) but no SRM 2 to fire it"),
    ("armor bought but not assigned", [_set("armor.tons", 10.5)],
     "W-ARMOR-UNASSIGNED armor: 10.5 t of armor buys 168 points, 160 assigned: 8 could "
     "still be placed"),
    ("few shots per launcher", [_add(item="AC/20", location="right_torso"),
                                _add(item="Ammo (AC/20)", location="right_torso")],
     "W-AMMO-LOW equipment[13]: 5 shots for 1 × AC/20: fewer than 6 per launcher"),
    ("sinks slotted that the engine could hold",
     [_set("walking_mp", 5), _set("jumping_mp", 4)],
     "W-HEATSINK-OUTSIDE heat_sinks: the 325 engine holds 13 sinks but only 10 are inside "
     "it; 3 use slots they need not"),
    ("armor tons beyond the most the 'Mech can carry", [_set("armor.tons", 15)],
     "W-ARMOR-DEAD armor.tons: 15 t of armor, but the 211 points a 65 t 'Mech can carry need "
     "13.5 t: 1.5 t is dead weight"),
]


@pytest.mark.parametrize(("changes", "expected"), [(c, e) for _, c, e in BREAKING],
                         ids=[name for name, _, _ in BREAKING])
def test_breaking_design_reports_code_path_and_numbers(catapult, changes, expected):
    findings = [str(f) for f in mutate(catapult, changes)]
    assert expected in findings


@pytest.mark.parametrize(("changes", "expected"), [(c, e) for _, c, e in WARNINGS],
                         ids=[name for name, _, _ in WARNINGS])
def test_odd_but_legal_design_gets_a_warning_not_an_error(catapult, changes, expected):
    findings = mutate(catapult, changes)
    assert expected in [str(f) for f in findings]
    warning = next(f for f in findings if str(f) == expected)
    assert warning.severity == "warning"


def test_validation_reports_every_finding_at_once(catapult):
    changes = [_set("armor.left_arm", 22), _set("armor.head", 10), _set("jumping_mp", 5)]
    codes = [f.code for f in mutate(catapult, changes)]
    assert {"E-ARMOR-CAP", "E-ARMOR-HEAD", "E-JUMP-GT-WALK", "E-TONNAGE-OVER"} <= set(codes)


def test_an_entry_with_count_is_reported_once(catapult):
    findings = mutate(catapult, [lambda d: d["equipment"][-1].update(rear=True)])
    assert [f.code for f in findings].count("E-REAR-ITEM") == 1


@pytest.mark.parametrize("changes", [c for _, c, _ in BREAKING + WARNINGS],
                         ids=[name for name, _, _ in BREAKING + WARNINGS])
def test_every_finding_has_expected_actual_and_hint(catapult, changes):
    for finding in mutate(catapult, changes):
        assert None not in (finding.expected, finding.actual, finding.hint), str(finding)


def test_findings_carry_expected_actual_and_hint(catapult):
    finding = next(f for f in mutate(catapult, [_set("armor.left_arm", 22)])
                   if f.code == "E-ARMOR-CAP")
    assert (finding.expected, finding.actual) == ("≤ 20", "22")
    assert finding.to_dict()["severity"] == "error"
