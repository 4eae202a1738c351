"""Design → Mech: derive weights, movement, heat sinks and the critical slot table.

Placement (RULES.md 1.6): fixed components first (the ruleset's layout: engine, gyro,
cockpit, actuators), then entries with an explicit `slot` and the spread pieces the
design places by number, then the other entries in the order listed (first free run
that fits), then the jump jets and heat sinks the design counts but does not place,
then the spread components' other pieces (STANDARD_RULES.md §14.6; placement.py).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from mechlab.core.design import Design, Mount
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.model.entries import Entry, expand_entries, mounted, unavailable_items
from mechlab.model.mech import (
    Mech,
    MountedItem,
    Slot,
    SlotKind,
    Unplaced,
    changed,
    equipment_slot,
)
from mechlab.model.placement import (
    Cell,
    SlotTable,
    one_mount_each,
    place_spread_auto,
    place_spread_explicit,
    roomiest,
    spread_mounts,
)
from mechlab.model.weights import armor_tons, with_weights
from mechlab.rulesets import EngineRow, Ruleset, get_ruleset
from mechlab.rulesets.base import Spread


def fixed_components(design: Design, ruleset: Ruleset) -> dict[Location, tuple[str | None, ...]]:
    """The fixed slots of every location (RULES.md 1.6), None for an open slot."""
    return ruleset.fixed_layout(design)


def resolve(design: Design, ruleset: Ruleset | None = None) -> Mech:
    """Derive the 'Mech from a design under its ruleset (or the one given)."""
    ruleset = ruleset or get_ruleset(design.ruleset)
    tonnage = design.tonnage
    # RULES.md 1.2: rating = tonnage × Walking MP (the ruleset's), unless the design states
    # its own (kept as printed and reported by E-ENGINE-MISMATCH).
    rating = ruleset.engine_rating_of(design)
    engine = ruleset.engine_row(design, rating)
    placed = _placed(design, ruleset, rating, engine)
    mounts = placed.mounts
    by_id = {m.id: m for m in mounts}
    placed_jets = [m.item for m in mounts if m.item.kind is ItemKind.JUMP_JET]
    jet_item = placed_jets[0] if placed_jets else ruleset.jump_jet_item(design)
    explosive = {loc for m in mounts if m.item.weapon.explosive != "no" for loc in m.locations}
    mech = Mech(
        design=design,
        ruleset=ruleset,
        tonnage=tonnage,
        structure=ruleset.structure_of(design),
        engine_rating=rating,
        engine=engine,
        engine_maker=design.engine_maker or (engine.maker if engine else None),
        walking_mp=design.walking_mp,
        running_mp=ruleset.running_mp(design.walking_mp),
        jumping_mp=placed.jumping_mp,
        jump_jet_tons=ruleset.jet_tons(jet_item, tonnage),
        heat_sinks=design.heat_sink_count,
        integral_heat_sinks=placed.integral_heat_sinks,
        armor_tons=armor_tons(design, ruleset),
        mounts=tuple(mounts),
        critical_slots={loc: placed.slots[loc] for loc in design.locations},
        unavailable=tuple(unavailable_items(design, ruleset)),
        unplaced=tuple(
            Unplaced(by_id[u.mount.id], u.reason, u.location, u.needed, u.free, u.slot)
            for u in placed.table.unplaced
        ),
        armor_per_ton=ruleset.armor_per_ton(design),
        builtin_case=ruleset.builtin_case(design, explosive),
    )
    return with_weights(mech)


class _Placed(NamedTuple):
    """Every item in its slots, and what placing the counted items decided."""

    mounts: list[MountedItem]
    slots: dict[Location, tuple[Slot, ...]]
    table: SlotTable  # with what could not be placed
    jumping_mp: int
    integral_heat_sinks: int


