"""Alpha Strike point value (ALPHA_STRIKE.md §8; ASC p. 138–141 with errata 1.4) and skill.

Exact fractions; the book's "round" is half up, "round to 0.5" is half up on halves. The
special terms read the card's specials, so a special and its worth are never out of step.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import TYPE_CHECKING

from mechlab.cards.as_constants import PointValueRules, constants
from mechlab.core.rounding import round_half_up

if TYPE_CHECKING:
    from mechlab.cards.as_card import AlphaStrikeCard

HALF = Fraction(1, 2)


def _pv() -> PointValueRules:
    return constants().pv


def to_half(value: Fraction) -> Fraction:
    return round_half_up(value * 2) / 2


def _numbered(card: AlphaStrikeCard, prefix: str) -> int:
    """The number of a numbered special (`JMPS2` → 2, `MHQ5` → 5), 0 without it."""
    for special in card.specials:
        match = re.fullmatch(rf"{prefix}(\d+)", special)
        if match:
            return int(match.group(1))
    return 0


def _has(card: AlphaStrikeCard, name: str) -> bool:
    """`SNARC` also matches `SNARC2`: §8 counts a kind once whatever the count."""
    return any(re.fullmatch(rf"{name}\d*", s) for s in card.specials)


def bands(card: AlphaStrikeCard) -> tuple[Fraction, Fraction, Fraction]:
    """§8: the S, M and L damage (`0*` = ½) plus the torpedoes' `TOR#/#/#` values."""
    s, m, long_ = card.s.points, card.m.points, card.l.points
    for special in card.specials:
        match = re.fullmatch(r"TOR([0-9*-]+)/([0-9*-]+)/([0-9*-]+)", special)
        if match:
            extra = [HALF if v == "0*" else Fraction(0) if v == "-" else Fraction(v)
                     for v in match.groups()]
            s, m, long_ = s + extra[0], m + extra[1], long_ + extra[2]
    return s, m, long_


def offensive(card: AlphaStrikeCard) -> Fraction:
    """§8 steps 1–4: S + 2M + L, overheat, ½ size, the offensive specials."""
    c = _pv()
    s, m, long_ = bands(card)
    value = s + 2 * m + long_ + card.sz * c.size_factor
    if card.ov >= 1:
        bonus = c.overheat_base + c.overheat_step * (card.ov - 1)
        value += bonus / 2 if m + long_ == 0 else bonus
    if card.ovl:
        value += c.ovl_per_ov * card.ov
    value += sum((v for k, v in c.offense_specials.items() if _has(card, k)), Fraction(0))
    if _has(card, "RHS"):  # ADVANCED_BV.md §7.3
        value += c.rhs["ovl" if card.ovl else "ov" if card.ov > 0 else "none"]
    value += counted_terms(card)
    if any(card.ht):
        value += max(card.ht) + (c.ht_medium_bonus if card.ht[1] else 0)
    if card.indirect is not None:
        value += card.indirect.points
    value += sum((_long_band(card, k) for k in c.long_band_specials), Fraction(0))
    value += _artillery(card)
    value += sum((_numbered(card, k) for k in c.counted_offense_specials), Fraction(0))
    value += constants().land_air.bomb_pv * _numbered(card, "BOMB")  # lane lam
    factor = fire_control_factor(card)
    value = value if factor == 1 else to_half(value * factor)
    # ASPointValueConverter's blanket modifier: a shield (SHLD) × 0.9, unrounded.
    for special, share in c.blanket_specials.items():
        if special in card.specials:
            value *= share
    return value


def _artillery(card: AlphaStrikeCard) -> Fraction:
    """ADVANCED_BV.md §8: each artillery piece (`ARTAIS-2`) adds its kind's offense."""
    per_piece = constants().artillery_pv
    total = Fraction(0)
    for special in card.specials:
        kind, dash, count = special.partition("-")
        if dash and kind in per_piece and count.isdigit():
            total += Fraction(per_piece[kind]) * int(count)
    return total


