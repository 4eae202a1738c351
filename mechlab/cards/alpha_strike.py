"""The Alpha Strike card of a resolved 'Mech: the BattleMech conversion of ALPHA_STRIKE.md.

One code for every ruleset: the 'Mech's ruleset describes it as an `ASUnit` (each weapon's
base values, heat, damage special and ammunition pool; the equipment specials), and the
functions here apply §1–§8, each a pure function. Constants: alpha_strike.yaml, typed as
`as_constants.AlphaStrikeConstants`.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction

from mechlab.cards.as_card import AlphaStrikeCard
from mechlab.cards.as_constants import constants
from mechlab.cards.as_generic import BANDS, generic_damage
from mechlab.cards.as_unit import NO_DAMAGE, ASUnit, ASWeapon
from mechlab.cards.as_variants import alpha_strike_rules
from mechlab.cards.constants import banded
from mechlab.cards.damage import Damage, rounded_normal, rounded_up, up_to_tenth, whole_up
from mechlab.cards.point_value import base_point_value, skill_adjusted
from mechlab.core.equipment import ItemKind
from mechlab.model.mech import Mech


class ConversionUndefined(ValueError):
    """The conversion is not defined for this design's ruleset (the 1984 rules)."""


def applies(mech: Mech) -> bool:
    """The conversion is defined for the 'Mechs of rulesets that say so, of the unit types
    alpha_strike.yaml gives a card type (BattleMech BM, IndustrialMech IM)."""
    return (bool(getattr(mech.ruleset, "alpha_strike", False))
            and mech.unit_type in constants().unit_types)


def off_cluster_table(mech: Mech) -> list[str]:
    """The weapons whose rack size has no column in the Cluster Hits Table the conversions
    use (`cluster_hits_on_7`: RULES.md 5.1's racks). The trading-card conversion values a
    rack by it, so a Standard 'Mech with an MML 3 or a HAG/30 has no trading card until that
    table grows (the Alpha Strike conversion has a value for each launcher: §5.2)."""
    columns = constants().cluster_hits_on_7
    # A Narc or iNarc pod does no damage (its sheet line prints none): no cluster to count.
    return sorted({m.name for m in mech.mounts_of(ItemKind.WEAPON)
                   if m.item.weapon.missiles and m.item.weapon.missiles not in columns
                   and mech.ruleset.printed_damage(m.item.weapon) is None})


# §1–§4: size, move, armor, structure ------------------------------------------------------
def size(tonnage: int) -> int:
    r = constants()
    return banded(tonnage, r.size, r.size_max, inclusive=False)


def walk(unit: ASUnit) -> int:
    """§2 step 2: MASC or supercharger × 1.25, both × 1.5, half up; then less the armor's
    penalty (ADVANCED_BV.md §6: hardened armor − 1) and − 1 for modular armor (§6)."""
    boost = constants().boosted_walk
    factor = Fraction(1)
    if unit.masc and unit.supercharger:
        factor = boost["both"]
    elif unit.masc or unit.supercharger:
        factor = boost["one"]
    # never below 0 (MegaMek's ASMovementConverter; the MUL's Phoenix Hawk PXH-99: 0"/2"j)
    return max(0, math.floor(unit.walking_mp * factor + Fraction(1, 2)) - unit.walk_penalty)


def moves(unit: ASUnit) -> tuple[int, int]:
    """§2 step 3: (ground, jump) in inches."""
    inches = constants().inches_per_mp
    return walk(unit) * inches, max(unit.jumping_mp, unit.jump_booster_mp) * inches


def underwater(unit: ASUnit) -> int:
    """ALPHA_STRIKE.md §2 step 3: the UMU's `s` mode, 2" a UMU MP (the MUL's UMU cards)."""
    return unit.umu_mp * constants().inches_per_mp


def tmm(inches: int) -> int:
    r = constants()
    return banded(inches, r.tmm, r.tmm_max, inclusive=True)


def jump_special(ground: int, jump: int, prefix: str = "JMP") -> str | None:
    """§2 step 6: JMPW# / JMPS#, the jump move's TMM # below / above the ground TMM; with
    `prefix` SUB the UMU's SUBW# / SUBS# (ADVANCED_BV.md §6; the MUL's Mad Cat (Timber
    Wolf) U, 10"/8"s: SUBW1)."""
    if jump == 0 or jump == ground:
        return None
    difference = tmm(jump) - tmm(ground)
    if difference == 0:
        return None
    return f"{prefix}S{difference}" if difference > 0 else f"{prefix}W{-difference}"


