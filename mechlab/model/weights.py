"""A resolved 'Mech's weights (RULES.md 1.1-1.5, STANDARD_RULES.md): the armor it buys and
the weight list in the order of the ruleset's worked example, exact (`Fraction`s)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from mechlab.core.design import Design
from mechlab.core.equipment import ItemKind
from mechlab.core.tons import ceil_half, tons, total
from mechlab.core.weight_groups import WeightGroup
from mechlab.model.mech import Mech, WeightLine
from mechlab.rulesets import Ruleset


def armor_tons(design: Design, ruleset: Ruleset) -> Fraction:
    """The armor tons the design buys: as it states them, else the least that holds its
    points."""
    if design.armor.tons is not None:
        return tons(design.armor.tons)
    # RULES.md 1.5: 16 points a ton (STANDARD_RULES.md §6.1: the type's; patchwork: each
    # location's type's, summed), in half tons.
    return ceil_half(ruleset.armor_weight(design))


def with_weights(mech: Mech) -> Mech:
    """The weight breakdown, in the order of the ruleset's worked example."""
    ruleset = mech.ruleset
    equipment = total(
        m.tons for m in mech.mounts if m.item.kind not in (ItemKind.HEAT_SINK, ItemKind.JUMP_JET))
    sinks = ruleset.heat_sink_tons(mech.design) * ruleset.paid_heat_sinks(mech.heat_sinks,
                                                                          mech.design)
    amplifiers = ruleset.power_amplifier_tons(mech.design, [m.item for m in mech.mounts])
    lines = {line.group: line for line in (
        WeightLine(WeightGroup.STRUCTURE, ruleset.structure_weight(mech.design), "tonnage"),
        WeightLine(WeightGroup.COCKPIT, ruleset.cockpit_weight(mech.design), "tonnage"),
        WeightLine(WeightGroup.ENGINE, mech.engine.tons if mech.engine else None, "walking_mp"),
        WeightLine(WeightGroup.GYRO, ruleset.gyro_weight(mech.design, mech.engine_rating),
                   "walking_mp"),
        # Every jet weighs, also those listed beyond the declared Jumping MP (E-JUMP-JETS).
        WeightLine(WeightGroup.JUMP_JETS,
                   mech.jump_jet_tons * max(mech.jumping_mp, len(mech.jump_jets)), "jumping_mp"),
        WeightLine(WeightGroup.HEAT_SINKS, sinks, "heat_sinks"),
        WeightLine(WeightGroup.ARMOR, mech.armor_tons, "armor"),
        WeightLine(WeightGroup.EQUIPMENT, equipment, "equipment"),
    )}
    order = ruleset.weight_order
    # A slot is armored where the design's `armored_slots` or an armored entry says so.
    armored = ruleset.armored_component_tons(
        slot for slots in mech.critical_slots.values() for slot in slots
    ) if mech.design.armored_slots or any(m.armored for m in mech.mounts) else Fraction(0)
    if armored:  # a line only where a slot is armored
        lines[WeightGroup.ARMORED_COMPONENTS] = WeightLine(
            WeightGroup.ARMORED_COMPONENTS, armored, "armored_slots")
        order = (*order, WeightGroup.ARMORED_COMPONENTS)
    conversion = ruleset.conversion_tons(mech.design)
    if conversion:  # a line only for a configuration that converts (CONFIGURATIONS.md §3.4)
        lines[WeightGroup.CONVERSION] = WeightLine(WeightGroup.CONVERSION, conversion, "config")
        order = (*order, WeightGroup.CONVERSION)
    if amplifiers:  # a line only where the engine needs them (no 0 t line elsewhere)
        lines[WeightGroup.POWER_AMPLIFIERS] = WeightLine(
            WeightGroup.POWER_AMPLIFIERS, amplifiers, "engine.type")
        order = (*order, WeightGroup.POWER_AMPLIFIERS)
    return replace(mech, weights=tuple(lines[c] for c in order))
