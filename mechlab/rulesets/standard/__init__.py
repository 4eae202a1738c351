"""The `standard` ruleset: the TechManual construction rules, rules levels 1–2
(STANDARD_RULES.md): Inner Sphere, Clan and Mixed; biped and quad; standard and Omni.

"Every rule of RULES.md §1 holds unless this file replaces it": `Standard` subclasses
`Intro` and overrides what the TechManual changes, in the mixins it inherits: IndustrialMechs'
facts in industrial.py, the design's components (their words, tables, tech and titles) in
choices.py, the chassis (fixed slots, structure, weights) in chassis.py, heat sinks and jump
jets in sinks_jets.py, items in construction and play in item_rules.py, movement in
mobility.py, patchwork armor in patchwork.py, the ram plate in ram_plate.py. Its tables are
standard.yaml (which extends intro.yaml) and the vendored tech/equipment.tsv (the item
catalog).
"""

from __future__ import annotations

from typing import Any, ClassVar

from mechlab.core.locations import QUAD_LEGS, Location
from mechlab.rulesets.intro import Intro
from mechlab.rulesets.play import FiringMode
from mechlab.rulesets.standard.armoring import Armoring
from mechlab.rulesets.standard.catalog import StandardCatalog, shared_catalog
from mechlab.rulesets.standard.components import table, unit_types
from mechlab.rulesets.standard.item_rules import ItemRules
from mechlab.rulesets.standard.mobility import MobilityRules
from mechlab.rulesets.standard.ram_plate import RamPlateRules
from mechlab.rulesets.standard.sinks_jets import SinkAndJetRules


class Standard(MobilityRules, SinkAndJetRules, ItemRules, RamPlateRules):
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
        # `items` is the catalogue (`equipment_catalog`), typed as what it is.
        assert isinstance(self.catalog, StandardCatalog)
        self.items = self.catalog
        self.tech_bases: dict[str, dict[str, object]] = data["tech_bases"]
        self._load_configurations(data)
        self._load_components(data)
        self._load_equipment_rules(data)
        self._load_play(data)

    def _load_configurations(self, data: dict[str, Any]) -> None:
        """The configurations' and unit sizes' tables (standard.yaml, configurations.yaml,
        lam.yaml)."""
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

    def _load_components(self, data: dict[str, Any]) -> None:
        """The component types' tables (structure, engine, gyro, cockpit, armor, heat
        sinks, myomer, jump jets) and the large-engine and ultralight facts."""
        self.structure_types = table(data["structure_types"])
        self.engine_types = table(data["engine_types"])
        self.gyro_types = table(data["gyro_types"])
        self.cockpit_types = table(data["cockpit_types"])
        self.ejection_types = table(data["ejection_types"])
        self.armor_types = table(data["armor_types"])
        self.load_patchwork(data)
        self.load_ram_plate(data)
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

    def _load_equipment_rules(self, data: dict[str, Any]) -> None:
        """The item lists (`derived`), the Advanced equipment's placement and combination
        rules, and the rules levels an item may have."""
        self.derived: dict[str, Any] = data["derived"]
        # advanced.yaml: equipment placed as spread pieces (partial wing, signature systems).
        self.spread_equipment: dict[str, dict[str, Any]] = data.get("spread_equipment", {})
        self.partial_wing: dict[str, Any] = data.get("partial_wing", {})
        self.umu_ids = frozenset(data.get("umu", ()))
        # advanced.yaml: the signature systems', partial wing's, HarJel's and modular armor's
        # combination and placement rules (mechlab.validate.stealth).
        self.equipment_rules: dict[str, Any] = {key: data.get(key) for key in (
            "signature_exclusions", "c3", "needs_ecm", "more_ecm", "jump_boosters", "harjel",
            "modular_armor", "in_cockpit_location", "pulse_modules")}
        self.rules_levels: dict[str, str] = data["rules_levels"]
        self.refused_item_levels = frozenset(str(v) for v in data["refused_item_levels"])

    def _load_play(self, data: dict[str, Any]) -> None:
        """What play and the record sheet read: a quad's hit locations, the physical
        attacks, the engine's slot names, the critical kinds rolled again and the sheet's
        weapon lines (damage and firing modes)."""
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

    def equipment_catalog(self, data: dict[str, Any]) -> StandardCatalog:
        """tech/equipment.tsv replaces intro's weapons table (STANDARD_RULES.md): the one
        catalogue, shared by the rulesets whose tables and sizing rules are these."""
        return shared_catalog(
            [*data["construction"], *data.get("more_construction", ())],
            {alias: name for name, aliases in data["spellings"].items() for alias in aliases},
            data["component_spellings"],
            self.catalog_rules, frozenset(data["derived"]["fires_like_a_weapon"]),
            data["display_names"], data["table_formulas"])

    # §8.1, §10: jets in a torso or any leg, quads included.
    jump_jet_locations: ClassVar[tuple[Location, ...]] = (
        *Intro.jump_jet_locations, *QUAD_LEGS)
    auto_jump_jet_order: ClassVar[tuple[Location, ...]] = (*Intro.auto_jump_jet_order, *QUAD_LEGS)
    auto_heat_sink_order: ClassVar[tuple[Location, ...]] = (
        *Intro.auto_heat_sink_order, *QUAD_LEGS)
