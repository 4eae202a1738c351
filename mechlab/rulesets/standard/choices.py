"""The Standard design's components (STANDARD_RULES.md §0.3, §1, §14.6): the type words it
chooses, checked on reading and refused beyond level 2; each looked up on its table; the
tech (IS or Clan) each is built with; and the titles sheets and the engine JSON give them.
Tables are standard.yaml's; `Standard` inherits these methods."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.rulesets.standard.armoring import Armoring, uses_armoring, uses_turret_mounting
from mechlab.rulesets.standard.components import CLAN, IS, Component
from mechlab.rulesets.standard.industrial import IndustrialMechRules

if TYPE_CHECKING:
    from collections.abc import Iterable

    from mechlab.core.design import Design
    from mechlab.rulesets.levels import ArmorableSlot


class ComponentChoices(IndustrialMechRules):
    """The methods the Standard ruleset answers from its component tables."""

    # Set by `Standard.__init__` from standard.yaml.
    tech_bases: dict[str, dict[str, object]]
    config_types: dict[str, Component]
    unit_sizes: dict[str, Component]
    structure_types: dict[str, Component]
    gyro_types: dict[str, Component]
    ejection_types: dict[str, Component]
    armor_types: dict[str, Component]
    heat_sink_types: dict[str, Component]
    myomer_types: dict[str, Component]
    large_engine: dict[str, Any]
    ultralight: dict[str, Any]
    rules_levels: dict[str, str]
    refused_item_levels: frozenset[str]
    armoring: Armoring
    # The design `refusals` answered last, and its answer.
    _last_refusals: tuple[Design, tuple[tuple[str, str, str], ...]] | None = None

    def admits_item_level(self, level: str) -> bool:
        """§0.3: items of the levels its data lists as refused are R-ITEM (standard refuses
        levels 3 and 4; advanced.yaml and experimental.yaml admit their own)."""
        return level not in self.refused_item_levels

    def is_large_engine(self, rating: int) -> bool:
        """§3.2, ADVANCED_COMPONENTS.md §1.1: a rating of 405–500 is a large engine (Tactical
        Operations; MegaMek's Engine marks every rating over 400 large)."""
        return int(self.large_engine["min"]) <= rating <= int(self.large_engine["max"])

    def large_engine_factor(self, rating: int, key: str, otherwise: int) -> int:
        """A large engine's `ct_slots` or `cost_factor` (experimental.yaml), `otherwise`
        for any other engine."""
        if not self.is_large_engine(rating) or self.large_engine.get("refused"):
            return otherwise
        return int(self.large_engine.get(key, otherwise))

    # STANDARD_RULES.md §14.6: the design's type words, checked on reading -------------------
    def component_choices(self, design: Design) -> list[tuple[str, str, str, dict[str, Component]]]:
        """(path, what, word, table) of every component the design chooses."""
        out = [("config", "configuration", design.config, self.config_types),
               ("engine.type", "engine", design.engine.type, self.engine_types),
               ("gyro", "gyro", design.gyro, self.gyro_types),
               ("cockpit", "cockpit", design.cockpit, self.cockpit_types),
               ("structure.type", "structure", design.structure.type, self.structure_types),
               ("armor.type", "armor", design.armor.type, self.armor_types),
               ("heat_sinks.type", "heat sinks", design.heat_sinks.type, self.heat_sink_types),
               ("myomer.type", "myomer", design.myomer.type, self.myomer_types)]
        if design.ejection is not None:
            out.append(("ejection", "ejection system", design.ejection, self.ejection_types))
        return out

    def design_problems(self, design: Design) -> list[str]:
        """Bad input: a type word that is on no table (with the words that are)."""
        return [f"{path}: unknown {what} type {word!r}; choose from "
                f"{', '.join(k for k, row in rows.items() if not row.refused)}"
                for path, what, word, rows in self.component_choices(design)
                if word not in rows]

    def refusals(self, design: Design) -> list[tuple[str, str, str]]:
        """§0.3: (code, path, text) for every level-3+ component and item. A design is
        frozen: the refusals of the one asked last are kept (reading a `.mtf` and judging
        it asked three times for the same design: issue 31)."""
        last = self._last_refusals
        if last is None or last[0] is not design:
            last = self._last_refusals = (design, tuple(self._refusals(design)))
        return list(last[1])

    def _refusals(self, design: Design) -> list[tuple[str, str, str]]:
        out = []
        for path, what, word, rows in self.component_choices(design):
            row = rows.get(word)
            refused = row.refused_for(design.unit) if row is not None else None
            if row is not None and refused:
                on = f" on a {self.unit_type(design).title}" if not row.refused else ""
                out.append(("R-COMPONENT", path,
                            f"needs {self.rules_levels[refused]}: {row.title} {what}{on}"))
        ultralight = self.ultralight.get("refused")
        if ultralight and design.unit == "battlemech" and design.tonnage <= self.ultralight["max"]:
            out.append(("R-COMPONENT", "tonnage", f"needs {self.rules_levels[ultralight]}: an "
                        f"ultralight BattleMech ({design.tonnage} t)"))
        size = self.unit_sizes.get("superheavy")
        if size is not None and size.refused and design.tonnage > 100:
            out.append(("R-COMPONENT", "tonnage", f"needs {self.rules_levels[size.refused]}: "
                        f"a superheavy 'Mech ({design.tonnage} t)"))
        rating = self.engine_rating_of(design)
        if self.is_large_engine(rating) and self.large_engine.get("refused"):
            out.append(("R-COMPONENT", "walking_mp",
                        f"needs {self.rules_levels[self.large_engine['refused']]}: a large "
                        f"engine (rating {rating} > {self.max_engine_rating})"))
        out += self._option_refusals(design)
        for index, entry in enumerate(design.equipment):
            try:
                item = self.catalog.lookup(entry.item, design.tech_base)
            except ValueError:
                continue
            weapon = item.weapon
            # A heat sink is the heat sink type's (its level judged above as a component;
            # one of another type is E-HEATSINK-TYPE).
            if (not self.admits_item_level(weapon.rules_level)
                    and (item.kind is not ItemKind.HEAT_SINK
                         or weapon.sink_type != design.heat_sinks.type)):
                out.append(("R-ITEM", f"equipment[{index}].item",
                            f"needs {self.rules_levels[weapon.rules_level]}: {weapon.name}"))
            elif 4 % weapon.tons.denominator:  # not whole quarter tons
                out.append(("R-ITEM", f"equipment[{index}].item",
                            f"{weapon.name} weighs {float(weapon.tons):g} t; a 'Mech mounts "
                            "items in quarter tons"))
        return out

    def _option_refusals(self, design: Design) -> list[tuple[str, str, str]]:
        """Armored components and turret mounting: options of their level (Tactical
        Operations; standard.yaml `armored_components`, the turret items' level)."""
        out = []
        level = self.armoring.level
        if uses_armoring(design) and not self.admits_item_level(level):
            out.append(("R-COMPONENT", "armored_slots",
                        f"needs {self.rules_levels[level]}: armored components"))
        # A turret-mounted item needs the turret that turns it, and no more: the turret
        # items' level (advanced: Tactical Operations p. 347), not the armored components'
        # (the content level counts it so: rulesets/content_level.py).
        turret_levels = {self.catalog.lookup(turret).weapon.rules_level
                         for turret in self.armoring.turrets}
        if uses_turret_mounting(design) and not any(map(self.admits_item_level,
                                                        turret_levels)):
            least = min(turret_levels, key=list(self.rules_levels).index)
            out.append(("R-COMPONENT", "equipment",
                        f"needs {self.rules_levels[least]}: turret-mounted equipment"))
        return out

    def turned_location(self, item: Item, location: Location) -> Location | None:
        """ADVANCED_EQUIPMENT.md §4.4: a turret item turns its own location's `(T)` items; a
        head turret, in the center torso, the head's."""
        turret = self.armoring.turrets.get(item.weapon.id)
        return None if turret is None else turret.turned(location)

    def armored_component_tons(self, slots: Iterable[ArmorableSlot]) -> Fraction:
        """ADVANCED_COMPONENTS.md §5: 0.5 t an armored slot, 1 t an armored `Cockpit` slot."""
        armoring = self.armoring
        return sum((armoring.slot_weight(slot.name) for slot in slots if slot.armored),
                   Fraction(0))

    # STANDARD_RULES.md §1 ------------------------------------------------------------------
    def chassis_tech(self, design: Design) -> str:
        """IS or Clan: the chassis base of the design's tech base (§1.1)."""
        return str(self.tech_bases[design.tech_base]["chassis"])

    def is_mixed(self, design: Design) -> bool:
        return bool(self.tech_bases[design.tech_base]["mixed"])

    def component_tech(self, design: Design, named: str | None) -> str:
        """§1.3: a Mixed unit's component takes the version its file names, else the
        chassis base; a non-mixed unit's is always its own base."""
        if named is not None and self.is_mixed(design):
            return CLAN if named == "clan" else IS
        return self.chassis_tech(design)

    def tech_base_title(self, design: Design) -> str:
        return str(self.tech_bases[design.tech_base]["title"])

    # The design's components, looked up (None: a word not on the table) -------------------
    def structure_type(self, design: Design) -> Component | None:
        return self.structure_types.get(design.structure.type)

    def armor_type(self, design: Design) -> Component | None:
        return self.armor_types.get(design.armor.type)

    def armor_per_ton(self, design: Design) -> Fraction:
        """§6.1: the armor type's points per ton for its tech (16 for a word on no table)."""
        kind = self.armor_type(design)
        tech = self.component_tech(design, design.armor.tech)
        per_ton = None if kind is None or kind.refused else kind.of(kind.per_ton, tech)
        return Fraction(self.armor_points_per_ton) if per_ton is None else per_ton

    def gyro_type(self, design: Design) -> Component | None:
        return self.gyro_types.get(design.gyro)

    def heat_sink_kind(self, design: Design) -> Component | None:
        return self.heat_sink_types.get(design.heat_sinks.type)

    def myomer_type(self, design: Design) -> Component | None:
        return self.myomer_types.get(design.myomer.type)

    # What play engines and sheets are told (engine JSON v3, the sheet) ----------------------
    def component_titles(self, design: Design) -> dict[str, tuple[str, str, str]]:
        """§14.6: each chosen component's word, its table's title and its tech (§1.3)."""
        named = {"engine": design.engine.tech, "structure": design.structure.tech,
                 "armor": design.armor.tech, "heat_sinks": design.heat_sinks.tech}
        out = {}
        for path, _, word, rows in self.component_choices(design):
            key = path.split(".")[0]
            if key in out:
                continue  # a patchwork location's type (its own titles: location_armor)
            row = rows.get(word)
            out[key] = (word, row.title if row is not None else word,
                        self.component_tech(design, named.get(key)))
        return out
