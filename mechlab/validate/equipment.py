"""Equipment rules of RULES.md 1.6–1.7: slots, rear mounts, splits, ammunition, hatchets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from mechlab.core.equipment import Item, ItemKind
from mechlab.core.findings import Finding, counted, error, warning
from mechlab.core.locations import ADJACENT, Location
from mechlab.model.mech import Mech, MountedItem

# The design fields whose spread pieces resolve places (structure, armor, myomer slots).
SPREAD_PATHS = ("structure", "armor", "myomer")

# RULES.md 1.7 / 2: the ruleset's own table ----------------------------------------------------


def items_on_the_table(mech: Mech) -> Iterator[Finding]:
    """E-ITEM-UNAVAILABLE: every item is on the ruleset's equipment table.

    A design file may name only items of its own ruleset (an unknown name is bad input,
    exit 2), so only a design judged under another ruleset than its own breaks this
    rule: `mechlab validate --ruleset battledroids` of an intro design with an AC/20
    (RULES.md §2 has none). Path: `equipment[i].item`."""
    for index, why in mech.unavailable:
        entry = mech.design.equipment[index]
        yield error(
            "E-ITEM-UNAVAILABLE", f"equipment[{index}].item",
            f"{entry.item}: not on the {mech.ruleset.name} equipment table ({why})",
            hint=f"replace it with an item of the {mech.ruleset.name} ruleset",
        )
    # A Standard choice (an XL engine, pods) judged under a ruleset without it.
    for problem in mech.ruleset.design_problems(mech.design):
        path, _, text = problem.partition(": ")
        yield error("E-ITEM-UNAVAILABLE", path, text, expected=f"a {mech.ruleset.name} option",
                    actual=path, hint=f"judge it under the design's own ruleset "
                                      f"({mech.design.ruleset})")


# RULES.md 1.6 Critical slots ---------------------------------------------------------------


def items_fit_their_slots(mech: Mech) -> Iterator[Finding]:
    """E-SLOTS-FULL: every item takes all its slots in its location, and they must be free.

    RULES.md 1.6: items are placed in the order listed, each in the first free run of
    slots of its location (a multi-slot item fills consecutive slots; a 12-slot
    location's two blocks count as one run). The message gives the slots needed and
    free, and says "not in one run" when enough are free but scattered. Heat sinks and
    jump jets placed automatically are reported together: how many found no slot.
    Path: `equipment[i]`."""
    homeless: Counter[tuple[str, str]] = Counter()  # auto-placed items without a slot
    for unplaced in mech.unplaced:
        if unplaced.reason != "full":
            continue
        mount, loc = unplaced.mount, unplaced.location
        if mount.auto:
            homeless[mount.path, mount.name] += 1
            continue
        yield error(
            "E-SLOTS-FULL", mount.path,
            f"{mount.name} needs {counted(unplaced.needed, 'slot')} in the {loc.title.lower()}, "
            f"{unplaced.free} free" + _run_note(unplaced.free, unplaced.needed),
            expected=f"{counted(unplaced.needed, 'slot')} free", actual=f"{unplaced.free} free",
            hint="move it to a location with room, or remove something",
        )
    for (path, name), count in homeless.items():
        placed = sum(1 for m in mech.mounts if m.auto and m.path == path and m.name == name)
        # A spread component's pieces (STANDARD_RULES.md §14.6) are its slots.
        noun = f"{name.lower()} slots" if path in SPREAD_PATHS else f"{name.lower()}s"
        yield error(
            "E-SLOTS-FULL", path,
            f"{count} of the {placed} {noun} placed automatically have no free slot",
            expected=f"{placed} free slots", actual=f"{placed - count} free",
            hint=f"free {counted(count, 'slot')} in an allowed location, or place fewer",
        )


def explicit_slots_available(mech: Mech) -> Iterator[Finding]:
    """E-SLOT-TAKEN: an item placed by `slot` must fit there, on free slots.

    RULES.md 1.6. `slot: N` puts an item's first slot at N (1-based; `count` copies
    follow one another); every slot from N on that it needs must exist in the location
    and be free. Path: `equipment[i]`."""
    for unplaced in mech.unplaced:
        if unplaced.reason == "full":
            continue
        mount, loc, first = unplaced.mount, unplaced.location, unplaced.slot or 0
        last = first + unplaced.needed - 1
        slots = f"slot {first}" if first == last else f"slots {first}–{last}"
        if unplaced.reason == "range":
            count = mech.ruleset.slot_counts[loc]
            what = f"{slots} run past the {count} slots of the {loc.title.lower()}"
        else:
            what = f"{slots} of the {loc.title.lower()} {'is' if first == last else 'are'} taken"
        yield error(
            "E-SLOT-TAKEN", mount.path, f"{mount.name}: {what}",
            expected=f"{counted(unplaced.needed, 'slot')} free from slot {first}",
            actual=("taken" if unplaced.reason == "taken"
                    else f"{mech.ruleset.slot_counts[loc]} slots"),
            hint="choose another slot, or drop `slot` to place it automatically",
        )


def _run_note(free: int, needed: int) -> str:
    return " but not in one run" if free >= needed else ""


def rear_mounts_not_in_arms(mech: Mech) -> Iterator[Finding]:
    """E-REAR-ARM: weapons face rear only in the head, a torso or a leg, never in an arm.

    RULES.md 1.6. A split AC/20 may not face rear if either part is in an arm, whichever
    part the design names first (RULES.md 1.6, Decision). Path: `equipment[i]`."""
    # RULES.md 1.6 Decision: a split weapon is judged the same whichever part comes first.
    for index, entry in enumerate(mech.design.equipment):
        if not entry.rear:
            continue
        parts = (entry.location, *((entry.split.location,) if entry.split else ()))
        arms = [loc for loc in parts if loc.is_arm]
        if arms:
            yield error(
                "E-REAR-ARM", f"equipment[{index}]",
                f"{mech.ruleset.catalog.lookup(entry.item).name} is rear-mounted in the "
                f"{arms[0].title.lower()}; arms cannot mount weapons facing rear",
                expected="rear: false, or a torso, leg or head location", actual="rear: true",
                hint="drop `rear`, or move the weapon out of the arm",
            )


def rear_mounts_are_weapons(mech: Mech) -> Iterator[Finding]:
    """E-REAR-ITEM: only weapons can be mounted facing rear.

    RULES.md 1.6: rear mounting gives a weapon the rear firing arc; heat sinks, jump
    jets, ammunition and hatchets have no arc. Path: `equipment[i]`."""
    for mount in mech.mounts:
        if mount.rear and not mech.ruleset.has_firing_arc(mount.item):
            yield error(
                "E-REAR-ITEM", mount.path, f"{mount.name} cannot be rear-mounted: it is no weapon",
                expected="rear: false", actual="rear: true", hint="drop `rear` from this entry",
            )


def splits_are_ac20_into_adjacent(mech: Mech) -> Iterator[Finding]:
    """E-SPLIT: only an AC/20 splits, only into an adjacent location, and part of it stays.

    RULES.md 1.6: the AC/20's 10 slots may be split between two adjacent locations
    (Decision: an arm or a leg and its side torso, or a side torso and the center
    torso); `split.slots` go to the other location and must be fewer than the weapon
    takes. Battledroids has no weapon that splits (RULES.md §2), so any split there
    breaks this rule. A MegaMek file splitting into a location that is not adjacent
    gets it too. Path: `equipment[i].split`."""
    unavailable = {index for index, _ in mech.unavailable}
    for index, entry in enumerate(mech.design.equipment):
        if entry.split is None or index in unavailable:
            continue
        item = mech.ruleset.catalog.lookup(entry.item)
        path = f"equipment[{index}].split"
        # ADVANCED_EQUIPMENT.md §6: the ground-mobile HPG, equipment, splits too.
        if not item.weapon.splittable or item.kind not in (ItemKind.WEAPON,
                                                            ItemKind.EQUIPMENT):
            # Only named when a split is wrong: it walks the whole table (issue 31).
            splittable = list(dict.fromkeys(w.name for w in mech.ruleset.catalog.weapons
                                            if w.splittable))
            which = (f"only an {' or an '.join(splittable)} can" if splittable
                     else f"no weapon of the {mech.ruleset.name} ruleset splits")
            yield error("E-SPLIT", path, f"{item.name} cannot be split; {which}",
                        expected=" or ".join(splittable) or "no split", actual=item.name,
                        hint="drop `split`")
        elif frozenset((entry.location, entry.split.location)) not in ADJACENT:
            yield error(
                "E-SPLIT", path,
                f"{entry.location.title} and {entry.split.location.title} are not adjacent",
                expected="adjacent locations",
                actual=f"{entry.location.value} and {entry.split.location.value}",
                hint="split between an arm or leg and its side torso, or a side torso and CT",
            )
        elif entry.split.slots >= item.slots(mech.tonnage):
            yield error(
                "E-SPLIT", path,
                f"{entry.split.slots} of {item.slots(mech.tonnage)} slots split away leaves none "
                f"in the {entry.location.title.lower()}",
                expected=f"< {item.slots(mech.tonnage)}", actual=str(entry.split.slots),
                hint="split away fewer slots",
            )


def arm_actuators_removed_in_order(mech: Mech) -> Iterator[Finding]:
    """E-ACTUATOR-LOWER: the lower arm actuator goes only together with that arm's hand.

    RULES.md 1.6: the hand actuator may be removed; the lower arm actuator only if that
    arm's hand is removed too. Path: `actuators.left_arm` or `actuators.right_arm`."""
    for arm in (Location.LEFT_ARM, Location.RIGHT_ARM):
        actuators = mech.design.actuators.of(arm)
        if not actuators.lower_arm and actuators.hand:
            yield error(
                "E-ACTUATOR-LOWER", f"actuators.{arm.value}",
                f"lower arm actuator removed but the {arm.title.lower()} keeps its hand",
                expected="hand: false", actual="hand: true",
                hint="remove the hand too (hand: false), or keep the lower arm",
            )


