"""The rule list of the `intro` ruleset, in the order of RULES.md §1."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from mechlab.mech import Mech
from mechlab.validate import chassis, equipment
from mechlab.validate.findings import Finding

Rule = Callable[[Mech], Iterator[Finding]]

INTRO_RULES: tuple[Rule, ...] = (
    chassis.tonnage_on_table,
    chassis.weight_not_over,
    chassis.weight_not_under,
    chassis.weights_in_half_tons,
    chassis.walking_mp_at_least_one,
    chassis.engine_on_table,
    chassis.jump_not_over_walk,
    chassis.jump_jets_match_jumping_mp,
    chassis.jump_jets_in_legs_or_torso,
    chassis.heat_sink_minimum,
    chassis.heat_sinks_listed_within_total,
    chassis.heat_sinks_outside_engine,
    chassis.armor_within_structure,
    chassis.head_armor_cap,
    chassis.armor_paid_for,
    chassis.armor_points_assigned,
    chassis.armor_weight_usable,
    equipment.items_fit_their_slots,
    equipment.explicit_slots_available,
    equipment.rear_mounts_not_in_arms,
    equipment.rear_mounts_are_weapons,
    equipment.splits_are_ac20_into_adjacent,
    equipment.arm_actuators_removed_in_order,
    equipment.ammo_for_every_class,
    equipment.ammo_not_for_one_shots,
    equipment.ammo_has_a_weapon,
    equipment.ammo_enough_shots,
    equipment.hatchets_in_arms,
    equipment.hatchets_need_hands,
    equipment.one_hatchet_per_arm,
)
