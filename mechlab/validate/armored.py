"""Armored components and turrets (Tactical Operations; docs/advanced.md): one rule, one
function, one code. Facts are the ruleset's (standard.yaml `armored_components`, `turrets`,
`never_in_turret`; `Standard.armoring`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from mechlab.core.equipment import ItemKind
from mechlab.core.findings import Finding, error
from mechlab.core.locations import Location
from mechlab.model.mech import Mech, MountedItem, SlotKind
from mechlab.validate.standard import _std, _where

if TYPE_CHECKING:  # the Standard package loads only for a design that names it (issue 31)
    from mechlab.rulesets.standard.armoring import Turret


def armored_slots_hold_components(mech: Mech) -> Iterator[Finding]:
    """E-ARMORED-SLOT: an armored slot of `armored_slots` holds a fixed component.

    ADVANCED_COMPONENTS.md §5: the engine, gyro, cockpit, life support, sensors and actuator
    slots are armored by slot number; an empty slot, an item's slot (its entry says
    `armored: true` instead) or a slot the location does not have is armored nothing. Path:
    `armored_slots.<location>`."""
    for location, numbers in (mech.design.armored_slots or {}).items():
        cells = mech.critical_slots.get(location, ())
        for number in numbers:
            cell = cells[number - 1] if number <= len(cells) else None
            if cell is not None and cell.kind is SlotKind.FIXED:
                continue
            what = ("no such slot" if cell is None else "empty" if cell.kind is SlotKind.EMPTY
                    else f"{cell.name}, an item")
            yield error("E-ARMORED-SLOT", f"armored_slots.{location.value}",
                        f"slot {number} of {_where(location)} is {what}; only a fixed "
                        "component's slot is armored this way", expected="a fixed component",
                        actual=what, hint="armor an item with `armored: true` on its entry, "
                        "or remove the slot number")


def interface_cockpit_not_armored(mech: Mech) -> Iterator[Finding]:
    """E-COCKPIT-ARMORED: an interface cockpit's slots are never armored.

    ADVANCED_COMPONENTS.md §2.2, MegaMek's TestMek ("Interface cockpits may not use component
    armoring"): the cockpits of standard.yaml `armored_components.not_with_cockpits`. Path:
    `armored_slots.head`."""
    armoring = _std(mech).armoring
    if mech.design.cockpit not in armoring.not_with_cockpits:
        return
    head = mech.critical_slots.get(Location.HEAD, ())
    if any(s.armored and s.kind is SlotKind.FIXED for s in head):
        yield error("E-COCKPIT-ARMORED", "armored_slots.head",
                    f"a {mech.design.cockpit} cockpit's slots may not be armored",
                    expected="no armored head slot", actual="armored",
                    hint="remove the head's slot numbers from armored_slots")


def _turrets(mech: Mech, kind: str) -> Iterator[tuple[MountedItem, Turret]]:
    turrets = _std(mech).armoring.turrets
    for mount in mech.one_per_entry:
        turret = turrets.get(mount.item.weapon.id)
        if turret is not None and turret.kind == kind:
            yield mount, turret


def _misplaced(mech: Mech, kind: str, code: str) -> Iterator[Finding]:
    """A turret of this kind where its row does not allow it, or a second one there."""
    seen: set[Location] = set()
    for mount, turret in _turrets(mech, kind):
        where = " or ".join(_where(loc) for loc in turret.locations)
        if mount.location not in turret.locations or mech.config not in turret.configs:
            yield error(code, mount.path,
                        f"a {mount.name} goes in {where} of a {' or '.join(turret.configs)} "
                        f"'Mech; this one is in {_where(mount.location)} of a {mech.config}",
                        expected=where, actual=mount.location.value, hint=f"move it to {where}")
        elif mount.location in seen:
            yield error(code, mount.path, f"a second {mount.name} in {_where(mount.location)}",
                        expected="one a location", actual="two",
                        hint="remove one; one turret turns all of a location's (T) items")
        seen.add(mount.location)
        if turret.cockpit is not None and mech.design.cockpit != turret.cockpit:
            yield error(code, mount.path,
                        f"a {mount.name} needs a {turret.cockpit.replace('_', '-')} cockpit",
                        expected=turret.cockpit, actual=mech.design.cockpit,
                        hint=f"set cockpit: {turret.cockpit}, or remove the turret")


def head_turret_placed(mech: Mech) -> Iterator[Finding]:
    """E-TURRET-HEAD: a head turret sits in the center torso of a 'Mech with a torso-mounted
    cockpit, one at most.

    ADVANCED_EQUIPMENT.md §4.4 (MegaMek's TestMek isValidMekLocation,
    hasIllegalEquipmentCombinations): it turns the head, whose cockpit must then be in the
    torso. Path: the turret's entry."""
    yield from _misplaced(mech, "head", "E-TURRET-HEAD")


def shoulder_turret_placed(mech: Mech) -> Iterator[Finding]:
    """E-TURRET-SHOULDER: a shoulder turret sits in a side torso of a biped, one a side torso.

    ADVANCED_EQUIPMENT.md §4.4: quads may not mount one (TestMek); one per side torso
    (TestMek states it, mechlab applies it: Decision). Path: the turret's entry."""
    yield from _misplaced(mech, "shoulder", "E-TURRET-SHOULDER")


def quad_turret_placed(mech: Mech) -> Iterator[Finding]:
    """E-TURRET-QUAD: a quad turret sits in a side torso of a quad, one a side torso.

    ADVANCED_EQUIPMENT.md §4.4 (TestMek isValidMekLocation; on quads only: Decision, every
    corpus quad turret is on a quad). Path: the turret's entry."""
    yield from _misplaced(mech, "quad", "E-TURRET-QUAD")


def turret_items_in_a_turret(mech: Mech) -> Iterator[Finding]:
    """E-TURRET-CONTENT: a turret-mounted item is in a location a turret turns, and may ride
    one.

    ADVANCED_EQUIPMENT.md §4.4: a `(T)` item where no turret turns its location (the head:
    without a head turret) has no turret (Decision: all 137 corpus `(T)` slots are in a turret
    location); a heavy Gauss rifle is never turret-mounted (TestMek), nor is ammunition, a
    heat sink or a turret itself. Path: the item's entry, `equipment[i]`."""
    ruleset = _std(mech)
    turned = {ruleset.turned_location(m.item, m.location) for m in mech.mounts} - {None}
    never = ruleset.armoring.never_in_turret
    for mount in mech.one_per_entry:
        if not mount.turret:
            continue
        if mount.location not in turned:
            yield error("E-TURRET-CONTENT", mount.path,
                        f"{mount.name} is turret-mounted, but no turret turns "
                        f"{_where(mount.location)}", expected="a turret there",
                        actual="none", hint="add the location's turret, or set turret: false")
        elif (mount.item.weapon.id in never or mount.item.kind in (
                ItemKind.AMMO, ItemKind.HEAT_SINK)
                or ruleset.turned_location(mount.item, mount.location) is not None):
            yield error("E-TURRET-CONTENT", mount.path,
                        f"{mount.name} cannot be turret-mounted", expected="not in a turret",
                        actual="turret: true", hint="set turret: false")
