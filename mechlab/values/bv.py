"""Battle Value 2 for Introductory-tech 'Mechs, exactly as BV_COST.md §1 specifies.

Exact arithmetic (`Fraction`) throughout; only the speed factor (2 decimals) and
the final BV round, half up (BV_COST.md §0: Java's Math.round, not Python's
banker's rounding). Every constant comes from the ruleset's data file (the
`battle_value` section and the equipment table's `bv` columns).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import cache
from typing import Any

from mechlab.core.equipment import ItemKind
from mechlab.core.rounding import round_half_up
from mechlab.model.mech import Mech, MountedItem
from mechlab.rulesets import Ruleset, get_ruleset


class NoBattleValueError(ValueError):
    """The 'Mech's ruleset defines no Battle Value (the 1984 book has none)."""

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(f"the {ruleset.name} ruleset defines no Battle Value")


def _exact(value: object) -> Fraction:
    return Fraction(str(value))  # "2.5" → 5/2, "1.2" → 6/5: the decimal as written


@dataclass(frozen=True)
class BVConstants:
    """The ruleset's `battle_value` section (BV_COST.md §1), read exactly."""

    armor_per_point: Fraction
    structure_per_point: Fraction
    gyro_per_ton: Fraction
    explosive_per_slot: Fraction
    minimum_defensive: Fraction
    tmm: tuple[tuple[int, int], ...]
    tmm_max: int
    jump_tmm_bonus: int
    rear_factor: Fraction
    heat_efficiency_base: int
    run_heat: int
    min_jump_heat: int
    one_shot_heat_divisor: int
    hatchet_per_5_tons: Fraction
    weight_factor: Fraction
    sf_base_mp: int
    sf_divisor: int
    sf_exponent: float  # a float on purpose: MegaMek takes Math.pow(x, 1.2)
    sf_places: int


@cache
def constants(ruleset: Ruleset | None = None) -> BVConstants:
    """The ruleset's `battle_value` table, as its data file gives it (default: the default
    ruleset's); `NoBattleValueError` for a ruleset without one."""
    ruleset = ruleset or get_ruleset()
    data = ruleset.battle_value_data
    if data is None:
        raise NoBattleValueError(ruleset)
    sf = data["speed_factor"]
    # Any: mypy cannot match ** keys to the fields; the dataclass checks names and count.
    exact: dict[str, Any] = {k: _exact(data[k]) for k in (
        "armor_per_point", "structure_per_point", "gyro_per_ton", "explosive_per_slot",
        "minimum_defensive", "rear_factor", "hatchet_per_5_tons", "weight_factor")}
    whole: dict[str, Any] = {k: int(data[k]) for k in (
        "tmm_max", "jump_tmm_bonus", "heat_efficiency_base", "run_heat", "min_jump_heat",
        "one_shot_heat_divisor")}
    return BVConstants(
        **exact,
        **whole,
        tmm=tuple((int(mp), int(mod)) for mp, mod in data["tmm"]),
        sf_base_mp=int(sf["base_mp"]), sf_divisor=int(sf["divisor"]),
        sf_exponent=float(sf["exponent"]), sf_places=int(sf["places"]),
    )


def _constants_of(mech: Mech) -> BVConstants:
    return constants(mech.ruleset)


def tmm(mp: int, c: BVConstants | None = None) -> int:
    """BV_COST.md 1.1.7: target movement modifier for MP moved (0 MP gives 0)."""
    c = c or constants()
    for limit, modifier in c.tmm:
        if mp <= limit:
            return modifier
    return c.tmm_max


def speed_factor(mp_sf: int, c: BVConstants | None = None) -> Fraction:
    """BV_COST.md 1.2.10: round((1 + (mpSF − 5) ÷ 10) ^ 1.2, 2), as an exact Fraction (137/100).

    The power is taken in floats, as MegaMek does; a result within 1e-9 of a rounding
    boundary is put on the boundary, so that float noise can never change the 2nd decimal
    (no mpSF up to 80 comes within 1e-3 of one).
    """
    c = c or constants()
    base = max(Fraction(0), 1 + Fraction(mp_sf - c.sf_base_mp, c.sf_divisor))
    scaled = float(base) ** c.sf_exponent * 10**c.sf_places
    boundary = math.floor(scaled) + 0.5
    if abs(scaled - boundary) < 1e-9:
        scaled = boundary
    return Fraction(math.floor(scaled + 0.5), 10**c.sf_places)


def pilot_multiplier(gunnery: int, piloting: int, ruleset: Ruleset | None = None) -> Fraction:
    """BV_COST.md 1.4: M[gunnery][piloting], skills clamped to the table (0–8)."""
    ruleset = ruleset or get_ruleset()
    table = ruleset.pilot_skill_multipliers
    if table is None:
        raise NoBattleValueError(ruleset)
    g = max(0, min(len(table) - 1, gunnery))
    p = max(0, min(len(table[g]) - 1, piloting))
    return table[g][p]


