"""Design → Mech: derive weights, movement, heat sinks and the critical slot table.

Placement (RULES.md 1.6): fixed components first, then entries with an explicit
`slot`, then the other entries in the order listed (first free run that fits),
then the heat sinks and jump jets the design counts but does not place.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from mechlab.core.design import Design, Mount
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.core.tons import ceil_half, tons
from mechlab.core.weight_groups import WeightGroup
from mechlab.model.mech import Mech, MountedItem, Slot, SlotKind, Unplaced, WeightLine
from mechlab.rulesets import Ruleset, get_ruleset


def fixed_components(design: Design, ruleset: Ruleset) -> dict[Location, tuple[str | None, ...]]:
    """The fixed slots of every location (RULES.md 1.6), None for an open slot."""
    return ruleset.fixed_components(design.actuators)


@dataclass
class _SlotTable:
    """The mutable slot grid used while placing; frozen into `Slot`s at the end."""

    cells: dict[Location, list[Slot | None]]
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
        for index in range(start, start + length):
            self.cells[location][index] = Slot(
                location, index, SlotKind.EQUIPMENT, mount.name, mount
            )

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


def resolve(design: Design, ruleset: Ruleset | None = None) -> Mech:
    """Derive the 'Mech from a design under its ruleset (or the one given)."""
    ruleset = ruleset or get_ruleset(design.ruleset)
    tonnage = design.tonnage
    # RULES.md 1.2: rating = tonnage × Walking MP, unless the design states its own
    # (kept as printed and reported by E-ENGINE-MISMATCH).
    rating = design.engine_rating if design.engine_rating is not None else (
        tonnage * design.walking_mp)
    engine = ruleset.engines.get(rating)
    table = _empty_table(design, ruleset)
    mounts = _place_entries(design, ruleset, table)
    jumping_mp, jets = _place_jump_jets(design, ruleset, table, start_id=len(mounts))
    mounts += jets
    integral, sinks = _place_heat_sinks(design, ruleset, rating, table, start_id=len(mounts))
    mounts += sinks
    mounts, slots = _frozen(table, mounts)
    by_id = {m.id: m for m in mounts}
    armor_tons = _armor_tons(design, ruleset)
    jet_tons = ruleset.jump_jet_tons(tonnage)
    mech = Mech(
        design=design,
        ruleset=ruleset,
        tonnage=tonnage,
        structure=ruleset.structure(tonnage),
        engine_rating=rating,
        engine=engine,
        engine_maker=design.engine_maker or (engine.maker if engine else None),
        walking_mp=design.walking_mp,
        running_mp=ruleset.running_mp(design.walking_mp),
        jumping_mp=jumping_mp,
        jump_jet_tons=jet_tons,
        heat_sinks=design.heat_sinks,
        integral_heat_sinks=integral,
        armor_tons=armor_tons,
        mounts=tuple(mounts),
        critical_slots={loc: slots[loc] for loc in Location},
        unavailable=tuple(unavailable_items(design, ruleset)),
        unplaced=tuple(
            Unplaced(by_id[u.mount.id], u.reason, u.location, u.needed, u.free, u.slot)
            for u in table.unplaced
        ),
    )
    return _with_weights(mech)


def _empty_table(design: Design, ruleset: Ruleset) -> _SlotTable:
    """The slot grid with only the fixed components in it (RULES.md 1.6)."""
    return _SlotTable({
        loc: [
            Slot(loc, i, SlotKind.FIXED, name) if name else None
            for i, name in enumerate(_padded(fixed, ruleset.slot_counts[loc]))
        ]
        for loc, fixed in fixed_components(design, ruleset).items()
    })


def _frozen(table: _SlotTable, mounts: list[MountedItem]
            ) -> tuple[list[MountedItem], dict[Location, tuple[Slot, ...]]]:
    """Mounts with their final placement, and the slot table pointing at them."""
    placements = _placements(table)
    mounts = [
        _with_placement(m, placements.get(m.id, ())) for m in sorted(mounts, key=lambda m: m.id)
    ]
    by_id = {m.id: m for m in mounts}
    slots = {
        loc: tuple(
            cell if cell is not None and cell.kind is SlotKind.FIXED
            else _final_slot(loc, i, cell, by_id, placements)
            for i, cell in enumerate(cells)
        )
        for loc, cells in table.cells.items()
    }
    return mounts, slots


def _padded(fixed: tuple[str | None, ...], count: int) -> tuple[str | None, ...]:
    return fixed + (None,) * (count - len(fixed))


