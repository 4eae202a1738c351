"""A `.mtf` file's crit lines read as the design's slots (STANDARD_RULES.md §14.6), slot
for slot, in file order: a spread component's slot (`structure.slots`, `armor.slots`,
`myomer.slots`: the 1-based slot numbers), an equipment entry at its explicit slot
(`pod: true` for `(OMNIPOD)`, `rear: true` for `(R)`, `split:` for a weapon written
across two locations), or a fixed component (engine, gyro, cockpit, actuators), which the
design does not list. Nothing is repaired: a line that says another thing than the
header becomes a finding (`Slots.findings`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from typing import Any

import mechlab.files.mtf.facts as facts
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.errors import DesignError
from mechlab.core.findings import Finding, error
from mechlab.core.locations import Location
from mechlab.files.mtf.crits import EMPTY_NAMES, Crit, read_crit
from mechlab.files.mtf.header import Header
from mechlab.files.mtf.model import MtfUnit
from mechlab.files.mtf.names import FIXED
from mechlab.files.mtf.patchwork import declared_armor
from mechlab.files.mtf.split import SplitPart, pair_split
from mechlab.rulesets import catalogue_ruleset

# Crit names of spread components (§2.2, §6.1, §8.2, §14.4) → (component, type, tech);
# tech None: the unit's base (§1.3). Format spellings, not rule facts.
_ENDO = {"endo steel": None, "endo-steel": None, "is endo steel": "is", "is endo-steel": "is",
         "clan endo steel": "clan", "clan endo-steel": "clan"}
COMPONENT_CRITS: dict[str, tuple[str, str, str | None]] = {
    **{name: ("structure", "endo_steel", tech) for name, tech in _ENDO.items()},
    "endo-composite": ("structure", "endo_composite", None),
    "is endo-composite": ("structure", "endo_composite", "is"),
    "clan endo-composite": ("structure", "endo_composite", "clan"),
    "composite": ("structure", "composite", None),
    "is composite": ("structure", "composite", "is"),
    "reinforced": ("structure", "reinforced", None),
    "is reinforced": ("structure", "reinforced", "is"),
    "clan reinforced": ("structure", "reinforced", "clan"),
    "ferro-fibrous": ("armor", "ferro_fibrous", None),
    "is ferro-fibrous": ("armor", "ferro_fibrous", "is"),
    "clan ferro-fibrous": ("armor", "ferro_fibrous", "clan"),
    "light ferro-fibrous": ("armor", "light_ferro", None),
    "is light ferro-fibrous": ("armor", "light_ferro", "is"),
    "heavy ferro-fibrous": ("armor", "heavy_ferro", None),
    "is heavy ferro-fibrous": ("armor", "heavy_ferro", "is"),
    "stealth": ("armor", "stealth", None), "is stealth": ("armor", "stealth", "is"),
    "stealth armor": ("armor", "stealth", None),
    # ADVANCED_COMPONENTS.md §7.2: the endo steel and ferro-fibrous prototypes' slots.
    "endo steel prototype": ("structure", "endo_steel_prototype", None),
    "endo-steel prototype": ("structure", "endo_steel_prototype", None),
    "is endo steel prototype": ("structure", "endo_steel_prototype", "is"),
    "is endo-steel prototype": ("structure", "endo_steel_prototype", "is"),
    "ferro-fibrous prototype": ("armor", "ferro_fibrous_prototype", None),
    "is ferro-fibrous prototype": ("armor", "ferro_fibrous_prototype", "is"),
    # ADVANCED_COMPONENTS.md §4.1: the Tactical Operations armors' slots.
    "ferro-lamellor": ("armor", "ferro_lamellor", None),
    "clan ferro-lamellor": ("armor", "ferro_lamellor", "clan"),
    "reactive": ("armor", "reactive", None), "is reactive": ("armor", "reactive", "is"),
    "clan reactive": ("armor", "reactive", "clan"),
    "reflective": ("armor", "reflective", None), "reflective armor": ("armor", "reflective", None),
    "is reflective": ("armor", "reflective", "is"),
    "clan reflective": ("armor", "reflective", "clan"),
    "ballistic-reinforced": ("armor", "ballistic_reinforced", None),
    "is ballistic-reinforced": ("armor", "ballistic_reinforced", "is"),
    "impact-resistant": ("armor", "impact_resistant", None),
    "is impact-resistant": ("armor", "impact_resistant", "is"),
    "anti-penetrative ablation": ("armor", "anti_penetrative_ablation", None),
    "is anti-penetrative ablation": ("armor", "anti_penetrative_ablation", "is"),
    "heat-dissipating": ("armor", "heat_dissipating", None),
    "is heat-dissipating": ("armor", "heat_dissipating", "is"),
    "clan heat-dissipating": ("armor", "heat_dissipating", "clan"),
    "tsm": ("myomer", "tsm", None), "triple strength myomer": ("myomer", "tsm", None),
    "is triple strength myomer": ("myomer", "tsm", "is"),
    "industrial triple strength myomer": ("myomer", "industrial_tsm", None),
    "industrial tsm": ("myomer", "industrial_tsm", None),
    "is industrial triple strength myomer": ("myomer", "industrial_tsm", "is"),
}


@dataclass
class Slots:
    """What the crit lines hold, location by location, as read."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    spread: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    fixed: dict[Location, list[tuple[int, str]]] = field(default_factory=dict)
    armored: dict[str, list[int]] = field(default_factory=dict)  # fixed slots `(armored)`
    findings: list[Finding] = field(default_factory=list)
    # The slot lines of each item listed once and placed by mechlab (environmental sealing,
    # partial wing, signature systems), per location: compared with the placed 'Mech.
    pieces: dict[str, Counter[Location]] = field(default_factory=dict)


