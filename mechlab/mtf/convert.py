"""MegaMek units ⇄ mechlab designs.

Import reads the technical lines only; a unit using technology outside the
ruleset raises `UnsupportedTechnologyError` naming the first such item. Slot
positions are written into the design only where auto-placement would put the
items elsewhere, so imported designs stay readable.

A file that states one fact two ways and contradicts itself (RULES.md §7) is not
repaired: every contradiction becomes a finding (`mechlab.mtf.facts`) that travels
with the design into the verdict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import mechlab.mtf.facts as facts
import mechlab.mtf.names as names
from mechlab.design import Design
from mechlab.design_data import DesignError, UnsupportedTechnologyError, design_from_dict
from mechlab.equipment import Item, ItemKind
from mechlab.locations import ADJACENT, BIPED_LOCATIONS, Location
from mechlab.mtf.model import ARMOR_LOCATIONS, LOCATION_BLOCKS, MtfUnit
from mechlab.rulesets import Intro, get_ruleset
from mechlab.validate.findings import Finding

BLOCK_TO_LOCATION = {block: Location(loc) for block, loc in LOCATION_BLOCKS}
_ENGINE = re.compile(r"^(\d+)\s+Fusion Engine(\s*\(IS\))?$", re.IGNORECASE)
# Header values that stay within the Introductory rules.
_STANDARD = {
    "config": {"biped"},
    "techbase": {"inner sphere"},
    "structure": {"standard", "is standard"},
    "myomer": {"standard"},
    "armor": {"standard(inner sphere)", "standard armor", "standard",
              "standard((unknown technology base))"},
    "gyro": {"standard", "standard gyro"},
    "cockpit": {"standard", "standard cockpit"},
}


@dataclass(frozen=True)
class Imported:
    """An MTF unit read as a design, with what the file contradicts itself on."""

    design: dict[str, Any]  # plain, ready for YAML
    findings: tuple[Finding, ...] = ()  # RULES.md §7: one per contradiction
    # The design and 'Mech the reader built to find the contradictions, when it did (a
    # Standard file): reused, so that a file is read and resolved once.
    model: Design | None = field(default=None, compare=False)
    mech: Any = field(default=None, compare=False)


def import_mtf(unit: MtfUnit, source: str, ruleset: Intro | None = None) -> Imported:
    """The design of an MTF unit and the file's contradictions, each as a finding."""
    ruleset = ruleset or get_ruleset("intro")
    _check_supported(unit, source)
    mass = _int(unit.get("mass"), "Mass", source)
    if mass <= 0:
        raise DesignError(source, ["Mass: expected a tonnage of at least 1, got 0"])
    rating = _engine_rating(unit, source)
    findings: list[Finding] = []
    design: dict[str, Any] = {"chassis": unit.chassis, "model": unit.model, "tonnage": mass}
    if unit.get("source"):
        design["source"] = unit.get("source")
    if (unit.get("era") or "").isdigit():
        design["era"] = int(unit.get("era") or 0)
    design["walking_mp"] = facts.walking_mp(unit, mass, rating, findings)
    maker = _engine_maker(unit, rating)
    if maker:
        design["engine_maker"] = maker
    design["jumping_mp"] = _int(unit.get("jump mp", "0"), "Jump MP", source)
    design["heat_sinks"] = _heat_sinks(unit, source)
    design["armor"] = _armor(unit)
    actuators = _actuators(unit)
    if actuators:
        design["actuators"] = actuators
    design["equipment"] = _equipment(unit, mass, ruleset, source, findings)
    design = _minimal_slots(design, source)
    findings += facts.contradictions(unit, design, rating, ruleset, source)
    return Imported(design, tuple(findings))


def design_dict_from_mtf(unit: MtfUnit, source: str, ruleset: Intro | None = None
                         ) -> dict[str, Any]:
    """The design of an MTF unit that does not contradict itself; `DesignError` listing
    the contradictions otherwise (a design file cannot carry them: nothing is repaired)."""
    imported = import_mtf(unit, source, ruleset)
    if imported.findings:
        raise DesignError(source, [f"{f} (the file contradicts itself; fix it first)"
                                   for f in imported.findings])
    return imported.design