def _long_band(card: AlphaStrikeCard, name: str) -> Fraction:
    """The long value of a damage special `NAMEs/m/l` (`0*` = ½, `-` = 0)."""
    for special in card.specials:
        match = re.fullmatch(rf"{name}[0-9*-]+/[0-9*-]+/([0-9*-]+)", special)
        if match:
            value = match.group(1)
            return HALF if value == "0*" else Fraction(0) if value == "-" else Fraction(value)
    return Fraction(0)


def counted_terms(card: AlphaStrikeCard) -> Fraction:
    """ADVANCED_BV.md §8: a numbered special's offensive term, per count up to its cap
    (TSEMP2 + 10, TSEMP-O7 + 5, MTAS1 + 1; ASPointValueConverter)."""
    total = Fraction(0)
    for name, (per_count, cap) in _pv().offense_counted.items():
        n = _numbered(card, name)
        total += per_count * (min(n, cap) if cap else n)
    return total


def fire_control_factor(card: AlphaStrikeCard) -> Fraction:
    """The blanket offensive factor: basic fire control (BFC) × 0.9; an IndustrialMech
    with no fire control special at all × 0.8; 1 otherwise. (The offensive value it
    scales is then rounded to a half, as the MUL's cards have it: alpha_strike.yaml.)"""
    c = _pv()
    factor = Fraction(1)
    if card.type in c.fire_control_types and not any(
            s in card.specials for s in c.fire_control_specials):
        factor *= c.no_fire_control_factor
    for special, value in c.fire_control_factor.items():
        if special in card.specials:
            factor *= value
    return factor


def _jmps(card: AlphaStrikeCard) -> Fraction:
    return _numbered(card, "JMPS") * _pv().jmps_step


def defense_factor(card: AlphaStrikeCard) -> Fraction:
    """§8 step 7: 1 + k × r."""
    c = _pv()
    r = Fraction(card.tmm)
    if card.jump and not (card.s.any or card.m.any or card.l.any) and not any(
            _has(card, k) for k in c.no_jump_defense_specials):
        r += 1  # a jumper without damage defends as if it jumped
    if "MAS" in card.specials:
        r = max(r, Fraction(c.mas_r))  # ADVANCED_BV.md §7.3: void-signature
    if "STL" in card.specials:
        r += c.stealth_r
    # ASPointValueConverter: a superheavy (LG) defends 1 lower (the MUL's OMEGA SHP-4X 61,
    # Orca OC-1X 73).
    r -= sum((v for k, v in c.defense_factor_specials.items() if k in card.specials), 0)
    r += _jmps(card)
    k = c.low_k if r <= c.low_k_max_tmm else c.high_k
    return 1 + k * r


