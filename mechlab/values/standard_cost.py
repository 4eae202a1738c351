"""C-bill cost of the Standard rules (BV_STANDARD.md §6): the components the `Standard`
ruleset's value rules hand the cost method (`mechlab.values.cost`). Prices by type:
values.yaml; item prices: equipment.tsv."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.core.equipment import ItemKind
from mechlab.core.locations import Location
from mechlab.values import patchwork
from mechlab.values.standard import formula_value
from mechlab.values.standard_tables import exact, one_shot, row, values

if TYPE_CHECKING:
    from mechlab.core.equipment import Weapon
    from mechlab.model.mech import Mech
    from mechlab.rulesets import Ruleset
    from mechlab.rulesets.standard import Standard

_ARM_PRICES = (("Upper Arm Actuator", 100), ("Lower Arm Actuator", 50), ("Hand Actuator", 80))


class StandardCosts:
    """6.1–6.7; `ValueRules` (mechlab.values.registry) inherits this."""

    ruleset: Standard
    book: Ruleset  # the 'Mech's own ruleset (ValueRules)

    if TYPE_CHECKING:  # provided by StandardValues
        def value_facts(self, mech: Mech, direct_fire: bool = True
                        ) -> dict[str, Fraction | int]: ...
        def gets_clan_case(self, mech: Mech) -> bool: ...
        @staticmethod
        def _explosive(weapon: Weapon, v: dict[str, Any]) -> Fraction: ...

    @staticmethod
    def cost_tonnage_divisor(mech: Mech) -> int:
        """6.7: 100, or 400 for an IndustrialMech."""
        divisors: dict[str, int] = values()["cost_tonnage_divisor"]
        return divisors[mech.unit_type]

    def cost_multiplier_words(self, mech: Mech) -> str:
        """The factors `cost_factors` applies, in words: the OmniMech's × 1.25 only for an
        OmniMech (BV_STANDARD.md §6.7: `omni` = 1.25 for OmniMechs, else 1)."""
        divisor = self.cost_tonnage_divisor(mech)
        industrial = divisor != values()["cost_tonnage_divisor"]["battlemech"]
        weight = f"(1 + tonnage ÷ {divisor}{': an IndustrialMech' if industrial else ''})"
        if mech.design.omni:
            return f"{float(exact(values()['omni_cost_factor'])):g} (OmniMech) × {weight}"
        return weight

    def cost_factors(self, mech: Mech) -> tuple[Fraction, ...]:
        """6.7: × 1.25 for an OmniMech, then × (1 + tonnage ÷ 100), ÷ 400 for an
        IndustrialMech."""
        weight = 1 + Fraction(mech.tonnage, self.cost_tonnage_divisor(mech))
        if mech.design.omni:
            return exact(values()["omni_cost_factor"]), weight
        return (weight,)

    def armor_cost_tons(self, mech: Mech) -> Fraction:
        """6.5: points ÷ points per ton, to 6 decimals, then up to the next half ton."""
        armor = self.ruleset.armor_type(mech.design)
        tech = self.ruleset.component_tech(mech.design, mech.design.armor.tech)
        per_ton = armor.per_ton.get(tech, Fraction(16)) if armor is not None else Fraction(16)
        raw = Fraction(mech.armor_points) / per_ton
        guarded = Fraction(math.floor(raw * 10**6 + Fraction(1, 2)), 10**6)
        return Fraction(math.ceil(guarded * 2), 2)

    def cost_components(self, mech: Mech) -> tuple[tuple[str, Fraction], ...]:
        design, t, rating = mech.design, mech.tonnage, mech.engine_rating
        v = values()
        sinks = row("heat_sinks", design.heat_sinks.type)
        priced = v.get("jump_jet_price_ids", {})
        jets = "improved" if any(m.item.weapon.jet_type == "improved"
                                 and m.item.weapon.id not in priced
                                 for m in mech.jump_jets) else "standard"
        legs = v["legs_per_ton"][design.config]
        per_ton, myomer, actuators = self._superheavy_costs(mech)
        equipment = self._equipment_cost(mech)
        ammo = sum((Fraction(m.item.weapon.cost) for m in mech.ammo), Fraction(0))
        structure = per_ton * exact(v["config_structure_cost"].get(design.config, 1))
        ejection = v["full_head_ejection"] if design.ejection == "full_head" else 0
        umus = self.ruleset.umu_mp(m.item for m in mech.mounts)
        lines = (
            ("Cockpit", exact(row("cockpit", design.cockpit).get("cost", 200000)) + ejection),
            ("Life support", Fraction(v["life_support"])),
            ("Sensors", Fraction(v["sensors_per_ton"] * t)),
            ("Musculature", myomer * t),
            ("Internal structure", structure * t),
            ("Arm actuators", self._arm_cost(mech) * actuators),
            ("Leg actuators", Fraction(legs * t) * actuators),
            # ADVANCED_COMPONENTS.md §1.3: a large engine costs twice (MegaMek's Engine).
            ("Engine", Fraction(v["engine_cost"][design.engine.type] * rating * t
                                * self.ruleset.large_engine_factor(rating, "cost_factor", 1),
                                v["engine_cost_divisor"])),
            # ADVANCED_BV.md §5 (MekCostCalculator): ⌈Walking MP × T ÷ 100⌉, which is the
            # rating's ⌈R ÷ 100⌉ but for a primitive 'Mech's larger engine.
            ("Gyro", exact(row("gyro", design.gyro)["cost"])
             * self.ruleset.gyro_tons(mech.walking_mp * t)),
            ("Jump jets", Fraction(v["jump_jets"][jets] * t * mech.jumping_mp ** 2)),
            # ADVANCED_EQUIPMENT.md §6: UMUs are priced as standard jump jets of their MP
            # (MegaMek's MekCostCalculator; the MUL: Cauldron-Born U, Fwltur FWL-3R).
            ("UMUs", Fraction(v["jump_jets"]["standard"] * t * umus ** 2)),
            # 6.4, §8.4: fewer single sinks than the free 10 price negative, as MegaMek's.
            ("Heat sinks", Fraction(int(sinks["cost"]) * (mech.heat_sinks - int(sinks["free"])))),
            ("Armor", patchwork.armor_cost(mech, self.ruleset, self.armor_cost_tons(mech))),
            ("Weapons and equipment", equipment),
            ("Ammunition", ammo),
            *self._armored_line(mech),
            *self._conversion_line(mech, structure * t + equipment + ammo),
        )
        return tuple(line for line in lines if line[0] != "UMUs" or umus)

    def _armored_line(self, mech: Mech) -> tuple[tuple[str, Fraction], ...]:
        """A line only where a slot is armored (no 0-C-bill line elsewhere)."""
        cost = self._armored_cost(mech)
        return (("Armored components", cost),) if cost else ()

    @staticmethod
    def _armored_cost(mech: Mech) -> Fraction:
        """ADVANCED_BV.md §5: 150,000 an armored slot; a PPC capacitor armored with its PPC is
        the PPC's (as in BV, §2.4: the MUL's price of Great Turtle GTR-2 counts its armored
        PPC's 3 slots, not the capacitor's)."""
        slots = sum(s.armored and (s.mount is None or s.mount.item.weapon.id != "ppc_capacitor")
                    for cells in mech.critical_slots.values() for s in cells)
        return Fraction(slots * int(values()["armored_components"]["cost_per_slot"]))

    @staticmethod
    def _conversion_line(mech: Mech, base: Fraction) -> tuple[tuple[str, Fraction], ...]:
        """MekCostCalculator: a QuadVee's conversion equipment costs its structure and
        equipment × ½ (a line only for a configuration that converts)."""
        factor = values()["conversion_cost"].get(mech.design.config)
        return (("Conversion equipment", base * exact(factor)),) if factor else ()

    def _superheavy_costs(self, mech: Mech) -> tuple[Fraction, Fraction, Fraction]:
        """Structure and myomer per ton and the actuators' factor: a superheavy's own
        (MekCostCalculator: structure by its table, 0 for a type not on it; standard
        myomer 12,000; actuators × 2), else the Standard rules'."""
        design, v = mech.design, values()
        structure = exact(row("structure", design.structure.type)["cost"])
        myomer = exact(row("myomer", design.myomer.type)["cost"])
        is_heavy = getattr(self.ruleset, "is_superheavy", None)
        if is_heavy is None or not is_heavy(design):
            return structure, myomer, Fraction(1)
        if design.myomer.type == "standard":
            myomer = exact(v["superheavy_myomer_cost"])
        return (exact(v["superheavy_structure_cost"].get(design.structure.type, 0)), myomer,
                exact(v["superheavy_actuator_factor"]))

    @staticmethod
    def _arm_cost(mech: Mech) -> Fraction:
        return Fraction(sum(price * mech.tonnage for arm in (Location.LEFT_ARM, Location.RIGHT_ARM)
                            if arm in mech.locations for name, price in _ARM_PRICES
                            if mech.has_actuator(arm, name)))

    def _equipment_cost(self, mech: Mech) -> Fraction:
        """6.6: every mount's price (whole C-bills), a one-shot launcher's built-in shot
        priced as a lot of its ammunition, and the automatic Clan CASE."""
        formulas = any(m.item.weapon.cost_text and not m.item.weapon.cost_text.isdigit()
                       for m in mech.mounts)
        facts = self.value_facts(mech, direct_fire=formulas)
        spread = {*self.ruleset.derived.get("one_slot_each", {}),
                  *getattr(self.ruleset, "spread_equipment", {})}
        total = Fraction(0)
        for m in mech.mounts:
            w = m.item.weapon
            # A heat sink of the 'Mech's own kind is priced on the heat sinks' line; one
            # beside them (a prototype double by singles) as equipment too (the MUL's prices).
            own_sink = m.item.kind is ItemKind.HEAT_SINK and \
                w.sink_type == mech.design.heat_sinks.type
            if m.item.kind in (ItemKind.AMMO, ItemKind.JUMP_JET) or own_sink or (
                    w.category == "construction" and not w.cost_text
                    and m.item.kind is not ItemKind.HEAT_SINK):
                continue
            # Sealing and tracks fill a slot in each location, but are one item, priced once
            # (the MUL's prices of Peacekeeper PK-6, Hyena HYN-4A, Marco MR-6 …).
            if m.auto and w.id in spread:
                continue
            # lane lam: what a configuration's conversion leaves unpriced (a LAM's bomb bays).
            if w.id in values().get("config_unpriced_items", {}).get(mech.design.config, ()):
                continue
            # A variable-size item (communications equipment, cargo) is priced by its tons.
            sized = facts if m.item.size is None else {**facts, "size": m.item.size}
            sized = {**sized, "tons": m.tons}
            if "leg" in (w.cost_text or ""):  # an AES's price by its limb (ADVANCED_EQUIPMENT §7)
                sized = {**sized, "leg": int(m.location.is_leg)}
            total += self._item_cost(w, sized)
            if (one_shot(m.item) and self.book.one_shot_shot_priced) or (
                    w.id in values()["built_in_shot_cost"]):
                total += self._built_in_shot(mech, w)
        return total + self.priced_clan_case(mech) * int(values()["clan_case_cost"])

    def priced_clan_case(self, mech: Mech) -> int:
        """6.6: the automatic Clan CASEs a price includes, counted as MegaMek (whose
        prices the MUL publishes) counts them: one for every location holding explosive
        equipment without a CASE the file mounts (a CASE II location gets one too: Crucible 3,
        Daishi E, Loki T; a PPC capacitor, uncharged when built, does not count: Puma T),
        and one more for all one-shot launchers' built-in shots together,
        which MegaMek keeps unplaced, wherever the launchers are (Loki D's four B-pods in
        two legs: three CASEs; Kraken 3's Streak SRM 4 (OS) in the head: one)."""
        if not self.gets_clan_case(mech):
            return 0
        v = values()
        cased = {m.location for m in mech.mounts if m.item.weapon.id in ("is_case", "cl_case")}
        hot = {loc for m in mech.mounts if self._explosive(m.item.weapon, v)
               and m.item.weapon.explosive != "capacitor_only"
               and m.item.weapon.id not in v["explosive_when_charged"]
               for loc in m.locations}
        unplaced = any(one_shot(m.item) for m in mech.mounts)
        return len(hot - cased) + unplaced

    @staticmethod
    def _item_cost(weapon: Weapon, facts: dict[str, Fraction | int]) -> Fraction:
        text = weapon.cost_text
        if not text or text.isdigit():
            return Fraction(int(text) if text else weapon.cost)
        return Fraction(math.floor(formula_value(text, facts)))

    @staticmethod
    def _built_in_shot(mech: Mech, launcher: Weapon) -> Fraction:
        """The standard launcher's plain full-ton lot: SRM 4 (OS) → an SRM 4 lot, Streak SRM 2
        (I-OS) → a Streak SRM 2 lot (MUL prices of Commando COM-9S, Linebacker G)."""
        fixed = values()["built_in_shot_cost"].get(launcher.id)
        if fixed is not None:
            return Fraction(fixed)
        catalog: Any = mech.ruleset.catalog
        stem = launcher.id.removesuffix("_i_os").removesuffix("_os")
        for candidate in (stem, stem.removeprefix("is_").removeprefix("cl_")):
            base = catalog.by_id.get(candidate)
            if base is not None and base.ammo is not None:
                return Fraction(base.ammo.cost)
        return Fraction(0)
