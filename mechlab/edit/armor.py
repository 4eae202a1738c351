"""Auto-armor: buy armor and spread it over the locations as MegaMekLab does.

MegaMekLab's "auto-allocate" (as its users and its source describe it): the head takes
five times the share of the total the design can carry (its cap at most); the other
locations share the rest in proportion to what each may carry (twice its internal
structure, RULES.md 1.5), the paired locations alike; points left over go two at a
time to the pairs, then one at a time where there is room; a torso's points are split
three to one, front to rear. The caps, the points per ton and the head's cap are the
resolved 'Mech's (its ruleset and armor type), never stated here.
"""

from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any

from mechlab.core.locations import Location
from mechlab.core.tons import HALF
from mechlab.model.mech import Mech

# The pairs MegaMekLab keeps alike, the torsos first (they take the leftovers first).
PAIRS = (
    (Location.LEFT_TORSO, Location.RIGHT_TORSO),
    (Location.LEFT_LEG, Location.RIGHT_LEG),
    (Location.LEFT_ARM, Location.RIGHT_ARM),
    (Location.FRONT_LEFT_LEG, Location.FRONT_RIGHT_LEG),
    (Location.REAR_LEFT_LEG, Location.REAR_RIGHT_LEG),
)
# MegaMekLab: the head takes five times the design's share of its maximum armor.
HEAD_WEIGHT = 5
# A torso's rear takes a quarter of its points (MegaMekLab and SSW: 75 % front).
REAR_SHARE = Fraction(1, 4)


def resolved(data: dict[str, Any]) -> Mech:
    """The 'Mech a design mapping describes, under its own ruleset (`DesignError` for bad
    input, as every command reads a file)."""
    from mechlab.files.design_data import design_from_dict
    from mechlab.model.resolve import resolve

    return resolve(design_from_dict(data))


def auto_armor(data: dict[str, Any], tons: Fraction | None = None) -> dict[str, Any]:
    """The design with its armor bought and spread: the most it may carry (`tons` None),
    or what `tons` of its armor type buy (never more than the most it may carry).
    The armor's type, tech and hand-placed slots are kept; a `tons:` line is dropped
    (the least tonnage that holds the points is the default, RULES.md 1.5)."""
    mech = resolved(data)
    caps = location_caps(mech)
    most = sum(caps.values())
    points = most if tons is None else min(most, math.floor(tons * mech.armor_per_ton))
    share = spread(caps, points, mech.armor_cap(Location.HEAD) or 0)
    out = copy.deepcopy(data)
    armor = {k: v for k, v in dict(out.get("armor") or {}).items()
             if k in ("type", "tech", "slots")}
    for location in mech.locations:
        armor[location.value] = _sides(mech, location, share[location])
    out["armor"] = armor
    return out


def armor_by(data: dict[str, Any], change: Fraction) -> dict[str, Any]:
    """The design with `change` tons more (or fewer) of armor, changed as little as it
    must (the "add / remove 0.5 t of armor" fix): the fewest points that make the
    difference come off the locations with the most to spare, one at a time (a torso's
    side with the more), or go where there is the most room; every other location keeps
    the player's points. A stated `tons:` follows."""
    mech = resolved(data)
    tons = mech.armor_tons + change
    points = {(loc, side): _side_points(mech, loc, side) for loc in mech.locations
              for side in _SIDES[loc.has_rear_armor]}
    wanted = math.floor(tons * mech.armor_per_ton)
    now = sum(points.values())
    for _ in range(max(0, now - wanted)):  # the most points first: the first such wins
        points[max(points, key=points.__getitem__)] -= 1
    caps = location_caps(mech)
    for _ in range(max(0, wanted - now)):
        room = {loc: caps[loc] - points[loc, "front"] - points.get((loc, "rear"), 0)
                for loc in mech.locations}
        roomiest = max(room, key=room.__getitem__)
        if room[roomiest] <= 0:
            break
        front_cap = mech.armor_cap(roomiest) or 0
        two_caps = len(mech.ruleset.armor_sections(roomiest)) > 1
        full = two_caps and points[roomiest, "front"] >= front_cap
        points[roomiest, "rear" if full else "front"] += 1
    out = copy.deepcopy(data)
    armor = {k: v for k, v in dict(out.get("armor") or {}).items() if not _names_location(k)}
    for location in mech.locations:
        armor[location.value] = (points[location, "front"] if not location.has_rear_armor
                                 else {side: points[location, side] for side in _BOTH})
    if "tons" in armor:
        armor["tons"] = int(tons) if tons.denominator == 1 else float(tons)
    out["armor"] = armor
    return out


