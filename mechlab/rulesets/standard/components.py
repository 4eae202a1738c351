"""The component tables of standard.yaml (STANDARD_RULES.md §2–§8), typed once.

A `Component` is one row of a type table (an engine type, a gyro, an armor type …):
its title, tech, rules level and the numbers the construction rules read. Rows
marked `refused` are level-3+ options (R-COMPONENT); `industrial_only` rows are
IndustrialMech parts (E-INDUSTRIAL-ONLY).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from mechlab.rulesets.data import typed_once

# The design file's tech words and the table's.
IS, CLAN = "IS", "Clan"


def fraction(value: Any) -> Fraction:
    """'3/40', 0.5 or 16 read exactly: each value once (a `Fraction` is immutable, and
    the tables' ~700 cells hold a few dozen values; issue 31: start-up)."""
    key = (type(value), value)
    made = _FRACTIONS.get(key)
    if made is None:
        # Most cells are whole numbers: no text to parse.
        made = _FRACTIONS[key] = Fraction(value) if type(value) is int else Fraction(str(value))
    return made


_FRACTIONS: dict[tuple[type, Any], Fraction] = {}


@dataclass(frozen=True)
class Component:
    """One row of a component type table (see the module docstring)."""

    key: str
    title: str
    tech: str = "both"  # IS, Clan or both
    level: str = "standard"
    refused: str | None = None  # "Advanced (level 3)": beyond the Standard rules
    industrial_only: bool = False
    factor: Fraction = Fraction(1)
    # Per tech (IS, Clan): slots, points per ton, side-torso engine slots, item ids.
    slots: dict[str, int] = field(default_factory=dict)
    per_ton: dict[str, Fraction] = field(default_factory=dict)
    side_slots: dict[str, int] = field(default_factory=dict)
    item: dict[str, str] = field(default_factory=dict)
    ct_slots: int = 0
    size: str = "standard"
    tons: Fraction = Fraction(0)
    head: tuple[str | None, ...] = ()
    per_location: int = 0
    dissipation: int = 0  # heat sinks: heat points each dissipates
    # Engines (§3.1, §3.5): weight-free sinks, the least weight, amplifiers, jump jets.
    free_heat_sinks: int = 10
    min_tons: Fraction = Fraction(0)
    power_amplifiers: bool = False
    jump: bool = True
    movement_heat: bool = True  # walking and running make heat (not ICE, fuel cell)
    # The rules level that refuses it on a BattleMech (an IndustrialMech engine, §0.3).
    battlemech: str | None = None
    # Cockpits: advanced fire control (an industrial cockpit without it has none).
    fire_control: bool = True
    # Engines whose movement heat is not the ruleset's (ADVANCED_COMPONENTS.md §1.2: XXL):
    # walking, running, jump_min, jump_per_mp (improved jets halve the MP first).
    heat: dict[str, Fraction] = field(default_factory=dict)
    # Cockpits outside the head (ADVANCED_COMPONENTS.md §2.1, torso-mounted): fixed slots
    # after the engine and gyro in the center torso, after the engine in each side torso.
    center: tuple[str, ...] = ()
    side: tuple[str, ...] = ()
    # §3: a gyro that is none, and a cockpit that works without one (interface).
    gyroless: bool = False
    # §7.1: a primitive cockpit's 'Mech carries an engine rated 5⌈f × T × W ÷ 5⌉ (f = 1.2),
    # and keeps to the primitive construction rules (`primitive_construction`).
    rating_factor: Fraction = Fraction(1)
    primitive: bool = False
    # Heat sinks: items of another kind a 'Mech of this kind may mount beside its own, with
    # what each dissipates (§7.2: prototype doubles beside singles, counted in `heat_sinks`).
    beside: dict[str, int] = field(default_factory=dict)
    # Heat sinks (ADVANCED_COMPONENTS.md §6.1 rules 1–2, compact): the engine holds
    # `engine_capacity` × ⌊R ÷ 25⌋ of them; items holding more than one sink (`holds`: the
    # `2 Compact Heat Sinks` slot); each sink's tons where it is not its item's (`tons_each`).
    engine_capacity: int = 1
    holds: dict[str, int] = field(default_factory=dict)
    tons_each: Fraction | None = None
    # Configurations and sizes (issue 28): the word a record sheet's title puts first
    # (MegaMekLab: "Three-Legged", "SuperHeavy").
    sheet: str = ""
    # Configurations: fixed slots after each leg's actuators (a QuadVee's conversion gear),
    # and the conversion equipment's weight, a share of the tonnage (whole tons, up).
    leg_slots: tuple[str, ...] = ()
    conversion: Fraction = Fraction(0)

    def refused_for(self, unit: str) -> str | None:
        """The rules level that refuses this row on a `unit` (battlemech, industrialmech)."""
        return self.refused or (self.battlemech if unit == "battlemech" else None)

    def allows(self, tech: str) -> bool:
        return self.tech in ("both", tech)

    def slots_for(self, tech: str) -> int:
        return int(self.of(self.slots, tech) or 0)

    @staticmethod
    def of(values: dict[str, Any], tech: str) -> Any:
        """The value for this tech; a component with one version has that one (§1.2: a
        Mixed 'Mech mounts it whatever its chassis)."""
        if tech in values:
            return values[tech]
        return next(iter(values.values())) if len(values) == 1 else None


def _per_tech(value: Any, convert: Any = lambda v: v) -> dict[str, Any]:
    if isinstance(value, dict):
        return {k: convert(v) for k, v in value.items()}
    return {IS: convert(value), CLAN: convert(value)}


def component(key: str, row: dict[str, Any]) -> Component:
    """One row typed: once for every ruleset whose tables share the row (the rows a data
    file does not change are its parent's own: `typed_once`)."""
    return typed_once(f"component {key}", row, lambda _: _component(key, row))


def _component(key: str, row: dict[str, Any]) -> Component:
    return Component(
        key=key, title=row["title"], tech=row.get("tech", "both"),
        level=row.get("level", "standard"), refused=row.get("refused"),
        industrial_only=bool(row.get("industrial_only", False)),
        factor=fraction(row.get("factor", 1)),
        slots=_per_tech(row.get("slots", 0), int) if not isinstance(row.get("slots"), int)
        else {IS: row["slots"], CLAN: row["slots"]},
        per_ton=_per_tech(row.get("per_ton", 16), fraction),
        side_slots=_per_tech(row.get("side_slots", 0), int),
        item=_per_tech(row["item"]) if "item" in row else {},
        ct_slots=int(row.get("ct_slots", 0)), size=row.get("size", "standard"),
        tons=fraction(row.get("tons", 0)),
        head=tuple(row.get("head", ())), per_location=int(row.get("per_location", 0)),
        dissipation=int(row.get("dissipation", 0)),
        free_heat_sinks=int(row.get("free_heat_sinks", 10)),
        min_tons=fraction(row.get("min_tons", 0)),
        power_amplifiers=bool(row.get("power_amplifiers", False)),
        jump=bool(row.get("jump", True)), battlemech=row.get("battlemech"),
        movement_heat=bool(row.get("movement_heat", True)),
        fire_control=bool(row.get("fire_control", True)),
        heat={k: fraction(v) for k, v in row.get("heat", {}).items()},
        center=tuple(row.get("center", ())), side=tuple(row.get("side", ())),
        gyroless=bool(row.get("gyroless", False)),
        rating_factor=fraction(row.get("rating_factor", 1)),
        primitive=bool(row.get("primitive", False)),
        beside={str(k): int(v) for k, v in row.get("beside", {}).items()},
        engine_capacity=int(row.get("engine_capacity", 1)),
        holds={str(k): int(v) for k, v in row.get("holds", {}).items()},
        tons_each=fraction(row["tons_each"]) if "tons_each" in row else None,
        sheet=str(row.get("sheet", "")),
        leg_slots=tuple(row.get("leg_slots", ())), conversion=fraction(row.get("conversion", 0)),
    )


def table(rows: dict[str, Any]) -> dict[str, Component]:
    return {key: component(key, row) for key, row in rows.items()}


@dataclass(frozen=True)
class UnitType:
    """A row of standard.yaml `unit_types`: what a unit of this type may choose."""

    key: str
    title: str
    # Design path (`engine.type`, `gyro` …) → the words allowed; a path not listed allows
    # every row that is not `industrial_only` (a BattleMech's).
    components: dict[str, tuple[str, ...]] = field(default_factory=dict)
    battlemech_only: frozenset[str] = frozenset()
    fire_control_items: frozenset[str] = frozenset()
    min_tonnage: int | None = None  # None: the ruleset's `tonnages`
    omni_title: str | None = None  # an OmniMech of this type, as sheets name it

    @property
    def industrial(self) -> bool:
        return bool(self.components)


def unit_types(rows: dict[str, Any]) -> dict[str, UnitType]:
    return {key: UnitType(
        key=key, title=row["title"],
        components={path: tuple(words) for path, words in row.get("components", {}).items()},
        battlemech_only=frozenset(row.get("battlemech_only", ())),
        fire_control_items=frozenset(row.get("fire_control_items", ())),
        min_tonnage=row.get("min_tonnage"), omni_title=row.get("omni_title"))
        for key, row in rows.items()}
