"""The `.mtf` reader: a MegaMek file read as a design (STANDARD_RULES.md §14.6), slot
for slot, then labelled with the least ruleset that admits it (`label`).

Every crit line becomes what the design file says for it: a spread component's slot
(`structure.slots`, `armor.slots`, `myomer.slots`: the 1-based slot numbers), an
equipment entry at its explicit slot (`pod: true` for `(OMNIPOD)`, `rear: true` for
`(R)`, `split:` for a weapon written across two locations), or a fixed component (engine,
gyro, cockpit, actuators), which the design does not list: `mechlab.files.mtf.source_facts`
compares those lines with the slots the ruleset gives the design. Nothing is repaired:
what the file states twice and differently becomes a finding.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import mechlab.files.mtf.facts as facts
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.errors import DesignError
from mechlab.core.findings import Finding, error
from mechlab.core.locations import Location
from mechlab.files.mtf.crits import Crit, read_crit
from mechlab.files.mtf.header import Header, identity_of
from mechlab.files.mtf.model import (
    BLOCK_CONFIGS,
    CONFIG_ARMOR_LOCATIONS,
    CONFIG_BLOCKS,
    MtfUnit,
)
from mechlab.files.mtf.names import FIXED
from mechlab.files.mtf.patchwork import declared_armor, patchwork_design
from mechlab.files.mtf.prune import runs
from mechlab.files.mtf.split import SplitPart, pair_split
from mechlab.validate.source import SourceFacts

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


def design_dict(unit: MtfUnit, header: Header, catalog: Any, source: str
                ) -> tuple[dict[str, Any], Slots]:
    """The Standard design a `.mtf` states, and what its slots hold."""
    mass = _required(header.mass, "Mass", source, unit.get("mass"))
    rating = _required(header.engine_rating, "Engine", source)
    if mass <= 0:
        raise DesignError(source, ["Mass: expected a tonnage of at least 1, got 0"])
    slots = read_slots(unit, header, catalog, mass, source)
    design: dict[str, Any] = {"chassis": unit.chassis, "model": unit.model, "tonnage": mass}
    if unit.get("source"):
        design["source"] = unit.get("source")
    if (unit.get("era") or "").isdigit() and len(unit.get("era") or "") <= 4:
        design["era"] = int(unit.get("era") or 0)
    design.update(identity_of(unit))
    if header.industrial:
        design["unit"] = "industrialmech"
    design["tech_base"] = header.tech_base
    # A QuadVee writes a quad's blocks, a LAM a biped's; the `Config:` line (and a LAM's
    # `LAM:` line) tells them apart (CONFIGURATIONS.md §1.1).
    same_blocks = CONFIG_BLOCKS.get(header.config) is CONFIG_BLOCKS[unit.config]
    if not same_blocks and header.config in CONFIG_BLOCKS and \
            header.config not in BLOCK_CONFIGS:
        # lane lam: `Config:LAM` (a biped's blocks) over a quad's blocks is no unit at all
        raise DesignError(source, [f"Config: {header.config} with a {unit.config}'s location "
                                   "blocks; write the blocks of its configuration"])
    design["config"] = header.config if same_blocks else unit.config
    if header.omni:
        design["omni"] = True
        if header.base_chassis_heat_sinks is not None:
            design["base_chassis_heat_sinks"] = header.base_chassis_heat_sinks
    from mechlab.rulesets import catalogue_ruleset

    # The Walking MP the rating gives (a primitive cockpit's engine is larger: the ruleset's).
    walk = catalogue_ruleset().walking_mp_of_rating(header.cockpit.kind, mass, rating)
    design["walking_mp"] = facts.walking_mp(unit, mass, rating, walk)
    maker = _engine_maker(unit, rating)
    if maker:
        design["engine_maker"] = maker
    slots.findings.extend(facts.walk_contradictions(unit, mass, rating, walk))
    design["jumping_mp"] = _jets_mp(_jump_mp(unit, source), slots, catalog, header, mass)
    design["engine"] = _typed(header.engine.kind, header.engine.tech, header)
    design["gyro"] = header.gyro.kind
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
    design["armor"] = {**_typed(header.armor.kind, header.armor.tech, header),
                       **_armor_points(unit, header)}
    _spread_slots(design["armor"], slots, "armor", header.armor.kind)
    if unit.armor_types:  # on armor of one type, E-PATCHWORK-TYPE: never dropped
        design["armor"]["patchwork"] = patchwork_design(unit, header)
    actuators = _actuators(unit) if unit.config != "quad" else {}
    if actuators:
        design["actuators"] = actuators
    if slots.armored:
        design["armored_slots"] = slots.armored
    design["equipment"] = slots.entries
    return design, slots


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


def label(design: dict[str, Any]) -> dict[str, Any]:
    """The design labelled with the least ruleset that admits it and written in that
    ruleset's words: its item names, and its entries in runs (`count`) where the ruleset
    lists items so (`Ruleset.imported_slots_kept`). A design whose shape is bad input is
    labelled with the catalogue's own ruleset, whose reading then reports it."""
    from pydantic import ValidationError

    from mechlab.core.design import Design
    from mechlab.rulesets import Ruleset, catalogue_ruleset, least_admitting

    tech_base = str(design.get("tech_base", "inner_sphere"))
    catalogue = catalogue_ruleset().catalog
    items = [catalogue.lookup(e["item"], tech_base) for e in design["equipment"]]

    def named(ruleset: Ruleset) -> list[dict[str, Any]] | None:
        names = [_own_item_name(ruleset, item, tech_base) for item in items]
        if None in names:
            return None  # an item not on its tables
        return [{**e, "item": n} for e, n in zip(design["equipment"], names, strict=True)]

    validated: list[Design | None] = []  # the design validated once, in the first words

    def design_for(ruleset: Ruleset) -> Design | None:
        entries = named(ruleset)
        if entries is None:
            return None
        if not validated:
            try:
                validated.append(Design.model_validate(
                    {**design, "ruleset": ruleset.name, "equipment": entries}))
            except ValidationError:
                validated.append(None)
        first = validated[0]
        if first is None or first.ruleset == ruleset.name:
            return first
        # The same design in another ruleset's words: its item names (table names, valid
        # text) and its ruleset are all that differ, and no validator reads them together
        # (issue 31: `check` validated each design once per ruleset it tried).
        return first.model_copy(update={"ruleset": ruleset.name, "equipment": tuple(
            mount.model_copy(update={"item": entry["item"]})
            for mount, entry in zip(first.equipment, entries, strict=True))})

    ruleset = least_admitting(design_for)
    entries = named(ruleset) or design["equipment"]
    if not ruleset.imported_slots_kept:
        catalog = ruleset.catalog
        entries = [_sized_by_table(catalog, e, design["tonnage"]) for e in entries]
        entries = runs(entries, lambda e: _whole_size(catalog, e, design["tonnage"]))
    return _restated({"ruleset": ruleset.name, **design, "equipment": entries}, ruleset)


