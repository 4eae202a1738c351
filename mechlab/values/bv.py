"""Battle Value 2, one method for every ruleset (BV_STANDARD.md; BV_COST.md §1 is its
Introductory special case).

The 'Mech's ruleset describes the 'Mech as a `ValueUnit` (type multipliers, BV movement,
heat capacity, penalized locations, each item's BV and heat); this module applies the
method and keeps every intermediate number for `bv --explain` and the engine JSON.
Exact arithmetic (`Fraction`) throughout; only the speed factor (2 decimals) and the
final BV round, half up.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, fields
from fractions import Fraction

from mechlab.core.rounding import round_half_up
from mechlab.model.catalogued import catalogued
from mechlab.model.mech import Mech
from mechlab.values.bv_tables import (
    BVConstants,
    NoBattleValueError,
    constants,
    pilot_adjusted,
    pilot_multiplier,
    speed_factor,
    tmm,
)
from mechlab.values.registry import value_rules
from mechlab.values.value_unit import Role, ValueMount, ValueUnit

__all__ = [
    "AmmoBV", "BattleValue", "Defensive", "EquipmentBV", "ExplosiveBV", "NoBattleValueError",
    "WeaponBV", "battle_value", "battle_value_of", "constants", "pilot_adjusted",
    "pilot_multiplier", "round_half_up", "speed_factor", "tmm",
]

ZERO = Fraction(0)


def _json(value: object) -> object:
    """JSON-ready: Fractions as floats (4 decimals), tuples of records as lists of dicts."""
    if isinstance(value, Fraction):
        return round(float(value), 4)
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


class _Record:
    def to_dict(self) -> dict[str, object]:
        """Every field, JSON-ready (ints, floats rounded to 4 places, strings, lists)."""
        out = {f.name: _json(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]  # on dataclasses
        out.update({name: _json(getattr(self, name)) for name in self._derived})
        return out

    _derived: tuple[str, ...] = ()


@dataclass(frozen=True)
class WeaponBV(_Record):
    """One weapon in heat order (BV_STANDARD.md 3.2–3.6)."""

    name: str
    location: str  # abbreviation: "LA", "CT"
    rear: bool
    base_bv: Fraction  # the item's BV
    bv: Fraction  # after the weaker-side halving, capacitor, Artemis and TC (3.2)
    heat: Fraction  # heat for BV (3.4)
    running_heat: Fraction  # the heat total once this weapon is added (3.6)
    halved: bool  # True when the total had reached the heat efficiency before it
    modifiers: str = ""  # what changed bv from base_bv: "rear ½", "Artemis IV × 1.2"

    _derived = ("counted",)

    @property
    def counted(self) -> Fraction:
        return self.bv / 2 if self.halved else self.bv


@dataclass(frozen=True)
class AmmoBV(_Record):
    """The ammunition of one key (BV_STANDARD.md 3.7)."""

    key: str  # the family and rack size: "LRM 20", "AC_ULTRA:5"
    bins: int
    bv: Fraction  # Σ BV of the bins (a half-ton bin counts half)
    cap: Fraction  # Σ item BV of the weapons using this key

    _derived = ("counted",)

    @property
    def counted(self) -> Fraction:
        return min(self.bv, self.cap)


@dataclass(frozen=True)
class EquipmentBV(_Record):
    """A defensive (2.4) or offensive (3.8) item and the BV it adds."""

    name: str
    location: str
    bv: Fraction


@dataclass(frozen=True)
class ExplosiveBV(_Record):
    """One explosive mount (2.5) and what it costs: nothing where its location is protected."""

    name: str
    location: str
    slots: int
    per_slot: Fraction
    penalized: bool
    reason: str  # why the location is or is not protected ("CASE", "IS XL engine: CASE …")

    _derived = ("penalty",)

    @property
    def penalty(self) -> Fraction:
        return self.slots * self.per_slot if self.penalized else ZERO


@dataclass(frozen=True)
class Defensive(_Record):
    """BV_STANDARD.md §2, in spec order."""

    armor_points: int
    armor_factor: Fraction  # 2.1: type multiplier × BAR ÷ 10
    armor: Fraction  # 2.1: points × 2.5 × factor
    structure_points: int
    structure_factor: Fraction  # 2.2: structure type × engine
    structure: Fraction  # 2.2: points × 1.5 × factor
    gyro_factor: Fraction  # 2.3: per ton of 'Mech (standard 0.5, heavy-duty 1)
    gyro: Fraction  # 2.3
    defensive_equipment: tuple[EquipmentBV, ...]  # 2.4
    defensive_equipment_total: Fraction  # 2.4, AMS ammunition included (capped)
    explosive: tuple[ExplosiveBV, ...]  # 2.5
    explosive_bins: int  # the penalized explosive mounts
    explosive_penalty: Fraction
    defensive_base: Fraction  # 2.6: the sum, at least 1
    running_mp: int
    jumping_mp: int
    run_tmm: int
    jump_tmm: int  # TMM(jump) + 1, or 0 without jump jets
    tmm_bonus: int  # 2.7: stealth armor +2
    defensive_factor: Fraction  # 2.7: 1 + (max TMM + bonus) ÷ 10
    defensive: Fraction  # the defensive battle rating


@dataclass(frozen=True)
class BattleValue(Defensive):
    """Every intermediate number of BV_STANDARD.md, in spec order, and the base BV."""

    heat_sinks: int
    heat_capacity: int  # 3.5: double sinks count 2
    move_heat: int  # 3.5: running 2, or the jump heat
    heat_efficiency: int  # 3.5: 6 + capacity − movement heat (+ bonus)
    rear_switched: bool  # 3.3: the rear facing outweighed the front
    weapons: tuple[WeaponBV, ...]  # in heat order (3.6)
    weapons_total: Fraction
    ammo: tuple[AmmoBV, ...]
    ammo_total: Fraction
    equipment: tuple[EquipmentBV, ...]  # 3.8: physical weapons and other offensive items
    equipment_total: Fraction
    weight: Fraction  # 3.9
    mp_sf: int  # 3.10: run + round(jump ÷ 2)
    speed_factor: Fraction
    fire_control_factor: Fraction  # 3.11
    offensive: Fraction  # the offensive battle rating
    cockpit_factor: Fraction  # §4
    base: int  # §4: round((defensive + offensive) × cockpit factor)
    notes: tuple[tuple[str, str], ...] = ()  # the ruleset's reasons, for --explain

    def adjusted(self, mech: Mech, gunnery: int, piloting: int) -> int:
        """BV_STANDARD.md §4: the base BV for a pilot of the given skills."""
        return pilot_adjusted(self.base, gunnery, piloting, mech.ruleset)

    def note(self, topic: str) -> str:
        return dict(self.notes).get(topic, "")


# §2 -----------------------------------------------------------------------------------------
def _explosive(unit: ValueUnit) -> tuple[ExplosiveBV, ...]:
    """2.5: every explosive mount; a split one is penalized if either location is."""
    rows = []
    for m in unit.mounts:
        if not m.explosive:
            continue
        hit = [loc for loc in m.where if loc in unit.penalized]
        where = hit[0] if hit else m.location
        reason = unit.notes.get(where, "" if hit else "protected")
        rows.append(ExplosiveBV(m.name, where, 1 if m.explosive_once else m.slots,
                                m.explosive, bool(hit), reason))
    return tuple(rows)


def _defensive_equipment(unit: ValueUnit) -> tuple[tuple[EquipmentBV, ...], Fraction]:
    """2.4: defensive items at their BV, AMS ammunition capped by the AMS that fire it."""
    items = tuple(EquipmentBV(m.name, m.location, m.bv) for m in unit.mounts
                  if m.role is Role.DEFENSIVE)
    # ADVANCED_BV.md §2.4: the armored components, after the defensive items.
    items += tuple(EquipmentBV(name, where, bv) for name, where, bv in unit.armored)
    ammo = sum((m.bv for m in unit.mounts if m.role is Role.DEFENSIVE_AMMO), ZERO)
    cap = sum((m.bv for m in unit.mounts if m.role is Role.DEFENSIVE and m.ammo_key), ZERO)
    return items, sum((i.bv for i in items), ZERO) + min(ammo, cap)


def _defensive(unit: ValueUnit, c: BVConstants) -> Defensive:
    armor = (unit.armor_points + unit.armor_extra) * c.armor_per_point * unit.armor_factor
    factor = unit.structure_factor * unit.engine_factor
    structure = unit.structure_points * c.structure_per_point * factor
    gyro = unit.tonnage * unit.gyro_factor
    items, equipment = _defensive_equipment(unit)
    explosive = _explosive(unit)
    penalty = sum((e.penalty for e in explosive), ZERO)
    base = max(c.minimum_defensive, armor + structure + gyro + equipment - penalty)  # 2.6
    # ADVANCED_BV.md §2.6: a standard LAM's AirMech flank, airborne, replaces its run.
    run_tmm = (tmm(unit.airborne_flank, c) + unit.airborne_tmm if unit.airborne_flank
               else tmm(unit.run, c))
    jump_tmm = tmm(unit.jump, c) + c.jump_tmm_bonus if unit.jump > 0 else 0
    df = 1 + Fraction(_signature_tmm(max(run_tmm, jump_tmm, tmm(unit.umu, c))
                                     + unit.tmm_bonus, unit.void_signature), 10)
    return Defensive(
        unit.armor_points, unit.armor_factor, armor, unit.structure_points, factor, structure,
        unit.gyro_factor, gyro, items, equipment, explosive,
        sum(e.penalized for e in explosive), penalty, base, unit.run, unit.jump, run_tmm,
        jump_tmm, unit.tmm_bonus, df, base * df)


def _signature_tmm(value: int, void: bool) -> int:
    """ADVANCED_BV.md §2.6 (MegaMek's tmmFactor, last step): a void-signature system raises a
    TMM below 3 to 3, and 3 to 4."""
    if not void or value > 3:
        return value
    return 3 if value < 3 else 4


# §3 -----------------------------------------------------------------------------------------
def _weapon_mounts(unit: ValueUnit) -> list[ValueMount]:
    return [m for m in unit.mounts if m.role is Role.WEAPON and m.bv > 0]  # 3.1


def _boosted(m: ValueMount, bv: Fraction, unit: ValueUnit, c: BVConstants) -> Fraction:
    """3.2 steps 4–6: + capacitor, × fire control, × targeting computer (direct fire)."""
    tc = c.targeting_computer if unit.targeting_computer and m.direct_fire else 1
    return (bv * m.aes + m.capacitor_bv) * m.fire_control * tc


def _weaker_side(unit: ValueUnit, c: BVConstants) -> tuple[bool, set[int]]:
    """3.3: (facings swapped?, indexes of the non-arm weapons on the weaker side)."""
    guns = [(i, m) for i, m in enumerate(_weapon_mounts(unit))
            if not m.in_arm and not m.turret]
    front = sum((_boosted(m, m.bv, unit, c) for _, m in guns if not m.rear), ZERO)
    rear = sum((_boosted(m, m.bv, unit, c) for _, m in guns if m.rear), ZERO)
    switched = front < rear  # ties do not swap
    return switched, {i for i, m in guns if m.rear != switched}


def _modifiers(m: ValueMount, weaker: bool, unit: ValueUnit) -> str:
    words = ["weaker side ½"] if weaker else []
    if unit.weapon_factor != 1:
        words.append(f"{unit.notes.get('weapon_factor', '')} × {float(unit.weapon_factor):g}")
    if m.aes != 1:
        words.append(f"AES × {float(m.aes):g}")
    if m.capacitor_bv:
        words.append(f"capacitor +{m.capacitor_bv}")
    if m.fire_control != 1:
        words.append(f"{m.fire_control_name} × {float(m.fire_control):g}")
    if unit.targeting_computer and m.direct_fire:
        words.append("TC × 1.25")
    if m.heat_note:
        words.append(f"heat {m.heat_note}")
    return ", ".join(words)


def _weapons(unit: ValueUnit, c: BVConstants, efficiency: int
             ) -> tuple[bool, tuple[WeaponBV, ...]]:
    switched, weaker = _weaker_side(unit, c)
    records = []
    for i, m in enumerate(_weapon_mounts(unit)):
        own = (m.bv * c.rear_factor if i in weaker else m.bv) * unit.weapon_factor
        bv = _boosted(m, own, unit, c)
        records.append((m, bv, _modifiers(m, i in weaker, unit)))
    # 3.6: 0-heat weapons first, then BV descending, equal BV lower heat first.
    records.sort(key=lambda r: (r[0].heat != 0, -r[1], r[0].heat))
    over, running, rows = efficiency <= 0, ZERO, []
    for m, bv, words in records:
        running += m.heat
        rows.append(WeaponBV(m.name, m.location, m.rear, m.bv, bv, m.heat, running,
                             halved=over, modifiers=words))
        if running >= efficiency:  # the weapon that reaches the limit still counts full
            over = True
    return switched, tuple(rows)


def _ammo(unit: ValueUnit) -> tuple[AmmoBV, ...]:
    """3.7: ammo BV per key, capped by the item BV of the (not one-shot) weapons using it."""
    bins: dict[str, list[ValueMount]] = defaultdict(list)
    for m in unit.mounts:
        if m.role is Role.AMMO and m.ammo_key:
            bins[m.ammo_key].append(m)
    weapons = [m for m in unit.mounts if m.role is Role.WEAPON and not m.one_shot]
    return tuple(
        AmmoBV(key, len(lots), sum((m.bv for m in lots), ZERO),
               sum((w.bv for w in weapons if w.ammo_key == key), ZERO))
        for key, lots in bins.items())


def battle_value_of(unit: ValueUnit, c: BVConstants | None = None) -> BattleValue:
    """BV_STANDARD.md: the base Battle Value 2 of a 'Mech described by its ruleset."""
    c = c or constants()
    defence = _defensive(unit, c)
    efficiency = (c.heat_efficiency_base + unit.heat_capacity - unit.move_heat
                  + unit.heat_efficiency_bonus)
    switched, weapons = _weapons(unit, c, efficiency)
    weapons_total = sum((w.counted for w in weapons), ZERO)
    ammo = _ammo(unit)
    ammo_total = sum((a.counted for a in ammo), ZERO)
    equipment = tuple(EquipmentBV(m.name, m.location, m.bv) for m in unit.mounts
                      if m.role is Role.OFFENSIVE)
    equipment_total = sum((e.bv for e in equipment), ZERO)
    weight = unit.tonnage * unit.weight_factor
    # ADVANCED_BV.md §3.3: a standard LAM's share is round(F ÷ 2), its AirMech flank's.
    mp_sf = unit.run + int(round_half_up(
        Fraction(unit.airborne_flank, unit.airborne_speed_divisor) if unit.airborne_flank
        else Fraction(max(unit.jump, unit.umu), 2)))
    factor = speed_factor(mp_sf, c)
    offensive = ((weapons_total + ammo_total + equipment_total + weight) * factor
                 * unit.fire_control_factor)
    return BattleValue(
        **{f.name: getattr(defence, f.name) for f in fields(Defensive)},
        heat_sinks=unit.heat_sinks, heat_capacity=unit.heat_capacity,
        move_heat=unit.move_heat, heat_efficiency=efficiency, rear_switched=switched,
        weapons=weapons, weapons_total=weapons_total, ammo=ammo, ammo_total=ammo_total,
        equipment=equipment, equipment_total=equipment_total, weight=Fraction(weight),
        mp_sf=mp_sf, speed_factor=factor, fire_control_factor=unit.fire_control_factor,
        offensive=offensive, cockpit_factor=unit.cockpit_factor,
        base=int(round_half_up((defence.defensive + offensive) * unit.cockpit_factor)),
        notes=tuple(sorted(unit.notes.items())),
    )


def battle_value(mech: Mech) -> BattleValue:
    """The base Battle Value 2 of a resolved 'Mech, every step kept.

    `NoBattleValueError` when the ruleset has none (check `ruleset.has_battle_value`).
    """
    if not mech.ruleset.has_battle_value:
        raise NoBattleValueError(mech.ruleset)
    rules = value_rules(mech.ruleset)
    why = rules.not_valued(mech)
    if why is not None:
        raise NoBattleValueError(mech.ruleset, why)
    typed = catalogued(mech)
    # A design typed by another book's tables keeps its own names in the explanation.
    names = {m.id: m.name for m in mech.mounts} if typed is not mech else None
    return battle_value_of(rules.value_unit(typed, names), constants(mech.ruleset))
