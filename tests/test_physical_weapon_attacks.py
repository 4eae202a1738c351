"""Every physical weapon has its attack in the engine JSON (issue 31; format 5's
`physical_attacks.weapons`): damage by the rule for the 'Mech's tonnage, the to-hit
modifier and the hit table. The expected numbers are Total Warfare's and Tactical
Operations' club-attack rules worked by hand for each tonnage (hatchet ⌊T/5⌋, sword
⌈T/10⌉+1, mace ⌈T/4⌉, retractable blade ⌈T/10⌉, claws ⌈T/7⌉, flail 9; to hit: hatchet −1,
sword and blade −2, mace and claws +1, flail 0), not computed by the code under test."""

from __future__ import annotations

import json

import pytest
import yaml
from tests_support import (
    ALL,
    DATA,
    MEGAMEK,
    REPO,
    megamek_all_group,
    megamek_judged,
    needs_megamek_all,
)

from mechlab.assess import assess_design
from mechlab.core.equipment import ItemKind
from mechlab.core.errors import DesignError
from mechlab.export.engine import engine_json
from mechlab.files.design_data import design_from_dict
from mechlab.files.inputs import read_input
from mechlab.files.mtf.refusals import RefusedTechnologyError


def attacks(assessed) -> list[dict[str, object]]:
    return json.loads(engine_json(assessed))["physical_attacks"]["weapons"]


def atlas_with(left: str, right: str) -> list[dict[str, object]]:
    """The 100-ton Atlas AS7-K with its arms' weapons replaced by two physical weapons
    (the JSON is written for illegal designs too: the attack is a fact of the item)."""
    data = yaml.safe_load((DATA / "standard" / "atlas-as7-k.yaml").read_text())
    data["equipment"] = [e for e in data["equipment"]
                         if e["location"] not in ("left_arm", "right_arm")]
    data["equipment"] += [{"item": left, "location": "left_arm"},
                          {"item": right, "location": "right_arm"}]
    if "Claw" in (left, right) or "Flail" in (left, right):
        data["actuators"] = {side: {"lower_arm": True, "hand": False}
                             for side in ("left_arm", "right_arm")}
    return attacks(assess_design(design_from_dict(data)))


@pytest.mark.parametrize(("left", "right", "expected"), [
    ("Hatchet", "Sword", [("Hatchet", 20, -1), ("Sword", 11, -2)]),
    ("Mace", "Retractable Blade", [("Mace", 25, 1), ("Retractable Blade", 10, -2)]),
    ("Claw", "Flail", [("Claw", 15, 1), ("Flail", 9, 0)]),
])
def test_every_physical_weapon_of_a_100_ton_mech_has_its_attack(left, right, expected):
    got = atlas_with(left, right)
    assert [(a["name"], a["damage"], a["to_hit_modifier"]) for a in got] == expected
    assert [a["location"] for a in got] == ["left_arm", "right_arm"]
    assert all(a["hit_table"] == "punch" and a["damage_with_tsm"] is None for a in got)


def test_triple_strength_myomer_doubles_the_sword():
    # Vindicator VND-5L (MegaMek's file): 45 t, TSM, a sword in the left arm.
    vindicator = read_input(str(MEGAMEK / "Vindicator VND-5L.mtf")).assess()
    (sword,) = attacks(vindicator)
    assert (sword["name"], sword["damage"], sword["damage_with_tsm"]) == ("Sword", 6, 12)
    assert sword["to_hit_modifier"] == -2 and sword["location"] == "left_arm"


def test_an_introductory_hatchet_keeps_its_attack():
    # Centurion CN9-YLW "Yen-Lo-Wang": 50 t, a hatchet in the left arm.
    yen = read_input(str(REPO / "units" / "medium-centurion-cn9-ylw-yen-lo-wang.yaml")).assess()
    (hatchet,) = attacks(yen)
    assert (hatchet["name"], hatchet["damage"], hatchet["to_hit_modifier"]) == ("Hatchet", 10,
                                                                                  -1)


def test_a_mech_without_physical_weapons_lists_none():
    assert attacks(read_input("CPLT-C1").assess()) == []


@pytest.mark.slow
@needs_megamek_all
@megamek_all_group
def test_every_physical_weapon_in_the_corpus_has_an_attack():
    """Every level 1-2 MegaMek file that mechlab reads: one attack per physical weapon
    slot run named in its file (hatchet, sword, mace, claws, blade, flail)."""
    names = ("Hatchet", "Sword", "Mace", "ISClaw", "Retractable Blade", "Flail", "IS Flail")
    seen = 0
    for path in sorted(ALL.rglob("*.mtf")):
        raw = path.read_bytes()
        if not any(name.encode() in raw for name in names):
            continue
        try:
            assessed = megamek_judged(path)  # as read_input(path).assess(), shared
        except (RefusedTechnologyError, DesignError):
            continue
        # Spikes and talons make no attack of their own (Tactical Operations: spikes add
        # damage to a charge and hurt who punches them; talons raise kick damage).
        physical = [m for m in assessed.mech.mounts
                    if m.item.kind in (ItemKind.HATCHET, ItemKind.PHYSICAL) and not m.piece
                    and m.item.name not in ("Spikes", "Talons")]
        # An industrial tool (mining drill, chainsaw…) is equipment that also attacks
        # (Tactical Operations' club attacks); this sweep counts the physical weapons.
        tools = {m.item.name for m in assessed.mech.mounts
                 if m.item.kind is ItemKind.EQUIPMENT}
        got = [a for a in attacks(assessed) if a["name"] not in tools]
        assert len(got) == len(physical), path
        assert all(a["damage"] > 0 for a in got), path
        seen += len(got)
    # STANDARD_RULES.md §15 counts 80 level 1-2 files with one: 45 hatchet, 19 sword,
    # 12 blade, 3 mace, 1 claw (72 attacks in those mechlab reads, on 2026-11).
    assert seen >= 70, seen
