"""MegaMek units ⇄ mechlab designs.

Reading maps the technical lines one to one: every slot run becomes an entry with its
explicit slot; nothing is resolved. A unit using technology outside the ruleset raises
`UnsupportedTechnologyError` naming the first such item.

A file that states one fact two ways and contradicts itself (RULES.md §7) is not
repaired: the reader records what the file said (`mechlab.files.mtf.facts.MtfFacts`), and
`validate` turns every contradiction into a finding on the 'Mech the command resolves.

`mechlab import` then prunes, in one explicit step from that one 'Mech
(`minimal_design`): slot positions stay only where auto-placement would put the items
elsewhere, so imported designs stay readable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import mechlab.files.mtf.facts as facts
import mechlab.files.mtf.names as names
from mechlab.core.design import Design
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.errors import DesignError
from mechlab.core.locations import BIPED_LOCATIONS, Location
from mechlab.files.design_data import UnsupportedTechnologyError, design_from_dict
from mechlab.files.mtf.header import identity_of
from mechlab.files.mtf.model import ARMOR_LOCATIONS, LOCATION_BLOCKS, MtfUnit
from mechlab.files.mtf.split import SplitPart, pair_split
from mechlab.model.mech import Mech, MountedItem, Slot, SlotKind
from mechlab.rulesets import Ruleset, get_ruleset

if TYPE_CHECKING:
    from mechlab.validate.source import SourceFacts

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
    """An MTF unit read as a design (slots one to one), with what else the file stated."""

    design: dict[str, Any]  # plain, every entry with its explicit slot
    # the source rules' input (RULES.md §7): `MtfFacts`, or a Standard file's `StandardFacts`
    facts: SourceFacts


def import_mtf(unit: MtfUnit, source: str, ruleset: Ruleset | None = None) -> Imported:
    """The design of an MTF unit, slot runs mapped one to one, and the file's facts."""
    ruleset = ruleset or get_ruleset("intro")
    _check_supported(unit, source)
    mass = _int(unit.get("mass"), "Mass", source)
    if mass <= 0:
        raise DesignError(source, ["Mass: expected a tonnage of at least 1, got 0"])
    rating = _engine_rating(unit, source)
    short_runs: list[facts.ShortRun] = []
    design: dict[str, Any] = {"chassis": unit.chassis, "model": unit.model, "tonnage": mass}
    if unit.get("source"):
        design["source"] = unit.get("source")
    if (unit.get("era") or "").isdigit():
        design["era"] = int(unit.get("era") or 0)
    design.update(identity_of(unit))
    design["walking_mp"] = facts.walking_mp(unit, mass, rating)
    maker = _engine_maker(unit, rating)
    if maker:
        design["engine_maker"] = maker
    design["jumping_mp"] = _int(unit.get("jump mp", "0"), "Jump MP", source)
    design["heat_sinks"] = _heat_sinks(unit, source)
    design["armor"] = _armor(unit)
    actuators = _actuators(unit)
    if actuators:
        design["actuators"] = actuators
    design["equipment"] = _equipment(unit, mass, ruleset, source, short_runs)
    return Imported(design, facts.MtfFacts(unit, mass, rating, tuple(short_runs), ruleset))


def design_dict_from_mtf(unit: MtfUnit, source: str, ruleset: Ruleset | None = None
                         ) -> dict[str, Any]:
    """The design of an MTF unit that does not contradict itself, pruned for reading
    (`minimal_design`); `DesignError` listing the contradictions otherwise (a design file
    cannot carry them: nothing is repaired). Resolves the design once."""
    from mechlab.model.resolve import resolve

    imported = import_mtf(unit, source, ruleset)
    mech = resolve(design_from_dict(imported.design, source))
    refuse_contradictions(source, imported.facts.contradictions(mech))
    return minimal_design(imported.design, mech)


def refuse_contradictions(source: str, findings: list[Any]) -> None:
    """A file that contradicts itself cannot become a design file (nothing is repaired)."""
    if findings:
        raise DesignError(source, [f"{f} (the file contradicts itself; fix it first)"
                                   for f in findings])


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
    for key, (name, rear) in ARMOR_LOCATIONS.items():
        if Location(name).has_rear_armor:
            armor[name]["rear" if rear else "front"] = values.get(key, 0)
        else:
            armor[name] = values.get(key, 0)
    return {loc.value: armor[loc.value] for loc in BIPED_LOCATIONS}


def _actuators(unit: MtfUnit) -> dict[str, Any]:
    actuators: dict[str, Any] = {}
    for block in ("Left Arm", "Right Arm"):
        slots = {s.strip().lower() for s in unit.slots(block)}
        state = {"lower_arm": "lower arm actuator" in slots, "hand": "hand actuator" in slots}
        if not all(state.values()):
            actuators[BLOCK_TO_LOCATION[block].value] = state
    return actuators


