"""A design's equipment entries as mounted items, sized for the 'Mech (RULES.md 1.7,
tech/EQUIPMENT.md): each entry expanded into its `count` copies, each item's tons and
slots worked out from the facts of its location. Placing them is resolve.py's."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from mechlab.core.design import Design, Mount
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.core.tons import tons
from mechlab.model.mech import MountedItem, changed, new_mount
from mechlab.rulesets import EngineRow, Ruleset


def mounted(
    mount_id: int, item: Item, location: Location, path: str, ruleset: Ruleset,
    facts: dict[str, Fraction | int], rear: bool = False, auto: bool = False, pod: bool = False,
    changes: dict[str, object] | None = None,
) -> MountedItem:
    """The mounted item, with the entry's `changes` to what the item alone would give
    (made once, not made and then copied: issue 31)."""
    jet = item.kind is ItemKind.JUMP_JET
    tonnage = int(facts["tonnage"])
    tons_, slots = (Fraction(0), 0) if jet else item.sized(facts)
    slots = ruleset.item_slots(tonnage, slots)
    made: dict[str, Any] = dict(
        id=mount_id, item=item, location=location, rear=rear, path=path, auto=auto,
        # RULES.md 1.3: a jet weighs what the tonnage band says, in a slot if the ruleset
        # gives it one (listed and auto-placed jets alike).
        tons=ruleset.jet_tons(item, tonnage) if jet else tons_,
        slot_count=ruleset.jet_slots(item) if jet else slots, pod=pod,
    )
    made.update(changes or {})
    return new_mount(**made)


Entry = tuple[MountedItem, Mount, int]


def expand_entries(design: Design, ruleset: Ruleset, engine: EngineRow | None) -> list[Entry]:
    """Expand `equipment` into mounted items, sized for this 'Mech."""
    unavailable = {index for index, _ in unavailable_items(design, ruleset)}
    listed = [(index, entry, _sized_item(ruleset.catalog.lookup(entry.item, design.tech_base),
                                         entry))
              for index, entry in enumerate(design.equipment) if index not in unavailable]
    items = [item for _, entry, item in listed for _ in range(entry.count)]
    facts = ruleset.size_facts(design, engine, items)
    turret_tons = _turret_tons(listed, facts)
    # The items of each location, and the facts an item there is sized by: once a
    # location, not once an entry (issue 31: `check`).
    here: dict[Location, list[Item]] = {}
    for _, entry, item in listed:
        here.setdefault(entry.location, []).extend([item] * entry.count)
    facts_of = {loc: ruleset.facts_at(design, facts, items_here)
                for loc, items_here in here.items()}
    expanded: list[Entry] = []
    for index, entry, item in listed:
        facts_here = facts_of[entry.location]
        turned = ruleset.turned_location(item, entry.location)
        if turned is not None:
            facts_here = {**facts_here, "turret_tons": turret_tons.get(turned, Fraction(0))}
        changes: dict[str, object] = {"armored": entry.armored, "turret": entry.turret}
        if entry.slots is not None:  # as written; the validator judges the size
            changes["slot_count"] = entry.slots
        if entry.shared:  # in another item's slot (E-SHARED-SLOT judges it)
            changes.update(slot_count=0, shared_slot=entry.slot - 1 if entry.slot else None)
        if ruleset.spread_entry_locations(design, item):
            # One slot in each location: the pieces are placed as spread pieces
            # (ruleset.spread_items); the entry carries the weight.
            changes["slot_count"] = 0
        mount = mounted(len(expanded), item, entry.location, f"equipment[{index}]",
                        ruleset, facts_here, rear=entry.rear, pod=entry.pod, changes=changes)
        for copy in range(entry.count):  # the copies differ by id alone
            expanded.append((changed(mount, id=len(expanded)) if copy else mount, entry, copy))
    return expanded


def _turret_tons(listed: list[tuple[int, Mount, Item]], facts: dict[str, Fraction | int]
                 ) -> dict[Location, Fraction]:
    """ADVANCED_EQUIPMENT.md §4.4 (MegaMek's MiscType getTonnage): the tons of each
    location's turret-mounted items, ammunition and heat sinks left out."""
    out: dict[Location, Fraction] = {}
    for _, entry, item in listed:
        if entry.turret and item.kind not in (ItemKind.AMMO, ItemKind.HEAT_SINK):
            tons_ = item.sized(facts)[0] * entry.count
            out[entry.location] = out.get(entry.location, Fraction(0)) + tons_
    return out


def _sized_item(item: Item, entry: Mount) -> Item:
    """The item with the size the entry declares (`size: 2` tons of cargo)."""
    return item if entry.size is None else replace(item, size=tons(entry.size))


def unavailable_items(design: Design, ruleset: Ruleset) -> list[tuple[int, str]]:
    """Equipment entries the ruleset's table does not have: (index, why). Only a design
    judged under another ruleset than its own has any (`validate --ruleset`)."""
    found = []
    for index, entry in enumerate(design.equipment):
        try:
            ruleset.catalog.lookup(entry.item, design.tech_base)
        except ValueError as exc:  # UnknownItemError included
            found.append((index, str(exc)))
    return found