def _placed(design: Design, ruleset: Ruleset, rating: int, engine: EngineRow | None
            ) -> _Placed:
    """RULES.md 1.6, in order: the fixed components, the listed entries and placed spread
    pieces, the counted jump jets and heat sinks, the spread components' other pieces."""
    table = _empty_table(design, ruleset)
    entries = expand_entries(design, ruleset, engine)
    spread = spread_mounts(design, ruleset, start_id=len(entries))
    _place_entries(design, table, entries, spread)
    mounts = [m for m, _, _ in entries]
    jumping_mp, jets = _place_jump_jets(design, ruleset, table,
                                        start_id=len(mounts) + len(spread))
    integral, sinks = _place_heat_sinks(design, ruleset, rating, table,
                                        start_id=len(mounts) + len(spread) + len(jets))
    place_spread_auto(table, spread)
    mounts += one_mount_each(table, mounts, [m for m, _ in spread]) + jets + sinks
    mounts, slots = _frozen(table, mounts)
    return _Placed(mounts, slots, table, jumping_mp, integral)


def _empty_table(design: Design, ruleset: Ruleset) -> SlotTable:
    """The slot grid with only the fixed components in it (RULES.md 1.6)."""
    armored = design.armored_slots or {}
    cells: dict[Location, list[Cell]] = {}
    for loc, fixed in ruleset.fixed_layout(design).items():
        plated = armored.get(loc, ())
        cells[loc] = [_fixed_slot(loc, i, name, i + 1 in plated) if name else None
                      for i, name in enumerate(_padded(fixed, ruleset.slot_counts[loc]))]
    return SlotTable(cells)


# A slot is immutable: the fixed and the empty slots are made once a process, not once a
# design (resolving made ~80 `Slot`s a design: issue 31).
@lru_cache(maxsize=4096)
def _fixed_slot(location: Location, index: int, name: str, armored: bool) -> Slot:
    return Slot(location, index, SlotKind.FIXED, name, armored=armored)


@lru_cache(maxsize=64)
def _empty_slots(location: Location, count: int) -> tuple[Slot, ...]:
    """A location's slots, all open: an open slot of the grid is one of these."""
    return tuple(Slot(location, index, SlotKind.EMPTY, "") for index in range(count))


def _frozen(table: SlotTable, mounts: list[MountedItem]
            ) -> tuple[list[MountedItem], dict[Location, tuple[Slot, ...]]]:
    """Mounts with their final placement, and the slot table pointing at them."""
    placements = _placements(table)
    mounts = [
        _with_placement(m, placements.get(m.id, ())) for m in sorted(mounts, key=lambda m: m.id)
    ]
    by_id = {m.id: m for m in mounts}
    return mounts, {loc: _final_slots(loc, cells, by_id) for loc, cells in table.cells.items()}


def _final_slots(location: Location, cells: list[Cell],
                 by_id: dict[int, MountedItem]) -> tuple[Slot, ...]:
    """A location's slots: a fixed one as placed, an open one empty, a mount's pointing at
    the mount with its placement."""
    out: list[Slot] = []
    empty = _empty_slots(location, len(cells))
    for index, cell in enumerate(cells):
        if cell is None:
            out.append(empty[index])
        elif isinstance(cell, Slot):
            out.append(cell)
        else:
            out.append(equipment_slot(location, index, by_id[cell.id]))
    return tuple(out)


def _padded(fixed: tuple[str | None, ...], count: int) -> tuple[str | None, ...]:
    return fixed + (None,) * (count - len(fixed))


def _place_entries(design: Design, table: SlotTable, expanded: list[Entry],
                   spread: list[tuple[MountedItem, Spread]]) -> None:
    """Entries with an explicit slot first, then the spread pieces the design placed by
    slot number, then the other entries in listed order."""
    explicit = [triple for triple in expanded if triple[1].slot is not None]
    listed = [triple for triple in expanded if triple[1].slot is None]
    for number, (mount, entry, copy) in enumerate(explicit + listed):
        if number == len(explicit):
            place_spread_explicit(table, spread)
        if mount.slot_count == 0:
            continue
        if entry.split is not None:
            _place_split(mount, entry, table)
        else:
            # `count` copies with a `slot` sit one after another from that slot.
            slot = entry.slot + copy * mount.slot_count if entry.slot else None
            table.place(mount, entry.location, mount.slot_count, slot)
    if not listed:
        place_spread_explicit(table, spread)


