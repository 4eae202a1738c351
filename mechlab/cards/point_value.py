"""Alpha Strike point value (RULES.md §6.8; ASC p. 138–141 with errata 1.4) and skill.

Exact fractions; the book's "round" is half up, "round to 0.5" is half up on halves.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.cards.constants import exact, table
from mechlab.core.rounding import round_half_up

if TYPE_CHECKING:
    from mechlab.cards.as_card import AlphaStrikeCard

HALF = Fraction(1, 2)


def _pv() -> dict[str, Any]:
    pv: dict[str, Any] = table("alpha_strike")["pv"]
    return pv


def to_half(value: Fraction) -> Fraction:
    return round_half_up(value * 2) / 2


def offensive(card: AlphaStrikeCard) -> Fraction:
    """S + 2M + L + overheat + ½ size + the offensive special abilities."""
    c = _pv()
    s, m, long_ = card.s.points, card.m.points, card.l.points
    value = s + 2 * m + long_ + card.sz * exact(c["size_factor"])
    if card.ov >= 1:
        bonus = c["overheat_base"] + exact(c["overheat_step"]) * (card.ov - 1)
        value += bonus / 2 if m + long_ == 0 else bonus
    if card.ovl:
        value += exact(c["ovl_per_ov"]) * card.ov
    if "MEL" in card.specials:
        value += exact(c["mel"])
    if card.ht:
        value += card.ht  # HT#/-/-: the largest band (only S for flamers)
    if card.indirect is not None:
        value += card.indirect.points
    return value


def defense_factor(card: AlphaStrikeCard) -> Fraction:
    c = _pv()
    movemod = card.tmm
    if card.jump and not (card.s.any or card.m.any or card.l.any):
        movemod += 1  # ASC: a jumper without damage defends as if it jumped
    k = exact(c["low_k"]) if movemod <= c["low_k_max_tmm"] else exact(c["high_k"])
    return 1 + k * movemod


def defensive(card: AlphaStrikeCard) -> Fraction:
    """Highest move ÷ 8 (+½ if it jumps) + (2A + S) × defense factor, to the half."""
    c = _pv()
    value = Fraction(max(card.ground, card.jump), c["move_divisor"])
    if card.jump:
        value += exact(c["jump_bonus"])
    durability = c["armor_factor"] * card.armor + c["structure_factor"] * card.structure
    return value + to_half(durability * defense_factor(card))


def agile(card: AlphaStrikeCard) -> Fraction:
    """ASC errata 1.4: TMM ≥ 2 adds (TMM − 1) × M, or (TMM − 2) × S without M damage."""
    if card.tmm < 2:
        return Fraction(0)
    if card.m.points > 0:
        return to_half((card.tmm - 1) * card.m.points)
    if card.tmm >= 3:
        return to_half((card.tmm - 2) * card.s.points)
    return Fraction(0)


def brawler(card: AlphaStrikeCard, subtotal: Fraction) -> Fraction:
    """ASC errata 1.4: short-ranged slow units lose a share of the subtotal."""
    c = _pv()
    move = max(card.ground, card.jump)
    s, m, long_ = card.s.points, card.m.points, card.l.points
    share = Fraction(0)
    low, high = c["brawler_fast_move"]
    if move >= c["brawler_min_move"]:
        short_only = m + long_ == 0 and s > 0
        no_long = long_ == 0 and s + m > 0
        if low <= move <= high and short_only:
            share = exact(c["brawler_short_only_fast"])
        elif move < low and short_only:
            share = exact(c["brawler_short_only_slow"])
        elif move < low and no_long:
            share = exact(c["brawler_no_long_slow"])
    return to_half(subtotal * share)


def base_point_value(card: AlphaStrikeCard) -> int:
    subtotal = offensive(card) + defensive(card)
    return max(1, int(round_half_up(subtotal + agile(card) - brawler(card, subtotal))))


def skill_adjusted(base: int, skill: int) -> int:
    """ASCE skill table: each step better than 4 adds 1 + ⌊(PV − 3) ÷ 5⌋ (PV > 7), each step
    worse subtracts 1 + ⌊(PV − 5) ÷ 10⌋ (PV > 14); never below 1."""
    c = table("alpha_strike")["skill"]
    if skill == c["base"]:
        return base
    side = c["better"] if skill < c["base"] else c["worse"]
    step = 1 + ((base - side["offset"]) // side["divisor"] if base > side["threshold"] else 0)
    sign = 1 if skill < c["base"] else -1
    return max(1, int(base + sign * abs(c["base"] - skill) * step))