def armor(unit: ASUnit) -> int:
    """§3: all armor points, rear included, ÷ 30, half up."""
    divisor = constants().armor_divisor
    return math.floor(unit.armor_points / divisor + Fraction(1, 2))


def structure(unit: ASUnit) -> int:
    """§4: by engine row and tonnage; reinforced × 2, composite × ½ rounded up."""
    low, high, step = constants().structure_tonnages
    index = (min(max(unit.tonnage, low), high) - low) // step
    row = constants().structure[unit.structure_row]
    value: int = math.ceil(row[index] * unit.structure_factor)
    return value


# §5: damage ----------------------------------------------------------------------------------
def pool_counts(unit: ASUnit) -> Counter[str]:
    return Counter(w.ammo for w in unit.weapons if w.ammo and not w.one_shot)


def multiplier(weapon: ASWeapon, unit: ASUnit) -> Fraction:
    """§5.3: ammunition (× 0.75 short, × 0 none), one-shot × 0.1, targeting computer × 1.1."""
    r, factor = constants(), Fraction(1)
    if weapon.one_shot:
        factor *= r.one_shot_factor
    elif weapon.ammo:
        shots = sum(n for pool, n in unit.ammo if pool == weapon.ammo)
        if shots == 0:
            return Fraction(0)
        if Fraction(shots, pool_counts(unit)[weapon.ammo]) < weapon.ammo_threshold:
            factor *= r.low_ammo_factor
    if weapon.tc and unit.targeting_computer:
        factor *= r.targeting_computer_factor
    if weapon.aes:
        factor *= r.aes_weapon_factor
    return factor


def raw(unit: ASUnit, weapons: tuple[ASWeapon, ...], plain: bool = False,
        share: dict[str, list[Fraction]] | None = None) -> dict[str, Fraction]:
    """Σ value × multiplier per band (`plain`: without Artemis; `share`: per-kind shares)."""
    total = dict.fromkeys(BANDS, Fraction(0))
    for w in weapons:
        factor = multiplier(w, unit)
        values = w.base if plain else w.damage
        shares = (share or {}).get(w.kind, [Fraction(1)] * 3)
        for band, value, part in zip(BANDS, values, shares, strict=True):
            total[band] += value * factor * part
    return total


def front(unit: ASUnit) -> tuple[ASWeapon, ...]:
    """§5.4: the front weapons that count as damage (torpedoes feed only TOR)."""
    return tuple(w for w in unit.weapons if not w.rear and w.kind != "TOR")


# §6: heat ------------------------------------------------------------------------------------
def movement_heat(unit: ASUnit) -> int:
    r = constants()
    if unit.jumping_mp <= 0:
        return r.run_heat if unit.run_heat is None else unit.run_heat
    if unit.jump_heat is not None:  # ADVANCED_BV.md §7.2: the engine's own (XXL)
        per_mp, least = unit.jump_heat
        return max(least, math.ceil(unit.jumping_mp * per_mp))
    jump = math.ceil(Fraction(unit.jumping_mp, 2)) if unit.improved_jump_jets else unit.jumping_mp
    return max(r.min_jump_heat, jump)


def heat(unit: ASUnit, weapons: tuple[ASWeapon, ...]) -> Fraction:
    """Movement heat + the weapons' heat (one-shots none) + signature heat."""
    weapon_heat = sum((w.heat for w in weapons if not w.one_shot), Fraction(0))
    return movement_heat(unit) + weapon_heat + unit.signature_heat


def heat_factor(generated: Fraction, capacity: int) -> Fraction | None:
    """capacity ÷ (H − 4) when H − 4 exceeds the capacity, else None (no adjustment)."""
    allowance = constants().heat_allowance
    if generated - allowance > capacity:
        return Fraction(capacity) / (generated - allowance)
    return None


@dataclass(frozen=True)
class Heat:
    factor: Fraction | None  # §6 step 5: S and M (None: no adjustment)
    ov: int
    ovl: bool
    long_factor: Fraction | None  # §6 step 6: what the long band is multiplied by
    # The damage specials' L: × the long check's own factor whenever S and M were scaled,
    # OVL or not. ALPHA_STRIKE.md §7.2 takes M's factor with OVL, which misses the MUL's
    # Ymir BWP-2E (IF1 = 0.6 × 16/22; M's 16/26 gives IF0*: its §12 lists it) and
    # BattleAxe BKX-7K (IF0* = 0.6 × 15/24); its own factor also gives Longbow LGB-14C's IF2.
    special_long: Fraction | None = None


