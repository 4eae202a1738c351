"""The `.mtf` reader: a MegaMek file read as a design (STANDARD_RULES.md §14.6), slot
for slot (its crit lines: `mechlab.files.mtf.slots`), then labelled with the least ruleset
that admits it (`mechlab.files.mtf.label`).

The header and the slot lines become the design file's fields; the fixed components
(engine, gyro, cockpit, actuators), which the design does not list, are kept for
`mechlab.files.mtf.source_facts` to compare with the slots the ruleset gives the design.
Nothing is repaired: what the file states twice and differently becomes a finding.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import mechlab.files.mtf.facts as facts
from mechlab.core.design import Design
from mechlab.core.equipment import ItemKind
from mechlab.core.errors import DesignError
from mechlab.core.locations import Location
from mechlab.files.mtf.crits import read_crit
from mechlab.files.mtf.header import EJECTIONS, Header, identity_of
from mechlab.files.mtf.model import (
    BLOCK_CONFIGS,
    CONFIG_ARMOR_LOCATIONS,
    CONFIG_BLOCKS,
    MtfUnit,
)
from mechlab.files.mtf.patchwork import patchwork_design
from mechlab.files.mtf.refusals import beyond_tables
from mechlab.files.mtf.slots import Slots, jump_mp, read_slots
from mechlab.rulesets import catalogue_ruleset
from mechlab.validate.source import SourceFacts


def design_dict(unit: MtfUnit, header: Header, catalog: Any, source: str
                ) -> tuple[dict[str, Any], Slots]:
    """The Standard design a `.mtf` states, and what its slots hold."""
    mass = _required(header.mass, "Mass", source, unit.get("mass"))
    rating = _required(header.engine_rating, "Engine", source)
    if mass <= 0:
        raise DesignError(source, ["Mass: expected a tonnage of at least 1, got 0"])
    refuse_unreadable(unit, header, source)
    slots = read_slots(unit, header, catalog, mass, source)
    design = _identity(unit, header, mass)
    design.update(_configuration(unit, header, source))
    design.update(_movement(unit, header, slots, catalog, mass, rating, source))
    design.update(_components(header, slots, catalog))
    design["armor"] = _armor(unit, header, slots)
    actuators = _actuators(unit) if unit.config != "quad" else {}
    if actuators:
        design["actuators"] = actuators
    if slots.armored:
        design["armored_slots"] = slots.armored
    design["equipment"] = slots.entries
    return design, slots


def _identity(unit: MtfUnit, header: Header, mass: int) -> dict[str, Any]:
    """The design's name, tonnage, source, era, identity lines, unit type and tech base."""
    design: dict[str, Any] = {"chassis": unit.chassis, "model": unit.model, "tonnage": mass}
    if unit.get("source"):
        design["source"] = unit.get("source")
    if unit.get("era"):  # a year (refuse_unreadable refused any other)
        design["era"] = int(unit.get("era") or 0)
    design.update(identity_of(unit))
    if header.industrial:
        design["unit"] = "industrialmech"
    design["tech_base"] = header.tech_base
    return design


def _configuration(unit: MtfUnit, header: Header, source: str) -> dict[str, Any]:
    """The configuration, and whether it is an OmniMech (with its base chassis's sinks)."""
    # A QuadVee writes a quad's blocks, a LAM a biped's; the `Config:` line (and a LAM's
    # `LAM:` line) tells them apart (CONFIGURATIONS.md §1.1).
    same_blocks = CONFIG_BLOCKS.get(header.config) is CONFIG_BLOCKS[unit.config]
    if not same_blocks and header.config in CONFIG_BLOCKS and \
            header.config not in BLOCK_CONFIGS:
        # lane lam: `Config:LAM` (a biped's blocks) over a quad's blocks is no unit at all
        raise DesignError(source, [f"Config: {header.config} with a {unit.config}'s location "
                                   "blocks; write the blocks of its configuration"])
    design: dict[str, Any] = {"config": header.config if same_blocks else unit.config}
    if header.omni:
        design["omni"] = True
        if header.base_chassis_heat_sinks is not None:
            design["base_chassis_heat_sinks"] = header.base_chassis_heat_sinks
    return design


