"""What a ruleset's book tells Battle Value and cost about a 'Mech.

`mechlab.values.registry.value_rules` finds the `ValueRules` of a ruleset by its class.
The defaults are the Introductory rules (BV_COST.md): standard fusion engine, structure,
armor and gyro, single heat sinks, no CASE, so every explosive bin anywhere costs BV. A
ruleset whose book adds engine, armor or gyro types, CASE or electronics registers a
subclass that overrides
`value_unit` and `cost_components` (BV_STANDARD.md) — the BV and cost methods themselves
(`mechlab.values.bv`, `mechlab.values.cost`) are one code for every ruleset.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from mechlab.core.equipment import ItemKind
from mechlab.core.locations import Location
from mechlab.core.tons import ceil_half
from mechlab.values.bv_tables import constants
from mechlab.values.value_unit import Role, ValueMount, ValueUnit

if TYPE_CHECKING:
    from mechlab.model.mech import Mech, MountedItem
    from mechlab.rulesets import Ruleset

# The arm actuators a 'Mech may leave out, with their price key (BV_COST.md §3).
_ARM_ACTUATOR_PRICES = (("Upper Arm Actuator", "upper_arm_per_ton"),
                        ("Lower Arm Actuator", "lower_arm_per_ton"),
                        ("Hand Actuator", "hand_per_ton"))


class ValueRules:
    """BV and cost inputs; the defaults are the Introductory rules (BV_COST.md)."""

    # The unit types (a design's `unit:`) these rules value; another has no values (None),
    # never a wrong number (IndustrialMechs: BV_STANDARD.md's industrial factors).
    unit_types: ClassVar[frozenset[str]] = frozenset({"battlemech"})

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def not_valued(self, mech: Mech) -> str | None:
        """Why these rules give `mech` no values (a unit type they do not cover), or None."""
        if mech.unit_type in self.unit_types:
            return None
        return (f"mechlab's {self.ruleset.name} values cover "
                f"{', '.join(sorted(self.unit_types))} units, not {mech.unit_type} units yet")

    # Battle Value ---------------------------------------------------------------------------
    def value_unit(self, mech: Mech) -> ValueUnit:
        """The 'Mech as BV reads it (BV_COST.md §1)."""
        c = constants(self.ruleset)
        jump = mech.jumping_mp
        # BV_COST.md 1.2.3: running heat, or the jump heat (at least 3) with jump jets.
        move_heat = max(c.min_jump_heat, jump) if jump > 0 else c.run_heat
        mounts = tuple(self._value_mount(m, mech) for m in mech.mounts
                       if m.item.kind in (ItemKind.WEAPON, ItemKind.AMMO, ItemKind.HATCHET))
        return ValueUnit(
            tonnage=mech.tonnage, walk=mech.walking_mp, run=mech.running_mp, jump=jump,
            armor_points=mech.armor_points,
            structure_points=sum((mech.structure or {}).values()),
            heat_sinks=mech.heat_sinks, heat_capacity=mech.heat_dissipation,
            move_heat=move_heat, mounts=mounts,
            # BV_COST.md 1.1.5: 3025 has no CASE: explosive bins cost BV everywhere.
            penalized=frozenset(loc.abbreviation for loc in Location),
            gyro_factor=c.gyro_per_ton, weight_factor=c.weight_factor,
            notes={loc.abbreviation: "no CASE" for loc in Location},
        )

    def _value_mount(self, mount: MountedItem, mech: Mech) -> ValueMount:
        c = constants(self.ruleset)
        item, where = mount.item, mount.location.abbreviation
        weapon = item.weapon
        if item.kind is ItemKind.AMMO:
            assert weapon.ammo is not None
            # BV_COST.md 1.2.7: key = the weapon fed; a half-ton bin half the BV; 1.1.5: every
            # bin is one explosive slot.
            return ValueMount(mount.name, where, Role.AMMO,
                              bv=Fraction(weapon.ammo.bv, 2 if item.half_ton else 1),
                              ammo_key=weapon.name, explosive=c.explosive_per_slot)
        if item.kind is ItemKind.HATCHET:  # BV_COST.md 1.2.8: ⌈tonnage ÷ 5⌉ × 1.5
            bv = math.ceil(Fraction(mech.tonnage, 5)) * c.hatchet_per_5_tons
            return ValueMount(mount.name, where, Role.OFFENSIVE, bv=bv)
        one_shot = item.one_shot and weapon.one_shot is not None
        # BV_COST.md 1.2.1 and 1.2.4: a one-shot launcher its own BV, heat ÷ 4.
        return ValueMount(
            mount.name, where, Role.WEAPON, rear=mount.rear, in_arm=mount.location.is_arm,
            bv=Fraction(weapon.one_shot.bv if one_shot and weapon.one_shot else weapon.bv),
            heat=Fraction(weapon.heat, c.one_shot_heat_divisor if item.one_shot else 1),
            ammo_key=weapon.name if item.uses_ammo else None, one_shot=item.one_shot,
            heat_note="one-shot ÷ 4" if item.one_shot else "")

    # Cost -------------------------------------------------------------------------------------
    def cost_factors(self, mech: Mech) -> tuple[Fraction, ...]:
        """BV_COST.md §3: the multipliers in the order they apply: × (1 + tonnage ÷ 100)."""
        assert self.ruleset.costs is not None
        return (1 + Fraction(mech.tonnage, self.ruleset.costs["tonnage_divisor"]),)

    def cost_multiplier_words(self, mech: Mech) -> str:
        """The multiplier as `--explain` says it."""
        assert self.ruleset.costs is not None
        return f"(1 + tonnage ÷ {self.ruleset.costs['tonnage_divisor']})"

    def armor_cost_tons(self, mech: Mech) -> Fraction:
        """BV_COST.md 5.5: the tons the allocated points need, up to the next half ton."""
        return ceil_half(Fraction(mech.armor_points, self.ruleset.armor_points_per_ton))

    def cost_components(self, mech: Mech) -> tuple[tuple[str, Fraction], ...]:
        """BV_COST.md §3 in its order; the last, "Ammunition", is left out of the dry cost."""
        prices = self.ruleset.costs
        assert prices is not None
        tonnage, rating = mech.tonnage, mech.engine_rating
        return (
            ("Cockpit", Fraction(prices["cockpit"])),
            ("Life support", Fraction(prices["life_support"])),
            ("Sensors", Fraction(prices["sensors_per_ton"] * tonnage)),
            ("Musculature", Fraction(prices["myomer_per_ton"] * tonnage)),
            ("Internal structure", Fraction(prices["structure_per_ton"] * tonnage)),
            ("Arm actuators", self._arm_actuator_cost(mech)),
            ("Leg actuators", Fraction(prices["legs_per_ton"] * tonnage)),
            # Not rounded: 5,000 × R × T ÷ 75 may be fractional; only the total rounds.
            ("Engine", Fraction(prices["engine_factor"] * rating * tonnage,
                                prices["engine_divisor"])),
            # BV_COST.md §3: 300,000 × ⌈R ÷ 100⌉, i.e. per ton of (standard) gyro.
            ("Gyro", prices["gyro_per_100_rating"] * self.ruleset.gyro_tons(rating)),
            ("Jump jets", Fraction(prices["jump_jet_factor"] * tonnage * mech.jumping_mp ** 2)),
            # The sinks that come with the engine are free.
            ("Heat sinks", Fraction(
                prices["heat_sink"] * self.ruleset.paid_heat_sinks(mech.heat_sinks))),
            ("Armor", prices["armor_per_ton"] * self.armor_cost_tons(mech)),
            ("Weapons and equipment", self._equipment_cost(mech)),
            ("Ammunition", self._ammunition_cost(mech)),
        )

    def _arm_actuator_cost(self, mech: Mech) -> Fraction:
        prices = self.ruleset.costs
        assert prices is not None
        return Fraction(sum(prices[key] * mech.tonnage
                            for arm in (Location.LEFT_ARM, Location.RIGHT_ARM)
                            for actuator, key in _ARM_ACTUATOR_PRICES
                            if mech.has_actuator(arm, actuator)))

    def _equipment_cost(self, mech: Mech) -> Fraction:
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

    def _ammunition_cost(self, mech: Mech) -> Fraction:
        total = Fraction(0)
        for lot in mech.ammo:
            spec = lot.item.weapon.ammo
            assert spec is not None
            total += Fraction(spec.cost) / (2 if lot.item.half_ton else 1)
        return total