def overheat(unit: ASUnit, damage: dict[str, Fraction]) -> Heat:
    """§6 steps 5–6: OV from M (S when M is 0); OVL when a hot L would lose a point."""
    weapons = tuple(w for w in unit.weapons if not w.rear)  # torpedo launchers heat too
    factor = heat_factor(heat(unit, weapons), unit.heat_capacity)
    # The long check counts the weapons that reach L (plain value, or heat damage in L).
    reaching = tuple(w for w in weapons if w.base[2] > 0 or w.heat_damage[2] > 0)
    long_factor = heat_factor(heat(unit, reaching), unit.heat_capacity)
    if factor is None:
        return Heat(None, 0, False, None)
    if damage["m"] > 0:
        ov = whole_up(damage["m"]) - whole_up(damage["m"] * factor)
    else:
        ov = rounded_up(damage["s"]).value - rounded_up(damage["s"] * factor).value
    ov = min(constants().max_overheat, ov)
    if long_factor is None:
        return Heat(factor, ov, False, None)
    if ov > 0:
        hot = whole_up(damage["l"] * long_factor) < whole_up(damage["l"])
        return Heat(factor, ov, hot, factor if hot else None, long_factor)
    return Heat(factor, ov, False, long_factor, long_factor)


def scaled(damage: dict[str, Fraction], hot: Heat, factor: Fraction | None = None,
           special: bool = False) -> dict[str, Fraction]:
    """§6 step 7: S and M × the factor (`factor` overrides it), L × the long factor; a
    damage special's L (`special`) × `Heat.special_long`."""
    if hot.factor is None:
        return damage
    f = factor if factor is not None else hot.factor
    long_factor = hot.special_long if special else hot.long_factor
    return {"s": damage["s"] * f, "m": damage["m"] * f, "l": damage["l"] * (long_factor or 1)}


# §7: specials --------------------------------------------------------------------------------
def damage_special(unit: ASUnit, kind: str, hot: Heat) -> str | None:
    """§7.2 AC, FLK, LRM, SRM, TOR: the front weapons of that kind (an MML's share for LRM
    and SRM; Artemis-linked launchers never for LRM or SRM), heat-scaled."""
    spec = constants().damage_specials[kind]
    shares = {"MML": list(constants().mml_share[kind])} if kind in (
        "LRM", "SRM") else {}
    mounts = tuple(w for w in unit.weapons if not w.rear and (
        w.kind == kind or w.kind in shares) and not (kind in ("LRM", "SRM") and w.artemis))
    value = scaled(raw(unit, mounts, plain=kind != "TOR", share=shares), hot, special=True)
    bands = BANDS[: spec.bands]
    if spec.qualifies == "medium" and up_to_tenth(value["m"]) < 1:
        return None
    if spec.qualifies == "any" and not any(value[b] > 0 for b in bands):
        return None
    return kind + "/".join(rounded_normal(value[b], spec.minimal).special() for b in bands)


def rear_special(unit: ASUnit, hot: Heat) -> str | None:
    """§7.3 REAR: the rear weapons (no Artemis), S and M × the rear arc's own factor."""
    weapons = tuple(w for w in unit.weapons if w.rear)
    value = raw(unit, weapons, plain=True)
    if not any(value.values()):
        return None
    rear_factor = heat_factor(heat(unit, weapons), unit.heat_capacity) or Fraction(1)
    value = scaled(value, hot, factor=rear_factor, special=True)
    return "REAR" + "/".join(rounded_normal(value[b]).special() for b in BANDS)


def turret_special(unit: ASUnit, hot: Heat) -> str | None:
    """ADVANCED_BV.md §7.1 TUR: the turret-mounted front weapons, which count in the standard
    damage too: their heat-scaled damage (rounded up, `-` for none) and their damage
    specials, `TUR(3/3/2,IF0*)` (MegaMek's damageLocationsCount; the MUL's Goliath GOL-6M,
    Quickdraw QKD-8X)."""
    weapons = tuple(w for w in front(unit) if w.turret)
    if not weapons:
        return None
    value = scaled(raw(unit, weapons), hot)
    turret = replace(unit, weapons=weapons)
    inner = [damage_special(turret, k, hot) for k in constants().damage_specials]
    fire = indirect_fire(turret, hot)
    inner.append(f"IF{fire}" if fire else None)
    inner.append(_ht_text(heat_damage(turret)))  # the MUL's Sarath SRTH-1OB: TUR(2/2/-,HT2/2/-)
    always = constants().counted_specials
    inner += [f"{k}{n}" if k in always else k for k, n in Counter(unit.turret_specials).items()]
    text = "/".join(rounded_up(value[b]).special() for b in BANDS)
    return f"TUR({','.join([text, *sorted(s for s in inner if s)])})"


