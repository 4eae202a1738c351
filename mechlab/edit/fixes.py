"""One-click fixes: a finding whose hint is mechanical ("remove 3 points from the head",
"add 2 t of armor, heat sinks or equipment", "drop `rear` from this entry") done for the
designer.

The fix is read from the finding's own words and numbers (its path, hint, message and
expected value), never from a second copy of the rule: the validator said what is
wrong, and this module only performs what its hint says. Findings with no mechanical
fix have none.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mechlab.core.findings import Finding
from mechlab.edit.armor import armor_by, location_caps, resolved
from mechlab.edit.slots import fit
from mechlab.model.mech import Mech

_REMOVE_POINTS = re.compile(r"remove (\d+) points?")
_TONS = re.compile(r"(add|remove) ([\d.]+) t of")
# A warning's message with the tons left unused (Standard: under weight is legal).
_UNUSED = re.compile(r"\(([\d.]+) t unused\)")
_BUY = re.compile(r"^buy ([\d.]+) t of armor")
_ENTRY = re.compile(r"^equipment\[(\d+)\]")
# "drop `rear`", "drop `split`", "drop `slot`": the key of the entry the path names.
_DROP = re.compile(r"drop `(rear|split|slot)`")
_AT_LEAST = re.compile(r"^≥ (\d+)$")
# "add {item: Ammo (LRM 10), location: ...}": a lot the weapon at the path lacks.
_ADD_ITEM = re.compile(r"^add \{item: ([^,{}]+), location: \.\.\.\}$")

# "set cockpit: tripod", "set omni: false": one value for the very field the finding
# names (never another one's, never a choice: "set tonnage: 55 or less").
_SET = re.compile(r"^set ([a-z_]+(?:\.[a-z_]+)*): ([a-z_0-9]+)$")

Fixer = Callable[[dict[str, Any], Finding], dict[str, Any]]


@dataclass(frozen=True)
class Fix:
    """What a finding's one-click fix does, in words for its button."""

    label: str
    code: str
    path: str


def fixes_for(finding: Finding, mech: Mech | None = None) -> Fix | None:
    """The one-click fix of a finding, or None when its hint is not mechanical (or, given
    the 'Mech, when the design cannot take it: more armor than its maximum)."""
    found = _fixer(finding, mech)
    return None if found is None else Fix(found[0], finding.code, finding.path)


def apply_fix(data: dict[str, Any], finding: Finding) -> dict[str, Any]:
    """The design with the finding's fix done (`ValueError` when it has none or the
    design cannot take it: no armor to remove, no room for more)."""
    found = _fixer(finding, resolved(data))
    if found is None:
        raise ValueError(f"{finding.code} {finding.path}: no one-click fix")
    return found[1](data, finding)


def _fixer(finding: Finding, mech: Mech | None) -> tuple[str, Fixer] | None:
    """(button label, function doing it) for a finding, or None."""
    hint = finding.hint or ""
    points = _REMOVE_POINTS.search(hint)
    if points and finding.path.startswith("armor."):
        count = int(points.group(1))
        where = finding.path.removeprefix("armor.").replace("_", " ").replace(".", " ")
        return (f"remove {count} point{'s' if count != 1 else ''} from {where}",
                lambda data, f: _remove_points(data, f.path, count))
    tons = _tons(finding)
    if tons and finding.path == "tonnage":
        verb, amount = tons
        if mech is not None and not _armor_can_change(mech, verb, Fraction(amount)):
            return None
        change = Fraction(amount) * (1 if verb == "add" else -1)
        return f"{verb} {amount} t of armor", lambda data, f: _armor_by(data, change)
    buy = _BUY.match(hint)
    if buy and finding.path == "armor.tons":
        return (f"buy {buy.group(1)} t of armor",
                lambda data, f: _set(data, ("armor", "tons"), _number(buy.group(1))))
    drop = _DROP.search(hint)
    entry = _ENTRY.match(finding.path)
    if drop and entry:
        key, index = drop.group(1), int(entry.group(1))
        return f"drop {key}", lambda data, f: _drop(data, index, key)
    lot = _ADD_ITEM.match(hint)
    if lot and entry:
        item, index = lot.group(1), int(entry.group(1))
        return f"add {item}", lambda data, f: _add_beside(data, item, index)
    setting = _SET.match(hint)
    if setting and setting.group(1) == re.sub(r"\[(\d+)\]", r".\1", finding.path):
        key, word = setting.groups()
        return f"set {key}: {word}", lambda data, f: _set_path(data, key, _word(word))
    least = _AT_LEAST.match(finding.expected or "")
    if least and finding.path == "heat_sinks":
        count = int(least.group(1))
        return f"{count} heat sinks", lambda data, f: _set(data, ("heat_sinks", "count"), count)
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


def _armor_by(data: dict[str, Any], change: Fraction) -> dict[str, Any]:
    mech = resolved(data)
    if not _armor_can_change(mech, "add" if change > 0 else "remove", abs(change)):
        raise ValueError("the armor cannot take that: add or remove heat sinks or equipment")
    # The fewest points, not the armor spread anew: the player's distribution stays.
    return armor_by(data, change)


def _number(text: str) -> int | float:
    value = Fraction(text)
    return int(value) if value.denominator == 1 else float(value)


def _set(data: dict[str, Any], keys: tuple[str, str], value: object) -> dict[str, Any]:
    """`data[a][b] = value`, a shorthand (`heat_sinks: 15`) written out as a mapping."""
    out = copy.deepcopy(data)
    outer, inner = keys
    current = out.get(outer)
    if not isinstance(current, dict):
        current = {"count": current} if outer == "heat_sinks" and current is not None else {}
    out[outer] = {**current, inner: value}
    return out


def _word(word: str) -> object:
    """A hint's value as YAML reads it: true/false, a whole number, else the word."""
    return {"true": True, "false": False}.get(word, int(word) if word.isdigit() else word)


def _set_path(data: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    """`data` with the field at the dotted `path` set (`actuators.left_arm.hand`), a
    shorthand on the way (`engine: xl`) written out as its mapping."""
    out = copy.deepcopy(data)
    keys = path.split(".")
    here = out
    for key in keys[:-1]:
        if not isinstance(here.get(key), dict):
            here[key] = {} if here.get(key) is None else {"type": here[key]}
        here = here[key]
    here[keys[-1]] = value
    return out


def _drop(data: dict[str, Any], index: int, key: str) -> dict[str, Any]:
    out = copy.deepcopy(data)
    entries = [dict(e) for e in out.get("equipment") or ()]
    if not 0 <= index < len(entries):
        raise ValueError(f"equipment[{index}]: no such entry")
    entries[index].pop(key, None)
    out["equipment"] = entries
    return out


def _add_beside(data: dict[str, Any], item: str, index: int) -> dict[str, Any]:
    """One `item` more, in the location of entry `index` (a lot beside its weapon), or,
    where that location is full, where it fits (a fix that left the lot with no room
    traded one finding for another)."""
    entries = data.get("equipment") or []
    if not 0 <= index < len(entries):
        raise ValueError(f"equipment[{index}]: no such entry")
    out = copy.deepcopy(data)
    out["equipment"] = [*entries, {"item": item, "location": entries[index]["location"]}]
    return fit(out, len(entries))


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
