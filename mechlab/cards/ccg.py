"""The trading-card game's unit card: mechlab's own conversion (RULES.md §5.2).

The rulebook gives no conversion from a board-game design; this one is deterministic and
monotone (more armor never lowers armor or structure; another weapon or heat sink never
lowers attack, hence the knapsack for D) and every card says "converted by mechlab".
Constants: ccg.yaml; cluster hits and movement heat are the Alpha Strike conversion's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from mechlab.assess import Assessment
from mechlab.cards import alpha_strike
from mechlab.cards.as_constants import constants
from mechlab.cards.as_unit import ASUnit, ASWeapon
from mechlab.cards.as_variants import alpha_strike_rules
from mechlab.cards.constants import banded, frozen_table
from mechlab.core.rounding import round_half_up
from mechlab.model.mech import Mech


@dataclass(frozen=True)
class CcgRules:
    """ccg.yaml, typed and frozen (its comments say what each constant does)."""

    speed: tuple[tuple[int, str], ...]  # [highest Walking MP, speed]
    speed_max: str
    structure_divisor: int
    structure_base: int
    armor: tuple[tuple[int, int], ...]  # [upper bound (exclusive), armor]
    armor_max: int
    attack_base: int
    attack_offset: int
    attack_divisor: int
    medium_reach: int
    heat_allowance: int
    missile_kinds: tuple[str, ...]  # Alpha Strike damage-special kinds (as_unit)
    missile_min: int
    missile_divisor: int
    autocannon_kinds: tuple[str, ...]
    alpha_min: int
    alpha_divisor: int
    overheat_min: int
    overheat_least: int
    cost_offset: int
    cost_divisor: int
    # lane lam: configuration → what the conversion cannot put on a card (no card).
    unconverted_configurations: Mapping[str, str] = field(default_factory=dict)


@cache
def rules() -> CcgRules:
    return frozen_table("ccg", CcgRules)


@dataclass(frozen=True)
class Option:
    """A once-per-mission option: Jump, Overheat X: +Y, Alpha Strike: +Y, Missile N."""

    name: str
    x: int | None = None
    y: int | None = None
    n: int | None = None

    def __str__(self) -> str:
        if self.name == "Overheat":
            return f"Overheat {self.x}: +{self.y} attack"
        if self.name == "Alpha Strike":
            return f"Alpha Strike: +{self.y} attack"
        if self.name == "Missile":
            return f"Missile {self.n}"
        return "Jump (−1 attack: +1 initiative)"


@dataclass(frozen=True)
class CcgCard:
    chassis: str
    model: str
    source: str
    ruleset: str
    tonnage: int
    speed: str
    attack: int
    armor: int
    structure: int
    options: tuple[Option, ...]
    cost: int | None  # None: the ruleset has no Battle Value, so no cost
    assets: str = ""
    conversion: str = field(default="mechlab")
    loadout: tuple[str, ...] = ()  # printed under the figure ("2 × LRM 15"), not in the JSON
    # An illegal design's error codes, every one (issue 18: its card says so); not in the
    # JSON, which carries the card's numbers only.
    illegal: tuple[str, ...] = ()


def speed(mech: Mech) -> str:
    return str(banded(mech.walking_mp, rules().speed, rules().speed_max, inclusive=True))


def structure(mech: Mech) -> int:
    r = rules()
    per_divisor = int(round_half_up(Fraction(mech.armor_points, r.structure_divisor)))
    return per_divisor + r.structure_base


def armor(mech: Mech) -> int:
    total = mech.armor_points + sum((mech.structure or {}).values())
    return banded(total, rules().armor, rules().armor_max, inclusive=False)


def medium_damage(weapon: ASWeapon) -> int:
    """dmg_M: the weapon's expected damage at medium range, its Alpha Strike base M value
    × 10 (ALPHA_STRIKE.md §5.2: TW damage where its long range reaches 4 hexes, racks by
    cluster hits on a 7 × damage per missile), Artemis left out."""
    return int(round_half_up(weapon.base[1] * constants().damage_divisor))


def _front(unit: ASUnit) -> tuple[ASWeapon, ...]:
    return alpha_strike.front(unit)


def _unit(mech: Mech) -> ASUnit:
    return alpha_strike_rules(mech.ruleset).alpha_strike_unit(mech)


def sustainable_damage(mech: Mech) -> int:
    """D: the most dmg_M of front weapons whose heat fits the budget (0/1 knapsack on heat).
    A greedy budget is not monotone: a cheap weapon could crowd out a big one."""
    unit = _unit(mech)
    budget = unit.heat_capacity - alpha_strike.movement_heat(unit) + rules().heat_allowance
    if budget < 0:
        return 0
    best = [0] * (budget + 1)  # best[h]: the most damage for at most h heat
    for weapon in _front(unit):
        damage, heat = medium_damage(weapon), max(0, math.ceil(weapon.heat))
        if damage == 0:
            continue
        for h in range(budget, heat - 1, -1):
            best[h] = max(best[h], best[h - heat] + damage)
    return best[budget]


def attack(mech: Mech) -> int:
    r = rules()
    return r.attack_base + (2 * sustainable_damage(mech) + r.attack_offset) // r.attack_divisor


def options(mech: Mech) -> tuple[Option, ...]:
    """In the card's order: Overheat, Alpha Strike, Missile, Jump."""
    r, unit = rules(), _unit(mech)
    front = _front(unit)
    found: list[Option] = []
    excess = (sum(w.heat for w in front) + alpha_strike.movement_heat(unit)
              - unit.heat_capacity)
    if excess >= r.overheat_min:
        raw = alpha_strike.raw(unit, front)
        y = max(r.overheat_least, alpha_strike.overheat(unit, raw).ov)
        found.append(Option("Overheat", x=y, y=y))
    # C: the autocannons' damage; H: the LRMs' cluster hits (1 damage a missile).
    cannon = sum(medium_damage(w) for w in front if w.kind in r.autocannon_kinds)
    if cannon >= r.alpha_min:
        found.append(Option("Alpha Strike", y=cannon // r.alpha_divisor))
    hits = sum(medium_damage(w) for w in front if w.kind in r.missile_kinds)
    if hits >= r.missile_min:
        found.append(Option("Missile", n=int(round_half_up(Fraction(hits, r.missile_divisor)))))
    if mech.jumping_mp > 0:
        found.append(Option("Jump"))
    return tuple(found)


def cost(battle_value: int) -> int:
    r = rules()
    return max(0, int(round_half_up(Fraction(battle_value - r.cost_offset, r.cost_divisor))))


def loadout(mech: Mech) -> tuple[str, ...]:
    """The weapons, like ones together in the order first mounted: ("2 × LRM 15", …)."""
    counts: dict[str, int] = {}
    for mount in mech.weapons:
        name = mount.name + (" (R)" if mount.rear else "")
        counts[name] = counts.get(name, 0) + 1
    return tuple(f"{n} × {name}" if n > 1 else name for name, n in counts.items())


def ccg_card(assessed: Assessment, source: str) -> CcgCard:
    """The card of an assessed 'Mech; its cost follows the Battle Value, and a ruleset
    without one (the 1984 book) gets no cost (never an invented number)."""
    mech, values = assessed.mech, assessed.values
    bv = values.bv if values is not None else None
    return CcgCard(
        chassis=mech.design.chassis, model=mech.design.model, source=source,
        ruleset=mech.ruleset.name, tonnage=mech.tonnage, speed=speed(mech), attack=attack(mech),
        armor=armor(mech), structure=structure(mech), options=options(mech),
        cost=None if bv is None else cost(bv), loadout=loadout(mech),
        illegal=assessed.error_codes)
