"""Design → Mech: derive weights, movement, heat sinks and the critical slot table.

Placement (RULES.md 1.6): fixed components first (the ruleset's layout: engine, gyro,
cockpit, actuators), then entries with an explicit `slot` and the spread pieces the
design places by number, then the other entries in the order listed (first free run
that fits), then the jump jets and heat sinks the design counts but does not place,
then the spread components' other pieces (STANDARD_RULES.md §14.6; placement.py).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import NamedTuple

from mechlab.core.design import Design, Mount
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.core.tons import ceil_half, tons
from mechlab.core.weight_groups import WeightGroup
from mechlab.model.mech import (
    Mech,
    MountedItem,
    Slot,
    SlotKind,
    Unplaced,
    WeightLine,
    changed,
)
from mechlab.model.placement import (
    SlotTable,
    one_mount_each,
    place_spread_auto,
    place_spread_explicit,
    roomiest,
    spread_mounts,
)
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
        armor_tons=_armor_tons(design, ruleset),
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
    return _with_weights(mech)


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
    entries = _entries(design, ruleset, engine)
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
    return SlotTable({
        loc: [
            Slot(loc, i, SlotKind.FIXED, name, armored=i + 1 in armored.get(loc, ()))
            if name else None
            for i, name in enumerate(_padded(fixed, ruleset.slot_counts[loc]))
        ]
        for loc, fixed in ruleset.fixed_layout(design).items()
    })


def _frozen(table: SlotTable, mounts: list[MountedItem]
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
    mount_id: int, item: Item, location: Location, path: str, ruleset: Ruleset,
    facts: dict[str, Fraction | int], rear: bool = False, auto: bool = False, pod: bool = False,
) -> MountedItem:
    jet = item.kind is ItemKind.JUMP_JET
    tonnage = int(facts["tonnage"])
    tons_, slots = (Fraction(0), 0) if jet else item.sized(facts)
    slots = ruleset.item_slots(tonnage, slots)
    return MountedItem(
        id=mount_id, item=item, location=location, rear=rear, path=path, auto=auto,
        # RULES.md 1.3: a jet weighs what the tonnage band says, in a slot if the ruleset
        # gives it one (listed and auto-placed jets alike).
        tons=ruleset.jet_tons(item, tonnage) if jet else tons_,
        slot_count=ruleset.jet_slots(item) if jet else slots, pod=pod,
    )


_Entry = tuple[MountedItem, Mount, int]


def _entries(design: Design, ruleset: Ruleset, engine: EngineRow | None) -> list[_Entry]:
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
    expanded: list[_Entry] = []
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
        for copy in range(entry.count):
            mount = _mounted(len(expanded), item, entry.location, f"equipment[{index}]",
                             ruleset, facts_here, rear=entry.rear, pod=entry.pod)
            expanded.append((changed(mount, **changes), entry, copy))
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


def _place_entries(design: Design, table: SlotTable, expanded: list[_Entry],
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
        return jumping_mp, []  # jets weigh (see _with_weights) but have nothing to place
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
    placed = []
    order = tuple(loc for loc in order if loc in table.cells) or tuple(table.cells)
    facts: dict[str, Fraction | int] = {"tonnage": design.tonnage}
    for n in range(count):
        mount = _mounted(start_id + n, item, order[0], path, ruleset, facts, auto=True)
        location = roomiest(table, order, mount.slot_count)
        mount = changed(mount, location=location)
        table.place(mount, location, mount.slot_count, None)
        placed.append(mount)
    return placed


def _is(ruleset: Ruleset, design: Design, entry: Mount, kind: ItemKind) -> bool:
    try:
        return ruleset.catalog.lookup(entry.item, design.tech_base).kind is kind
    except ValueError:
        return False  # not on this ruleset's table: E-ITEM-UNAVAILABLE


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


def _placements(table: SlotTable) -> dict[int, tuple[tuple[Location, int], ...]]:
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
    return changed(mount, placement=placement)


def _final_slot(
    location: Location, index: int, cell: Slot | None, by_id: dict[int, MountedItem],
    placements: dict[int, tuple[tuple[Location, int], ...]],
) -> Slot:
    if cell is None:
        return Slot(location, index, SlotKind.EMPTY, "")
    mount = by_id[_mount_id(cell)]
    return Slot(location, index, SlotKind.EQUIPMENT, mount.name, mount, armored=mount.armored)


def _armor_tons(design: Design, ruleset: Ruleset) -> Fraction:
    if design.armor.tons is not None:
        return tons(design.armor.tons)
    # RULES.md 1.5: 16 points a ton (STANDARD_RULES.md §6.1: the type's; patchwork: each
    # location's type's, summed), in half tons.
    return ceil_half(ruleset.armor_weight(design))


def _with_weights(mech: Mech) -> Mech:
    """The weight breakdown, in the order of the ruleset's worked example."""
    ruleset = mech.ruleset
    equipment = sum(
        (m.tons for m in mech.mounts if m.item.kind not in (ItemKind.HEAT_SINK, ItemKind.JUMP_JET)),
        Fraction(0),
    )
    sinks = ruleset.heat_sink_tons(mech.design) * ruleset.paid_heat_sinks(mech.heat_sinks,
                                                                          mech.design)
    amplifiers = ruleset.power_amplifier_tons(mech.design, [m.item for m in mech.mounts])
    lines = {line.group: line for line in (
        WeightLine(WeightGroup.STRUCTURE, ruleset.structure_weight(mech.design), "tonnage"),
        WeightLine(WeightGroup.COCKPIT, ruleset.cockpit_weight(mech.design), "tonnage"),
        WeightLine(WeightGroup.ENGINE, mech.engine.tons if mech.engine else None, "walking_mp"),
        WeightLine(WeightGroup.GYRO, ruleset.gyro_weight(mech.design, mech.engine_rating),
                   "walking_mp"),
        # Every jet weighs, also those listed beyond the declared Jumping MP (E-JUMP-JETS).
        WeightLine(WeightGroup.JUMP_JETS,
                   mech.jump_jet_tons * max(mech.jumping_mp, len(mech.jump_jets)), "jumping_mp"),
        WeightLine(WeightGroup.HEAT_SINKS, sinks, "heat_sinks"),
        WeightLine(WeightGroup.ARMOR, mech.armor_tons, "armor"),
        WeightLine(WeightGroup.EQUIPMENT, equipment, "equipment"),
    )}
    order = ruleset.weight_order
    armored = ruleset.armored_component_tons(
        slot for slots in mech.critical_slots.values() for slot in slots)
    if armored:  # a line only where a slot is armored
        lines[WeightGroup.ARMORED_COMPONENTS] = WeightLine(
            WeightGroup.ARMORED_COMPONENTS, armored, "armored_slots")
        order = (*order, WeightGroup.ARMORED_COMPONENTS)
    conversion = ruleset.conversion_tons(mech.design)
    if conversion:  # a line only for a configuration that converts (CONFIGURATIONS.md §3.4)
        lines[WeightGroup.CONVERSION] = WeightLine(WeightGroup.CONVERSION, conversion, "config")
        order = (*order, WeightGroup.CONVERSION)
    if amplifiers:  # a line only where the engine needs them (no 0 t line elsewhere)
        lines[WeightGroup.POWER_AMPLIFIERS] = WeightLine(
            WeightGroup.POWER_AMPLIFIERS, amplifiers, "engine.type")
        order = (*order, WeightGroup.POWER_AMPLIFIERS)
    return replace(mech, weights=tuple(lines[c] for c in order))