_BOTH = ("front", "rear")
_SIDES = {False: ("front",), True: _BOTH}


def _side_points(mech: Mech, location: Location, side: str) -> int:
    return mech.armor_front(location) if side == "front" else mech.armor_rear(location)


def _names_location(key: str) -> bool:
    try:
        Location.parse(key)
    except ValueError:
        return False
    return True


def armor_tons_free(mech: Mech) -> Fraction:
    """The tons the design's armor may take: its armor now and what is left, in half
    tons (what "use the remaining tonnage" buys)."""
    total = mech.total_tons
    free = Fraction(0) if total is None else Fraction(mech.tonnage) - total
    spare = mech.armor_tons + free
    return max(Fraction(0), spare - spare % HALF)


def location_caps(mech: Mech) -> dict[Location, int]:
    """The most armor each location may carry, front and rear together."""
    caps: dict[Location, int] = {}
    for location in mech.locations:
        cap = mech.armor_cap(location) or 0
        caps[location] = cap * len(mech.ruleset.armor_sections(location))
    return caps


def spread(caps: dict[Location, int], points: int, head_cap: int) -> dict[Location, int]:
    """`points` shared over the locations as MegaMekLab shares them (module docstring)."""
    most = sum(caps.values())
    share = dict.fromkeys(caps, 0)
    if most == 0 or points <= 0:
        return share
    head = min(math.floor(Fraction(points, most) * head_cap * HEAD_WEIGHT), head_cap, points)
    if Location.HEAD in share:
        share[Location.HEAD] = head
    body = {loc: cap for loc, cap in caps.items() if loc is not Location.HEAD}
    body_most = sum(body.values())
    rest = points - head
    for location, cap in body.items():
        share[location] = min(cap, rest * cap // body_most) if body_most else 0
    for left, right in PAIRS:  # a pair alike: the smaller of the two
        if left in share and right in share:
            share[left] = share[right] = min(share[left], share[right])
    _leftovers(share, caps, points - sum(share.values()))
    return share


def _leftovers(share: dict[Location, int], caps: dict[Location, int], left: int) -> None:
    """Two at a time to the pairs with room, then one at a time: center torso, head,
    then any location with room."""
    while left >= 2:
        pair = next(((a, b) for a, b in PAIRS if a in share and b in share
                     and share[a] < caps[a] and share[b] < caps[b]), None)
        if pair is None:
            break
        for location in pair:
            share[location] += 1
        left -= 2
    order = [Location.CENTER_TORSO, Location.HEAD, *caps]
    while left > 0:
        room = next((loc for loc in order if loc in share and share[loc] < caps[loc]), None)
        if room is None:
            return
        share[room] += 1
        left -= 1


def _sides(mech: Mech, location: Location, points: int) -> int | dict[str, int]:
    """A location's armor as the design file writes it: a torso's front and rear."""
    if not location.has_rear_armor:
        return points
    rear = math.floor(points * REAR_SHARE)
    cap = mech.armor_cap(location) or 0
    if len(mech.ruleset.armor_sections(location)) > 1:  # each side capped on its own
        rear = max(rear, points - cap)
    return {"front": points - rear, "rear": rear}
