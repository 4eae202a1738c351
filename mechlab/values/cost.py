"""C-bill cost for Introductory-tech 'Mechs (BV_COST.md §3).

Components are summed exactly, multiplied by (1 + tonnage ÷ 100), and rounded
half up once at the end. `total` includes ammunition, as the Master Unit List
publishes it; `dry` leaves ammunition out.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from mechlab.core.equipment import ItemKind
from mechlab.core.locations import Location
from mechlab.core.rounding import round_half_up
from mechlab.core.tons import ceil_half
from mechlab.model.mech import Mech
from mechlab.rulesets.base import HAND_ACTUATOR, LOWER_ARM_ACTUATOR, UPPER_ARM_ACTUATOR


@dataclass(frozen=True)
class Cost:
    """BV_COST.md §3: the components in spec order (ammunition last), exact, and the totals."""

    components: tuple[tuple[str, Fraction], ...]
    armor_tons: Fraction  # BV_COST.md 5.5: from the allocated points, up to the next half ton
    multiplier: Fraction  # 1 + tonnage ÷ 100
    dry_sum: Fraction  # Σ components without ammunition, before the multiplier
    total_sum: Fraction  # Σ components with ammunition, before the multiplier
    total: int  # with ammunition (as Sarna and the MUL publish it), rounded half up once
    dry: int  # without ammunition

    def component(self, name: str) -> Fraction:
        return dict(self.components)[name]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: integers for the totals, floats (2 decimals) for the components."""
        return {
            "total": self.total,
            "dry": self.dry,
            "multiplier": float(self.multiplier),
            "armor_tons": float(self.armor_tons),
            "sum": round(float(self.total_sum), 2),
            "dry_sum": round(float(self.dry_sum), 2),
            "components": {name: round(float(value), 2) for name, value in self.components},
        }


def _arm_actuators(mech: Mech) -> Fraction:
    prices = mech.ruleset.costs
    assert prices is not None
    total = 0
    for arm in (Location.LEFT_ARM, Location.RIGHT_ARM):
        for actuator, key in ((UPPER_ARM_ACTUATOR, "upper_arm_per_ton"),
                              (LOWER_ARM_ACTUATOR, "lower_arm_per_ton"),
                              (HAND_ACTUATOR, "hand_per_ton")):
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


class NoCostError(ValueError):
    """The 'Mech's ruleset defines no C-bill prices (the 1984 book has none)."""


def _components(mech: Mech, armor_tons: Fraction) -> tuple[tuple[str, Fraction], ...]:
    ruleset, tonnage, rating = mech.ruleset, mech.tonnage, mech.engine_rating
    prices = ruleset.costs
    assert prices is not None
    return (
        ("Cockpit", Fraction(prices["cockpit"])),
        ("Life support", Fraction(prices["life_support"])),
        ("Sensors", Fraction(prices["sensors_per_ton"] * tonnage)),
        ("Musculature", Fraction(prices["myomer_per_ton"] * tonnage)),
        ("Internal structure", Fraction(prices["structure_per_ton"] * tonnage)),
        ("Arm actuators", _arm_actuators(mech)),
        ("Leg actuators", Fraction(prices["legs_per_ton"] * tonnage)),
        # Not rounded: 5,000 × R × T ÷ 75 may be fractional; only the total rounds.
        ("Engine", Fraction(prices["engine_factor"] * rating * tonnage, prices["engine_divisor"])),
        # BV_COST.md §3: 300,000 × ⌈R ÷ 100⌉, i.e. per ton of (standard) gyro.
        ("Gyro", prices["gyro_per_100_rating"] * ruleset.gyro_tons(rating)),
        ("Jump jets", Fraction(prices["jump_jet_factor"] * tonnage * mech.jumping_mp ** 2)),
        # The sinks that come with the engine are free.
        ("Heat sinks", Fraction(prices["heat_sink"] * ruleset.paid_heat_sinks(mech.heat_sinks))),
        ("Armor", prices["armor_per_ton"] * armor_tons),
        ("Weapons and equipment", _equipment(mech)),
        ("Ammunition", _ammunition(mech)),
    )


def cost(mech: Mech) -> Cost:
    """BV_COST.md §3: the C-bill cost of a resolved 'Mech, with and without ammunition.

    `NoCostError` when the ruleset has no prices (check `ruleset.has_cost`).
    """
    prices = mech.ruleset.costs
    if prices is None:
        raise NoCostError(f"the {mech.ruleset.name} ruleset defines no C-bill cost")
    # BV_COST.md 5.5: armor is priced by the tons the assigned points need, not tons declared.
    armor_tons = ceil_half(Fraction(mech.armor_points, mech.ruleset.armor_points_per_ton))
    components = _components(mech, armor_tons)
    multiplier = 1 + Fraction(mech.tonnage, prices["tonnage_divisor"])
    dry_sum = sum((value for name, value in components if name != "Ammunition"), Fraction(0))
    total_sum = sum((value for _, value in components), Fraction(0))
    return Cost(components, armor_tons, multiplier, dry_sum, total_sum,
                total=int(round_half_up(total_sum * multiplier)),
                dry=int(round_half_up(dry_sum * multiplier)))
