"""Critical-slot operations on a design mapping: place an entry in a slot, move it, let
mechlab place it, compact, sort, fill (MegaMekLab's buttons), split a weapon.

A design places an entry by its `location` and, optionally, its first `slot`; an entry
without `slot` is placed by the resolver in listed order, and the spread components
(endo steel, ferro-fibrous, TSM) without `slots` are placed for the designer: the
unhittables are never placed by hand here. Each function returns a new mapping.
"""

from __future__ import annotations

import copy
from typing import Any

from mechlab.core.equipment import ItemKind
from mechlab.core.errors import DesignError
from mechlab.core.locations import Location
from mechlab.edit.armor import resolved

# Sort: weapons first, then ammunition, equipment, heat sinks, jump jets (the order
# MegaMekLab's "Sort" lists a location's items in).
KIND_ORDER = {ItemKind.WEAPON: 0, ItemKind.HATCHET: 1, ItemKind.PHYSICAL: 1,
              ItemKind.AMMO: 2, ItemKind.EQUIPMENT: 3, ItemKind.HEAT_SINK: 4,
              ItemKind.JUMP_JET: 5}


class SlotEditError(ValueError):
    """An operation the design cannot take (no such entry, no such location)."""


def _entries(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [dict(entry) for entry in data.get("equipment") or ()]


def _entry_index(data: dict[str, Any], index: int) -> int:
    count = len(data.get("equipment") or ())
    if not 0 <= index < count:
        raise SlotEditError(f"equipment[{index}]: no such entry (the design lists {count})")
    return index


def _location(name: str) -> str:
    try:
        return Location.parse(name).value
    except ValueError as exc:
        raise SlotEditError(str(exc)) from None


def place(data: dict[str, Any], index: int, location: str, slot: int | None = None
          ) -> dict[str, Any]:
    """One item of entry `index` in `location`, from its 1-based `slot` (None: where
    mechlab places it). An entry of several items gives up one, which becomes an entry
    of its own after it; a split weapon placed whole loses its split."""
    index = _entry_index(data, index)
    out = copy.deepcopy(data)
    entries = _entries(out)
    entry = entries[index]
    moved = {k: v for k, v in entry.items() if k not in ("slot", "split", "count")}
    moved["location"] = _location(location)
    if slot is not None:
        if not 1 <= slot <= 12:
            raise SlotEditError(f"slot {slot}: a location's slots are numbered 1–12")
        moved["slot"] = slot
    count = int(entry.get("count", 1))
    if count > 1:
        entry["count"] = count - 1
        if entry["count"] == 1:
            del entry["count"]
        entries.insert(index + 1, moved)
    else:
        entries[index] = moved
    out["equipment"] = entries
    return out


def unplace(data: dict[str, Any], index: int) -> dict[str, Any]:
    """Entry `index` placed by mechlab in its location (its `slot` dropped)."""
    index = _entry_index(data, index)
    out = copy.deepcopy(data)
    entries = _entries(out)
    entries[index].pop("slot", None)
    out["equipment"] = entries
    return out


def move_entry(data: dict[str, Any], index: int, location: str) -> dict[str, Any]:
    """The whole entry `index` (every item of it) to `location`, placed by mechlab."""
    index = _entry_index(data, index)
    out = copy.deepcopy(data)
    entries = _entries(out)
    entries[index] = {k: v for k, v in entries[index].items() if k not in ("slot", "split")}
    entries[index]["location"] = _location(location)
    out["equipment"] = entries
    return out


def split(data: dict[str, Any], index: int, location: str, slots: int,
          keep_slot: bool = False) -> dict[str, Any]:
    """Entry `index` split: `slots` of its slots in the adjacent `location` (RULES.md 1.6;
    the validator judges the adjacency, E-SPLIT), from its first slot (`keep_slot`) or
    where mechlab places it."""
    index = _entry_index(data, index)
    out = copy.deepcopy(data)
    entries = _entries(out)
    if not keep_slot:
        entries[index].pop("slot", None)
    entries[index]["split"] = {"location": _location(location), "slots": slots}
    out["equipment"] = entries
    return out


def place_split(data: dict[str, Any], index: int, location: str, slot: int | None = None
                ) -> dict[str, Any]:
    """`place`, and a weapon that may be split (an AC/20, RULES.md 1.6) and does not fit
    whole there split: the slots left over go to the location damage transfers to (an
    arm's or a leg's side torso, a side torso's center torso), as MegaMekLab splits a
    weapon dropped where it does not fit."""
    placed = place(data, index, location, slot)
    moved = index + 1 if int(dict(data["equipment"][index]).get("count", 1)) > 1 else index
    mech = resolved(placed)
    stuck = next((u for u in mech.unplaced if u.mount.path == f"equipment[{moved}]"), None)
    where = Location.parse(location)
    neighbour = where.transfers_to
    if stuck is None or neighbour is None or not stuck.mount.item.weapon.splittable:
        return placed
    slots = mech.critical_slots[where]
    start = 0 if slot is None else slot - 1
    if slot is None:
        here = sum(1 for s in slots if not s.name)
    else:
        here = next((n for n, s in enumerate(slots[start:]) if s.name), len(slots) - start)
    if not 0 < here < stuck.needed:
        return placed
    trial = split(placed, moved, neighbour.value, stuck.needed - here, keep_slot=True)
    return trial if not any(u.mount.path == f"equipment[{moved}]"
                            for u in resolved(trial).unplaced) else placed


def compact(data: dict[str, Any]) -> dict[str, Any]:
    """Every slot number dropped (but a shared slot's), the spread components' hand
    placement too: mechlab places everything in listed order, without gaps. Where
    placing the spread components anew leaves an item without room (a QuadVee's endo
    steel in the leg slots its tracks need), their placement is kept."""
    out = _without_slots(data, spread=True)
    if len(resolved(out).unplaced) > len(resolved(data).unplaced):
        return _without_slots(data, spread=False)
    return out


def _without_slots(data: dict[str, Any], spread: bool) -> dict[str, Any]:
    """The entries' slot numbers dropped, and the spread components' (`spread`)."""
    out = copy.deepcopy(data)
    entries = _entries(out)
    shared = _shared_slots(entries)
    for entry in entries:
        if _slot_of(entry) not in shared:
            entry.pop("slot", None)
        if isinstance(entry.get("split"), dict):
            entry["split"] = {k: v for k, v in entry["split"].items() if k != "slot"}
    if entries:
        out["equipment"] = entries
    for component in ("structure", "armor", "myomer") if spread else ():
        value = out.get(component)
        if isinstance(value, dict) and "slots" in value:
            out[component] = {k: v for k, v in value.items() if k != "slots"}
    return out


def _slot_of(entry: dict[str, Any]) -> tuple[str, object]:
    try:
        return Location.parse(str(entry.get("location"))).value, entry.get("slot")
    except ValueError:
        return str(entry.get("location")), entry.get("slot")


def _shared_slots(entries: list[dict[str, Any]]) -> set[tuple[str, object]]:
    """The slots two items share (a superheavy's `A|B` slot, CONFIGURATIONS.md): both
    keep their slot number through Compact, Sort and Fill, which would otherwise leave
    the `shared` item naming no slot (E-SHARED-SLOT)."""
    return {_slot_of(e) for e in entries if e.get("shared") and "slot" in e}


def sort_slots(data: dict[str, Any]) -> dict[str, Any]:
    """Compacted, and each location's entries in order: weapons, ammunition, equipment,
    heat sinks, jump jets, the bigger first, then by name."""
    out = compact(data)
    mech = resolved(out)
    order = {loc.value: n for n, loc in enumerate(mech.locations)}
    kinds: dict[int, tuple[int, int]] = {}
    for mount in mech.mounts:
        if mount.path.startswith("equipment["):
            index = int(mount.path[len("equipment["):-1])
            kinds[index] = (KIND_ORDER.get(mount.item.kind, 6), -mount.slot_count)
    entries = _entries(out)
    ranked = sorted(range(len(entries)), key=lambda i: (
        order.get(Location.parse(str(entries[i]["location"])).value, 99),
        kinds.get(i, (6, 0)), str(entries[i]["item"]).lower()))
    if entries:
        out["equipment"] = [entries[i] for i in ranked]
    return out


def fill(data: dict[str, Any]) -> dict[str, Any]:
    """Every item that found no room moved, one at a time, to the first location where
    it fits (the locations with the most free slots first); an item that fits nowhere
    whole stays, for the designer to split or drop."""
    out = compact(data)
    for _ in range(len(out.get("equipment") or ())):
        mech = resolved(out)
        stuck = [u for u in mech.unplaced if u.mount.path.startswith("equipment[")]
        if not stuck:
            return out
        moved = _first_fit(out, stuck[0].mount.path, len(mech.unplaced))
        if moved is None:
            return out
        out = moved
    return out


def fit(data: dict[str, Any], index: int) -> dict[str, Any]:
    """Entry `index` left where it is when it found room, else moved as Fill moves it (to
    the first location where it fits)."""
    path = f"equipment[{_entry_index(data, index)}]"
    unplaced = resolved(data).unplaced
    if not any(u.mount.path == path for u in unplaced):
        return data
    return _first_fit(data, path, len(unplaced)) or data


def _first_fit(data: dict[str, Any], path: str, unplaced: int) -> dict[str, Any] | None:
    index = int(path[len("equipment["):-1])
    mech = resolved(data)
    free = {loc: sum(1 for s in mech.critical_slots[loc] if not s.name)
            for loc in mech.locations}
    for location in sorted(free, key=lambda loc: -free[loc]):
        trial = place(data, index, location.value)
        if len(resolved(trial).unplaced) < unplaced:
            return trial
    return None


def add_item(data: dict[str, Any], item: str, location: str) -> dict[str, Any]:
    """One `item` more, in `location`, placed by mechlab (the reader checks the name); a
    heat sink of the design's own kind is one sink more (`_one_more_sink`)."""
    out = copy.deepcopy(data)
    entries = _entries(out)
    entries.append({"item": _own_name(data, item), "location": _location(location)})
    out["equipment"] = entries
    return _one_more_sink(data, out) or out


def _own_name(data: dict[str, Any], item: str) -> str:
    """The name the design's ruleset writes for the item `item` names (the page adds a
    catalogue row by its id: `cl_er_medium_laser` is `Clan ER Medium Laser` on a Mixed
    IS 'Mech, `ER Medium Laser` on a Clan one); `item` itself when it names none."""
    from mechlab.rulesets import UnknownRulesetError, get_ruleset

    tech_base = str(data.get("tech_base") or "inner_sphere")
    try:
        ruleset = get_ruleset(str(data.get("ruleset") or "intro"))
        found = ruleset.catalog.lookup(item, tech_base)
    except (UnknownRulesetError, ValueError):
        return item  # the judge names what is wrong with it, on its field
    return ruleset.own_item_name(found, tech_base) or item


def _one_more_sink(data: dict[str, Any], added: dict[str, Any]) -> dict[str, Any] | None:
    """`data` with one sink more, when `added` (`data` and one entry more) lists a heat
    sink of the kind `heat_sinks` counts; else None.

    RULES.md 1.4: `heat_sinks` is the total, the placed sinks included, so a Heat Sink
    entry alone adds nothing (it only places one of the counted sinks; a designer who
    clicked Add saw no ton and no heat point change). The total goes up by the sinks
    the item holds, and its entry stays only where the engine cannot hold one more: the
    sink then takes slots, in the location chosen."""
    try:
        mech = resolved(added)
    except DesignError:  # an unknown item: the judge shows it on its field
        return None
    path = f"equipment[{len(added['equipment']) - 1}]"
    mount = next((m for m in mech.mounts if m.path == path), None)
    if mount is None or mount.item != mech.ruleset.heat_sink_item(mech.design):
        return None
    total = mech.heat_sinks + mech.ruleset.sinks_held(mount.item)
    bare = _sink_total(data, total)
    if resolved(bare).integral_heat_sinks > resolved(data).integral_heat_sinks:
        return bare  # inside the engine: no slot, no entry
    return _sink_total(added, total)


def _sink_total(data: dict[str, Any], total: int) -> dict[str, Any]:
    """`data` with `heat_sinks` totalling `total` (its type kept; `heat_sinks: 12`, the
    shorthand, written out)."""
    out = copy.deepcopy(data)
    sinks = out.get("heat_sinks")
    out["heat_sinks"] = {**(sinks if isinstance(sinks, dict) else {}), "count": total}
    return out


def remove_entry(data: dict[str, Any], index: int) -> dict[str, Any]:
    """Entry `index` gone (one item of it, when it lists several); a heat sink of the
    kind `heat_sinks` counts is one sink fewer (RULES.md 1.4: the total counts the
    placed ones, so dropping the entry alone would only let mechlab place it again)."""
    index = _entry_index(data, index)
    mech = resolved(data)
    mount = next((m for m in mech.mounts if m.path == f"equipment[{index}]"), None)
    if mount is not None and mount.item == mech.ruleset.heat_sink_item(mech.design):
        data = _sink_total(data, mech.heat_sinks - mech.ruleset.sinks_held(mount.item))
    out = copy.deepcopy(data)
    entries = _entries(out)
    count = int(entries[index].get("count", 1))
    if count > 2:
        entries[index]["count"] = count - 1
    elif count == 2:
        del entries[index]["count"]
    else:
        del entries[index]
    out["equipment"] = entries
    return out
