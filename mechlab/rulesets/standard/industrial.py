"""What IndustrialMechs change in the Standard rules (`unit: industrialmech`, issue 21): the
unit type's table, engine facts (free sinks, movement heat, power amplifiers), fire control,
items of one slot in each location and the cargo a dumper serves. Facts are standard.yaml's;
`Standard` inherits these methods."""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.core.tons import ceil_half
from mechlab.rulesets.base import Spread
from mechlab.rulesets.intro import Intro
from mechlab.rulesets.standard.components import Component, UnitType

if TYPE_CHECKING:
    from mechlab.core.design import Design


def _spread_word(where: str, location: Location) -> bool:
    """The location words of `one_slot_each` and `spread_equipment`."""
    if where == "legs":
        return location.is_leg
    if where == "side_torsos":
        return location in (Location.LEFT_TORSO, Location.RIGHT_TORSO)
    if where == "all_but_head":
        return location is not Location.HEAD
    if where == "torsos":  # lane patchwork: the ram plate, one slot in each torso location
        return location.is_torso
    if where == "limbs_and_side_torsos":
        return location not in (Location.HEAD, Location.CENTER_TORSO)
    return where == "all"


class IndustrialMechRules(Intro):
    """The methods the Standard ruleset answers by unit type and engine type."""

    cargo_prefix: ClassVar[str] = "cargo"  # equipment.tsv ids of cargo and containers
    # Set by `Standard.__init__` from standard.yaml.
    unit_types: dict[str, UnitType]
    engine_types: dict[str, Component]
    cockpit_types: dict[str, Component]
    derived: dict[str, Any]
    spread_equipment: dict[str, dict[str, Any]]
    jet_heat: dict[str, dict[str, int]]

    def cockpit_type(self, design: Design) -> Component | None:
        return self.cockpit_types.get(design.cockpit)

    def engine_type(self, design: Design) -> Component | None:
        return self.engine_types.get(design.engine.type)

    def unit_type(self, design: Design) -> UnitType:
        """§0.2: the design's unit type (`unit:`), BattleMech or IndustrialMech."""
        return self.unit_types[design.unit]

    def unit_title(self, design: Design) -> str:
        unit = self.unit_type(design)
        return unit.omni_title if design.omni and unit.omni_title else unit.title

    def tonnages_of(self, design: Design) -> range:
        """A BattleMech 20–100 t; an IndustrialMech from its `min_tonnage` (TechManual)."""
        low = self.unit_type(design).min_tonnage
        return self.tonnages if low is None else range(low, self.tonnages.stop,
                                                        self.tonnages.step)

    def engine_free_heat_sinks(self, design: Design) -> int:
        """§3.5: fusion engines carry 10 weight-free sinks; standard.yaml's
        `free_heat_sinks` gives the other engines' (fission 5, fuel cell 1, ICE 0)."""
        engine = self.engine_type(design)
        return engine.free_heat_sinks if engine is not None and not engine.refused \
            else self.free_heat_sinks

    def walking_heat_of(self, design: Design) -> int:
        """MegaMek's Engine: an ICE or fuel cell makes no heat walking or running; an XXL
        engine its own (standard.yaml / advanced.yaml `heat`, ADVANCED_COMPONENTS.md §1.2)."""
        engine = self.engine_type(design)
        if engine is not None and not engine.movement_heat:
            return 0
        return int(self._engine_heat(design, "walking", self.walking_heat))

    def running_heat_of(self, design: Design) -> int:
        engine = self.engine_type(design)
        if engine is not None and not engine.movement_heat:
            return 0
        return int(self._engine_heat(design, "running", self.running_heat))

    def bv_running_heat_of(self, design: Design) -> int:
        """BV's running heat (BV_STANDARD.md §3.5) of an ICE or fuel cell: none on industrial
        structure, as in play; the standard 2 on any other structure (MegaMek's
        Engine.getRunHeat spares only IndustrialMech structure: Carbine CON-7M MOD, 306)."""
        engine = self.engine_type(design)
        if engine is not None and not engine.movement_heat:
            return 0 if design.structure.type == "industrial" else self.running_heat
        return super().bv_running_heat_of(design)

    def jumping_heat_of(self, design: Design, jump_mp: int, improved: bool) -> int:
        """Heat of a jump of `jump_mp`: max(minimum, MP × per-MP) (TechManual: 3 and 1 per
        MP; an XXL engine 6 and 2: MegaMek's Engine.getJumpHeat, ADVANCED_COMPONENTS.md §1.2);
        improved jets count half the MP, rounded up, first (TechManual ⌈J ÷ 2⌉; an XXL engine
        2 × ⌈J ÷ 2⌉: Phoenix Hawk IIC 8's MegaMek BV, 7 improved-jet MP, fits only with 8)."""
        per = self._engine_heat(design, "jump_per_mp", Fraction(1))
        low = self._engine_heat(design, "jump_min", self.minimum_jumping_heat)
        moved = math.ceil(Fraction(jump_mp, 2)) if improved else jump_mp
        return max(int(low), math.ceil(moved * per))

    def jet_jumping_heat(self, jet_ids: Iterable[str], jump_mp: int) -> int | None:
        """The heat of a jump of `jump_mp` on jets with a heat of their own (the prototype
        improved jet: max(6, 2 × MP), XTRO Succession Wars p. 17), else None."""
        for jet in jet_ids:
            if jet in self.jet_heat:
                row = self.jet_heat[jet]
                return max(int(row["min"]), jump_mp * int(row["per_mp"]))
        return None

    def jumping_heat_rate(self, design: Design) -> tuple[int, int]:
        return (int(self._engine_heat(design, "jump_per_mp", self.jumping_heat_per_hex)),
                int(self._engine_heat(design, "jump_min", self.minimum_jumping_heat)))

    def _engine_heat(self, design: Design, key: str, default: int | Fraction) -> Fraction:
        engine = self.engine_type(design)
        if engine is None or engine.refused or key not in engine.heat:
            return Fraction(default)
        return engine.heat[key]

    def advanced_fire_control(self, design: Design) -> bool:
        cockpit = self.cockpit_type(design)
        return cockpit is None or cockpit.fire_control

    def power_amplifier_tons(self, design: Design, items: list[Item]) -> Fraction:
        """TechManual (MegaMek's TestMek): on an ICE or fuel-cell engine, energy weapons
        need amplifiers weighing a tenth of their tons (and their PPC capacitors'), rounded
        up to the half ton; an energy weapon fed by ammunition (the vehicle flamer) needs
        none."""
        engine = self.engine_type(design)
        if engine is None or not engine.power_amplifiers:
            return Fraction(0)
        fed, amplified = self._ammo_fed(), self.derived["power_amplified"]
        energy = sum((item.tons(design.tonnage) for item in items
                      if (item.kind is ItemKind.WEAPON and item.weapon.category == "energy"
                          and item.weapon.id not in fed) or item.weapon.id in amplified),
                     Fraction(0))
        return ceil_half(energy / 10)

    def _ammo_fed(self) -> frozenset[str]:
        """The weapons some ammunition row feeds (equipment.tsv `ammo_for`)."""
        return frozenset(w for weapon in self.catalog.weapons for w in weapon.ammo_for)

    def spread_entry_locations(self, design: Design, item: Item) -> tuple[Location, ...]:
        """standard.yaml `one_slot_each`: environmental sealing fills one slot in every
        location, tracks one in every leg; advanced.yaml `spread_equipment`: a partial wing
        its slots in each side torso, a signature system one in each location it names."""
        where = self.derived["one_slot_each"].get(item.weapon.id)
        spread = self.spread_equipment.get(item.weapon.id)
        if spread is not None:
            where = spread["locations"]
        if where is None:
            return ()
        return tuple(loc for loc in design.locations if _spread_word(where, loc))

    def spread_per_location(self, item: Item) -> int:
        """The slots a spread entry takes in each of its locations (1, a partial wing 3 or
        4: advanced.yaml `spread_equipment`)."""
        return int(self.spread_equipment.get(item.weapon.id, {}).get("per_location", 1))

    def _one_slot_each(self, design: Design) -> list[Spread]:
        out = []
        for index, entry in enumerate(design.equipment):
            try:
                item = self.catalog.lookup(entry.item, design.tech_base)
            except ValueError:
                continue
            locations = self.spread_entry_locations(design, item)
            # Talons fill 2 slots in every leg (lane physical); a spread system its
            # `per_location` slots (lane stealth).
            per = (int(self.derived.get("pieces_each", {}).get(item.weapon.id, 0))
                   or self.spread_per_location(item))
            if locations:
                out.append(Spread(item, len(locations) * entry.count * per,
                                  f"equipment[{index}]", None, per, locations))
        return out

    def facts_at(self, design: Design, facts: dict[str, Fraction | int],
                 here: list[Item]) -> dict[str, Fraction | int]:
        """A dumper serves the cargo in its own location (the corpus: MuckRaker GMMM-2's
        two dumpers, each beside 11 t of cargo, weigh 1 t each, as MegaMek adds up)."""
        return {**facts, "cargo_tons": self._cargo_tons(design, here)}

    def _cargo_tons(self, design: Design, items: list[Item]) -> Fraction:
        # EQUIPMENT.md: `cargo_tons`, the tons of cargo a dumper serves (cargo and
        # containers, sized as the design states them).
        return sum((item.sized({"tonnage": design.tonnage})[0] for item in items
                    if item.weapon.id.startswith(self.cargo_prefix)), Fraction(0))
