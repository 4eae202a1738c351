"""What the 1984 Battledroids record sheet says (RULES.md 4.3, seed 002): the droid data
block with every component's tonnage, the armor "Boxes" table and the Weapons/Ammo table,
in the 1984 spellings. The spellings are the ruleset's data (`sheet_spellings`); a name
the 1984 book never printed (an intro design's AC/20) prints under its own name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from mechlab.core.equipment import ItemKind
from mechlab.core.locations import Location
from mechlab.core.weight_groups import WeightGroup
from mechlab.model.mech import Mech, MountedItem, Slot
from mechlab.sheet import content
from mechlab.sheet.slots import SlotRun, slot_runs


@dataclass(frozen=True)
class DataLine:
    """'Engine: Magna 260' with its tons ('13.5'); tons '' where the book prints none."""

    label: str
    value: str
    tons: str


@dataclass(frozen=True)
class WeaponLine:
    type: str
    location: str
    boxes: int  # critical boxes
    tons: str


class Spellings:
    """The 1984 sheet's words for weapons, ammunition and locations."""

    def __init__(self, table: dict[str, Any]) -> None:
        self.table = table
        self._weapons: dict[str, str] = table.get("weapons", {})
        self._locations: dict[str, str] = table.get("locations", {})
        self._ammo: dict[str, str] = table.get("ammo", {})
        self._rear_mark: str = table.get("rear_mark", " (R)")
        self._rear_note: str = table.get("rear_note", "(R) facing rear")

    def weapon(self, name: str) -> str:
        return self._weapons.get(name, name)

    def location(self, location: Location) -> str:
        return self._locations.get(location.value, location.title)

    def ammo(self, mount: MountedItem, shots: int) -> str:
        return "Ammo: " + self._ammo_form(mount, shots)

    def _ammo_form(self, mount: MountedItem, shots: int) -> str:
        name = content.ammo_type(mount.item.weapon)  # 'LRM 20', for intro and Standard
        form = self._ammo.get(name)
        return form.format(shots=shots) if form else f"{name} {shots}"

    def slot(self, slot: Slot, text: str) -> str:
        """A critical chart line in the book's words: weapons spelled as in the Weapons/Ammo
        table (rear ones starred), a ton of ammunition as `slot_ammo`; the rest as printed
        by every style ("Shoulder", "Roll Again")."""
        mount = slot.mount
        if not self.table or mount is None:
            return text
        if mount.item.kind is ItemKind.AMMO:
            form = self._ammo_form(mount, mount.item.shots or 0)
            for long, short in self.table.get("slot_ammo_short", {}).items():
                form = form.replace(long, short)
            return str(self.table.get("slot_ammo", "Ammo {form}")).format(form=form)
        if mount.item.is_weapon:
            return self.weapon(mount.item.weapon.name) + (self.rear_mark if mount.rear else "")
        return text

    def slot_runs(self, mech: Mech, location: Location) -> list[SlotRun]:
        """slots.slot_runs with each line in the book's words."""
        slots = mech.critical_slots[location]
        return [replace(run, texts=tuple(self.slot(slots[run.first + i], text)
                                         for i, text in enumerate(run.texts)))
                for run in slot_runs(mech, location)]

    @property
    def rear_mark(self) -> str:
        return self._rear_mark

    @property
    def rear_note(self) -> str:
        return self._rear_note


def book_tons(weight: Fraction | None) -> str:
    """Tons as the 1984 book prints them: '6.5', '13', '.5'; '—' off the tables."""
    if weight is None:
        return "—"
    if weight.denominator == 1:
        return str(weight.numerator)
    text = f"{float(weight):g}"
    return text[1:] if text.startswith("0.") else text


