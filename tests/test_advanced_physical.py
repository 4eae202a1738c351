"""Shields, the advanced physical weapons and the actuator enhancement system (issue 27;
ADVANCED_EQUIPMENT.md §3, §4.1; ADVANCED_BV.md; docs/advanced.md "Shields, physical weapons
and AES"): MegaMek's own files judged legal with MegaMek's BV and the MUL's cost and
Alpha Strike card (tests/data/advanced_physical_values.tsv), and each rule broken once by a
single-fact change of such a file, found with its own code."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from fractions import Fraction as F
from typing import Any

import pytest
from tests_support import DATA, read_table

from mechlab.assess import Assessment, assess
from mechlab.cards.assessed import alpha_strike_of
from mechlab.export.engine import engine_json
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset

ADVANCED = DATA / "megamek-advanced"
# The codes the tests below break (tests/test_battledroids_rules.py checks that every code of
# the advanced ruleset's list is broken somewhere).
BROKEN = {"E-SHIELD-COUNT", "E-TALON-LEGS", "E-AES-LOCATION", "E-AES-COUNT", "E-AES-LEGS",
          "E-AES-SLOTS", "E-AES-MASC", "E-AES-TC", "W-AES-MYOMER"}
PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_physical_values.tsv")}


def design_of(name: str) -> dict[str, Any]:
    """The design a vendored MegaMek file reads as (the `.mtf` reader's own dict)."""
    return import_mtf_bytes((ADVANCED / name).read_bytes(), name).design


def judged(data: dict[str, Any]) -> Assessment:
    return assess(resolve(design_from_dict(data, "unit.yaml")))


def errors(assessed: Assessment) -> set[str]:
    return {f.code for f in assessed.findings if f.severity.name == "ERROR"}


def changed(name: str, change: Callable[[dict[str, Any]], None]) -> Assessment:
    data = copy.deepcopy(design_of(name))
    change(data)
    return judged(data)


def entry(data: dict[str, Any], item: str) -> dict[str, Any]:
    found: dict[str, Any] = next(e for e in data["equipment"] if e["item"] == item)
    return found


def move(data: dict[str, Any], item: str, location: str) -> None:
    """`item` to `location`, its slot left to mechlab."""
    moved = entry(data, item)
    moved["location"] = location
    moved.pop("slot", None)


# The vendored files: legal, with MegaMek's BV and the MUL's cost ---------------------------

@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_files_with_shields_physical_weapons_and_aes_are_legal_with_megameks_bv(
        name: str) -> None:
    row = PUBLISHED[name]
    imported = import_mtf_bytes((ADVANCED / name).read_bytes(), name)
    assessed = assess(resolve(design_from_dict(imported.design, name)), imported.facts)
    assert not errors(assessed), [str(f) for f in assessed.findings]
    assert assessed.mech.ruleset.name in ("advanced", "experimental")
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    if row["mul_cost"]:
        assert assessed.values.cost.total == int(row["mul_cost"])


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_the_standard_rules_refuse_each_item(name: str) -> None:
    design = design_from_dict(design_of(name), name)
    codes = {code for code, _, _ in get_ruleset("standard").refusals(design)}
    assert "R-ITEM" in codes


# Alpha Strike: MEL, SHLD and the shield's slower move, as the MUL's cards ------------------

CARDS = ("Black Knight BLK-NT-2Y.mtf", "Templar III TLR2-OB.mtf", "Porcupine PRC-1N.mtf",
         "Morpheus MRP-3S.mtf", "Sojourner B.mtf", "Pack Hunter II 4.mtf",
         "Assassin Servitor.mtf",
         # ADVANCED_BV.md §7.1: its arm weapons × 1.05 (AES) make the long band 4, the MUL's
         "Sojourner D.mtf")


def _damage(value: Any) -> str:
    return f"{value.value}*" if value.minimal else str(value.value)


@pytest.mark.parametrize("name", CARDS)
def test_alpha_strike_cards_equal_the_muls(name: str) -> None:
    row = PUBLISHED[name]
    card = alpha_strike_of(judged(design_of(name)))
    assert card is not None
    assert card.pv == int(row["pv"])
    assert [_damage(card.s), _damage(card.m), _damage(card.l)] == [
        row["dmg_s"], row["dmg_m"], row["dmg_l"]]
    assert (card.armor, card.structure) == (int(row["armor"]), int(row["structure"]))
    assert sorted(card.specials) == sorted(row["specials"].split(","))


def test_a_medium_shield_slows_the_card_and_the_bv_by_one_walking_mp() -> None:
    # ADVANCED_BV.md §1 and §6: Black Knight BLK-NT-2Y walks 4 as built; MegaMek's BV (1,847)
    # and the MUL's card (6") both count 3.
    assessed = judged(design_of("Black Knight BLK-NT-2Y.mtf"))
    assert assessed.mech.walking_mp == 4
    card = alpha_strike_of(assessed)
    assert card is not None and card.ground == 6
    assert assessed.values is not None and assessed.values.bv == 1847


# Engine JSON: the attacks of the new weapons ----------------------------------------------

def _attacks(name: str) -> dict[str, dict[str, Any]]:
    assessed = judged(design_of(name))
    weapons = json.loads(engine_json(assessed))["physical_attacks"]["weapons"]
    return {w["name"]: w for w in weapons}


def test_lance_hits_for_a_fifth_of_the_tonnage_at_plus_one() -> None:
    # Tactical Operations (MegaMek ClubAttackAction): ⌈70 ÷ 5⌉ = 14, +1 to hit, TSM doubles.
    lance = _attacks("Hachiwara HCA-6P.mtf")["Lance"]
    assert (lance["damage"], lance["to_hit_modifier"], lance["hit_table"]) == (14, 1, "punch")


def test_vibroblades_chain_whip_and_shields_hit_as_tactical_operations_says() -> None:
    blade = _attacks("Hachiwara HCA-3T.mtf")["Large Vibroblade"]
    assert (blade["damage"], blade["to_hit_modifier"], blade["damage_with_tsm"]) == (14, -2, None)
    whip = _attacks("Templar III TLR2-OB.mtf")["Chain Whip"]
    assert (whip["damage"], whip["to_hit_modifier"]) == (3, -2)
    shield = _attacks("Black Knight BLK-NT-2Y.mtf")["Medium Shield"]
    assert (shield["damage"], shield["to_hit_modifier"]) == (5, -3)


# Sizes -------------------------------------------------------------------------------------

def test_talons_weigh_a_fifteenth_of_the_tonnage_once_and_fill_two_slots_in_each_leg() -> None:
    mech = judged(design_of("Turkina X.mtf")).mech
    talons = [m for m in mech.mounts if m.item.weapon.id == "talons"]
    assert sum((m.tons for m in talons), F(0)) == 7  # ⌈95 ÷ 15⌉
    for leg in ("left_leg", "right_leg"):
        names = [s.name for s in mech.critical_slots[next(
            loc for loc in mech.locations if loc.value == leg)]]
        assert names.count("Talons") == 2


def test_aes_weighs_and_fills_by_the_mechs_weight_class() -> None:
    # MiscType: ⌈35 ÷ 35⌉½ = 1 t and 1 slot (light) in the Wolfhound's arm and in each of the
    # Pack Hunter II 4's legs (30 t); ⌈60 ÷ 35⌉½ = 2 t and 3 slots (heavy) in the Sojourner's.
    wolfhound = judged(design_of("Wolfhound WLF-2X.mtf")).mech
    hunter = judged(design_of("Pack Hunter II 4.mtf")).mech
    sojourner = judged(design_of("Sojourner B.mtf")).mech
    for mech, tons, slots in ((wolfhound, F(1), 1), (hunter, F(1), 1), (sojourner, F(2), 3)):
        systems = [m for m in mech.mounts if m.item.weapon.subcategory == "aes"]
        assert systems and all((m.tons, m.slot_count) == (tons, slots) for m in systems)


# Each rule broken once ---------------------------------------------------------------------

def test_a_shield_outside_an_arm_is_illegal() -> None:
    assessed = changed("Black Knight BLK-NT-2Y.mtf",
                       lambda d: move(d, "Medium Shield", "left_torso"))
    assert "E-PHYSICAL-LOCATION" in errors(assessed)


def test_shields_need_no_actuator_as_megamek_and_the_corpus_say() -> None:
    # ADVANCED_EQUIPMENT.md §3: TestMek names no actuator for a shield; Colossus CLS-4S
    # mounts its small shields in arms without lower arm and hand, and MegaMek values it.
    data = design_of("Colossus CLS-4S.mtf")
    assert any(not arm.get("lower_arm", True) for arm in data["actuators"].values())
    assert not errors(judged(data))


def test_two_shields_in_one_arm_are_illegal() -> None:
    def twice(d: dict[str, Any]) -> None:
        shield = entry(d, "Medium Shield")
        d["equipment"].remove(shield)
        d["equipment"] += [{"item": "Small Shield", "location": "left_arm"},
                           {"item": "Small Shield", "location": "left_arm"}]
        d["equipment"] = [e for e in d["equipment"] if e["location"] != "left_arm"
                          or "Shield" in e["item"]]
    assert "E-SHIELD-COUNT" in errors(changed("Black Knight BLK-NT-2Y.mtf", twice))


def test_a_lance_without_its_lower_arm_actuator_is_illegal() -> None:
    def no_lower(d: dict[str, Any]) -> None:
        arm = entry(d, "Lance")["location"]
        d["actuators"][arm] = {"lower_arm": False, "hand": False}
    assert "E-PHYSICAL-ACTUATOR" in errors(changed("Hachiwara HCA-6P.mtf", no_lower))


def test_a_vibroblade_without_a_hand_is_illegal() -> None:
    def no_hand(d: dict[str, Any]) -> None:
        arm = entry(d, "Large Vibroblade")["location"]
        d["actuators"][arm] = {"lower_arm": True, "hand": False}
    assert "E-PHYSICAL-ACTUATOR" in errors(changed("Hachiwara HCA-3T.mtf", no_hand))


def test_a_chain_whip_in_a_torso_is_illegal() -> None:
    assessed = changed("Templar III TLR2-OB.mtf", lambda d: move(d, "Chain Whip", "right_torso"))
    assert "E-PHYSICAL-LOCATION" in errors(assessed)


def test_spikes_and_shields_are_no_second_physical_weapon() -> None:
    # ADVANCED_EQUIPMENT.md §3 (TestEntity counts clubs other than shields): the Morpheus
    # MRP-3S has spikes beside its arm weapon and is legal; a second club is not.
    assert not errors(judged(design_of("Morpheus MRP-3S.mtf")))

    def second_club(d: dict[str, Any]) -> None:
        arm = entry(d, "Chain Whip")["location"]
        d["equipment"].append({"item": "Lance", "location": arm})
    assert "E-PHYSICAL-COUNT" in errors(changed("Templar III TLR2-OB.mtf", second_club))


def test_talons_listed_outside_the_legs_are_illegal() -> None:
    assert "E-TALON-LEGS" in errors(changed("Turkina X.mtf",
                                            lambda d: move(d, "Talons", "left_torso")))


def test_aes_in_a_torso_is_illegal() -> None:
    assessed = changed("Wolfhound WLF-2X.mtf",
                       lambda d: move(d, "Actuator Enhancement System", "center_torso"))
    assert "E-AES-LOCATION" in errors(assessed)


def test_two_aes_in_one_arm_are_illegal() -> None:
    def twice(d: dict[str, Any]) -> None:
        d["equipment"].append({"item": "Actuator Enhancement System", "location": "left_arm"})
        d["equipment"].append({"item": "Actuator Enhancement System", "location": "left_arm"})
    assert "E-AES-COUNT" in errors(changed("Wolfhound WLF-2X.mtf", twice))


def test_aes_in_one_leg_only_is_illegal() -> None:
    def one_leg(d: dict[str, Any]) -> None:
        # on a Clan 'Mech the IS system MegaMek files (ISAES) reads by its id
        legs = [e for e in d["equipment"] if e["item"] == "is_aes"
                and e["location"].endswith("leg")]
        d["equipment"].remove(legs[0])
    assert "E-AES-LEGS" in errors(changed("Pack Hunter II 4.mtf", one_leg))


def test_aes_with_the_slots_of_another_weight_class_is_illegal() -> None:
    assessed = changed("Wolfhound WLF-2X.mtf",
                       lambda d: entry(d, "Actuator Enhancement System").update(slots=2))
    assert "E-AES-SLOTS" in errors(assessed)


def test_aes_with_masc_or_a_targeting_computer_is_illegal() -> None:
    masc = changed("Wolfhound WLF-2X.mtf", lambda d: d["equipment"].append(
        {"item": "MASC", "location": "left_torso"}))
    assert "E-AES-MASC" in errors(masc)
    computer = changed("Wolfhound WLF-2X.mtf", lambda d: d["equipment"].append(
        {"item": "Targeting Computer", "location": "left_torso"}))
    assert "E-AES-TC" in errors(computer)


def test_aes_with_triple_strength_myomer_is_a_warning() -> None:
    def tsm(d: dict[str, Any]) -> None:
        d["myomer"] = {"type": "tsm"}
    codes = {f.code for f in changed("Wolfhound WLF-2X.mtf", tsm).findings}
    assert "W-AES-MYOMER" in codes


def test_talons_make_a_death_from_above_one_and_a_half_times_as_hard() -> None:
    # MegaMek DfaAttackAction: ⌈95 ÷ 10 × 3⌉ = 29, × 1.5 rounded down = 43 with talons.
    assessed = judged(design_of("Turkina X.mtf"))
    attacks = json.loads(engine_json(assessed))["physical_attacks"]
    assert attacks["death_from_above"]["target_damage"] == 43
    without = changed("Turkina X.mtf", lambda d: d["equipment"].remove(entry(d, "Talons")))
    assert without.mech.death_from_above_damage == 29


def test_the_sheet_prints_a_vibroblades_heat_and_damage_and_a_shields_damage() -> None:
    from mechlab.sheet.content import inventory

    blade = next(r for r in inventory(judged(design_of("Hachiwara HCA-3T.mtf")).mech)
                 if r.type == "Large Vibroblade")
    assert (blade.heat, blade.damage) == ("7", "14")
    shield = next(r for r in inventory(judged(design_of("Black Knight BLK-NT-2Y.mtf")).mech)
                  if r.type == "Medium Shield")
    assert (shield.heat, shield.damage) == ("—", "5")