def _equipment(unit: MtfUnit, mass: int, ruleset: Ruleset, source: str,
               short_runs: list[facts.ShortRun]) -> list[dict[str, Any]]:
    """Entries in slot order, each with its explicit first slot; identical items written
    one after another are one entry with a `count` (their copies sit one after another
    from that slot, RULES.md 1.6: the same slots, one to one)."""
    entries: list[dict[str, Any]] = []
    whole: set[int] = set()  # ids of entries whose every copy has all its slot lines
    partials: list[SplitPart] = []  # split AC/20 parts awaiting their pair
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
                if pair_split(partials, entry, run, size):
                    index += run
                    continue
                partials.append((entry, run, size))
            elif run < size:
                short_runs.append(facts.ShortRun(block, index, item.name, run, size))
            index += run
            last = entries[-1] if entries else None
            if run == size and last is not None and id(last) in whole and _follows(
                    last, entry, size):
                last["count"] = last.get("count", 1) + 1
                continue
            entries.append(entry)
            if run == size:
                whole.add(id(entry))
    _pair_leftovers(partials, entries, short_runs)
    return entries


def _follows(last: dict[str, Any], entry: dict[str, Any], size: int) -> bool:
    """`entry` is one more copy of `last`, on the very next slots."""
    return ({k: v for k, v in last.items() if k not in ("slot", "count")}
            == {k: v for k, v in entry.items() if k != "slot"}
            and last["slot"] + last.get("count", 1) * size == entry["slot"])


def _pair_leftovers(partials: list[SplitPart], entries: list[dict[str, Any]],
                    short_runs: list[facts.ShortRun]) -> None:
    """Split parts without an adjacent partner: paired across non-adjacent locations (the
    validator's E-SPLIT judges that), else reported as too short for the weapon."""
    while partials:
        entry, run, size = partials.pop(0)
        if pair_split(partials, entry, run, size, adjacent_only=False):
            entries[:] = [e for e in entries if e is not entry]  # its partner carries it
            continue
        block = _BLOCK[Location(entry["location"])]
        short_runs.append(facts.ShortRun(block, entry["slot"] - 1, entry["item"], run, size))


_BLOCK = {loc: block for block, loc in BLOCK_TO_LOCATION.items()}


def _run_length(slots: tuple[str, ...], index: int, text: str, item: Item, mass: int) -> int:
    """How many slots this one item takes here: its size, or fewer for a split part."""
    if item.kind is ItemKind.AMMO:
        return 1
    same = 0
    while index + same < len(slots) and names.strip_markers(slots[index + same])[0] == text:
        same += 1
    return min(item.slots(mass), same)


def minimal_design(design: dict[str, Any], mech: Mech) -> dict[str, Any]:
    """The design with explicit slots dropped location by location where auto-placement
    (RULES.md 1.6: first free run, in the order listed) puts the same items in the same
    slots, then consecutive identical entries merged into `count`: one explicit step,
    judged on the 'Mech already resolved from the one-to-one design."""
    copies = _one_per_copy(design["equipment"], mech)
    for location in mech.locations:
        if _auto_agrees(copies, design["equipment"], mech, location):
            for entry, _ in copies:
                if entry["location"] == location.value and "split" not in entry:
                    entry.pop("slot", None)
    return {**design, "equipment": _compact([entry for entry, _ in copies])}


Copy = tuple[dict[str, Any], MountedItem | None]  # one copy of an entry, and its mount


def _one_per_copy(entries: list[dict[str, Any]], mech: Mech) -> list[Copy]:
    """Each copy of a `count` entry as an entry of its own, on its own slots."""
    copies: list[Copy] = []
    for index, entry in enumerate(entries):
        mounts = [m for m in mech.mounts if m.path == f"equipment[{index}]"]
        for copy in range(entry.get("count", 1)):
            mount = mounts[copy] if copy < len(mounts) else None
            one = {k: v for k, v in entry.items() if k != "count"}
            if "slot" in one and mount is not None:
                one["slot"] += copy * mount.slot_count
            copies.append((one, mount))
    return copies


def _auto_agrees(copies: list[Copy], equipment: list[dict[str, Any]], mech: Mech,
                 location: Location) -> bool:
    """Would placing this location's entries without their slots give the same slots?
    Fixed components and split weapons keep theirs; the other entries take the first
    free run that fits, in the order listed (resolve's placement)."""
    slots = mech.critical_slots[location]
    kept: list[Slot | None] = [s if s.kind is SlotKind.FIXED or _split(s, equipment) else None
                               for s in slots]
    placed: list[str | None] = [s.name if s is not None else None for s in kept]
    for entry, mount in copies:
        if entry["location"] != location.value or "split" in entry or mount is None:
            continue
        if mount.slot_count == 0:
            continue
        start = _first_free_run(placed, mount.slot_count)
        if start is None:
            return False
        placed[start:start + mount.slot_count] = [mount.name] * mount.slot_count
    return placed == [s.name if s.kind is not SlotKind.EMPTY and not _auto(s) else None
                      for s in slots]


def _split(slot: Slot, equipment: list[dict[str, Any]]) -> bool:
    """A slot of a split weapon (either part): it keeps its explicit position."""
    path = slot.mount.path if slot.mount is not None else ""
    return path.startswith("equipment[") and "split" in equipment[int(path[10:-1])]


def _auto(slot: Slot) -> bool:
    return slot.mount is not None and slot.mount.auto


def _first_free_run(cells: list[str | None], length: int) -> int | None:
    for start in range(len(cells) - length + 1):
        if all(cell is None for cell in cells[start:start + length]):
            return start
    return None


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

