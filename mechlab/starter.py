"""`mechlab new`: a starter design for a tonnage and walking speed, legal as written."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from mechlab.core.locations import Location
from mechlab.core.tons import HALF, ceil_half
from mechlab.rulesets import Ruleset

# Where the starter's medium lasers go, in turn, and how many each may take (leaving
# room for the heat sinks the resolver places automatically).
LASER_ROOM = {"right_arm": 6, "left_arm": 6, "right_torso": 6, "left_torso": 6,
              "center_torso": 2}


class StarterError(ValueError):
    pass


def starter_design(
    ruleset: Ruleset, tonnage: int, walking_mp: int, jumping_mp: int = 0,
    chassis: str = "Custom", model: str = "",
) -> dict[str, Any]:
    """A legal starter design dict, or `StarterError` saying which speeds work."""
    design = _draft(ruleset, tonnage, walking_mp, jumping_mp, chassis, model)
    if not _legal(design):
        # Very slow engines leave more tons than a laser-and-sink starter can slot.
        fast_enough = [
            walk for walk in range(walking_mp + 1, ruleset.max_engine_rating // tonnage + 1)
            if _feasible(ruleset, tonnage, walk, jumping_mp)
        ]
        hint = f"; try Walking MP {fast_enough[0]} or more" if fast_enough else ""
        raise StarterError(
            f"a {tonnage} t starter walking {walking_mp} has more free tons than slots{hint}"
        )
    return design


def _feasible(ruleset: Ruleset, tonnage: int, walking_mp: int, jumping_mp: int) -> bool:
    try:
        return _legal(_draft(ruleset, tonnage, walking_mp, jumping_mp, "x", "x"))
    except StarterError:
        return False


def _legal(design: dict[str, Any]) -> bool:
    from mechlab.files.design_data import design_from_dict
    from mechlab.model.resolve import resolve
    from mechlab.validate import is_legal, validate

    return is_legal(validate(resolve(design_from_dict(design))))


def _draft(
    ruleset: Ruleset, tonnage: int, walking_mp: int, jumping_mp: int = 0,
    chassis: str = "Custom", model: str = "",
) -> dict[str, Any]:
    """A legal design dict: engine, max affordable armor, medium lasers, heat sinks."""
    free = _free_tons(ruleset, tonnage, walking_mp, jumping_mp)
    structure = ruleset.structure(tonnage)
    assert structure is not None
    caps = {loc: ruleset.armor_cap(loc, n) for loc, n in structure.items()}
    armor_tons, points = _armor(ruleset, ruleset.max_armor(structure), free, tonnage,
                                walking_mp)
    equipment, extra_sinks = _weapons(free - armor_tons)
    return {
        "chassis": chassis,
        "model": model or f"{tonnage}-{walking_mp}",
        "tonnage": tonnage,
        "walking_mp": walking_mp,
        "jumping_mp": jumping_mp,
        "heat_sinks": ruleset.free_heat_sinks + extra_sinks,
        "armor": _spread_armor(caps, points),
        "equipment": equipment,
    }


def _free_tons(ruleset: Ruleset, tonnage: int, walking_mp: int, jumping_mp: int) -> Fraction:
    """The tons left after structure, cockpit, engine, gyro and jump jets (RULES.md 1.9),
    or `StarterError` saying which tonnage or speeds the tables allow."""
    if tonnage not in ruleset.tonnages:
        t = ruleset.tonnages
        raise StarterError(f"tonnage {tonnage} is not on the table "
                           f"({t.start}–{t[-1]} in steps of {t.step})")
    rating = tonnage * walking_mp
    engine = ruleset.engines.get(rating)
    if engine is None or walking_mp < 1:
        most = ruleset.max_engine_rating // tonnage
        raise StarterError(f"at {tonnage} t, Walking MP must be 1–{most}")
    if jumping_mp > walking_mp:
        raise StarterError(f"Jumping MP {jumping_mp} > Walking MP {walking_mp}")
    fixed = (
        ruleset.structure_tons(tonnage) + ruleset.cockpit_tons + engine.tons
        + ruleset.gyro_tons(rating) + ruleset.jump_jet_tons(tonnage) * jumping_mp
    )
    return tonnage - fixed


def _armor(ruleset: Ruleset, max_armor: int, free: Fraction, tonnage: int, walking_mp: int
           ) -> tuple[Fraction, int]:
    """(tons, points) of the most armor the 'Mech may carry and the free tons buy."""
    per_ton = ruleset.armor_points_per_ton
    armor_tons = min(ceil_half(Fraction(max_armor, per_ton)), free - free % HALF)
    if armor_tons <= 0:
        raise StarterError(
            f"a {tonnage} t 'Mech walking {walking_mp} has {float(free):g} t left for armor "
            "and weapons; choose a slower engine"
        )
    return armor_tons, min(max_armor, int(armor_tons * per_ton))


def _weapons(left: Fraction) -> tuple[list[dict[str, Any]], int]:
    """Spend the rest: a small laser for an odd half ton, medium lasers, heat sinks.

    k lasers make 3k heat; 10 + s sinks and 2 for running balance them roughly
    when k = (left + 12) ÷ 4, the other tons becoming sinks.
    """
    equipment: list[dict[str, Any]] = []
    if left % 1:
        equipment.append({"item": "Small Laser", "location": "head"})
        left -= HALF
    lasers = min(int(left), (int(left) + 12) // 4, sum(LASER_ROOM.values()))
    counts: dict[str, int] = {}
    for where in _cycle_with_room(lasers):
        counts[where] = counts.get(where, 0) + 1
    for where, count in counts.items():
        equipment.append({"item": "Medium Laser", "location": where, "count": count})
    return equipment, int(left) - lasers


def _cycle_with_room(count: int) -> list[str]:
    room = dict(LASER_ROOM)
    order: list[str] = []
    while len(order) < count:
        for where in LASER_ROOM:
            if room[where] and len(order) < count:
                room[where] -= 1
                order.append(where)
    return order


def _spread_armor(caps: dict[Location, int], points: int) -> dict[str, Any]:
    """Share `points` in proportion to each location's cap; torsos keep a quarter rear."""
    total = sum(caps.values())
    share = {loc: cap * points // total for loc, cap in caps.items()}
    spare = points - sum(share.values())
    for loc in sorted(caps, key=lambda loc: -caps[loc]):
        if spare == 0:
            break
        if share[loc] < caps[loc]:
            share[loc] += 1
            spare -= 1
    armor: dict[str, Any] = {}
    for loc, value in share.items():
        if loc.has_rear_armor:
            rear = math.floor(value / 4)
            armor[loc.value] = {"front": value - rear, "rear": rear}
        else:
            armor[loc.value] = value
    return armor
