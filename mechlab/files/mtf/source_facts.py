"""RULES.md §7 extended to the Standard header lines (STANDARD_RULES.md §14.5): what a
`.mtf` states twice and differently, each a finding with its own code, nothing repaired.

| code | the file says … | … and its slots |
|---|---|---|
| E-ENGINE-SLOTS | `Engine:` (its type's CT and side-torso slots, §3.4) | other engine lines |
| E-GYRO-SLOTS | `Gyro:` (type → CT gyro slots, §4) | hold other gyro lines |
| E-COCKPIT-SLOTS | `Cockpit:` (type → head layout, §5) | other cockpit/sensor/life support |
| E-MTF-FIXED | the actuators the design has | hold other actuator lines |
| W-MTF-FIXED-ORDER | the fixed slots above | hold them all, in another order (§14.4) |
| E-MTF-MYOMER | `Myomer:` triple-strength (or not) | hold TSM slots (or none) (§8.2) |
| E-MTF-SPREAD | a partial wing, a signature system | hold its slots elsewhere than its rule |
| E-MTF-JUMP, E-MTF-HEAT-SINKS, E-MTF-WEAPONS | as for Introductory files | |

The fixed slots a design implies come from the ruleset through the resolved 'Mech: this
module states no rule, it compares.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from mechlab.core.equipment import ItemKind
from mechlab.core.findings import Finding, Severity, error, warning
from mechlab.core.locations import Location
from mechlab.files.mtf.crits import read_crit
from mechlab.files.mtf.facts import (
    CONTRADICTS,
    at,
    heat_sinks,
    jump_jets,
    listed_not_in_slots,
    not_listed,
)
from mechlab.files.mtf.header import Header
from mechlab.files.mtf.level import declared_rules_level, rules_level_findings
from mechlab.files.mtf.model import MtfUnit
from mechlab.files.mtf.slots import Slots
from mechlab.model.mech import Mech, SlotKind

_ENGINE = {"Fusion Engine"}
_GYRO = {"Gyro"}
_COCKPIT = {"Cockpit", "Sensors", "Life Support"}


@dataclass(frozen=True)
class MtfFacts:
    """What a `.mtf` stated besides its design, and the rules that compare it with
    the resolved 'Mech (the `SourceFacts` protocol: computed once the 'Mech is resolved,
    by whoever resolves it)."""

    unit: MtfUnit
    header: Header
    slots: Slots
    catalog: Any

    def contradictions(self, mech: Mech, warnings: bool = True) -> list[Finding]:
        found = [*self.slots.findings,
                 *contradictions(self.unit, self.header, self.slots, mech, self.catalog)]
        if not warnings:  # W-RULES-LEVEL is a warning: not worked out
            return [f for f in found if f.severity is Severity.ERROR]
        return [*found, *rules_level_findings(self.unit, mech)]

    @property
    def declared_rules_level(self) -> str | None:
        return declared_rules_level(self.unit)


def contradictions(unit: MtfUnit, header: Header, slots: Slots, mech: Mech,
                   catalog: Any) -> list[Finding]:
    return [*_fixed(unit, header, slots, mech), *_myomer(unit, header, slots),
            *_spread_pieces(slots, mech),
            *jump_jets(unit, mech), *heat_sinks(unit, mech, header.engine_rating),
            *_weapons_list(unit, header, mech, catalog)]


def _spread_pieces(slots: Slots, mech: Mech) -> list[Finding]:
    """E-MTF-SPREAD: an item listed once and placed by its rule (a partial wing's 3 or 4
    slots in each side torso, a signature system's one in each location, environmental
    sealing) whose slot lines the file puts elsewhere or counts otherwise."""
    findings: list[Finding] = []
    for mount in mech.mounts:
        written = slots.pieces.get(mount.item.weapon.id)
        if written is None or mount.piece or not mount.placement:
            continue
        placed = Counter(loc for loc, _ in mount.placement)
        if placed != written:
            said = ", ".join(f"{loc.value} {n}" for loc, n in sorted(
                written.items(), key=lambda kv: list(Location).index(kv[0])))
            rule = ", ".join(f"{loc.value} {n}" for loc, n in sorted(
                placed.items(), key=lambda kv: list(Location).index(kv[0])))
            findings.append(error(
                "E-MTF-SPREAD", mount.path,
                f"{mount.name}: the file's slots ({said}) are not its rule's ({rule})",
                expected=rule, actual=said, hint=CONTRADICTS))
    return findings


def _fixed(unit: MtfUnit, header: Header, slots: Slots, mech: Mech) -> list[Finding]:
    """Per location: the fixed slots written against those the design implies."""
    findings: list[Finding] = []
    blocks = _block_of_location(unit.blocks)
    for location, block in blocks.items():
        cells = mech.critical_slots.get(location, ())
        implied = {c.index: c.name for c in cells if c.kind is SlotKind.FIXED}
        written = dict(slots.fixed.get(location, []))
        if implied == written:
            continue
        for group, code, what in ((_ENGINE, "E-ENGINE-SLOTS", f"Engine:{header.engine.text}"),
                                  (_GYRO, "E-GYRO-SLOTS", f"Gyro:{header.gyro.text or 'Standard'}"),
                                  (_COCKPIT, "E-COCKPIT-SLOTS",
                                   f"Cockpit:{header.cockpit.text or 'Standard'}"),
                                  (None, "E-MTF-FIXED", "the design")):
            findings += _compare(unit, block, implied, written, group, code, what)
    return findings


def _compare(unit: MtfUnit, block: str, implied: dict[int, str], written: dict[int, str],
             group: set[str] | None, code: str, what: str) -> list[Finding]:
    def mine(name: str) -> bool:
        other = _ENGINE | _GYRO | _COCKPIT
        return name in group if group is not None else name not in other

    want = {i: n for i, n in implied.items() if mine(n)}
    have = {i: n for i, n in written.items() if mine(n)}
    if want == have:
        return []
    if Counter(want.values()) == Counter(have.values()):
        return [warning("W-MTF-FIXED-ORDER", at(unit, block),
                        f"{block}: the fixed slots are all there, in another order than "
                        f"{what} places them",
                        expected=_listed(want), actual=_listed(have),
                        hint="MegaMek accepts it; the record sheet prints them as written")]
    return [error(code, at(unit, block),
                  f"{block}: {what} puts {_counted(want)} here; the file has {_counted(have)}",
                  expected=_listed(want), actual=_listed(have), hint=CONTRADICTS)]


def _counted(slots: dict[int, str]) -> str:
    if not slots:
        return "none"
    return ", ".join(f"{n} × {name}" if n > 1 else name
                     for name, n in Counter(slots.values()).items())


def _listed(slots: dict[int, str]) -> str:
    return ", ".join(f"{i + 1}: {n}" for i, n in sorted(slots.items())) or "none"


def _myomer(unit: MtfUnit, header: Header, slots: Slots) -> list[Finding]:
    """`Myomer:` says triple-strength and no slot holds TSM (the reverse, TSM slots under
    another `Myomer:` line, is reported where the slot is read)."""
    tsm_slots = sum(len(v) for v in slots.spread.get("myomer", {}).values())
    if header.myomer.kind != "tsm" or tsm_slots:
        return []
    return [error("E-MTF-MYOMER", at(unit, "myomer"),
                  f"Myomer:{header.myomer.text}, but no slot holds triple-strength myomer",
                  expected="6 TSM slots", actual="0", hint=CONTRADICTS)]


def _weapons_list(unit: MtfUnit, header: Header, mech: Mech, catalog: Any) -> list[Finding]:
    """Every weapon line names an item in the slots of its location, and every weapon in
    the slots is listed. MegaMek writes the list in its display names (`AMS`, `C3 Master
    with TAG`, `Medium Chem Laser`), which are not crit names: a line names a mounted item
    when it resolves to an item of the same name or spells one of its names; a line that
    does neither is then matched to the mounted item its words clearly name."""
    blocks = _block_of_location(unit.blocks)
    in_slots = [m for m in mech.mounts if not m.auto]
    # The mounted items in each block, in order: once an item, not once an item and a line.
    in_block: dict[str, list[int]] = {}
    for i, mount in enumerate(in_slots):
        home = mount.location
        in_block.setdefault(blocks[home], []).append(i)
        others: list[Location] = []  # `mount.locations` besides its own (a split weapon's)
        for loc, _ in mount.placement:
            if loc is not home and loc not in others:
                others.append(loc)
                in_block.setdefault(blocks[loc], []).append(i)
    matched: set[int] = set()
    lines = [(number, line) for number, line in enumerate(unit.weapons, start=1)
             for _ in range(line.count)]
    left = []
    for number, line in lines:  # first every exact name, so a fuzzy one steals nothing
        name = read_crit(line.name).name
        listed = _listed_name(catalog, name, header.tech_base)
        here = [i for i in in_block.get(line.location, ()) if i not in matched]
        match = next((i for i in here if _names(in_slots[i], name, listed)), None)
        if match is None:
            left.append((number, line))
        else:
            matched.add(match)
    findings = []
    for number, line in left:
        here = [i for i in in_block.get(line.location, ()) if i not in matched]
        match = _closest(here, in_slots, read_crit(line.name).name)
        if match is None:
            findings.append(listed_not_in_slots(unit, number, line))
        else:
            matched.add(match)
    unmatched = [i for i in range(len(in_slots)) if i not in matched]
    for i in unmatched:
        mount = in_slots[i]
        if mount.item.kind is not ItemKind.WEAPON:
            continue
        findings.append(not_listed(unit, mount.item.name, blocks[mount.location]))
    return findings


@cache  # a configuration's blocks, asked of each file
def _block_of_location(blocks: tuple[tuple[str, str], ...]) -> dict[Location, str]:
    return {Location(loc): block for block, loc in blocks}


def _listed_name(catalog: Any, name: str, tech_base: str) -> str | None:
    try:
        return str(catalog.lookup(name, tech_base).weapon.name)
    except ValueError:
        return None


_TECH_WORDS = re.compile(r"^(is|cl|clan)|\((is|clan|inner sphere)\)$")


@lru_cache(maxsize=8192)  # the same item names, file after file (issue 31: `check`)
def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", _TECH_WORDS.sub("", text.strip().lower()))


def _names(mount: Any, name: str, listed: str | None) -> bool:
    weapon = mount.item.weapon
    if listed is not None and listed == weapon.name:
        return True
    return _key(name) in _keys(weapon.name, weapon.mm_name, weapon.mtf_names)


@lru_cache(maxsize=4096)  # the same items, file after file
def _keys(name: str, mm_name: str, mtf_names: tuple[str, ...]) -> frozenset[str]:
    """The folded spellings of an item (`_key`)."""
    return frozenset(_key(s) for s in {name, mm_name, *mtf_names} if s)


def _closest(candidates: list[int], mounts: list[Any], name: str) -> int | None:
    """A display name no table spells (`Medium Chem Laser`, `AMS`, `C3 Master with TAG`):
    the mounted item in that location whose name is clearly the same words."""
    scored = [(_likeness(name, mounts[i].item.name), i) for i in candidates]
    best = max(scored, default=(0.0, -1))
    return best[1] if best[0] >= 0.75 else None


def _likeness(listed: str, name: str) -> float:
    words = [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]
    said = {w for w in re.split(r"[^a-z0-9]+", listed.lower()) if w} - {"with"}
    acronym = "".join(w[0] for w in re.split(r"[^a-z0-9]+", name.lower().replace("-", " ")) if w)
    if _key(listed) == acronym:
        return 1.0  # AMS: Anti-Missile System
    # C3 Master with TAG: C3 Computer (Master), two words in common of three
    shared = len(said & set(words))
    common = shared / max(1, min(len(said), len(set(words)))) if shared >= 2 else 0.0
    import difflib  # only for a file whose crit names differ from its weapon lines

    ratio = difflib.SequenceMatcher(None, _key(listed), _key(name)).ratio()
    return max(ratio, common + 0.1)
