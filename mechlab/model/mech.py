"""The resolved 'Mech: everything the rules derive from a design.

A `Mech` is a plain, immutable record built by `mechlab.model.resolve`. It is total:
even an illegal design resolves (unknown values are None, items that do not fit
are listed in `unplaced`) so that the validator can report every finding at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.core.tons import total
from mechlab.core.weight_groups import WeightGroup
from mechlab.rulesets import get_ruleset
from mechlab.rulesets.base import HAND_ACTUATOR, LOWER_ARM_ACTUATOR, UPPER_ARM_ACTUATOR

if TYPE_CHECKING:
    from mechlab.core.design import Design
    from mechlab.rulesets import EngineRow, Ruleset


T = TypeVar("T")


def weight_class(tonnage: int, ruleset: Ruleset | None = None) -> str:
    """The weight class of a tonnage under a ruleset (default intro; RULES.md 4.2)."""
    return (ruleset or get_ruleset()).weight_class(tonnage)


class SlotKind(StrEnum):
    FIXED = "fixed"
    EQUIPMENT = "equipment"
    EMPTY = "empty"


@dataclass(frozen=True)
class MountedItem:
    """One item instance on the 'Mech: a weapon, ammo lot, heat sink, jump jet or hatchet."""

    id: int
    item: Item
    location: Location
    rear: bool
    path: str  # YAML path of the entry that asked for it ("equipment[3]", "heat_sinks")
    auto: bool  # placed by mechlab rather than by the author
    tons: Fraction
    slot_count: int
    placement: tuple[tuple[Location, int], ...] = ()  # (location, 0-based slot) of every slot
    pod: bool = False  # STANDARD_RULES.md §11: an OmniMech's pod-mounted item
    # One slot of an item spread over the 'Mech (endo steel, TSM, environmental sealing):
    # a slot, not an item of its own (weight and listing belong to its component or entry).
    piece: bool = False
    # Tactical Operations: an armored component (ADVANCED_COMPONENTS.md §5), an item in its
    # location's turret (ADVANCED_EQUIPMENT.md §4.4).
    armored: bool = False
    turret: bool = False
    # CONFIGURATIONS.md §1.3: a superheavy's second item in a slot (0-based) another holds.
    shared_slot: int | None = None

    @property
    def name(self) -> str:
        return self.item.name

    @property
    def placed(self) -> bool:
        return len(self.placement) == self.slot_count

    @property
    def locations(self) -> tuple[Location, ...]:
        """The locations it occupies, primary first (two for a split AC/20)."""
        seen: list[Location] = [self.location]
        for loc, _ in self.placement:
            if loc not in seen:
                seen.append(loc)
        return tuple(seen)


_MOUNT_FIELDS = frozenset(f.name for f in fields(MountedItem))
_MOUNT_DEFAULTS = {f.name: f.default for f in fields(MountedItem) if f.default is not MISSING}
_MOUNT_REQUIRED = _MOUNT_FIELDS - _MOUNT_DEFAULTS.keys()


def new_mount(**values: Any) -> MountedItem:
    """`MountedItem(**values)` without the frozen dataclass's `__init__`, which sets each
    of its 14 fields through `object.__setattr__`: every field named or defaulted, none
    unknown (resolving makes ~50,000 mounts over the corpus: issue 31)."""
    if not values.keys() >= _MOUNT_REQUIRED or not values.keys() <= _MOUNT_FIELDS:
        missing, unknown = _MOUNT_REQUIRED - values.keys(), values.keys() - _MOUNT_FIELDS
        raise TypeError(f"MountedItem: missing {sorted(missing)}, unknown {sorted(unknown)}")
    new = object.__new__(MountedItem)
    new.__dict__.update(_MOUNT_DEFAULTS, **values)
    return new


def changed(mount: MountedItem, **changes: object) -> MountedItem:
    """`dataclasses.replace(mount, **changes)` without running `__init__` again: a
    `MountedItem` is plain fields (nothing derived, nothing checked), and resolving makes
    a few copies of every mount (`dataclasses.replace` was ~8 % of `check`: issue 31)."""
    unknown = changes.keys() - _MOUNT_FIELDS
    if unknown:
        raise TypeError(f"MountedItem has no field {sorted(unknown)}")
    new = object.__new__(MountedItem)
    new.__dict__.update(mount.__dict__)
    new.__dict__.update(changes)
    return new


@dataclass(frozen=True)
class Slot:
    """One critical slot of a location, and what fills it."""

    location: Location
    index: int  # 0-based; the sheet prints index % 6 + 1
    kind: SlotKind
    name: str  # "Shoulder", "Medium Laser", "Ammo (LRM 15)"; "" when empty
    mount: MountedItem | None = None
    armored: bool = False  # ADVANCED_COMPONENTS.md §5: an armored component's slot


