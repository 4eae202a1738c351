"""RULES.md §7: a `.mtf` states several facts twice; when the two disagree the file
contradicts itself. Each contradiction is a finding with its own code, the line and
both values; nothing is repaired (no slot filled, no actuator put back, no header
value dropped): the design mechlab judges is what the slots say, and the finding says
what else the file claimed.

| code | the file says one thing … | … and another |
|---|---|---|
| E-MTF-WALK | `Walk MP:` | engine rating ÷ mass |
| E-ENGINE-RATING | `Engine:` rating | not a multiple of `Mass:` |
| E-MTF-JUMP | `Jump MP:` | jump jet slots |
| E-MTF-HEAT-SINKS | `Heat Sinks:` | heat sink slots (fewer than the engine cannot hold) |
| E-MTF-WEAPONS | the `Weapons:` list | the weapons in the slots |
| E-MTF-SLOTS | a multi-slot item's size | the slot lines it is written on |
| E-MTF-FIXED | the fixed components the design implies | the slot lines of a location |
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

import mechlab.files.mtf.names as names
from mechlab.core.equipment import ItemKind
from mechlab.core.findings import Finding, error
from mechlab.core.locations import Location
from mechlab.files.mtf.level import declared_rules_level, rules_level_findings
from mechlab.files.mtf.model import LOCATION_BLOCKS, MtfUnit, WeaponLine
from mechlab.model.mech import Mech, SlotKind

if TYPE_CHECKING:
    from mechlab.rulesets import Ruleset

_BLOCK = {Location(loc): block for block, loc in LOCATION_BLOCKS}
# The hint of every contradiction a `.mtf` states (this module and the Standard reader).
CONTRADICTS = "the file contradicts itself: correct whichever statement is wrong"


@dataclass(frozen=True)
class ShortRun:
    """A multi-slot item written on fewer slot lines than it takes (what the reader saw)."""

    block: str
    index: int  # 0-based slot line of the run's first line
    item: str
    run: int
    size: int


@dataclass(frozen=True)
class MtfFacts:
    """What a `.mtf` stated besides the design read from its slots: its header, its
    `Weapons:` list and slot lines as written, and the short runs the reader met. The
    source rules below compare them with the 'Mech the command resolves (`validate`
    runs them; nothing is resolved while reading)."""

    unit: MtfUnit
    mass: int
    rating: int
    short_runs: tuple[ShortRun, ...]
    ruleset: Ruleset  # whose table the file's item names were read with

    def contradictions(self, mech: Mech) -> list[Finding]:
        """Every contradiction, in the order: walking MP, short runs, jump jets, heat
        sinks, fixed components, the `Weapons:` list."""
        unit = self.unit
        return [*walk_contradictions(unit, self.mass, self.rating),
                *(short_run(unit, r) for r in self.short_runs),
                *jump_jets(unit, mech), *heat_sinks(unit, mech, self.rating),
                *_fixed_components(unit, mech), *_weapons_list(unit, mech, mech.ruleset),
                *rules_level_findings(unit, mech)]

    @property
    def declared_rules_level(self) -> str | None:
        return declared_rules_level(self.unit)


def at(unit: MtfUnit, key: str, offset: int = 0) -> str:
    """The finding's path: the file line a fact was read from."""
    line = unit.line_of(key)
    return f"line {line + offset}" if line is not None else key


def _declared_walk(unit: MtfUnit) -> int | None:
    text = (unit.get("walk mp") or "").strip()
    return int(text) if text.isdigit() and len(text) <= 3 else None


def walking_mp(unit: MtfUnit, mass: int, rating: int) -> int:
    """The design's Walking MP: the engine rating ÷ mass, the weightier statement (it fixes
    the engine's weight); `Walk MP:` must agree (E-MTF-WALK). A rating that is not a
    multiple of the mass is E-ENGINE-RATING, and the design walks as `Walk MP:` says."""
    declared = _declared_walk(unit)
    if rating % mass:
        return declared if declared is not None else rating // mass
    return rating // mass


def walk_contradictions(unit: MtfUnit, mass: int, rating: int) -> list[Finding]:
    """E-ENGINE-RATING and E-MTF-WALK: the engine rating, the mass and `Walk MP:`."""
    declared = _declared_walk(unit)
    if rating % mass:
        return [error(
            "E-ENGINE-RATING", at(unit, "engine"),
            f"Engine: rating {rating} is not Mass {mass} × a whole Walking MP",
            expected=f"a multiple of {mass}", actual=str(rating),
            hint="rating = tonnage × Walking MP (RULES.md 1.2): correct Mass or Engine")]
    walk = rating // mass
    if declared is not None and declared != walk:
        return [error(
            "E-MTF-WALK", at(unit, "walk mp"),
            f"Walk MP:{declared}, but engine {rating} ÷ Mass {mass} = {walk}",
            expected=str(walk), actual=str(declared), hint=CONTRADICTS)]
    return []


def short_run(unit: MtfUnit, run: ShortRun) -> Finding:
    """A multi-slot item written on fewer slot lines than it takes."""
    lines = "1 slot line" if run.run == 1 else f"{run.run} slot lines"
    return error("E-MTF-SLOTS", at(unit, run.block, run.index),
                 f"{run.block}: {run.item} takes {run.size} slots, the file gives it {lines}",
                 expected=f"{run.size} slots", actual=f"{run.run}", hint=CONTRADICTS)


