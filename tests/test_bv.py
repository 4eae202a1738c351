"""Battle Value 2 (BV_COST.md §1): the worked examples step by step, the rules one by one."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mechlab.core.design import Design
from mechlab.core.design_schema import validate
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.values.bv import (
    BattleValue,
    battle_value,
    constants,
    pilot_adjusted,
    pilot_multiplier,
    round_half_up,
    speed_factor,
    tmm,
)

NO_LOWER_ARMS = {"left_arm": {"lower_arm": False, "hand": False},
                 "right_arm": {"lower_arm": False, "hand": False}}

# Atlas AS7-D, from MegaMek's "Atlas AS7-D.mtf" (BV_COST.md 4.1).
ATLAS: dict[str, Any] = {
    "chassis": "Atlas", "model": "AS7-D", "tonnage": 100, "walking_mp": 3, "heat_sinks": 20,
    "armor": {"head": 9, "center_torso": {"front": 47, "rear": 14},
              "left_torso": {"front": 32, "rear": 10}, "right_torso": {"front": 32, "rear": 10},
              "left_arm": 34, "right_arm": 34, "left_leg": 41, "right_leg": 41},
    "equipment": [
        {"item": "Medium Laser", "location": "left_arm"},
        {"item": "Medium Laser", "location": "right_arm"},
        {"item": "LRM 20", "location": "left_torso"},
        {"item": "SRM 6", "location": "left_torso"},
        {"item": "Ammo (LRM 20)", "location": "left_torso", "count": 2},
        {"item": "Ammo (SRM 6)", "location": "left_torso"},
        {"item": "AC/20", "location": "right_torso"},
        {"item": "Ammo (AC/20)", "location": "right_torso", "count": 2},
        {"item": "Medium Laser", "location": "center_torso", "rear": True, "count": 2},
    ],
}

# Catapult CPLT-C1 (BV_COST.md 4.2), written out like examples/catapult.yaml.
CATAPULT: dict[str, Any] = {
    "chassis": "Catapult", "model": "CPLT-C1", "tonnage": 65, "walking_mp": 4, "jumping_mp": 4,
    "heat_sinks": 15, "actuators": NO_LOWER_ARMS,
    "armor": {"head": 9, "center_torso": {"front": 24, "rear": 11},
              "left_torso": {"front": 19, "rear": 8}, "right_torso": {"front": 19, "rear": 8},
              "left_arm": 13, "right_arm": 13, "left_leg": 18, "right_leg": 18},
    "equipment": [
        {"item": "LRM 15", "location": "left_arm"},
        {"item": "LRM 15", "location": "right_arm"},
        {"item": "Medium Laser", "location": "center_torso", "count": 2},
        {"item": "Medium Laser", "location": "left_torso"},
        {"item": "Medium Laser", "location": "right_torso"},
        {"item": "Ammo (LRM 15)", "location": "left_torso"},
        {"item": "Ammo (LRM 15)", "location": "right_torso"},
        {"item": "Jump Jet", "location": "left_torso", "count": 2},
        {"item": "Jump Jet", "location": "right_torso", "count": 2},
    ],
}

# Locust LCT-1V, from MegaMek's "Locust LCT-1V.mtf" (BV_COST.md 4.5).
LOCUST: dict[str, Any] = {
    "chassis": "Locust", "model": "LCT-1V", "tonnage": 20, "walking_mp": 8,
    "actuators": NO_LOWER_ARMS,
    "armor": {"head": 8, "center_torso": {"front": 10, "rear": 2},
              "left_torso": {"front": 8, "rear": 2}, "right_torso": {"front": 8, "rear": 2},
              "left_arm": 4, "right_arm": 4, "left_leg": 8, "right_leg": 8},
    "equipment": [
        {"item": "Medium Laser", "location": "center_torso"},
        {"item": "Ammo (Machine Gun)", "location": "center_torso"},
        {"item": "Machine Gun", "location": "left_arm"},
        {"item": "Machine Gun", "location": "right_arm"},
    ],
}


def mech(data: dict[str, Any], **changes: Any) -> Mech:
    return resolve(validate(Design, {**data, **changes}))


def bv_of(data: dict[str, Any], **changes: Any) -> BattleValue:
    return battle_value(mech(data, **changes))


def custom(tonnage: int, walk: int, equipment: list[dict[str, Any]], **more: Any) -> BattleValue:
    return bv_of({"chassis": "Test", "tonnage": tonnage, "walking_mp": walk,
                  "equipment": equipment, **more})


# Worked examples (BV_COST.md §4) -------------------------------------------------------------

def test_atlas_as7d_defensive_rating():
    bv = bv_of(ATLAS)
    assert (bv.armor_points, bv.armor) == (304, 760)
    assert (bv.structure_points, bv.structure, bv.gyro) == (152, 228, 50)
    assert (bv.explosive_bins, bv.explosive_penalty, bv.defensive_base) == (5, 75, 963)
    assert (bv.running_mp, bv.run_tmm, bv.jump_tmm) == (5, 2, 0)
    assert bv.defensive_factor == Fraction(6, 5) and bv.defensive == Fraction("1155.6")


def test_atlas_as7d_offensive_rating():
    bv = bv_of(ATLAS)
    assert (bv.move_heat, bv.heat_efficiency, bv.rear_switched) == (2, 24, False)
    assert [(w.name, w.location, w.rear) for w in bv.weapons] == [
        ("LRM 20", "LT", False), ("AC/20", "RT", False), ("SRM 6", "LT", False),
        ("Medium Laser", "LA", False), ("Medium Laser", "RA", False),
        ("Medium Laser", "CT", True), ("Medium Laser", "CT", True)]
    assert [w.base_bv for w in bv.weapons] == [181, 178, 59, 46, 46, 46, 46]
    assert [w.bv for w in bv.weapons] == [181, 178, 59, 46, 46, 23, 23]  # rear MLs at 50 %
    assert [w.running_heat for w in bv.weapons] == [6, 13, 17, 20, 23, 26, 29]
    assert [w.halved for w in bv.weapons] == [False] * 6 + [True]  # 26 reaches 24: next halved
    assert [w.counted for w in bv.weapons] == [181, 178, 59, 46, 46, 23, Fraction("11.5")]
    assert bv.weapons_total == Fraction("544.5")
    assert {a.key: (a.bins, a.bv, a.cap, a.counted) for a in bv.ammo} == {
        "LRM 20": (2, 46, 181, 46), "SRM 6": (1, 7, 59, 7), "AC/20": (2, 44, 178, 44)}
    assert (bv.ammo_total, bv.equipment_total, bv.weight) == (97, 0, 100)
    assert (bv.mp_sf, bv.speed_factor) == (5, 1)
    assert bv.offensive == Fraction("741.5")


def test_atlas_as7d_base_and_pilot_adjusted_bv():
    bv = bv_of(ATLAS)
    assert bv.defensive + bv.offensive == Fraction("1897.1") and bv.base == 1897
    assert pilot_adjusted(bv.base, 3, 4) == 2504  # round(1897 × 1.32), BV_COST.md 1.4
    assert pilot_adjusted(bv.base, 4, 5) == 1897
    assert bv.adjusted(mech(ATLAS), 3, 4) == 2504


def test_catapult_cplt_c1_every_intermediate():
    bv = bv_of(CATAPULT)
    assert (bv.armor, bv.structure, bv.gyro, bv.explosive_penalty) == (400, 156, Fraction("32.5"),
                                                                       30)
    assert bv.defensive_base == Fraction("558.5")
    assert (bv.run_tmm, bv.jump_tmm, bv.defensive_factor) == (2, 2, Fraction(6, 5))
    assert bv.defensive == Fraction("670.2")
    assert (bv.move_heat, bv.heat_efficiency) == (4, 17)  # max(3, 4 jump MP)
    assert [w.running_heat for w in bv.weapons] == [5, 10, 13, 16, 19, 22]
    assert [w.counted for w in bv.weapons] == [136, 136, 46, 46, 46, 23]
    assert bv.weapons_total == 433
    assert [(a.key, a.bv, a.cap) for a in bv.ammo] == [("LRM 15", 34, 272)]
    assert (bv.mp_sf, bv.speed_factor) == (8, Fraction("1.37"))
    assert bv.offensive == Fraction("728.84")
    assert bv.defensive + bv.offensive == Fraction("1399.04") and bv.base == 1399


def test_locust_lct_1v_zero_heat_weapons_first():
    bv = bv_of(LOCUST)
    assert (bv.armor, bv.structure, bv.gyro, bv.explosive_penalty) == (160, Fraction("49.5"),
                                                                       10, 15)
    assert bv.defensive_base == Fraction("204.5") and bv.run_tmm == 4
    assert bv.defensive == Fraction("286.3")
    assert bv.heat_efficiency == 14
    assert [w.name for w in bv.weapons] == ["Machine Gun", "Machine Gun", "Medium Laser"]
    assert bv.weapons_total == 56
    assert [(a.key, a.bv, a.cap, a.counted) for a in bv.ammo] == [("Machine Gun", 1, 10, 1)]
    assert (bv.mp_sf, bv.speed_factor) == (12, Fraction("1.89"))
    assert bv.offensive == Fraction("145.53")
    assert bv.defensive + bv.offensive == Fraction("431.83") and bv.base == 432


# Rules, one at a time ------------------------------------------------------------------------

def test_tmm_brackets():
    expected = {0: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 9: 3, 10: 4, 17: 4, 18: 5, 24: 5, 25: 6}
    assert {mp: tmm(mp) for mp in expected} == expected


SPEED_FACTORS = [0.44, 0.54, 0.65, 0.77, 0.88, 1.00, 1.12, 1.24, 1.37, 1.50, 1.63, 1.76, 1.89,
                 2.02, 2.16, 2.30, 2.44, 2.58, 2.72, 2.86, 3.00]


def test_speed_factor_table():
    assert [speed_factor(mp) for mp in range(21)] == [Fraction(str(v)) for v in SPEED_FACTORS]
    assert speed_factor(8) == Fraction(137, 100)


def _exact_speed_factor(mp_sf: int) -> Fraction:
    """Independent exact oracle: round-half-up(100 · x^(6/5)) for x = 1 + (mpSF − 5) ÷ 10 is
    the number of n ≥ 0 with n + ½ ≤ 100 · x^(6/5), i.e. (n + ½)^5 ≤ 10^10 · x^6."""
    x6 = Fraction(mp_sf + 5, 10) ** 6
    n = 0
    while Fraction(2 * n + 1, 2) ** 5 <= 10**10 * x6:
        n += 1
    return Fraction(n, 100)


@pytest.mark.parametrize("mp_sf", range(0, 61))
def test_speed_factor_beyond_the_table_matches_exact_arithmetic(mp_sf):
    assert speed_factor(mp_sf) == _exact_speed_factor(mp_sf)


def test_half_up_rounding_not_bankers():
    assert round_half_up(Fraction(5, 2)) == 3 and round(2.5) == 2
    assert round_half_up(Fraction(1, 2)) == 1 and round_half_up(Fraction(7, 2)) == 4
    assert round_half_up(Fraction("1.345"), 2) == Fraction("1.35")
    assert round_half_up(Fraction("2.4999")) == 2
    # 50 × 0.85 = 42.5: half up gives 43 where banker's rounding would give 42.
    assert pilot_adjusted(50, 4, 8) == 43 and round(50 * 0.85) == 42


def test_pilot_table_is_the_ruleset_data_and_clamps():
    assert pilot_multiplier(4, 5) == 1 and pilot_multiplier(0, 0) == Fraction("2.42")
    assert pilot_multiplier(8, 8) == Fraction("0.64") and pilot_multiplier(5, 0) == Fraction("1.31")
    assert pilot_adjusted(1897, -3, 12) == pilot_adjusted(1897, 0, 8) == round(1897 * 1.5)


def test_constants_come_from_the_ruleset_data():
    c = constants()
    assert (c.armor_per_point, c.structure_per_point, c.gyro_per_ton) == (
        Fraction(5, 2), Fraction(3, 2), Fraction(1, 2))
    assert (c.explosive_per_slot, c.heat_efficiency_base, c.one_shot_heat_divisor) == (15, 6, 4)


def test_rear_weapons_outweighing_front_swap_roles():
    rear_heavy = custom(50, 4, [
        {"item": "Medium Laser", "location": "center_torso"},
        {"item": "Medium Laser", "location": "center_torso", "rear": True, "count": 2},
        {"item": "Medium Laser", "location": "left_arm"}])
    assert rear_heavy.rear_switched
    by_facing = sorted((w.location, w.rear, w.bv) for w in rear_heavy.weapons)
    # The front CT laser is now on the weaker side; arm weapons always count in full.
    assert by_facing == [("CT", False, 23), ("CT", True, 46), ("CT", True, 46), ("LA", False, 46)]


def test_front_rear_tie_does_not_swap():
    tie = custom(50, 4, [{"item": "Medium Laser", "location": "center_torso"},
                         {"item": "Medium Laser", "location": "center_torso", "rear": True}])
    assert not tie.rear_switched
    assert sorted((w.rear, w.bv) for w in tie.weapons) == [(False, 46), (True, 23)]


def test_equal_bv_lower_heat_first_and_crossing_weapon_counts_full():
    # 10 sinks, no jump: HE = 14. AC/10 (123, 3) and Large Laser (123, 8): AC/10 first.
    bv = custom(60, 4, [{"item": "Large Laser", "location": "right_arm"},
                        {"item": "AC/10", "location": "right_torso"},
                        {"item": "Large Laser", "location": "left_arm"}])
    assert [(w.name, w.running_heat, w.halved) for w in bv.weapons] == [
        ("AC/10", 3, False), ("Large Laser", 11, False), ("Large Laser", 19, False)]
    exact = custom(60, 4, [{"item": "Large Laser", "location": "right_arm"},
                           {"item": "Medium Laser", "location": "right_torso", "count": 3}])
    # 8 + 3 + 3 = 14 reaches HE exactly: that laser counts full, the next one half.
    assert [w.halved for w in exact.weapons] == [False, False, False, True]


def test_no_heat_capacity_halves_everything():
    # 0 sinks and 6 jump MP: HE = 6 + 0 − 6 = 0, so every weapon (even a machine gun) is halved.
    bv = custom(50, 6, [{"item": "Machine Gun", "location": "left_arm"},
                        {"item": "Medium Laser", "location": "right_arm"}],
                heat_sinks=0, jumping_mp=6)
    assert bv.heat_efficiency == 0
    assert [w.counted for w in bv.weapons] == [Fraction(5, 2), 23]


def test_one_shot_launcher_bv_heat_and_no_ammo():
    bv = custom(50, 4, [{"item": "LRM 10 (OS)", "location": "left_torso"},
                        {"item": "Ammo (LRM 10)", "location": "left_torso"}])
    (launcher,) = bv.weapons
    assert (launcher.base_bv, launcher.heat) == (18, 1)  # 1/5 BV, heat 4 ÷ 4
    assert [(a.key, a.bv, a.cap, a.counted) for a in bv.ammo] == [("LRM 10", 11, 0, 0)]
    assert bv.explosive_bins == 1  # only the ammo lot, not the launcher


def test_ammo_key_includes_rack_size_and_orphan_ammo_counts_zero():
    bv = custom(60, 4, [{"item": "LRM 5", "location": "left_torso"},
                        {"item": "Ammo (LRM 5)", "location": "left_torso", "count": 10},
                        {"item": "Ammo (LRM 10)", "location": "right_torso"}])
    ammo = {a.key: (a.bv, a.cap, a.counted) for a in bv.ammo}
    assert ammo == {"LRM 5": (60, 45, 45), "LRM 10": (11, 0, 0)}
    assert bv.explosive_penalty == 11 * 15


def test_half_ton_machine_gun_ammo():
    bv = custom(25, 6, [{"item": "Machine Gun", "location": "left_arm"},
                        {"item": "Ammo (Machine Gun) (1/2)", "location": "left_torso"}])
    assert [(a.key, a.bv) for a in bv.ammo] == [("Machine Gun", Fraction(1, 2))]
    assert bv.explosive_penalty == 15  # a half-ton bin still takes a whole slot


def test_hatchet_and_jump_speed_factor():
    bv = custom(50, 5, [{"item": "Hatchet", "location": "left_arm"}], jumping_mp=3)
    assert [(e.name, e.bv) for e in bv.equipment] == [("Hatchet", 15)]  # ceil(50 ÷ 5) × 1.5
    assert bv.mp_sf == 8 + 2  # run 8 + round-half-up(3 ÷ 2)
    assert (bv.move_heat, bv.jump_tmm, bv.run_tmm) == (3, 2, 3)


def test_breakdown_is_json_ready():
    data = bv_of(ATLAS).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert (data["base"], data["defensive"], data["offensive"]) == (1897, 1155.6, 741.5)
    assert data["weapons"][-1] == {
        "name": "Medium Laser", "location": "CT", "rear": True, "base_bv": 46.0, "bv": 23.0,
        "heat": 3.0, "running_heat": 29.0, "halved": True, "counted": 11.5,
        "modifiers": "weaker side ½"}
    assert data["speed_factor"] == 1.0 and data["mp_sf"] == 5


# Properties ----------------------------------------------------------------------------------

ARMOR_LOCATIONS = ["head", "left_arm", "right_arm", "left_leg", "right_leg"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([ATLAS, CATAPULT, LOCUST]), st.sampled_from(ARMOR_LOCATIONS),
       st.integers(1, 20))
def test_more_armor_never_lowers_bv(data, location, extra):
    armor = {**data["armor"], location: data["armor"][location] + extra}
    assert bv_of(data, armor=armor).base >= bv_of(data).base


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([ATLAS, CATAPULT, LOCUST]), st.integers(0, 20))
def test_adding_a_heat_sink_never_lowers_bv(data, extra):
    equipment = [e for e in data["equipment"] if e["item"] != "Heat Sink"]
    sinks = data.get("heat_sinks", 10) + extra
    lower = bv_of(data, equipment=equipment, heat_sinks=sinks).base
    assert bv_of(data, equipment=equipment, heat_sinks=sinks + 1).base >= lower


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 40))
def test_speed_factor_grows_with_mp(mp_sf):
    assert speed_factor(mp_sf + 1) > speed_factor(mp_sf)
    assert math.isclose(float(speed_factor(mp_sf)), (1 + (mp_sf - 5) / 10) ** 1.2, abs_tol=0.005)