def equipment_slot(location: Location, index: int, mount: MountedItem) -> Slot:
    """`Slot(location, index, EQUIPMENT, mount.name, mount, armored=mount.armored)`, made
    without the frozen dataclass's `__init__` (~100,000 over the corpus: issue 31)."""
    new = object.__new__(Slot)
    new.__dict__.update(location=location, index=index, kind=SlotKind.EQUIPMENT,
                        name=mount.item.name, mount=mount, armored=mount.armored)
    return new


@dataclass(frozen=True)
class Unplaced:
    """An equipment entry that found no room, and why."""

    mount: MountedItem
    reason: str  # "full", "taken", "range"
    location: Location
    needed: int
    free: int
    slot: int | None = None  # the 1-based slot the author asked for


@dataclass(frozen=True)
class WeightLine:
    """One line of the weight walk-through: a group, its tons and its path."""

    group: WeightGroup
    tons: Fraction | None  # None when the rules give no weight (an engine off the table)
    path: str

    @property
    def label(self) -> str:
        return self.group.value


@dataclass(frozen=True)
class Mech:
    """The 'Mech is immutable: what the rules ask of it many times (its weight, its most
    armor, its weapons…) is worked out once (`cached_property`; issue 31: `check`)."""

    design: Design
    ruleset: Ruleset
    tonnage: int
    structure: dict[Location, int] | None
    engine_rating: int
    engine: EngineRow | None
    engine_maker: str | None
    walking_mp: int
    running_mp: int
    jumping_mp: int
    jump_jet_tons: Fraction
    heat_sinks: int
    integral_heat_sinks: int
    armor_tons: Fraction
    mounts: tuple[MountedItem, ...]
    critical_slots: dict[Location, tuple[Slot, ...]]
    unplaced: tuple[Unplaced, ...] = ()
    # Equipment entries the ruleset's table lacks: (entry index, why); never mounted.
    unavailable: tuple[tuple[int, str], ...] = ()
    weights: tuple[WeightLine, ...] = field(default=())
    # Armor points one ton buys (RULES.md 1.5: 16; STANDARD_RULES.md §6.1 by armor type).
    armor_per_ton: Fraction = Fraction(16)
    # Locations protected by CASE that no slot shows (STANDARD_RULES.md §9.1: Clan CASE).
    builtin_case: tuple[Location, ...] = ()

    def derived(self, name: str, compute: Callable[[Mech], T]) -> T:
        """What several rules compute from this 'Mech (its ammunition classes…), computed
        once; the rules supply `compute`, so this module imports none of them."""
        memo: dict[str, Any] = self.__dict__.setdefault("_derived", {})
        if name not in memo:
            memo[name] = compute(self)
        value: T = memo[name]
        return value

    # Identity -----------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.design.name

    @property
    def locations(self) -> tuple[Location, ...]:
        """The configuration's locations in sheet order (STANDARD_RULES.md §10)."""
        return self.design.locations

    # The design's Standard choices (STANDARD_RULES.md §14.6), as play engines and sheets
    # need them; an Introductory 'Mech has the defaults.
    @property
    def unit_type(self) -> str:
        """`battlemech` or `industrialmech` (the design's `unit:`)."""
        return self.design.unit

    @property
    def is_industrial(self) -> bool:
        return self.design.unit == "industrialmech"

    @property
    def advanced_fire_control(self) -> bool:
        """False for an industrial cockpit without advanced fire control (the ruleset's
        cockpit table); every BattleMech cockpit has it."""
        return self.ruleset.advanced_fire_control(self.design)

    @property
    def tech_base(self) -> str:
        return self.design.tech_base

    @property
    def config(self) -> str:
        return self.design.config

    @cached_property
    def is_quad(self) -> bool:
        from mechlab.core.configurations import configuration

        return configuration(self.design.config).four_legged

    @property
    def omni(self) -> bool:
        return self.design.omni

    @property
    def engine_type(self) -> str:
        return self.design.engine.type

    @property
    def gyro_type(self) -> str:
        return self.design.gyro

    @property
    def cockpit_type(self) -> str:
        return self.design.cockpit

    @property
    def structure_type(self) -> str:
        return self.design.structure.type

    @property
    def armor_type(self) -> str:
        return self.design.armor.type

    @property
    def heat_sink_type(self) -> str:
        return self.design.heat_sinks.type

    @property
    def myomer(self) -> str:
        return self.design.myomer.type

    @property
    def hit_locations(self) -> dict[int, Location]:
        """2D6 roll → location hit from the front, for this configuration."""
        return self.ruleset.hit_location_table(self.design)

    @property
    def weight_class(self) -> str:
        return self.ruleset.weight_class(self.tonnage)

    # Armor ----------------------------------------------------------------------
    def armor_front(self, location: Location) -> int:
        return self.design.armor.front(location)

    def armor_rear(self, location: Location) -> int:
        return self.design.armor.rear(location)

    @cached_property
    def armor_points(self) -> int:
        return self.design.armor.points

    @cached_property
    def max_armor(self) -> int | None:
        """The most armor the ruleset allows (intro: 2 × structure total + 9)."""
        if self.structure is None:
            return None
        return self.ruleset.max_armor(self.structure)

    def armor_cap(self, location: Location) -> int | None:
        """Most armor one capped section of a location may carry (see
        `Ruleset.armor_sections`: intro caps a torso's front + rear together)."""
        if self.structure is None:
            return None
        return self.ruleset.armor_cap(location, self.structure[location])

    # Equipment --------------------------------------------------------------------
    @cached_property
    def item_ids(self) -> frozenset[str]:
        """The catalogue id of every item mounted (a rule about some items asks first
        whether the 'Mech has any)."""
        return frozenset(m.item.weapon.id for m in self.mounts)

    @cached_property
    def one_per_entry(self) -> tuple[MountedItem, ...]:
        """The first mount of each path, in order: an entry with `count: 3`, and each
        spread component, once (what a rule names once per entry)."""
        first: dict[str, MountedItem] = {}
        for mount in self.mounts:
            first.setdefault(mount.path, mount)
        return tuple(first.values())

    def mounts_of(self, *kinds: ItemKind) -> tuple[MountedItem, ...]:
        return tuple(m for m in self.mounts if m.item.kind in kinds)

    @cached_property
    def weapons(self) -> tuple[MountedItem, ...]:
        return self.mounts_of(ItemKind.WEAPON, ItemKind.HATCHET)

    @cached_property
    def ammo(self) -> tuple[MountedItem, ...]:
        return self.mounts_of(ItemKind.AMMO)

    @cached_property
    def jump_jets(self) -> tuple[MountedItem, ...]:
        return self.mounts_of(ItemKind.JUMP_JET)

    @cached_property
    def slotted_heat_sinks(self) -> tuple[MountedItem, ...]:
        return self.mounts_of(ItemKind.HEAT_SINK)

    def has_actuator(self, location: Location, name: str) -> bool:
        slots = self.critical_slots.get(location, ())  # a quad has no arms
        return any(s.kind is SlotKind.FIXED and s.name == name for s in slots)

    # Weight -------------------------------------------------------------------------
    @cached_property
    def total_tons(self) -> Fraction | None:
        if any(line.tons is None for line in self.weights):
            return None
        return total(line.tons for line in self.weights if line.tons is not None)

    # Heat -----------------------------------------------------------------------------
    @property
    def heat_dissipation(self) -> int:
        return (self.heat_sinks * self.ruleset.sink_dissipation(self.design)
                + self.sink_dissipation_beside)

    @property
    def sink_dissipation_beside(self) -> int:
        """What prototype double heat sinks beside singles add (ADVANCED_COMPONENTS.md §7.2)."""
        return self.ruleset.dissipation_beside(self.design, [m.item for m in self.mounts])

    # Physical attacks (RULES.md 1.8) ----------------------------------------------------
    def has_hand(self, arm: Location) -> bool:
        return self.has_actuator(arm, HAND_ACTUATOR)

    def punch_damage(self, arm: Location) -> int:
        missing = sum(not self.has_actuator(arm, a)
                      for a in (UPPER_ARM_ACTUATOR, LOWER_ARM_ACTUATOR))
        return self.ruleset.punch_damage(self.tonnage, missing)

    @property
    def kick_damage(self) -> int:
        """A kick's damage, with what the 'Mech's items add (talons)."""
        return self.ruleset.kick_damage(self.tonnage, tuple(m.item for m in self.mounts))

    @property
    def club_damage(self) -> int:
        """RULES.md 1.8: a club deals tonnage ÷ 5, a plain kick's damage; so do the legs of
        a 'Mech that made a death from above (Total Warfare), talons or not."""
        return self.ruleset.kick_damage(self.tonnage)

    @property
    def hatchet_damage(self) -> int:
        return self.ruleset.hatchet_damage(self.tonnage)

    @property
    def charge_damage_per_hex(self) -> Fraction:
        return self.ruleset.charge_damage_per_hex(self.tonnage, tuple(m.item for m in self.mounts))

    def charge_damage(self, hexes: int) -> int:
        return self.ruleset.charge_damage(self.tonnage, hexes, tuple(m.item for m in self.mounts))

    @property
    def death_from_above_damage(self) -> int:
        return self.ruleset.death_from_above_damage(self.tonnage,
                                                    tuple(m.item for m in self.mounts))
