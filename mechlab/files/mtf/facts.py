"""RULES.md §7: a `.mtf` states several facts twice; when the two disagree the file
contradicts itself. This module holds the source rules on the header numbers and the
findings' wording; `source_facts.MtfFacts` runs them all on the resolved 'Mech.
Each contradiction is a finding with its own code, the line and
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

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mechlab.core.errors import DesignError
from mechlab.core.findings import Finding, error
from mechlab.core.locations import Location
from mechlab.files.mtf.model import LOCATION_BLOCKS, MtfUnit, WeaponLine
from mechlab.model.mech import Mech

if TYPE_CHECKING:
    pass

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


def at(unit: MtfUnit, key: str, offset: int = 0) -> str:
    """The finding's path: the file line a fact was read from."""
    line = unit.line_of(key)
    return f"line {line + offset}" if line is not None else key


def _declared_walk(unit: MtfUnit, source: str = "") -> int | None:
    """`Walk MP:` as the file states it, None where it states none; a value that is no
    whole number is refused, as `Jump MP:`'s is (it was dropped in silence)."""
    text = (unit.get("walk mp") or "").strip()
    if not text:
        return None
    if not text.isdecimal() or len(text) > 3:
        raise DesignError(source, [f"{at(unit, 'walk mp')}: Walk MP: expected a whole number, "
                                   f"got {text[:20]!r}"])
    return int(text)


def walking_mp(unit: MtfUnit, mass: int, rating: int, walk: int | None,
               source: str = "") -> int:
    """The design's Walking MP: the one the engine rating gives (`walk`, the ruleset's
    answer: rating ÷ mass, a primitive 'Mech's larger engine aside), the weightier statement
    (it fixes the engine's weight); `Walk MP:` must agree (E-MTF-WALK). A rating no whole
    Walking MP gives is E-ENGINE-RATING, and the design walks as `Walk MP:` says."""
    declared = _declared_walk(unit, source)
    if walk is None:
        return declared if declared is not None else rating // mass
    return walk


def walk_contradictions(unit: MtfUnit, mass: int, rating: int,
                        walk: int | None) -> list[Finding]:
    """E-ENGINE-RATING and E-MTF-WALK: the engine rating, the mass and `Walk MP:`."""
    declared = _declared_walk(unit)
    if walk is None:
        return [error(
            "E-ENGINE-RATING", at(unit, "engine"),
            f"Engine: rating {rating} is not Mass {mass} × a whole Walking MP",
            expected=f"a multiple of {mass}", actual=str(rating),
            hint="rating = tonnage × Walking MP (RULES.md 1.2): correct Mass or Engine")]
    if declared is not None and declared != walk:
        gives = f"÷ Mass {mass} =" if walk * mass == rating else f"at Mass {mass} gives"
        return [error(
            "E-MTF-WALK", at(unit, "walk mp"),
            f"Walk MP:{declared}, but engine {rating} {gives} {walk}",
            expected=str(walk), actual=str(declared), hint=CONTRADICTS)]
    return []


def short_run(unit: MtfUnit, run: ShortRun) -> Finding:
    """A multi-slot item written on fewer slot lines than it takes."""
    lines = "1 slot line" if run.run == 1 else f"{run.run} slot lines"
    return error("E-MTF-SLOTS", at(unit, run.block, run.index),
                 f"{run.block}: {run.item} takes {run.size} slots, the file gives it {lines}",
                 expected=f"{run.size} slots", actual=f"{run.run}", hint=CONTRADICTS)


def jump_jets(unit: MtfUnit, mech: Mech) -> list[Finding]:
    """E-MTF-JUMP: `Jump MP:` against the jump jets in the slots (RULES.md §7)."""
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
    held = mech.ruleset.sinks_held  # a compact pair's slot is two sinks
    missing = sum(held(m.item) for m in mech.slotted_heat_sinks if m.auto)
    if not missing:
        return []
    slotted = sum(held(m.item) for m in mech.slotted_heat_sinks) - missing
    needed = slotted + missing
    engine = "engine" if rating is None else f"{rating} engine"
    return [error("E-MTF-HEAT-SINKS", at(unit, "heat sinks"),
                  f"Heat Sinks:{mech.heat_sinks} needs {needed} in slots beside the "
                  f"{mech.integral_heat_sinks} in the {engine}, but the slots hold "
                  f"{slotted}", expected=str(needed), actual=str(slotted), hint=CONTRADICTS)]


# E-MTF-WEAPONS, both ways (source_facts matches the `Weapons:` list to the slots).
def listed_not_in_slots(unit: MtfUnit, number: int, line: WeaponLine) -> Finding:
    return error("E-MTF-WEAPONS", at(unit, "weapons", number),
                 f"Weapons: lists {line.name}, {line.location}, which the slots of "
                 f"{line.location} do not hold", expected="a weapon in the slots",
                 actual=f"{line.name}, {line.location}", hint=CONTRADICTS)


def not_listed(unit: MtfUnit, name: str, block: str) -> Finding:
    return error("E-MTF-WEAPONS", at(unit, "weapons"),
                 f"Weapons: does not list the {name} in the slots of {block}",
                 expected=f"{name}, {block}", actual="not listed", hint=CONTRADICTS)