def data_lines(mech: Mech) -> list[DataLine]:
    """Tonnage, then the component list in the book's order, each with its tons and, where
    the ruleset states them (a Standard design), its type: "Engine: Vlar 300 XL", "Internal
    Structure: Endo Steel", "Armor Factor: 152 Ferro-Fibrous" (issue 31)."""
    weights = {line.group: line.tons for line in mech.weights}
    kinds = content.component_types(mech)

    def tons_of(group: WeightGroup) -> str:
        return book_tons(weights.get(group))

    maker = f"{mech.engine_maker} " if mech.engine_maker else ""
    lines = [
        DataLine("Tonnage:", "", str(mech.tonnage)),
        DataLine("Internal Structure:", kinds["structure"], tons_of(WeightGroup.STRUCTURE)),
        DataLine("Engine:", f"{maker}{mech.engine_rating} {kinds['engine']}".rstrip(),
                 tons_of(WeightGroup.ENGINE)),
        DataLine("Walking Movement Pts.:", str(mech.walking_mp), ""),
        DataLine("Running Movement Pts.:", content.running_text(mech), ""),
        DataLine("Jump Movement Pts.:", str(mech.jumping_mp), tons_of(WeightGroup.JUMP_JETS)),
        DataLine("Total Heat Sinks:", f"{mech.heat_sinks} {kinds['heat_sinks']}".rstrip(),
                 tons_of(WeightGroup.HEAT_SINKS)),
        DataLine("Gyro:", kinds["gyro"], tons_of(WeightGroup.GYRO)),
        DataLine("Cockpit:", kinds["cockpit"], tons_of(WeightGroup.COCKPIT)),
        DataLine("Armor Factor:", f"{mech.armor_points} {kinds['armor']}".rstrip(),
                 tons_of(WeightGroup.ARMOR)),
    ]
    # Any other weight the list does not name (an ICE engine's power amplifiers).
    named = {WeightGroup.STRUCTURE, WeightGroup.ENGINE, WeightGroup.JUMP_JETS,
             WeightGroup.HEAT_SINKS, WeightGroup.GYRO, WeightGroup.COCKPIT, WeightGroup.ARMOR,
             WeightGroup.EQUIPMENT}
    return lines + [DataLine(f"{group.value.title()}:", "", tons_of(group))
                    for group in weights if group not in named]


def _pair_name(spellings: Spellings, left: Location, right: Location) -> str:
    """'Rt/Lt Torso' from 'Rt. Torso' and 'Lt. Torso'."""
    r, lt = spellings.location(right), spellings.location(left)
    r_word, _, part = r.partition(" ")
    l_word = lt.partition(" ")[0]
    return f"{r_word.rstrip('.')}/{l_word.rstrip('.')} {part}" if part else f"{r}/{lt}"


PAIRS = ((Location.LEFT_TORSO, Location.RIGHT_TORSO), (Location.LEFT_ARM, Location.RIGHT_ARM),
         (Location.LEFT_LEG, Location.RIGHT_LEG))


def armor_boxes(mech: Mech, spellings: Spellings) -> list[tuple[str, str]]:
    """The "Boxes" table: Head; Center Torso F/R; Rt/Lt Torso F/R; Rt/Lt Arm; Rt/Lt Leg.
    A pair whose sides differ prints one row per side."""

    def boxes(loc: Location) -> str:
        if loc.has_rear_armor:
            return f"F: {mech.armor_front(loc)}  R: {mech.armor_rear(loc)}"
        return str(mech.armor_front(loc))

    rows = [("Head", boxes(Location.HEAD)), ("Center Torso", boxes(Location.CENTER_TORSO))]
    for left, right in PAIRS:
        if boxes(left) == boxes(right):
            rows.append((_pair_name(spellings, left, right), boxes(left)))
        else:
            rows += [(spellings.location(right), boxes(right)),
                     (spellings.location(left), boxes(left))]
    if Location.CENTER_LEG in mech.locations:  # a tripod's third leg (CONFIGURATIONS.md §2)
        rows.append((spellings.location(Location.CENTER_LEG), boxes(Location.CENTER_LEG)))
    return rows


def weapon_lines(mech: Mech, spellings: Spellings) -> list[WeaponLine]:
    """One row per weapon (rear mounts starred), per lot of ammunition (RULES.md §2: "one
    row per lot with tons = boxes") and per other item the design lists (targeting
    computer, C3, MASC, CASE…: issue 31, every ton on the sheet), in the design's order."""
    lines: list[WeaponLine] = []
    for mount in mech.mounts:
        if mount.item.kind is ItemKind.AMMO:
            lines.append(WeaponLine(spellings.ammo(mount, mount.item.shots or 0),
                                    spellings.location(mount.location), mount.slot_count,
                                    book_tons(mount.tons)))
        elif mount.item.is_weapon or _listed(mount):
            where = ("All" if content.spans_all(mech, mount)
                     else "/".join(spellings.location(loc) for loc in mount.locations))
            name = (spellings.weapon(mount.item.weapon.name) if mount.item.is_weapon
                    else mount.name)
            lines.append(WeaponLine(name, where + (spellings.rear_mark if mount.rear else ""),
                                    mount.slot_count, book_tons(mount.tons)))
    return lines


def _listed(mount: MountedItem) -> bool:
    """Equipment the design lists (not its sinks, jets or spread structure and armor)."""
    return (mount.item.kind in (ItemKind.EQUIPMENT, ItemKind.PHYSICAL)
            and mount.path.startswith("equipment") and not mount.piece)


def has_rear_weapons(mech: Mech) -> bool:
    return any(mount.rear for mount in mech.weapons)

