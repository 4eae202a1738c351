"""The design file: what the user wrote, nothing the rules derive.

A `Design` is a record (core/record.py) of a design file. Its fields' rules check types and shapes
(whole numbers where numbers go, known fields only, sane magnitudes); whether the
design is *legal* is the validator's job, so a design that breaks a construction
rule still loads and is reported with every finding at once.

The fields' types and bounds are in design_fields.py, the parts' models (armor, engine,
equipment entries…) in design_parts.py; both are named here too, where every reader of
a design finds them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mechlab.core.configurations import CONFIGURATION_NAMES, configuration, locations_of
from mechlab.core.design_fields import (
    MAX_ENTRIES,
    MAX_ITEMS,
    MAX_NAME,
    MAX_NOTE,
    Before,
    Entries,
    LocationName,
    Note,
    OnceEach,
    QuirkName,
    StrictBool,
    Text,
    TextOf,
    TypeWord,
    WholeIn,
    _shorthand,
    check_text,
)
from mechlab.core.design_parts import (
    Actuators,
    ArmActuators,
    Armor,
    Engine,
    HeatSinks,
    KnownViolation,
    Mount,
    Myomer,
    Pilot,
    Split,
    Structure,
    TorsoArmor,
    WeaponQuirk,
    _heat_sinks,
)
from mechlab.core.locations import Location
from mechlab.core.record import Record, build

__all__ = [
    "MAX_ENTRIES", "MAX_ITEMS", "MAX_NAME", "MAX_NOTE", "Actuators", "ArmActuators", "Armor",
    "Design", "Engine", "Entries", "HeatSinks", "KnownViolation", "LocationName", "Mount", "Myomer",
    "Note", "Pilot", "QuirkName", "Split", "Structure", "Text", "TorsoArmor", "TypeWord",
    "WeaponQuirk", "WholeIn", "check_chassis", "check_text", "design_of",
]


class Design(Record):
    """A 'Mech design as written in a YAML design file."""

    chassis: Annotated[str, TextOf(MAX_NAME, then=check_chassis)]
    model: Text = ""
    tonnage: Annotated[int, WholeIn(1, 200)]
    ruleset: Text = "intro"
    # Identity (issue 30): the Master Unit List's id of the design, and its quirks.
    mul_id: Annotated[int, WholeIn(1, 9_999_999)] | None = None
    quirks: Annotated[tuple[QuirkName, ...], Entries(MAX_ENTRIES, then=_each_once)] = ()
    weapon_quirks: Annotated[tuple[WeaponQuirk, ...],
                             Entries(MAX_ENTRIES, then=_each_once)] = ()
    walking_mp: Annotated[int, WholeIn(0, 40)]
    engine_maker: Text | None = None
    # The engine rating as printed; optional. It must equal tonnage × Walking MP (RULES.md
    # 1.2): a printed design that states another keeps it and is reported (E-ENGINE-MISMATCH).
    engine_rating: Annotated[int, WholeIn(0, 1000)] | None = None
    # Jumping MP; when absent it is the number of jump jets listed in `equipment`.
    jumping_mp: Annotated[int, WholeIn(0, 40)] | None = None
    # Total heat sinks, the 10 free ones included (RULES.md 1.4), and their type.
    heat_sinks: Annotated[HeatSinks, Before(_heat_sinks)] = HeatSinks()
    armor: Armor = Armor()
    actuators: Actuators = Actuators()
    equipment: Annotated[tuple[Mount, ...], Entries(MAX_ENTRIES, then=_items_in_all)] = ()
    pilot: Pilot | None = None
    # Technical provenance only (never fluff): where the design was published.
    source: Note | None = None
    era: Annotated[int, WholeIn(0, 9999)] | None = None
    # The Alpha Strike role ("Brawler", "Sniper"): assigned by hand, never derived (RULES.md 6.9).
    role: Text | None = None
    # Printed designs that break a rule are kept as printed; the rule is named here.
    known_violations: Annotated[tuple[KnownViolation, ...], Entries(MAX_ENTRIES)] = ()
    # STANDARD_RULES.md §14.6: what a Standard design chooses. The defaults are the
    # Introductory 'Mech's, so every older design file keeps its meaning.
    # What the design is: a BattleMech, or an IndustrialMech (TechManual's construction
    # rules for IndustrialMechs: industrial structure, ICE / fuel-cell / fission engines…).
    unit: Literal["battlemech", "industrialmech"] = "battlemech"
    tech_base: Literal["inner_sphere", "clan", "mixed_is", "mixed_clan"] = "inner_sphere"
    config: Literal["biped", "quad", "tripod", "quadvee", "lam", "lam_bimodal"] = "biped"
    omni: StrictBool = False
    # §11.3: the heat sinks an OmniMech's base chassis carries in its engine.
    base_chassis_heat_sinks: Annotated[int, WholeIn(0, 99)] | None = None
    engine: Annotated[Engine, Before(_shorthand)] = Engine()
    gyro: TypeWord = "standard"
    cockpit: TypeWord = "standard"
    ejection: TypeWord | None = None
    structure: Annotated[Structure, Before(_shorthand)] = Structure()
    myomer: Annotated[Myomer, Before(_shorthand)] = Myomer()
    # ADVANCED_COMPONENTS.md §5: the armored slots of fixed components (engine, gyro,
    # cockpit, life support, sensors, actuators), by location and 1-based slot number.
    armored_slots: Annotated[dict[
        LocationName,
        Annotated[list[Annotated[int, WholeIn(1, 12)]], Entries(12)]], OnceEach()] | None = None

    def checked(self) -> Design:
        """A location the configuration does not have is bad input (no such place)."""
        have = set(locations_of(self.config))
        named: list[Location] = []  # the locations named that the configuration lacks

        def lacks(location: Location) -> bool:
            if location not in have:
                named.append(location)
            return location not in have

        wrong = [f"equipment[{i}].location: {e.location.value}"
                 for i, e in enumerate(self.equipment)
                 if lacks(e.location) or (e.split and lacks(e.split.location))]
        wrong += [f"weapon_quirks[{i}].location: {q.location.value}"
                  for i, q in enumerate(self.weapon_quirks) if lacks(q.location)]
        wrong += [f"armor.{loc.value}" for loc in Location
                  if self.armor.front(loc) and lacks(loc)]
        # Spread items placed by hand (STANDARD_RULES.md §14.6) name locations too.
        wrong += [f"{part}.slots.{loc.value}" for part, spread in (
                      ("structure", self.structure.slots), ("armor", self.armor.slots),
                      ("myomer", self.myomer.slots))
                  for loc in spread or {} if lacks(loc)]
        wrong += [f"armor.patchwork.{loc.value}" for loc in self.armor.patchwork or {}
                  if lacks(loc)]
        wrong += [f"armored_slots.{loc.value}" for loc in self.armored_slots or {}
                  if lacks(loc)]
        config = configuration(self.config)
        if not config.has_arms and self.actuators != Actuators():
            wrong.append(f"actuators (a {config.name} has no arm actuators to remove)")
        if wrong:
            raise ValueError(f"a {config.name} has no such location: {'; '.join(wrong)} "
                             f"({_locations_fix(config.name, config.locations, named)})")
        return self

    @property
    def name(self) -> str:
        return f"{self.chassis} {self.model}".strip()

    @property
    def locations(self) -> tuple[Location, ...]:
        return locations_of(self.config)

    @property
    def heat_sink_count(self) -> int:
        return self.heat_sinks.count