def jump_jets(unit: MtfUnit, mech: Mech) -> list[Finding]:
    """E-MTF-JUMP: `Jump MP:` against the jump jets in the slots (RULES.md §7; the same
    check for Introductory and Standard files)."""
    slotted = sum(1 for m in mech.jump_jets if not m.auto)
    if slotted == mech.jumping_mp:
        return []
    return [error("E-MTF-JUMP", at(unit, "jump mp"),
                  f"Jump MP:{mech.jumping_mp}, but the slots hold {slotted} jump "
                  f"jet{'s' if slotted != 1 else ''}",
                  expected=str(slotted), actual=str(mech.jumping_mp), hint=CONTRADICTS)]


def heat_sinks(unit: MtfUnit, mech: Mech, rating: int | None = None) -> list[Finding]:
    """E-MTF-HEAT-SINKS: `Heat Sinks:` needs more sinks in the slots than they hold (the
    resolver placed the rest). One wording for Introductory and Standard files; an
    Introductory file's finding names its engine's rating."""
    missing = sum(1 for m in mech.slotted_heat_sinks if m.auto)
    if not missing:
        return []
    slotted = len(mech.slotted_heat_sinks) - missing
    needed = slotted + missing
    engine = "engine" if rating is None else f"{rating} engine"
    return [error("E-MTF-HEAT-SINKS", at(unit, "heat sinks"),
                  f"Heat Sinks:{mech.heat_sinks} needs {needed} in slots beside the "
                  f"{mech.integral_heat_sinks} in the {engine}, but the slots hold "
                  f"{slotted}", expected=str(needed), actual=str(slotted), hint=CONTRADICTS)]


def _fixed_components(unit: MtfUnit, mech: Mech) -> list[Finding]:
    """Every fixed-component line where the design has it, and none elsewhere."""
    findings = []
    for location, block in _BLOCK.items():
        cells = mech.critical_slots[location]
        for index, line in enumerate(unit.slots(block)):
            written = names.FIXED.get(names.strip_markers(line)[0].lower())
            cell = cells[index] if index < len(cells) else None
            implied = cell.name if cell is not None and cell.kind is SlotKind.FIXED else None
            if written != implied:
                findings.append(error(
                    "E-MTF-FIXED", at(unit, block, index),
                    f"{block} slot {index + 1}: the file has {line!r} "
                    + (f"where the {implied} goes" if implied
                       else "where no fixed component goes"),
                    expected=implied or "no fixed component", actual=line, hint=CONTRADICTS))
        for index in range(len(unit.slots(block)), len(cells)):
            if cells[index].kind is SlotKind.FIXED:
                findings.append(error(
                    "E-MTF-FIXED", at(unit, block),
                    f"{block} slot {index + 1}: the file has no line for the "
                    f"{cells[index].name}", expected=cells[index].name, actual="no line",
                    hint=CONTRADICTS))
    return findings


def _weapons_list(unit: MtfUnit, mech: Mech, ruleset: Ruleset) -> list[Finding]:
    """The `Weapons:` list names every weapon in the slots, each once (hatchets are not
    weapons there); a split weapon is listed in either of its locations. Whether a weapon
    faces rear is the slots' statement: MegaMek's lists often leave out the `(R)`."""
    in_slots = [m for m in mech.mounts
                if m.item.kind in (ItemKind.WEAPON, ItemKind.HATCHET) and not m.auto]
    unmatched = Counter(range(len(in_slots)))
    findings = []
    for number, line in enumerate(unit.weapons, start=1):
        item = names.item_for(names.strip_markers(line.name)[0], ruleset.catalog)
        for _ in range(line.count):
            match = next((i for i in unmatched if item is not None and in_slots[i].item == item
                          and line.location in {_BLOCK[loc] for loc in in_slots[i].locations}),
                         None)
            if match is None:
                findings.append(listed_not_in_slots(unit, number, line))
            else:
                del unmatched[match]
    for i in unmatched:
        mount = in_slots[i]
        if mount.item.kind is ItemKind.HATCHET:
            continue  # MegaMek lists weapons only; a listed hatchet is accepted, not required
        findings.append(not_listed(unit, names.mtf_name(mount.item), _BLOCK[mount.location]))
    return findings


# E-MTF-WEAPONS, both ways: one wording for Introductory and Standard files (their readers
# match the `Weapons:` list to the slots each in its own way).
def listed_not_in_slots(unit: MtfUnit, number: int, line: WeaponLine) -> Finding:
    return error("E-MTF-WEAPONS", at(unit, "weapons", number),
                 f"Weapons: lists {line.name}, {line.location}, which the slots of "
                 f"{line.location} do not hold", expected="a weapon in the slots",
                 actual=f"{line.name}, {line.location}", hint=CONTRADICTS)


def not_listed(unit: MtfUnit, name: str, block: str) -> Finding:
    return error("E-MTF-WEAPONS", at(unit, "weapons"),
                 f"Weapons: does not list the {name} in the slots of {block}",
                 expected=f"{name}, {block}", actual="not listed", hint=CONTRADICTS)
