"""What the Alpha Strike conversion reads of a 'Mech (its `ASUnit`), one builder for every
ruleset (ALPHA_STRIKE.md): §5.2's values for each weapon, the engine's structure row,
double sinks, stealth, MASC and supercharger, Artemis, the targeting computer and the
equipment specials (alpha_strike.yaml), each item as the one catalogue types it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.cards import as_industrial, as_weapons
from mechlab.cards.as_constants import AlphaStrikeConstants, constants
from mechlab.cards.as_land_air import Moves, land_air
from mechlab.cards.as_unit import ASUnit, ASWeapon
from mechlab.core.equipment import ItemKind
from mechlab.model.catalogued import catalogued
from mechlab.rulesets import value_tables
from mechlab.values import physical_bv
from mechlab.values.standard import (
    WEAPON_CATEGORIES,
    catalog_ammo_keys,
    family,
    links,
    one_shot,
    row,
)

if TYPE_CHECKING:
    from mechlab.model.mech import Mech, MountedItem
    from mechlab.rulesets import Ruleset, Standard


ZERO_BANDS = (Fraction(0), Fraction(0), Fraction(0))
# Specials printed with their number when a 'Mech has two or more (alpha_strike.py specials).
MANY_COUNTED = ("SNARC", "INARC", "C3M", "C3BSM")


class AlphaStrikeRules:
    """The conversion's inputs (ALPHA_STRIKE.md), on the tables the 'Mech's ruleset names
    (`rulesets.value_tables`): every item as the one catalogue types it, so an Introductory
    design converts by the same rules as a Standard one (RULES.md §6, ALPHA_STRIKE.md
    §5.2: each Introductory weapon's values are the table's)."""

    def __init__(self, ruleset: Standard) -> None:
        self.ruleset = ruleset

    def alpha_strike_unit(self, book: Mech) -> ASUnit:
        """The 'Mech as the Alpha Strike conversion reads it (ALPHA_STRIKE.md); `book`
        resolved under its own ruleset, whose rows give each weapon's heat (the 1984
        missiles run cooler, RULES.md §2)."""
        mech = catalogued(book)
        r, design = constants(), mech.design
        keys = catalog_ammo_keys(mech.ruleset.catalog)
        ids = [m.item.weapon.id for m in mech.mounts]
        specials, air_moves, comms_mhq = self._specials(mech, ids)
        improved = any(m.item.weapon.jet_type == "improved" for m in mech.jump_jets)
        jump_heat = r.engine_jump_heat.get(design.engine.type, {})
        engine_tech = self.ruleset.component_tech(design, design.engine.tech)
        walking, jumping = self._movement(mech, ids)
        return ASUnit(
            tonnage=mech.tonnage, walking_mp=walking, jumping_mp=jumping,
            armor_points=mech.armor_points * as_industrial.armor_factor(mech, r)
            + self._modular_points(ids),
            structure_row=self._structure_row(design, mech.engine_rating, engine_tech),
            heat_capacity=self._heat_capacity(mech, ids),
            weapons=self._weapons(book, mech, keys),
            ammo=tuple((keys.get(m.item.weapon.id, m.item.weapon.id), m.item.shots or 0)
                       for m in mech.ammo),
            masc=any(i in self.ruleset.derived["masc"] for i in ids),
            supercharger=any(i in self.ruleset.derived["supercharger"] for i in ids),
            improved_jump_jets=improved,
            jump_heat=jump_heat.get("improved" if improved else "standard"),
            # ADVANCED_BV.md §6: MP lost after MASC: hardened armor's, and 1 for modular armor
            walk_penalty=r.armor_walk_penalty.get(design.armor.type, 0)
            + int(bool(self._modular_points(ids))),
            structure_factor=r.structure_factor.get(design.structure.type, Fraction(1)),
            signature_heat=self._signature_heat(design.armor.type, ids),
            targeting_computer=any(i in self.ruleset.derived["targeting_computer"] for i in ids),
            explosive=self._card_explosive(mech, r),
            clan_case=self.ruleset.chassis_tech(design) == "Clan",
            specials=self._each_once(specials),
            mhq=sum((r.mhq[i] for i in ids if i in r.mhq),
                    comms_mhq + r.cockpit_mhq.get(design.cockpit, 0)),
            unit_type=as_industrial.unit_type(mech, r),
            run_heat=r.engine_run_heat.get(design.engine.type),
            air_moves=air_moves,
            umu_mp=self.ruleset.umu_mp(m.item for m in mech.mounts),
            move_code=self._move_code(design.config, ids),
            turret_specials=self._turret_specials(mech),
        )

    @staticmethod
    def _in_turret_block(config: str, m: MountedItem) -> bool:
        """ADVANCED_BV.md §7.1: the configuration puts the item in the TUR block (a
        QuadVee's every item, a tripod's outside its legs)."""
        turret = constants().turret_configurations.get(config)
        return turret == "every" or (turret == "outside_legs" and not m.location.is_leg)

    def _weapons(self, book: Mech, mech: Mech, keys: dict[str, str]) -> tuple[ASWeapon, ...]:
        """§5.2: each weapon's values, its heat on `book`'s own ruleset's rows; one that
        AES moves is marked (ADVANCED_BV.md §7.3)."""
        linked = links(mech, self.ruleset.derived)
        heat = {m.id: Fraction(m.item.weapon.heat) for m in book.mounts}
        return tuple(replace(self._as_weapon(m, keys, linked.fire_control,
                                             m.id in linked.capacitor, heat[m.id],
                                             self._in_turret_block(mech.design.config, m)),
                             aes=physical_bv.aes_factor(mech, m) != 1)
                     for m in mech.mounts if self._is_weapon(m))

    def _turret_specials(self, mech: Mech) -> tuple[str, ...]:
        """The TUR block's own specials: TAG, TSEMP# of what it mounts (MegaMek's
        assignToLocations; the MUL's Ares ARS-V1 Aphrodite: TUR(7/7/5,IF1,TAG))."""
        r = constants()
        return tuple(
            s for m in mech.mounts
            if m.item.kind is not ItemKind.AMMO
            and (m.turret or self._in_turret_block(mech.design.config, m))
            for s in r.equipment_specials.get(m.item.weapon.id, ())
            if s in r.turret_specials)

    def _specials(self, mech: Mech, ids: list[str]) -> tuple[list[str], Moves, Fraction]:
        """(specials in the card's order, a LAM's other moves, communications' MHQ): the
        equipment's (alpha_strike.yaml), artillery's counted by kind, then the design's."""
        r, design = constants(), mech.design
        specials: list[str] = [s for i in ids for s in r.equipment_specials.get(i, ())
                               if not (s == "AMS" or s == "RAMS" or s.endswith("NARC"))]
        artillery = Counter(r.artillery_specials[i] for i in ids if i in r.artillery_specials)
        specials += [f"{kind}-{count}" for kind, count in artillery.items()]
        if design.omni:
            specials.append("OMNI")
        if design.myomer.type == "tsm":
            specials.append("TSM")
        if design.armor.type == "stealth":
            specials.append("STL")
        if any(s.armored for cells in mech.critical_slots.values() for s in cells):
            specials.append("ARM")  # ADVANCED_BV.md §7.3: any armored slot
        if self.ruleset.is_superheavy(design):
            specials.append(r.superheavy_special)
        specials += r.configuration_specials.get(design.config, ())
        specials += as_industrial.industrial_specials(mech, r)
        lam_specials, air_moves = land_air(mech, r)  # lane lam: ADVANCED_BV.md §7.4
        specials += lam_specials
        cargo = as_industrial.cargo_special(mech, r)
        specials += [cargo] if cargo else []
        comms_mhq, comms_specials = as_industrial.communications(mech, r)
        specials += comms_specials
        cockpit = r.cockpit_specials.get(design.cockpit)
        specials += [cockpit] if cockpit else []
        return specials, air_moves, comms_mhq

    @staticmethod
    def _each_once(specials: list[str]) -> tuple[str, ...]:
        """Each special once, but a counted one (TSEMP#, MTAS#) once per mount.
        counted: always numbered, or numbered from two on (two boosted C3 masters:
        C3BSM2, the MUL's Strider SR1-OM; two C3 masters: C3M2)."""
        r = constants()
        return tuple(s for i, s in enumerate(specials)
                     if s in r.counted_specials or s in MANY_COUNTED
                     or s not in specials[:i])

    def _movement(self, mech: Mech, ids: list[str]) -> tuple[int, int]:
        """(walking, jumping) MP for the card."""
        r = constants()
        # ADVANCED_BV.md §6: a medium or large shield slows the card as it slows BV.
        # ADVANCED_EQUIPMENT.md §4.3: a mechanical jump booster jumps its own MP (its size).
        booster = self.ruleset.jump_booster_mp(m.item for m in mech.mounts)
        walking, jumping = physical_bv.shield_movement(mech, mech.walking_mp,
                                                       max(mech.jumping_mp, booster))
        # ADVANCED_BV.md §6, §7.2: a partial wing's jump MP and its 3 heat capacity (to a
        # 'Mech that still jumps: a large shield grounds it); modular armor's jump penalty
        wing = self.ruleset.partial_wing_jump_bonus(
            mech.tonnage, mech.jumping_mp, [m.item for m in mech.mounts]) if jumping else 0
        return walking, max(0, jumping + wing
                            - r.modular_jump_penalty * bool(self._modular_points(ids)))

    def _heat_capacity(self, mech: Mech, ids: list[str]) -> int:
        """§6 step 4: sinks × 1 or × 2 (their row's capacity), + 1 a coolant pod, + the
        items' own (alpha_strike.yaml `heat_capacity_items`), + a partial wing's 3
        (ADVANCED_BV.md §7.2)."""
        r = constants()
        sinks = row("heat_sinks", mech.design.heat_sinks.type)
        return (mech.heat_sinks * int(sinks.get("capacity", 1))
                + mech.sink_dissipation_beside + sum(
                    m.item.weapon.subcategory == "coolant_pod" for m in mech.mounts)
                + sum(r.heat_capacity_items.get(i, 0) for i in set(ids))
                + self.ruleset.partial_wing_heat_capacity(m.item for m in mech.mounts))

    def _structure_row(self, design: Any, rating: int, engine_tech: str) -> str:
        """§4: the structure table's row by engine type and tech; a large engine (rating over
        400) has rows of its own (alpha_strike.yaml `large_structure_rows`)."""
        r = constants()
        if self.ruleset.is_large_engine(rating):
            large = r.large_structure_rows.get(design.engine.type)
            if large is not None:
                return large[engine_tech]
        return r.structure_rows[design.engine.type][engine_tech]

    @staticmethod
    def _move_code(config: str, ids: list[str]) -> str:
        """ADVANCED_BV.md §6: a QuadVee's `qt` / `qw` by the motive item in its legs (one
        with neither, illegal, moves as tracked: MegaMek's default); "" for the others."""
        codes = constants().move_codes.get(config, {})
        return next((code for item, code in codes.items() if item in ids),
                    next(iter(codes.values()), ""))

    @staticmethod
    def _modular_points(ids: list[str]) -> int:
        """ADVANCED_BV.md §6: + 10 armor points a modular armor mount."""
        return sum(constants().armor_points_items.get(i, 0) for i in ids)

    @staticmethod
    def _signature_heat(armor: str, ids: list[str]) -> int:
        """ADVANCED_BV.md §7.2 step 2: stealth armor, null- or void-signature + 10 once;
        chameleon + 6 more."""
        r = constants()
        once = max((r.signature_heat.get(armor, 0),
                    *(r.signature_heat_items.get(i, 0) for i in ids)))
        return once + sum(r.signature_heat_added.get(i, 0) for i in set(ids))

    @staticmethod
    def _is_weapon(m: MountedItem) -> bool:
        w = m.item.weapon
        return m.item.kind is not ItemKind.AMMO and (
            w.category in WEAPON_CATEGORIES or (w.subcategory in ("ams", "apds", "laser")
            and w.category == "defensive"))

    def _as_weapon(self, m: MountedItem, keys: dict[str, str],
                   fire: dict[int, tuple[str, Fraction]], charged: bool,
                   heat: Fraction, turret: bool = False) -> ASWeapon:
        """§5.2; `charged`: a PPC capacitor links to it (its values, heat unchanged);
        `heat`: the weapon's heat on its ruleset's table (a one-shot's counts for none);
        `turret`: its configuration puts it in the TUR block (a tripod's, outside a leg)."""
        r, w = constants(), m.item.weapon
        if w.id in r.artillery_specials:  # ADVANCED_BV.md §7.1: its heat, no damage
            base, artemis, capacitor = ZERO_BANDS, None, None
        else:
            _, base, artemis, capacitor = as_weapons.values(w.tech_base, w.name)
        if charged and capacitor:
            base = capacitor
        facts = r.family(r.item_families.get(w.id, family(w)))
        # §5.2's Artemis IV column; ADVANCED_BV.md §7.1 (MegaMek's Clan LRM: 0.84 with
        # Artemis V, 0.8 with IV): Artemis V is it × its factor (its −1 to hit).
        factor = r.artemis_factor.get(fire.get(m.id, ("", Fraction(1)))[0])
        linked = factor is not None
        if factor is not None and artemis is not None:
            artemis = (artemis[0] * factor, artemis[1] * factor, artemis[2] * factor)
        special = [s for s in r.equipment_specials.get(w.id, ())
                   if s in ("AMS", "RAMS", "SNARC", "INARC")]
        shot = one_shot(m.item) or w.subcategory == "rocket_launcher_os"
        heat_damage = r.heat_damage.get(w.name, (0, 0, 0))
        return ASWeapon(
            name=w.name, damage=artemis if linked and artemis else base,
            heat=heat * facts.heat_multiplier, rear=m.rear,
            plain=base if linked and artemis else None, kind=facts.kind,
            indirect=facts.indirect, artemis=linked,
            tc=facts.tc and self._direct_fire(w), one_shot=shot,
            ammo=None if shot or w.ammo is None else keys.get(w.id),
            ammo_threshold=facts.ammo_threshold, heat_damage=heat_damage,
            special=special[0] if special else "", turret=m.turret or turret)

    def _direct_fire(self, weapon: Any) -> bool:
        d = self.ruleset.derived
        return bool(weapon.category in d["direct_fire_categories"]
                    and weapon.subcategory not in d["not_direct_fire"])

    @staticmethod
    def _card_explosive(mech: Mech, r: AlphaStrikeConstants) -> bool:
        """§7.4: explosive ammunition (not Gauss, HAG or plasma), a Gauss-family weapon, a
        standard or rotary autocannon, a B- or M-pod, or any other item the equipment table
        marks explosive (improved heavy lasers: the MUL gives Man O' War J, Hellion P,
        Linebacker G `CASE`) except a PPC capacitor (Hatchetman HCT-5DT: `ENE`)."""
        for m in mech.mounts:
            w = m.item.weapon
            if m.item.kind is ItemKind.AMMO:
                if family(w) not in r.inert_ammo_families and w.explosive == "yes":
                    return True
            elif w.subcategory in r.explosive_families or w.id in r.explosive_items or (
                    w.explosive == "yes" and w.id not in r.inert_items):
                return True
        return False


def alpha_strike_rules(ruleset: Ruleset) -> AlphaStrikeRules:
    """The Alpha Strike conversion inputs for a design of `ruleset`, on the tables it
    names (`rulesets.value_tables`)."""
    return AlphaStrikeRules(value_tables(ruleset))  # type: ignore[arg-type]