def _each_once(quirks: tuple[Any, ...]) -> tuple[Any, ...]:
    """A quirk is a unit's or a weapon's once: given twice, an engine that applies each
    it is given would apply it twice (MegaMek's files list each once)."""
    seen: dict[Any, int] = {}
    for index, quirk in enumerate(quirks):
        if quirk in seen:
            shown = quirk if isinstance(quirk, str) else f"{quirk.quirk} ({quirk.weapon})"
            raise ValueError(f"{shown} is given twice ([{seen[quirk]}] and [{index}]); "
                             "give it once")
        seen[quirk] = index
    return quirks


def _items_in_all(equipment: tuple[Mount, ...]) -> tuple[Mount, ...]:
    total = sum(entry.count for entry in equipment)
    if total > MAX_ITEMS:
        raise ValueError(f"{total:,} items in all (counts included), more than the "
                         f"{MAX_ITEMS} allowed (a 'Mech has 78 critical slots)")
    return equipment


def check_chassis(chassis: str) -> str:
    """Every sheet, card and roster names the 'Mech by its chassis: a blank one is no
    design (the model may be blank: many 'Mechs have none). `ValueError` otherwise."""
    if not chassis.strip():
        raise ValueError("blank; name the 'Mech (Catapult, Atlas…)")
    return chassis


def design_of(data: dict[str, Any]) -> Design:
    """The `Design` of a reader's data: `build`'s where it takes the data (plain Python:
    core/record.py), else the full check's (pydantic: core/design_schema.py), which raises
    its `ValidationError` (a `ValueError`) naming every problem."""
    try:
        return build(Design, data)
    except ValueError:  # declined: the full check decides, and says why
        pass
    from mechlab.core.design_schema import validate

    return validate(Design, data)


def _locations_fix(name: str, locations: tuple[Location, ...], named: list[Location]) -> str:
    """What to do, within a line: the locations the configuration has, and which others
    have every location named (it listed every configuration's, and the line was cut)."""
    wanted = set(named)
    others = [other for other in CONFIGURATION_NAMES
              if other != name and wanted and wanted <= set(locations_of(other))]
    where = (f"; config: {', '.join(others[:-1])} or {others[-1]} has "
             if len(others) > 1 else f"; config: {others[0]} has " if others else "")
    which = ", ".join(dict.fromkeys(loc.value for loc in named)) if others else ""
    return f"a {name} has {', '.join(loc.value for loc in locations)}{where}{which}"
