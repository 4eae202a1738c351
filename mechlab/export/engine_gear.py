"""The engine JSON's slots and gear (`export/engine.py`): every critical slot, the hit
locations, each weapon, ammunition lot and piece of equipment with the slots it fills,
the physical attacks, and the weight list."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast, get_args

from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.core.tons import json_tons
from mechlab.export import schema as s
from mechlab.model.mech import Mech, MountedItem, Slot, SlotKind
from mechlab.rulesets import catalogue_ruleset


def slots_and_gear(mech: Mech) -> dict[str, Any]:
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


def slot_refs(mount: MountedItem) -> list[s.SlotRef]:
    """The 1-based slots the mount fills; a superheavy's second item in a slot
    (CONFIGURATIONS.md §1.3) the slot it shares with the first."""
    if not mount.placement and mount.shared_slot is not None:
        return [s.SlotRef(location=_location(mount.location), slot=mount.shared_slot + 1)]
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
        # 0 where the weapon's table gives no number (a Narc's beacon, AMS, TAG: the
        # sheet's "—"); MegaMek's row says 2 for a Narc pod, which hits for nothing.
        damage=(mech.hatchet_damage if hatchet else
                0 if mech.ruleset.printed_damage(weapon) is not None else weapon.damage),
        damage_per="missile" if weapon.missiles else "shot",
        missiles=weapon.missiles,
        minimum_range=weapon.minimum,
        ranges=ranges,
        artillery_mapsheets=(weapon.extreme_range if weapon.category == "artillery"
                             and ranges is None else None),
        one_shot=item.one_shot,
        ammo=feeds,
        slots=slot_refs(mount),
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
        slot=refs[0].slot if (refs := slot_refs(mount)) else None,
        shots=mount.item.shots or 0,
        tons=json_tons(mount.tons),
    )


def _equipment(mech: Mech, mount: MountedItem) -> s.EquipmentData:
    return s.EquipmentData(
        id=mount.id, name=mount.name, mm_internal_name=mm_internal_name(mount.item),
        kind=_SLOT_KIND[mount.item.kind], location=_location(mount.location), rear=mount.rear,
        pod=mount.pod, explosive=_explosive(mech, mount.item), slots=slot_refs(mount),
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
        club=mech.club_damage if hands else None,
        weapons=[weapon for m in mech.mounts if (weapon := _physical_weapon(mech, m))],
        charge_damage_per_hex=float(Fraction(mech.charge_damage_per_hex)),
        death_from_above=s.DeathFromAbove(
            target_damage=mech.death_from_above_damage, attacker_leg_damage=mech.club_damage
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
