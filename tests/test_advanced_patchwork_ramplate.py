"""The ram plate and the RISC laser pulse module (issue 27, lane patchwork; Interstellar
Operations; docs/advanced.md "Ram plate", "RISC laser pulse module"). The corpus's one
ram-plate file, Rhino (Standard), is legal with MegaMek's BV, the MUL's cost and the MUL's
Alpha Strike card, its one pulse-module file, Tessen TSN-X4R 'Rapunzel', with MegaMek's BV
(tests/data/advanced_patchwork_values.tsv, alpha_strike_patchwork.tsv); each single-fact
mistake is found with its own code."""

from __future__ import annotations

from copy import deepcopy
from fractions import Fraction as F
from typing import Any

from tests_support import DATA, read_table

from mechlab.assess import Assessment, assess
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import design_to_mtf, import_mtf_bytes
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset

FILES = DATA / "megamek-advanced"
RHINO = "Rhino (Standard).mtf"
PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_patchwork_values.tsv")}
CARD = next(row for row in read_table(DATA / "alpha_strike_patchwork.tsv")
            if row["path"].endswith(RHINO))
# The codes the tests below break (tests/test_battledroids_rules.py gathers every lane's).
BROKEN = {"E-RAMPLATE-QUAD", "E-RAMPLATE-STRUCTURE", "E-PULSE-MODULE"}
TESSEN = "Tessen TSN-X4R _Rapunzel_.mtf"


def design_of() -> dict[str, Any]:
    return deepcopy(import_mtf_bytes((FILES / RHINO).read_bytes(), RHINO).design)


def judged(design: dict[str, Any]) -> Assessment:
    return assess(resolve(design_from_dict(design, "unit.yaml")))


def rhino() -> Assessment:
    imported = import_mtf_bytes((FILES / RHINO).read_bytes(), RHINO)
    return assess(resolve(design_from_dict(imported.design, RHINO)), imported.facts)


def test_rhino_is_legal_with_megameks_bv_and_the_muls_cost() -> None:
    assessed = rhino()
    assert assessed.legal, [str(f) for f in assessed.errors]
    assert assessed.mech.ruleset.name == "experimental"
    row = PUBLISHED[RHINO]
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    assert assessed.values.cost.total == int(row["mul_cost"])


def test_the_plate_weighs_a_tenth_of_the_mech_in_whole_tons_and_takes_a_slot_per_torso() -> None:
    # MegaMek's MiscType: ⌈T ÷ 10⌉ t (50 t: 5 t), one slot in each of CT, LT and RT.
    plate = next(m for m in rhino().mech.mounts if m.item.weapon.id == "ram_plate")
    assert plate.tons == 5
    assert sorted(loc.abbreviation for loc, _ in plate.placement) == ["CT", "LT", "RT"]


def test_the_plates_bv_is_megameks_formula_of_tonnage_running_mp_and_torso_spikes() -> None:
    # (⌊⌊50 × 12 ÷ 10⌋ ÷ 2⌋ + 3 torso locations with spikes) × 1.1 = 36.3; running MP 12
    # with MASC (walking 6); no spikes, 33.
    values = rhino().values
    assert values is not None
    plate = next(e for e in values.battle_value.equipment if e.name == "Ram Plate")
    assert plate.bv == F("36.3")


def test_a_charge_does_half_again_its_damage() -> None:
    # MegaMek's ChargeAttackAction: ⌈damage × 1.5⌉ (50 t: 5 a hex → 8, 15, 23).
    mech = rhino().mech
    assert mech.charge_damage_per_hex == F(15, 2)
    assert [mech.charge_damage(h) for h in (1, 2, 3)] == [8, 15, 23]


def test_alpha_strike_card_is_the_muls() -> None:
    from mechlab.cards.assessed import alpha_strike_of

    card = alpha_strike_of(rhino())
    assert card is not None
    assert (card.pv, card.sz, card.mv, card.tmm, str(card.s), str(card.m), str(card.l),
            card.ov, card.armor, card.structure, set(card.specials)) == (
        int(CARD["pv"]), int(CARD["sz"]), CARD["mv"], int(CARD["tmm"]), CARD["dmg_s"],
        CARD["dmg_m"], CARD["dmg_l"], int(CARD["ov"]), int(CARD["armor"]),
        int(CARD["structure"]), set(CARD["specials"].split(",")))


