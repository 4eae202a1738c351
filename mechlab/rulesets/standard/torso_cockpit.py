"""Where a torso-mounted cockpit's center-torso slots go (ADVANCED_COMPONENTS.md §2.1).

Its `Cockpit` and `Sensors` follow the engine and gyro block, in the first center-torso
slots that no item placed by `slot` holds: MegaMek checks no positions, and a file may put
items first (Stalker II STK-9A: two medium lasers in slots 9–10, the cockpit in 11–12 behind
a compact gyro). With no item placed there, the slots follow the block directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mechlab.core.locations import Location

if TYPE_CHECKING:
    from mechlab.core.design import Design, Mount
    from mechlab.core.equipment import Catalog


def _slots_of(catalog: Catalog, design: Design, entry: Mount) -> int:
    """The slots one copy of `entry` takes: as written, else the catalogue's (a formula-sized
    item counts its first slot only; the validator judges its size)."""
    if entry.slots is not None:
        return entry.slots
    try:
        weapon = catalog.lookup(entry.item, design.tech_base).weapon
    except ValueError:
        return 1  # an unknown name: its own finding; it holds the slot it names
    return weapon.slots if weapon.slots_formula is None else 1


def held_slots(catalog: Catalog, design: Design, location: Location) -> set[int]:
    """The 1-based slots of `location` that items placed by `slot` hold."""
    held: set[int] = set()
    for entry in design.equipment:
        if entry.location != location or entry.slot is None or entry.shared:
            continue
        size = _slots_of(catalog, design, entry) * entry.count
        if entry.split is not None:  # the part in the next location holds no slot here
            size = max(1, size - entry.split.slots)
        held.update(range(entry.slot, entry.slot + size))
    return held


def after_block(catalog: Catalog, design: Design, block: tuple[str | None, ...],
                cockpit: tuple[str, ...]) -> tuple[str | None, ...]:
    """The center torso's fixed slots: `block` (engine and gyro), then the cockpit's slots in
    the first slots after it that no item placed by `slot` holds (None: an open slot)."""
    if not cockpit:
        return block
    held = held_slots(catalog, design, Location.CENTER_TORSO)
    out = list(block)
    for name in cockpit:
        while len(out) + 1 in held:
            out.append(None)
        out.append(name)
    return tuple(out)
