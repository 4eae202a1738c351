"""Chassis rules of RULES.md 1.1–1.4 (weight, engine, jump jets, heat sinks); the armor
rules of RULES.md 1.5 are in armor.py.

A rule takes a resolved `Mech` and yields findings; one function, one code. The
numbers a rule checks against come from the 'Mech's ruleset; which rules run is the
ruleset's rule list (`Ruleset.rules`).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from mechlab.core.findings import Finding, error, warning
from mechlab.core.tons import format_tons, is_half_ton_multiple
from mechlab.core.tons import total as total_tons
from mechlab.model.mech import Mech

# RULES.md 1.1 Chassis -----------------------------------------------------------------

def tonnage_on_table(mech: Mech) -> Iterator[Finding]:
    """E-TONNAGE-RANGE: the tonnage is one the Internal Structure Table has a row for.

    RULES.md 1.1: intro builds 20–100 t in steps of 5; battledroids (RULES.md §2) adds
    the 5, 10 and 15 t rows; a Standard IndustrialMech may weigh 10 or 15 t too. The
    per-location armor caps, which need the table, say nothing about a tonnage off it.
    Path: `tonnage`."""
    tonnages = mech.ruleset.tonnages_of(mech.design)
    if mech.tonnage not in tonnages:
        span = f"{tonnages.start}–{tonnages[-1]} t in steps of {tonnages.step}"
        yield error(
            "E-TONNAGE-RANGE", "tonnage", f"{mech.tonnage} t is not a legal tonnage ({span})",
            expected=span, actual=str(mech.tonnage),
            hint="pick a tonnage from the Internal Structure Table",
        )


def weight_not_over(mech: Mech) -> Iterator[Finding]:
    """E-TONNAGE-OVER: everything together may not weigh more than the tonnage.

    RULES.md 1.1 ("may not exceed or fall short of this amount", p. 55) and §2 ("may
    not exceed"). Weights are summed exactly, never as floats. When one weight cannot be
    known (an engine off the table), the components that can be weighed are still
    compared, so an over-weight design is reported next to E-ENGINE-RATING. Path:
    `tonnage`; the message gives the tons over."""
    total = mech.total_tons
    what = "components weigh"
    if total is None:
        # An engine off the table weighs nothing known, yet the rest can already be too
        # heavy (the known weights summed only then: issue 31).
        known = total_tons(line.tons for line in mech.weights if line.tons is not None)
        unknown = [line.label.lower() for line in mech.weights if line.tons is None]
        if known > mech.tonnage:
            total = known
            what = f"components without the {' and '.join(unknown)} already weigh"
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
    """E-TONNAGE-UNDER: everything together weighs exactly the tonnage, not less.

    RULES.md 1.1: "may not exceed or fall short of this amount" (Introductory Rulebook
    p. 55). Battledroids allows unused tons and warns instead (W-TONNAGE-UNDER). Path:
    `tonnage`; the message gives the tons unused."""
    under = _underweight(mech)
    if under is not None:
        text, short = under
        yield error(
            "E-TONNAGE-UNDER", "tonnage", text, expected=f"{mech.tonnage} t",
            actual=f"{format_tons(mech.tonnage - Fraction(short))} t",
            hint=f"add {short} t of armor, heat sinks or equipment",
        )


def weight_under_allowed(mech: Mech) -> Iterator[Finding]:
    """W-TONNAGE-UNDER: under-weight is legal, but tons are left unused.

    RULES.md §2: the 1984 book says only "may not exceed the tonnage", and two of its
    printed designs are under weight (CRD-3R 64.5 t, ARC-2R 68 t). The battledroids
    counterpart of E-TONNAGE-UNDER. Path: `tonnage`."""
    under = _underweight(mech)
    if under is not None:
        text, short = under
        yield warning("W-TONNAGE-UNDER", "tonnage", text, expected=f"{mech.tonnage} t",
                      actual=f"{format_tons(mech.tonnage - Fraction(short))} t",
                      hint="spend the free tonnage")


def weights_in_half_tons(mech: Mech) -> Iterator[Finding]:
    """E-WEIGHT-STEP: every weight is a multiple of 0.5 t.

    RULES.md 1.1. Every table weight already is one; what a design can get wrong is
    `armor.tons`, since armor is bought in half tons (RULES.md 1.5). Path: `armor.tons`."""
    if not is_half_ton_multiple(mech.armor_tons):
        yield error(
            "E-WEIGHT-STEP", "armor.tons",
            f"{float(mech.armor_tons):g} t of armor is not a multiple of 0.5 t",
            expected="a multiple of 0.5 t", actual=f"{float(mech.armor_tons):g} t",
            hint="buy armor in half tons",
        )


# RULES.md 1.2 Engine and movement ----------------------------------------------------------

def walking_mp_at_least_one(mech: Mech) -> Iterator[Finding]:
    """E-WALK-MIN: Walking MP is a whole number of at least 1.

    RULES.md 1.2: the engine rating is tonnage × Walking MP, so a 'Mech that does not
    walk has no engine. (A Walking MP that is not a whole number is bad input, refused
    before any rule runs.) Path: `walking_mp`."""
    if mech.walking_mp < 1:
        yield error(
            "E-WALK-MIN", "walking_mp", f"Walking MP {mech.walking_mp} < 1",
            expected="≥ 1", actual=str(mech.walking_mp),
            hint="every 'Mech walks: the engine rating is tonnage × Walking MP",
        )


def engine_on_table(mech: Mech) -> Iterator[Finding]:
    """E-ENGINE-RATING: the engine rating, tonnage × Walking MP, is on the Fusion Engine Table.

    RULES.md 1.2: the table lists the multiples of 5 from 10 to 400, so Walking MP is
    at most 400 ÷ tonnage (the hint names the most for the design's tonnage). Path:
    `walking_mp`. A MegaMek file whose `Engine:` rating is not a multiple of its
    `Mass:` is reported with this code too (RULES.md §7)."""
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
    """E-ENGINE-MISMATCH: a stated `engine_rating` equals tonnage × Walking MP.

    (A primitive 'Mech's engine is rated 5⌈1.2 × tonnage × Walking MP ÷ 5⌉: its ruleset's
    `rated_engine`, ADVANCED_COMPONENTS.md §7.1.)

    RULES.md 1.2. A design need not state the rating (it follows from `tonnage` and
    `walking_mp`); when it does, as books and printed sheets do, the two must agree, and
    mechlab never picks one of them. The 1984 RFL-3N is printed with a VOX 260 at 60 t
    walking 4 and keeps this finding as a known violation. Path: `engine_rating`."""
    needed = mech.ruleset.rated_engine(mech.design, mech.walking_mp)
    if mech.design.engine_rating is not None and mech.engine_rating != needed:
        how = (f"{mech.tonnage} t × {mech.walking_mp} Walking MP"
               if needed == mech.tonnage * mech.walking_mp
               else f"the rating of {mech.tonnage} t at Walking MP {mech.walking_mp}")
        yield error(
            "E-ENGINE-MISMATCH", "engine_rating",
            f"engine rating {mech.engine_rating} ≠ {how} = {needed}",
            expected=str(needed), actual=str(mech.engine_rating),
            hint=f"rate the engine {needed}, or change walking_mp to match the engine",
        )


# RULES.md 1.3 Jump jets -------------------------------------------------------------------------

def lifts_jump_caps(mech: Mech) -> bool:
    """ADVANCED_EQUIPMENT.md §4.6 (MegaMek's TestMek correctMovement): a partial wing lifts
    both jump caps (none in rulesets without the wing)."""
    items = [m.item for m in mech.mounts]
    return mech.ruleset.partial_wing_jump_bonus(mech.tonnage, 1, items) > 0


def _jump_over_walk(mech: Mech) -> dict[str, str] | None:
    """What E- and W-JUMP-GT-WALK say when Jumping MP exceeds Walking MP; None otherwise."""
    if mech.jumping_mp <= mech.walking_mp:
        return None
    if any(jet.item.weapon.jet_type == "improved" for jet in mech.jump_jets):
        return None  # STANDARD_RULES.md §8.1: improved jets are capped by Running MP
    if lifts_jump_caps(mech):
        return None
    return {"message": f"Jumping MP {mech.jumping_mp} > Walking MP {mech.walking_mp}",
            "expected": f"≤ {mech.walking_mp}", "actual": str(mech.jumping_mp)}


def jump_not_over_walk(mech: Mech) -> Iterator[Finding]:
    """E-JUMP-GT-WALK: Jumping MP may not exceed Walking MP.

    RULES.md 1.3. Battledroids has no such cap and warns instead (W-JUMP-GT-WALK).
    Path: `jumping_mp`."""
    over = _jump_over_walk(mech)
    if over is not None:
        yield error("E-JUMP-GT-WALK", "jumping_mp", **over,
                    hint="remove jump jets, or walk faster")


def jump_over_walk_allowed(mech: Mech) -> Iterator[Finding]:
    """W-JUMP-GT-WALK: Jumping MP above Walking MP is legal, but odd.

    RULES.md §2: the 1984 rules do not cap Jumping MP, and the printed GRF-1N jumps 6
    with a walk of 5. The battledroids counterpart of E-JUMP-GT-WALK. Path:
    `jumping_mp`."""
    over = _jump_over_walk(mech)
    if over is not None:
        yield warning("W-JUMP-GT-WALK", "jumping_mp", **over,
                      hint="legal in this ruleset; check the jump and walk values")


def jump_jets_match_jumping_mp(mech: Mech) -> Iterator[Finding]:
    """E-JUMP-JETS: no more Jump Jet entries than the Jumping MP declared.

    RULES.md 1.3: Jumping MP = number of jump jets. `jumping_mp` defaults to the number
    of Jump Jet entries; jets it counts but the equipment list does not name are placed
    automatically, while jets listed beyond it would weigh without moving the 'Mech.
    Path: `jumping_mp`."""
    listed = [m for m in mech.jump_jets if not m.auto]
    if len(listed) > mech.jumping_mp:
        yield error(
            "E-JUMP-JETS", "jumping_mp",
            f"{len(listed)} jump jets listed but Jumping MP is {mech.jumping_mp}",
            expected=str(mech.jumping_mp), actual=str(len(listed)),
            hint="Jumping MP equals the number of jets: raise jumping_mp or remove jets",
        )


def jump_jets_in_legs_or_torso(mech: Mech) -> Iterator[Finding]:
    """E-JUMP-LOCATION: each jump jet takes a slot in a leg or a torso.

    RULES.md 1.3: a leg, or the left, right or center torso (the ruleset's
    `jump_jet_locations`); never the head or an arm. Not checked under battledroids,
    where jets take no slot (RULES.md §2, Decision). Path: the jet's `equipment[i]`."""
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
    """E-HEATSINK-MIN: a design has at least the 10 free heat sinks.

    RULES.md 1.4: every engine comes with 10 sinks that weigh nothing (the ruleset's
    `free_heat_sinks`; STANDARD_RULES.md §3.5: the engine type's, fewer for an
    IndustrialMech's ICE, fuel-cell or fission engine); `heat_sinks` is the total and
    counts them too. Path: `heat_sinks`."""
    minimum = mech.ruleset.engine_free_heat_sinks(mech.design)
    if mech.heat_sinks < minimum:
        yield error(
            "E-HEATSINK-MIN", "heat_sinks", f"{mech.heat_sinks} heat sinks < {minimum}",
            expected=f"≥ {minimum}", actual=str(mech.heat_sinks),
            hint=f"heat_sinks counts the {minimum} free sinks too",
        )


def heat_sinks_listed_within_total(mech: Mech) -> Iterator[Finding]:
    """E-HEATSINK-PLACED: the Heat Sink entries placed in slots are part of the total.

    RULES.md 1.4. `heat_sinks` is the total, the placed sinks included: listing more
    Heat Sink entries than that is a contradiction, not extra sinks. Sinks the total
    counts but the list does not place are placed automatically. Path: `heat_sinks`."""
    # ADVANCED_COMPONENTS.md §6.1: a `2 Compact Heat Sinks` slot is two sinks.
    listed = sum(mech.ruleset.sinks_held(m.item) for m in mech.slotted_heat_sinks if not m.auto)
    if listed > mech.heat_sinks:
        yield error(
            "E-HEATSINK-PLACED", "heat_sinks",
            f"{listed} heat sinks placed in slots but the total is {mech.heat_sinks}",
            expected=f"≤ {mech.heat_sinks}", actual=str(listed),
            hint="heat_sinks counts every sink, the placed ones included",
        )


def heat_sinks_outside_engine(mech: Mech) -> Iterator[Finding]:
    """W-HEATSINK-OUTSIDE: sinks placed in slots that the engine could have held.

    RULES.md 1.4, Decision: ⌊rating ÷ 25⌋ sinks (never more than the total) sit inside
    the engine and need no slot; placing more Heat Sink entries in slots than the engine
    leaves outside is legal but spends critical slots for nothing. Not checked under
    battledroids, where every sink takes a slot (RULES.md §2), nor on an OmniMech, whose
    base chassis decides (STANDARD_RULES.md §11.3). Path: `heat_sinks`."""
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
