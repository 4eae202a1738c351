"""Whether a damage state can belong to its 'Mech (issue 30), and the facts a sheet or an
engine reads from it. A state that cannot (more armor lost than the location has, a hit
on an empty slot, a bin that is not there) is bad input: one problem per line, each
naming its field, never repaired."""

from __future__ import annotations

from mechlab.core.locations import Location
from mechlab.core.state import DamageState
from mechlab.model.mech import Mech, MountedItem, SlotKind


def state_problems(state: DamageState, mech: Mech) -> list[str]:
    """Every way `state` cannot be this 'Mech's, as 'field: what is wrong; what to do'."""
    return [*_armor(state, mech), *_structure(state, mech), *_critical_hits(state, mech),
            *_ammo(state, mech), *_pilot(state, mech)]


def _no_such_location(field: str, location: Location, mech: Mech) -> str | None:
    if location in mech.locations:
        return None
    names = ", ".join(loc.value for loc in mech.locations)
    return f"{field}.{location.value}: {mech.name} has no such location (it has {names})"


def _armor(state: DamageState, mech: Mech) -> list[str]:
    problems = []
    for location, lost in state.armor.items():
        if missing := _no_such_location("armor", location, mech):
            problems.append(missing)
            continue
        front, rear = mech.armor_front(location), mech.armor_rear(location)
        if lost.front > front:
            problems.append(f"armor.{location.value}.front: {lost.front} points lost, but "
                            f"it has {front}; at most {front}")
        if lost.rear and not location.has_rear_armor:
            problems.append(f"armor.{location.value}.rear: the {location.title.lower()} has "
                            "no rear armor; give the front only")
        elif lost.rear > rear:
            problems.append(f"armor.{location.value}.rear: {lost.rear} points lost, but it "
                            f"has {rear}; at most {rear}")
    return problems


def _structure(state: DamageState, mech: Mech) -> list[str]:
    problems = []
    for location, lost in state.structure.items():
        if missing := _no_such_location("structure", location, mech):
            problems.append(missing)
            continue
        points = (mech.structure or {}).get(location, 0)
        if lost > points:
            problems.append(f"structure.{location.value}: {lost} points lost, but it has "
                            f"{points}; at most {points}")
    return problems


def _critical_hits(state: DamageState, mech: Mech) -> list[str]:
    problems = []
    for location, slots in state.critical_hits.items():
        if missing := _no_such_location("critical_hits", location, mech):
            problems.append(missing)
            continue
        cells = mech.critical_slots[location]
        if len(set(slots)) != len(slots):
            problems.append(f"critical_hits.{location.value}: a slot listed twice; list each "
                            "slot hit once")
        for number in slots:
            where = f"critical_hits.{location.value}: slot {number}"
            if number > len(cells):
                problems.append(f"{where}: the {location.title.lower()} has {len(cells)} "
                                "slots")
            elif cells[number - 1].kind is SlotKind.EMPTY:
                problems.append(f"{where} is empty (a hit there is rolled again); remove it")
            elif (mount := cells[number - 1].mount) and not mech.ruleset.can_be_hit(mount.item):
                problems.append(f"{where} holds {mount.name}, which a critical hit skips "
                                "(rolled again); remove it")
    return problems


def ammo_bin(mech: Mech, location: Location, slot: int) -> MountedItem | None:
    """The ammunition lot in that 1-based slot, if one is there."""
    return next((lot for lot in mech.ammo if (location, slot - 1) in lot.placement), None)


def bin_shots(mech: Mech, location: Location, slot: int) -> int:
    """The shots the 1-based slot holds: its lot's, and a superheavy's second lot sharing
    the slot (CONFIGURATIONS.md §1.3; the sheet prints both, `Gauss Ammo 8+8`)."""
    lots = [lot for lot in mech.ammo if (location, slot - 1) in lot.placement
            or (lot.shared_slot == slot - 1 and lot.location is location)]
    return sum(lot.item.shots or 0 for lot in lots)


def _ammo(state: DamageState, mech: Mech) -> list[str]:
    problems, seen = [], set()
    for index, spent in enumerate(state.ammo_spent):
        where = f"ammo_spent[{index}]"
        lot = ammo_bin(mech, spent.location, spent.slot)
        if lot is None:
            problems.append(f"{where}: no ammunition in {spent.location.value} slot "
                            f"{spent.slot}; name a bin's location and slot")
            continue
        if (spent.location, spent.slot) in seen:
            problems.append(f"{where}: {spent.location.value} slot {spent.slot} listed twice; "
                            "give each bin once")
        seen.add((spent.location, spent.slot))
        carried = bin_shots(mech, spent.location, spent.slot)
        if spent.shots > carried:
            problems.append(f"{where}.shots: {spent.shots} spent, but the bin ({lot.name}) "
                            f"holds {carried}; at most {carried}")
    return problems


def pilot_hits_to_die(mech: Mech) -> int:
    """RULES.md 1.8: a consciousness roll after each hit but the last, which kills."""
    return len(mech.ruleset.consciousness) + 1


def _pilot(state: DamageState, mech: Mech) -> list[str]:
    most = pilot_hits_to_die(mech)
    if state.pilot_hits > most:
        return [f"pilot_hits: {state.pilot_hits}, but the {most}th hit kills the MechWarrior; "
                f"at most {most}"]
    return []