def _place_split(mount: MountedItem, entry: Mount, table: SlotTable) -> None:
    """RULES.md 1.6: an AC/20's slots may be split between two adjacent locations."""
    assert entry.split is not None
    other = max(0, min(entry.split.slots, mount.slot_count))
    placed = table.place(mount, entry.location, mount.slot_count - other, entry.slot)
    if placed and other and not table.place(mount, entry.split.location, other, entry.split.slot):
        for loc, index in placed:  # all or nothing: undo the primary part
            table.cells[loc][index] = None


def _place_jump_jets(
    design: Design, ruleset: Ruleset, table: SlotTable, start_id: int
) -> tuple[int, list[MountedItem]]:
    """Jumping MP = number of jets (RULES.md 1.3); place the jets the design only counts."""
    listed = sum(e.count for e in design.equipment if _is(ruleset, design, e, ItemKind.JUMP_JET))
    jumping_mp = design.jumping_mp if design.jumping_mp is not None else listed
    missing = max(0, jumping_mp - listed)
    if not ruleset.jump_jets_take_slots:
        return jumping_mp, []  # jets weigh (model/weights.py) but have nothing to place
    item = ruleset.jump_jet_item(design)
    jets = _auto_place(table, item, missing, ruleset.auto_jump_jet_order, "jumping_mp",
                       ruleset, design, start_id)
    return jumping_mp, jets


def _place_heat_sinks(
    design: Design, ruleset: Ruleset, rating: int, table: SlotTable, start_id: int
) -> tuple[int, list[MountedItem]]:
    """RULES.md 1.4: ⌊rating ÷ 25⌋ sinks sit in the engine; the others need a slot each."""
    total = design.heat_sink_count
    listed = sum(e.count * _sinks_held(ruleset, design, e) for e in design.equipment
                 if _is(ruleset, design, e, ItemKind.HEAT_SINK))
    integral = ruleset.engine_heat_sinks(design, rating, total)
    missing = max(0, total - integral - listed)
    sinks: list[MountedItem] = []
    for item, count in ruleset.heat_sink_items(design, missing):
        sinks += _auto_place(table, item, count, ruleset.auto_heat_sink_order, "heat_sinks",
                             ruleset, design, start_id + len(sinks))
    # A design may slot sinks the engine could have held: those are then not integral.
    return max(0, min(integral, total - listed)), sinks


def _sinks_held(ruleset: Ruleset, design: Design, entry: Mount) -> int:
    """How many sinks one of the entry's items is (a compact pair: two)."""
    try:
        return ruleset.sinks_held(ruleset.catalog.lookup(entry.item, design.tech_base))
    except ValueError:
        return 1


def _auto_place(table: SlotTable, item: Item, count: int, order: tuple[Location, ...],
                path: str, ruleset: Ruleset, design: Design, start_id: int
                ) -> list[MountedItem]:
    """Place `count` items, each in the allowed location with the most room."""
    placed: list[MountedItem] = []
    order = tuple(loc for loc in order if loc in table.cells) or tuple(table.cells)
    facts: dict[str, Fraction | int] = {"tonnage": design.tonnage}
    if not count:
        return placed
    first = mounted(start_id, item, order[0], path, ruleset, facts, auto=True)
    for n in range(count):
        location = roomiest(table, order, first.slot_count)
        mount = changed(first, id=start_id + n, location=location)  # they differ by these
        table.place(mount, location, mount.slot_count, None)
        placed.append(mount)
    return placed


def _is(ruleset: Ruleset, design: Design, entry: Mount, kind: ItemKind) -> bool:
    try:
        return ruleset.catalog.lookup(entry.item, design.tech_base).kind is kind
    except ValueError:
        return False  # not on this ruleset's table: E-ITEM-UNAVAILABLE


def _placements(table: SlotTable) -> dict[int, tuple[tuple[Location, int], ...]]:
    """Slots of each mount id, read back from the grid (mounts are placed by id)."""
    found: dict[int, list[tuple[Location, int]]] = {}
    for loc, cells in table.cells.items():
        for index, cell in enumerate(cells):
            if isinstance(cell, MountedItem):
                found.setdefault(cell.id, []).append((loc, index))
    return {k: tuple(v) for k, v in found.items()}


def _with_placement(mount: MountedItem, placement: tuple[tuple[Location, int], ...]) -> MountedItem:
    return changed(mount, placement=placement)