def design_from_mtf(unit: MtfUnit, source: str) -> Design:
    return design_from_dict(design_dict_from_mtf(unit, source), source)


def _int(value: str | None, field: str, source: str) -> int:
    # At most 6 digits: no value of a 'Mech needs more (and int() refuses > 4300 digits).
    text = (value or "").strip()
    if not text.isdigit() or len(text) > 6:
        shown = repr(value) if len(text) <= 20 else f"{len(text):,} characters"
        raise DesignError(source, [f"{field}: expected a whole number, got {shown}"])
    return int(text)


def _check_supported(unit: MtfUnit, source: str) -> None:
    for key, allowed in _STANDARD.items():
        value = unit.get(key)
        if value is not None and value.strip().lower() not in allowed:
            raise UnsupportedTechnologyError(source, f"{key} {value}")
    sinks = (unit.get("heat sinks") or "").split()
    if len(sinks) > 1 and sinks[1].lower() != "single":
        raise UnsupportedTechnologyError(source, f"{' '.join(sinks[1:])} heat sinks")
    engine = unit.get("engine") or ""
    if not _ENGINE.match(engine.strip()):
        raise UnsupportedTechnologyError(source, f"engine {engine}")


def _engine_rating(unit: MtfUnit, source: str) -> int:
    match = _ENGINE.match((unit.get("engine") or "").strip())
    if not match:
        raise DesignError(source, ["Engine: expected '<rating> Fusion Engine'"])
    return int(match.group(1))


def _engine_maker(unit: MtfUnit, rating: int) -> str | None:
    maker = unit.system("systemmanufacturer", "ENGINE")
    if not maker:
        return None
    # "Vlar 300": the rating is not part of the maker's name.
    return re.sub(rf"\s+{rating}$", "", maker.strip()) or None


def _heat_sinks(unit: MtfUnit, source: str) -> int:
    text = (unit.get("heat sinks") or "10 Single").split()
    return _int(text[0] if text else None, "Heat Sinks", source)


def _armor(unit: MtfUnit) -> dict[str, Any]:
    """Armor in the design's order: head, torsos (front and rear), arms, legs."""
    values = dict(unit.armor)
    armor: dict[str, Any] = {}
    for location in BIPED_LOCATIONS:
        if location.has_rear_armor:
            armor[location.value] = {"front": 0, "rear": 0}
    for key, (location, rear) in ARMOR_LOCATIONS.items():
        if Location(location).has_rear_armor:
            armor[location]["rear" if rear else "front"] = values.get(key, 0)
        else:
            armor[location] = values.get(key, 0)
    return {loc.value: armor[loc.value] for loc in BIPED_LOCATIONS}


def _actuators(unit: MtfUnit) -> dict[str, Any]:
    actuators: dict[str, Any] = {}
    for block in ("Left Arm", "Right Arm"):
        slots = {s.strip().lower() for s in unit.slots(block)}
        state = {"lower_arm": "lower arm actuator" in slots, "hand": "hand actuator" in slots}
        if not all(state.values()):
            actuators[BLOCK_TO_LOCATION[block].value] = state
    return actuators


def _equipment(unit: MtfUnit, mass: int, ruleset: Intro, source: str,
               findings: list[Finding]) -> list[dict[str, Any]]:
    """Entries in slot order, each with its explicit first slot (pruned later)."""
    entries: list[dict[str, Any]] = []
    partials: list[tuple[dict[str, Any], int]] = []  # split AC/20 parts awaiting their pair
    for block, _ in LOCATION_BLOCKS:
        location = BLOCK_TO_LOCATION[block]
        slots = unit.slots(block)
        index = 0
        while index < len(slots):
            text, rear, _ = names.strip_markers(slots[index])
            if text == names.EMPTY or text.lower() in names.FIXED:
                index += 1
                continue
            item = names.item_for(text, ruleset.catalog)
            if item is None:
                raise UnsupportedTechnologyError(source, text)
            run = _run_length(slots, index, text, item, mass)
            entry: dict[str, Any] = {"item": item.name, "location": location.value,
                                     "slot": index + 1}
            if rear:
                entry["rear"] = True
            size = item.slots(mass)
            if run < size and item.weapon.splittable:
                if _pair_split(partials, entry, run, size, adjacent_only=True):
                    index += run
                    continue
                partials.append((entry, run))
            elif run < size:
                findings.append(facts.short_run(unit, block, index, item.name, run, size))
            index += run
            entries.append(entry)
    _pair_leftovers(unit, partials, entries, ruleset, mass, findings)
    return entries


