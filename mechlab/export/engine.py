"""Mech → the JSON that game engines load (`mechlab build` writes `X.json`).

Deterministic: the same design gives byte-identical JSON (fixed key order, no
timestamps, exact half-ton weights).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, cast, get_args

from mechlab.assess import Assessment
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.core.state import DamageState
from mechlab.core.tons import json_tons
from mechlab.export import schema as s
from mechlab.model.mech import Mech, MountedItem, Slot, SlotKind
from mechlab.model.movement import movement
from mechlab.rulesets import catalogue_ruleset
from mechlab.values.bv_report import bv_dict


def engine_unit(assessed: Assessment, state: DamageState | None = None) -> s.EngineUnit:
    """The engine JSON's model of an assessed 'Mech: what it is, how it is built, where
    its slots and weapons are, its values, and what it has lost in play when a `state` is
    given (the schema fixes the key order)."""
    mech = assessed.mech
    pilot = mech.design.pilot
    gunnery, piloting = mech.ruleset.pilot_skills(pilot)
    return s.EngineUnit(
        **_identity(assessed),
        **_construction(mech),
        **_slots_and_gear(mech),
        pilot=s.PilotData(name=pilot.name if pilot else "", gunnery=gunnery, piloting=piloting),
        **_values(assessed, gunnery, piloting),
        alpha_strike=_alpha_strike(assessed, gunnery),
        state=None if state is None else s.StateData.model_validate(
            state.model_dump(mode="json")),
    )


def _identity(assessed: Assessment) -> dict[str, Any]:
    """The format, the names, the ruleset's words for the design, and the verdict."""
    mech = assessed.mech
    design = mech.design
    ruleset = mech.ruleset
    return {
        "format": "mechlab-engine",
        "format_version": s.FORMAT_VERSION,
        "chassis": design.chassis,
        "model": design.model,
        "name": mech.name,
        "tonnage": mech.tonnage,
        "weight_class": mech.weight_class,
        "ruleset": ruleset.name,
        "source": design.source,
        "mul_id": design.mul_id,
        "quirks": list(design.quirks),
        "weapon_quirks": [s.WeaponQuirkData.model_validate(q.model_dump(mode="json"))
                          for q in design.weapon_quirks],
        "tech_base": design.tech_base,
        "tech_base_title": ruleset.tech_base_title(design),
        "rules_level": assessed.rules_level.level,
        "rules_level_set_by": list(assessed.rules_level.set_by),
        "declared_rules_level": assessed.declared_rules_level,
        "year": design.era,
        "unit_type": design.unit,
        "configuration": design.config,
        "omni": design.omni,
        "legal": assessed.legal,
        "findings": [s.FindingData.model_validate(f.to_dict()) for f in assessed.findings],
    }


def _movement(mech: Mech) -> s.Movement:
    """Walking, running and jumping MP as the 'Mech moves (model/movement.py, the sheet's
    numbers): a partial wing's jump MP, what shields take, the UMU MP, a QuadVee's
    vehicle mode, a LAM's other modes."""
    mp = movement(mech)
    vehicle = None
    if mp.vehicle is not None:
        vehicle = s.VehicleMovement(
            motive="wheels" if mp.vehicle.motive == "Wheels" else "tracks",
            cruise_mp=mp.vehicle.cruise_mp, flank_mp=mp.vehicle.flank_mp,
            flank_boosted_mp=mp.vehicle.flank_boosted_mp)
    config = mech.design.config
    airmech = mech.ruleset.airmech_mp(config, mech.walking_mp, mech.jumping_mp)
    fighter = mech.ruleset.fighter_mp(config, mech.jumping_mp)
    return s.Movement(walking_mp=mp.walking_mp, running_mp=mp.running_mp,
                      jumping_mp=mp.jumping_mp, partial_wing_jump_mp=mp.partial_wing_jump_mp,
                      umu_mp=mp.umu_mp, shield_walking_mp=mp.shield_walking_mp,
                      shield_jumping_mp=mp.shield_jumping_mp, vehicle=vehicle,
                      airmech=None if airmech is None else s.AirMechMovement(
                          walking_mp=airmech.walk, running_mp=airmech.run,
                          cruise_mp=airmech.cruise, flank_mp=airmech.flank),
                      fighter=None if fighter is None else s.FighterMovement(
                          safe_thrust=fighter.safe_thrust, max_thrust=fighter.max_thrust,
                          locations=_fighter_locations(mech),
                          structural_integrity=_fighter_si(mech)))


