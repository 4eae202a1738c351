"""Battle Value inputs of the Standard rules (BV_STANDARD.md §1–§3): what the `Standard`
ruleset's value rules hand the BV method (`mechlab.values.bv`) about a resolved 'Mech.

The item facts come from equipment.tsv (BV, defensive BV, heat, explosive flag, which
ammunition feeds which launcher); the type tables from values.yaml; the lists of
electronics and fire-control items from standard.yaml's `derived` section.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.core.equipment import ItemKind, Weapon
from mechlab.core.locations import Location
from mechlab.model.mech import SlotKind
from mechlab.rulesets.base import GYRO
from mechlab.values import patchwork, physical_bv
from mechlab.values.standard_case import StandardCase
from mechlab.values.standard_items import (
    Links,
    ammo_keys,
    catalog_ammo_keys,
    formula_value,
    item_bv,
    links,
    mg_arrays,
    table_bv,
)
from mechlab.values.standard_movement import airborne, bv_movement, movement_heat
from mechlab.values.standard_tables import (
    WEAPON_CATEGORIES,
    exact,
    family,
    one_shot,
    row,
    values,
)
from mechlab.values.stealth import (
    AdvancedBV,
    advanced_bv,
    advanced_notes,
    blue_shield_penalty,
)
from mechlab.values.value_unit import Role, ValueMount, ValueUnit

# The table helpers are standard_tables.py's and the item facts standard_items.py's; the
# Alpha Strike conversion and the cost import the ones they share with Battle Value from here.
__all__ = ["WEAPON_CATEGORIES", "Links", "StandardValues", "ammo_keys", "catalog_ammo_keys",
           "family", "formula_value", "item_bv", "links", "mg_arrays", "one_shot", "row",
           "table_bv"]

if TYPE_CHECKING:
    from mechlab.model.mech import Mech, MountedItem
    from mechlab.rulesets.standard import Standard


class StandardValues(StandardCase):
    """BV inputs of the Standard rules; `ValueRules` (mechlab.values.registry) inherits
    this."""

    ruleset: Standard

    def value_unit(self, mech: Mech, names: dict[int, str] | None = None) -> ValueUnit:
        """The 'Mech as BV reads it; `names`: each mount's name as its own book gives it
        (an Introductory design's `Ammo (LRM 15)`, typed by the catalogue as `LRM 15 Ammo`),
        for the explanation (mechlab.model.catalogued)."""
        design, d = mech.design, self.ruleset.derived
        side = self.ruleset.side_torso_engine_slots(design)
        armor = row("armor", design.armor.type)
        ids = {m.item.weapon.id for m in mech.mounts}
        move = bv_movement(self.ruleset, mech)
        flight = airborne(self.ruleset, mech, move.walk, move.jump)
        mounts, notes = self._value_mounts(mech, side, names or {}, move.run)
        gyro = exact(row("gyro", design.gyro).get("bv", Fraction(1, 2)))
        penalized, case_notes = self._penalized(mech, side)
        # ADVANCED_BV.md: partial wing, UMU, signature systems, Blue Shield, HarJel, modular
        # armor, radical heat sink system (mechlab.values.stealth).
        extra = advanced_bv(mech, self.ruleset)
        if extra.blue_shield:
            mounts = (*mounts, self._blue_shield(penalized))
        cockpit = row("cockpit", design.cockpit)
        notes.update(case_notes)
        self._explain(notes, mech, side, move.improved, extra, flight)
        return ValueUnit(
            tonnage=mech.tonnage, walk=move.walk, run=move.run, jump=move.jump + extra.jump,
            armor_points=mech.armor_points + self._armor_again(mech, cockpit),
            structure_points=sum((mech.structure or {}).values()),
            heat_sinks=mech.heat_sinks,
            heat_capacity=self._heat_capacity(mech, extra),
            move_heat=movement_heat(self.ruleset, mech, move, flight), mounts=mounts,
            penalized=penalized,
            armor_factor=patchwork.armor_factor(mech, self.ruleset, extra.armor_multiplier),
            structure_factor=exact(row("structure", design.structure.type).get("bv", 1))
            + extra.structure_multiplier,
            engine_factor=exact(values()["engine_bv_by_side_slots"][side]),
            gyro_factor=gyro, armored=self._armored(mech, gyro),
            tmm_bonus=max(int(armor.get("tmm_bonus", 0)), extra.tmm_stealth) + extra.tmm_added,
            heat_efficiency_bonus=int(armor.get("heat_efficiency", 0)) + self.coolant_bonus(mech)
            + extra.heat_efficiency + flight.get("heat_efficiency", 0), umu=extra.umu,
            void_signature=extra.void, airborne_flank=flight.get("flank", 0),
            airborne_tmm=flight.get("tmm", 0),
            airborne_speed_divisor=flight.get("speed_divisor", 2),
            armor_extra=extra.armor_extra,
            targeting_computer=bool(ids & set(d["targeting_computer"])),
            weight_factor=exact(row("myomer", design.myomer.type).get("weight", 1))
            * physical_bv.aes_weight_factor(mech),
            fire_control_factor=exact(values()["industrial_fire_control"].get(
                design.cockpit, 1)),
            cockpit_factor=self._cockpit_factor(cockpit, ids, notes),
            weapon_factor=self._weapon_factor(ids, notes), notes=notes)

    @staticmethod
    def _heat_capacity(mech: Mech, extra: AdvancedBV) -> int:
        """3.5: the heat sinks' capacity (their row's: a double sink 2), the Advanced items'
        (mechlab.values.stealth), and what sinks beside the engine's dissipate."""
        sinks = row("heat_sinks", mech.design.heat_sinks.type)
        return (mech.heat_sinks * int(sinks.get("capacity", 1)) + extra.heat_capacity
                + mech.sink_dissipation_beside)  # ADVANCED_BV.md §3.2: prototype doubles 2

    @staticmethod
    def _blue_shield(penalized: frozenset[str]) -> ValueMount:
        """ADVANCED_BV.md: the Blue Shield's penalty, a defensive BV below zero
        (mechlab.values.stealth)."""
        return ValueMount("Blue Shield (unprotected locations)", "CT", Role.DEFENSIVE,
                          bv=-Fraction(blue_shield_penalty(penalized)))

    def _explain(self, notes: dict[str, str], mech: Mech, side: int, improved: bool,
                 extra: AdvancedBV, flight: dict[str, int]) -> None:
        """The explanation's words for the 'Mech's components, MASC and supercharger, the
        Advanced rules' items (mechlab.values.stealth) and a LAM's AirMech flank."""
        ids, d = {m.item.weapon.id for m in mech.mounts}, self.ruleset.derived
        masc, charger = bool(ids & set(d["masc"])), bool(ids & set(d["supercharger"]))
        notes.update(self._notes(mech, side, masc, charger, improved))
        notes.update(advanced_notes(extra, notes))
        if flight:  # for the explanation: the AirMech flank BV reads (lane lam)
            heat = f"AirMech: movement heat round({flight['flank']} ÷ 3), + 3"
            notes.update(airmech=str(flight["flank"]),
                         heat="; ".join(filter(None, (notes.get("heat"), heat))))

    @staticmethod
    def _drone(ids: set[str]) -> dict[str, Any] | None:
        """ADVANCED_BV.md §3.1, §4: the drone operating system's factors, if it has one."""
        drone: dict[str, Any] | None = values().get("drone_operating_system")
        return drone if drone and ids & set(drone["items"]) else None

    def _cockpit_factor(self, cockpit: dict[str, Any], ids: set[str],
                        notes: dict[str, str]) -> Fraction:
        """§4: the cockpit's factor; a drone OS makes it 0.95 unless the cockpit's is
        already under 1 (MegaMek's processSummarize: the first match wins)."""
        own = exact(cockpit.get("bv", 1))
        drone = self._drone(ids)
        if drone is None or own < 1:
            return own
        notes["cockpit"] = "drone operating system"
        return exact(drone["cockpit_factor"])

    def _weapon_factor(self, ids: set[str], notes: dict[str, str]) -> Fraction:
        drone = self._drone(ids)
        if drone is None:
            return Fraction(1)
        notes["weapon_factor"] = "drone OS"
        return exact(drone["weapon_factor"])

    def _armored(self, mech: Mech, gyro: Fraction) -> tuple[tuple[str, str, Fraction], ...]:
        """ADVANCED_BV.md §2.4 (MegaMek's getArmoredComponentBV): an armored mount adds its
        item BV × 1/20 × its slots (BV 0: 5 a slot; a PPC with its capacitor linked counts
        both, over one slot more, the capacitor nothing); an armored gyro slot tonnage × gyro
        factor × 1/20, any other armored system slot 5."""
        a = values()["armored_components"]
        share, zero, system = exact(a["item_share"]), exact(a["zero_bv_item"]), exact(
            a["system_slot"])
        capacitors = links(mech, self.ruleset.derived).capacitor
        facts = self.value_facts(mech, direct_fire=False)
        out = []
        for m in mech.mounts:
            if not m.armored or m.item.weapon.id == "ppc_capacitor":
                continue
            w = m.item.weapon
            bv = (exact(w.defensive_bv_text) if w.defensive_bv_text
                  else item_bv(w, facts, Fraction(1)))
            slots = m.slot_count + (1 if m.id in capacitors else 0)
            bv += capacitors.get(m.id, Fraction(0))
            out.append((f"{m.name} (armored)", m.location.abbreviation,
                        bv * share * slots if bv else zero * slots))
        for location, cells in mech.critical_slots.items():
            for cell in cells:
                if cell.armored and cell.kind is SlotKind.FIXED:
                    bv = mech.tonnage * gyro * share if cell.name == GYRO else system
                    out.append((f"{cell.name} (armored)", location.abbreviation, bv))
        return tuple(out)

    @staticmethod
    def _armor_again(mech: Mech, cockpit: dict[str, Any]) -> int:
        """ADVANCED_BV.md §2.1: the armor a cockpit counts a second time (torso-mounted:
        the center torso's, front and rear)."""
        where = cockpit.get("armor_again")
        if where is None:
            return 0
        location = Location(where)
        return mech.armor_front(location) + mech.armor_rear(location)

    @staticmethod
    def coolant_pods(mech: Mech) -> int:
        return sum(m.item.weapon.subcategory == "coolant_pod" for m in mech.mounts)

    def coolant_bonus(self, mech: Mech) -> int:
        """3.5: coolant pods add ⌈heat sinks × pods ÷ 5⌉ to the heat efficiency."""
        return math.ceil(Fraction(mech.heat_sinks * self.coolant_pods(mech), 5))

    def value_facts(self, mech: Mech, direct_fire: bool = True) -> dict[str, Fraction | int]:
        """The words of equipment.tsv's formulas (tech/EQUIPMENT.md); the direct-fire tons
        (a sum over every mount) only when asked."""
        d = self.ruleset.derived
        engine_tons = mech.engine.tons if mech.engine is not None else Fraction(0)
        facts: dict[str, Fraction | int] = {
            "tonnage": mech.tonnage, "engine_rating": mech.engine_rating,
            "engine_tons": engine_tons}
        if direct_fire:
            facts["df_weapon_tons"] = sum(
                (m.tons for m in mech.mounts if self.direct_fire(m.item.weapon, d)),
                Fraction(0))
        return facts

    @staticmethod
    def direct_fire(weapon: Weapon, d: dict[str, Any]) -> bool:
        return (weapon.category in d["direct_fire_categories"]
                and weapon.subcategory not in d["not_direct_fire"])

    def _value_mounts(self, mech: Mech, side: int, names: dict[int, str], run: int = 0
                      ) -> tuple[tuple[ValueMount, ...], dict[str, str]]:
        d, v = self.ruleset.derived, values()
        keys = catalog_ammo_keys(mech.ruleset.catalog)
        linked = links(mech, d)
        facts = self.value_facts(mech, direct_fire=False)  # 3.8: formulas of the tonnage
        facts.update(physical_bv.ram_plate_facts(mech, run))  # lane patchwork: the ram plate
        tsm = exact(row("myomer", mech.design.myomer.type).get("physical", 1))
        out = []
        for m in mech.mounts:
            w = m.item.weapon
            where = tuple(loc.abbreviation for loc in m.locations)
            base: dict[str, Any] = {"name": names.get(m.id, w.name),
                                    "location": m.location.abbreviation,
                                    "locations": where,
                    "slots": m.slot_count}
            explosive = self._explosive(w, v)
            # 2.5: an HVAC costs 1 in all, whatever its slots (values.yaml).
            base["explosive_once"] = family(w) in v.get("explosive_once_families", ())
            if m.item.kind is ItemKind.AMMO:
                # 2.4: AMS ammunition counts on the defensive side (its defensive BV).
                defensive = bool(w.defensive_bv_text)
                out.append(ValueMount(
                    role=Role.DEFENSIVE_AMMO if defensive else Role.AMMO,
                    bv=exact(w.defensive_bv_text) if defensive else table_bv(w),
                    ammo_key=keys.get(w.id), explosive=explosive, **base))
            elif w.defensive_bv_text or w.id in v.get("defensive_items", ()):
                uses = keys.get(w.id) if w.ammo is not None else None
                bv = exact(w.defensive_bv_text) if w.defensive_bv_text else table_bv(w)
                out.append(ValueMount(role=Role.DEFENSIVE, bv=bv,
                                      ammo_key=uses, explosive=explosive, **base))
            elif w.category in WEAPON_CATEGORIES or m.item.kind is ItemKind.WEAPON:
                # equipment that fires counts as a weapon (the C3 remote sensor launcher)
                out.append(self._weapon_mount(m, keys, linked, explosive, base,
                                              physical_bv.aes_factor(mech, m)))
            elif w.category in ("physical", "industrial") and (w.bv or w.bv_text not in (
                    "", "0")):
                # ADVANCED_BV.md §3.1, §3.3: × 1.25 in an AES arm; a vibroblade is a weapon.
                physical = Fraction(1) if w.id in d.get("physical_without_tsm", ()) else tsm
                bv = item_bv(w, facts, physical) * physical_bv.aes_factor(mech, m)
                blade = physical_bv.is_vibroblade(m)
                out.append(ValueMount(
                    role=Role.WEAPON if blade else Role.OFFENSIVE, bv=bv, in_arm=blade,
                    heat=physical_bv.vibroblade_heat(mech) if blade else Fraction(0),
                    explosive=explosive, **base))
            elif explosive:
                out.append(ValueMount(role=Role.NONE, explosive=explosive, **base))
        return tuple(out), {}

    def _weapon_mount(self, m: MountedItem, keys: dict[str, str], linked: Links,
                      explosive: Fraction, base: dict[str, Any],
                      aes: Fraction = Fraction(1)) -> ValueMount:
        v, w = values(), m.item.weapon
        shot = one_shot(m.item)
        heat = Fraction(w.heat)
        note = ""
        factor = exact(v["heat_multiplier_ids"].get(w.id, v["heat_multiplier"].get(
            family(w), 1)))
        if factor != 1:
            heat *= factor
            note = f"× {float(factor):g}"
        added = v.get("bv_heat_added_ids", {}).get(w.id, 0)
        if added:  # MegaMek's heatAdjustmentForBvCalculation (IO prototype lasers)
            heat += added
            note = f"prototype +{added}"
        if shot:
            heat /= v["one_shot_heat_divisor"]
            note = ", ".join(n for n in (note, f"one-shot ÷ {v['one_shot_heat_divisor']}") if n)
        capacitor = linked.capacitor.get(m.id, Fraction(0))
        if capacitor:
            heat += v["capacitor_heat"]
            note = f"capacitor +{v['capacitor_heat']}"
            # 2.5: a PPC with a capacitor linked is explosive, 1 a slot.
            explosive = exact(v["explosive_item_per_slot"])
        if linked.fire_heat.get(m.id):
            heat += linked.fire_heat[m.id]
            note = f"pulse module +{linked.fire_heat[m.id]}"
        name, fire = linked.fire_control.get(m.id, ("", Fraction(1)))
        bv = linked.mg_array.get(m.id, table_bv(w))
        return ValueMount(
            role=Role.WEAPON, bv=bv, heat=heat, rear=m.rear, turret=m.turret,
            # 3.3: a weapon split between an arm and its torso is a torso weapon (MegaMek:
            # Hercules Julius's LB 20-X, Deva C-DVA-OC's Ultra AC/20).
            in_arm=all(loc.is_arm for loc in m.locations), ammo_key=None if shot or w.ammo is None
            else keys.get(w.id), one_shot=shot, explosive=explosive,
            direct_fire=self.direct_fire(w, self.ruleset.derived), fire_control=fire,
            fire_control_name=name, capacitor_bv=capacitor, heat_note=note, aes=aes, **base)

    def _notes(self, mech: Mech, side: int, masc: bool, charger: bool,
               improved: bool) -> dict[str, str]:
        design = mech.design
        words = {"xl": "XL", "tsm": "triple-strength myomer", "heavy_duty": "heavy-duty",
                 "industrial_tsm": "industrial triple-strength myomer", "ice": "ICE"}

        def say(word: str) -> str:
            return words.get(word, word.replace("_", " "))

        tech = self.ruleset.chassis_tech(design)
        out = {"armor": f"{say(design.armor.type)} armor",
               "structure": f"{say(design.structure.type)} structure; {tech} "
                            f"{say(design.engine.type)} engine, {side} side-torso slots",
               "gyro": f"{say(design.gyro)} gyro",
               "heat": f"{mech.heat_sinks} {design.heat_sinks.type} heat sinks",
               "cockpit": f"{say(design.cockpit)} cockpit"}
        boost = " and ".join(n for n, on in (("MASC", masc), ("supercharger", charger)) if on)
        if boost:
            out["run"] = f"with {boost}"
        if design.myomer.type != "standard":
            factor = exact(row("myomer", design.myomer.type).get("weight", 1))
            out["weight"] = f"{say(design.myomer.type)}: tonnage × {float(factor):g}"
        if improved:
            out["jump"] = "improved jets"
        if design.armor.type == "stealth":
            out["tmm"] = "stealth armor"
        if design.cockpit in values()["industrial_fire_control"]:
            out["fire_control"] = f"{say(design.cockpit)} cockpit: no advanced fire control"
        pods = self.coolant_pods(mech)
        if pods:
            out["heat"] += f", {pods} coolant pod{'s' if pods > 1 else ''}"
        return out
