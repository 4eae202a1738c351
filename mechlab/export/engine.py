"""Mech → the JSON that game engines load (`mechlab build` writes `X.json`).

Deterministic: the same design gives byte-identical JSON (fixed key order, no
timestamps, exact half-ton weights).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from mechlab.bv import battle_value
from mechlab.bv_report import bv_dict
from mechlab.cost import cost
from mechlab.equipment import ItemKind
from mechlab.errors import DesignError
from mechlab.export import schema as s
from mechlab.locations import Location
from mechlab.mech import Mech, MountedItem, Slot, SlotKind
from mechlab.tons import json_tons
from mechlab.validate import Finding, is_legal


def engine_unit(mech: Mech, findings: list[Finding]) -> s.EngineUnit:
    design = mech.design
    pilot = design.pilot
    ruleset = mech.ruleset
    gunnery, piloting = ruleset.pilot_skills(pilot)
    return s.EngineUnit(
        format="mechlab-engine",
        format_version=s.FORMAT_VERSION,
        chassis=design.chassis,
        model=design.model,
        name=mech.name,
        tonnage=mech.tonnage,
        weight_class=mech.weight_class,
        ruleset=mech.ruleset.name,
        source=design.source,
        legal=is_legal(findings),
        findings=[s.FindingData(**f.to_dict()) for f in findings],  # type: ignore[arg-type]
        movement=s.Movement(
            walking_mp=mech.walking_mp, running_mp=mech.running_mp, jumping_mp=mech.jumping_mp
        ),
        movement_heat=s.MovementHeat(
            walking=ruleset.walking_heat, running=ruleset.running_heat,
            jumping_per_hex=ruleset.jumping_heat_per_hex,
            jumping_minimum=ruleset.minimum_jumping_heat,
        ),
        engine=s.EngineData(
            type="fusion",
            rating=mech.engine_rating,
            maker=mech.engine_maker,
            tons=json_tons(mech.engine.tons) if mech.engine else None,
        ),
        heat_sinks=_heat_sinks(mech),
        armor=_armor(mech),
        armor_tons=json_tons(mech.armor_tons),
        internal_structure=(
            {loc.value: n for loc, n in mech.structure.items()} if mech.structure else None
        ),
        critical_slots={
            loc.value: [_slot(slot) for slot in mech.critical_slots[loc]] for loc in mech.locations
        },
        weapons=[_weapon(mech, m) for m in mech.weapons],
        ammunition=[_ammo(m) for m in mech.ammo],
        physical_attacks=_physical(mech),
        pilot=s.PilotData(name=pilot.name if pilot else "", gunnery=gunnery, piloting=piloting),
        weights=[
            s.WeightLine(component=line.label,
                         tons=json_tons(line.tons) if line.tons is not None else None)
            for line in mech.weights
        ],
        total_tons=json_tons(mech.total_tons) if mech.total_tons is not None else None,
        **_values(mech, gunnery, piloting),
    )


def _values(mech: Mech, gunnery: int, piloting: int) -> dict[str, Any]:
    """Battle Value and cost; null where the ruleset's book has none (RULES.md §2: the
    1984 book has no BV or prices), never invented."""
    bv = battle_value(mech) if mech.ruleset.has_battle_value else None
    price = cost(mech) if mech.ruleset.has_cost else None
    return {
        "battle_value": bv.base if bv else None,
        "battle_value_pilot": bv.adjusted(mech, gunnery, piloting) if bv else None,
        "battle_value_breakdown": bv_dict(bv) if bv else None,
        "cost": price.total if price else None,
        "cost_dry": price.dry if price else None,
        "cost_breakdown": price.to_dict() if price else None,
    }


def schema_gap(mech: Mech) -> str | None:
    """What of this 'Mech the engine schema v2 cannot carry (a Standard design's engine,
    structure, armor or sink type, a quad, an OmniMech, equipment beyond weapons), or None.
    Until the next schema version, such a 'Mech gets no JSON rather than a wrong one."""
    design = mech.design
    gaps = [f"{what} {value}" for what, value, plain in (
        ("tech base", design.tech_base, "inner_sphere"), ("configuration", design.config,
                                                          "biped"),
        ("engine", design.engine.type, "standard"), ("gyro", design.gyro, "standard"),
        ("cockpit", design.cockpit, "standard"), ("structure", design.structure.type,
                                                  "standard"),
        ("armor", design.armor.type, "standard"), ("heat sinks", design.heat_sinks.type,
                                                   "single"),
        ("myomer", design.myomer.type, "standard")) if value != plain]
    gaps += ["OmniMech"] if design.omni else []
    gaps += sorted({m.name for m in mech.mounts if m.item.kind not in _SLOT_KIND})
    if not gaps:
        return None
    return (f"engine JSON (schema v2) cannot carry {', '.join(gaps)} yet; "
            "build the sheet with --format pdf or html")