def _mounted(
    mount_id: int, item: Item, location: Location, path: str, ruleset: Ruleset, tonnage: int,
    rear: bool = False, auto: bool = False,
) -> MountedItem:
    jet = item.kind is ItemKind.JUMP_JET
    return MountedItem(
        id=mount_id, item=item, location=location, rear=rear, path=path, auto=auto,
        # RULES.md 1.3: a jet weighs what the tonnage band says, in a slot if the ruleset
        # gives it one (listed and auto-placed jets alike).
        tons=ruleset.jump_jet_tons(tonnage) if jet else item.tons(tonnage),
        slot_count=ruleset.jump_jet_slots() if jet else item.slots(tonnage),
    )


def _place_entries(design: Design, ruleset: Ruleset, table: _SlotTable) -> list[MountedItem]:
    """Expand `equipment` into mounted items; explicit slots first, then listed order."""
    expanded: list[tuple[MountedItem, Mount, int]] = []
    unavailable = {index for index, _ in unavailable_items(design, ruleset)}
    for index, entry in enumerate(design.equipment):
        if index in unavailable:
            continue  # reported by E-ITEM-UNAVAILABLE, never mounted
        item = ruleset.catalog.lookup(entry.item)
        for copy in range(entry.count):
            mount = _mounted(
                len(expanded), item, entry.location, f"equipment[{index}]", ruleset,
                design.tonnage, rear=entry.rear,
            )
            expanded.append((mount, entry, copy))
    explicit_first = sorted(expanded, key=lambda triple: triple[1].slot is None)
    for mount, entry, copy in explicit_first:
        if mount.slot_count == 0:
            continue
        if entry.split is not None:
            _place_split(mount, entry, table)
        else:
            # `count` copies with a `slot` sit one after another from that slot.
            slot = entry.slot + copy * mount.slot_count if entry.slot else None
            table.place(mount, entry.location, mount.slot_count, slot)
    return [mount for mount, _, _ in expanded]


def _place_split(mount: MountedItem, entry: Mount, table: _SlotTable) -> None:
    """RULES.md 1.6: an AC/20's slots may be split between two adjacent locations."""
    assert entry.split is not None
    other = max(0, min(entry.split.slots, mount.slot_count))
    placed = table.place(mount, entry.location, mount.slot_count - other, entry.slot)
    if placed and other and not table.place(mount, entry.split.location, other, entry.split.slot):
        for loc, index in placed:  # all or nothing: undo the primary part
            table.cells[loc][index] = None


def _place_jump_jets(
    design: Design, ruleset: Ruleset, table: _SlotTable, start_id: int
) -> tuple[int, list[MountedItem]]:
    """Jumping MP = number of jets (RULES.md 1.3); place the jets the design only counts."""
    listed = sum(e.count for e in design.equipment if _is(ruleset, e, ItemKind.JUMP_JET))
    jumping_mp = design.jumping_mp if design.jumping_mp is not None else listed
    missing = max(0, jumping_mp - listed)
    if not ruleset.jump_jets_take_slots:
        return jumping_mp, []  # jets weigh (see _with_weights) but have nothing to place
    item = _item_of_kind(ruleset, ItemKind.JUMP_JET)
    jets = _auto_place(table, item, missing, ruleset.auto_jump_jet_order, "jumping_mp",
                       ruleset, design.tonnage, start_id)
    return jumping_mp, jets


def _place_heat_sinks(
    design: Design, ruleset: Ruleset, rating: int, table: _SlotTable, start_id: int
) -> tuple[int, list[MountedItem]]:
    """RULES.md 1.4: ⌊rating ÷ 25⌋ sinks sit in the engine; the others need a slot each."""
    total = design.heat_sinks
    listed = sum(e.count for e in design.equipment if _is(ruleset, e, ItemKind.HEAT_SINK))
    integral = ruleset.integral_heat_sinks(rating, total)
    missing = max(0, total - integral - listed)
    item = _item_of_kind(ruleset, ItemKind.HEAT_SINK)
    sinks = _auto_place(table, item, missing, ruleset.auto_heat_sink_order, "heat_sinks",
                        ruleset, design.tonnage, start_id)
    # A design may slot sinks the engine could have held: those are then not integral.
    return max(0, min(integral, total - listed)), sinks


def _auto_place(table: _SlotTable, item: Item, count: int, order: tuple[Location, ...],
                path: str, ruleset: Ruleset, tonnage: int, start_id: int) -> list[MountedItem]:
    """Place `count` one-slot items, each in the allowed location with the most room."""
    placed = []
    for n in range(count):
        location = _roomiest(table, order)
        mount = _mounted(start_id + n, item, location, path, ruleset, tonnage, auto=True)
        table.place(mount, location, mount.slot_count, None)
        placed.append(mount)
    return placed


