"""Battle Value's constants, its two roundings and the pilot-skill table (BV_COST.md §0,
1.1.7, 1.2.10, 1.4; BV_STANDARD.md §0, 2.7, 3.10, §4).

Every constant comes from the ruleset's data file (its `battle_value` section), read
exactly: "2.5" is 5/2. Rounding is Java's Math.round, half up, never Python's `round`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from mechlab.core.rounding import round_half_up
from mechlab.rulesets import Ruleset, get_ruleset


class NoBattleValueError(ValueError):
    """The 'Mech's ruleset defines no Battle Value (the 1984 book has none)."""

    def __init__(self, ruleset: Ruleset, why: str | None = None) -> None:
        super().__init__(why or f"the {ruleset.name} ruleset defines no Battle Value")


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
    targeting_computer: Fraction  # BV_STANDARD.md 3.2 step 6: direct-fire weapons × 1.25
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
    exact: dict[str, Any] = {k: _exact(data[k]) for k in (
        "armor_per_point", "structure_per_point", "gyro_per_ton", "explosive_per_slot",
        "minimum_defensive", "rear_factor", "targeting_computer", "hatchet_per_5_tons",
        "weight_factor")}
    whole: dict[str, Any] = {k: int(data[k]) for k in (
        "tmm_max", "jump_tmm_bonus", "heat_efficiency_base", "run_heat", "min_jump_heat",
        "one_shot_heat_divisor")}
    # Any: mypy cannot match ** keys to the fields; the dataclass checks names and count.
    return BVConstants(
        **exact, **whole, tmm=tuple((int(mp), int(mod)) for mp, mod in data["tmm"]),
        sf_base_mp=int(sf["base_mp"]), sf_divisor=int(sf["divisor"]),
        sf_exponent=float(sf["exponent"]), sf_places=int(sf["places"]),
    )


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
