"""Chassis rules of RULES.md 1.1–1.5 (weight, engine, jump jets, heat sinks, armor).

A rule takes a resolved `Mech` and yields findings; one function, one code. The
numbers a rule checks against come from the 'Mech's ruleset; which rules run is the
ruleset's rule list (`Ruleset.rules`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction

from mechlab.locations import Location
from mechlab.mech import Mech
from mechlab.tons import ceil_half, format_tons, is_half_ton_multiple
from mechlab.validate.findings import Finding, counted, error, warning


def _armor_path(location: Location) -> str:
    return f"armor.{location.value}"


# RULES.md 1.1 Chassis -----------------------------------------------------------------

def tonnage_on_table(mech: Mech) -> Iterator[Finding]:
    """E-TONNAGE-RANGE: tonnage is 20–100 t in steps of 5."""
    tonnages = mech.ruleset.tonnages
    if mech.tonnage not in tonnages:
        span = f"{tonnages.start}–{tonnages[-1]} t in steps of {tonnages.step}"
        yield error(
            "E-TONNAGE-RANGE", "tonnage", f"{mech.tonnage} t is not a legal tonnage ({span})",
            expected=span, actual=str(mech.tonnage),
            hint="pick a tonnage from the Internal Structure Table",
        )


def weight_not_over(mech: Mech) -> Iterator[Finding]:
    """E-TONNAGE-OVER: everything together may not exceed the tonnage."""
    total = mech.total_tons
    # An engine off the table weighs nothing known, yet the rest can already be too heavy.
    known = sum((line.tons for line in mech.weights if line.tons is not None), Fraction(0))
    unknown = [line.label.lower() for line in mech.weights if line.tons is None]
    if total is None and known > mech.tonnage:
        total, what = known, f"components without the {' and '.join(unknown)} already weigh"
    else:
        what = "components weigh"
    if total is not None and total > mech.tonnage:
        over = total - mech.tonnage
        yield error(
            "E-TONNAGE-OVER", "tonnage",
            f"{what} {format_tons(total)} t > {mech.tonnage} t "
            f"({format_tons(over)} t over)",
            expected=f"{mech.tonnage} t", actual=f"{format_tons(total)} t",
            hint=f"remove {format_tons(over)} t of equipment or armor",
        )


def _underweight(mech: Mech) -> tuple[str, str] | None:
    """The under-weight text and the unused tons, or None when not under."""
    total = mech.total_tons
    if total is None or total >= mech.tonnage:
        return None
    short = format_tons(mech.tonnage - total)
    return (f"components weigh {format_tons(total)} t < {mech.tonnage} t ({short} t unused)",
            short)


def weight_not_under(mech: Mech) -> Iterator[Finding]:
    """E-TONNAGE-UNDER: "may not exceed or fall short of this amount" (p. 55)."""
    under = _underweight(mech)
    if under is not None:
        text, short = under
        yield error(
            "E-TONNAGE-UNDER", "tonnage", text, expected=f"{mech.tonnage} t",
            actual=f"{format_tons(mech.tonnage - Fraction(short))} t",
            hint=f"add {short} t of armor, heat sinks or equipment",
        )


def weight_under_allowed(mech: Mech) -> Iterator[Finding]:
    """W-TONNAGE-UNDER: under-weight is legal (RULES.md §2), but tons are left unused."""
    under = _underweight(mech)
    if under is not None:
        text, short = under
        yield warning("W-TONNAGE-UNDER", "tonnage", text, expected=f"{mech.tonnage} t",
                      actual=f"{format_tons(mech.tonnage - Fraction(short))} t",
                      hint="spend the free tonnage")


def weights_in_half_tons(mech: Mech) -> Iterator[Finding]:
    """E-WEIGHT-STEP: every weight is a multiple of 0.5 t (armor is bought in half tons)."""
    if not is_half_ton_multiple(mech.armor_tons):
        yield error(
            "E-WEIGHT-STEP", "armor.tons",
            f"{float(mech.armor_tons):g} t of armor is not a multiple of 0.5 t",
            expected="a multiple of 0.5 t", actual=f"{float(mech.armor_tons):g} t",
            hint="buy armor in half tons",
        )


# RULES.md 1.2 Engine and movement ----------------------------------------------------------

def walking_mp_at_least_one(mech: Mech) -> Iterator[Finding]:
    """E-WALK-MIN: Walking MP is a whole number of at least 1."""
    if mech.walking_mp < 1:
        yield error(
            "E-WALK-MIN", "walking_mp", f"Walking MP {mech.walking_mp} < 1",
            expected="≥ 1", actual=str(mech.walking_mp),
            hint="every 'Mech walks: the engine rating is tonnage × Walking MP",
        )


def engine_on_table(mech: Mech) -> Iterator[Finding]:
    """E-ENGINE-RATING: rating = tonnage × Walking MP must be on the Fusion Engine Table."""
    if mech.walking_mp >= 1 and mech.engine is None:
        ruleset = mech.ruleset
        most = ruleset.max_engine_rating // mech.tonnage
        yield error(
            "E-ENGINE-RATING", "walking_mp",
            f"engine rating {mech.engine_rating} ({mech.tonnage} t × {mech.walking_mp}) is off "
            f"the Fusion Engine Table ({ruleset.min_engine_rating}–{ruleset.max_engine_rating})",
            expected=f"{ruleset.min_engine_rating}–{ruleset.max_engine_rating}",
            actual=str(mech.engine_rating),
            hint=f"at {mech.tonnage} t, Walking MP is at most {most}",
        )


def engine_matches_walking_mp(mech: Mech) -> Iterator[Finding]:
    """E-ENGINE-MISMATCH: a stated engine rating equals tonnage × Walking MP (RULES.md 1.2)."""
    needed = mech.tonnage * mech.walking_mp
    if mech.design.engine_rating is not None and mech.engine_rating != needed:
        yield error(
            "E-ENGINE-MISMATCH", "engine_rating",
            f"engine rating {mech.engine_rating} ≠ {mech.tonnage} t × {mech.walking_mp} "
            f"Walking MP = {needed}",
            expected=str(needed), actual=str(mech.engine_rating),
            hint=f"rate the engine {needed}, or change walking_mp to match the engine",
        )


# RULES.md 1.3 Jump jets -------------------------------------------------------------------------

def _jump_over_walk(mech: Mech) -> dict[str, str] | None:
    """What E- and W-JUMP-GT-WALK say when Jumping MP exceeds Walking MP; None otherwise."""
    if mech.jumping_mp <= mech.walking_mp:
        return None
    if any(jet.item.weapon.jet_type == "improved" for jet in mech.jump_jets):
        return None  # STANDARD_RULES.md §8.1: improved jets are capped by Running MP
    return {"message": f"Jumping MP {mech.jumping_mp} > Walking MP {mech.walking_mp}",
            "expected": f"≤ {mech.walking_mp}", "actual": str(mech.jumping_mp)}


def jump_not_over_walk(mech: Mech) -> Iterator[Finding]:
    """E-JUMP-GT-WALK: Jumping MP ≤ Walking MP."""
    over = _jump_over_walk(mech)
    if over is not None:
        yield error("E-JUMP-GT-WALK", "jumping_mp", **over,
                    hint="remove jump jets, or walk faster")


def jump_over_walk_allowed(mech: Mech) -> Iterator[Finding]:
    """W-JUMP-GT-WALK: no rule caps Jumping MP at Walking MP (RULES.md §2), but it is odd."""
    over = _jump_over_walk(mech)
    if over is not None:
        yield warning("W-JUMP-GT-WALK", "jumping_mp", **over,
                      hint="legal in this ruleset; check the jump and walk values")


def jump_jets_match_jumping_mp(mech: Mech) -> Iterator[Finding]:
    """E-JUMP-JETS: Jumping MP = number of jump jets; more jets listed than MP declared."""
    listed = [m for m in mech.jump_jets if not m.auto]
    if len(listed) > mech.jumping_mp:
        yield error(
            "E-JUMP-JETS", "jumping_mp",
            f"{len(listed)} jump jets listed but Jumping MP is {mech.jumping_mp}",
            expected=str(mech.jumping_mp), actual=str(len(listed)),
            hint="Jumping MP equals the number of jets: raise jumping_mp or remove jets",
        )


def jump_jets_in_legs_or_torso(mech: Mech) -> Iterator[Finding]:
    """E-JUMP-LOCATION: each jet takes a slot in a leg or a torso."""
    for jet in mech.jump_jets:
        if jet.location not in mech.ruleset.jump_jet_locations:
            yield error(
                "E-JUMP-LOCATION", jet.path,
                f"jump jet in the {jet.location.title.lower()}; jets go in a leg or a torso",
                expected="a leg or a torso", actual=jet.location.value,
                hint="move the jet to a leg or a torso",
            )


# RULES.md 1.4 Heat sinks -------------------------------------------------------------------------

def heat_sink_minimum(mech: Mech) -> Iterator[Finding]:
    """E-HEATSINK-MIN: every design has at least the 10 free heat sinks."""
    minimum = mech.ruleset.free_heat_sinks
    if mech.heat_sinks < minimum:
        yield error(
            "E-HEATSINK-MIN", "heat_sinks", f"{mech.heat_sinks} heat sinks < {minimum}",
            expected=f"≥ {minimum}", actual=str(mech.heat_sinks),
            hint=f"heat_sinks counts the {minimum} free sinks too",
        )


def heat_sinks_listed_within_total(mech: Mech) -> Iterator[Finding]:
    """E-HEATSINK-PLACED: the sinks placed in slots are part of the total."""
    listed = [m for m in mech.slotted_heat_sinks if not m.auto]
    if len(listed) > mech.heat_sinks:
        yield error(
            "E-HEATSINK-PLACED", "heat_sinks",
            f"{len(listed)} heat sinks placed in slots but the total is {mech.heat_sinks}",
            expected=f"≤ {mech.heat_sinks}", actual=str(len(listed)),
            hint="heat_sinks counts every sink, the placed ones included",
        )


def heat_sinks_outside_engine(mech: Mech) -> Iterator[Finding]:
    """W-HEATSINK-OUTSIDE: sinks placed in slots that the engine could have held (not on
    an OmniMech, whose base chassis decides: STANDARD_RULES.md §11.3)."""
    if mech.omni:
        return
    capacity = mech.ruleset.engine_heat_sinks(mech.design, mech.engine_rating, mech.heat_sinks)
    if mech.integral_heat_sinks < capacity:
        spare = capacity - mech.integral_heat_sinks
        yield warning(
            "W-HEATSINK-OUTSIDE", "heat_sinks",
            f"the {mech.engine_rating} engine holds {capacity} sinks but only "
            f"{mech.integral_heat_sinks} are inside it; {spare} use slots they need not",
            expected=f"{capacity} inside the engine", actual=f"{mech.integral_heat_sinks}",
            hint="list fewer Heat Sink entries: the engine holds them without slots",
        )


# RULES.md 1.5 Armor ---------------------------------------------------------------------

def armor_within_structure(mech: Mech) -> Iterator[Finding]:
    """E-ARMOR-CAP: at most 2 × structure per location (a torso's front + rear together)."""
    if mech.structure is None:
        return
    for location in mech.locations:
        if location is Location.HEAD:
            continue  # E-ARMOR-HEAD
        structure = mech.structure[location]
        cap = mech.ruleset.armor_cap(location, structure)
        front, rear = mech.armor_front(location), mech.armor_rear(location)
        for section in mech.ruleset.armor_sections(location):
            points = {"front": front, "rear": rear}.get(section, front + rear)
            if points <= cap:
                continue
            together = location.has_rear_armor and not section
            what = f"{front} front + {rear} rear = {points}" if together else str(points)
            yield error(
                "E-ARMOR-CAP", _armor_path(location) + (f".{section}" if section else ""),
                f"{what} armor > {cap} ({mech.ruleset.armor_per_structure} × {structure} "
                "structure)",
                expected=f"≤ {cap}", actual=str(points),
                hint=f"remove {counted(points - cap, 'point')} here, or put them elsewhere",
            )


def head_armor_cap(mech: Mech) -> Iterator[Finding]:
    """E-ARMOR-HEAD: the head carries at most 9 points."""
    cap = mech.ruleset.head_armor_cap
    points = mech.armor_front(Location.HEAD)
    if points > cap:
        yield error(
            "E-ARMOR-HEAD", "armor.head", f"{points} armor > {cap} (the head's maximum)",
            expected=f"≤ {cap}", actual=str(points),
            hint=f"remove {counted(points - cap, 'point')} from the head",
        )


def armor_paid_for(mech: Mech) -> Iterator[Finding]:
    """E-ARMOR-TONS: 16 points per ton (STANDARD_RULES.md §6.1: the armor type's); the
    tons bought must hold the points assigned, at most ⌊tons × points per ton⌋."""
    per_ton = mech.armor_per_ton
    bought = math.floor(mech.armor_tons * per_ton)
    if mech.armor_points > bought:
        needed = mech.armor_points / per_ton
        yield error(
            "E-ARMOR-TONS", "armor.tons",
            f"{mech.armor_points} armor points need {format_tons(needed)} t, "
            f"{format_tons(mech.armor_tons)} t holds {bought}",
            expected=f"≥ {format_tons(needed)} t", actual=f"{format_tons(mech.armor_tons)} t",
            hint=f"buy {format_tons(ceil_half(needed))} t of armor, or assign fewer points",
        )


def armor_points_assigned(mech: Mech) -> Iterator[Finding]:
    """W-ARMOR-UNASSIGNED: points paid for but not placed although a location has room."""
    bought = math.floor(mech.armor_tons * mech.armor_per_ton)
    unassigned = bought - mech.armor_points
    room = (mech.max_armor or 0) - mech.armor_points
    usable = min(unassigned, room)
    if usable > 0:
        yield warning(
            "W-ARMOR-UNASSIGNED", "armor",
            f"{format_tons(mech.armor_tons)} t of armor buys {bought} points, "
            f"{mech.armor_points} assigned: {usable} could still be placed",
            expected=f"{mech.armor_points + usable} points", actual=f"{mech.armor_points}",
            hint="assign the spare points or buy less armor",
        )


def armor_weight_usable(mech: Mech) -> Iterator[Finding]:
    """W-ARMOR-DEAD: armor tons beyond the least that holds the most armor the 'Mech can
    carry are dead weight (RULES.md 1.5 allows only the half ton that rounds up)."""
    if mech.max_armor is None:
        return
    most = ceil_half(mech.max_armor / mech.armor_per_ton)
    if mech.armor_tons > most:
        dead = mech.armor_tons - most
        yield warning(
            "W-ARMOR-DEAD", "armor.tons",
            f"{format_tons(mech.armor_tons)} t of armor, but the {mech.max_armor} points a "
            f"{mech.tonnage} t 'Mech can carry need {format_tons(most)} t: "
            f"{format_tons(dead)} t is dead weight",
            expected=f"≤ {format_tons(most)} t", actual=f"{format_tons(mech.armor_tons)} t",
            hint=f"buy {format_tons(most)} t of armor and spend {format_tons(dead)} t elsewhere",
        )
