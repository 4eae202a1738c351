"""What a `.mtf` uses that mechlab's rulesets stop short of (STANDARD_RULES.md §0.2–0.3):
one line naming the technology and its rules level, reported as *unsupported* (exit 2),
never a pile of unknown items.

Checked in this order, the first match reported: the unit type (`R-UNIT-TYPE`, from the
header), a level-3+ component (`R-COMPONENT`, header lines and crit suffixes), a level-3+
item (`R-ITEM`, equipment.tsv's `rules_level`), and an item on no table of levels 1–2 in a
file that declares level 3 or above (`R-ITEM`, naming it and the declared level).

Issue 26, judged by content: the file's own `rules level:` line refuses nothing by itself.
MegaMek never recomputes that line (tech/PROGRESSION.md), so it is often stale: a file
declared level 3 or 4 whose every part is of level 1–2 is read and judged, and the stale
line is a warning (`W-RULES-LEVEL`, files/mtf/level.py). Only a file mechlab cannot take
apart falls back on the line (`R-RULES-LEVEL`, `refusal_of_unreadable`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from mechlab.core.errors import DesignError
from mechlab.files.design_data import UnsupportedTechnologyError
from mechlab.files.mtf.crits import read_crit
from mechlab.files.mtf.header import Header, HeaderError, header_from
from mechlab.files.mtf.model import MtfUnit

LEVELS = {1: "Introductory", 2: "Standard", 3: "Advanced", 4: "Experimental", 5: "Unofficial"}
ADVANCED, EXPERIMENTAL, UNOFFICIAL = 3, 4, 5
ITEM_LEVELS = {"advanced": ADVANCED, "experimental": EXPERIMENTAL}
UNKNOWN = "unknown"  # an item_level answer: a name on no table of the catalogue
LARGEST_STANDARD_RATING = 400  # §3.2: 405–500 is a large engine

# §0.3 header options, by the line's value (lower case, as `mechlab.files.mtf.header` keeps it).
_ENGINES = {"xxl": ("XXL engine", ADVANCED),
            "ice": ("an internal-combustion (ICE) engine on a BattleMech", EXPERIMENTAL),
            "fuel_cell": ("a fuel-cell engine on a BattleMech", EXPERIMENTAL),
            "fission": ("a fission engine on a BattleMech", EXPERIMENTAL)}
_COCKPITS = {"command console": ADVANCED, "torso-mounted cockpit": EXPERIMENTAL,
             "interface cockpit": EXPERIMENTAL, "vrrp cockpit": EXPERIMENTAL,
             "superheavy cockpit": ADVANCED, "tripod cockpit": ADVANCED,
             "superheavy tripod cockpit": ADVANCED, "quadvee cockpit": ADVANCED,
             "dual cockpit": UNOFFICIAL, "small command console": ADVANCED}
_GYROS = {"superheavy gyro": ADVANCED, "none": ADVANCED}
_STRUCTURES = {"endo_steel_prototype": EXPERIMENTAL}
_SINKS = {"compact": ADVANCED, "laser": ADVANCED, "double prototype": EXPERIMENTAL,
          "prototype double": EXPERIMENTAL}
# §0.3 armor: the words that name an Advanced or Experimental armor.
_ARMOR_WORDS = (("ferro-lamellor", ADVANCED), ("prototype", EXPERIMENTAL),
                ("hardened", ADVANCED), ("reactive", ADVANCED), ("reflective", ADVANCED),
                ("impact-resistant", ADVANCED), ("heat-dissipating", ADVANCED),
                ("anti-penetrative", ADVANCED), ("ballistic-reinforced", ADVANCED),
                ("patchwork", ADVANCED))
# §0.3 crit names: prototype items (IO). (A partial wing is a catalogue row of level 3:
# R-ITEM under the Standard rules, ADVANCED_EQUIPMENT.md §4.2.)
_PROTOTYPE = re.compile(r"prototype|freezers", re.IGNORECASE)


@dataclass(frozen=True)
class Refusal:
    """Why a file is refused: its code, the technology, the line to print."""

    code: str  # R-UNIT-TYPE, R-COMPONENT, R-ITEM, R-RULES-LEVEL
    what: str  # the technology, as a player names it
    message: str  # the whole line after the code

    def __str__(self) -> str:
        return f"{self.code} {self.message}"


class RefusedTechnologyError(UnsupportedTechnologyError):
    """A file refused under STANDARD_RULES.md §0.2–0.3: one line with its code."""

    def __init__(self, source: str, refusal: Refusal) -> None:
        DesignError.__init__(self, source, [str(refusal)])
        self.item = f"{refusal.code} {refusal.what}"  # what `mechlab check` groups by
        self.code = refusal.code
        self.refusal = refusal


def _beyond(what: str, level: int) -> str:
    return f"{what} is an {LEVELS[level]} (level {level}) option no ruleset of mechlab builds yet"


def component(what: str, level: int) -> Refusal:
    return Refusal("R-COMPONENT", what, _beyond(what, level))


def unit_type(header: Header, keys: Iterable[str], structure_text: str,
              admits: Admits | None = None) -> Refusal | None:
    """§0.2: a unit that is not a BattleMech of 20–100 t in a configuration the catalogue's
    rulesets have (`admits("config_types", word, industrial)`: issue 28's tripods)."""
    keys = set(keys)
    admitted = admits or _nothing_beyond
    kinds = [
        ((header.config.startswith("lam") or "lam" in keys) and not admitted(
            "config_types", header.config if header.config.startswith("lam") else "lam", False),
         "a LandAirMech", ADVANCED),
        ((header.config == "quadvee" or "motive" in keys)
         and not admitted("config_types", "quadvee", False), "a QuadVee", ADVANCED),
        (header.config == "tripod" and not admitted("config_types", "tripod", False),
         "a tripod 'Mech", ADVANCED),
    ]
    for hit, what, level in kinds:
        if hit:
            return Refusal("R-UNIT-TYPE", what, f"{what}: an {LEVELS[level]} (level {level}) "
                           "unit no ruleset of mechlab builds yet")
    if header.mass is not None and header.mass > 100 and not admitted(
            "unit_sizes", "superheavy", header.industrial):
        return _size("a superheavy 'Mech", header.mass)
    if header.mass is not None and 0 < header.mass < 10:
        return _size("a 'Mech under 10 tons", header.mass)
    return None


def _size(what: str, mass: int) -> Refusal:
    return Refusal("R-UNIT-TYPE", what, f"{what} (Mass:{mass}): a unit no ruleset of mechlab "
                   "builds")


Admits = Callable[[str, str, bool], bool]


def _nothing_beyond(table: str, kind: str, industrial: bool) -> bool:
    return False


def header_component(header: Header, patchwork: bool,
                     admits: Admits = _nothing_beyond) -> Refusal | None:
    """§0.3: an engine, cockpit, gyro, structure, armor or heat sink of level 3+ (ICE,
    fuel-cell and fission engines are Standard on an IndustrialMech), unless `admits`
    (table, kind, industrial) says the catalogue's rulesets judge it (an XXL engine:
    ADVANCED_COMPONENTS.md §1)."""
    if header.engine.kind in _ENGINES and not (
            header.industrial and header.engine.kind != "xxl") and not admits(
            "engine_types", header.engine.kind, header.industrial):
        return component(*_ENGINES[header.engine.kind])
    if header.engine_rating is not None and header.engine_rating > LARGEST_STANDARD_RATING \
            and not admits("large_engine", "large", header.industrial):
        return component(f"a large engine (rating {header.engine_rating})", EXPERIMENTAL)
    # A cockpit, gyro or heat sink word on no table at all is bad input, named with its
    # line by the reader (`read.refuse_unreadable`), not an option beyond the rulesets.
    if header.cockpit.kind in _COCKPITS and not admits("cockpit_types", header.cockpit.kind,
                                                        header.industrial):
        return component(f"Cockpit:{header.cockpit.text}", _COCKPITS[header.cockpit.kind])
    if header.gyro.kind in _GYROS and not admits("gyro_types", header.gyro.kind,
                                                  header.industrial):
        return component(f"Gyro:{header.gyro.text}", _GYROS[header.gyro.kind])
    if header.structure.kind in _STRUCTURES and not admits(
            "structure_types", header.structure.kind, header.industrial):
        return component(f"Structure:{header.structure.text}",
                         _STRUCTURES[header.structure.kind])
    if patchwork and not admits("armor_types", "patchwork", header.industrial):
        return component("patchwork armor", ADVANCED)
    armor = header.armor.text.lower()
    for word, level in _ARMOR_WORDS:
        if word in armor and not admits("armor_types", header.armor.kind, header.industrial):
            return component(f"Armor:{header.armor.text}", level)
    if not header.heat_sinks.known and header.heat_sinks.kind in _SINKS:
        return component(f"{header.heat_sinks.kind} heat sinks", _SINKS[header.heat_sinks.kind])
    return None


def beyond_tables(table: str, kind: str) -> bool:
    """Whether a component word the header reader does not know is one of the cockpits,
    gyros or heat sinks beyond the rulesets listed here (refused as such), not a
    misspelling (the other components' unknown words are all misspellings)."""
    listed: dict[str, dict[str, int]] = {"cockpit": _COCKPITS, "gyro": _GYROS,
                                         "heat sinks": _SINKS}
    return kind in listed.get(table, {})


def crit_component(unit: MtfUnit, admits: Admits = _nothing_beyond,
                   item_level: Callable[[str], str | None] | None = None) -> Refusal | None:
    """§0.3 from the slots: prototypes; two items in a slot unless the catalogue builds
    superheavies (CONFIGURATIONS.md §1.3). (Armored components, turrets and partial wings
    are the catalogue's: the Advanced rules judge them, docs/advanced.md.) A prototype item
    the catalogue has a row for, of a level the ladder admits (`item_level` None:
    ADVANCED_COMPONENTS.md §7.2), is judged, not refused."""
    shared = admits("unit_sizes", "superheavy", False)
    # A crit name is its line less suffixes: where no line has either mark, no name has.
    text = "\n".join(line for _, lines in unit.locations for line in lines)
    if "|" not in text and not _names_a_prototype(text):
        return None
    for _, lines in unit.locations:
        for line in lines:
            crit = read_crit(line)
            if "|" in crit.name and not shared:
                return Refusal("R-UNIT-TYPE", "a superheavy 'Mech",
                               f"a superheavy 'Mech ({crit.name!r}: two items in one slot): "
                               "an Advanced (level 3) unit")
            if _PROTOTYPE.search(crit.name) and crit.name.lower() not in _component_crits() \
                    and (item_level is None or item_level(crit.name) is not None):
                return component(f"a prototype item ({crit.name})", EXPERIMENTAL)
    return None


def _names_a_prototype(text: str) -> bool:
    """`_PROTOTYPE.search(text)`, the regex (~30 µs on a file's slot lines: issue 31) asked
    only where the lower-case text holds a stem of its words: no character but these
    letters' own cases lowers to them or matches them ignoring case, so a match has one."""
    lowered = text.lower()
    return (("prototype" in lowered or "freeze" in lowered)
            and _PROTOTYPE.search(text) is not None)


def _component_crits() -> frozenset[str]:
    """The crit names of spread components (a prototype structure's or armor's slots are
    judged with their component, ADVANCED_COMPONENTS.md §7.2)."""
    from mechlab.files.mtf.slots import COMPONENT_CRITS

    return frozenset(COMPONENT_CRITS)


def _item_names(unit: MtfUnit) -> list[str]:
    """Each distinct crit name that may be an item (empty and fixed slots, structure and
    armor slots are none), in file order."""
    seen: dict[str, str] = {}
    for _, lines in unit.locations:
        for line in lines:
            for lower, name in _line_item_names(line):
                seen.setdefault(lower, name)
    return list(seen.values())


@lru_cache(maxsize=8192)  # a corpus spells its crit lines a few thousand ways
def _line_item_names(line: str) -> tuple[tuple[str, str], ...]:
    """(lower case, as written) of each name on a crit line that may be an item."""
    from mechlab.files.mtf.names import FIXED
    from mechlab.files.mtf.slots import COMPONENT_CRITS

    names = []
    for part in line.split("|"):  # CONFIGURATIONS.md §1.3: `A|B` names two items.
        name = read_crit(part).name
        lower = name.lower()
        if lower not in FIXED and lower not in COMPONENT_CRITS \
                and lower not in ("-empty-", "empty", ""):
            names.append((lower, name))
    return tuple(names)


def item_refusal(unit: MtfUnit, item_level: Callable[[str], str | None],
                 names: list[str] | None = None) -> Refusal | None:
    """R-ITEM: an item whose equipment.tsv `rules_level` is advanced or experimental
    (`names`: the unit's `_item_names`, where known)."""
    for name in _item_names(unit) if names is None else names:
        level = ITEM_LEVELS.get(item_level(name) or "")
        if level is not None:
            return Refusal("R-ITEM", name, _beyond(name, level))
    return None


def rules_level(header: Header) -> Refusal | None:
    """R-RULES-LEVEL: the declared level of a file whose content cannot be read."""
    from mechlab.rulesets import catalogue_ruleset

    level, top = header.rules_level, catalogue_ruleset().ladder_level or 0
    if level is None or level <= top:
        return None  # a level the rulesets judge: the reader's own error says what is wrong
    name = LEVELS.get(level, f"level {level}")
    return Refusal("R-RULES-LEVEL", f"rules level {level}",
                   f"the file declares rules level {level} ({name}); mechlab's rulesets "
                   f"stop at level {top} ({LEVELS[top]})")


def unknown_item(header: Header, name: str) -> Refusal:
    """R-ITEM: an item on no table of the catalogue, in a file declaring level 3 or above
    (an Advanced or Experimental item mechlab has no row for)."""
    level = header.rules_level or ADVANCED
    declared = LEVELS.get(level, f"level {level}")
    return Refusal("R-ITEM", name,
                   f"{name} is on no table of mechlab's rulesets (the file declares rules "
                   f"level {level}, {declared})")


def refusal(unit: MtfUnit, header: Header,
            item_level: Callable[[str], str | None] | None = None,
            admits: Admits = _nothing_beyond) -> Refusal | None:
    """The first reason of §0.2–0.3 this unit is outside the rulesets, or None."""
    keys = {key for key, _ in unit.header}
    found = (unit_type(header, keys, header.structure.text, admits)
             or header_component(header, bool(unit.armor_types), admits)
             or crit_component(unit, admits, item_level))
    if found is not None or item_level is None:
        return found
    names = _item_names(unit)
    found = item_refusal(unit, item_level, names)
    if found is not None or header.rules_level is None or header.rules_level <= 2:
        return found
    unknown = next((n for n in names if item_level(n) == UNKNOWN), None)
    return unknown_item(header, unknown) if unknown else None


def refusal_of_unreadable(text: str) -> Refusal | None:
    """For a file the reader cannot take apart (a tripod's `CL armor:` line, a level-5
    artillery quad): its header alone may still say what it is (§0.2)."""
    values: dict[str, str] = {}
    for raw in text.splitlines()[:200]:
        key, colon, value = raw.partition(":")
        if colon and not raw.lstrip().startswith("#"):
            values.setdefault(key.strip().lower(), value.strip())
    try:
        header = header_from(values)
    except HeaderError:
        return None
    return unit_type(header, values, header.structure.text) or rules_level(header)