def _fighter_locations(mech: Mech) -> dict[str, list[Any]]:
    """lane lam: fighter mode's locations by name (`nose`, `left_wing` …)."""
    return {name.lower().replace(" ", "_"): [loc.value for loc in locations]
            for name, locations in mech.ruleset.fighter_locations(mech.design.config)}


def _fighter_si(mech: Mech) -> int:
    where = mech.ruleset.fighter_si_location(mech.design.config)
    return (mech.structure or {}).get(where, 0) if where is not None else 0


def _construction(mech: Mech) -> dict[str, Any]:
    """Movement and its heat, the components, engine, heat sinks, armor and structure."""
    design = mech.design
    ruleset = mech.ruleset
    return {
        "movement": _movement(mech),
        "movement_heat": s.MovementHeat(
            walking=ruleset.walking_heat_of(design), running=ruleset.running_heat_of(design),
            jumping_per_hex=ruleset.jumping_heat_rate(design)[0],
            jumping_minimum=ruleset.jumping_heat_rate(design)[1],
        ),
        "components": s.Components(**{
            key: s.Component(type=word, title=title, tech=tech)
            for key, (word, title, tech) in ruleset.component_titles(design).items()
            if key in s.Components.model_fields}),
        "engine": s.EngineData(
            type=mech.engine_type,
            rating=mech.engine_rating,
            maker=mech.engine_maker,
            tons=json_tons(mech.engine.tons) if mech.engine else None,
        ),
        "heat_sinks": _heat_sinks(mech),
        "armor": _armor(mech),
        "armor_tons": json_tons(mech.armor_tons),
        "internal_structure": (
            {loc.value: n for loc, n in mech.structure.items()} if mech.structure else None
        ),
    }


def _slots_and_gear(mech: Mech) -> dict[str, Any]:
    """The critical slots, hit locations, weapons, ammunition, other equipment, physical
    attacks and the weight list."""
    return {
        "critical_slots": {
            loc.value: [_slot(mech, slot) for slot in mech.critical_slots[loc]]
            for loc in mech.locations
        },
        "hit_locations": {str(roll): _location(loc) for roll, loc in sorted(
            mech.hit_locations.items())},
        "leg_roll": ({str(roll): _location(loc) for roll, loc in sorted(legs.items())}
                     if (legs := mech.ruleset.leg_roll_table(mech.design)) else None),
        "builtin_case": [_location(loc) for loc in mech.builtin_case],
        "weapons": [_weapon(mech, m) for m in mech.weapons],
        "ammunition": [_ammo(mech, m) for m in mech.ammo],
        "equipment": [_equipment(mech, m) for m in mech.mounts
                      if m.item.kind not in (ItemKind.WEAPON, ItemKind.HATCHET, ItemKind.AMMO)],
        "physical_attacks": _physical(mech),
        "weights": [
            s.WeightLine(component=line.label,
                         tons=json_tons(line.tons) if line.tons is not None else None)
            for line in mech.weights
        ],
        "total_tons": json_tons(mech.total_tons) if mech.total_tons is not None else None,
    }


def _values(assessed: Assessment, gunnery: int, piloting: int) -> dict[str, Any]:
    """Battle Value and cost; null where the ruleset's book has none (RULES.md §2: the
    1984 book has no BV or prices), never invented."""
    values = assessed.values
    bv = values.battle_value if values else None
    price = values.cost if values else None
    return {
        "battle_value": bv.base if bv else None,
        "battle_value_pilot": assessed.adjusted_bv(gunnery, piloting) if bv else None,
        "battle_value_breakdown": bv_dict(bv) if bv else None,
        "cost": price.total if price else None,
        "cost_dry": price.dry if price else None,
        "cost_breakdown": price.to_dict() if price else None,
    }


def _alpha_strike(assessed: Assessment, gunnery: int) -> s.AlphaStrikeData | None:
    """The card (converted once per assessment); None where the ruleset has no conversion."""
    from mechlab.cards.assessed import alpha_strike_of, at_skill

    card = alpha_strike_of(assessed)
    if card is None:
        return None
    return s.AlphaStrikeData(
        type="BM", sz=card.sz, tmm=card.tmm, mv=card.mv, ground_move=card.ground,
        jump_move=card.jump, s=str(card.s), m=str(card.m), l=str(card.l), ov=card.ov,
        armor=card.armor, structure=card.structure, specials=list(card.specials),
        role=card.role, pv=card.pv, skill=4, pv_pilot=at_skill(card, gunnery).pv,
        pilot_skill=gunnery)


