"""MegaMek's unit lists (`.mul`): a force written for MegaMek, MekHQ and MegaMekLab, and
read back (docs/forces.md, "MegaMek unit lists").

The format, as MegaMek's `MULParser` reads it and its `EntityListFile` writes it: an XML
document whose root is `<unit version="…">` (or `<record>`, a game's result, whose own
units are under `<survivors>`), holding one `<entity chassis="…" model="…" type="Biped">`
per unit. MegaMek finds the unit's design by "chassis model" in its unit cache, so a list
names units and carries no design. Each entity holds its MechWarrior as `<pilot name="…"
gunnery="4" piloting="5" size="1"/>` (or `<crew>` of `<crewMember>`s for a multi-crew
cockpit). MegaMek refuses a list saved by a version newer than itself and only warns of
an older one, so mechlab writes an older version.

A unit MegaMek does not ship (a design file of the force, not a library unit) travels as
its `.mtf` beside the list (`Chassis Model.mtf`), to copy where MegaMek reads units;
reading the list, mechlab looks beside it first.

XML from users is read with expat and no document type: a DOCTYPE or entity
declaration is refused before anything is expanded, and the file is bounded as a design
file is (1 MB).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
import xml.parsers.expat
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from mechlab.core.design import Pilot
from mechlab.core.design_schema import ValidationError, validate
from mechlab.core.errors import DesignError
from mechlab.files.design_data import _problem, read_design_bytes
from mechlab.files.inputs import read_input
from mechlab.files.library import find_unit, units_dir
from mechlab.files.megamek_dir import configured_dirs, find_megamek_unit, names_of
from mechlab.force.model import MAX_UNITS, Force, Game, Member
from mechlab.rulesets import get_ruleset

# An older MegaMek's version: MegaMek refuses a list saved by a version newer than itself
# and only warns of an older one (its EntityListFileVersionTest).
MUL_VERSION = "0.49.19"
MARK = "written by mechlab"


@dataclass(frozen=True)
class MulFiles:
    """What `force --to mul` writes: the list, and the `.mtf` of each custom unit (by
    file name, beside the list)."""

    mul: bytes
    designs: dict[str, bytes]


# Writing -----------------------------------------------------------------------------


def force_to_mul(force: Force) -> MulFiles:
    """The force as a MegaMek unit list, and the `.mtf` of every unit MegaMek does not
    ship. `DesignError` for a unit MegaMek cannot read (its ruleset has no `.mtf`)."""
    from mechlab.files.mtf import design_to_mtf

    problems: list[str] = []
    designs: dict[str, bytes] = {}
    entities: list[str] = []
    for index, member in enumerate(force.members):
        mech = member.mech
        refusal = mech.ruleset.mtf_export_refusal
        if refusal is not None:
            problems.append(f"units[{index}].unit: {member.label}: MegaMek cannot load a "
                            f"{mech.ruleset.name} design ({refusal})")
            continue
        if not _ships_with_megamek(member):
            name = mtf_file_name(mech.design.chassis, mech.design.model)
            mtf = design_to_mtf(mech.design).encode("utf-8")
            if designs.get(name, mtf) != mtf:
                problems.append(f"units[{index}].unit: {member.label}: another design of "
                                f"the force is also named {mech.name!r}; rename one "
                                "(MegaMek finds units by chassis and model)")
            designs[name] = mtf
        entities.append(_entity(member))
    if problems:
        raise DesignError(str(force.source), problems)
    head = json.dumps({"force": force.name, "game": force.game}, ensure_ascii=False)
    # An XML comment may not hold "--": the JSON spells the hyphen \u002d.
    head = head.replace("-", "\\u002d")
    text = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            f"<!-- {MARK}: {head} -->\n"
            f"<unit version=\"{MUL_VERSION}\">\n"
            + "".join(entities) + "</unit>\n")
    return MulFiles(text.encode("utf-8"), designs)


def _entity(member: Member) -> str:
    mech = member.mech
    gunnery, piloting = mech.ruleset.pilot_skills(member.pilot)
    movement = "Quad" if mech.is_quad else "Biped"
    return (f"  <entity chassis={quoteattr(mech.design.chassis)} "
            f"model={quoteattr(mech.design.model)} type=\"{movement}\" commander=\"false\">\n"
            f"    <pilot size=\"1\" name={quoteattr(member.pilot.name)} "
            f"gunnery=\"{gunnery}\" piloting=\"{piloting}\"/>\n"
            "  </entity>\n")


def _ships_with_megamek(member: Member) -> bool:
    """A library unit (imported from MegaMek's files) or a unit of a MegaMek data folder:
    MegaMek has it by name. Any other design file is custom and travels as its `.mtf`."""
    if member.path is None:
        return False
    where = member.path.resolve()
    return any(where.is_relative_to(folder.resolve())
               for folder in (units_dir(), *configured_dirs()))


def mtf_file_name(chassis: str, model: str) -> str:
    """MegaMek's own naming, "Atlas AS7-D.mtf", without characters no file name takes."""
    name = re.sub(r'[\\/:*?"<>|\x00-\x1f]', "_", f"{chassis} {model}".strip())
    return f"{name.strip('. ') or 'unit'}.mtf"


# Reading -----------------------------------------------------------------------------


@dataclass(frozen=True)
class MulEntity:
    chassis: str
    model: str
    pilot: Pilot
    where: str  # "units[2]", for messages
    damage: tuple[str, ...] = ()  # what damage its entry records: "locations", "pilot hits"


def read_mul(path: Path) -> Force:
    """A force from a MegaMek unit list: each unit found beside the list (a `.mtf`), in
    the library or in a MegaMek data folder (`--megamek-dir`); every unit that is not is
    one line of the `DesignError`."""
    source = str(path)
    root, comments = parse_mul_bytes(read_design_bytes(path, "unit list (.mul)"), source)
    entities, problems = mul_entities(root)
    if not entities and not problems:
        problems.append("holds no <entity>; is this a MegaMek unit list?")
    if len(entities) > MAX_UNITS:
        problems.append(f"{len(entities)} units: at most {MAX_UNITS} in one force; "
                        "split the list")
    beside = _mtf_beside(path)
    members: list[Member] = []
    for entity in entities if len(entities) <= MAX_UNITS else []:
        try:
            members.append(_member(entity, beside))
        except DesignError as exc:
            problems += [f"{entity.where}: {line}" for line in exc.lines]
    if problems:
        raise DesignError(source, problems)
    head = _head(comments)
    game: Game = "alpha-strike" if head.get("game") == "alpha-strike" else "classic"
    name = head.get("force")
    return Force(name if isinstance(name, str) and name else path.stem, tuple(members),
                 None, path, game, notes=tuple(
                     f"{e.where} ({e.chassis} {e.model}): its damage ({' and '.join(e.damage)}) "
                     "is not read: mechlab reads units and pilots from a unit list; give it a "
                     "state: in a force file" for e in entities if e.damage))


class _NoDoctype(Exception):
    pass


def parse_mul_bytes(raw: bytes, source: str) -> tuple[ET.Element, list[str]]:
    """The root element of a `.mul` and every comment of the file. Read with expat through its
    handlers: a DOCTYPE (entity declarations, external references) is refused as it
    starts, before anything in it is expanded."""

    def refuse(*_: Any) -> None:
        raise _NoDoctype

    builder = ET.TreeBuilder(insert_comments=True)
    expat = xml.parsers.expat.ParserCreate()
    expat.StartDoctypeDeclHandler = refuse
    expat.EntityDeclHandler = refuse
    expat.StartElementHandler = builder.start
    expat.EndElementHandler = builder.end
    expat.CharacterDataHandler = builder.data
    comments: list[str] = []

    def comment(text: str) -> None:  # those before the root too, where mechlab's mark is
        comments.append(text)
        builder.comment(text)

    expat.CommentHandler = comment
    try:
        expat.Parse(raw, True)
        root = builder.close()
    except _NoDoctype:
        raise DesignError(source, ["has a DOCTYPE (entity declarations are refused); a "
                                   "MegaMek unit list has none"]) from None
    except xml.parsers.expat.ExpatError as exc:
        raise DesignError(source, [f"line {exc.lineno}, column {exc.offset + 1}: not "
                                   "well-formed XML; is this a MegaMek unit list (.mul)?"]
                          ) from None
    tag = root.tag.lower() if isinstance(root.tag, str) else ""
    if tag not in {"unit", "record"}:
        raise DesignError(source, [f"the root element is <{root.tag}>, not <unit> or "
                                   "<record>: not a MegaMek unit list"])
    return root, comments


def mul_entities(root: ET.Element) -> tuple[list[MulEntity], list[str]]:
    """The entities of a list in file order (a `<record>`'s own units: `<survivors>`),
    and what is wrong with each."""
    holders = [root]
    if root.tag.lower() == "record":
        holders = [c for c in root if isinstance(c.tag, str)
                   and c.tag.lower() in {"survivors", "unit"}]
    found: list[ET.Element] = []
    for holder in holders:
        for child in holder:
            if not isinstance(child.tag, str):
                continue
            if child.tag.lower() == "entity":
                found.append(child)
            elif holder is root and child.tag.lower() == "unit":
                found += [e for e in child if isinstance(e.tag, str)
                          and e.tag.lower() == "entity"]
    entities, problems = [], []
    for index, element in enumerate(found):
        where = f"units[{index}]"
        chassis = element.get("chassis", "").strip()
        if not chassis:
            problems.append(f"{where}: an <entity> without chassis=; MegaMek names each "
                            "unit by chassis and model")
            continue
        try:
            pilot = _pilot(element, where)
        except ValueError as exc:
            problems.append(str(exc))
            continue
        entities.append(MulEntity(chassis, element.get("model", "").strip(), pilot, where,
                                  _damage(element)))
    return entities, problems


# How MegaMek's EntityListFile records damage in play under an entity's <location>: its
# armor or structure left (<armor>, written only where changed), a destroyed, breached or
# blown-off location, a slot hit, destroyed or missing. (Its ammunition slots' shots are
# written for every unit, damaged or not.)
_DAMAGE_TAGS = {"armor", "breached", "blownoff"}
_DAMAGE_FLAGS = ("isdestroyed", "ishit", "ismissing")


def _damage(element: ET.Element) -> tuple[str, ...]:
    """What damage in play the entity's entry records (mechlab does not read it)."""
    damaged = False
    for node in element.iter():
        tag = node.tag.lower() if isinstance(node.tag, str) else ""
        flags = {key.lower(): value.strip().lower() for key, value in node.attrib.items()}
        if tag in _DAMAGE_TAGS or (tag in {"location", "slot"} and any(
                flags.get(flag) == "true" for flag in _DAMAGE_FLAGS)):
            damaged = True
    hurt = any(isinstance(c.tag, str) and c.tag.lower() in {"pilot", "crewmember"}
               and (c.get("hits") or "0").strip() not in ("", "0") for c in element.iter())
    return (*(("locations",) if damaged else ()), *(("pilot hits",) if hurt else ()))


def _pilot(entity: ET.Element, where: str) -> Pilot:
    """The unit's MechWarrior: `<pilot>`, or the first `<crewMember>` of a `<crew>`."""
    element = next((c for c in entity if isinstance(c.tag, str) and c.tag.lower() == "pilot"),
                   None)
    if element is None:
        crew = next((c for c in entity if isinstance(c.tag, str) and c.tag.lower() == "crew"),
                    None)
        # `crew or ()` would ask an Element's truth: deprecated since Python 3.12
        members = [c for c in (() if crew is None else crew) if isinstance(c.tag, str)
                   and c.tag.lower() == "crewmember"]
        element = min(members, key=lambda m: m.get("slot", "0"), default=None)
    if element is None:
        return Pilot()
    skills = {key: _skill(element.get(key), f"{where}.pilot.{key}")
              for key in ("gunnery", "piloting")}
    try:  # the force file's own bounds: a name's length, skills from 0 to 8
        return validate(Pilot, {"name": element.get("name", "").strip(), **skills})
    except ValidationError as exc:  # in the force file's words (design_data._problem)
        raise ValueError(f"{where}.pilot.{_problem(exc.errors()[0])}") from None


def _skill(text: str | None, where: str) -> int | None:
    if text is None or not text.strip():
        return None
    # Decimal digits, what int() reads (and Java's parseInt, MegaMek's: "٣" is 3): `isdigit`
    # took "²" too, and int() then raised its own words, naming no field.
    if not text.strip().isdecimal():
        raise ValueError(f"{where}: {text!r} is not a whole number (a skill, 0 to 8)")
    return int(text)


def _head(comments: list[str]) -> dict[str, Any]:
    """What mechlab wrote in its comment: the force's name and game."""
    for text in comments:
        if text.strip().startswith(f"{MARK}:"):
            _, _, rest = text.partition(f"{MARK}:")
            try:
                data = json.loads(rest.strip())
            except ValueError:
                return {}
            return data if isinstance(data, dict) else {}
    return {}


def _mtf_beside(path: Path) -> dict[str, Path]:
    """The `.mtf` files beside the list, by "chassis model" (as MegaMek keys its cache)."""
    found: dict[str, Path] = {}
    folder = path.parent
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix.lower() == ".mtf")
    except OSError:
        return found
    for file in files:
        names = names_of(file) if file.is_file() else None
        if names is not None:
            found.setdefault(_key(f"{names[0]} {names[1]}"), file)
    return found


def _key(name: str) -> str:
    return re.sub(r"\s+", " ", name.strip().lower())


def _member(entity: MulEntity, beside: dict[str, Path]) -> Member:
    """The unit an entity names, looked up by name only (a list never names a path: a
    chassis of "/etc/passwd" is a unit nobody has)."""
    name = f"{entity.chassis} {entity.model}".strip()
    file = beside.get(_key(name))
    if file is None:
        unit = find_unit(name)
        file = unit.path if unit is not None else None
    if file is None:
        found = find_megamek_unit(name)
        file = found.path if found is not None else None
    if file is None:
        raise DesignError(name, ["not beside the list (as Chassis Model.mtf), in the "
                                 "library or in a --megamek-dir folder; put its .mtf "
                                 "beside the .mul or name MegaMek's data folder"])
    item = read_input(str(file))
    if get_ruleset(item.design.ruleset).mtf_export_refusal is not None:
        raise DesignError(name, ["is not a MegaMek unit (a "
                                 f"{item.design.ruleset} design)"])
    return Member(item.assess(), entity.pilot, name, item.origin)