def arm_actuators_kept(mech: Mech) -> Iterator[Finding]:
    """E-ACTUATOR-REMOVED: no arm actuator may be removed where the book has no removal rule.

    RULES.md §2: the 1984 rules have none ("all four arm actuators are always
    present"), so a design that removes one is an error, never repaired. The
    battledroids counterpart of E-ACTUATOR-LOWER (the ruleset's
    `arm_actuators_removable`). Path: `actuators.left_arm` or `actuators.right_arm`."""
    if mech.ruleset.arm_actuators_removable:
        return
    for arm in (Location.LEFT_ARM, Location.RIGHT_ARM):
        actuators = mech.design.actuators.of(arm)
        removed = [name for name, kept in (("lower arm", actuators.lower_arm),
                                           ("hand", actuators.hand)) if not kept]
        if removed:
            yield error(
                "E-ACTUATOR-REMOVED", f"actuators.{arm.value}",
                f"{' and '.join(removed)} actuator removed from the {arm.title.lower()}; "
                f"the {mech.ruleset.name} ruleset keeps all four arm actuators",
                hint=f"delete actuators.{arm.value} (every actuator stays)",
            )


# RULES.md 1.7 Ammunition ---------------------------------------------------------------------


def _ammo_classes(mech: Mech) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Per weapon class: ammo-using launchers, one-shot launchers, ammunition lots. A lot
    counts for the first launcher class it feeds (STANDARD_RULES.md: equipment.tsv's
    `ammo_for`; intro: the weapon it is named for). Counted once a 'Mech (four rules ask)."""
    return mech.derived("ammo_classes", _counted_ammo_classes)


