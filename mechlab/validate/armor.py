"""Armor rules of RULES.md 1.5 (caps, tons bought, points assigned, dead weight).

A rule takes a resolved `Mech` and yields findings; one function, one code. The
numbers a rule checks against come from the 'Mech's ruleset; which rules run is the
ruleset's rule list (`Ruleset.rules`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from mechlab.core.findings import Finding, counted, error, warning
from mechlab.core.locations import Location
from mechlab.core.tons import ceil_half, format_tons
from mechlab.model.mech import Mech


def _armor_path(location: Location) -> str:
    return f"armor.{location.value}"


# RULES.md 1.5 Armor ---------------------------------------------------------------------

def armor_within_structure(mech: Mech) -> Iterator[Finding]:
    """E-ARMOR-CAP: a location carries at most twice its internal structure in armor.

    RULES.md 1.5: intro caps a torso's front and rear together (path
    `armor.left_torso`); battledroids caps each of the 11 sections on its own, a torso's
    front and its rear each alone (RULES.md §2; path `armor.left_torso.front`). The
    head has its own cap (E-ARMOR-HEAD). Message: `22 armor > 20 (2 × 10 structure)`."""
    if mech.structure is None:
        return
    for location in mech.locations:
        if location is Location.HEAD:
            continue  # E-ARMOR-HEAD
        structure = mech.structure[location]
        cap = mech.ruleset.armor_cap(location, structure)
        front, rear = mech.armor_front(location), mech.armor_rear(location)
        if front + rear <= cap:
            continue  # no section (front, rear or both) holds more than both together
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
    """E-ARMOR-HEAD: the head carries at most 9 armor points.

    RULES.md 1.5: the head's cap (the ruleset's `head_armor_cap`) is its own, not twice
    its 3 structure points. Path: `armor.head`."""
    # CONFIGURATIONS.md §3.2: three times the head's structure (a superheavy's 12).
    cap = (mech.ruleset.armor_cap(Location.HEAD, mech.structure[Location.HEAD])
           if mech.structure else mech.ruleset.head_armor_cap)
    points = mech.armor_front(Location.HEAD)
    if points > cap:
        yield error(
            "E-ARMOR-HEAD", "armor.head", f"{points} armor > {cap} (the head's maximum)",
            expected=f"≤ {cap}", actual=str(points),
            hint=f"remove {counted(points - cap, 'point')} from the head",
        )


def armor_paid_for(mech: Mech) -> Iterator[Finding]:
    """E-ARMOR-TONS: the armor tons bought hold the points assigned.

    RULES.md 1.5: 16 points a ton; STANDARD_RULES.md §6.1: the armor type's points per
    ton, at most ⌊tons × points per ton⌋. `armor.tons` is optional: without it a design
    buys the least that holds its points, so only a stated `armor.tons` that is too small
    breaks this rule. Path: `armor.tons`."""
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
    """W-ARMOR-UNASSIGNED: armor points paid for but not placed, although a location has room.

    RULES.md 1.5: half tons may buy a few points more than the 'Mech can carry (50 t:
    11 t = 176 points, 169 usable), and those are lost, legally. This warns only about
    points that could still be placed. Path: `armor`."""
    # A fraction of a point cannot be placed (whole with half-ton armor at 16 a ton).
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
    """W-ARMOR-DEAD: armor tons beyond the least that holds the most armor the 'Mech can carry.

    RULES.md 1.5 allows only the half ton that rounds the maximum up (50 t: 11 t for
    169 points); armor tonnage beyond that can never be placed and is dead weight.
    Path: `armor.tons`."""
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
