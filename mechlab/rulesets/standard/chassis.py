"""The Standard ruleset's chassis (STANDARD_RULES.md §2–§5, §10; CONFIGURATIONS.md §1.3, §2,
§3): the fixed slots (engine, gyro, cockpit, legs, a configuration's conversion equipment),
superheavy 'Mechs, internal structure and the component weights. `Standard` inherits these
methods (moved here from `standard/__init__.py` unchanged)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.core.configurations import configuration
from mechlab.core.locations import BIPED_LOCATIONS, Location
from mechlab.core.tons import ceil_half
from mechlab.rulesets.base import ENGINE, GYRO, EngineRow
from mechlab.rulesets.standard.choices import ComponentChoices
from mechlab.rulesets.standard.components import IS
from mechlab.rulesets.standard.torso_cockpit import after_block

if TYPE_CHECKING:
    from mechlab.core.design import Design


class ChassisRules(ComponentChoices):
    """What the resolver asks of the chassis: fixed slots, structure, weights."""

    # Set by `Standard.__init__` from its data.
    leg_rolls: dict[str, dict[int, str]]
    config_rules: dict[str, dict[str, Any]]
    superheavy: dict[str, Any] | None

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
        fixed[Location.CENTER_TORSO] = after_block(
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
