"""Shields, talons and the actuator enhancement system in the Advanced rules (issue 27;
ADVANCED_EQUIPMENT.md §3, §4.1; MegaMek's TestMek `isValidMekLocation` and
`hasIllegalEquipmentCombinations`, read as facts).

The lance, vibroblades and chain whip share the Standard physical-weapon rules
(E-PHYSICAL-LOCATION, E-PHYSICAL-ACTUATOR, E-PHYSICAL-COUNT, E-QUAD-ARM-ITEM: their needs
are standard.yaml's `advanced_physical` rows). The items are named by standard.yaml's
`advanced_physical.derived` lists (`shields`, `aes`, `talons`, `aes_myomers`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from mechlab.core.findings import Finding, error, warning
from mechlab.model.mech import Mech, MountedItem
from mechlab.validate.standard import _std, _unique, _where
from mechlab.validate.standard_items import _of, _sized_as_formula


def _entries(mech: Mech, key: str) -> list[MountedItem]:
    return list(_unique(tuple(_of(mech, key))))


def one_shield_per_arm(mech: Mech) -> Iterator[Finding]:
    """E-SHIELD-COUNT: a location holds at most one shield.

    ADVANCED_EQUIPMENT.md §3 (TestMek states it; a Decision, since MegaMek's check never
    fires): a shield covers its arm, two cannot. Path: the location's last shield,
    `equipment[i]`."""
    shields = _of(mech, "shields")
    for location, count in Counter(m.location for m in shields).items():
        if count > 1:
            mount = [m for m in shields if m.location is location][-1]
            yield error("E-SHIELD-COUNT", mount.path,
                        f"{count} shields in {_where(location)}; at most one",
                        expected="≤ 1", actual=str(count), hint="remove one of them")


def talons_in_the_legs(mech: Mech) -> Iterator[Finding]:
    """E-TALON-LEGS: talons are listed once, in a leg; they fill 2 slots in every leg.

    ADVANCED_EQUIPMENT.md §3 (TestMek: "Talons require 2 critical slots in each leg";
    standard.yaml `one_slot_each`, `pieces_each`): the pieces are placed in every leg, so
    the entry must name a leg. Path: the talons' entry, `equipment[i]`."""
    for mount in _entries(mech, "talons"):
        if not mount.location.is_leg:
            yield error("E-TALON-LEGS", mount.path,
                        f"{mount.name} in {_where(mount.location)}; talons go in the legs "
                        "(2 slots in every leg)", expected="a leg",
                        actual=mount.location.value, hint="list them in a leg")


def aes_in_arms_and_legs(mech: Mech) -> Iterator[Finding]:
    """E-AES-LOCATION: an actuator enhancement system goes in an arm or a leg.

    ADVANCED_EQUIPMENT.md §4.1 (TestMek `isValidMekLocation`): never the head or a torso.
    Path: the AES's entry, `equipment[i]`."""
    for mount in _entries(mech, "aes"):
        if not (mount.location.is_arm or mount.location.is_leg):
            yield error("E-AES-LOCATION", mount.path,
                        f"{mount.name} in {_where(mount.location)}; it goes in an arm or "
                        "a leg", expected="an arm or a leg", actual=mount.location.value,
                        hint="move it to an arm or a leg")


def one_aes_per_limb(mech: Mech) -> Iterator[Finding]:
    """E-AES-COUNT: a limb holds at most one actuator enhancement system.

    ADVANCED_EQUIPMENT.md §4.1 (TestMek). Path: the limb's last AES, `equipment[i]`."""
    systems = _of(mech, "aes")
    for location, count in Counter(m.location for m in systems).items():
        if count > 1:
            mount = [m for m in systems if m.location is location][-1]
            yield error("E-AES-COUNT", mount.path,
                        f"{count} actuator enhancement systems in {_where(location)}; at "
                        "most one", expected="≤ 1", actual=str(count), hint="remove one")


def aes_in_every_leg(mech: Mech) -> Iterator[Finding]:
    """E-AES-LEGS: an AES in one leg means an AES in every leg.

    ADVANCED_EQUIPMENT.md §4.1 (TestMek: leg AES works only when every leg has one; 2 on a
    biped, 4 on a quad). Path: the first leg AES's entry, `equipment[i]`."""
    legs = [m for m in _of(mech, "aes") if m.location.is_leg]
    if not legs:
        return
    missing = [loc for loc in mech.design.locations if loc.is_leg
               and loc not in {m.location for m in legs}]
    if missing:
        names = ", ".join(_where(loc) for loc in missing)
        yield error("E-AES-LEGS", legs[0].path,
                    f"an actuator enhancement system in {_where(legs[0].location)} but none "
                    f"in {names}; leg AES goes in every leg", expected="an AES in every leg",
                    actual=f"none in {names}", hint=f"add one in {names}, or remove it")


def _aes_and(mech: Mech, key: str, code: str, what: str) -> Iterator[Finding]:
    systems = _entries(mech, "aes")
    others = _of(mech, key)
    if systems and others:
        yield error(code, systems[0].path,
                    f"an actuator enhancement system with {what}; they are never combined",
                    expected=f"no {what}", actual=others[0].name,
                    hint=f"remove the AES or the {what}")


def aes_not_with_masc(mech: Mech) -> Iterator[Finding]:
    """E-AES-MASC: no actuator enhancement system on a 'Mech with MASC.

    ADVANCED_EQUIPMENT.md §4.1 (TestMek: "AES is incompatible with MASC"; a supercharger is
    no MASC here). Path: the first AES's entry."""
    yield from _aes_and(mech, "masc", "E-AES-MASC", "MASC")


def aes_not_with_targeting_computer(mech: Mech) -> Iterator[Finding]:
    """E-AES-TC: no actuator enhancement system on a 'Mech with a targeting computer.

    ADVANCED_EQUIPMENT.md §4.1 (TestMek). Path: the first AES's entry."""
    yield from _aes_and(mech, "targeting_computer", "E-AES-TC", "targeting computer")


def aes_with_advanced_myomer(mech: Mech) -> Iterator[Finding]:
    """W-AES-MYOMER: an actuator enhancement system with TSM, industrial TSM or
    super-cooled myomer.

    ADVANCED_EQUIPMENT.md §4.1: MegaMek says "AES is incompatible with advanced myomers"
    but does not mark the unit illegal, so a warning (Decision). Path: `myomer`."""
    systems = _entries(mech, "aes")
    myomer = mech.design.myomer.type
    if systems and myomer in _std(mech).derived["aes_myomers"]:
        yield warning("W-AES-MYOMER", "myomer",
                      f"an actuator enhancement system with {myomer.replace('_', ' ')} "
                      "myomer; MegaMek calls them incompatible", expected="standard myomer",
                      actual=myomer, hint="remove the AES or use standard myomer")


def aes_slots(mech: Mech) -> Iterator[Finding]:
    """E-AES-SLOTS: an actuator enhancement system fills the slots of the 'Mech's weight
    class: light 1, medium 2, heavy 3, assault 4.

    ADVANCED_EQUIPMENT.md §4.1 (MiscType `getNumCriticalSlots`; corpus: 52 AES locations
    in 33 files, all so). Path: the AES's entry, `equipment[i]`."""
    yield from _sized_as_formula(mech, "aes", "E-AES-SLOTS")