def indirect_fire(unit: ASUnit, hot: Heat) -> Damage | None:
    """§7.2 IF: the indirect-fire launchers' plain L value, heat-scaled; 0* allowed."""
    weapons = tuple(w for w in unit.weapons if not w.rear and w.indirect)
    value = scaled(raw(unit, weapons, plain=True), hot, special=True)["l"]
    return rounded_normal(value) if value > 0 else None


def heat_damage(unit: ASUnit) -> tuple[int, int, int]:
    """§7.2 HT: per band the front weapons' heat damage: 1 above 4, 2 above 10."""
    sums = [sum(w.heat_damage[i] for w in unit.weapons if not w.rear) for i in range(3)]
    low, high = constants().ht_thresholds
    bands = tuple(2 if v > high else 1 if v > low else 0 for v in sums)
    return bands[0], bands[1], bands[2]


def _ht_text(ht: tuple[int, int, int]) -> str | None:
    return "HT" + "/".join(str(v) if v else "-" for v in ht) if any(ht) else None


def explosive_specials(unit: ASUnit) -> list[str]:
    """§7.4: ENE when nothing explodes; else CASE (a Clan design's, or mounted) / CASEII."""
    if not unit.explosive:
        return ["ENE"]
    if "CASEII" in unit.specials:
        return ["CASEII"]
    return ["CASE"] if unit.clan_case or "CASE" in unit.specials else []


def specials(unit: ASUnit, hot: Heat, fire: Damage | None,
             ht: tuple[int, int, int]) -> tuple[str, ...]:
    """§7.5: every special, in ASCII order."""
    found: list[str | None] = [damage_special(unit, k, hot) for k in constants().damage_specials]
    found += [rear_special(unit, hot), turret_special(unit, hot),
              f"IF{fire}" if fire else None, _ht_text(ht),
              "OVL" if hot.ovl else None, jump_special(*moves(unit)),
              jump_special(moves(unit)[0], underwater(unit), "SUB")]
    found += [w.special for w in unit.weapons if w.special]
    found += [s for s in unit.specials if s not in ("CASE", "CASEII")]
    found += explosive_specials(unit)
    counted = Counter(s for s in found if s)
    always = constants().counted_specials
    out = []
    for name, n in counted.items():
        numbered = name in always or (n > 1 and name in ("SNARC", "INARC", "C3M", "C3BSM"))
        out.append(f"{name}{n}" if numbered else name)
    return tuple(sorted(out))


def alpha_strike_card(mech: Mech, source: str, skill: int | None = None) -> AlphaStrikeCard:
    """The card at skill 4, or at `skill` with the point value adjusted (§8)."""
    if not applies(mech):
        raise ConversionUndefined(
            f"the Alpha Strike conversion is not defined for the {mech.ruleset.name!r} ruleset")
    unit = alpha_strike_rules(mech.ruleset).alpha_strike_unit(mech)
    card = card_of(unit, mech.design.chassis, mech.design.model, source, mech.ruleset.name,
                   mech.design.role)
    wanted = card.skill if skill is None else skill
    return replace(card, pv=skill_adjusted(card.base_pv, wanted), skill=wanted)


def card_of(unit: ASUnit, chassis: str, model: str, source: str, ruleset: str,
            role: str | None = None) -> AlphaStrikeCard:
    """§1–§8 for one 'Mech: the skill-4 card."""
    damage = raw(unit, front(unit))
    hot = overheat(unit, damage)
    final = scaled(damage, hot)
    fire, ht = indirect_fire(unit, hot), heat_damage(unit)
    ground, jump = moves(unit)
    mhq = math.floor(unit.mhq)
    extra = (f"MHQ{mhq}",) if mhq else ()
    card = AlphaStrikeCard(
        chassis=chassis, model=model, source=source, ruleset=ruleset,
        type=unit.unit_type, sz=size(unit.tonnage), ground=ground, jump=jump,
        tmm=tmm(ground), s=rounded_up(final["s"]), m=rounded_up(final["m"]),
        l=rounded_up(final["l"]), ov=hot.ov, armor=armor(unit), structure=structure(unit),
        specials=tuple(sorted((*specials(unit, hot, fire, ht), *extra))), base_pv=0, pv=0,
        skill=constants().skill.base, role=role, ovl=hot.ovl, indirect=fire, ht=ht,
        air_moves=unit.air_moves, umu=underwater(unit), move_code=unit.move_code)
    base = base_point_value(card)
    return replace(card, base_pv=base, pv=base)


__all__ = ["NO_DAMAGE", "ASUnit", "ASWeapon", "alpha_strike_card", "card_of", "generic_damage"]