def _is(ruleset: Ruleset, entry: Mount, kind: ItemKind) -> bool:
    try:
        return ruleset.catalog.lookup(entry.item).kind is kind
    except ValueError:
        return False  # not on this ruleset's table: E-ITEM-UNAVAILABLE


def _item_of_kind(ruleset: Ruleset, kind: ItemKind) -> Item:
    """The catalog's heat sink or jump jet (whatever its table calls it)."""
    return next(item for item in map(ruleset.catalog.lookup, ruleset.catalog.names())
                if item.kind is kind)


def unavailable_items(design: Design, ruleset: Ruleset) -> list[tuple[int, str]]:
    """Equipment entries the ruleset's table does not have: (index, why). Only a design
    judged under another ruleset than its own has any (`validate --ruleset`)."""
    found = []
    for index, entry in enumerate(design.equipment):
        try:
            ruleset.catalog.lookup(entry.item)
        except ValueError as exc:  # UnknownItemError included
            found.append((index, str(exc)))
    return found


def _roomiest(table: _SlotTable, order: tuple[Location, ...]) -> Location:
    return max(order, key=lambda loc: (table.free(loc), -order.index(loc)))


def _placements(table: _SlotTable) -> dict[int, tuple[tuple[Location, int], ...]]:
    """Slots of each mount id, read back from the grid (mounts are placed by id)."""
    found: dict[int, list[tuple[Location, int]]] = {}
    for loc, cells in table.cells.items():
        for cell in cells:
            if cell is not None and cell.kind is SlotKind.EQUIPMENT:
                found.setdefault(_mount_id(cell), []).append((loc, cell.index))
    return {k: tuple(v) for k, v in found.items()}


def _mount_id(cell: Slot) -> int:
    return cell.mount.id if cell.mount is not None else -1


def _with_placement(mount: MountedItem, placement: tuple[tuple[Location, int], ...]) -> MountedItem:
    return MountedItem(
        id=mount.id, item=mount.item, location=mount.location, rear=mount.rear, path=mount.path,
        auto=mount.auto, tons=mount.tons, slot_count=mount.slot_count, placement=placement,
    )


def _final_slot(
    location: Location, index: int, cell: Slot | None, by_id: dict[int, MountedItem],
    placements: dict[int, tuple[tuple[Location, int], ...]],
) -> Slot:
    if cell is None:
        return Slot(location, index, SlotKind.EMPTY, "")
    mount = by_id[_mount_id(cell)]
    return Slot(location, index, SlotKind.EQUIPMENT, mount.name, mount)


def _armor_tons(design: Design, ruleset: Ruleset) -> Fraction:
    if design.armor.tons is not None:
        return tons(design.armor.tons)
    # RULES.md 1.5: 16 points a ton, bought in half tons.
    return ceil_half(Fraction(design.armor.points, ruleset.armor_points_per_ton))


def _with_weights(mech: Mech) -> Mech:
    """The weight breakdown, in the order of the ruleset's worked example."""
    ruleset, tonnage = mech.ruleset, mech.tonnage
    equipment = sum(
        (m.tons for m in mech.mounts if m.item.kind not in (ItemKind.HEAT_SINK, ItemKind.JUMP_JET)),
        Fraction(0),
    )
    sinks = ruleset.heat_sink_tons() * ruleset.paid_heat_sinks(mech.heat_sinks)
    lines = {line.group: line for line in (
        WeightLine(WeightGroup.STRUCTURE, ruleset.structure_tons(tonnage), "tonnage"),
        WeightLine(WeightGroup.COCKPIT, ruleset.cockpit_tons, "tonnage"),
        WeightLine(WeightGroup.ENGINE, mech.engine.tons if mech.engine else None, "walking_mp"),
        WeightLine(WeightGroup.GYRO, ruleset.gyro_tons(mech.engine_rating), "walking_mp"),
        # Every jet weighs, also those listed beyond the declared Jumping MP (E-JUMP-JETS).
        WeightLine(WeightGroup.JUMP_JETS,
                   mech.jump_jet_tons * max(mech.jumping_mp, len(mech.jump_jets)), "jumping_mp"),
        WeightLine(WeightGroup.HEAT_SINKS, sinks, "heat_sinks"),
        WeightLine(WeightGroup.ARMOR, mech.armor_tons, "armor"),
        WeightLine(WeightGroup.EQUIPMENT, equipment, "equipment"),
    )}
    return replace(mech, weights=tuple(lines[c] for c in ruleset.weight_order))
