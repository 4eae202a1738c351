"""What a record sheet says, before any geometry: rows, runs, labels (RULES.md 4.1).

Pure functions of a resolved 'Mech. The layout module places these; the painters
draw the result. Nothing here knows a coordinate.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from mechlab.equipment import ItemKind, Weapon
from mechlab.locations import Location
from mechlab.mech import Mech, MountedItem, Slot, SlotKind
from mechlab.validate.findings import Finding


@dataclass(frozen=True)
class InventoryRow:
    quantity: int
    type: str
    location: str
    heat: str
    damage: str
    minimum: str
    short: str
    medium: str
    long: str


@dataclass(frozen=True)
class AmmoRow:
    type: str
    location: str
    shots: int


@dataclass(frozen=True)
class SlotRun:
    """Consecutive slots one item fills: drawn as one bracket when longer than one."""

    first: int  # 0-based slot index
    texts: tuple[str, ...]  # one per slot
    bracketed: bool


def _bracket(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def range_texts(weapon: Weapon) -> tuple[str, str, str]:
    if weapon.ranges is None:
        return ("—", "—", "—")
    short, medium, long = weapon.ranges
    return (_bracket(1, short), _bracket(short + 1, medium), _bracket(medium + 1, long))


def damage_text(mech: Mech, mount: MountedItem) -> str:
    weapon = mount.item.weapon
    if mount.item.kind is ItemKind.HATCHET:
        return str(mech.hatchet_damage)
    if weapon.missiles:
        return f"{weapon.damage}/Msl"
    return str(weapon.damage)


def location_text(mount: MountedItem) -> str:
    return "/".join(loc.abbreviation for loc in mount.locations)


def inventory(mech: Mech) -> list[InventoryRow]:
    """Weapons, identical ones in one location aggregated, rear mounts marked (R)."""
    keys: list[tuple[str, str, bool]] = []
    rows: dict[tuple[str, str, bool], InventoryRow] = {}
    counts: Counter[tuple[str, str, bool]] = Counter()
    for mount in mech.weapons:
        key = (mount.name, location_text(mount), mount.rear)
        counts[key] += 1
        if key in rows:
            continue
        keys.append(key)
        weapon = mount.item.weapon
        short, medium, long = range_texts(weapon)
        rows[key] = InventoryRow(
            quantity=0,
            type=mount.name + (" (R)" if mount.rear else ""),
            location=key[1],
            heat=str(weapon.heat) if mount.item.kind is ItemKind.WEAPON else "—",
            damage=damage_text(mech, mount),
            minimum=str(weapon.minimum) if weapon.minimum else "—",
            short=short,
            medium=medium,
            long=long,
        )
    return [_with_quantity(rows[key], counts[key]) for key in keys]


def _with_quantity(row: InventoryRow, quantity: int) -> InventoryRow:
    return InventoryRow(quantity, *(getattr(row, f) for f in InventoryRow.__dataclass_fields__
                                    if f != "quantity"))


def ammunition(mech: Mech) -> list[AmmoRow]:
    """Shots per ammunition type and location, in the order the lots appear."""
    shots: dict[tuple[str, str], int] = {}
    for lot in mech.ammo:
        # Half-ton lots count with the full ones: "Ammo (Machine Gun)", "LRM 20 Ammo".
        key = (lot.name.replace(" (1/2)", ""), lot.location.abbreviation)
        shots[key] = shots.get(key, 0) + (lot.item.shots or 0)
    return [AmmoRow(name, where, n) for (name, where), n in shots.items()]


def slot_text(slot: Slot, empty_text: str) -> str:
    """`Ammo (LRM 15) 8` for an ammo slot, the item or component name otherwise; an
    empty slot says what the ruleset prints there (`empty_slot_text`: "Roll Again")."""
    if slot.kind is SlotKind.EMPTY:
        return empty_text
    mount = slot.mount
    if mount is not None and mount.item.kind is ItemKind.AMMO:
        return f"{mount.name.replace(' (1/2)', '')} {mount.item.shots}"
    if mount is not None and mount.rear:
        return f"{slot.name} (R)"
    return slot.name


def slot_runs(mech: Mech, location: Location) -> list[SlotRun]:
    """Runs of slots filled by one item (or one fixed component), in slot order."""
    runs: list[SlotRun] = []
    slots = mech.critical_slots[location]
    index = 0
    while index < len(slots):
        end = index + 1
        while end < len(slots) and _same_run(slots[index], slots[end]):
            end += 1
        texts = tuple(slot_text(s, mech.ruleset.empty_slot_text) for s in slots[index:end])
        runs.append(SlotRun(index, texts, bracketed=end - index > 1))
        index = end
    return runs


def _same_run(a: Slot, b: Slot) -> bool:
    if a.kind is SlotKind.EMPTY or b.kind is SlotKind.EMPTY:
        return False
    if a.mount is not None or b.mount is not None:
        return a.mount is not None and b.mount is not None and a.mount.id == b.mount.id
    return a.name == b.name and a.name in ("Fusion Engine", "Gyro")


def armor_label(location: Location, value: int, rear: bool = False) -> str:
    """'Left Arm (13)', 'Center Torso Rear (11)'."""
    return f"{location.title}{' Rear' if rear else ''} ({value})"


def heat_sink_text(mech: Mech) -> str:
    """RULES.md 4.1: sinks "15 (15)": count and dissipation."""
    return f"{mech.heat_sinks} ({mech.heat_dissipation})"


# The abbreviations printed sheets use where a line is short of room: a row is written
# in full when it fits, in this short form otherwise (never in smaller type than 6 pt).
SHORT_FORMS = (
    ("Machine Gun", "MG"),
    ("Actuator", "Act."),
    ("Ammo explosion", "Ammo exp."),
    ("Flamer (Vehicle)", "Flamer (Veh.)"),
    ("Life Support", "Life Sup."),
    ("Fusion Engine", "Engine"),
    ("Movement Points", "MP"),
    ("Damage Transfer Diagram", "Damage Transfer"),
    ("modifier to fire", "to fire"),
)


def short_form(text: str) -> str:
    """'Ammo (Machine Gun) 200' → 'Ammo (MG) 200'; 'Upper Arm Actuator' → 'Upper Arm Act.'."""
    for long, short in SHORT_FORMS:
        text = text.replace(long, short)
    return text


def heat_effects(mech: Mech) -> dict[int, str]:
    """The ruleset's heat scale effects (RULES.md 1.8), by the level where each starts."""
    return dict(mech.ruleset.heat_scale)


def illegal_codes(mech: Mech, source_findings: tuple[Finding, ...] = ()) -> list[str]:
    """The error codes of an illegal design (its file's own contradictions first), once
    each in order; [] when it is legal."""
    from mechlab.validate import Severity, validate  # validation is heavier than content

    codes: list[str] = []
    for finding in validate(mech, source_findings):
        if finding.severity is Severity.ERROR and finding.code not in codes:
            codes.append(finding.code)
    return codes