def _counted_ammo_classes(mech: Mech) -> tuple[Counter[str], Counter[str], Counter[str]]:
    launchers: Counter[str] = Counter()
    one_shots: Counter[str] = Counter()
    lots: Counter[str] = Counter()
    fed: dict[str, Item] = {}
    for mount in mech.mounts:
        if mount.item.kind is ItemKind.AMMO:
            continue
        if mount.item.uses_ammo:
            launchers[mount.item.weapon.name] += 1
            fed.setdefault(mount.item.weapon.name, mount.item)
        elif mount.item.one_shot:
            one_shots[mount.item.weapon.name] += 1
    for lot in mech.ammo:
        if lot.item.weapon.category and not lot.item.weapon.ammo_for:
            continue  # a lot no launcher fires (a coolant pod): used on its own
        lots[_lot_class(lot.item, fed)] += 1
    return launchers, one_shots, lots


def _lot_class(lot: Item, launchers: dict[str, Item]) -> str:
    for name, launcher in launchers.items():
        if lot.feeds(launcher):
            return name
    # No launcher on board: the class the lot is named for ("SRM 6 Ammo" → "SRM 6").
    return lot.weapon.name.removesuffix(" Ammo") if lot.weapon.category else lot.weapon.name


def ammo_for_every_class(mech: Mech) -> Iterator[Finding]:
    """E-AMMO-MISSING: every class of ammunition-using weapon has at least one lot.

    RULES.md 1.7: a class is a weapon type and size (four SRM 2 share one class; an
    SRM 4 and an SRM 6 are two). A lot is 1 t, or ½ t of machine-gun ammunition where
    the ruleset sells half-ton lots (intro; battledroids sells only whole tons, machine
    guns included, RULES.md §2). Path: the class's first weapon, `equipment[i]`."""
    launchers, _, _ = _ammo_classes(mech)
    for name, count in sorted(launchers.items()):
        weapon = next(m for m in mech.mounts if m.item.weapon.name == name and
                      m.item.uses_ammo)
        # A lot may feed several classes (machine gun ammunition feeds an MG array too).
        if not any(lot.item.feeds(weapon.item) for lot in mech.ammo):
            yield error(
                "E-AMMO-MISSING", weapon.path,
                f"{count} × {name} but no Ammo ({name}); each class needs at least one lot",
                expected=f"≥ 1 Ammo ({name})", actual="none",
                hint=f"add {{item: Ammo ({name}), location: ...}}",
            )


