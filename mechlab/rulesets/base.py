"""`Ruleset`: the base class that answers every rule-dependent question.

Like python-chess's `Board` and its variants: simple facts are class attributes
(`free_heat_sinks`, `jump_jets_take_slots`), behaviour a book changes is a method a
variant overrides (`armor_sections`, `integral_heat_sinks`), and the tables come from
the variant's data file (`rulesets/*.yaml`). What games and sheets are told (movement
heat, pilot skills, the sheet's texts, titles, physical attacks) is `PlayRules`
(play.py), what its tables admit is `AdmissionRules` (admission.py), the construction
facts of RULES.md §1.2–1.7 are `ConstructionFacts` (construction.py) and the engine's
rating, gyro and running MP of RULES.md 1.2 are `EngineRating` (engine_rating.py), which
`Ruleset` inherits. The defaults are the Introductory
Rulebook's (RULES.md §1); `Intro` and `Battledroids` subclass this. Generic code asks
the ruleset and never branches on its name.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from mechlab.core.equipment import Catalog, CatalogRules, Item, ItemKind, Weapon
from mechlab.core.locations import Location
from mechlab.core.tons import tons
from mechlab.core.weight_groups import WeightGroup
from mechlab.rulesets.admission import AdmissionRules
from mechlab.rulesets.construction import (
    ENGINE,
    GYRO,
    HAND_ACTUATOR,
    LOWER_ARM_ACTUATOR,
    SHOULDER,
    UPPER_ARM_ACTUATOR,
    ConstructionFacts,
    EngineRow,
    Spread,
)
from mechlab.rulesets.data import load_table, typed_once
from mechlab.rulesets.engine_rating import EngineRating
from mechlab.rulesets.modes import MovementModes

if TYPE_CHECKING:
    from mechlab.core.design import Actuators, Design
    from mechlab.rulesets.levels import ArmorableSlot

__all__ = ["ENGINE", "GYRO", "HAND_ACTUATOR", "LOWER_ARM_ACTUATOR", "SHOULDER",
           "UPPER_ARM_ACTUATOR", "EngineRow", "Ruleset", "Spread"]


def _engines(rows: dict[int, list[Any]]) -> dict[int, EngineRow]:
    return {int(r): EngineRow(int(r), maker, tons(t)) for r, (maker, t) in rows.items()}


def _multipliers(rows: list[list[Any]]) -> tuple[tuple[Fraction, ...], ...]:
    # Multipliers read exactly ("1.32" → 33/25): BV arithmetic stays exact.
    return tuple(tuple(Fraction(str(m)) for m in row) for row in rows)


class Ruleset(AdmissionRules, ConstructionFacts, EngineRating, MovementModes):
    """The rules of one construction book. Defaults: the Introductory Rulebook (RULES.md §1)."""

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    data_file: ClassVar[str] = ""
    # The rule codes this ruleset checks, in report order (mechlab.validate maps each
    # code to its one function). A rule a book relaxes is another code: E-TONNAGE-UNDER
    # (intro: "may not fall short") or W-TONNAGE-UNDER (1984: under-weight allowed).
    rules: ClassVar[tuple[str, ...]] = ()

    # The record-sheet style a design of this ruleset prints in unless --style says otherwise.
    default_sheet_style: ClassVar[str] = "standard"
    # RULES.md §6: the official Alpha Strike conversion is defined for its standard 'Mechs.
    alpha_strike: ClassVar[bool] = True
    # Why a design of this ruleset cannot be written as a MegaMek .mtf (None: it can).
    mtf_export_refusal: ClassVar[str | None] = None
    # The rules level of the book on MegaMek's ladder (TechManual p. 33 ff.: 1 Introductory,
    # 2 Standard, 3 Advanced, 4 Experimental), also the `.mtf`'s `rules level:` line; None
    # for a book off that ladder (the 1984 rules), which no reader chooses by content.
    ladder_level: ClassVar[int | None] = None
    # STANDARD_RULES.md §14.6: a design read from a `.mtf` keeps every slot as written (True)
    # or, as RULES.md §7 reads an Introductory file, lists its items in runs (`count`) and
    # keeps explicit slots only where auto-placement would differ (`mechlab import`).
    imported_slots_kept: ClassVar[bool] = False
    # The ruleset whose tables type this book's components and items as the one catalogue
    # does, for Battle Value, cost and the card conversions (None: its own tables). A book
    # on a restriction of the catalogue's rows, without the component tables, names the
    # least book that has them.
    valued_by: ClassVar[str | None] = None

    # RULES.md 1.1 ------------------------------------------------------------------------
    cockpit_tons: ClassVar[Fraction] = Fraction(3)
    head_structure: ClassVar[int] = 3
    # Decision (RULES.md 4.2): the classes by their heaviest tonnage.
    weight_classes: ClassVar[tuple[tuple[str, int], ...]] = (
        ("light", 35), ("medium", 55), ("heavy", 75), ("assault", 100))

    # The weight walk-through (`build --explain`) in the order of the book's worked example
    # (RULES.md 1.9, the Catapult).
    weight_order: ClassVar[tuple[WeightGroup, ...]] = (
        WeightGroup.STRUCTURE, WeightGroup.COCKPIT, WeightGroup.ENGINE, WeightGroup.GYRO,
        WeightGroup.JUMP_JETS, WeightGroup.HEAT_SINKS, WeightGroup.ARMOR, WeightGroup.EQUIPMENT)

    def __init__(self) -> None:
        data = load_table(self.data_file)
        bounds = data["tonnages"]
        self.tonnages = range(bounds["min"], bounds["max"] + 1, bounds["step"])
        self._structure: dict[int, tuple[int, ...]] = {
            int(t): tuple(row) for t, row in data["structure"].items()}
        # The Fusion Engine Table, typed once for the rulesets that share it (read only).
        self.engines: dict[int, EngineRow] = typed_once("engines", data["engines"], _engines)
        self._jump_jet_tons = sorted((int(k), tons(v)) for k, v in data["jump_jet_tons"].items())
        self.catalog = self.equipment_catalog(data)
        self.heat_scale: dict[int, str] = {int(k): v for k, v in data["heat_scale"].items()}
        self.consciousness: tuple[int, ...] = tuple(data["consciousness"])
        # Optional tables: a book without Battle Value or prices has none (never invent them).
        self.battle_value_data: dict[str, Any] | None = data.get("battle_value")
        self.costs: dict[str, int] | None = data.get("costs")
        rows = data.get("pilot_skill_multipliers")
        self.pilot_skill_multipliers: tuple[tuple[Fraction, ...], ...] | None = (
            typed_once("pilot skills", rows, _multipliers) if rows else None)
        # RULES.md 4.2: play facts the Quick-Start sheet prints.
        self.tech_base: str = data["tech_base"]
        self.range_modifiers: tuple[int, ...] = tuple(data["range_modifiers"])
        self.hit_locations: dict[int, Location] = {
            int(roll): Location(where) for roll, where in data["hit_locations"].items()}
        # RULES.md §2: how the book's own record sheet spells names ({}: as mechlab does).
        self.sheet_spellings: dict[str, Any] = data.get("sheet_spellings", {})

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}>"

    def equipment_catalog(self, data: dict[str, Any]) -> Catalog:
        """The items of the book (RULES.md 1.7): its data file's weapons table."""
        return Catalog([Weapon.from_row(row) for row in data["equipment"]], self.catalog_rules)

    @property
    def catalog_rules(self) -> CatalogRules:
        return CatalogRules(
            ammo_lot_tons=self.ammo_lot_tons, ammo_lot_slots=self.ammo_lot_slots,
            half_ton_lots=self.half_ton_ammo_lots,
            one_shots=self.one_shot_launchers, one_shot_extra_tons=self.one_shot_extra_tons,
            hatchet_tons_divisor=self.hatchet_tons_divisor)

    @property
    def has_battle_value(self) -> bool:
        return self.battle_value_data is not None and self.pilot_skill_multipliers is not None

    @property
    def has_cost(self) -> bool:
        return self.costs is not None

    # RULES.md 1.1 ------------------------------------------------------------------------
    def structure(self, tonnage: int) -> dict[Location, int] | None:
        """Internal structure points per location, or None for a tonnage off the table."""
        row = self._structure.get(tonnage)
        if row is None:
            return None
        ct, side_torso, arm, leg = row
        return {
            Location.HEAD: self.head_structure, Location.CENTER_TORSO: ct,
            Location.LEFT_TORSO: side_torso, Location.RIGHT_TORSO: side_torso,
            Location.LEFT_ARM: arm, Location.RIGHT_ARM: arm,
            Location.LEFT_LEG: leg, Location.RIGHT_LEG: leg,
        }

    def structure_tons(self, tonnage: int) -> Fraction:
        return Fraction(tonnage, 10)  # RULES.md 1.1: 10 % of tonnage, exact

    def weight_class(self, tonnage: int) -> str:
        for name, heaviest in self.weight_classes:
            if tonnage <= heaviest:
                return name
        return self.weight_classes[-1][0]

    # RULES.md 1.3 ------------------------------------------------------------------------
    def jump_jet_tons(self, tonnage: int) -> Fraction:
        """The weight of one jet (one Jumping MP) at this tonnage."""
        for upper, weight in self._jump_jet_tons:
            if tonnage <= upper:
                return weight
        return self._jump_jet_tons[-1][1]

    def jump_jet_slots(self) -> int:
        return 1 if self.jump_jets_take_slots else 0

    # RULES.md 1.4 ------------------------------------------------------------------------
    def integral_heat_sinks(self, rating: int, total: int) -> int:
        """Sinks inside the engine, needing no slot: ⌊rating ÷ 25⌋, never more than the total."""
        return max(0, min(rating // 25, total))

    def heat_sink_tons(self, design: Design | None = None) -> Fraction:
        """What one sink weighs (the design's type may say)."""
        return self.catalog.lookup("Heat Sink").weapon.tons

    def sinks_held(self, item: Item) -> int:
        """How many heat sinks one mount of this item is (one; a compact pair two)."""
        return 1

    def heat_sink_items(self, design: Design, count: int) -> list[tuple[Item, int]]:
        """The items, with how many of each, that place `count` more sinks."""
        return [(self.heat_sink_item(design), count)]

    def paid_heat_sinks(self, total: int, design: Design | None = None) -> int:
        """The sinks that weigh (and cost) something: those beyond the free ones (the
        design's engine's, where its type decides)."""
        free = self.free_heat_sinks if design is None else self.engine_free_heat_sinks(design)
        return max(0, total - free)

    def spread_entry_locations(self, design: Design, item: Item) -> tuple[Location, ...]:
        """The locations an equipment item fills with one slot each (none in intro)."""
        return ()

    def is_superheavy(self, design: Design) -> bool:
        """Over the heaviest 'Mech of the rules (none in intro: Advanced rulesets)."""
        return False

    def engine_free_heat_sinks(self, design: Design) -> int:
        """The weight-free sinks of the design's engine (RULES.md 1.4: 10)."""
        return self.free_heat_sinks

    def advanced_fire_control(self, design: Design) -> bool:
        """Whether the cockpit has advanced fire control (intro: every cockpit does)."""
        return True

    def power_amplifier_tons(self, design: Design, items: list[Item]) -> Fraction:
        """Power amplifiers the engine needs for energy weapons (intro: none)."""
        return Fraction(0)

    # RULES.md 1.5 ------------------------------------------------------------------------
    def armor_cap(self, location: Location, structure: int) -> int:
        """Most armor one capped section of a location may carry: 2 × structure, head 9."""
        if location is Location.HEAD:
            return self.head_armor_cap
        return self.armor_per_structure * structure

    def armor_sections(self, location: Location) -> tuple[str, ...]:
        """The armor values capped separately: "" = the whole location (a torso's front +
        rear together), "front" / "rear" = each side of a torso on its own."""
        if location.has_rear_armor and not self.torso_armor_capped_together:
            return ("front", "rear")
        return ("",)

    def max_armor(self, structure: dict[Location, int]) -> int:
        """RULES.md 1.1: the most armor a 'Mech may carry (intro: 2 × structure total + 9)."""
        return sum(self.armor_cap(loc, n) * len(self.armor_sections(loc))
                   for loc, n in structure.items())

    # RULES.md 1.6 ------------------------------------------------------------------------
    def fixed_components(self, actuators: Actuators) -> dict[Location, tuple[str | None, ...]]:
        """The fixed slots of every location, None for an open slot, as the design has them.

        The design's actuators are taken as written; a ruleset that forbids removal
        reports it (E-ACTUATOR-REMOVED) rather than putting them back.
        """
        fixed: dict[Location, tuple[str | None, ...]] = {
            Location.HEAD: self.head_fixed, Location.CENTER_TORSO: self.center_torso_fixed,
            Location.LEFT_TORSO: (), Location.RIGHT_TORSO: (),
            Location.LEFT_LEG: self.leg_fixed, Location.RIGHT_LEG: self.leg_fixed,
        }
        for arm in (Location.LEFT_ARM, Location.RIGHT_ARM):
            kept = actuators.of(arm)
            names = list(self.arm_fixed)
            if kept.lower_arm:
                names.append(LOWER_ARM_ACTUATOR)
            if kept.hand:
                names.append(HAND_ACTUATOR)
            fixed[arm] = tuple(names)
        return fixed

    def turned_location(self, item: Item, location: Location) -> Location | None:
        """The location whose turret-mounted items a turret item turns (None: the item is
        no turret; intro has none)."""
        return None

    def armored_component_tons(self, slots: Iterable[ArmorableSlot]) -> Fraction:
        """The tons of armored components (intro armors none)."""
        return Fraction(0)

    # What the resolver asks about a design (intro: one engine, gyro, cockpit, structure and
    # armor; Standard overrides these with its type tables) -------------------------------------
    def fixed_layout(self, design: Design) -> dict[Location, tuple[str | None, ...]]:
        """The fixed slots of every location of this design (RULES.md 1.6)."""
        return self.fixed_components(design.actuators)

    def structure_of(self, design: Design) -> dict[Location, int] | None:
        return self.structure(design.tonnage)

    def dissipation_beside(self, design: Design, items: list[Item]) -> int:
        """What heat sinks of another kind mounted beside the design's own dissipate beyond
        them (none in the Introductory rules)."""
        return 0

    def structure_weight(self, design: Design) -> Fraction:
        return self.structure_tons(design.tonnage)

    def cockpit_weight(self, design: Design) -> Fraction:
        return self.cockpit_tons

    def gyro_weight(self, design: Design, rating: int) -> Fraction:
        return self.gyro_tons(rating)

    def armor_per_ton(self, design: Design) -> Fraction:
        """Armor points one ton buys (RULES.md 1.5: 16)."""
        return Fraction(self.armor_points_per_ton)

    def armor_types_by_location(self, design: Design) -> dict[Location, tuple[str, str, str]]:
        """Each location's own armor type (word, title, tech), where locations differ
        (patchwork armor: the Standard ruleset's); none for a 'Mech of one armor type."""
        return {}

    def armor_weight(self, design: Design) -> Fraction:
        """The tons the design's armor points need, exactly (before any rounding)."""
        return Fraction(design.armor.points) / self.armor_per_ton(design)

    def heat_sink_item(self, design: Design) -> Item:
        """The heat sink the design counts in `heat_sinks` (the one placed automatically)."""
        return self._item_of_kind(ItemKind.HEAT_SINK)

    def has_firing_arc(self, item: Item) -> bool:
        """Whether the item fires (and so may face rear): RULES.md 1.6, weapons."""
        return item.kind is ItemKind.WEAPON

    def jump_jet_item(self, design: Design) -> Item:
        return self._item_of_kind(ItemKind.JUMP_JET)

    def jet_tons(self, item: Item, tonnage: int) -> Fraction:
        """The weight of one jet of this kind (RULES.md 1.3)."""
        return self.jump_jet_tons(tonnage)

    def jet_slots(self, item: Item) -> int:
        return self.jump_jet_slots()

    def conversion_tons(self, design: Design) -> Fraction:
        """The weight of the design's conversion equipment (none here)."""
        return Fraction(0)

    def item_slots(self, tonnage: int, slots: int) -> int:
        """The slots an item of `slots` takes on a 'Mech of this tonnage (as it says)."""
        return slots

    def engine_heat_sinks(self, design: Design, rating: int, total: int) -> int:
        """How many of the design's sinks its engine may hold without slots."""
        return self.integral_heat_sinks(rating, total)

    def spread_items(self, design: Design) -> tuple[Spread, ...]:
        """The spread components of the design (intro has none)."""
        return ()

    def size_facts(self, design: Design, engine: EngineRow | None,
                   items: list[Item]) -> dict[str, Fraction | int]:
        """The 'Mech facts an item's size formula may name (tech/EQUIPMENT.md)."""
        return {"tonnage": design.tonnage}

    def facts_at(self, design: Design, facts: dict[str, Fraction | int],
                 here: list[Item]) -> dict[str, Fraction | int]:
        """`facts` for an item among the items `here` (its location): intro, the same."""
        return facts

    def builtin_case(self, design: Design, explosive: set[Location]) -> tuple[Location, ...]:
        """Locations protected by CASE that no slot shows (Clan CASE; intro: none)."""
        return ()

    def _item_of_kind(self, kind: ItemKind) -> Item:
        """The catalog's heat sink or jump jet (whatever its table calls it)."""
        return next(item for item in map(self.catalog.lookup, self.catalog.names())
                    if item.kind is kind)

