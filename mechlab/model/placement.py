"""Placing items in the critical slot grid (RULES.md 1.6, STANDARD_RULES.md §14.6).

`SlotTable` is the mutable grid the resolver fills; the spread components' pieces
(endo steel, ferro-fibrous, stealth, TSM) are placed here too: where the design says,
else `per_location` in each allowed location, else the roomiest location.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction

from mechlab.core.design import Design
from mechlab.core.locations import Location
from mechlab.model.mech import MountedItem, Slot, Unplaced, changed
from mechlab.rulesets import Ruleset
from mechlab.rulesets.base import Spread

# A cell of the grid while placing: a fixed component's `Slot`, the mount that fills it,
# or None (open). The mounts' cells become `Slot`s once every mount is placed.
Cell = Slot | MountedItem | None


@dataclass
class SlotTable:
    """The mutable slot grid used while placing; frozen into `Slot`s at the end."""

    cells: dict[Location, list[Cell]]
    unplaced: list[Unplaced] = field(default_factory=list)

    def free(self, location: Location) -> int:
        return sum(1 for cell in self.cells[location] if cell is None)

    def find_run(self, location: Location, length: int) -> int | None:
        cells = self.cells[location]
        for start in range(len(cells) - length + 1):
            if all(cell is None for cell in cells[start : start + length]):
                return start
        return None

    def fill(self, mount: MountedItem, location: Location, start: int, length: int) -> None:
        self.cells[location][start:start + length] = [mount] * length

    def place(
        self, mount: MountedItem, location: Location, length: int, slot: int | None
    ) -> tuple[tuple[Location, int], ...]:
        """Place `length` slots of `mount`; record why not when it does not fit."""
        cells = self.cells[location]
        if slot is not None:
            start = slot - 1
            if start + length > len(cells):
                self.unplaced.append(
                    Unplaced(mount, "range", location, length, self.free(location), slot)
                )
                return ()
            if any(cell is not None for cell in cells[start : start + length]):
                self.unplaced.append(
                    Unplaced(mount, "taken", location, length, self.free(location), slot)
                )
                return ()
        else:
            found = self.find_run(location, length)
            if found is None:
                self.unplaced.append(
                    Unplaced(mount, "full", location, length, self.free(location))
                )
                return ()
            start = found
        self.fill(mount, location, start, length)
        return tuple((location, i) for i in range(start, start + length))


def spread_mounts(design: Design, ruleset: Ruleset, start_id: int
                   ) -> list[tuple[MountedItem, Spread]]:
    """One 1-slot mount per piece of every spread component (STANDARD_RULES.md §14.6)."""
    out: list[tuple[MountedItem, Spread]] = []
    for spread in ruleset.spread_items(design):
        piece = MountedItem(
            id=start_id + len(out), item=spread.item, location=Location.CENTER_TORSO,
            rear=False, path=spread.path, auto=spread.slots is None, tons=Fraction(0),
            slot_count=1, piece=True)
        for number in range(spread.count):  # the pieces differ by id alone
            out.append((changed(piece, id=start_id + len(out)) if number else piece, spread))
    return out


def one_mount_each(table: SlotTable, entries: list[MountedItem],
                   pieces: list[MountedItem]) -> list[MountedItem]:
    """An equipment entry placed as spread pieces (environmental sealing, tracks: one slot
    in each location) becomes one mount again, holding every slot its pieces took; the
    other spread pieces (structure, armor, myomer slots) are returned as they are."""
    carriers = {m.path: m for m in entries if m.slot_count == 0}
    merged = {p.id: carriers[p.path] for p in pieces if p.path in carriers}
    if not merged:
        return pieces
    sizes = Counter(carrier.id for carrier in merged.values())
    whole = {c.id: replace(c, slot_count=sizes[c.id]) for c in carriers.values()}
    for index, mount in enumerate(entries):
        entries[index] = whole.get(mount.id, mount)
    for cells in table.cells.values():
        for i, cell in enumerate(cells):
            if isinstance(cell, MountedItem) and cell.id in merged:
                cells[i] = whole[merged[cell.id].id]
    table.unplaced[:] = [replace(u, mount=whole[merged[u.mount.id].id])
                         if u.mount.id in merged else u for u in table.unplaced]
    return [p for p in pieces if p.id not in merged]


def place_spread_explicit(table: SlotTable, spread: list[tuple[MountedItem, Spread]]) -> None:
    """Pieces the design placed by slot number (`slots: {left_torso: [1, 2]}`)."""
    done: set[int] = set()
    for index, (_, component) in enumerate(spread):
        if index in done or component.slots is None:
            continue
        pieces = [i for i, (_, c) in enumerate(spread) if c is component]
        done.update(pieces)
        wanted = [(loc, slot) for loc, where in component.slots.items()
                  if isinstance(where, list) for slot in where]
        for (loc, slot), piece in zip(wanted, pieces, strict=False):
            _place_piece(table, spread, piece, loc, slot)


def place_spread_auto(table: SlotTable, spread: list[tuple[MountedItem, Spread]]) -> None:
    """Pieces placed by count per location, or wholly automatically: `per_location` in
    each allowed location, else the roomiest location (ties: arms and legs first)."""
    done: set[int] = set()
    for index, (_, component) in enumerate(spread):
        if index in done:
            continue
        pieces = [i for i, (_, c) in enumerate(spread) if c is component]
        done.update(pieces)
        if component.slots is not None:
            wanted = [loc for loc, where in component.slots.items()
                      if isinstance(where, int) for _ in range(where)]
            explicit = sum(len(w) for w in component.slots.values() if isinstance(w, list))
            pieces = pieces[explicit:]
        elif component.per_location:
            wanted = [loc for loc in component.locations for _ in range(component.per_location)]
        else:
            wanted = []
        for number, piece in enumerate(pieces):
            if number < len(wanted):
                _place_piece(table, spread, piece, wanted[number], None)
            elif component.slots is None and not component.per_location:
                order = tuple(loc for loc in component.locations if loc in table.cells)
                _place_piece(table, spread, piece, roomiest(table, order or tuple(table.cells)),
                             None)


def _place_piece(table: SlotTable, spread: list[tuple[MountedItem, Spread]], piece: int,
                 location: Location, slot: int | None) -> None:
    mount, component = spread[piece]
    mount = changed(mount, location=location)
    spread[piece] = (mount, component)
    table.place(mount, location, 1, slot)


def roomiest(table: SlotTable, order: tuple[Location, ...], length: int = 1) -> Location:
    """The allowed location with the most free slots (ties: first in `order`), preferring
    one with a free run of `length` (a double heat sink's 3 slots stay together)."""
    return max(order, key=lambda loc: (table.find_run(loc, length) is not None,
                                       table.free(loc), -order.index(loc)))
