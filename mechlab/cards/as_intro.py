"""The Introductory ruleset's `ASUnit`: its table's weapons by the generic conversion
(ALPHA_STRIKE.md §5.1; every Introductory weapon follows it), standard fusion engine and
structure, single heat sinks, no CASE and no electronics."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from mechlab.cards.as_constants import WeaponFamily, constants
from mechlab.cards.as_generic import generic_damage
from mechlab.cards.as_unit import ASUnit, ASWeapon, Bands
from mechlab.core.equipment import ItemKind

if TYPE_CHECKING:
    from mechlab.core.equipment import Weapon
    from mechlab.model.mech import Mech, MountedItem


def family(weapon: Weapon) -> WeaponFamily:
    """The family of a weapons-table row, found by any of its names: a ruleset may rename a
    row it takes over (the 1984 book's "Auto Cannon" is intro's AC/5, RULES.md §2)."""
    c = constants()
    for name in (weapon.name, *weapon.aliases):
        if name in c.intro_families:
            return c.family(c.intro_families[name])
    raise KeyError(f"no Alpha Strike weapon family for {weapon.name!r} (alpha_strike.yaml)")


def _heat_damage(values: Bands, damage: int) -> tuple[int, int, int]:
    reach = tuple(damage if v > 0 else 0 for v in values)
    return reach[0], reach[1], reach[2]


def as_weapon(mount: MountedItem) -> ASWeapon:
    weapon = mount.item.weapon
    facts = family(weapon)
    long_range = weapon.ranges[2] if weapon.ranges else 0
    damage = generic_damage(Fraction(weapon.damage), long_range, weapon.minimum or 0,
                            weapon.missiles)
    heat = Fraction(weapon.heat) * facts.heat_multiplier
    hot = _heat_damage(generic_damage(Fraction(1), long_range), weapon.damage)
    return ASWeapon(
        name=mount.name, damage=damage, heat=heat, rear=mount.rear,
        kind=facts.kind, indirect=facts.indirect, tc=facts.tc, one_shot=mount.item.one_shot,
        ammo=weapon.name if mount.item.uses_ammo else None,
        ammo_threshold=facts.ammo_threshold,
        heat_damage=hot if facts.heat_damage else (0, 0, 0))


def alpha_strike_unit(mech: Mech) -> ASUnit:
    weapons = tuple(as_weapon(m) for m in mech.mounts_of(ItemKind.WEAPON))
    ammo = tuple((lot.item.weapon.name, lot.item.shots or 0) for lot in mech.ammo)
    melee = ("MEL",) if mech.mounts_of(ItemKind.HATCHET) else ()
    return ASUnit(
        tonnage=mech.tonnage, walking_mp=mech.walking_mp, jumping_mp=mech.jumping_mp,
        armor_points=Fraction(mech.armor_points), structure_row="standard",
        heat_capacity=mech.heat_dissipation, weapons=weapons, ammo=ammo,
        explosive=bool(mech.ammo), specials=melee)
