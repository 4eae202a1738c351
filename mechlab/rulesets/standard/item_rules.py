"""The Standard ruleset's items in construction and play (STANDARD_RULES.md §2.3, §6.2, §8.2,
§9, §10, §14.6): the spread components' pieces, item size facts, direct fire, CASE, hit
tables, sheet names and modes, MASC and supercharger sprint, physical attacks. `Standard`
inherits these methods (moved here from `standard/__init__.py` unchanged)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.core import formula
from mechlab.core.configurations import configuration
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import QUAD_LEGS, Location
from mechlab.core.tons import total
from mechlab.rulesets.base import ENGINE, EngineRow, Spread
from mechlab.rulesets.construction import slots_named
from mechlab.rulesets.play import FiringMode, WeaponAttack
from mechlab.rulesets.standard.chassis import ChassisRules
from mechlab.rulesets.standard.components import CLAN, IS, Component
from mechlab.rulesets.standard.patchwork import PatchworkArmor

if TYPE_CHECKING:
    from mechlab.core.design import Design
    from mechlab.core.equipment import Weapon
    from mechlab.rulesets.standard.catalog import StandardCatalog

# §10 / §6.2: the locations whose slots stealth armor must fill, two each.
STEALTH_BIPED = (Location.LEFT_ARM, Location.RIGHT_ARM, Location.LEFT_TORSO,
                 Location.RIGHT_TORSO, Location.LEFT_LEG, Location.RIGHT_LEG)
STEALTH_QUAD = (Location.LEFT_TORSO, Location.RIGHT_TORSO, *QUAD_LEGS)
# STANDARD_RULES.md §14.6 Decision: spread pieces go to the roomiest location, arms and
# legs before torsos.
SPREAD_ORDER = (Location.LEFT_ARM, Location.RIGHT_ARM, Location.LEFT_LEG, Location.RIGHT_LEG,
                Location.CENTER_LEG, *QUAD_LEGS, Location.LEFT_TORSO, Location.RIGHT_TORSO,
                Location.CENTER_TORSO, Location.HEAD)


class ItemRules(ChassisRules, PatchworkArmor):
    """Items as the Standard rules place, name and fight with them."""

    # Set by `Standard.__init__` from its data.
    items: StandardCatalog
    derived: dict[str, Any]
    quad_hit_locations: dict[int, Location]
    physical_attacks: dict[str, dict[str, Any]]
    engine_slot_names: dict[str, str]
    roll_again_kinds: frozenset[str]
    printed_damages: dict[str, str]
    sheet_modes: dict[str, tuple[FiringMode, ...]]

    def hit_location_table(self, design: Design) -> dict[int, Location]:
        """§10: a quad's legs take the arms' and legs' rolls."""
        four = configuration(design.config).four_legged
        return self.quad_hit_locations if four else self.hit_locations

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
        out += self.patchwork_spread(design)
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
        pieces = kind.slots_for(tech)
        count = self.slots_on(design, pieces)
        # CONFIGURATIONS.md §1.3: on a superheavy two pieces may share a slot, so a design
        # places them in from half as many slots to as many (E-STRUCTURE-SLOTS): a piece
        # goes in every slot it names (the Poseidon PSD-V2's 8 of IS endo steel's 14).
        named = slots_named(slots) or 0
        return Spread(item, min(pieces, max(count, named)), path, slots,
                      locations=SPREAD_ORDER)

    def size_facts(self, design: Design, engine: EngineRow | None,
                   items: list[Item]) -> dict[str, Fraction | int]:
        """tech/EQUIPMENT.md's words; §9.3: direct-fire weapon tons over the whole 'Mech."""
        direct = total(item.tons(design.tonnage) for item in items if self.is_direct_fire(item))
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
        """The catalogue's name where it names this item on this tech base; else that name
        with its version's prefix, as MegaMek's crit names pin it (`Clan ER Medium Laser`
        on a Mixed IS chassis, `IS ER Large Laser` on a Mixed Clan one: STANDARD_RULES.md
        §1.3); else, where neither reads back as this item, its id."""
        name = str(item.weapon.name)
        prefix = {"Clan": "Clan ", "IS": "IS "}.get(str(item.weapon.tech_base))
        for spelling in (name, *([prefix + name] if prefix else [])):
            try:
                found = self.catalog.lookup(spelling, tech_base)
            except ValueError:
                continue
            if found.weapon.id == item.weapon.id and found.kind is item.kind:
                return spelling
        return str(item.weapon.id or item.name)

    def slot_title(self, design: Design, name: str) -> str:
        """Engine slots by the engine type (standard.yaml `engine_slot_names`)."""
        if name == ENGINE:
            return self.engine_slot_names.get(design.engine.type, name)
        return name

    def printed_damage(self, weapon: Weapon) -> str | None:
        """standard.yaml `sheet_weapon_lines.damage`: Narc, iNarc, AMS and TAG print "—"."""
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

    def kick_damage(self, tonnage: int, items: tuple[Item, ...] = ()) -> int:
        """Talons in the legs multiply it by 1.5, rounded half up (standard.yaml
        `advanced_physical.derived.talons_kick`; MegaMek KickAttackAction)."""
        damage = super().kick_damage(tonnage, items)
        factor = self.derived.get("talons_kick")
        if factor and any(i.weapon.id in self.derived["talons"] for i in items):
            return math.floor(damage * Fraction(str(factor)) + Fraction(1, 2))
        return damage

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