def _movement(unit: MtfUnit, header: Header, slots: Slots, catalog: Any,
              mass: int, rating: int, source: str) -> dict[str, Any]:
    """Walking MP, the engine's maker and jumping MP; a `Walk MP:` line the rating
    contradicts becomes a finding on `slots`."""
    # The Walking MP the rating gives (a primitive cockpit's engine is larger: the ruleset's).
    walk = catalogue_ruleset().walking_mp_of_rating(header.cockpit.kind, mass, rating)
    design: dict[str, Any] = {"walking_mp": facts.walking_mp(unit, mass, rating, walk,
                                                             source)}
    maker = _engine_maker(unit, rating)
    if maker:
        design["engine_maker"] = maker
    slots.findings.extend(facts.walk_contradictions(unit, mass, rating, walk))
    design["jumping_mp"] = _jets_mp(jump_mp(unit, source), slots, catalog, header, mass)
    return design


def _components(header: Header, slots: Slots, catalog: Any) -> dict[str, Any]:
    """Engine, gyro, cockpit, ejection, structure, myomer and heat sinks."""
    design: dict[str, Any] = {"engine": _typed(header.engine.kind, header.engine.tech, header),
                              "gyro": header.gyro.kind}
    # CONFIGURATIONS.md §1.1: a QuadVee without a `Cockpit:` line has the QuadVee cockpit.
    design["cockpit"] = ("quadvee" if header.config == "quadvee" and not header.cockpit.text
                         else header.cockpit.kind)
    if header.ejection:
        design["ejection"] = header.ejection
    for name, component in (("structure", header.structure), ("myomer", header.myomer)):
        kind = "standard" if name == "myomer" and component.kind == "masc" else component.kind
        design[name] = _typed(kind, component.tech, header)
        _spread_slots(design[name], slots, name, kind)
    design["heat_sinks"] = {"count": header.heat_sink_count or 0,
                            "type": header.heat_sinks.kind}
    sink_tech = _mixed_sink_tech(header, slots, catalog) or header.heat_sinks.tech
    if sink_tech != header.chassis_tech and header.heat_sinks.kind in VERSIONED:
        design["heat_sinks"]["tech"] = sink_tech
    return design


def _armor(unit: MtfUnit, header: Header, slots: Slots) -> dict[str, Any]:
    """The armor's type, points a location, spread slots and patchwork types."""
    armor = {**_typed(header.armor.kind, header.armor.tech, header),
             **_armor_points(unit, header)}
    _spread_slots(armor, slots, "armor", header.armor.kind)
    if unit.armor_types:  # on armor of one type, E-PATCHWORK-TYPE: never dropped
        armor["patchwork"] = patchwork_design(unit, header)
    return armor


def _engine_maker(unit: MtfUnit, rating: int) -> str | None:
    maker = unit.system("systemmanufacturer", "ENGINE")
    if not maker:
        return None
    # "Vlar 300", "Great Father 210 XL": the rating and the engine type after it are not
    # part of the maker's name (the sheet prints the rating beside the maker).
    return re.sub(rf"\s+{rating}(\s.*)?$", "", maker.strip()) or None


@dataclass(frozen=True)
class Imported:
    """A `.mtf` read as a design (slots one to one), with what else the file stated."""

    design: dict[str, Any]  # plain, labelled with its ruleset
    facts: SourceFacts  # the source rules' input (RULES.md §7)
    # `design` validated, where labelling validated it already (None: not yet).
    validated: Design | None = None


def _spread_slots(component: dict[str, Any], slots: Slots, name: str, kind: str) -> None:
    """A file states where every spread slot is, none included: a type that takes slots
    gets the slots the file gives it (`{}` for none, never auto-placed: §14.5, nothing
    repaired), a type that takes none keeps its stray slots reported where read."""
    if kind != "standard" or slots.spread.get(name):
        component["slots"] = slots.spread.get(name, {})


def _required(value: int | None, field_name: str, source: str, text: str | None = None
              ) -> int:
    if value is None:
        said = (text or "").strip()
        if not said:
            raise DesignError(source, [f"{field_name}: expected a whole number"])
        shown = repr(said) if len(said) <= 20 else f"{len(said):,} characters"
        raise DesignError(source, [f"{field_name}: expected a whole number, got {shown}"])
    return value