def read_slots(unit: MtfUnit, header: Header, catalog: Any, mass: int, source: str) -> Slots:
    """Each crit line as the design's slot, in file order."""
    slots = Slots()
    partials: list[SplitPart] = []  # split parts: entry, run, size
    for block, location_name in unit.blocks:
        location = Location(location_name)
        crits = [read_crit(line) for line in unit.slots(block)]
        index = 0
        while index < len(crits):
            crit = crits[index]
            lower = crit.name.lower()
            if lower in EMPTY_NAMES:  # most lines: read here, not by _one_run
                index += 1
                continue
            if lower in FIXED:  # most of the others (actuators, engine, gyro…): here too
                slots.fixed.setdefault(location, []).append((index, FIXED[lower]))
                if crit.armored:
                    slots.armored.setdefault(location.value, []).append(index + 1)
                if crit.pod:
                    slots.findings.append(_pod_fixed(unit, block, index, crit.name))
                index += 1
                continue
            index += _one_run(crits, index, crit, location, block, header, catalog, mass,
                              source, slots, partials, unit)
    while partials:
        entry, run, size = partials.pop(0)
        # Parts without an adjacent partner are paired across the 'Mech for the validator's
        # E-SPLIT to judge (RULES.md 1.6), else reported as too short for the weapon.
        if pair_split(partials, entry, run, size, adjacent_only=False):
            slots.entries[:] = [e for e in slots.entries if e is not entry]
            continue
        slots.findings.append(facts.short_run(unit, facts.ShortRun(
            _block_of(unit, entry["location"]), entry["slot"] - 1, entry["item"], run, size)))
    return slots


def _one_run(crits: list[Crit], index: int, crit: Crit, location: Location, block: str,
             header: Header, catalog: Any, mass: int, source: str, slots: Slots,
             partials: list[SplitPart], unit: MtfUnit) -> int:
    """Read the item starting at `index` (not a fixed slot: `read_slots` reads those);
    how many lines it took."""
    lower = crit.name.lower()
    if lower in COMPONENT_CRITS:
        _component_slot(lower, location, index, block, header, slots, unit, crit)
        return 1
    if "|" in crit.name:
        return _shared_slot(crit, index, location, header, catalog, source, slots,
                            _slot_line(unit, block, index))
    item = _item(crit.name, header, catalog, source, lambda: _slot_line(unit, block, index))
    if item.weapon.id in _one_slot_each():
        # Environmental sealing, tracks, a partial wing, signature systems: listed once;
        # mechlab places the pieces (a slot line each, not a run); where the file has them
        # is compared with that placement (source_facts E-MTF-SPREAD).
        name = _readable(item, header, catalog)
        if not any(e["item"] == name for e in slots.entries):
            entry: dict[str, Any] = {"item": name, "location": location.value}
            if "size" in (item.weapon.tons_formula or ""):
                # ADVANCED_EQUIPMENT.md §4.3: a mechanical jump booster's size is its MP,
                # which MegaMek writes on the `Jump MP:` line (all three corpus files).
                entry["size"] = jump_mp(unit, source)
            slots.entries.append(entry)
        slots.pieces.setdefault(item.weapon.id, Counter())[location] += 1
        return 1
    size = _size(item, mass)
    entry, run = _entry(crit, item, location, index, _run(crits, index, crit, size),
                        mass, _readable(item, header, catalog))
    if size is None and run > 0 and "size" not in entry:
        entry["slots"] = run  # a formula sizes it (TC, MASC): the validator judges the run
    if size is not None and run < size and item.weapon.splittable:
        if not pair_split(partials, entry, run, size):
            partials.append((entry, run, size))
            slots.entries.append(entry)
        return run
    if size is not None and run < size:
        slots.findings.append(facts.short_run(unit, facts.ShortRun(block, index, item.name, run,
                                                                   size)))
    slots.entries.append(entry)
    return run


