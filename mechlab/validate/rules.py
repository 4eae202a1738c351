"""Every rule function, found by its code: a ruleset's rule list (`Ruleset.rules`) is a
tuple of codes, and each code has exactly one function here (its docstring starts with
the code)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import mechlab.validate.chassis as chassis
import mechlab.validate.equipment as equipment
from mechlab.core.findings import Finding
from mechlab.model.mech import Mech
from mechlab.rulesets import Intro, Ruleset

Rule = Callable[[Mech], Iterator[Finding]]

ALL_RULES: tuple[Rule, ...] = (
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
    chassis.armor_within_structure,
    chassis.head_armor_cap,
    chassis.armor_paid_for,
    chassis.armor_points_assigned,
    equipment.items_on_the_table,
    chassis.armor_weight_usable,
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
)


def code_of(rule: Rule) -> str:
    """The code a rule reports, from the first word of its docstring."""
    match = re.match(r"\s*([EW]-[A-Z0-9-]+):", rule.__doc__ or "")
    if match is None:
        raise ValueError(f"rule {rule.__name__} has no code in its docstring")
    return match.group(1)


RULES_BY_CODE: dict[str, Rule] = {code_of(rule): rule for rule in ALL_RULES}


def rules_of(ruleset: Ruleset | type[Ruleset]) -> tuple[Rule, ...]:
    """The ruleset's rule list as functions, in its order."""
    return tuple(RULES_BY_CODE[code] for code in ruleset.rules)


# The intro rule list as functions (the name callers used before rule lists were codes).
INTRO_RULES: tuple[Rule, ...] = rules_of(Intro)
