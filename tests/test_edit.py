"""mechlab.edit: the design operations behind `mechlab serve` and `mechlab new --auto-armor`,
checked against the construction rules' own numbers and MegaMekLab's published behaviour."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from mechlab.assess import assess_design
from mechlab.cli import main
from mechlab.core.locations import Location
from mechlab.edit import (
    add_item,
    apply_fix,
    auto_armor,
    compact,
    fill,
    place,
    place_split,
    remove_entry,
    sort_slots,
    unplace,
)
from mechlab.edit.armor import resolved
from mechlab.files.design_data import design_from_dict
from mechlab.serve.designs import new_design

ROOT = Path(__file__).resolve().parents[1]


def _unit(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "units" / name).read_text())
    return data


def _points(armor: dict[str, Any], location: str) -> int:
    value = armor.get(location, 0)
    return value["front"] + value["rear"] if isinstance(value, dict) else int(value)


def _verdict(data: dict[str, Any]) -> list[str]:
    return list(assess_design(design_from_dict(data)).error_codes)


def test_auto_armor_maximum_of_a_100_ton_mech_is_307_points() -> None:
    # TechManual: a 100-ton 'Mech carries at most 307 armor points (2 × 149 structure + 9).
    armored = auto_armor(new_design("standard", 100, 3))
    armor = armored["armor"]
    assert sum(_points(armor, loc.value) for loc in resolved(armored).locations) == 307
    assert armor["head"] == 9


def test_auto_armor_keeps_pairs_alike_and_a_quarter_of_a_torso_at_the_rear() -> None:
    armor = auto_armor(_unit("heavy-catapult-cplt-c1.yaml"), Fraction(10))["armor"]
    for left, right in (("left_arm", "right_arm"), ("left_leg", "right_leg"),
                        ("left_torso", "right_torso")):
        assert armor[left] == armor[right]
    for torso in ("center_torso", "left_torso", "right_torso"):
        total = _points(armor, torso)
        assert armor[torso]["rear"] == total // 4


def test_auto_armor_of_two_tons_on_a_50_ton_mech_as_megameklab() -> None:
    # MegaMekLab, 32 points on a 50-ton 'Mech: the head takes 8 (five times the design's
    # share of its 9), the center torso 3 front and 1 rear.
    armor = auto_armor(new_design("standard", 50, 4), Fraction(2))["armor"]
    assert armor["head"] == 8
    assert armor["center_torso"] == {"front": 3, "rear": 1}
    assert sum(_points(armor, loc) for loc in armor if loc != "type") == 32


def test_auto_armor_to_a_tonnage_assigns_what_the_tons_buy_and_no_more_than_the_caps() -> None:
    catapult = _unit("heavy-catapult-cplt-c1.yaml")
    armored = auto_armor(catapult, Fraction(10))
    assert sum(_points(armored["armor"], loc.value) for loc in Location
               if loc.value in armored["armor"]) == 160  # 10 t × 16 points (RULES.md 1.5)
    assert _verdict(armored) == []  # the Catapult carries 10 t: still legal
    most = auto_armor(catapult, Fraction(50))  # far more than it may carry: capped
    assert "E-ARMOR-CAP" not in _verdict(most) and "E-ARMOR-HEAD" not in _verdict(most)


def test_auto_armor_keeps_the_armor_type() -> None:
    atlas = yaml.safe_load((ROOT / "examples" / "atlas-as7-k.yaml").read_text())
    atlas["armor"]["type"] = "ferro_fibrous"
    assert auto_armor(atlas)["armor"]["type"] == "ferro_fibrous"


def test_auto_armor_does_not_change_its_input() -> None:
    catapult = _unit("heavy-catapult-cplt-c1.yaml")
    before = yaml.safe_dump(catapult)
    auto_armor(catapult)
    assert yaml.safe_dump(catapult) == before


@pytest.mark.parametrize("tonnage,walk", [(20, 6), (35, 5), (55, 5), (75, 4), (100, 3)])
def test_new_auto_armor_is_legal_with_the_same_points(tonnage: int, walk: int) -> None:
    plain = CliRunner().invoke(main, ["new", "-t", str(tonnage), "-w", str(walk)])
    spread = CliRunner().invoke(main, ["new", "-t", str(tonnage), "-w", str(walk),
                                       "--auto-armor"])
    assert spread.exit_code == 0, spread.output
    a, b = yaml.safe_load(plain.output), yaml.safe_load(spread.output)
    locations = [loc for loc in a["armor"]]
    assert sum(_points(a["armor"], x) for x in locations) == sum(
        _points(b["armor"], x) for x in locations)
    assert _verdict(b) == []


def test_place_takes_one_item_out_of_a_counted_entry() -> None:
    catapult = _unit("heavy-catapult-cplt-c1.yaml")
    index = next(i for i, e in enumerate(catapult["equipment"]) if e.get("count", 1) > 1)
    count = catapult["equipment"][index]["count"]
    placed = place(catapult, index, "right_arm", 9)
    assert placed["equipment"][index].get("count", 1) == count - 1
    assert placed["equipment"][index + 1]["location"] == "right_arm"
    assert placed["equipment"][index + 1]["slot"] == 9
    mech = resolved(placed)
    assert mech.critical_slots[Location.RIGHT_ARM][8].mount is not None
    assert unplace(placed, index + 1)["equipment"][index + 1].get("slot") is None


def test_compact_and_sort_drop_every_slot_number_and_stay_legal() -> None:
    atlas = yaml.safe_load((ROOT / "examples" / "atlas-as7-k.yaml").read_text())
    for op in (compact, sort_slots):
        done = op(atlas)
        assert all("slot" not in e for e in done["equipment"])
        assert _verdict(done) == _verdict(atlas)
    kinds = [e["item"] for e in sort_slots(atlas)["equipment"] if e["location"] == "left_arm"]
    assert kinds.index("ER Large Laser") < kinds.index("Heat Sink")  # weapons first


def test_fill_moves_an_item_without_room_to_a_location_with_room() -> None:
    catapult = _unit("heavy-catapult-cplt-c1.yaml")
    crowded = catapult
    for _ in range(4):  # the head has one free slot, not four
        crowded = add_item(crowded, "Heat Sink", "head")
    crowded = remove_entry(add_item(crowded, "Medium Laser", "head"), len(crowded["equipment"]))
    assert resolved(crowded).unplaced
    filled = fill(crowded)
    assert not resolved(filled).unplaced


def test_remove_points_fix_makes_an_over_capped_head_legal() -> None:
    catapult = _unit("heavy-catapult-cplt-c1.yaml")
    catapult["armor"]["head"] = 12
    catapult["armor"]["tons"] = 11
    finding = next(f for f in assess_design(design_from_dict(catapult)).findings
                   if f.code == "E-ARMOR-HEAD")
    fixed = apply_fix(catapult, finding)
    assert fixed["armor"]["head"] == 9


@pytest.mark.parametrize("ruleset,code", [("intro", "E-TONNAGE-UNDER"),
                                          ("standard", "W-TONNAGE-UNDER")])
def test_add_armor_fix_spends_the_unused_tons(ruleset: str, code: str) -> None:
    bare = auto_armor(new_design(ruleset, 50, 4), Fraction(6))
    bare = add_item(add_item(bare, "AC/20", "right_torso"), "Ammo (AC/20)", "right_torso")
    bare = add_item(add_item(bare, "Large Laser", "left_arm"), "Large Laser", "right_arm")
    finding = next(f for f in assess_design(design_from_dict(bare)).findings
                   if f.code == code)
    assert "(0.5 t unused)" in finding.message
    fixed = assess_design(design_from_dict(apply_fix(bare, finding)))
    assert code not in [f.code for f in fixed.findings]
    assert fixed.mech.total_tons == 50


def _with(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = yaml.safe_load(yaml.safe_dump(data))
    for key, value in changes.items():
        out[key] = value
    return out


def _entries_with(data: dict[str, Any], index: int, **changes: Any) -> dict[str, Any]:
    out = yaml.safe_load(yaml.safe_dump(data))
    out["equipment"][index].update(changes)
    return out


def _broken_catapults() -> list[tuple[str, dict[str, Any]]]:
    catapult = _unit("heavy-catapult-cplt-c1.yaml")
    sink = next(i for i, e in enumerate(catapult["equipment"]) if e["item"] == "Heat Sink")
    laser = next(i for i, e in enumerate(catapult["equipment"])
                 if e["item"] == "Medium Laser" and e["location"] == "left_torso")
    lrm = next(i for i, e in enumerate(catapult["equipment"]) if e["item"] == "LRM 15")
    return [
        ("E-REAR-ITEM", _entries_with(catapult, sink, rear=True)),
        ("E-SPLIT", _entries_with(catapult, laser, split={"location": "center_torso",
                                                          "slots": 1})),
        ("E-SLOT-TAKEN", _entries_with(catapult, lrm, slot=1)),
        ("E-ARMOR-TONS", _with(catapult, armor={**catapult["armor"], "tons": 9})),
        ("E-HEATSINK-MIN", _with(catapult, heat_sinks=8)),
        ("E-ARMOR-CAP", _with(catapult, armor={**catapult["armor"], "left_arm": 30})),
    ]


@pytest.mark.parametrize("code,design", _broken_catapults(), ids=lambda v: str(v)[:14])
def test_each_mechanical_fix_clears_its_finding(code: str, design: dict[str, Any]) -> None:
    from mechlab.edit import fixes_for

    finding = next(f for f in assess_design(design_from_dict(design)).findings
                   if f.code == code)
    assert fixes_for(finding) is not None
    fixed = apply_fix(design, finding)
    assert code not in [f.code for f in assess_design(design_from_dict(fixed)).findings]


def test_a_finding_without_a_mechanical_hint_has_no_fix() -> None:
    from mechlab.edit import fixes_for

    catapult = _unit("heavy-catapult-cplt-c1.yaml")
    catapult["walking_mp"] = 0  # E-WALK-MIN: "every 'Mech walks": no button can choose
    findings = assess_design(design_from_dict(catapult)).findings
    walk = next(f for f in findings if f.code == "E-WALK-MIN")
    assert fixes_for(walk) is None
    with pytest.raises(ValueError):
        apply_fix(catapult, walk)


def test_an_ac20_dropped_where_it_does_not_fit_whole_is_split_into_the_side_torso() -> None:
    # RULES.md 1.6: an AC/20 (10 slots) may be split between an arm and its side torso;
    # an arm has 8 slots free of its 4 actuators.
    design = add_item(add_item(new_design("standard", 50, 4), "AC/20", "center_torso"),
                      "AC/20 Ammo", "left_torso")
    placed = place_split(design, 0, "right_arm", 5)
    assert placed["equipment"][0]["split"] == {"location": "right_torso", "slots": 2}
    mech = resolved(placed)
    assert not mech.unplaced
    assert [s.name for s in mech.critical_slots[Location.RIGHT_ARM]][4:] == ["AC/20"] * 8
    assert "E-SPLIT" not in _verdict(placed)
    medium = add_item(new_design("standard", 50, 4), "Medium Laser", "head")
    assert "split" not in place_split(medium, 0, "right_arm", 12)["equipment"][0]