def test_export_writes_the_plate_in_each_torso_and_reads_back_the_same() -> None:
    assessed = rhino()
    text = design_to_mtf(assessed.mech.design)
    assert text.count("Ram Plate") == 3
    again = assess(resolve(design_from_dict(
        import_mtf_bytes(text.encode(), "again.mtf").design, "again.mtf")))
    assert again.legal and again.values is not None and assessed.values is not None
    assert again.values.bv == assessed.values.bv


def test_the_standard_and_advanced_rules_refuse_the_plate() -> None:
    design = design_from_dict(design_of(), "unit.yaml")
    for name in ("standard", "advanced"):
        refused = {code for code, _, _ in get_ruleset(name).refusals(design)}
        assert "R-ITEM" in refused


# Single-fact mistakes, each with its own code ---------------------------------------------
def test_a_plate_on_a_biped_is_e_ramplate_quad() -> None:
    design = design_of()
    design["equipment"] = [e for e in design["equipment"] if "leg" not in e["location"]]
    armor = design["armor"]
    design["armor"] = {**{k: v for k, v in armor.items() if "leg" not in k},
                       "left_arm": 21, "right_arm": 21, "left_leg": 21, "right_leg": 21}
    design["config"] = "biped"
    assert "E-RAMPLATE-QUAD" in judged(design).error_codes


def test_a_plate_without_reinforced_structure_is_e_ramplate_structure() -> None:
    design = design_of()
    design["structure"] = {"type": "standard"}
    assert judged(design).error_codes == ("E-RAMPLATE-STRUCTURE",)


def test_a_file_missing_the_plates_left_torso_slot_is_e_mtf_spread() -> None:
    # The plate takes one slot in each torso location (its placement, `spread_equipment`);
    # a file that places it otherwise states it twice, differently (RULES.md §7).
    text = (FILES / RHINO).read_bytes().decode()
    at = text.index("Left Torso:")
    text = text[:at] + text[at:].replace("Ram Plate", "-Empty-", 1)
    imported = import_mtf_bytes(text.encode(), RHINO)
    assessed = assess(resolve(design_from_dict(imported.design, RHINO)), imported.facts)
    assert "E-MTF-SPREAD" in assessed.error_codes


def test_a_second_plate_is_e_spread_count() -> None:
    design = design_of()
    design["equipment"].append({"item": "Ram Plate", "location": "center_torso"})
    assert "E-SPREAD-COUNT" in judged(design).error_codes


# The RISC laser pulse module ----------------------------------------------------------------
def tessen() -> Assessment:
    imported = import_mtf_bytes((FILES / TESSEN).read_bytes(), TESSEN)
    return assess(resolve(design_from_dict(imported.design, TESSEN)), imported.facts)


def test_tessen_is_legal_with_megameks_bv() -> None:
    # Rules level 5 as written (a W-RULES-LEVEL warning); its content is Experimental.
    assessed = tessen()
    assert assessed.legal, [str(f) for f in assessed.errors]
    assert assessed.values is not None
    assert assessed.values.bv == int(PUBLISHED[TESSEN]["megamek_bv"])


def test_the_module_makes_its_laser_count_115_percent_and_2_heat_more() -> None:
    # MegaMek's MekBVCalculator: the IS ER large laser it links, BV 163 × 1.15, heat 12 + 2;
    # the module itself explosive, 1 a slot.
    values = tessen().values
    assert values is not None
    laser = next(w for w in values.battle_value.weapons if w.name == "ER Large Laser")
    assert (laser.bv, laser.heat) == (F("187.45"), 14)
    assert [(e.name, e.penalty) for e in values.battle_value.explosive
            if "Pulse Module" in e.name] == [("RISC Laser Pulse Module", 1)]


def test_a_module_without_its_laser_is_e_pulse_module() -> None:
    # The left torso's lasers are Clan medium pulse lasers: none an Inner Sphere non-pulse one.
    design = deepcopy(import_mtf_bytes((FILES / TESSEN).read_bytes(), TESSEN).design)
    design["equipment"] = [{**e, "location": "left_torso", "slot": None}
                           if e["item"] == "RISC Laser Pulse Module" else e
                           for e in design["equipment"]]
    design["equipment"] = [{k: v for k, v in e.items() if v is not None}
                           for e in design["equipment"]]
    assert "E-PULSE-MODULE" in judged(design).error_codes


def test_the_advanced_rules_refuse_the_module() -> None:
    design = design_from_dict(deepcopy(import_mtf_bytes(
        (FILES / TESSEN).read_bytes(), TESSEN).design), "unit.yaml")
    assert "R-ITEM" in {code for code, _, _ in get_ruleset("advanced").refusals(design)}