def _pair_leftovers(unit: MtfUnit, partials: list[tuple[dict[str, Any], int]],
                    entries: list[dict[str, Any]], ruleset: Intro, mass: int,
                    findings: list[Finding]) -> None:
    """Split parts without an adjacent partner: paired across non-adjacent locations (the
    validator's E-SPLIT judges that), else reported as too short for the weapon."""
    while partials:
        entry, run = partials.pop(0)
        size = ruleset.catalog.lookup(entry["item"]).slots(mass)
        if _pair_split(partials, entry, run, size, adjacent_only=False):
            entries[:] = [e for e in entries if e is not entry]  # its partner carries it
            continue
        block = _BLOCK[Location(entry["location"])]
        findings.append(facts.short_run(unit, block, entry["slot"] - 1, entry["item"], run,
                                        size))


_BLOCK = {loc: block for block, loc in BLOCK_TO_LOCATION.items()}


def _pair_split(partials: list[tuple[dict[str, Any], int]], entry: dict[str, Any], run: int,
                size: int, adjacent_only: bool) -> bool:
    """RULES.md 1.6: join this part of a split weapon to its part in another location."""
    here = Location(entry["location"])
    for i, (other, other_run) in enumerate(partials):
        there = Location(other["location"])
        if (other["item"] == entry["item"] and other_run + run == size and here != there
                and (frozenset((here, there)) in ADJACENT or not adjacent_only)):
            other["split"] = {"location": here.value, "slots": run, "slot": entry["slot"]}
            del partials[i]
            return True
    return False


def _run_length(slots: tuple[str, ...], index: int, text: str, item: Item, mass: int) -> int:
    """How many slots this one item takes here: its size, or fewer for a split part."""
    if item.kind is ItemKind.AMMO:
        return 1
    same = 0
    while index + same < len(slots) and names.strip_markers(slots[index + same])[0] == text:
        same += 1
    return min(item.slots(mass), same)


def _minimal_slots(design: dict[str, Any], source: str) -> dict[str, Any]:
    """Drop explicit slots location by location where auto-placement agrees; then merge
    consecutive identical entries into `count`."""
    from mechlab.resolve import resolve

    explicit = design
    target = _slot_names(resolve(design_from_dict(design, source)))
    for location in BIPED_LOCATIONS:
        trial = _without_slots(design, location)
        try:
            if _slot_names(resolve(design_from_dict(trial, source)))[location] == target[location]:
                design = trial
        except DesignError:
            continue
    if _slot_names(resolve(design_from_dict(design, source))) != target:
        design = explicit  # the pruned slots interact: keep every position explicit
    design["equipment"] = _compact(design["equipment"])
    return design


def _slot_names(mech: Any) -> dict[Location, tuple[str, ...]]:
    return {loc: tuple(s.name for s in slots) for loc, slots in mech.critical_slots.items()}


def _without_slots(design: dict[str, Any], location: Location) -> dict[str, Any]:
    trial = dict(design)
    trial["equipment"] = [
        {k: v for k, v in e.items() if k != "slot"}
        if e["location"] == location.value and "split" not in e else e
        for e in design["equipment"]
    ]
    return trial


def _compact(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    compact: list[dict[str, Any]] = []
    for entry in entries:
        last = compact[-1] if compact else None
        if (last is not None and "slot" not in entry and "slot" not in last
                and "split" not in entry and "split" not in last
                and {k: v for k, v in last.items() if k != "count"} == entry):
            last["count"] = last.get("count", 1) + 1
        else:
            compact.append(dict(entry))
    return compact