def _jets_mp(line: int, slots: Slots, catalog: Any, header: Header, mass: int) -> int:
    """The jets' MP. MegaMekLab writes a 'Mech with a partial wing its `Jump MP:` with the
    wing's MP in it (Jade Hawk JHK-03: 3 jets, `Jump MP:4`) or without (Dark Crow 3): where
    the line is the jets' MP and the wing's, the design states the jets'; where it is the
    UMU MP of a 'Mech without jets, none."""
    ruleset = catalogue_ruleset()
    if not line:
        return line
    items = [catalog.lookup(e["item"], header.tech_base) for e in slots.entries]
    jets = sum(item.kind is ItemKind.JUMP_JET for item in items)
    if not jets and line == ruleset.umu_mp(items):
        return 0  # older files write a UMU 'Mech's UMU MP there (Spindrift SDT-1A)
    boosters = set(getattr(ruleset, "equipment_rules", {}).get("jump_boosters") or ())
    if not jets and any(item.weapon.id in boosters for item in items):
        return 0  # the line is a mechanical jump booster's MP (its size)
    return jets if jets and line == jets + ruleset.partial_wing_jump_bonus(mass, jets, items) \
        else line


# STANDARD_RULES.md §1.2: the component types whose IS and Clan versions differ. On any
# other type a file's `IS`/`Clan` prefix names no other version (MegaMek writes
# `IS Reinforced` and `IS Standard` on Clan 'Mechs): the design states no `tech:` for it.
VERSIONED = frozenset({"xl", "xxl", "reactive", "reflective", "endo_steel", "endo_composite",
                       "ferro_fibrous", "double"})


def _mixed_sink_tech(header: Header, slots: Slots, catalog: Any) -> str | None:
    """A Mixed 'Mech whose `Heat Sinks:` line names no tech base (`18 Double`) has the heat
    sinks its slots hold: MegaMek mounts the crits' sinks (Clan doubles on Stalker STK-3F
    (Jamison), Mixed IS chassis, 2707 BV = the MUL's), so the slots' one tech base is the
    line's. None when the line names one, or the slots hold sinks of both or none."""
    words = header.heat_sinks.text.lower()
    if not header.mixed or re.search(r"clan|\bis\b|inner sphere", words):
        return None
    techs = set()
    for entry in slots.entries:
        try:
            weapon = catalog.lookup(entry["item"], header.tech_base).weapon
        except ValueError:
            continue
        if weapon.sink_type == header.heat_sinks.kind:
            techs.add("clan" if weapon.tech_base == "Clan" else "is")
    return techs.pop() if len(techs) == 1 else None


def _typed(kind: str, tech: str, header: Header) -> dict[str, Any]:
    """`{type: xl}`, with `tech:` only where it differs from the chassis and the type has
    two versions (§1.2)."""
    typed: dict[str, Any] = {"type": kind}
    if tech != header.chassis_tech and (kind in VERSIONED or header.mixed):
        typed["tech"] = tech
    return typed


# Older MegaMek quad files name the legs' armor by the biped keys of the same location
# (MegaMek numbers a quad's front legs as the arms and its rear legs as the legs):
# `LA Armor:` is the front left leg's (Harvester Ant KIC-3M-B AgroMech).
_QUAD_AS_BIPED = {"FLL": "LA", "FRL": "RA", "RLL": "LL", "RRL": "RL"}


_WITH_REAR = frozenset(loc.value for loc in Location if loc.has_rear_armor)


def _armor_points(unit: MtfUnit, header: Header) -> dict[str, Any]:
    keys = CONFIG_ARMOR_LOCATIONS[unit.config]
    values = dict(unit.armor)
    points: dict[str, Any] = {}
    for key, (location, rear) in keys.items():
        value = values.get(key, values.get(_QUAD_AS_BIPED.get(key, key), 0))
        if location in _WITH_REAR:
            points.setdefault(location, {"front": 0, "rear": 0})
            points[location]["rear" if rear else "front"] = value
        else:
            points[location] = value
    return points