def defensive(card: AlphaStrikeCard) -> Fraction:
    """§8 steps 5–7: highest move ÷ 8 (+½ if it jumps), specials, (2A + S) × factor."""
    c = _pv()
    value = Fraction(card.highest_move, c.move_divisor)  # every mode: UMU, AirMech, fighter
    if card.jump:
        value += c.jump_bonus
    value += _thrust_terms(card)
    value += sum((v for k, v in c.defense_specials.items() if k in card.specials), Fraction(0))
    if card.sz >= c.sized_defense_min_size:
        value += sum((v for k, v in c.sized_defense_specials.items() if k in card.specials),
                     Fraction(0))
    value += sum((v * (card.armor // 3) for k, v in c.harjel.items() if k in card.specials),
                 Fraction(0))  # ADVANCED_BV.md §7.3: HarJel II / III
    bar = "BAR" in card.specials
    value += armor_terms(card, bar)
    armor_factor = c.armor_factor * (c.bar_armor_share if bar else 1)
    structure_factor = (c.weak_structure_factor if bar or card.type in c.weak_structure_types
                        else Fraction(c.structure_factor))
    durability = armor_factor * card.armor + structure_factor * card.structure
    return value + to_half(durability * defense_factor(card))


def _thrust_terms(card: AlphaStrikeCard) -> Fraction:
    """ADVANCED_BV.md §8 (lane lam): an element with a fighter move `a` adds ¼ a, and 1 more
    from thrust 10 on."""
    land_air = constants().land_air
    return sum((land_air.thrust_pv * v + (land_air.fast_thrust_pv if v >= land_air.fast_thrust
                                          else 0)
                for v, code in card.air_moves if code == "a"), Fraction(0))


def armor_terms(card: AlphaStrikeCard, bar: bool) -> Fraction:
    """ADVANCED_BV.md §8: the armors' defensive terms: RCA ⌊A ÷ 3⌋, BRA ¾ of it, IRA ½
    (halved with BAR), and CR's ¼ with at least 3 structure (ASPointValueConverter)."""
    c = _pv()
    third = Fraction(card.armor // 3) * (c.bar_armor_share if bar else 1)
    value = sum((v * third for k, v in c.armor_third_specials.items() if k in card.specials),
                Fraction(0))
    return value + sum((v for k, (least, v) in c.structure_specials.items()
                        if k in card.specials and card.structure >= least), Fraction(0))


def agile(card: AlphaStrikeCard) -> Fraction:
    """§8 step 9: t = TMM + ½ JMPS#; t > 1 adds (t − 1) × M, or (t − 2) × S without M. The
    standard damage only: torpedoes (`TOR`) count in steps 1 and 11, not here (MegaMek's
    conversion; the MUL's Thor (Summoner) U: PV 43, with TOR1/1/1 in M it would be 44)."""
    t = card.tmm + _jmps(card)
    if t <= 1:
        return Fraction(0)
    s, m = card.s.points, card.m.points
    if m > 0:
        return to_half((t - 1) * m)
    if card.tmm >= 3:
        return to_half((t - 2) * s)
    return Fraction(0)


def brawler(card: AlphaStrikeCard, subtotal: Fraction) -> Fraction:
    """§8 step 11: short-ranged slow units lose a share of the subtotal."""
    c = _pv()
    if any(_has(card, k) for k in c.brawler_exempt):
        return Fraction(0)
    move = card.highest_move
    s, m, long_ = bands(card)
    share = Fraction(0)
    low, high = c.brawler_fast_move
    if move >= c.brawler_min_move:
        short_only = m + long_ == 0 and s > 0
        no_long = long_ == 0 and s + m > 0
        if low <= move <= high and short_only:
            share = c.brawler_short_only_fast
        elif move < low and short_only:
            share = c.brawler_short_only_slow
        elif move < low and no_long:
            share = c.brawler_no_long_slow
    return to_half(subtotal * share)


def force(card: AlphaStrikeCard) -> Fraction:
    """§8 step 12: ECM, probes, recon and MHQ."""
    c = _pv()
    value = sum((Fraction(v) for k, v in c.force_specials.items() if k in card.specials),
                Fraction(0))
    mhq = _numbered(card, "MHQ")
    if mhq:
        full = c.mhq_full
        # beyond `full`, the rate applies to the excess: the MUL's boosted-master cards
        # (MHQ6: Cyclops CP-11-C3 50, Gunslinger GUN-2ERDr 52; MHQ12: Strider SR1-OM 23)
        value += mhq if mhq <= full else full + math.ceil(c.mhq_rate * (mhq - full))
    return value


def base_point_value(card: AlphaStrikeCard) -> int:
    c = _pv()
    subtotal = offensive(card) + defensive(card)
    c3 = (to_half(c.c3_share * subtotal)
          if any(_has(card, k) for k in c.c3_specials) else Fraction(0))
    total = subtotal + agile(card) + c3 - brawler(card, subtotal) + force(card)
    return max(1, int(round_half_up(total)))


def skill_adjusted(base: int, skill: int) -> int:
    """ASCE skill table: each step better than 4 adds 1 + ⌊(PV − 3) ÷ 5⌋ (PV > 7), each step
    worse subtracts 1 + ⌊(PV − 5) ÷ 10⌋ (PV > 14); never below 1."""
    c = constants().skill
    if skill == c.base:
        return base
    side = c.better if skill < c.base else c.worse
    step = 1 + ((base - side.offset) // side.divisor if base > side.threshold else 0)
    sign = 1 if skill < c.base else -1
    steps = abs(c.base - skill)
    return max(1, base + sign * steps * int(step))