def _shared_slot(crit: Crit, index: int, location: Location, header: Header, catalog: Any,
                 source: str, slots: Slots, line: str) -> int:
    """CONFIGURATIONS.md §1.3: `A|B`, two one-slot items in one superheavy slot; the
    `(omnipod)` written on the second half pods both (Mek's two-item add)."""
    names = crit.name.split("|")
    if len(names) != 2:
        raise DesignError(source, [f"{line}{crit.name!r}: a slot holds at most two items "
                                   "(`A|B`)"])
    for half, name in enumerate(names):
        part = read_crit(name)
        item = _item(part.name, header, catalog, source, lambda: line)
        entry: dict[str, Any] = {"item": _readable(item, header, catalog),
                                 "location": location.value, "slot": index + 1}
        if crit.pod or part.pod:
            entry["pod"] = True
        if half:
            entry["shared"] = True
        slots.entries.append(entry)
    return 1


def _entry(crit: Crit, item: Item, location: Location, index: int, run: int, mass: int,
           name: str) -> tuple[dict[str, Any], int]:
    """The design entry of the item whose run starts at `index`, and the lines it takes."""
    entry: dict[str, Any] = {"item": name, "location": location.value, "slot": index + 1}
    if "size" in (item.weapon.tons_formula or ""):
        # A variable-size item (cargo, fuel tank): the tons its name states, else as many
        # tons as its lines (MegaMek's reading of a size-less `Extended Fuel Tank`); the
        # run is the slots that size takes, so two `Cargo (1 ton)` lines are two lots.
        declared = _declared_size(crit)
        tons = declared if declared is not None else run
        run = min(run, replace(item, size=Fraction(str(tons))).sized({"tonnage": mass})[1])
        entry["size"] = tons
    if crit.rear:
        entry["rear"] = True
    if crit.pod:
        entry["pod"] = True
    if crit.armored:
        entry["armored"] = True
    if crit.turret:
        entry["turret"] = True
    return entry, run


def _component_slot(lower: str, location: Location, index: int, block: str, header: Header,
                    slots: Slots, unit: MtfUnit, crit: Crit) -> None:
    component, kind, tech = COMPONENT_CRITS[lower]
    declared = (declared_armor(unit, header, location.value) if component == "armor"
                else getattr(header, component))
    base = declared.tech if tech is None else tech
    if kind == declared.kind and base == declared.tech:
        spread = slots.spread.setdefault(component, {})
        spread.setdefault(location.value, []).append(index + 1)
    else:  # §2.3 / §6.2: a slot of another kind is a stray slot, reported, not kept
        code = {"structure": "E-STRUCTURE-SLOTS", "armor": "E-ARMOR-SLOTS",
                "myomer": "E-MTF-MYOMER"}[component]
        slots.findings.append(error(
            code, facts.at(unit, block, index),
            f"{block} slot {index + 1}: {crit.name!r} is not a slot of the "
            f"{component} the file declares ({declared.text or declared.kind})",
            expected=f"{declared.kind} slots", actual=crit.name, hint=facts.CONTRADICTS))
    if crit.pod:
        slots.findings.append(_pod_fixed(unit, block, index, crit.name))


