"""Battle Value 2 for Introductory-tech 'Mechs, exactly as BV_COST.md §1 specifies.

Exact arithmetic (`Fraction`) throughout; only the speed factor (2 decimals) and
the final BV round, half up (BV_COST.md §0: Java's Math.round, not Python's
banker's rounding).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from mechlab.equipment import ItemKind
from mechlab.mech import Mech, MountedItem


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    """floor(x + 0.5) at the given decimal places (BV_COST.md §0)."""
    scale = Fraction(10) ** places
    return Fraction(math.floor(value * scale + Fraction(1, 2))) / scale


def tmm(mp: int) -> int:
    """BV_COST.md 1.1.7: target movement modifier for MP moved."""
    for limit, modifier in ((2, 0), (4, 1), (6, 2), (9, 3), (17, 4), (24, 5)):
        if mp <= limit:
            return modifier
    return 6


def speed_factor(mp_sf: int) -> Fraction:
    """BV_COST.md 1.2.10: round((1 + (mpSF − 5) ÷ 10) ^ 1.2, 2), as an exact Fraction."""
    base = 1 + (mp_sf - 5) / 10
    value = max(0.0, base) ** 1.2
    # The float power is exact to ~1e-15; nudge before half-up rounding at 2 places.
    return round_half_up(Fraction(value).limit_denominator(10**9), 2)


@dataclass(frozen=True)
class WeaponBV:
    name: str
    location: str
    rear: bool
    base_bv: Fraction
    bv: Fraction  # after the front/rear switch
    heat: Fraction
    running_heat: Fraction
    halved: bool

    @property
    def counted(self) -> Fraction:
        return self.bv / 2 if self.halved else self.bv


@dataclass(frozen=True)
class AmmoBV:
    key: str
    bins: int
    bv: Fraction
    cap: Fraction

    @property
    def counted(self) -> Fraction:
        return min(self.bv, self.cap)


@dataclass(frozen=True)
class BattleValue:
    armor: Fraction
    structure: Fraction
    gyro: Fraction
    explosive_bins: int
    explosive_penalty: Fraction
    defensive_base: Fraction
    run_tmm: int
    jump_tmm: int
    defensive_factor: Fraction
    defensive: Fraction
    heat_efficiency: int
    move_heat: int
    rear_switched: bool
    weapons: tuple[WeaponBV, ...]
    weapons_total: Fraction
    ammo: tuple[AmmoBV, ...]
    ammo_total: Fraction
    hatchets: Fraction
    weight: Fraction
    mp_sf: int
    speed_factor: Fraction
    offensive: Fraction
    base: int

    def adjusted(self, mech: Mech, gunnery: int, piloting: int) -> int:
        return pilot_adjusted(mech, self.base, gunnery, piloting)


def pilot_adjusted(mech: Mech, base: int, gunnery: int, piloting: int) -> int:
    """BV_COST.md 1.4: round(base × M[gunnery][piloting]), skills clamped to 0–8."""
    table = mech.ruleset.pilot_skill_multipliers
    g, p = (max(0, min(8, v)) for v in (gunnery, piloting))
    return int(round_half_up(base * table[g][p]))


def battle_value(mech: Mech) -> BattleValue:
    defence = _defensive(mech)
    return _offensive(mech, defence)


def _defensive(mech: Mech) -> dict[str, object]:
    armor = Fraction(mech.armor_points) * Fraction(5, 2)
    structure = Fraction(sum((mech.structure or {}).values())) * Fraction(3, 2)
    gyro = Fraction(mech.tonnage, 2)
    # BV_COST.md 1.1.5: every ammo bin (one slot each) is explosive; no CASE in 3025.
    bins = len(mech.ammo)
    base = max(Fraction(1), armor + structure + gyro - 15 * bins)
    run_tmm = tmm(mech.running_mp)
    jump_tmm = tmm(mech.jumping_mp) + 1 if mech.jumping_mp > 0 else 0
    factor = 1 + Fraction(max(run_tmm, jump_tmm), 10)
    return {"armor": armor, "structure": structure, "gyro": gyro, "explosive_bins": bins,
            "explosive_penalty": Fraction(15 * bins), "defensive_base": base,
            "run_tmm": run_tmm, "jump_tmm": jump_tmm, "defensive_factor": factor,
            "defensive": base * factor}


def _base_bv(mount: MountedItem) -> Fraction:
    item = mount.item
    if item.one_shot and item.weapon.one_shot:
        return Fraction(item.weapon.one_shot.bv)
    return Fraction(item.weapon.bv)


def _rear_halved(mech: Mech) -> tuple[bool, set[int]]:
    """BV_COST.md 1.2.2: non-arm weapons on the weaker facing count half."""
    guns = [m for m in mech.mounts_of(ItemKind.WEAPON) if not m.location.is_arm]
    front = sum((_base_bv(m) for m in guns if not m.rear), Fraction(0))
    rear = sum((_base_bv(m) for m in guns if m.rear), Fraction(0))
    switched = front < rear  # ties do not swap
    return switched, {m.id for m in guns if m.rear != switched}


def _weapons(mech: Mech, heat_efficiency: int) -> tuple[bool, tuple[WeaponBV, ...]]:
    switched, halved_facing = _rear_halved(mech)
    records = []
    for mount in mech.mounts_of(ItemKind.WEAPON):
        base = _base_bv(mount)
        heat = Fraction(mount.item.weapon.heat) / (4 if mount.item.one_shot else 1)
        bv = base / 2 if mount.id in halved_facing else base
        records.append((mount, base, bv, heat))
    # BV_COST.md 1.2.5: 0-heat weapons first, then by BV descending, ties lower heat first.
    records.sort(key=lambda r: (r[3] != 0, -r[2], r[3]))
    over, running, rows = heat_efficiency <= 0, Fraction(0), []
    for mount, base, bv, heat in records:
        running += heat
        rows.append(WeaponBV(mount.name, mount.location.abbreviation, mount.rear, base, bv, heat,
                             running, halved=over))
        if running >= heat_efficiency:  # 1.2.6: the weapon that crosses still counts full
            over = True
    return switched, tuple(rows)


def _ammo(mech: Mech) -> tuple[AmmoBV, ...]:
    """BV_COST.md 1.2.7: ammo BV per key, capped by the BV of the weapons using it."""
    bins: dict[str, list[MountedItem]] = defaultdict(list)
    for lot in mech.ammo:
        bins[lot.item.weapon.name].append(lot)
    result = []
    for key, lots in bins.items():
        spec = lots[0].item.weapon.ammo
        assert spec is not None
        bv = sum((Fraction(spec.bv) / (2 if lot.item.half_ton else 1) for lot in lots),
                 Fraction(0))
        cap = sum((Fraction(m.item.weapon.bv) for m in mech.mounts_of(ItemKind.WEAPON)
                   if m.item.uses_ammo and m.item.weapon.name == key), Fraction(0))
        result.append(AmmoBV(key, len(lots), bv, cap))
    return tuple(result)


def _offensive(mech: Mech, defence: dict[str, object]) -> BattleValue:
    move_heat = max(3, mech.jumping_mp) if mech.jumping_mp > 0 else 2
    efficiency = 6 + mech.heat_sinks - move_heat
    switched, weapons = _weapons(mech, efficiency)
    weapons_total = sum((w.counted for w in weapons), Fraction(0))
    ammo = _ammo(mech)
    ammo_total = sum((a.counted for a in ammo), Fraction(0))
    hatchets = len(mech.mounts_of(ItemKind.HATCHET)) * math.ceil(Fraction(mech.tonnage, 5)) \
        * Fraction(3, 2)
    mp_sf = mech.running_mp + int(round_half_up(Fraction(mech.jumping_mp, 2)))
    factor = speed_factor(mp_sf)
    offensive = (weapons_total + ammo_total + hatchets + mech.tonnage) * factor
    defensive = defence["defensive"]
    assert isinstance(defensive, Fraction)
    return BattleValue(
        **defence,  # type: ignore[arg-type]
        heat_efficiency=efficiency, move_heat=move_heat, rear_switched=switched,
        weapons=weapons, weapons_total=weapons_total, ammo=ammo, ammo_total=ammo_total,
        hatchets=Fraction(hatchets), weight=Fraction(mech.tonnage), mp_sf=mp_sf,
        speed_factor=factor, offensive=offensive,
        base=int(round_half_up(defensive + offensive)),
    )
