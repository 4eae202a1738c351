"""The Alpha Strike card of a resolved 'Mech: the official conversion (RULES.md §6).

One function per rule, each a pure function of the `Mech`. Where the summary in RULES.md §6
and the published Master Unit List values differ, the published values win; the rule that
reproduces them is written where it applies (comments "MUL:"). Constants: alpha_strike.yaml.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

from mechlab.cards.as_card import AlphaStrikeCard
from mechlab.cards.constants import banded, exact, table
from mechlab.cards.damage import Damage, rounded_normal, rounded_up, up_to_tenth, whole_up
from mechlab.cards.point_value import base_point_value, skill_adjusted
from mechlab.core.equipment import ItemKind
from mechlab.core.rounding import round_half_up
from mechlab.model.mech import Mech, MountedItem

BANDS = ("s", "m", "l")


class ConversionUndefined(ValueError):
    """The conversion is not defined for this design's ruleset (RULES.md §6: standard 'Mechs)."""


@cache
def rules() -> dict[str, Any]:
    return table("alpha_strike")


def applies(mech: Mech) -> bool:
    """§6 converts the standard BattleMechs of rulesets that say so (`Intro.alpha_strike`)."""
    return bool(getattr(mech.ruleset, "alpha_strike", False))


def off_cluster_table(mech: Mech) -> list[str]:
    """The weapons whose rack size has no column in the Cluster Hits Table the conversions
    use (`cluster_hits_on_7`: RULES.md 5.1's racks). Both card games value a rack by it, so
    a Standard 'Mech with an MML 3 or a HAG/30 has no card until that table grows."""
    columns = rules()["cluster_hits_on_7"]
    return sorted({m.name for m in mech.mounts_of(ItemKind.WEAPON)
                   if m.item.weapon.missiles and m.item.weapon.missiles not in columns})


# §6.1–6.4: size, move, armor, structure ----------------------------------------------
def size(mech: Mech) -> int:
    r = rules()
    return int(banded(mech.tonnage, r["size"], r["size_max"], inclusive=False))


def ground_move(mech: Mech) -> int:
    return mech.walking_mp * int(rules()["inches_per_mp"])


def jump_move(mech: Mech) -> int:
    return mech.jumping_mp * int(rules()["inches_per_mp"])


def tmm(inches: int) -> int:
    r = rules()
    return int(banded(inches, r["tmm"], r["tmm_max"], inclusive=True))


def jump_special(ground: int, jump: int) -> str | None:
    """JMPW# / JMPS#: the jump move's TMM # below / above the ground TMM."""
    if jump == 0:
        return None
    difference = tmm(jump) - tmm(ground)
    if difference == 0:
        return None
    return f"JMPS{difference}" if difference > 0 else f"JMPW{-difference}"


def armor(mech: Mech) -> int:
    """§6.3: all armor points, rear included, ÷ 30, half up."""
    return int(round_half_up(Fraction(mech.armor_points, rules()["armor_divisor"])))


def structure(mech: Mech) -> int:
    bands = rules()["structure"]
    return int(banded(mech.tonnage, bands, bands[-1][1], inclusive=True))


# §6.5: damage per weapon ----------------------------------------------------------------
def weapons(mech: Mech, rear: bool = False) -> tuple[MountedItem, ...]:
    return tuple(m for m in mech.mounts_of(ItemKind.WEAPON) if m.rear == rear)


def band_damage(mount: MountedItem, band: str) -> Fraction:
    """A weapon's damage in one band before multipliers: ÷ 10, racks by cluster hits on a 7,
    the S band scaled for a minimum range."""
    r, weapon = rules(), mount.item.weapon
    if weapon.ranges is None or weapon.ranges[2] < r["band_start"][band]:
        return Fraction(0)
    damage = Fraction(weapon.damage)
    if weapon.missiles:
        damage *= r["cluster_hits_on_7"][weapon.missiles]
    if band == "s" and weapon.minimum:
        base = r["minimum_range_base"]
        damage *= Fraction(base - weapon.minimum, base)
    return damage / int(r["damage_divisor"])


def supplied(mech: Mech) -> frozenset[str]:
    """Weapon types with at least 10 shots per weapon (ASC: otherwise damage × 0.75).
    MUL: shots per weapon are whole (⌊shots ÷ weapons⌋), rear weapons counted too."""
    counts = Counter(m.item.weapon.name for m in mech.weapons if m.item.uses_ammo)
    shots = Counter[str]()
    for lot in mech.ammo:
        shots[lot.item.weapon.name] += lot.item.shots or 0
    return frozenset(name for name, n in counts.items()
                     if shots[name] // n >= rules()["low_ammo_shots"])


def multiplier(mount: MountedItem, supplied_types: frozenset[str]) -> Fraction:
    r, factor = rules(), Fraction(1)
    if mount.item.uses_ammo and mount.item.weapon.name not in supplied_types:
        factor *= exact(r["low_ammo_factor"])
    if mount.item.one_shot:
        factor *= exact(r["one_shot_factor"])
    return factor


def raw_damage(mech: Mech, mounts: tuple[MountedItem, ...]) -> dict[str, Fraction]:
    """Σ band damage × multiplier over `mounts`, per band."""
    ammo = supplied(mech)
    return {band: sum((band_damage(m, band) * multiplier(m, ammo) for m in mounts), Fraction(0))
            for band in BANDS}


# §6.5–6.6: heat ---------------------------------------------------------------------------
def movement_heat(mech: Mech) -> int:
    r = rules()
    return int(max(r["min_jump_heat"], mech.jumping_mp) if mech.jumping_mp > 0 else r["run_heat"])


def heat(mech: Mech, long_only: bool = False, rear: bool = False) -> int:
    """Weapon heat of one arc (one-shots add none) + movement heat; `long_only`: the weapons
    reaching L."""
    arc = [m for m in weapons(mech, rear) if not long_only or band_damage(m, "l") > 0]
    return movement_heat(mech) + sum(0 if m.item.one_shot else m.item.weapon.heat for m in arc)


def heat_factor(generated: int, sinks: int) -> Fraction | None:
    """sinks ÷ (H − 4) when H − 4 exceeds the sinks, else None (no adjustment)."""
    allowance = rules()["heat_allowance"]
    return Fraction(sinks, generated - allowance) if generated - allowance > sinks else None


@dataclass(frozen=True)
class Heat:
    factor: Fraction | None  # applied to S and M, and to the damage specials
    ov: int
    ovl: bool
    long_factor: Fraction | None  # applied to the standard L
    own_long: Fraction | None = None  # the L check's own factor: the specials' L with OVL


def overheat(mech: Mech, raw: dict[str, Fraction]) -> Heat:
    """§6.6 OV = min(4, ⌈M⌉ − ⌈heat-adjusted M⌉). L runs its own heat check (the weapons
    reaching L); with OV ≥ 1 a hot L counts only when the adjustment would lower L: that is
    OVL, and L is then × M's factor (MUL: Crossbow CRS-6B L 1 = 2.2 × 10/22; the L check's
    own factor 10/16 would give 2); with OV 0 a hot L takes its own factor."""
    sinks = mech.heat_dissipation
    factor = heat_factor(heat(mech), sinks)
    ov = min(rules()["max_overheat"],
             whole_up(raw["m"]) - whole_up(raw["m"] * factor)) if factor else 0
    long_factor = heat_factor(heat(mech, long_only=True), sinks)
    if long_factor is None:
        return Heat(factor, ov, False, None)
    if ov > 0:
        hot = whole_up(raw["l"] * long_factor) < whole_up(raw["l"])
        return Heat(factor, ov, hot, factor if hot else None, long_factor if hot else None)
    return Heat(factor, ov, False, long_factor)


def standard_damage(raw: dict[str, Fraction], hot: Heat) -> tuple[Damage, Damage, Damage]:
    factors = (hot.factor or 1, hot.factor or 1, hot.long_factor or 1)
    short, medium, long_ = (rounded_up(raw[b] * f) for b, f in zip(BANDS, factors, strict=True))
    return short, medium, long_


# §6.7: special abilities ------------------------------------------------------------------
def adjusted(raw: dict[str, Fraction], hot: Heat) -> dict[str, Fraction]:
    """A damage special's sums after heat: S and M × the factor; L only with OVL, and then
    × the L check's own factor. MUL: Ymir BWP-2E IF1 (0.6 × 16/22 = 0.44 → 1, where M's
    factor 16/26 would give IF0*) and BattleAxe BKX-7K IF0* (0.6 × 15/24 = 0.38)."""
    f = hot.factor or 1
    return {"s": raw["s"] * f, "m": raw["m"] * f, "l": raw["l"] * (hot.own_long or 1)}


def class_special(mech: Mech, name: str, hot: Heat) -> str | None:
    """AC/LRM/SRM#/#(/#): the class's share, shown when its M reaches 1 (half up, no 0*)."""
    classes = rules()["weapon_class"]
    mounts = tuple(m for m in weapons(mech) if classes.get(m.item.weapon.name) == name)
    damage = adjusted(raw_damage(mech, mounts), hot)
    if up_to_tenth(damage["m"]) < 1:
        return None
    bands = BANDS[: rules()["special_bands"][name]]
    return name + "/".join(rounded_normal(damage[b], minimal=False).special() for b in bands)


def rear_special(mech: Mech) -> str | None:
    """REAR#/#/#: the rear weapons, half up, 0* allowed. MUL: the rear arc runs its own heat
    check (rear weapon heat + movement heat), never the front's (Pillager PLG-1N: REAR1/1/-)."""
    rear = weapons(mech, rear=True)
    raw = raw_damage(mech, rear)
    if sum(raw.values()) == 0:
        return None
    factor = heat_factor(heat(mech, rear=True), mech.heat_dissipation) or 1
    damage = {"s": raw["s"] * factor, "m": raw["m"] * factor, "l": raw["l"]}
    return "REAR" + "/".join(rounded_normal(damage[b]).special() for b in BANDS)


def indirect_fire(mech: Mech, hot: Heat) -> Damage | None:
    """IF#: the indirect-fire weapons' L damage (heat-adjusted as the specials are), half up,
    0* allowed."""
    mounts = tuple(m for m in weapons(mech) if m.item.weapon.name in rules()["indirect_fire"])
    damage = adjusted(raw_damage(mech, mounts), hot)
    return rounded_normal(damage["l"]) if sum(damage.values()) > 0 else None


def heat_damage(mech: Mech) -> int:
    """HT#: front flamers' heat damage, 1 above 4 points, 2 above 10."""
    total = sum(rules()["heat_damage"].get(m.item.weapon.name, 0) for m in weapons(mech))
    return sum(1 for threshold in rules()["ht_thresholds"] if total > threshold)


def specials(mech: Mech, hot: Heat, fire: Damage | None, ht: int) -> tuple[str, ...]:
    """MUL order: alphabetical, the jump ability (JMPW/JMPS) last."""
    found = [class_special(mech, name, hot) for name in ("AC", "LRM", "SRM")]
    found += [rear_special(mech), f"IF{fire}" if fire else None,
              f"HT{ht}/-/-" if ht else None, "OVL" if hot.ovl else None,
              "MEL" if mech.mounts_of(ItemKind.HATCHET) else None,
              "ENE" if not mech.ammo else None]
    jump = jump_special(ground_move(mech), jump_move(mech))
    return (*sorted(s for s in found if s), *([jump] if jump else []))


def alpha_strike_card(mech: Mech, source: str, skill: int | None = None) -> AlphaStrikeCard:
    """The card at skill 4, or at `skill` with the point value adjusted (§6.8)."""
    if not applies(mech):
        raise ConversionUndefined(
            f"the Alpha Strike conversion is not defined for the {mech.ruleset.name!r} ruleset")
    raw = raw_damage(mech, weapons(mech))
    hot = overheat(mech, raw)
    short, medium, long_ = standard_damage(raw, hot)
    fire, ht = indirect_fire(mech, hot), heat_damage(mech)
    card = AlphaStrikeCard(
        chassis=mech.design.chassis, model=mech.design.model, source=source,
        ruleset=mech.ruleset.name, type=rules()["unit_type"], sz=size(mech),
        ground=ground_move(mech), jump=jump_move(mech), tmm=tmm(ground_move(mech)),
        s=short, m=medium, l=long_, ov=hot.ov, armor=armor(mech), structure=structure(mech),
        specials=specials(mech, hot, fire, ht), base_pv=0, pv=0,
        skill=rules()["skill"]["base"], role=mech.design.role,
        ovl=hot.ovl, indirect=fire, ht=ht)
    base = base_point_value(card)
    wanted = card.skill if skill is None else skill
    return replace(card, base_pv=base, pv=skill_adjusted(base, wanted), skill=wanted)
