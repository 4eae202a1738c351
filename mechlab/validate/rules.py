"""Every rule function, found by its code: a ruleset's rule list (`Ruleset.rules`) is a
tuple of codes, and each code has exactly one function here (its docstring starts with
the code)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import mechlab.validate.advanced as advanced
import mechlab.validate.advanced_equipment as advanced_equipment
import mechlab.validate.advanced_physical as advanced_physical
import mechlab.validate.armor as armor
import mechlab.validate.armored as armored
import mechlab.validate.chassis as chassis
import mechlab.validate.config_rules as config_rules
import mechlab.validate.configurations as configurations
import mechlab.validate.equipment as equipment
import mechlab.validate.industrial as industrial
import mechlab.validate.large_engines as large_engines
import mechlab.validate.level as level
import mechlab.validate.omni as omni
import mechlab.validate.patchwork as patchwork
import mechlab.validate.physical as physical
import mechlab.validate.primitive as primitive
import mechlab.validate.ram_plate as ram_plate
import mechlab.validate.standard as standard
import mechlab.validate.standard_items as standard_items
import mechlab.validate.stealth as stealth
from mechlab.core.findings import Finding
from mechlab.model.mech import Mech
from mechlab.rulesets import Intro, Ruleset

Rule = Callable[[Mech], Iterator[Finding]]

ALL_RULES: tuple[Rule, ...] = (
    level.content_within_ruleset,
    chassis.tonnage_on_table,
    chassis.weight_not_over,
    chassis.weight_not_under,
    chassis.weight_under_allowed,
    chassis.weights_in_half_tons,
    chassis.walking_mp_at_least_one,
    chassis.engine_on_table,
    chassis.engine_matches_walking_mp,
    chassis.jump_not_over_walk,
    chassis.jump_over_walk_allowed,
    chassis.jump_jets_match_jumping_mp,
    chassis.jump_jets_in_legs_or_torso,
    chassis.heat_sink_minimum,
    chassis.heat_sinks_listed_within_total,
    chassis.heat_sinks_outside_engine,
    armor.armor_within_structure,
    armor.head_armor_cap,
    armor.armor_paid_for,
    armor.armor_points_assigned,
    equipment.items_on_the_table,
    armor.armor_weight_usable,
    equipment.items_fit_their_slots,
    equipment.explicit_slots_available,
    equipment.rear_mounts_not_in_arms,
    equipment.rear_mounts_are_weapons,
    equipment.splits_are_ac20_into_adjacent,
    equipment.arm_actuators_removed_in_order,
    equipment.arm_actuators_kept,
    equipment.ammo_for_every_class,
    equipment.ammo_not_for_one_shots,
    equipment.ammo_has_a_weapon,
    equipment.ammo_enough_shots,
    equipment.hatchets_in_arms,
    equipment.hatchets_need_hands,
    equipment.one_hatchet_per_arm,
    # STANDARD_RULES.md §0–§14
    standard.components_within_standard,
    standard.items_within_standard,
    standard.tech_base_allows_everything,
    standard.no_industrial_parts,
    industrial.industrial_components,
    industrial.industrial_items,
    industrial.industrial_fire_control,
    industrial.jump_needs_engine,
    standard.structure_slots_as_table,
    standard.armor_slots_as_table,
    standard.tsm_has_six_slots,
    standard.stealth_two_per_location,
    standard.stealth_needs_ecm,
    standard.heat_sinks_of_one_type,
    omni.omni_base_chassis_sinks,
    standard.jump_not_over_run,
    standard.jump_jets_of_one_kind,
    standard_items.one_masc,
    standard_items.one_supercharger,
    standard_items.one_targeting_computer,
    standard_items.targeting_computer_in_one_location,
    standard_items.masc_not_with_tsm,
    standard_items.masc_sized_by_tonnage,
    standard_items.targeting_computer_sized_by_weapons,
    standard_items.targeting_computer_aids_a_weapon,
    standard_items.supercharger_beside_engine,
    omni.pods_only_on_omnis,
    omni.fixed_items_not_podded,
    omni.omni_arms_free_for_heavy_weapons,
    standard_items.case_in_a_torso,
    standard_items.one_case_per_location,
    standard_items.case_protects_something,
    standard_items.artemis_one_per_launcher,
    standard_items.artemis_of_one_kind,
    physical.physical_weapons_in_arms,
    physical.physical_weapons_have_actuators,
    physical.one_physical_weapon_per_arm,
    physical.quads_mount_no_arm_items,
    standard_items.items_where_they_may_go,
    standard_items.items_exist_in_the_era,
    # ADVANCED_COMPONENTS.md
    advanced.gyro_none_needs_interface_cockpit,
    # lane armored: armored components and turrets (docs/advanced.md)
    armored.armored_slots_hold_components,
    armored.interface_cockpit_not_armored,
    armored.head_turret_placed,
    armored.shoulder_turret_placed,
    armored.quad_turret_placed,
    armored.turret_items_in_a_turret,
    # lane physical: ADVANCED_EQUIPMENT.md §3, §4.1 (shields, talons, AES)
    advanced_physical.one_shield_per_arm,
    advanced_physical.talons_in_the_legs,
    advanced_physical.aes_in_arms_and_legs,
    advanced_physical.one_aes_per_limb,
    advanced_physical.aes_in_every_leg,
    advanced_physical.aes_slots,
    advanced_physical.aes_not_with_masc,
    advanced_physical.aes_not_with_targeting_computer,
    advanced_physical.aes_with_advanced_myomer,
    # lane stealth: ADVANCED_EQUIPMENT.md §4.2, §4.6, §5, §6
    # lane patchwork: patchwork armor (docs/advanced.md)
    patchwork.patchwork_types_named,
    patchwork.patchwork_slots_in_place,
    ram_plate.ram_plate_on_a_quad,
    ram_plate.ram_plate_on_reinforced_structure,
    ram_plate.pulse_modules_on_lasers,
    stealth.signature_systems_alone,
    stealth.void_signature_needs_ecm,
    stealth.one_of_each_spread_item,
    stealth.partial_wing_not_with_booster,
    stealth.partial_wing_not_on_quads,
    stealth.umus_not_with_jump_jets,
    stealth.umus_in_torso_or_legs,
    stealth.harjel_not_in_cockpit_location,
    stealth.harjel_repair_of_one_kind,
    stealth.one_harjel_per_location,
    stealth.harjel_over_its_armors,
    stealth.modular_armor_not_in_head,
    stealth.one_modular_armor_per_location,
    stealth.mass_in_cockpit_location,
    # lane primitive: ADVANCED_COMPONENTS.md §7.1
    primitive.primitive_not_omni,
    primitive.primitive_structure,
    primitive.primitive_engine,
    primitive.primitive_myomer,
    primitive.primitive_armor,
    # CONFIGURATIONS.md (lane configs)
    configurations.superheavy_gyro,
    configurations.superheavy_jump,
    configurations.shared_slots,
    configurations.cockpit_matches_configuration,  # lane sheets3
    # lane lam: what a configuration may build (CONFIGURATIONS.md §3, lam.yaml)
    config_rules.config_tonnage,
    config_rules.config_jump,
    config_rules.config_omni,
    config_rules.config_components,
    config_rules.config_items,
    config_rules.config_whole_items,
    config_rules.config_arm_actuators,
    # lane artillery: ADVANCED_EQUIPMENT.md §2, §5, §6
    advanced_equipment.artillery_in_torso_or_arm,
    advanced_equipment.c3_networks_do_not_mix,
    advanced_equipment.fusion_only_items,
    advanced_equipment.laser_insulators_on_lasers,
    advanced_equipment.items_in_the_cockpit_location,
    advanced_equipment.drone_console_without_command_console,
    # lane bv97: large engines (ADVANCED_COMPONENTS.md §1.1)
    large_engines.large_engine_type,
)


def code_of(rule: Rule) -> str:
    """The code a rule reports, from the first word of its docstring."""
    match = re.match(r"\s*([EWR]-[A-Z0-9-]+):", rule.__doc__ or "")
    if match is None:
        raise ValueError(f"rule {rule.__name__} has no code in its docstring")
    return match.group(1)


RULES_BY_CODE: dict[str, Rule] = {code_of(rule): rule for rule in ALL_RULES}


def rules_of(ruleset: Ruleset | type[Ruleset]) -> tuple[Rule, ...]:
    """The ruleset's rule list as functions, in its order."""
    return tuple(RULES_BY_CODE[code] for code in ruleset.rules)


# The intro rule list as functions (the name callers used before rule lists were codes).
INTRO_RULES: tuple[Rule, ...] = rules_of(Intro)