def pilot_adjusted(base_bv: int, gunnery: int, piloting: int,
                   ruleset: Ruleset | None = None) -> int:
    """BV_COST.md 1.4: round(base BV × M[gunnery][piloting]), half up."""
    return int(round_half_up(base_bv * pilot_multiplier(gunnery, piloting, ruleset)))


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
    """One weapon in heat order (BV_COST.md 1.2.1–1.2.6)."""

    name: str
    location: str  # abbreviation: "LA", "CT"
    rear: bool
    base_bv: Fraction
    bv: Fraction  # after the front/rear switch (1.2.2)
    heat: Fraction  # heat for BV (1.2.4: one-shot ÷ 4)
    running_heat: Fraction  # the heat total once this weapon is added (1.2.6)
    halved: bool  # True when the total had reached the heat efficiency before it

    _derived = ("counted",)

    @property
    def counted(self) -> Fraction:
        return self.bv / 2 if self.halved else self.bv


@dataclass(frozen=True)
class AmmoBV(_Record):
    """The ammunition of one key (BV_COST.md 1.2.7)."""

    key: str  # the weapon the ammo feeds: "LRM 20", "Machine Gun"
    bins: int
    bv: Fraction  # Σ BV of the bins (a half-ton bin counts half)
    cap: Fraction  # Σ base BV of the weapons using this key

    _derived = ("counted",)

    @property
    def counted(self) -> Fraction:
        return min(self.bv, self.cap)


@dataclass(frozen=True)
class Defensive(_Record):
    """BV_COST.md 1.1, in spec order."""

    armor_points: int
    armor: Fraction  # 1.1.1: points × 2.5
    structure_points: int
    structure: Fraction  # 1.1.2: points × 1.5
    gyro: Fraction  # 1.1.3: tonnage × 0.5
    explosive_bins: int
    explosive_penalty: Fraction  # 1.1.5: 15 per ammo slot
    defensive_base: Fraction  # 1.1.6: the sum, at least 1
    running_mp: int
    jumping_mp: int
    run_tmm: int
    jump_tmm: int  # TMM(jump) + 1, or 0 without jump jets
    defensive_factor: Fraction  # 1.1.7: 1 + max TMM ÷ 10
    defensive: Fraction  # the defensive battle rating


def _defensive(mech: Mech, c: BVConstants) -> Defensive:
    armor = mech.armor_points * c.armor_per_point
    points = sum((mech.structure or {}).values())
    structure = points * c.structure_per_point
    gyro = mech.tonnage * c.gyro_per_ton
    # BV_COST.md 1.1.5: every ammo bin (one slot each, half-ton MG bins too) is explosive and
    # 3025 has no CASE, so every bin anywhere costs 15. One-shot launchers have no ammo mount.
    bins = len(mech.ammo)
    penalty = bins * c.explosive_per_slot
    base = max(c.minimum_defensive, armor + structure + gyro - penalty)  # 1.1.6
    run_tmm = tmm(mech.running_mp, c)
    jump_tmm = tmm(mech.jumping_mp, c) + c.jump_tmm_bonus if mech.jumping_mp > 0 else 0
    factor = 1 + Fraction(max(run_tmm, jump_tmm), 10)
    return Defensive(mech.armor_points, armor, points, structure, gyro, bins, penalty, base,
                     mech.running_mp, mech.jumping_mp, run_tmm, jump_tmm, factor, base * factor)


def _base_bv(mount: MountedItem) -> Fraction:
    """BV_COST.md 1.2.1: the table BV; a one-shot launcher its own (1/5) BV."""
    item = mount.item
    if item.one_shot and item.weapon.one_shot is not None:
        return Fraction(item.weapon.one_shot.bv)
    return Fraction(item.weapon.bv)


def _weaker_facing(mech: Mech) -> tuple[bool, set[int]]:
    """BV_COST.md 1.2.2: (facings swapped?, ids of the non-arm weapons on the weaker side)."""
    guns = [m for m in mech.mounts_of(ItemKind.WEAPON) if not m.location.is_arm]
    front = sum((_base_bv(m) for m in guns if not m.rear), Fraction(0))
    rear = sum((_base_bv(m) for m in guns if m.rear), Fraction(0))
    switched = front < rear  # ties do not swap
    return switched, {m.id for m in guns if m.rear != switched}


