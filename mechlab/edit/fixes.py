"""One-click fixes: a finding whose hint is mechanical ("remove 3 points from the head",
"add 2 t of armor, heat sinks or equipment", "remove 1.5 t of equipment or armor")
done for the designer.

The fix is read from the finding's own numbers (its code, path, expected and actual),
never from a second copy of the rule: the validator said what is wrong, and this module
only performs what its hint says. Findings with no mechanical fix have none.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mechlab.core.findings import Finding
from mechlab.edit.armor import auto_armor, location_caps, resolved
from mechlab.model.mech import Mech

_REMOVE_POINTS = re.compile(r"remove (\d+) points?")
_TONS = re.compile(r"(add|remove) ([\d.]+) t of")
# A warning's message with the tons left unused (Standard: under weight is legal).
_UNUSED = re.compile(r"\(([\d.]+) t unused\)")


@dataclass(frozen=True)
class Fix:
    """What a finding's one-click fix does, in words for its button."""

    label: str
    code: str
    path: str


def fixes_for(finding: Finding, mech: Mech | None = None) -> Fix | None:
    """The one-click fix of a finding, or None when its hint is not mechanical (or, given
    the 'Mech, when the design cannot take it: more armor than its maximum)."""
    hint = finding.hint or ""
    points = _REMOVE_POINTS.search(hint)
    if points and finding.path.startswith("armor."):
        count = int(points.group(1))
        where = finding.path.removeprefix("armor.").replace("_", " ")
        noun = "point" if count == 1 else "points"
        return Fix(f"remove {count} {noun} from {where}", finding.code, finding.path)
    tons = _tons(finding)
    if tons and finding.path == "tonnage":
        verb, amount = tons
        if mech is not None and not _armor_can_change(mech, verb, Fraction(amount)):
            return None
        return Fix(f"{verb} {amount} t of armor", finding.code, finding.path)
    return None


def _tons(finding: Finding) -> tuple[str, str] | None:
    """("add" or "remove", tons) that a weight finding's hint or message names."""
    said = _TONS.search(finding.hint or "")
    if said:
        return said.group(1), said.group(2)
    unused = _UNUSED.search(finding.message)
    return ("add", unused.group(1)) if unused else None


def _armor_can_change(mech: Mech, verb: str, tons: Fraction) -> bool:
    if verb == "remove":
        return mech.armor_tons >= tons
    return mech.armor_points + tons * mech.armor_per_ton <= sum(location_caps(mech).values())


def apply_fix(data: dict[str, Any], finding: Finding) -> dict[str, Any]:
    """The design with the finding's fix done (`ValueError` when it has none or the
    design cannot take it: no armor to remove, no room for more)."""
    fix = fixes_for(finding)
    if fix is None:
        raise ValueError(f"{finding.code} {finding.path}: no one-click fix")
    hint = finding.hint or ""
    points = _REMOVE_POINTS.search(hint)
    if points and finding.path.startswith("armor."):
        return _remove_points(data, finding.path, int(points.group(1)))
    tons = _tons(finding)
    assert tons is not None
    verb, amount = tons
    change = Fraction(amount) * (1 if verb == "add" else -1)
    mech = resolved(data)
    if not _armor_can_change(mech, verb, Fraction(amount)):
        raise ValueError("the armor cannot take that: add or remove heat sinks or equipment")
    return auto_armor(data, mech.armor_tons + change)


def _remove_points(data: dict[str, Any], path: str, count: int) -> dict[str, Any]:
    """`count` points off the armor at `path` (`armor.head`, `armor.left_torso` — its
    rear first, then its front — or `armor.left_torso.front`)."""
    parts = path.split(".")[1:]
    out = copy.deepcopy(data)
    armor = dict(out.get("armor") or {})
    location = parts[0]
    value = armor.get(location, 0)
    if isinstance(value, dict):
        sides = {"front": int(value.get("front", 0)), "rear": int(value.get("rear", 0))}
        for side in (parts[1:] or ["rear", "front"]):
            taken = min(count, sides[side])
            sides[side] -= taken
            count -= taken
        armor[location] = sides
    else:
        armor[location] = max(0, int(value) - count)
    out["armor"] = armor
    return out