# (ruleset, catalogue row, kind, tech base) → the ruleset's name for it: `check` asks each
# ruleset of the ladder for the names of every item of every file, and a name a table
# lacks is found missing only after a failed lookup of each spelling (issue 31).
_OWN_NAMES: dict[tuple[str, str, str, ItemKind, str], str | None] = {}


def _own_item_name(ruleset: Any, item: Item, tech_base: str) -> str | None:
    """`ruleset.own_item_name` of a catalogue item, asked once a process."""
    key = (ruleset.name, item.weapon.id, item.weapon.name, item.kind, tech_base)
    if key not in _OWN_NAMES:
        _OWN_NAMES[key] = ruleset.own_item_name(item, tech_base)
    return _OWN_NAMES[key]


def _restated(design: dict[str, Any], ruleset: Any) -> dict[str, Any]:
    """The design without the fields its ruleset's book does not have (they hold their
    plain values, or the ruleset would not admit it): `heat_sinks: 10`, not
    `{count: 10, type: single}`; `ruleset:` only where it is not the default."""
    from mechlab.core.design import Design

    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in design.items()}
    if out["ruleset"] == Design.model_fields["ruleset"].default:
        del out["ruleset"]
    for path, _ in ruleset.absent_choices:
        key, _, sub = path.partition(".")
        if not sub:
            out.pop(key, None)
        elif isinstance(out.get(key), dict):
            out[key].pop(sub, None)
            if set(out[key]) <= {"count"}:
                out[key] = out[key].get("count")
            if out[key] is None:
                del out[key]
    if isinstance(out.get("armor"), dict):
        order = {loc.value: i for i, loc in enumerate(Location)}
        out["armor"] = dict(sorted(out["armor"].items(), key=lambda kv: order.get(kv[0], -1)))
    return out


