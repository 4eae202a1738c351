"""Physical weapons and quads in the Standard ruleset (STANDARD_RULES.md §9.4, §10):
where swords, maces, claws, retractable blades and flails go, the actuators they need, one
a location, and the arm items a quad cannot mount.

A rule takes a resolved `Mech` and yields findings; one function, one code; the facts come
from the ruleset (standard.yaml's `physical_weapons`, `derived`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from mechlab.core.equipment import ItemKind
from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech, MountedItem
from mechlab.validate.standard import _std, _where


def _physical(mech: Mech) -> list[MountedItem]:
    needs = _std(mech).physical_weapons
    return [m for m in mech.one_per_entry if m.item.weapon.id in needs
            and m.item.kind is ItemKind.PHYSICAL]


def physical_weapons_in_arms(mech: Mech) -> Iterator[Finding]:
    """E-PHYSICAL-LOCATION: a sword, mace, claws, retractable blade or flail goes in an arm.

    STANDARD_RULES.md §9.4. Hatchets have RULES.md's E-HATCHET-LOCATION; on a quad,
    E-QUAD-ARM-ITEM reports these weapons instead. Path: the weapon's entry, once per entry:
    `equipment[i]`."""
    if mech.is_quad:
        return  # E-QUAD-ARM-ITEM
    for mount in _physical(mech):
        if not mount.location.is_arm:
            yield error("E-PHYSICAL-LOCATION", mount.path,
                        f"{mount.name} in {_where(mount.location)}; it goes in an arm",
                        expected="an arm", actual=mount.location.value, hint="move it to an arm")


def physical_weapons_have_actuators(mech: Mech) -> Iterator[Finding]:
    """E-PHYSICAL-ACTUATOR: a physical weapon's arm keeps its lower arm actuator, and keeps or gives
    up the hand as the weapon needs.

    STANDARD_RULES.md §9.4 (standard.yaml `physical_weapons`): every one needs the lower arm
    actuator; the sword and mace need the hand; claws and the flail replace it, so the hand
    must be removed; the retractable blade needs the lower arm only. Weapons outside an arm
    are E-PHYSICAL-LOCATION. Path: the weapon's entry, once per entry: `equipment[i]`; the
    hint names the `actuators.<arm>` field to change."""
    needs = _std(mech).physical_weapons
    for mount in _physical(mech):
        arm = mount.location
        if not arm.is_arm:
            continue
        need = needs[mount.item.weapon.id]
        if need == "arm":
            continue  # a shield needs no actuator (ADVANCED_EQUIPMENT.md §3)
        hand, lower = mech.has_hand(arm), mech.has_actuator(arm, "Lower Arm Actuator")
        wrong = None
        if not lower:
            wrong = ("a lower arm actuator", "none", f"actuators.{arm.value}.lower_arm: true")
        elif need == "hand" and not hand:
            wrong = ("a hand actuator", "none", f"actuators.{arm.value}.hand: true")
        elif need == "no_hand" and hand:
            wrong = ("no hand actuator (it replaces the hand)", "a hand actuator",
                     f"actuators.{arm.value}.hand: false")
        if wrong is not None:
            expected, actual, fix = wrong
            yield error("E-PHYSICAL-ACTUATOR", mount.path,
                        f"{mount.name} in {_where(arm)} needs {expected}", expected=expected,
                        actual=actual, hint=fix)


def one_physical_weapon_per_arm(mech: Mech) -> Iterator[Finding]:
    """E-PHYSICAL-COUNT: a location holds at most one physical weapon, hatchets counted.

    STANDARD_RULES.md §9.4: reported where a location holds more than one and at least one
    is not a hatchet (two hatchets alone are E-HATCHET-COUNT). Path: the location's last
    physical weapon, `equipment[i]`."""
    # ADVANCED_EQUIPMENT.md §3: shields, spikes and talons are no physical weapons here.
    skip = _std(mech).derived.get("not_counted_physical", ())
    weapons = [m for m in mech.mounts if m.item.kind in (ItemKind.PHYSICAL, ItemKind.HATCHET)
               and m.item.weapon.subcategory not in skip]
    per_location = Counter(m.location for m in weapons)
    for location, count in per_location.items():
        if count > 1 and any(m.item.kind is ItemKind.PHYSICAL for m in weapons
                             if m.location is location):
            mount = [m for m in weapons if m.location is location][-1]
            yield error("E-PHYSICAL-COUNT", mount.path,
                        f"{count} physical weapons in {_where(location)}; at most one",
                        expected="≤ 1", actual=str(count), hint="remove one of them")


def quads_mount_no_arm_items(mech: Mech) -> Iterator[Finding]:
    """E-QUAD-ARM-ITEM: a quad mounts nothing that needs an arm.

    STANDARD_RULES.md §10: hatchets, and every item equipment.tsv restricts to `arm`
    (swords, maces, claws, …), except the industrial tools, which a quad mounts in a side
    torso; the salvage arm and the wrecking ball (standard.yaml `biped_only_tools`) stay
    biped-only. Path: the item's entry, once per entry: `equipment[i]`."""
    if not mech.is_quad:
        return
    biped_only = _std(mech).derived["biped_only_tools"]
    for mount in mech.one_per_entry:
        weapon = mount.item.weapon
        arm_item = (weapon.location_restrictions == "arm" and (
            weapon.category != "industrial" or weapon.id in biped_only)
                    ) or mount.item.kind is ItemKind.HATCHET
        if arm_item:
            yield error("E-QUAD-ARM-ITEM", mount.path,
                        f"{mount.name} needs an arm; a quad has none",
                        expected="no arm-mounted item", actual=mount.name, hint="remove it")
