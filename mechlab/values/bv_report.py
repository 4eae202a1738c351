"""Battle Value and cost, step by step, for a player checking them by hand; and
their JSON-ready form for the engine export."""

from __future__ import annotations

from fractions import Fraction

from mechlab.values.bv import BattleValue
from mechlab.values.cost import Cost


def num(value: Fraction | int) -> str:
    """A readable exact number: 1155.6, 23, 728.84 (up to 4 decimals)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.4f}".rstrip("0").rstrip(".")


def explain_bv(bv: BattleValue) -> list[str]:
    lines = [
        "Defensive battle rating (BV_COST.md 1.1)",
        f"  armor       {num(bv.armor / Fraction(5, 2))} points × 2.5 = {num(bv.armor)}",
        f"  structure   {num(bv.structure / Fraction(3, 2))} points × 1.5 = {num(bv.structure)}",
        f"  gyro        tonnage × 0.5 = {num(bv.gyro)}",
        f"  explosive   {_bins(bv.explosive_bins)} of ammo × 15 = −{num(bv.explosive_penalty)}",
        f"  subtotal    {num(bv.defensive_base)} (at least 1)",
        f"  factor      1 + max(TMM run {bv.run_tmm}, TMM jump {bv.jump_tmm}) ÷ 10 = "
        f"{num(bv.defensive_factor)}",
        f"  defensive   {num(bv.defensive_base)} × {num(bv.defensive_factor)} = "
        f"{num(bv.defensive)}",
        "",
        "Offensive battle rating (BV_COST.md 1.2)",
        f"  heat efficiency 6 + sinks − movement heat {bv.move_heat} = {bv.heat_efficiency}",
    ]
    if bv.rear_switched:
        lines.append("  rear-facing weapons outweigh the front: the front ones count half")
    lines.append(f"  {'weapon':<22}{'loc':<5}{'BV':>8}{'heat':>6}{'total':>7}  counted")
    for w in bv.weapons:
        name = w.name + (" (R)" if w.rear else "")
        note = f"{num(w.counted)} (halved)" if w.halved else num(w.counted)
        lines.append(f"  {name:<22}{w.location:<5}{num(w.bv):>8}{num(w.heat):>6}"
                     f"{num(w.running_heat):>7}  {note}")
    lines.append(f"  weapons     {num(bv.weapons_total)}")
    for a in bv.ammo:
        lines.append(f"  ammo {a.key:<16} {_bins(a.bins)} = {num(a.bv)}, cap {num(a.cap)} → "
                     f"{num(a.counted)}")
    lines += [
        f"  hatchets    {num(bv.hatchets)}",
        f"  weight      {num(bv.weight)}",
        f"  speed       mpSF {bv.mp_sf} → factor {num(bv.speed_factor)}",
        f"  offensive   ({num(bv.weapons_total)} + {num(bv.ammo_total)} + {num(bv.hatchets)} "
        f"+ {num(bv.weight)}) × {num(bv.speed_factor)} = {num(bv.offensive)}",
        "",
        f"Battle Value  round({num(bv.defensive)} + {num(bv.offensive)}) = {bv.base}",
    ]
    return lines


def explain_cost(cost: Cost) -> list[str]:
    lines = ["C-bill cost (BV_COST.md §3)"]
    for name, value in cost.components:
        lines.append(f"  {name:<24}{float(value):>16,.2f}")
    lines += [
        f"  × (1 + tonnage ÷ 100) = × {num(cost.multiplier)}",
        f"  cost (with ammunition)  {cost.total:>14,}",
        f"  dry cost (no ammunition){cost.dry:>14,}",
    ]
    return lines


def bv_dict(bv: BattleValue) -> dict[str, object]:
    """The breakdown for the engine JSON (floats rounded to 4 places for stable output)."""
    def f(value: Fraction) -> float:
        return round(float(value), 4)

    return {
        "defensive": {
            "armor": f(bv.armor), "structure": f(bv.structure), "gyro": f(bv.gyro),
            "explosive_penalty": f(bv.explosive_penalty), "run_tmm": bv.run_tmm,
            "jump_tmm": bv.jump_tmm, "factor": f(bv.defensive_factor),
            "rating": f(bv.defensive),
        },
        "offensive": {
            "heat_efficiency": bv.heat_efficiency,
            "weapons": [
                {"name": w.name, "location": w.location, "rear": w.rear, "bv": f(w.bv),
                 "heat": f(w.heat), "halved": w.halved, "counted": f(w.counted)}
                for w in bv.weapons
            ],
            "weapons_total": f(bv.weapons_total),
            "ammo": [{"key": a.key, "bv": f(a.bv), "cap": f(a.cap), "counted": f(a.counted)}
                     for a in bv.ammo],
            "hatchets": f(bv.hatchets), "weight": f(bv.weight), "mp_sf": bv.mp_sf,
            "speed_factor": f(bv.speed_factor), "rating": f(bv.offensive),
        },
    }


def _bins(count: int) -> str:
    return "1 bin" if count == 1 else f"{count} bins"
