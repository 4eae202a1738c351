"""C-bill cost for Introductory-tech 'Mechs (BV_COST.md §3).

Components are summed exactly, multiplied by (1 + tonnage ÷ 100), and rounded
half up once at the end. `total` includes ammunition, as the Master Unit List
publishes it; `dry` leaves ammunition out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from mechlab.bv import round_half_up
from mechlab.equipment import ItemKind
from mechlab.locations import Location
from mechlab.mech import Mech
from mechlab.tons import ceil_half


@dataclass(frozen=True)
class Cost:
    components: tuple[tuple[str, Fraction], ...]  # spec §3 order, ammunition last
    multiplier: Fraction
    total: int  # with ammunition
    dry: int  # without ammunition

    def to_dict(self) -> dict[str, object]:
        return {
            "total": self.total,
            "dry": self.dry,
            "multiplier": float(self.multiplier),
            "components": {name: float(value) for name, value in self.components},
        }


def _arm_actuators(mech: Mech) -> Fraction:
    prices = mech.ruleset.costs
    total = 0
    for arm in (Location.LEFT_ARM, Location.RIGHT_ARM):
        for actuator, key in (("Upper Arm Actuator", "upper_arm_per_ton"),
                              ("Lower Arm Actuator", "lower_arm_per_ton"),
                              ("Hand Actuator", "hand_per_ton")):
            if mech.has_actuator(arm, actuator):
                total += prices[key] * mech.tonnage
    return Fraction(total)


def _equipment(mech: Mech) -> Fraction:
    total = Fraction(0)
    for mount in mech.mounts_of(ItemKind.WEAPON, ItemKind.HATCHET):
        item = mount.item
        if item.kind is ItemKind.HATCHET:
            total += item.weapon.cost * item.tons(mech.tonnage)  # 5,000 per ton
        elif item.one_shot and item.weapon.one_shot:
            total += item.weapon.one_shot.cost  # BV_COST.md 5.1: the launcher only
        else:
            total += item.weapon.cost
    return total


def _ammunition(mech: Mech) -> Fraction:
    total = Fraction(0)
    for lot in mech.ammo:
        spec = lot.item.weapon.ammo
        assert spec is not None
        total += Fraction(spec.cost) / (2 if lot.item.half_ton else 1)
    return total


def cost(mech: Mech) -> Cost:
    prices, tonnage, rating = mech.ruleset.costs, mech.tonnage, mech.engine_rating
    # BV_COST.md 5.5: armor is priced by the tons the assigned points need.
    armor_tons = ceil_half(Fraction(mech.armor_points, mech.ruleset.armor_points_per_ton))
    components = (
        ("Cockpit", Fraction(prices["cockpit"])),
        ("Life support", Fraction(prices["life_support"])),
        ("Sensors", Fraction(prices["sensors_per_ton"] * tonnage)),
        ("Musculature", Fraction(prices["myomer_per_ton"] * tonnage)),
        ("Internal structure", Fraction(prices["structure_per_ton"] * tonnage)),
        ("Arm actuators", _arm_actuators(mech)),
        ("Leg actuators", Fraction(prices["legs_per_ton"] * tonnage)),
        ("Engine", Fraction(prices["engine_factor"] * rating * tonnage, 75)),
        ("Gyro", Fraction(prices["gyro_per_100_rating"] * math.ceil(Fraction(rating, 100)))),
        ("Jump jets", Fraction(prices["jump_jet_factor"] * tonnage * mech.jumping_mp ** 2)),
        ("Heat sinks", Fraction(prices["heat_sink"] * max(0, mech.heat_sinks - 10))),
        ("Armor", prices["armor_per_ton"] * armor_tons),
        ("Weapons and equipment", _equipment(mech)),
        ("Ammunition", _ammunition(mech)),
    )
    multiplier = 1 + Fraction(tonnage, 100)
    dry_sum = sum((value for name, value in components if name != "Ammunition"), Fraction(0))
    total_sum = dry_sum + components[-1][1]
    return Cost(components, multiplier, int(round_half_up(total_sum * multiplier)),
                int(round_half_up(dry_sum * multiplier)))
