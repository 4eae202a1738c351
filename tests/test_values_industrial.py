"""IndustrialMechs' Battle Value, cost and cards (issue 21), on two hand-built designs with
every intermediate number worked out by hand from BV_STANDARD.md (§2, §3.9 industrial TSM
× 1.15, §3.11 industrial fire control × 0.9, §6 industrial prices and × (1 + T ÷ 400)) and
MegaMek's Alpha Strike conversion (type IM, AFC/BFC, EE, BAR, CT, I-TSM, SEAL, SOA, SRCH,
MHQ/RCN; BAR and IM halve armor and structure in the point value; BFC × 0.9)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from mechlab.assess import assess_design
from mechlab.cards.alpha_strike import alpha_strike_card
from mechlab.cards.as_card import AlphaStrikeCard
from mechlab.cards.ccg import ccg_card
from mechlab.cards.damage import Damage
from mechlab.cards.point_value import base_point_value, defensive, fire_control_factor, offensive
from mechlab.files.load import design_from_dict
from mechlab.model.resolve import resolve
from mechlab.values.bv import battle_value
from mechlab.values.bv_report import explain_bv, explain_cost
from mechlab.values.cost import cost

# 40 t, ICE 160 (walk 4), industrial structure, industrial cockpit (no advanced fire
# control), commercial armor 87 points, 2 single sinks; chainsaw, SRM 4 and a ton of ammo,
# a ton of cargo.
LOADER = {
    "chassis": "Test Loader", "model": "LD-1", "ruleset": "standard",
    "unit": "industrialmech", "tonnage": 40, "walking_mp": 4, "engine": "ice",
    "structure": "industrial", "cockpit": "industrial",
    "armor": {"type": "commercial", "head": 9, "center_torso": {"front": 12, "rear": 4},
              "left_torso": {"front": 10, "rear": 3}, "right_torso": {"front": 10, "rear": 3},
              "left_arm": 8, "right_arm": 8, "left_leg": 10, "right_leg": 10},
    "heat_sinks": {"count": 2, "type": "single"},
    "equipment": [
        {"item": "Chainsaw", "location": "right_arm"},
        {"item": "Cargo", "size": 1, "location": "left_torso"},
        {"item": "SRM 4", "location": "right_torso"},
        {"item": "SRM 4 Ammo", "location": "right_torso"},
        {"item": "Heat Sink", "location": "left_torso"},
        {"item": "Heat Sink", "location": "left_torso"}],
}

# 50 t, fusion 200 (walk 4), industrial structure, standard cockpit (advanced fire control),
# heavy industrial armor 107 points, industrial TSM, environmental sealing, 10 single sinks;
# two medium lasers, a machine gun (half ton), an LRM 5 and its ton, a searchlight and
# 3 t of communications equipment.
MILITIA = {
    "chassis": "Test Militia", "model": "ML-2", "ruleset": "standard",
    "unit": "industrialmech", "tonnage": 50, "walking_mp": 4, "structure": "industrial",
    "myomer": "industrial_tsm",
    "armor": {"type": "heavy_industrial", "head": 9, "center_torso": {"front": 16, "rear": 6},
              "left_torso": {"front": 12, "rear": 4}, "right_torso": {"front": 12, "rear": 4},
              "left_arm": 10, "right_arm": 10, "left_leg": 12, "right_leg": 12},
    "heat_sinks": {"count": 10, "type": "single"},
    "equipment": [
        {"item": "Environmental Sealing (Mech)", "location": "center_torso"},
        {"item": "Medium Laser", "location": "right_arm"},
        {"item": "Medium Laser", "location": "left_arm"},
        {"item": "Machine Gun", "location": "right_torso"},
        {"item": "Machine Gun Ammo - Half", "location": "right_torso"},
        {"item": "Searchlight (Mounted)", "location": "left_torso"},
        {"item": "Communications Equipment", "size": 3, "location": "left_torso"},
        {"item": "LRM 5", "location": "right_torso"},
        {"item": "LRM 5 Ammo", "location": "right_torso"}],
}


def industrial(data: dict[str, object]):  # type: ignore[no-untyped-def]
    return resolve(design_from_dict(data, "test.yaml"))


@pytest.mark.parametrize("data", [LOADER, MILITIA])
def test_the_hand_built_industrialmechs_are_legal(data):
    assessed = assess_design(design_from_dict(data, "test.yaml"))
    assert assessed.legal, [str(f) for f in assessed.findings]
    assert assessed.mech.is_industrial


def test_loader_bv_commercial_armor_industrial_structure_and_basic_fire_control():
    bv = battle_value(industrial(LOADER))
    # §2.1: commercial armor has BAR 5: 87 × 2.5 × 0.5.
    assert (bv.armor_points, bv.armor_factor, bv.armor) == (87, F(1, 2), F("108.75"))
    # §2.2: 67 structure points (3 + 12 + 2 × 10 + 2 × 6 + 2 × 10), industrial × 0.5; an ICE
    # takes no side-torso slots.
    assert (bv.structure_points, bv.structure_factor, bv.structure) == (67, F(1, 2), F("50.25"))
    assert bv.gyro == 20
    assert [(e.name, e.location, e.penalty) for e in bv.explosive] == [("SRM 4 Ammo", "RT", 15)]
    assert bv.defensive_base == 164  # 108.75 + 50.25 + 20 − 15
    assert (bv.running_mp, bv.run_tmm, bv.defensive_factor) == (6, 2, F(6, 5))
    assert bv.defensive == F("196.8")
    # §3.5: 6 + 2 single sinks; an ICE on industrial structure makes no running heat
    # (BV_STANDARD.md §8.2's open point, settled by MegaMek's Engine.getRunHeat and the
    # Carbine CON-7M MOD's BV, 306 by MegaMek and the MUL: lane bvfix).
    assert (bv.heat_capacity, bv.move_heat, bv.heat_efficiency) == (2, 0, 8)
    assert [(w.name, w.bv, w.heat, w.halved) for w in bv.weapons] == [("SRM 4", 39, 3, False)]
    assert (bv.ammo_total, bv.equipment_total, bv.weight) == (5, 7, 40)  # chainsaw 7
    # §3.11: the industrial cockpit has no advanced fire control: (39 + 5 + 7 + 40) × 1.12 × 0.9.
    assert (bv.speed_factor, bv.fire_control_factor) == (F("1.12"), F(9, 10))
    assert bv.offensive == F("91.728")
    assert bv.base == 289  # round(196.8 + 91.728)


def test_militia_bv_industrial_tsm_weight_and_advanced_fire_control():
    bv = battle_value(industrial(MILITIA))
    assert (bv.armor_points, bv.armor_factor, bv.armor) == (107, 1, F("267.5"))
    assert (bv.structure_points, bv.structure) == (83, F("62.25"))
    assert bv.explosive_penalty == 30  # half MG ammo and LRM 5 ammo in the right torso
    assert bv.defensive == F("389.7")  # 324.75 × 1.2
    # §1: industrial TSM adds no walking MP for BV (run 6); §3.9: its weight factor is 1.15.
    assert (bv.running_mp, bv.weight) == (6, F("57.5"))
    assert (bv.heat_efficiency, bv.weapons_total, bv.ammo_total) == (14, 142, F("6.5"))
    # A standard cockpit on an IndustrialMech has advanced fire control: no × 0.9.
    assert bv.fire_control_factor == 1
    assert bv.offensive == F("230.72")  # (142 + 6.5 + 57.5) × 1.12
    assert bv.base == 620


def test_the_explanation_names_the_industrial_factors():
    loader = industrial(LOADER)
    lines = "\n".join(explain_bv(battle_value(loader)) + explain_cost(cost(loader)))
    assert "× 0.9 (industrial cockpit: no advanced fire control)" in lines
    assert "(1 + tonnage ÷ 400: an IndustrialMech) = × 1.1" in lines


def test_loader_cost_industrial_prices_and_the_quarter_tonnage_multiplier():
    price = cost(industrial(LOADER))
    parts = dict(price.components)
    assert parts["Cockpit"] == 100000  # §6.1 industrial cockpit
    assert parts["Internal structure"] == 300 * 40
    assert parts["Engine"] == F(1250 * 160 * 40, 75)  # §6.2 ICE
    assert parts["Heat sinks"] == 2000 * (2 - 10)  # §8.4: negative, as MegaMek's
    assert parts["Armor"] == 4 * 3000  # 87 ÷ 24 → 4 t of commercial armor
    assert parts["Weapons and equipment"] == 100000 + 60000  # chainsaw, SRM 4; cargo 0
    assert parts["Ammunition"] == 27000
    assert price.multiplier == F(11, 10)  # 1 + 40 ÷ 400
    assert (price.dry, price.total) == (1354173, 1383873)


def test_militia_cost_prices_sealing_once_and_industrial_tsm_by_the_ton():
    price = cost(industrial(MILITIA))
    parts = dict(price.components)
    assert parts["Musculature"] == 12000 * 50
    assert parts["Armor"] == 7 * 10000  # 107 ÷ 16 → 7 t of heavy industrial armor
    # Sealing fills a slot in every location but is one item: 225 × 50 once.
    # + 2 medium lasers, MG, searchlight, 3 t of communications (10,000 a ton), LRM 5.
    assert parts["Weapons and equipment"] == (225 * 50 + 2 * 40000 + 5000 + 2000 + 30000
                                              + 30000)
    assert price.multiplier == F(9, 8)  # 1 + 50 ÷ 400
    # 2,548,416.67 × 1.125 = 2,866,968.75
    assert price.total == 2866969


def test_loader_alpha_strike_card():
    card = alpha_strike_card(industrial(LOADER), "test.yaml")
    assert (card.type, card.sz, card.mv, card.tmm) == ("IM", 2, '8"', 1)
    # Commercial armor counts half: 87 × 0.5 ÷ 30 = 1.45 → 1; the fusion structure row.
    assert (card.armor, card.structure) == (1, 3)
    # The ICE makes no running heat on the card: SRM 4 heat 3 − 4 stays under 2 sinks.
    assert (str(card.s), str(card.m), str(card.l), card.ov) == ("1", "1", "0", 0)
    assert card.specials == ("BAR", "BFC", "CT1", "EE", "MEL", "SAW")
    # Offense (1 + 2 + 0 + SZ 1 + MEL 0.5) × BFC 0.9 = 4.05 → 4 (to a half); defense
    # 8" ÷ 8 = 1 plus (armor 1 × 2 × ½ for BAR + structure 3 × ½ for IM) × 1.1 = 2.75 → 3:
    # 8.
    assert card.pv == 8


def test_militia_alpha_strike_card():
    card = alpha_strike_card(industrial(MILITIA), "test.yaml")
    assert (card.type, card.armor, card.structure) == ("IM", 4, 4)
    assert (str(card.s), str(card.m), str(card.l), card.ov) == ("2", "2", "0*", 0)
    # AFC (standard cockpit), I-TSM, IF0* (LRM 5), MHQ3 and RCN (3 t ≥ 50 ÷ 20), SEAL and
    # SOA (a fusion engine needs no air), SRCH; explosive ammunition: no ENE, no CASE.
    assert card.specials == ("AFC", "I-TSM", "IF0*", "MHQ3", "RCN", "SEAL", "SOA", "SRCH")
    # Offense 2 + 2 × 2 + 0.5 + SZ 1 + IF 0.5 = 8 (AFC: × 1); defense 8" ÷ 8 = 1 plus
    # (armor 4 × 2 + structure 4 × ½ for IM) × 1.1 = 11: 12;
    # 20 + force RCN 2 + MHQ 3 = 25.
    assert card.pv == 25


def test_the_trading_card_converts_an_industrialmech():
    card = ccg_card(assess_design(design_from_dict(LOADER, "test.yaml")), "test.yaml")
    assert (card.speed, card.armor, card.structure) == ("slow", 1, 4)


def im_card(**fields: object) -> AlphaStrikeCard:
    none = Damage(0)
    base: dict[str, object] = dict(
        chassis="StrongArm", model="SC CV", source="test", ruleset="standard", type="IM",
        sz=1, ground=8, jump=0, tmm=1, s=none, m=none, l=none, ov=0, armor=2, structure=3,
        specials=("BFC", "CT0.5", "EE", "ENE"), base_pv=0, pv=0, skill=4, role=None)
    base.update(fields)
    return AlphaStrikeCard(**base)  # type: ignore[arg-type]


def test_basic_fire_control_scales_the_offense_and_rounds_it_to_a_half():
    # The MUL's StrongArm SC CV (IM, SZ 1, 8", armor 2, structure 3, no damage): offense
    # SZ ½ × BFC 0.9 = 0.45 → 0.5; defense 1 + (2 × 2 + 3 × ½) × 1.1 = 6.05 → 6: PV 8.
    card = im_card()
    assert offensive(card) == F(1, 2)
    assert defensive(card) == 7
    assert base_point_value(card) == 8
    # With advanced fire control nothing is scaled or rounded: 0.5 + 7.
    assert offensive(im_card(specials=("AFC", "ENE"))) == F(1, 2)
    # An IndustrialMech with neither special would take × 0.8; a BattleMech never.
    assert fire_control_factor(im_card(specials=("ENE",))) == F(4, 5)
    assert fire_control_factor(im_card(type="BM", specials=("ENE",))) == 1
    # A BattleMech's structure counts in full: 1 + (4 + 3) × 1.1 = 7.7 → 7.5.
    assert defensive(im_card(type="BM", specials=("ENE",))) == F(17, 2)


def test_cargo_lines_are_as_many_items_as_their_tons_take_slots():
    # The MUL's CT of Vampyr SC-V-1 (8 lines `Cargo (1 ton)`: CT8), Daedalus GTX2A (15) …:
    # a 1 t lot takes one slot, so each line is a lot; a 1.5 t lot takes two lines.
    from test_mtf_standard_read import QUAD

    from mechlab.files.mtf import design_dict_from_mtf_bytes

    text = (QUAD.replace("heat sinks:17 Single", "heat sinks:14 Single")
            .replace("rules level:1", "rules level:2")
            .replace("Left Torso:\n-Empty-\n", "Left Torso:\n" + "Cargo (1 ton)\n" * 3
                     + "Cargo (1.5 tons)\n" * 2))
    data = design_dict_from_mtf_bytes(text.encode(), "q.mtf")
    assert [e["size"] for e in data["equipment"] if e["item"] == "Cargo"] == [1, 1, 1, 1.5]


@pytest.mark.parametrize(("engine", "price", "special"), [
    ("ice", 1250, "EE"), ("fuel_cell", 3500, "FC"), ("fission", 7500, None)])
def test_each_industrial_engine_its_price_and_its_card_special(engine, price, special):
    mech = industrial({**LOADER, "engine": engine})
    assert dict(cost(mech).components)["Engine"] == F(price * 160 * 40, 75)  # §6.2
    specials = alpha_strike_card(mech, "test.yaml").specials
    assert [s for s in specials if s in ("EE", "FC")] == ([special] if special else [])


@pytest.mark.parametrize(("engine", "soa"), [("ice", False), ("fuel_cell", True)])
def test_sealing_gives_seal_and_soa_unless_the_engine_burns_air(engine, soa):
    sealing = {"item": "Environmental Sealing (Mech)", "location": "center_torso"}
    sealed = {**LOADER, "engine": engine,
              "equipment": [*LOADER["equipment"], sealing]}  # type: ignore[misc]
    specials = alpha_strike_card(industrial(sealed), "test.yaml").specials
    assert "SEAL" in specials and ("SOA" in specials) is soa


def test_an_ejection_seat_a_backhoe_and_a_sensor_dispenser_give_their_specials():
    fitted = {**LOADER, "equipment": [
        {"item": "Backhoe", "location": "left_arm"},
        {"item": "Ejection Seat (Industrial Mech)", "location": "head"},
        {"item": "Remote Sensors/Dispenser", "location": "center_torso"}]}
    specials = set(alpha_strike_card(industrial(fitted), "test.yaml").specials)
    assert {"ENG", "MEL", "ES", "RSD1", "RCN"} <= specials