def engine_json(mech: Mech, findings: list[Finding]) -> str:
    """The engine JSON text: stable key order, two-space indent, final newline."""
    gap = schema_gap(mech)
    if gap is not None:
        raise DesignError(mech.name, [gap])
    data = engine_unit(mech, findings).model_dump(mode="json")
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _heat_sinks(mech: Mech) -> s.HeatSinks:
    return s.HeatSinks(
        count=mech.heat_sinks,
        integral=mech.integral_heat_sinks,
        dissipation=mech.heat_dissipation,
        slotted=[ref for m in mech.slotted_heat_sinks for ref in _refs(m)],
    )


def _armor(mech: Mech) -> dict[str, s.LocationArmor]:
    return {
        loc.value: s.LocationArmor(
            front=mech.armor_front(loc),
            rear=mech.armor_rear(loc) if loc.has_rear_armor else None,
        )
        for loc in mech.locations
    }


def _refs(mount: MountedItem) -> list[s.SlotRef]:
    return [s.SlotRef(location=loc.value, slot=i + 1) for loc, i in mount.placement]  # type: ignore[arg-type]


_SLOT_KIND = {
    ItemKind.WEAPON: "weapon",
    ItemKind.AMMO: "ammo",
    ItemKind.HEAT_SINK: "heat_sink",
    ItemKind.JUMP_JET: "jump_jet",
    ItemKind.HATCHET: "hatchet",
}


def _slot(slot: Slot) -> s.CriticalSlot:
    if slot.kind is SlotKind.EMPTY:
        return s.CriticalSlot(slot=slot.index + 1, kind="empty", name=None)
    if slot.mount is None:
        return s.CriticalSlot(slot=slot.index + 1, kind="fixed", name=slot.name)
    return s.CriticalSlot(
        slot=slot.index + 1,
        kind=_SLOT_KIND[slot.mount.item.kind],  # type: ignore[arg-type]
        name=slot.name,
        mount=slot.mount.id,
        shots=slot.mount.item.shots,
    )


def _arc(mount: MountedItem) -> str:
    # RULES.md 1.6: rear mounts fire rear; a split weapon uses the torso's arc.
    if mount.rear:
        return "rear"
    if all(loc.is_arm for loc in mount.locations):
        return mount.location.value
    return "front"


def _weapon(mech: Mech, mount: MountedItem) -> s.WeaponData:
    item, weapon = mount.item, mount.item.weapon
    hatchet = item.kind is ItemKind.HATCHET
    ranges = None
    if weapon.ranges:
        short, medium, long = weapon.ranges
        ranges = s.Ranges(
            short=s.RangeBracket(min=1, max=short),
            medium=s.RangeBracket(min=short + 1, max=medium),
            long=s.RangeBracket(min=medium + 1, max=long),
        )
    feeds = [m.id for m in mech.ammo if m.item.weapon is weapon] if item.uses_ammo else []
    return s.WeaponData(
        id=mount.id,
        name=mount.name,
        type=weapon.type,
        location=mount.location.value,  # type: ignore[arg-type]
        rear=mount.rear,
        arc=_arc(mount),  # type: ignore[arg-type]
        heat=weapon.heat,
        damage=mech.hatchet_damage if hatchet else weapon.damage,
        damage_per="missile" if weapon.missiles else "shot",
        missiles=weapon.missiles,
        minimum_range=weapon.minimum,
        ranges=ranges,
        one_shot=item.one_shot,
        ammo=feeds,
        slots=_refs(mount),
    )


def _ammo(mount: MountedItem) -> s.AmmoLot:
    return s.AmmoLot(
        id=mount.id,
        name=mount.name,
        weapon=mount.item.weapon.name,
        location=mount.location.value,  # type: ignore[arg-type]
        slot=mount.placement[0][1] + 1 if mount.placement else None,
        shots=mount.item.shots or 0,
        tons=json_tons(mount.tons),
    )


def _physical(mech: Mech) -> s.PhysicalAttacks:
    arms = (Location.LEFT_ARM, Location.RIGHT_ARM)
    hands = all(mech.has_hand(arm) for arm in arms)
    return s.PhysicalAttacks(
        punch={
            arm.value: s.Punch(
                damage=mech.punch_damage(arm),
                to_hit_modifier=0 if mech.has_hand(arm) else 1,
            )
            for arm in arms
        },
        kick=mech.kick_damage,
        club=mech.kick_damage if hands else None,
        hatchets=[
            s.Hatchet(location=m.location.value, damage=mech.hatchet_damage)  # type: ignore[arg-type]
            for m in mech.mounts_of(ItemKind.HATCHET)
        ],
        charge_damage_per_hex=float(Fraction(mech.charge_damage_per_hex)),
        death_from_above=s.DeathFromAbove(
            target_damage=mech.death_from_above_damage, attacker_leg_damage=mech.kick_damage
        ),
    )