@cache  # the catalogue's, asked for each crit line of each file
def _one_slot_each() -> frozenset[str]:
    """standard.yaml `one_slot_each` and advanced.yaml `spread_equipment`: the items listed
    once and placed as spread pieces."""
    ruleset = catalogue_ruleset()
    return frozenset({*getattr(ruleset, "derived", {}).get("one_slot_each", {}),
                      *getattr(ruleset, "spread_equipment", {})})


def _pod_fixed(unit: MtfUnit, block: str, index: int, name: str) -> Finding:
    """§11.2: structure, armor, engine, gyro, cockpit and actuators are never podded."""
    return error("E-OMNI-POD-FIXED", facts.at(unit, block, index),
                 f"{block} slot {index + 1}: {name} is always fixed equipment, the file "
                 "pods it (OMNIPOD)", expected="fixed", actual="(OMNIPOD)",
                 hint="remove '(OMNIPOD)' from the slot line")


_TONS_IN_NAME = re.compile(r"\((\d{1,3}(?:\.\d{1,2})?) tons?\)", re.IGNORECASE)


def _declared_size(crit: Crit) -> float | int | None:
    """`Cargo:SIZE:2.0` or `Liquid Storage (1 ton)`: a variable-size item's tons."""
    text = crit.size or (m.group(1) if (m := _TONS_IN_NAME.search(crit.name)) else None)
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return int(value) if value.is_integer() else value


def _item(name: str, header: Header, catalog: Any, source: str,
          line: Callable[[], str]) -> Item:
    """The item a crit line names. STANDARD_RULES.md §14.2 step 1: a name on no table of
    levels 1-2 in a level 1-2 file is bad input naming the file, the line (`line()`, only
    then) and the name (with the closest names), not technology mechlab lacks: the
    refusals of §0.3 already named every level-3 item a file uses."""
    try:
        item: Item = catalog.lookup(name, header.tech_base)
    except ValueError as exc:  # UnknownItemError says "unknown item …" and its suggestions
        raise DesignError(source, [f"{line()}{exc}; `mechlab items --ruleset standard WORD` "
                                   "lists what exists"]) from None
    return item


def _slot_line(unit: MtfUnit, block: str, index: int) -> str:
    """'line 42: ' for slot `index` of `block` (the block's slot lines follow one another)."""
    first = unit.line_of(block)
    return f"line {first + index}: " if first is not None else f"{block}: "


def _readable(item: Item, header: Header, catalog: Any) -> str:
    """The item's name where it names this item on this 'Mech's tech base (`ER Large
    Laser` on a Clan 'Mech), else its id (`is_er_large_laser` on a Mixed Clan chassis)."""
    try:
        if catalog.lookup(item.weapon.name, header.tech_base).weapon.id == item.weapon.id:
            return str(item.weapon.name)
    except ValueError:
        pass
    return str(item.weapon.id or item.name)


def _size(item: Item, mass: int) -> int | None:
    """The item's slots, or None when a formula of the whole 'Mech sizes it (TC, MASC…):
    then the run as written is the item, and the validator judges its size."""
    if item.kind is ItemKind.AMMO:
        return 1
    if item.weapon.slots_formula and item.weapon.slots_formula not in ("tonnage",):
        return None
    try:
        # CONFIGURATIONS.md §1.3: halved on a superheavy.
        return catalogue_ruleset().item_slots(mass, item.slots(mass))
    except Exception:  # a formula needing more than the tonnage: sized by the validator
        return None


def _run(crits: list[Crit], index: int, crit: Crit, size: int | None) -> int:
    """How many lines this one item takes here: its size (`_size`), or fewer for a split
    part."""
    if size == 1:
        return 1
    same = 0
    while (index + same < len(crits) and crits[index + same].name == crit.name
           and crits[index + same].pod == crit.pod and crits[index + same].rear == crit.rear
           and crits[index + same].armored == crit.armored
           and crits[index + same].turret == crit.turret):
        same += 1
    return same if size is None else min(size, same)


def _block_of(unit: MtfUnit, location: str) -> str:
    return next(block for block, loc in unit.blocks if loc == location)


def jump_mp(unit: MtfUnit, source: str) -> int:
    text = (unit.get("jump mp") or "0").strip()
    if not text.isdecimal() or len(text) > 3:
        raise DesignError(source, [f"Jump MP: expected a whole number, got {text[:20]!r}"])
    return int(text)
