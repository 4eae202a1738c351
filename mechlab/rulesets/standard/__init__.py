"""The `standard` ruleset: the TechManual construction rules, rules levels 1–2
(STANDARD_RULES.md): Inner Sphere, Clan and Mixed; biped and quad; standard and Omni.

"Every rule of RULES.md §1 holds unless this file replaces it": `Standard` subclasses
`Intro` and overrides what the TechManual changes: IndustrialMechs' facts in
industrial.py, the design's components (their words, tables, tech and titles) in
choices.py, which it inherits. Its tables are standard.yaml (which
extends intro.yaml) and the vendored tech/equipment.tsv (the item catalog).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from mechlab.core import formula
from mechlab.core.configurations import configuration
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import BIPED_LOCATIONS, QUAD_LEGS, Location
from mechlab.core.tons import ceil_half
from mechlab.rulesets.base import ENGINE, GYRO, EngineRow, Spread
from mechlab.rulesets.intro import Intro
from mechlab.rulesets.play import FiringMode, WeaponAttack
from mechlab.rulesets.standard import torso_cockpit
from mechlab.rulesets.standard.armoring import Armoring
from mechlab.rulesets.standard.catalog import StandardCatalog
from mechlab.rulesets.standard.choices import ComponentChoices
from mechlab.rulesets.standard.components import CLAN, IS, Component, table, unit_types
from mechlab.rulesets.standard.mobility import MobilityRules

if TYPE_CHECKING:
    from mechlab.core.design import Design
    from mechlab.core.equipment import Weapon

# §10 / §6.2: the locations whose slots stealth armor must fill, two each.
STEALTH_BIPED = (Location.LEFT_ARM, Location.RIGHT_ARM, Location.LEFT_TORSO,
                 Location.RIGHT_TORSO, Location.LEFT_LEG, Location.RIGHT_LEG)
STEALTH_QUAD = (Location.LEFT_TORSO, Location.RIGHT_TORSO, *QUAD_LEGS)
# STANDARD_RULES.md §14.6 Decision: spread pieces go to the roomiest location, arms and
# legs before torsos.
SPREAD_ORDER = (Location.LEFT_ARM, Location.RIGHT_ARM, Location.LEFT_LEG, Location.RIGHT_LEG,
                Location.CENTER_LEG, *QUAD_LEGS, Location.LEFT_TORSO, Location.RIGHT_TORSO,
                Location.CENTER_TORSO, Location.HEAD)


class Standard(MobilityRules, ComponentChoices):
    """The Standard (TechManual) construction rules (STANDARD_RULES.md)."""

    name: ClassVar[str] = "standard"
    aliases: ClassVar[tuple[str, ...]] = ("tw", "techmanual", "tm")
    title: ClassVar[str] = "Standard (TechManual, rules levels 1–2)"
    data_file: ClassVar[str] = "standard/standard.yaml"
    mtf_export_refusal: ClassVar[str | None] = None
    ladder_level: ClassVar[int | None] = 2
    imported_slots_kept: ClassVar[bool] = True  # STANDARD_RULES.md §14.6
    # BV_STANDARD.md §6, §7.9: a one-shot launcher's hidden built-in shot is an ammunition
    # mount, priced as a lot of its launcher's (Quickdraw QKD-5M: 30,000 + 27,000).
    one_shot_shot_priced: ClassVar[bool] = True
    valued_by: ClassVar[str | None] = None  # its own tables, and those of its extensions
    absent_choices: ClassVar[tuple[tuple[str, object], ...]] = ()  # its book has them all
    # Issue 20: a Standard sheet states tech base, rules level, era and component types.
    sheet_states_technology: ClassVar[bool] = True
    # STANDARD_RULES.md §14.2, in MegaMek's checklist order: intro's codes (§13.3:
    # under-weight is a warning here) and the Standard ones.
    rules: ClassVar[tuple[str, ...]] = (
        "R-COMPONENT", "R-ITEM",
        "E-TONNAGE-RANGE", "E-TONNAGE-OVER", "W-TONNAGE-UNDER", "E-WEIGHT-STEP",
        "E-WALK-MIN", "E-ENGINE-RATING", "E-ENGINE-MISMATCH",
        "E-HEATSINK-MIN",
        "E-ARMOR-CAP", "E-ARMOR-HEAD", "E-ARMOR-TONS",
        "E-ITEM-UNAVAILABLE", "E-SLOTS-FULL", "E-SLOT-TAKEN", "E-SPLIT",
        "E-ARMOR-SLOTS", "E-STRUCTURE-SLOTS", "E-TSM-SLOTS", "E-MASC-SIZE", "E-TC-SIZE",
        "E-OMNI-ARM",
        "E-HEATSINK-PLACED", "W-HEATSINK-OUTSIDE", "E-HEATSINK-TYPE",
        "E-TECHBASE",
        "E-STEALTH-ECM", "E-ARTEMIS-LINK", "E-ARTEMIS-MIXED", "E-INDUSTRIAL-ONLY",
        "E-INDUSTRIAL-COMPONENT", "E-INDUSTRIAL-ITEM", "E-INDUSTRIAL-FIRE-CONTROL",
        "E-MYOMER-CONFLICT", "E-MASC-COUNT", "E-SUPERCHARGER-COUNT", "E-TC-COUNT",
        "E-OMNI-POD-FIXED", "E-OMNI-POD-NONOMNI", "E-OMNI-HEATSINKS", "E-PHYSICAL-COUNT",
        "E-ITEM-LOCATION", "E-CASE-LOCATION", "E-TC-LOCATION", "E-JUMP-LOCATION",
        "E-SUPERCHARGER-LOCATION",
        "E-PHYSICAL-LOCATION", "E-PHYSICAL-ACTUATOR", "E-HATCHET-LOCATION",
        "E-HATCHET-NO-HAND", "E-HATCHET-COUNT", "E-QUAD-ARM-ITEM", "E-REAR-ARM",
        "E-REAR-ITEM", "E-ACTUATOR-LOWER",
        "E-STEALTH-SLOTS",
        "E-JUMP-GT-WALK", "E-JUMP-GT-RUN", "E-JUMP-JETS", "E-JUMP-MIXED", "E-JUMP-ENGINE",
        "W-ARMOR-UNASSIGNED", "W-ARMOR-DEAD", "W-CASE-DUPLICATE", "W-CASE-UNUSED",
        "W-TC-NO-DIRECT-FIRE",
        "E-AMMO-MISSING", "E-AMMO-ONE-SHOT", "W-AMMO-UNUSED", "W-AMMO-LOW",
        "W-INTRO-YEAR",
        # lane stealth: ADVANCED_EQUIPMENT.md §4.6, UMUs (a row of rules level standard)
        "E-UMU-JUMP", "E-UMU-LOCATION",
    )

    def __init__(self) -> None:
        super().__init__()
        from mechlab.rulesets.data import load_table

        data = load_table(self.data_file)
        # tech/equipment.tsv replaces intro's weapons table (`items` is the same object,
        # typed as what it is).
        self.items = StandardCatalog(
            [*data["construction"], *data.get("more_construction", ())],
            {alias: name for name, aliases in data["spellings"].items() for alias in aliases},
            data["component_spellings"],
            self.catalog_rules, frozenset(data["derived"]["fires_like_a_weapon"]),
            data["display_names"], data["table_formulas"])
        self.catalog = self.items
        self.tech_bases: dict[str, dict[str, object]] = data["tech_bases"]
        self.config_types = table(data["config_types"])
        self.unit_sizes = table(data["unit_sizes"])
        self.leg_rolls: dict[str, dict[int, str]] = data.get("leg_rolls", {})
        # lane sheets3: each configuration's cockpit, a QuadVee's vehicle mode, the MP a
        # shield costs (configurations.yaml, advanced.yaml; none in the Standard rules).
        self.cockpit_configurations: dict[str, Any] = data.get("cockpit_configurations", {})
        self.vehicle_modes: dict[str, Any] = data.get("vehicle_modes", {})
        self.shield_movement: dict[str, Any] = data.get("shield_movement", {})
        # lane lam (lam.yaml): what a configuration adds to the fixed slots, may not build,
        # and its other modes' movement (a LAM's).
        self.config_rules: dict[str, dict[str, Any]] = data.get("config_rules", {})
        # CONFIGURATIONS.md §3: the superheavy facts of a ruleset that builds them.
        self.superheavy: dict[str, Any] | None = data.get("superheavy")
        self.structure_types = table(data["structure_types"])
        self.engine_types = table(data["engine_types"])
        self.gyro_types = table(data["gyro_types"])
        self.cockpit_types = table(data["cockpit_types"])
        self.ejection_types = table(data["ejection_types"])
        self.armor_types = table(data["armor_types"])
        self.heat_sink_types = table(data["heat_sink_types"])
        self.myomer_types = table(data["myomer_types"])
        self.unit_types = unit_types(data["unit_types"])
        self.large_engine: dict[str, Any] = data["large_engine"]
        self.ultralight: dict[str, Any] = data["ultralight"]
        # ADVANCED_COMPONENTS.md §7.1: what a primitive 'Mech may choose (advanced.yaml).
        self.primitive_construction: dict[str, tuple[str, ...]] = {
            path: tuple(words) for path, words in data.get("primitive_construction", {}).items()}
        self.armoring = Armoring.from_data(data)
        self.improved_jump_jet_factor = int(data["improved_jump_jet_factor"])
        self.jets_as_standard = frozenset(data.get("jets_as_standard", ()))
        self.jet_heat: dict[str, dict[str, int]] = data.get("jet_heat", {})
        self.derived: dict[str, Any] = data["derived"]
        # advanced.yaml: equipment placed as spread pieces (partial wing, signature systems).
        self.spread_equipment: dict[str, dict[str, Any]] = data.get("spread_equipment", {})
        self.partial_wing: dict[str, Any] = data.get("partial_wing", {})
        self.umu_ids = frozenset(data.get("umu", ()))
        # advanced.yaml: the signature systems', partial wing's, HarJel's and modular armor's
        # combination and placement rules (mechlab.validate.stealth).
        self.equipment_rules: dict[str, Any] = {key: data.get(key) for key in (
            "signature_exclusions", "c3", "needs_ecm", "more_ecm", "jump_boosters", "harjel",
            "modular_armor", "in_cockpit_location")}
        self.rules_levels: dict[str, str] = data["rules_levels"]
        self.refused_item_levels = frozenset(str(v) for v in data["refused_item_levels"])
        self.quad_hit_locations = {int(roll): Location(where) for roll, where
                                   in data["quad_hit_locations"].items()}
        lane = data.get("advanced_physical", {})  # issue 27: shields, lance, AES …
        self.derived.update(lane.get("derived", {}))
        self.physical_weapons: dict[str, str] = {**data["physical_weapons"],
                                                 **lane.get("physical_weapons", {})}
        self.physical_attacks: dict[str, dict[str, Any]] = {
            **data["physical_attacks"], **lane.get("physical_attacks", {})}
        self.engine_slot_names: dict[str, str] = data["engine_slot_names"]
        self.roll_again_kinds = frozenset(data["roll_again_kinds"])
        lines = data["sheet_weapon_lines"]
        self.printed_damages: dict[str, str] = lines["damage"]
        self.sheet_modes = {family: tuple(
            FiringMode(m["name"], m["damage"], m.get("minimum"), tuple(m["ranges"]))
            for m in modes) for family, modes in lines["modes"].items()}

    # §8.1, §10: jets in a torso or any leg, quads included.
    jump_jet_locations: ClassVar[tuple[Location, ...]] = (
        *Intro.jump_jet_locations, *QUAD_LEGS)
    auto_jump_jet_order: ClassVar[tuple[Location, ...]] = (*Intro.auto_jump_jet_order, *QUAD_LEGS)
    auto_heat_sink_order: ClassVar[tuple[Location, ...]] = (
        *Intro.auto_heat_sink_order, *QUAD_LEGS)

    # What the resolver asks (STANDARD_RULES.md §2–§11) ------------------------------------------
    def fixed_layout(self, design: Design) -> dict[Location, tuple[str | None, ...]]:
        """§3.4 engine and gyro slots, §5 head, §10 quad legs; arms as intro."""
        fixed = self.fixed_components(design.actuators)
        cockpit = self.cockpit_type(design)
        if cockpit is not None and cockpit.head:
            fixed[Location.HEAD] = cockpit.head
        engine, gyro = self.engine_type(design), self.gyro_type(design)
        gyro_slots = gyro.slots_for(IS) if gyro is not None and not gyro.refused else 4
        engine_size = engine.size if engine is not None and not engine.refused else "standard"
        engine_slots = 6 if engine_size == "standard" else 3
        # ADVANCED_COMPONENTS.md §1.1: a large engine's center-torso slots (experimental.yaml).
        engine_slots = self.large_engine_factor(self.engine_rating_of(design), "ct_slots",
                                                engine_slots)
        # CONFIGURATIONS.md §2: a superheavy's engine and gyro slots are halved (rounded up)
        # and written engine first: `Fusion Engine` ×3, `Gyro` ×2 on every corpus file.
        if self.is_superheavy(design):
            center: tuple[str, ...] = ((ENGINE,) * self.slots_on(design, engine_slots)
                                       + (GYRO,) * self.slots_on(design, gyro_slots))
        else:
            center = (ENGINE,) * 3 + (GYRO,) * gyro_slots + (ENGINE,) * (engine_slots - 3)
        outside = cockpit if cockpit is not None and not cockpit.refused else None
        # ADVANCED_COMPONENTS.md §2.1: a torso-mounted cockpit's slots follow the engine, in
        # the first center-torso slots no item placed by `slot` holds.
        fixed[Location.CENTER_TORSO] = torso_cockpit.after_block(
            self.catalog, design, center, outside.center if outside else ())
        side: tuple[str, ...] = (ENGINE,) * self.side_torso_engine_slots(design)
        side += outside.side if outside else ()
        fixed[Location.LEFT_TORSO] = fixed[Location.RIGHT_TORSO] = side
        # §10, CONFIGURATIONS.md §2: every leg of the configuration has the leg actuators.
        config = configuration(design.config)
        fixed = {loc: slots for loc, slots in fixed.items() if config.has(loc)}
        row = self.config_types.get(design.config)
        # CONFIGURATIONS.md §2: a QuadVee's conversion gear after each leg's actuators.
        extra = row.leg_slots if row is not None and not row.refused else ()
        fixed.update({leg: self.leg_fixed + extra for leg in config.legs})
        return self._conversion_slots(design, fixed)

    def _conversion_slots(self, design: Design, fixed: dict[Location, tuple[str | None, ...]]
                          ) -> dict[Location, tuple[str | None, ...]]:
        """CONFIGURATIONS.md §2 (MegaMek's LandAirMek): a configuration's conversion
        equipment in fixed slots (`config_rules.<config>.fixed_slots`: 1-based slot, or
        after the fixed slots); the items after it move down into the open slots."""
        rules = self.config_rules.get(design.config) or {}
        for where, (slot, names) in rules.get("fixed_slots", {}).items():
            location = Location(where)
            slots = list(fixed.get(location, ()))
            at = len(slots) if slot is None else int(slot) - 1
            slots[at:at] = names
            for _ in names:
                if None in slots[at + len(names):]:
                    del slots[slots.index(None, at + len(names))]
            fixed[location] = tuple(slots)
        return fixed

    def side_torso_engine_slots(self, design: Design) -> int:
        engine = self.engine_type(design)
        if engine is None or engine.refused:
            return 0
        tech = self.component_tech(design, design.engine.tech)
        return self.slots_on(design, int(engine.of(engine.side_slots, tech) or 0))

    # CONFIGURATIONS.md §1.3, §3: superheavy 'Mechs -------------------------------------------
    def is_superheavy(self, design: Design) -> bool:
        """Heavier than the Standard rules' heaviest 'Mech (100 t)."""
        return design.tonnage > self.tonnages[-1]

    def unit_title(self, design: Design) -> str:
        """lane lam: a configuration's own unit title (`config_rules.<config>.unit_title`,
        MegaMekLab's "Land-Air 'Mech"), else the unit type's."""
        title = (self.config_rules.get(design.config) or {}).get("unit_title")
        return str(title) if title else super().unit_title(design)

    def leg_roll_table(self, design: Design) -> dict[int, Location]:
        """CONFIGURATIONS.md, MegaMek's TripodMek: a roll that names a leg hits the leg 1D6
        picks (1–2 right, 3–4 center, 5–6 left); the data's `leg_rolls` by configuration."""
        return {int(roll): Location(where)
                for roll, where in self.leg_rolls.get(design.config, {}).items()}

    def sheet_title_words(self, design: Design) -> str:
        """The words a record sheet's title puts before the unit type: a superheavy's and
        a configuration's (PrintMek: "SuperHeavy Three-Legged BattleMech Record Sheet")."""
        size = self.unit_sizes.get("superheavy") if self.is_superheavy(design) else None
        config = self.config_types.get(design.config)
        return " ".join(row.sheet for row in (size, config) if row is not None and row.sheet)

    def superheavy_unrestricted(self, design: Design) -> frozenset[str]:
        """Items whose location restriction a superheavy lifts (TestMek: heavy Gauss)."""
        if self.superheavy is None or not self.is_superheavy(design):
            return frozenset()
        return frozenset(self.superheavy["unrestricted_items"])

    def slots_on(self, design: Design, slots: int) -> int:
        return self.item_slots(design.tonnage, slots)

    def item_slots(self, tonnage: int, slots: int) -> int:
        """The slots an item of `slots` takes: halved, rounded up, on a superheavy (Mek
        addEquipment), as they are on any other 'Mech."""
        if self.superheavy is None or tonnage <= self.tonnages[-1]:
            return slots
        return -(-slots // int(self.superheavy["slot_divisor"]))

    def tonnages_of(self, design: Design) -> range:
        """RULES.md 1.1, CONFIGURATIONS.md §3: a ruleset that builds superheavies takes
        them up to their heaviest."""
        if self.superheavy is not None and self.is_superheavy(design):
            bounds = self.superheavy["tonnages"]
            return range(bounds["min"], bounds["max"] + 1, bounds["step"])
        return super().tonnages_of(design)

    def structure_of(self, design: Design) -> dict[Location, int] | None:
        structure = self.structure(design.tonnage)
        config = configuration(design.config)
        if structure is None or config.locations == BIPED_LOCATIONS:
            return structure
        # §10: all four legs of a quad use the leg column; CONFIGURATIONS.md §3.1 (MegaMek's
        # TripodMek setInternal): so do all three of a tripod's.
        leg = structure[Location.LEFT_LEG]
        out = {loc: n for loc, n in structure.items() if config.has(loc)}
        out.update({loc: leg for loc in config.legs})
        return out

    def structure(self, tonnage: int) -> dict[Location, int] | None:
        """RULES.md 1.1; CONFIGURATIONS.md §3.1: a superheavy's head has its own points."""
        structure = super().structure(tonnage)
        if (structure is not None and self.superheavy is not None
                and tonnage >= self.superheavy["tonnages"]["min"]):
            structure[Location.HEAD] = int(self.superheavy["head_structure"])
        return structure

    def armor_cap(self, location: Location, structure: int) -> int:
        """RULES.md 1.5; CONFIGURATIONS.md §3.2: the head's cap is three times its
        structure (9, a superheavy's 12)."""
        if location is Location.HEAD:
            return self.head_armor_cap * structure // self.head_structure
        return super().armor_cap(location, structure)

    def engine_row(self, design: Design, rating: int) -> EngineRow | None:
        """§3.1: ⌈S × f⌉½, S the standard fusion weight of the rating."""
        row = self.engines.get(rating)
        engine = self.engine_type(design)
        if row is None or engine is None or engine.refused:
            return row
        # MegaMek's Engine: a fission engine weighs at least 5 t before rounding.
        return EngineRow(row.rating, row.maker,
                         ceil_half(max(row.tons * engine.factor, engine.min_tons)))

    def rating_factor(self, cockpit: str) -> Fraction:
        """ADVANCED_COMPONENTS.md §7.1: the cockpit row's `rating_factor` (primitive 1.2)."""
        row = self.cockpit_types.get(cockpit)
        return row.rating_factor if row is not None and not row.refused else Fraction(1)

    def structure_weight(self, design: Design) -> Fraction:
        kind = self.structure_type(design)
        factor = kind.factor if kind is not None and not kind.refused else Fraction(1, 10)
        # CONFIGURATIONS.md §3.1: the configuration's own factor (a tripod's × 1.1), and a
        # superheavy's (twice, for the types that double).
        heavy = Fraction(1)
        if self.superheavy is not None and self.is_superheavy(design):
            heavy = Fraction(self.superheavy["structure_factor"].get(design.structure.type, 1))
        return ceil_half(design.tonnage * factor * heavy * self.config_factor(design))  # §2.2

    def conversion_tons(self, design: Design) -> Fraction:
        """CONFIGURATIONS.md §3.4 (TestMek getWeightMisc): ⌈T × factor⌉ whole tons."""
        row = self.config_types.get(design.config)
        if row is None or row.refused or not row.conversion:
            return Fraction(0)
        return Fraction(math.ceil(design.tonnage * row.conversion))

    def config_factor(self, design: Design) -> Fraction:
        row = self.config_types.get(design.config)
        return row.factor if row is not None and not row.refused else Fraction(1)

    def cockpit_weight(self, design: Design) -> Fraction:
        kind = self.cockpit_type(design)
        return kind.tons if kind is not None and kind.tons else self.cockpit_tons  # §5

    def gyro_weight(self, design: Design, rating: int) -> Fraction:
        kind = self.gyro_type(design)
        factor = kind.factor if kind is not None and not kind.refused else Fraction(1)
        return ceil_half(math.ceil(Fraction(rating, 100)) * factor)  # §4

    def armor_per_ton(self, design: Design) -> Fraction:
        kind = self.armor_type(design)
        tech = self.component_tech(design, design.armor.tech)
        per_ton = None if kind is None or kind.refused else kind.of(kind.per_ton, tech)
        return Fraction(self.armor_points_per_ton) if per_ton is None else per_ton  # §6.1

    def heat_sink_item(self, design: Design) -> Item:
        kind = self.heat_sink_kind(design)
        tech = self.component_tech(design, design.heat_sinks.tech)
        item_id = kind.of(kind.item, tech) if kind and kind.item else None
        return self.items.item(item_id or "heat_sink")

    def heat_sink_tons(self, design: Design | None = None) -> Fraction:
        """ADVANCED_COMPONENTS.md §6.1 rule 2: a compact sink weighs 1.5 t (`tons_each`)."""
        kind = self.heat_sink_kind(design) if design is not None else None
        if kind is not None and kind.tons_each is not None:
            return kind.tons_each
        return super().heat_sink_tons(design)

    def sinks_held(self, item: Item) -> int:
        """ADVANCED_COMPONENTS.md §6.1: a `2 Compact Heat Sinks` slot is two sinks."""
        for kind in self.heat_sink_types.values():
            if item.weapon.id in kind.holds:
                return kind.holds[item.weapon.id]
        return 1

    def heat_sink_items(self, design: Design, count: int) -> list[tuple[Item, int]]:
        """Compact sinks go in pairs, one slot each, and a single one for an odd count
        (the type's `holds`: its items by how many sinks each holds, most first)."""
        kind = self.heat_sink_kind(design)
        if kind is None or not kind.holds:
            return super().heat_sink_items(design, count)
        out = []
        for item_id, held in sorted(kind.holds.items(), key=lambda kv: -kv[1]):
            if count >= held:
                out.append((self.items.item(item_id), count // held))
                count %= held
        return out

    def hit_location_table(self, design: Design) -> dict[int, Location]:
        """§10: a quad's legs take the arms' and legs' rolls."""
        four = configuration(design.config).four_legged
        return self.quad_hit_locations if four else self.hit_locations

    def sink_dissipation(self, design: Design) -> int:
        kind = self.heat_sink_kind(design)
        return kind.dissipation if kind is not None and kind.dissipation else 1  # §7

    def dissipation_beside(self, design: Design, items: list[Item]) -> int:
        """ADVANCED_COMPONENTS.md §6.1 rule 4, §7.2: each prototype double heat sink beside
        singles dissipates 2 where a single dissipates 1 (its row's `beside`)."""
        kind = self.heat_sink_kind(design)
        if kind is None or not kind.beside:
            return 0
        return sum(kind.beside[i.weapon.id] - (kind.dissipation or 1) for i in items
                   if i.kind is ItemKind.HEAT_SINK and i.weapon.id in kind.beside)

    def heat_sink_title(self, design: Design) -> str:
        """§7: the sheet names the sink type as its table titles it (Single, Double)."""
        kind = self.heat_sink_kind(design)
        return kind.title if kind is not None else super().heat_sink_title(design)

    def jump_jet_item(self, design: Design) -> Item:
        """The kind the design lists (§8.1: one kind per 'Mech), else the standard jet."""
        for entry in design.equipment:
            try:
                item = self.catalog.lookup(entry.item, design.tech_base)
            except ValueError:
                continue
            if item.kind is ItemKind.JUMP_JET:
                return item
        return self.items.item("jump_jet")

    def jet_tons(self, item: Item, tonnage: int) -> Fraction:
        doubled = item.weapon.jet_type == "improved" \
            and item.weapon.id not in self.jets_as_standard
        factor = self.improved_jump_jet_factor if doubled else 1
        return self.jump_jet_tons(tonnage) * factor  # §8.1

    def jet_slots(self, item: Item) -> int:
        return item.weapon.slots

    def engine_heat_sinks(self, design: Design, rating: int, total: int) -> int:
        """§3.5: ⌊R ÷ 25⌋ sinks sit in the engine; §11.3: an OmniMech's engine holds
        min(C, B) when its base chassis states B ≥ 10 sinks."""
        kind = self.heat_sink_kind(design)
        # ADVANCED_COMPONENTS.md §6.1 rule 1: compact sinks, twice ⌊R ÷ 25⌋.
        times = kind.engine_capacity if kind is not None and not kind.refused else 1
        capacity = max(0, min(rating // 25 * times, total)) if times != 1 \
            else self.integral_heat_sinks(rating, total)
        base = design.base_chassis_heat_sinks
        if design.omni and base is not None and base >= 10:
            return min(capacity, base)
        return capacity

    def spread_items(self, design: Design) -> tuple[Spread, ...]:
        """§2.3 structure, §6.2 armor and §8.2 TSM slots, as the design places them."""
        out = []
        structure, armor = self.structure_type(design), self.armor_type(design)
        if structure is not None and structure.item:
            tech = self.component_tech(design, design.structure.tech)
            out.append(self._spread(design, structure, tech, "structure",
                                    design.structure.slots))
        if armor is not None and armor.item:
            tech = self.component_tech(design, design.armor.tech)
            spread = self._spread(design, armor, tech, "armor", design.armor.slots)
            if armor.per_location:
                spread = Spread(spread.item, spread.count, spread.path, spread.slots,
                                armor.per_location,
                                STEALTH_QUAD if configuration(design.config).four_legged
                                else STEALTH_BIPED)
            out.append(spread)
        out += self._one_slot_each(design)
        myomer = self.myomer_type(design)
        if myomer is not None and myomer.item:
            item = self.items.item(myomer.item[IS])
            out.append(Spread(item, item.weapon.slots, "myomer", design.myomer.slots,
                              locations=SPREAD_ORDER))
        return tuple(s for s in out if s.count)

    def _spread(self, design: Design, kind: Component, tech: str, path: str,
                slots: dict[Location, int | list[int]] | None) -> Spread:
        item_id = kind.of(kind.item, tech) or next(iter(kind.item.values()))
        item = self.items.item(item_id)
        count = self.slots_on(design, kind.slots_for(tech))
        return Spread(item, count, path, slots, locations=SPREAD_ORDER)

    def size_facts(self, design: Design, engine: EngineRow | None,
                   items: list[Item]) -> dict[str, Fraction | int]:
        """tech/EQUIPMENT.md's words; §9.3: direct-fire weapon tons over the whole 'Mech."""
        direct = sum((item.tons(design.tonnage) for item in items if self.is_direct_fire(item)),
                     Fraction(0))
        cargo = self._cargo_tons(design, items)
        return {"tonnage": design.tonnage, "legs": len(configuration(design.config).legs),
                "engine_rating": engine.rating if engine else 0,
                "engine_tons": engine.tons if engine else Fraction(0),
                "df_weapon_tons": direct, "cargo_tons": cargo}

    def is_direct_fire(self, item: Item) -> bool:
        weapon = item.weapon
        return (item.kind is ItemKind.WEAPON
                and weapon.category in self.derived["direct_fire_categories"]
                and weapon.subcategory not in self.derived["not_direct_fire"])

    def builtin_case(self, design: Design, explosive: set[Location]) -> tuple[Location, ...]:
        """§9.1: a Clan chassis has CASE in every location holding an explosive item."""
        if self.chassis_tech(design) != CLAN:
            return ()
        return tuple(loc for loc in design.locations if loc in explosive)

    def explosive(self, item: Item) -> str:
        """§9.1: tech/equipment.tsv's `explosive` column (construction items: no)."""
        return item.weapon.explosive

    def has_firing_arc(self, item: Item) -> bool:
        """Weapons, and the equipment standard.yaml `faces` (lift hoists, searchlights)."""
        return super().has_firing_arc(item) or item.weapon.id in self.derived["faces"]

    def can_be_hit(self, item: Item) -> bool:
        return not (item.weapon.category == "construction"
                    and item.weapon.subcategory in self.roll_again_kinds)

    def own_item_name(self, item: Item, tech_base: str) -> str | None:
        """The catalogue's name where it names this item on this tech base, else its id
        (`is_er_large_laser` on a Mixed Clan chassis): STANDARD_RULES.md §1.3."""
        try:
            if self.catalog.lookup(item.weapon.name, tech_base).weapon.id == item.weapon.id:
                return str(item.weapon.name)
        except ValueError:
            pass
        return str(item.weapon.id or item.name)

    def slot_title(self, design: Design, name: str) -> str:
        """Engine slots by the engine type (standard.yaml `engine_slot_names`)."""
        if name == ENGINE:
            return self.engine_slot_names.get(design.engine.type, name)
        return name

    def printed_damage(self, weapon: Weapon) -> str | None:
        """standard.yaml `sheet_weapon_lines.damage`: Narc, iNarc and AMS print "—"."""
        return self.printed_damages.get(weapon.subcategory)

    def firing_modes(self, weapon: Weapon) -> tuple[FiringMode, ...]:
        """standard.yaml `sheet_weapon_lines.modes`: an MML's LRM and SRM lines, an ATM's
        standard, extended-range and high-explosive ones."""
        return self.sheet_modes.get(weapon.subcategory, ())

    def sprint_mp(self, walking_mp: int, items: list[Item]) -> int | None:
        """TechManual (MASC, supercharger): either engaged doubles the walking MP,
        both together give ⌈2.5 × walking MP⌉ (standard.yaml `derived` names them)."""
        ids = {item.weapon.id for item in items}
        boosts = sum(bool(ids & set(self.derived[kind])) for kind in ("masc", "supercharger"))
        if boosts == 0:
            return None
        return math.ceil(walking_mp * (Fraction(5, 2) if boosts == 2 else 2))

    def weapon_attack(self, item: Item, tonnage: int) -> WeaponAttack | None:
        """standard.yaml `physical_attacks`: the to-hit modifier and table; the damage from
        equipment.tsv's `damage` formula, or the constant the yaml states."""
        row = self.physical_attacks.get(item.weapon.id)
        if row is None:
            return None
        text = str(row.get("damage") or item.weapon.damage_text)
        damage = math.floor(formula.parse(text)({"tonnage": tonnage}))
        return WeaponAttack(damage, int(row["to_hit"]), str(row["table"]),
                            bool(row.get("tsm", True)))

    def death_from_above_damage(self, tonnage: int, items: tuple[Item, ...] = ()) -> int:
        """Talons in the legs multiply it by 1.5, rounded down (standard.yaml
        `advanced_physical.derived.talons_dfa`; MegaMek DfaAttackAction)."""
        damage = super().death_from_above_damage(tonnage, items)
        factor = self.derived.get("talons_dfa")
        if factor and any(i.weapon.id in self.derived["talons"] for i in items):
            return math.floor(damage * Fraction(str(factor)))
        return damage

    def has_tsm(self, design: Design) -> bool:
        """§8.2: triple-strength myomer (TechManual: working TSM doubles physical attack
        damage); industrial TSM is not counted (its own rules)."""
        return design.myomer.type == "tsm"
