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
    """Every step of BV_STANDARD.md (BV_COST.md for Introductory designs), with its why."""
    return [*_defensive_lines(bv), "", *_offensive_lines(bv), "",
            _final_line(bv)]


def _final_line(bv: BattleValue) -> str:
    total = f"{num(bv.defensive)} + {num(bv.offensive)}"
    if bv.cockpit_factor == 1:
        return f"Battle Value  round({total}) = {bv.base}"
    why = f" ({bv.note('cockpit')})" if bv.note("cockpit") else ""
    return f"Battle Value  round(({total}) × {num(bv.cockpit_factor)}{why}) = {bv.base}"


def _defensive_lines(bv: BattleValue) -> list[str]:
    def why(topic: str) -> str:
        return f" ({bv.note(topic)})" if bv.note(topic) else ""

    lines = [
        "Defensive battle rating (BV_STANDARD.md §2)",
        f"  armor       {num(bv.armor / (Fraction(5, 2) * bv.armor_factor))} points × 2.5"
        + (f" × {num(bv.armor_factor)}" if bv.armor_factor != 1 else "")
        + f" = {num(bv.armor)}{why('armor')}",
        f"  structure   {bv.structure_points} points × 1.5"
        + (f" × {num(bv.structure_factor)}" if bv.structure_factor != 1 else "")
        + f" = {num(bv.structure)}{why('structure')}",
        f"  gyro        {num(bv.gyro / bv.gyro_factor)} tons × {num(bv.gyro_factor)} = "
        f"{num(bv.gyro)}{why('gyro')}",
    ]
    lines += [f"  defensive   {e.name} ({e.location}) +{num(e.bv)}"
              for e in bv.defensive_equipment]
    for e in bv.explosive:
        what = f"−{num(e.penalty)}" if e.penalized else "0"
        size = f"{e.slots} slot{'s' if e.slots != 1 else ''} × {num(e.per_slot)}"
        lines.append(f"  explosive   {e.name} ({e.location}) {size} = {what}"
                     + (f" ({e.reason})" if e.reason else ""))
    saved = sum((e.slots * e.per_slot for e in bv.explosive if not e.penalized), Fraction(0))
    if saved:
        lines.append(f"  CASE saved  {num(saved)}")
    lines += [
        f"  subtotal    {num(bv.defensive_base)} (at least 1)",
        f"  factor      1 + (max({_run_tmm(bv)}, TMM jump {bv.jump_tmm})"
        + (f" + {bv.tmm_bonus}" if bv.tmm_bonus else "") + why("tmm")
        + f") ÷ 10 = {num(bv.defensive_factor)}",
        f"  defensive   {num(bv.defensive_base)} × {num(bv.defensive_factor)} = "
        f"{num(bv.defensive)}",
    ]
    return lines


def _run_tmm(bv: BattleValue) -> str:
    """ADVANCED_BV.md §2.6: a standard LAM's TMM is its AirMech flank's, + 1 airborne."""
    flank = bv.note("airmech")
    return (f"TMM(AirMech flank {flank}) + 1 = {bv.run_tmm}" if flank
            else f"TMM run {bv.run_tmm}")


def _speed_share(bv: BattleValue, jump: str) -> str:
    """ADVANCED_BV.md §3.3: a standard LAM's speed share is its AirMech flank's."""
    flank = bv.note("airmech")
    return (f"AirMech flank {flank}" if flank
            else f"jump {bv.jumping_mp}" + (f" ({jump})" if jump else ""))


def _offensive_lines(bv: BattleValue) -> list[str]:
    heat = bv.note("heat")
    lines = [
        "Offensive battle rating (BV_STANDARD.md §3)",
        f"  heat efficiency 6 + capacity {bv.heat_capacity}"
        + (f" ({heat})" if heat else "")
        + f" − movement heat {bv.move_heat}"
        + (f" {bv.heat_efficiency - 6 - bv.heat_capacity + bv.move_heat:+d}"
           if bv.heat_efficiency != 6 + bv.heat_capacity - bv.move_heat else "")
        + f" = {bv.heat_efficiency}",
    ]
    if bv.rear_switched:
        lines.append("  rear-facing weapons outweigh the front: the front ones count half")
    lines.append(f"  {'weapon':<22}{'loc':<5}{'BV':>8}{'heat':>6}{'total':>7}  counted")
    for w in bv.weapons:
        name = w.name + (" (R)" if w.rear else "")
        note = f"{num(w.counted)} (halved: heat)" if w.halved else num(w.counted)
        extra = f"  [{w.modifiers}]" if w.modifiers else ""
        lines.append(f"  {name:<22}{w.location:<5}{num(w.bv):>8}{num(w.heat):>6}"
                     f"{num(w.running_heat):>7}  {note}{extra}")
    lines.append(f"  weapons     {num(bv.weapons_total)}")
    for a in bv.ammo:
        lines.append(f"  ammo {a.key:<16} {_bins(a.bins)} = {num(a.bv)}, cap {num(a.cap)} → "
                     f"{num(a.counted)}")
    lines += [f"  equipment   {e.name} ({e.location}) +{num(e.bv)}" for e in bv.equipment]
    run, jump = bv.note("run"), bv.note("jump")
    lines += [
        f"  weight      {num(bv.weight)}" + (f" ({bv.note('weight')})" if bv.note("weight")
                                             else ""),
        f"  speed       run {bv.running_mp}" + (f" ({run})" if run else "")
        + f" + round({_speed_share(bv, jump)} ÷ 2) = mpSF {bv.mp_sf} → factor "
        f"{num(bv.speed_factor)}",
        f"  offensive   ({num(bv.weapons_total)} + {num(bv.ammo_total)} + "
        f"{num(bv.equipment_total)} + {num(bv.weight)}) × {num(bv.speed_factor)}"
        + (f" × {num(bv.fire_control_factor)} ({bv.note('fire_control')})"
           if bv.fire_control_factor != 1 else "")
        + f" = {num(bv.offensive)}",
    ]
    return lines


def explain_cost(cost: Cost) -> list[str]:
    lines = ["C-bill cost (BV_STANDARD.md §6)"]
    for name, value in cost.components:
        lines.append(f"  {name:<24}{float(value):>16,.2f}")
    lines += [
        f"  multiplier {cost.multiplier_words} = × {num(cost.multiplier)}",
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
            "defensive_equipment": f(bv.defensive_equipment_total),
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
            "equipment": f(bv.equipment_total), "weight": f(bv.weight), "mp_sf": bv.mp_sf,
            "speed_factor": f(bv.speed_factor), "rating": f(bv.offensive),
        },
        "cockpit_factor": f(bv.cockpit_factor),
    }


def _bins(count: int) -> str:
    return "1 bin" if count == 1 else f"{count} bins"