def _sized_by_table(catalog: Any, entry: dict[str, Any], tonnage: int) -> dict[str, Any]:
    """The entry without `slots:` where its table's size says the same (a hatchet's
    ⌈tonnage ÷ 15⌉, RULES.md 1.7): the run as written is then no statement of its own."""
    if "slots" not in entry:
        return entry
    try:
        size = catalog.lookup(entry["item"]).slots(tonnage)
    except (ValueError, TypeError):
        return entry
    return {k: v for k, v in entry.items() if k != "slots"} if size == entry["slots"] else entry


def _whole_size(catalog: Any, entry: dict[str, Any], tonnage: int) -> int | None:
    """An entry's slots where it is one whole item (runs of them merge), else None."""
    if "split" in entry or "size" in entry or "slots" in entry:
        return None
    try:
        return int(catalog.lookup(entry["item"]).slots(tonnage))
    except (ValueError, TypeError):
        return None


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
    from mechlab.rulesets import catalogue_ruleset

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


def _jump_mp(unit: MtfUnit, source: str) -> int:
    text = (unit.get("jump mp") or "0").strip()
    if not text.isdigit() or len(text) > 3:
        raise DesignError(source, [f"Jump MP: expected a whole number, got {text[:20]!r}"])
    return int(text)


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


def _armor_points(unit: MtfUnit, header: Header) -> dict[str, Any]:
    keys = CONFIG_ARMOR_LOCATIONS[unit.config]
    values = dict(unit.armor)
    points: dict[str, Any] = {}
    for key, (location, rear) in keys.items():
        value = values.get(key, values.get(_QUAD_AS_BIPED.get(key, key), 0))
        if Location(location).has_rear_armor:
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
    """Read the item starting at `index`; how many lines it took."""
    lower = crit.name.lower()
    if crit.empty:
        return 1
    if lower in FIXED:
        slots.fixed.setdefault(location, []).append((index, FIXED[lower]))
        if crit.armored:
            slots.armored.setdefault(location.value, []).append(index + 1)
        if crit.pod:
            slots.findings.append(_pod_fixed(unit, block, index, crit.name))
        return 1
    if lower in COMPONENT_CRITS:
        _component_slot(lower, location, index, block, header, slots, unit, crit)
        return 1
    if "|" in crit.name:
        return _shared_slot(crit, index, location, header, catalog, source, slots,
                            _slot_line(unit, block, index))
    item = _item(crit.name, header, catalog, source, _slot_line(unit, block, index))
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
                entry["size"] = _jump_mp(unit, source)
            slots.entries.append(entry)
        slots.pieces.setdefault(item.weapon.id, Counter())[location] += 1
        return 1
    entry, run = _entry(crit, item, location, index, _run(crits, index, crit, item, mass),
                        mass, _readable(item, header, catalog))
    size = _size(item, mass)
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
        item = _item(part.name, header, catalog, source, line)
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


def _one_slot_each() -> frozenset[str]:
    """standard.yaml `one_slot_each` and advanced.yaml `spread_equipment`: the items listed
    once and placed as spread pieces."""
    from mechlab.rulesets import catalogue_ruleset

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


def _item(name: str, header: Header, catalog: Any, source: str, line: str) -> Item:
    """The item a crit line names. STANDARD_RULES.md §14.2 step 1: a name on no table of
    levels 1-2 in a level 1-2 file is bad input naming the file, the line and the name
    (with the closest names), not technology mechlab lacks: the refusals of §0.3 already
    named every level-3 item a file uses."""
    try:
        item: Item = catalog.lookup(name, header.tech_base)
    except ValueError as exc:  # UnknownItemError says "unknown item …" and its suggestions
        raise DesignError(source, [f"{line}{exc}; `mechlab items --ruleset standard WORD` "
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
    from mechlab.rulesets import catalogue_ruleset

    if item.kind is ItemKind.AMMO:
        return 1
    if item.weapon.slots_formula and item.weapon.slots_formula not in ("tonnage",):
        return None
    try:
        # CONFIGURATIONS.md §1.3: halved on a superheavy.
        return catalogue_ruleset().item_slots(mass, item.slots(mass))
    except Exception:  # a formula needing more than the tonnage: sized by the validator
        return None


def _run(crits: list[Crit], index: int, crit: Crit, item: Item, mass: int) -> int:
    """How many lines this one item takes here: its size, or fewer for a split part."""
    size = _size(item, mass)
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
