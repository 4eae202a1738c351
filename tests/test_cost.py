"""C-bill cost (BV_COST.md §3): the worked examples component by component, and the rules."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bv import ATLAS, CATAPULT, LOCUST, NO_LOWER_ARMS, mech

from mechlab.values.cost import Cost, cost


def cost_of(data: dict[str, Any], **changes: Any) -> Cost:
    return cost(mech(data, **changes))


def custom(tonnage: int, walk: int, equipment: list[dict[str, Any]] = (), **more: Any) -> Cost:
    return cost_of({"chassis": "Test", "tonnage": tonnage, "walking_mp": walk,
                    "equipment": list(equipment), **more})


ORDER = ["Cockpit", "Life support", "Sensors", "Musculature", "Internal structure",
         "Arm actuators", "Leg actuators", "Engine", "Gyro", "Jump jets", "Heat sinks", "Armor",
         "Weapons and equipment", "Ammunition"]


def test_components_in_spec_order():
    assert [name for name, _ in cost_of(ATLAS).components] == ORDER


def test_atlas_as7d_cost():
    price = cost_of(ATLAS)
    assert dict(price.components) == {
        "Cockpit": 200_000, "Life support": 50_000, "Sensors": 200_000, "Musculature": 200_000,
        "Internal structure": 40_000, "Arm actuators": 46_000, "Leg actuators": 70_000,
        "Engine": 2_000_000, "Gyro": 900_000, "Jump jets": 0, "Heat sinks": 20_000,
        "Armor": 190_000, "Weapons and equipment": 790_000, "Ammunition": 107_000}
    assert price.armor_tons == 19  # 304 points ÷ 16
    assert price.component("Arm actuators") + price.component("Leg actuators") == 116_000
    assert (price.total_sum, price.multiplier) == (4_813_000, 2)
    assert (price.total, price.dry) == (9_626_000, 9_412_000)


def test_catapult_cplt_c1_cost():
    price = cost_of(CATAPULT)
    parts = dict(price.components)
    assert parts["Arm actuators"] + parts["Leg actuators"] == 58_500  # 13,000 + 45,500
    assert parts["Engine"] == Fraction(3_380_000, 3)  # 1,126,666.67, not rounded
    assert (parts["Gyro"], parts["Jump jets"], parts["Heat sinks"]) == (900_000, 208_000, 10_000)
    assert (parts["Armor"], parts["Weapons and equipment"], parts["Ammunition"]) == (
        100_000, 510_000, 60_000)
    assert round(float(price.total_sum), 2) == 3_509_166.67
    assert price.multiplier == Fraction("1.65")
    assert (price.total, price.dry) == (5_790_125, 5_691_125)


def test_locust_lct_1v_cost_matches_the_published_figure():
    price = cost_of(LOCUST)
    parts = dict(price.components)
    assert parts["Arm actuators"] + parts["Leg actuators"] == 18_000
    assert (parts["Engine"], parts["Gyro"]) == (Fraction(640_000, 3), 600_000)
    assert (parts["Armor"], parts["Weapons and equipment"], parts["Ammunition"]) == (
        40_000, 50_000, 1_000)
    assert round(float(price.total_sum), 2) == 1_260_333.33
    assert price.total == 1_512_400  # Sarna's Locust infobox (with ammunition)
    assert price.dry == 1_511_200


def test_awesome_aws_8va_dry_cost():
    # BV_COST.md 4.9: 80 t, 240 fusion, 12 sinks, 240 armor points (15 t), LRM 15 + 3 AC/5 +
    # Small Laser; left arm full, right arm without hand. The export prints the dry cost.
    price = custom(80, 3, [
        {"item": "LRM 15", "location": "left_torso"},
        {"item": "AC/5", "location": "right_arm"},
        {"item": "AC/5", "location": "right_torso", "count": 2},
        {"item": "Small Laser", "location": "head"},
        {"item": "Ammo (AC/5)", "location": "right_torso", "count": 2},
        {"item": "Ammo (LRM 15)", "location": "left_torso", "count": 2}],
        heat_sinks=12, actuators={"right_arm": {"lower_arm": True, "hand": False}},
        armor={"head": 9, "center_torso": {"front": 34, "rear": 10},
               "left_torso": {"front": 24, "rear": 8}, "right_torso": {"front": 24, "rear": 8},
               "left_arm": 24, "right_arm": 24, "left_leg": 37, "right_leg": 38})
    assert price.armor_tons == 15
    assert price.dry_sum == 3_583_650
    assert price.dry == 6_450_570


def test_cyclops_cp_10_zr_dry_cost():
    # BV_COST.md 4.9: 90 t, 360 fusion, 15 sinks, 256 armor points (16 t), PPC + LRM 15 + 4 ML.
    price = custom(90, 4, [
        {"item": "PPC", "location": "right_arm"},
        {"item": "LRM 15", "location": "left_torso"},
        {"item": "Ammo (LRM 15)", "location": "left_torso", "count": 2},
        {"item": "Medium Laser", "location": "center_torso", "count": 2},
        {"item": "Medium Laser", "location": "left_arm", "count": 2}],
        heat_sinks=15,
        armor={"head": 9, "center_torso": {"front": 40, "rear": 12},
               "left_torso": {"front": 28, "rear": 8}, "right_torso": {"front": 28, "rear": 8},
               "left_arm": 24, "right_arm": 24, "left_leg": 37, "right_leg": 38})
    assert price.armor_tons == 16
    assert price.component("Gyro") == 1_200_000  # ceil(360 ÷ 100) = 4
    assert price.dry_sum == 4_815_400
    assert price.dry == 9_149_260


def test_rounds_half_up_once_at_the_end():
    # 25 t, 75 fusion, one Small Laser: Σ × 1.25 = 1,031,562.5 exactly.
    price = custom(25, 3, [{"item": "Small Laser", "location": "left_torso"}])
    assert price.total_sum * price.multiplier == Fraction(2_063_125, 2)
    assert price.total == 1_031_563 and round(1_031_562.5) == 1_031_562


def test_armor_priced_by_allocated_points_not_declared_tons():
    armor = {**CATAPULT["armor"], "head": 8, "tons": 12}  # 159 points bought with 12 t
    price = cost_of(CATAPULT, armor=armor)
    assert price.armor_tons == 10 and price.component("Armor") == 100_000
    one_more = {**CATAPULT["armor"], "head": 9, "left_arm": 14}  # 161 points → 10.5 t
    assert cost_of(CATAPULT, armor=one_more).component("Armor") == 105_000


def test_arm_actuators_only_those_present():
    full = custom(50, 4).component("Arm actuators")
    bare = custom(50, 4, actuators=NO_LOWER_ARMS).component("Arm actuators")
    no_hand = custom(50, 4, actuators={"left_arm": {"hand": False}}).component("Arm actuators")
    assert (full, bare, no_hand) == (2 * 230 * 50, 2 * 100 * 50, 2 * 230 * 50 - 80 * 50)


def test_jump_jets_heat_sinks_hatchet_one_shot_and_half_ton_ammo():
    price = custom(55, 5, [{"item": "Hatchet", "location": "right_arm"},
                           {"item": "SRM 6 (OS)", "location": "left_torso"},
                           {"item": "Machine Gun", "location": "left_arm"},
                           {"item": "Ammo (Machine Gun) (1/2)", "location": "left_torso"}],
                   jumping_mp=5, heat_sinks=13)
    assert price.component("Jump jets") == 200 * 55 * 5**2
    assert price.component("Heat sinks") == 3 * 2_000  # the first 10 are free
    # Hatchet 5,000 × ceil(55 ÷ 15) = 20,000; SRM 6 (OS): the launcher only (BV_COST.md 5.1).
    assert price.component("Weapons and equipment") == 20_000 + 40_000 + 5_000
    assert price.component("Ammunition") == 500
    assert price.total - price.dry == 775  # 500 × 1.55


def test_listed_heat_sinks_cost_the_same_as_auto_placed_ones():
    # `heat_sinks` is the total; listing the 5 that need slots only places them.
    listed = [*CATAPULT["equipment"],
              {"item": "Heat Sink", "location": "left_leg", "count": 2},
              {"item": "Heat Sink", "location": "right_leg", "count": 2},
              {"item": "Heat Sink", "location": "head"}]
    assert cost_of(CATAPULT, equipment=listed).total == cost_of(CATAPULT).total == 5_790_125


def test_breakdown_is_json_ready():
    data = cost_of(CATAPULT).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert (data["total"], data["dry"], data["multiplier"]) == (5_790_125, 5_691_125, 1.65)
    assert data["components"]["Engine"] == 1_126_666.67


@pytest.mark.parametrize("tonnage", [20, 50, 75, 100])
def test_cost_grows_with_engine_rating_at_each_tonnage(tonnage):
    costs = [custom(tonnage, walk).total for walk in range(1, 400 // tonnage + 1)]
    assert costs == sorted(costs) and len(set(costs)) == len(costs)


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(range(20, 101, 5)), st.data())
def test_cost_grows_with_engine_rating(tonnage, data):
    top = 400 // tonnage
    walk = data.draw(st.integers(1, top - 1))
    faster = data.draw(st.integers(walk + 1, top))
    assert custom(tonnage, faster).total > custom(tonnage, walk).total


@pytest.mark.parametrize(("design", "words", "factor"), [
    ("examples/catapult.yaml", "(1 + tonnage ÷ 100)", Fraction("1.65")),
    ("tests/data/standard/cataphract-ctf-5d.yaml", "(1 + tonnage ÷ 100)", Fraction("1.7")),
    # BV_STANDARD.md §6.7: omni = 1.25 for OmniMechs; Timber Wolf 75 t: 1.25 × 1.75
    ("tests/data/standard/timber-wolf-prime.yaml", "1.25 (OmniMech) × (1 + tonnage ÷ 100)",
     Fraction("2.1875")),
    ("tests/data/standard/heavy-lifter-hcl-1.yaml", "(1 + tonnage ÷ 400: an IndustrialMech)",
     Fraction("1.15"))])
def test_the_explained_multiplier_names_only_the_factors_that_apply(design, words, factor):
    """Issue 31: `bv --explain` said "(Omni × 1.25)" of every 'Mech, Omni or not."""
    from pathlib import Path

    from mechlab.files.load import load_design
    from mechlab.model.resolve import resolve
    from mechlab.values.bv_report import explain_cost

    price = cost(resolve(load_design(Path(__file__).parent.parent / design)))
    assert price.multiplier == factor
    line = next(line for line in explain_cost(price) if "multiplier" in line)
    assert line == f"  multiplier {words} = × {float(factor):g}"