def ammo_not_for_one_shots(mech: Mech) -> Iterator[Finding]:
    """E-AMMO-ONE-SHOT: one-shot launchers take no ammunition.

    RULES.md 1.7: an "(OS)" launcher weighs 0.5 t more than the normal one and fires
    once; ammunition of a class that only one-shot launchers use is an error. Not
    checked under battledroids, which has no one-shot launchers. Path: the lot,
    `equipment[i]`."""
    launchers, one_shots, lots = _ammo_classes(mech)
    for name in sorted(lots):
        if launchers[name] == 0 and one_shots[name] > 0:
            lot = _first_lot(mech, name)
            yield error(
                "E-AMMO-ONE-SHOT", lot.path,
                f"Ammo ({name}) for one-shot launchers only; a one-shot launcher fires once "
                "and carries no ammunition", expected="no ammunition", actual=f"Ammo ({name})",
                hint="remove the ammunition",
            )


def ammo_has_a_weapon(mech: Mech) -> Iterator[Finding]:
    """W-AMMO-UNUSED: ammunition that no weapon on the 'Mech can fire.

    No rule forbids it, but the lot's weight and slot buy nothing. Path: the lot,
    `equipment[i]`."""
    launchers, one_shots, lots = _ammo_classes(mech)
    for name in sorted(lots):
        if launchers[name] == 0 and one_shots[name] == 0:
            lot = _first_lot(mech, name)
            yield warning(
                "W-AMMO-UNUSED", lot.path, f"Ammo ({name}) but no {name} to fire it",
                expected=f"a {name}", actual="none", hint=f"add a {name}, or remove the ammunition",
            )