def engine_json(assessed: Assessment, state: DamageState | None = None) -> str:
    """The engine JSON text: stable key order, two-space indent, final newline."""
    data = engine_unit(assessed, state).model_dump(mode="json")
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _heat_sinks(mech: Mech) -> s.HeatSinks:
    return s.HeatSinks(
        type=mech.heat_sink_type,
        count=mech.heat_sinks,
        integral=mech.integral_heat_sinks,
        dissipation=mech.heat_dissipation,
        partial_wing_dissipation=movement(mech).partial_wing_heat,
        slotted=[ref for m in mech.slotted_heat_sinks for ref in _refs(m)],
    )


def _armor(mech: Mech) -> dict[str, s.LocationArmor]:
    types = mech.ruleset.armor_types_by_location(mech.design)  # patchwork armor's
    return {
        loc.value: s.LocationArmor(
            front=mech.armor_front(loc),
            rear=mech.armor_rear(loc) if loc.has_rear_armor else None,
            type=s.Component(type=types[loc][0], title=types[loc][1], tech=types[loc][2])
            if loc in types else None,
        )
        for loc in mech.locations
    }


def _location(loc: Location) -> s.LocationName:
    """Every location of every configuration is a schema name (mypy checks the two agree)."""
    return loc.value


def mm_internal_name(item: Item) -> str | None:
    """The name MegaMek knows the item by: tech/equipment.tsv's `mm_internal_name`; for an
    Introductory item, the catalogue's row of the same name (the intro table has no
    MegaMek column); for a construction item (sinks, jets, endo steel), the first crit
    name MegaMek files write."""
    weapon = item.weapon
    if weapon.mm_name:
        return weapon.mm_name
    if weapon.mtf_names:
        return weapon.mtf_names[0]
    if weapon.category == "construction":
        return weapon.name
    try:
        row = catalogue_ruleset().catalog.lookup(item.name)
    except ValueError:
        return None
    return row.weapon.mm_name or None


def _refs(mount: MountedItem) -> list[s.SlotRef]:
    return [s.SlotRef(location=_location(loc), slot=i + 1) for loc, i in mount.placement]


_SLOT_KIND: dict[ItemKind, s.SlotKindName] = {
    ItemKind.WEAPON: "weapon",
    ItemKind.AMMO: "ammo",
    ItemKind.HEAT_SINK: "heat_sink",
    ItemKind.JUMP_JET: "jump_jet",
    ItemKind.HATCHET: "hatchet",
    ItemKind.PHYSICAL: "physical",
    ItemKind.EQUIPMENT: "equipment",
}


def _explosive(mech: Mech, item: Item) -> s.Explosive:
    word = mech.ruleset.explosive(item)
    if word not in get_args(s.Explosive):
        raise ValueError(f"{item.name}: unknown explosive word {word!r}")
    return cast(s.Explosive, word)


def _slot(mech: Mech, slot: Slot) -> s.CriticalSlot:
    number = slot.index + 1
    if slot.kind is SlotKind.EMPTY:  # RULES.md 1.6: roll again
        return s.CriticalSlot(slot=number, kind="empty", name=None, hittable=False,
                              explosive="no")
    mount = slot.mount
    if mount is None:
        return s.CriticalSlot(slot=number, kind="fixed", name=slot.name, hittable=True,
                              explosive="no", armored=slot.armored)
    return s.CriticalSlot(
        slot=number,
        kind=_SLOT_KIND[mount.item.kind],
        name=slot.name,
        mount=mount.id,
        shots=mount.item.shots,
        mm_internal_name=mm_internal_name(mount.item),
        hittable=mech.ruleset.can_be_hit(mount.item),
        explosive=_explosive(mech, mount.item),
        pod=mount.pod,
        armored=slot.armored,
    )


def _turret(mount: MountedItem) -> s.LocationName | None:
    """ADVANCED_EQUIPMENT.md §4.4: a turret mount turns with its location's turret."""
    return _location(mount.location) if mount.turret else None


