"""The Introductory Rulebook's construction facts (RULES.md §1.2–1.7), as `ClassVar`s that
`Ruleset` (base.py) inherits and a variant overrides where its book differs: engine ratings,
jump jets, heat sinks, armor, critical slots and fixed components, ammunition lots.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from mechlab.core.equipment import Item
from mechlab.core.locations import Location
from mechlab.core.tons import HALF

# Names of the fixed components (RULES.md 1.6), as the critical hit table prints them.
ENGINE = "Fusion Engine"
GYRO = "Gyro"
SHOULDER = "Shoulder"
UPPER_ARM_ACTUATOR = "Upper Arm Actuator"
LOWER_ARM_ACTUATOR = "Lower Arm Actuator"
HAND_ACTUATOR = "Hand Actuator"


@dataclass(frozen=True)
class EngineRow:
    """A row of the Fusion Engine Table: rating, maker and weight (RULES.md 1.2)."""

    rating: int
    maker: str
    tons: Fraction


@dataclass(frozen=True)
class Spread:
    """A component whose slots are 1-slot pieces spread over the 'Mech (STANDARD_RULES.md
    §2.3, §6.2, §8.2: endo steel, ferro-fibrous, stealth, TSM): `count` pieces, placed
    where the design says (`slots`: per location a count or the 1-based slot numbers) or
    automatically (`per_location` pieces in each of `locations`, else the roomiest)."""

    item: Item
    count: int
    path: str
    slots: dict[Location, int | list[int]] | None = None
    per_location: int = 0
    locations: tuple[Location, ...] = ()


def slots_named(slots: dict[Location, int | list[int]] | None) -> int | None:
    """The slots a design places a spread item in itself (`slots:`, per location a count
    or the slot numbers); None where it leaves them to mechlab."""
    if slots is None:
        return None
    return sum(len(where) if isinstance(where, list) else where for where in slots.values())


class ConstructionFacts:
    """The construction facts of one book (a base of `Ruleset`); the Introductory values."""

    # RULES.md 1.2 ------------------------------------------------------------------------
    min_engine_rating: ClassVar[int] = 10
    # (the highest rating is the engine table's: Ruleset.max_engine_rating)

    # RULES.md 1.3 ------------------------------------------------------------------------
    jump_jets_take_slots: ClassVar[bool] = True
    jump_jet_locations: ClassVar[tuple[Location, ...]] = (
        Location.LEFT_TORSO, Location.RIGHT_TORSO, Location.CENTER_TORSO,
        Location.LEFT_LEG, Location.RIGHT_LEG)
    # Decision (RULES.md 1.3 is silent on where unplaced jets go): the allowed location
    # with the most free slots, ties in this order.
    auto_jump_jet_order: ClassVar[tuple[Location, ...]] = (
        Location.LEFT_TORSO, Location.RIGHT_TORSO, Location.LEFT_LEG, Location.RIGHT_LEG,
        Location.CENTER_TORSO)

    # RULES.md 1.4 ------------------------------------------------------------------------
    free_heat_sinks: ClassVar[int] = 10
    heat_sink_type: ClassVar[str] = "Single"  # the sheet's "Single" heat sinks
    heat_sink_dissipation: ClassVar[int] = 1  # heat points per working sink
    # Decision (RULES.md 1.4 is silent): unplaced sinks go like jets, ties in this order.
    auto_heat_sink_order: ClassVar[tuple[Location, ...]] = (
        Location.LEFT_TORSO, Location.RIGHT_TORSO, Location.CENTER_TORSO, Location.LEFT_LEG,
        Location.RIGHT_LEG, Location.LEFT_ARM, Location.RIGHT_ARM, Location.HEAD)

    # RULES.md 1.5 ------------------------------------------------------------------------
    armor_points_per_ton: ClassVar[int] = 16
    head_armor_cap: ClassVar[int] = 9
    armor_per_structure: ClassVar[int] = 2
    # Intro: a torso's front + rear together ≤ 2 × structure; 1984 caps each side alone.
    torso_armor_capped_together: ClassVar[bool] = True

    # RULES.md 1.6 ------------------------------------------------------------------------
    slot_counts: ClassVar[dict[Location, int]] = {
        loc: 6 if loc is Location.HEAD or loc.is_leg else 12 for loc in Location}
    head_fixed: ClassVar[tuple[str | None, ...]] = (
        "Life Support", "Sensors", "Cockpit", None, "Sensors", "Life Support")
    center_torso_fixed: ClassVar[tuple[str, ...]] = (ENGINE,) * 3 + (GYRO,) * 4 + (ENGINE,) * 3
    leg_fixed: ClassVar[tuple[str, ...]] = (
        "Hip", "Upper Leg Actuator", "Lower Leg Actuator", "Foot Actuator")
    arm_fixed: ClassVar[tuple[str, ...]] = (SHOULDER, UPPER_ARM_ACTUATOR)
    arm_actuators_removable: ClassVar[bool] = True
    # Fixed components of several slots that are one item (one bracketed run on the sheet).
    multi_slot_fixed: ClassVar[frozenset[str]] = frozenset({ENGINE, GYRO})
    # RULES.md 1.7 ------------------------------------------------------------------------
    ammo_lot_tons: ClassVar[Fraction] = Fraction(1)
    ammo_lot_slots: ClassVar[int] = 1
    half_ton_ammo_lots: ClassVar[bool] = True  # machine-gun ammunition by the half ton
    one_shot_launchers: ClassVar[bool] = True
    one_shot_extra_tons: ClassVar[Fraction] = HALF
    # BV_COST.md §2: a one-shot launcher costs its own price, its built-in shot nothing.
    one_shot_shot_priced: ClassVar[bool] = False
    low_ammo_shots: ClassVar[int] = 6  # W-AMMO-LOW: fewer shots per launcher is a warning
    hatchet_tons_divisor: ClassVar[int] = 15  # tons = slots = ⌈tonnage ÷ 15⌉