def ammo_enough_shots(mech: Mech) -> Iterator[Finding]:
    """W-AMMO-LOW: fewer than six shots per launcher — legal, but gone in a few turns.

    RULES.md 1.7 asks for one lot per class; this warns when a class's shots, over all
    its lots, are fewer than six (the ruleset's `low_ammo_shots`) for each of its
    launchers. Path: the class's first lot, `equipment[i]`."""
    least = mech.ruleset.low_ammo_shots
    launchers, _, _ = _ammo_classes(mech)
    shots: Counter[str] = Counter()
    fed = {m.item.weapon.name: m.item for m in mech.mounts if m.item.uses_ammo}
    for lot in mech.ammo:
        shots[_lot_class(lot.item, fed)] += lot.item.shots or 0
    for name, count in sorted(launchers.items()):
        if 0 < shots[name] < least * count:
            lot = _first_lot(mech, name)
            yield warning(
                "W-AMMO-LOW", lot.path,
                f"{shots[name]} shots for {count} × {name}: fewer than {least} per launcher",
                expected=f"≥ {least * count} shots", actual=f"{shots[name]} shots",
                hint=f"add a lot of Ammo ({name})",
            )


def _first_lot(mech: Mech, name: str) -> MountedItem:
    fed = {m.item.weapon.name: m.item for m in mech.mounts if m.item.uses_ammo}
    return next(m for m in mech.ammo if _lot_class(m.item, fed) == name)


# RULES.md 1.7 Hatchet ---------------------------------------------------------------------------


def hatchets_in_arms(mech: Mech) -> Iterator[Finding]:
    """E-HATCHET-LOCATION: a hatchet is mounted in an arm.

    RULES.md 1.7. Not checked under battledroids, which has no hatchet, nor on a quad,
    which has no arm (E-QUAD-ARM-ITEM, STANDARD_RULES.md §10). Path: `equipment[i]`."""
    if not any(loc.is_arm for loc in mech.locations):
        return
    for mount in mech.mounts_of(ItemKind.HATCHET):
        if not mount.location.is_arm:
            yield error(
                "E-HATCHET-LOCATION", mount.path,
                f"hatchet in the {mount.location.title.lower()}; a hatchet goes in an arm",
                expected="an arm", actual=mount.location.value, hint="move it to an arm",
            )


def hatchets_need_hands(mech: Mech) -> Iterator[Finding]:
    """E-HATCHET-NO-HAND: a hatchet needs that arm's hand actuator.

    RULES.md 1.7: an arm whose hand is removed (`actuators.<arm>.hand: false`) cannot
    wield one. Path: `equipment[i]`."""
    for mount in mech.mounts_of(ItemKind.HATCHET):
        arm = mount.location
        if arm.is_arm and not mech.has_hand(arm):
            yield error(
                "E-HATCHET-NO-HAND", mount.path,
                f"hatchet in the {arm.title.lower()}, which has no hand actuator",
                expected="a hand actuator", actual="none",
                hint=f"keep the hand: actuators.{arm.value}.hand: true",
            )


def one_hatchet_per_arm(mech: Mech) -> Iterator[Finding]:
    """E-HATCHET-COUNT: at most one hatchet per arm.

    RULES.md 1.7. Path: the arm's last hatchet, `equipment[i]`."""
    per_arm = Counter(m.location for m in mech.mounts_of(ItemKind.HATCHET) if m.location.is_arm)
    for arm, count in sorted(per_arm.items()):
        if count > 1:
            mount = [m for m in mech.mounts_of(ItemKind.HATCHET) if m.location is arm][-1]
            yield error(
                "E-HATCHET-COUNT", mount.path,
                f"{count} hatchets in the {arm.title.lower()}; at most one per arm",
                expected="≤ 1", actual=str(count), hint="remove the extra hatchet",
            )