def _arc(mount: MountedItem) -> s.ArcName:
    # RULES.md 1.6: rear mounts fire rear; a split weapon uses the torso's arc.
    if mount.rear:
        return "rear"
    if all(loc.is_arm for loc in mount.locations):
        return "left_arm" if mount.location is Location.LEFT_ARM else "right_arm"
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
    feeds = [m.id for m in mech.ammo if _feeds(m, item)] if item.uses_ammo else []
    return s.WeaponData(
        id=mount.id,
        name=mount.name,
        mm_internal_name=mm_internal_name(item),
        pod=mount.pod,
        type=weapon.type,
        location=_location(mount.location),
        rear=mount.rear,
        arc=_arc(mount),
        heat=weapon.heat,
        damage=mech.hatchet_damage if hatchet else weapon.damage,
        damage_per="missile" if weapon.missiles else "shot",
        missiles=weapon.missiles,
        minimum_range=weapon.minimum,
        ranges=ranges,
        artillery_mapsheets=(weapon.extreme_range if weapon.category == "artillery"
                             and ranges is None else None),
        one_shot=item.one_shot,
        ammo=feeds,
        slots=_refs(mount),
        turret=_turret(mount),
    )


def _feeds(lot: MountedItem, launcher: Item) -> bool:
    """Whether an ammunition lot feeds the launcher: the intro table's lots are the
    launcher's own row; tech/equipment.tsv's name the launchers in `ammo_for`."""
    ammo = lot.item.weapon
    return ammo is launcher.weapon or (bool(launcher.weapon.id)
                                       and launcher.weapon.id in ammo.ammo_for)


def _launcher(mech: Mech, lot: MountedItem) -> str:
    """The name of the weapon the lot feeds (the first mounted one), else the lot's row."""
    fed = [m.name for m in mech.weapons if m.item.uses_ammo and _feeds(lot, m.item)]
    return fed[0] if fed else lot.item.weapon.name


def _ammo(mech: Mech, mount: MountedItem) -> s.AmmoLot:
    return s.AmmoLot(
        id=mount.id,
        name=mount.name,
        mm_internal_name=mm_internal_name(mount.item),
        pod=mount.pod,
        weapon=_launcher(mech, mount),
        location=_location(mount.location),
        slot=mount.placement[0][1] + 1 if mount.placement else None,
        shots=mount.item.shots or 0,
        tons=json_tons(mount.tons),
    )


def _equipment(mech: Mech, mount: MountedItem) -> s.EquipmentData:
    return s.EquipmentData(
        id=mount.id, name=mount.name, mm_internal_name=mm_internal_name(mount.item),
        kind=_SLOT_KIND[mount.item.kind], location=_location(mount.location), rear=mount.rear,
        pod=mount.pod, explosive=_explosive(mech, mount.item), slots=_refs(mount),
        turret=_turret(mount))


def _physical(mech: Mech) -> s.PhysicalAttacks:
    # A quad has no arms: no punch and no club (STANDARD_RULES.md §10).
    arms = tuple(arm for arm in (Location.LEFT_ARM, Location.RIGHT_ARM)
                 if arm in mech.locations)
    hands = bool(arms) and all(mech.has_hand(arm) for arm in arms)
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
        weapons=[weapon for m in mech.mounts if (weapon := _physical_weapon(mech, m))],
        charge_damage_per_hex=float(Fraction(mech.charge_damage_per_hex)),
        death_from_above=s.DeathFromAbove(
            target_damage=mech.death_from_above_damage, attacker_leg_damage=mech.kick_damage
        ),
    )


def _physical_weapon(mech: Mech, mount: MountedItem) -> s.PhysicalWeapon | None:
    """A physical weapon's attack as the ruleset gives it (issue 31); None for any other
    item. Triple-strength myomer doubles the damage of the weapons it doubles."""
    attack = mech.ruleset.weapon_attack(mount.item, mech.tonnage)
    if attack is None or mount.piece:
        return None
    tsm = mech.ruleset.has_tsm(mech.design) and attack.tsm_doubles
    return s.PhysicalWeapon(
        id=mount.id, name=mount.name, mm_internal_name=mm_internal_name(mount.item),
        location=_location(mount.location), damage=attack.damage,
        damage_with_tsm=2 * attack.damage if tsm else None,
        to_hit_modifier=attack.to_hit_modifier,
        hit_table="kick" if attack.hit_table == "kick" else "punch")