def _weapons(mech: Mech, c: BVConstants, efficiency: int) -> tuple[bool, tuple[WeaponBV, ...]]:
    switched, weaker = _weaker_facing(mech)
    records = []
    for mount in mech.mounts_of(ItemKind.WEAPON):
        base = _base_bv(mount)
        divisor = c.one_shot_heat_divisor if mount.item.one_shot else 1
        heat = Fraction(mount.item.weapon.heat, divisor)  # 1.2.4: OS heat ÷ 4, MG 0
        bv = base * c.rear_factor if mount.id in weaker else base
        records.append((mount, base, bv, heat))
    # BV_COST.md 1.2.5: 0-heat weapons first, then BV descending, equal BV lower heat first.
    records.sort(key=lambda r: (r[3] != 0, -r[2], r[3]))
    over, running, rows = efficiency <= 0, Fraction(0), []
    for mount, base, bv, heat in records:
        running += heat
        rows.append(WeaponBV(mount.name, mount.location.abbreviation, mount.rear, base, bv,
                             heat, running, halved=over))
        if running >= efficiency:  # 1.2.6: the weapon that reaches the limit still counts full
            over = True
    return switched, tuple(rows)


def _ammo(mech: Mech) -> tuple[AmmoBV, ...]:
    """BV_COST.md 1.2.7: ammo BV per key, capped by the base BV of the weapons using it."""
    bins: dict[str, list[MountedItem]] = defaultdict(list)
    for lot in mech.ammo:
        bins[lot.item.weapon.name].append(lot)  # key = the weapon fed: family and rack size
    result = []
    for key, lots in bins.items():
        spec = lots[0].item.weapon.ammo
        assert spec is not None
        bv = sum((Fraction(spec.bv, 2 if lot.item.half_ton else 1) for lot in lots), Fraction(0))
        # One-shot launchers do not use ammo (uses_ammo is False), so they add nothing to a cap.
        cap = sum((_base_bv(m) for m in mech.mounts_of(ItemKind.WEAPON)
                   if m.item.uses_ammo and m.item.weapon.name == key), Fraction(0))
        result.append(AmmoBV(key, len(lots), bv, cap))
    return tuple(result)


@dataclass(frozen=True)
class BattleValue(Defensive):
    """Every intermediate number of BV_COST.md §1, in spec order, and the base BV."""

    heat_sinks: int
    move_heat: int  # 1.2.3: running 2, or max(3, jump MP) with jump jets
    heat_efficiency: int  # 1.2.3: 6 + heat sinks − move heat
    rear_switched: bool  # 1.2.2: the rear facing outweighed the front
    weapons: tuple[WeaponBV, ...]  # in heat order (1.2.5)
    weapons_total: Fraction
    ammo: tuple[AmmoBV, ...]
    ammo_total: Fraction
    hatchet_count: int
    hatchets: Fraction  # 1.2.8
    weight: Fraction  # 1.2.9
    mp_sf: int  # 1.2.10: run + round(jump ÷ 2)
    speed_factor: Fraction
    offensive: Fraction  # the offensive battle rating
    base: int  # 1.3: round(defensive + offensive)

    def adjusted(self, mech: Mech, gunnery: int, piloting: int) -> int:
        """BV_COST.md 1.4: the base BV for a pilot of the given skills."""
        return pilot_adjusted(self.base, gunnery, piloting, mech.ruleset)


def battle_value(mech: Mech) -> BattleValue:
    """BV_COST.md §1: the base Battle Value 2 of a resolved 'Mech, every step kept.

    `NoBattleValueError` when the ruleset has none (check `ruleset.has_battle_value`).
    """
    if not mech.ruleset.has_battle_value:
        raise NoBattleValueError(mech.ruleset)
    c = _constants_of(mech)
    defence = _defensive(mech, c)
    jump = mech.jumping_mp
    move_heat = max(c.min_jump_heat, jump) if jump > 0 else c.run_heat
    efficiency = c.heat_efficiency_base + mech.heat_sinks - move_heat
    switched, weapons = _weapons(mech, c, efficiency)
    weapons_total = sum((w.counted for w in weapons), Fraction(0))
    ammo = _ammo(mech)
    ammo_total = sum((a.counted for a in ammo), Fraction(0))
    count = len(mech.mounts_of(ItemKind.HATCHET))
    hatchets = count * math.ceil(Fraction(mech.tonnage, 5)) * c.hatchet_per_5_tons
    weight = mech.tonnage * c.weight_factor
    mp_sf = mech.running_mp + int(round_half_up(Fraction(jump, 2)))
    factor = speed_factor(mp_sf, c)
    offensive = (weapons_total + ammo_total + hatchets + weight) * factor
    return BattleValue(
        **{f.name: getattr(defence, f.name) for f in fields(Defensive)},
        heat_sinks=mech.heat_sinks, move_heat=move_heat, heat_efficiency=efficiency,
        rear_switched=switched, weapons=weapons, weapons_total=weapons_total, ammo=ammo,
        ammo_total=ammo_total, hatchet_count=count, hatchets=Fraction(hatchets),
        weight=Fraction(weight), mp_sf=mp_sf, speed_factor=factor, offensive=offensive,
        base=int(round_half_up(defence.defensive + offensive)),
    )