def _actuators(unit: MtfUnit) -> dict[str, Any]:
    """§12: an arm whose slot 4 is not `Hand Actuator` has no hand; slot 3 not `Lower Arm
    Actuator`, no lower arm (MegaMek `MtfFile`)."""
    actuators: dict[str, Any] = {}
    for block, location in (("Left Arm", "left_arm"), ("Right Arm", "right_arm")):
        lines = [read_crit(s).name.lower() for s in unit.slots(block)]
        state = {"lower_arm": len(lines) > 2 and lines[2] == "lower arm actuator",
                 "hand": len(lines) > 3 and lines[3] == "hand actuator"}
        if not all(state.values()):
            actuators[location] = state
    return actuators


def refuse_unreadable(unit: MtfUnit, header: Header, source: str) -> None:
    """A header line whose value the design takes, unreadable, is bad input named with
    its line, never replaced by a default (`Myomer:x` was read as standard myomer, `Era:x`
    left out, `Base Chassis Heat Sinks:x` dropped). Lines read for information only (`Rules
    Level:`, `Motive:`) are warnings (`level.rules_level_findings`)."""
    problems = [f"line {unit.line_of(key)}: {problem}" if unit.line_of(key) else problem
                for key, problem in _unreadable(unit, header)]
    if problems:
        raise DesignError(source, problems)


def _unreadable(unit: MtfUnit, header: Header) -> Iterator[tuple[str, str]]:
    era = (unit.get("era") or "").strip()
    if era and not (era.isdecimal() and len(era) <= 4):
        yield "era", (f"Era: expected the year the design appeared (such as 3025), got "
                      f"{_clipped(era)}; write the year, or remove the line")
    chassis_sinks = unit.get("base chassis heat sinks")
    if chassis_sinks is not None and header.base_chassis_heat_sinks is None:
        yield "base chassis heat sinks", ("Base Chassis Heat Sinks: expected a whole number, "
                                          f"got {_clipped(chassis_sinks)}")
    if not header.engine.known:
        yield "engine", (f"Engine: {_clipped(header.engine.text)} names no engine mechlab "
                         "knows; write its rating and type, such as '280 Fusion Engine' or "
                         "'300 XL Engine'")
    for key, component in (("structure", header.structure), ("armor", header.armor),
                           ("myomer", header.myomer), ("gyro", header.gyro),
                           ("cockpit", header.cockpit), ("heat sinks", header.heat_sinks)):
        if not component.known and not beyond_tables(key, component.kind):
            yield key, _unknown(key, component.text)
    if header.ejection is not None and header.ejection not in EJECTIONS.values():
        yield "ejection", _unknown("ejection", unit.get("ejection") or "")


# What MegaMekLab writes on each component line (header.py reads every spelling of these).
_WRITTEN = {
    "structure": "Standard, Endo Steel, Endo-Composite, Composite, Reinforced, Industrial",
    "armor": "Standard, Ferro-Fibrous, Light Ferro-Fibrous, Heavy Ferro-Fibrous, Stealth, …",
    "myomer": "Standard, Triple-Strength, Industrial Triple-Strength, MASC",
    "ejection": "Full Head Ejection System",
    "gyro": "Standard Gyro, XL Gyro, Compact Gyro, Heavy Duty Gyro, …",
    "cockpit": "Standard Cockpit, Small Cockpit, Industrial Cockpit, Command Console, …",
    "heat sinks": "'10 Single', '12 Double', '10 Clan Double', '10 Laser', '10 Compact'",
}


def _unknown(key: str, text: str) -> str:
    """`Myomer: 'x' is no myomer type mechlab knows (MegaMekLab writes Standard, …)`."""
    what = {"ejection": "ejection system", "heat sinks": "heat sink type"}.get(key,
                                                                           f"{key} type")
    return (f"{key.title()}: {_clipped(text)} is no {what} mechlab knows (MegaMekLab "
            f"writes {_WRITTEN[key]})")


def _clipped(text: str) -> str:
    text = text.strip()
    return repr(text) if len(text) <= 40 else f"{len(text):,} characters"
