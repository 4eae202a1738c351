"""The design file: what the user wrote, nothing the rules derive.

A `Design` is a pydantic model of a YAML design file. It checks types and shapes
(whole numbers where numbers go, known fields only, sane magnitudes); whether the
design is *legal* is the validator's job, so a design that breaks a construction
rule still loads and is reported with every finding at once.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StrictBool,
    StrictFloat,
    StrictInt,
    field_validator,
    model_serializer,
    model_validator,
)

from mechlab.core.configurations import CONFIGURATION_NAMES, configuration, locations_of
from mechlab.core.locations import Location
from mechlab.core.text import BIDI_CONTROLS


def _location(value: object) -> Location:
    if isinstance(value, Location):
        return value
    if not isinstance(value, str):
        raise ValueError(f"expected a location name, got {_short_repr(value)}")
    if len(value) > MAX_NAME:
        raise ValueError(f"expected a location name, got {len(value):,} characters")
    return Location.parse(value)


# A name longer than this is not a name (and would not fit any sheet): bad input.
MAX_NAME = 120
# A note (why a printed design keeps a violation) may be a sentence or two.
MAX_NOTE = 1000
# A 'Mech has 78 critical slots; a list far longer than that is not a design.
MAX_ENTRIES = 200
# Nor are more items in all (each entry's `count` included) than a design may list
# entries: 200 × `count: 99` is 19,800 items, absurd input, not a rules question.
MAX_ITEMS = MAX_ENTRIES


def check_text(value: str, limit: int, multiline: bool = False) -> str:
    """The one bound on text however it arrives (design file, .mtf, force file, --pilot):
    at most `limit` characters and no control characters (a NUL, an escape sequence…;
    a note may hold line breaks and tabs). `ValueError` saying what to do otherwise."""
    if len(value) > limit:
        raise ValueError(f"{len(value):,} characters, more than the {limit} allowed; "
                         "shorten it")
    if value.isascii() and value.isprintable():
        return value  # the common case, and none of the characters refused below
    allowed = "\n\t" if multiline else ""
    for index, char in enumerate(value):
        category = unicodedata.category(char)
        if category == "Cs":
            # A lone surrogate: YAML's "\ud800", or bytes that are not UTF-8 (--pilot $'\xff'
            # arrives so). No file or terminal can hold it.
            raise ValueError(f"U+{ord(char):04X} at character {index + 1} is not a character "
                             "(a lone surrogate, or bytes that are not UTF-8); write the text "
                             "in UTF-8")
        if char in BIDI_CONTROLS:
            raise ValueError(f"bidirectional control U+{ord(char):04X} at character "
                             f"{index + 1}; remove it (names are plain text)")
        if char not in allowed and category in ("Cc", "Zl", "Zp"):
            raise ValueError(f"control character U+{ord(char):04X} at character {index + 1}; "
                             "remove it (names are plain text)")
    return value


def _bounded_text(limit: int) -> BeforeValidator:
    def text(value: object) -> str:
        # Names are text; a bare YAML number (model: 1) is accepted and kept as written.
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise ValueError(f"expected text, got {_short_repr(value)}")
        return check_text(str(value), limit, multiline=limit > MAX_NAME)

    return BeforeValidator(text)


def _short_repr(value: object) -> str:
    text = repr(value) if not isinstance(value, dict | list) else type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"


def _whole(value: object) -> object:
    """`tonnage: 65.0` is the whole number 65 (YAML writes it so when a number was a float
    somewhere): accepted as that number. `65.5` stays a float and is refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


# A whole number: an int, or a float with no fraction (65.0); never a bool or "65".
Whole = Annotated[StrictInt, BeforeValidator(_whole)]
LocationName = Annotated[Location, BeforeValidator(_location)]
Text = Annotated[str, _bounded_text(MAX_NAME)]
Note = Annotated[str, _bounded_text(MAX_NOTE)]
# Sanity bounds catch absurd input (tonnage 1e9) as bad input; the construction
# rules (tonnage 20–100 in steps of 5, …) are checked by the validator.
Points = Annotated[Whole, Field(ge=0, le=999)]


class _Strict(BaseModel):
    # Built on first use (defer_build): reading a design builds one validator, the
    # Design's, with every part's schema inside it, instead of one more for each part at
    # import (issue 31: the models were a third of `validate`'s start-up). Defaults are
    # made with `model_construct` (a default is not validated anyway), so that defining
    # the models builds none of them.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class TorsoArmor(_Strict):
    front: Points = 0
    rear: Points = 0


def _word(value: object) -> object:
    """A type word as players write it: `Endo Steel`, `endo-steel` → `endo_steel`."""
    if isinstance(value, str) and len(value) <= MAX_NAME:
        return value.strip().lower().replace("-", "_").replace(" ", "_")
    return value


# A type word (`xl`, `endo_steel`, `ferro_fibrous`): which words exist is the ruleset's
# table (STANDARD_RULES.md §2–§7), checked by the validator, not here.
TypeWord = Annotated[str, BeforeValidator(_word), Field(min_length=1, max_length=40)]
# The version of a component whose Inner Sphere and Clan versions differ, on a Mixed
# 'Mech (STANDARD_RULES.md §1.2); None: the chassis's own base.
Tech = Literal["is", "clan"] | None
# Spread items placed by hand: slots per location, or the 1-based slot numbers.
SpreadSlots = dict[
    Annotated[Location, BeforeValidator(_location)],
    Annotated[Whole, Field(ge=0, le=12)] | Annotated[
        list[Annotated[Whole, Field(ge=1, le=12)]], Field(max_length=12)]]


def _shorthand(value: object) -> object:
    """`engine: xl` means `engine: {type: xl}` (STANDARD_RULES.md §14.6)."""
    return {"type": value} if isinstance(value, str) else value


class Engine(_Strict):
    """The engine's type (STANDARD_RULES.md §3.1); its rating is tonnage × Walking MP."""

    type: TypeWord = "standard"
    tech: Tech = None


class Structure(_Strict):
    """Internal structure type (STANDARD_RULES.md §2.2), its spread slots if placed by hand."""

    type: TypeWord = "standard"
    tech: Tech = None
    slots: SpreadSlots | None = None


class Myomer(_Strict):
    """Myomer (STANDARD_RULES.md §8.2): standard or triple-strength (6 spread slots)."""

    type: TypeWord = "standard"
    slots: SpreadSlots | None = None


class HeatSinks(_Strict):
    """Total heat sinks (the 10 free ones included) and their type (STANDARD_RULES.md §7).
    `heat_sinks: 15` is `{count: 15, type: single}`."""

    count: Annotated[Whole, Field(ge=0, le=99)] = 10
    type: TypeWord = "single"
    tech: Tech = None

    @model_serializer(mode="wrap")
    def _short(self, handler: SerializerFunctionWrapHandler) -> object:
        # Written back as players write it: single sinks as a bare count.
        if self.type == "single" and self.tech is None:
            return self.count
        return handler(self)


def _heat_sinks(value: object) -> object:
    value = _whole(value)  # `heat_sinks: 15.0` is 15, as every whole number is
    return {"count": value} if isinstance(value, int) and not isinstance(value, bool) else value


class PatchworkType(_Strict):
    """One location's armor type under patchwork armor (Tactical Operations: a type per
    location); `reactive` is `{type: reactive}`."""

    type: TypeWord = "standard"
    tech: Tech = None


class Armor(_Strict):
    """Armor points per location; the three torsos have front and rear (RULES.md 1.5).
    A quad's legs are `front_left_leg` … (STANDARD_RULES.md §10)."""

    # STANDARD_RULES.md §6.1: the armor type, and its spread slots if placed by hand.
    type: TypeWord = "standard"
    tech: Tech = None
    slots: SpreadSlots | None = None
    # `type: patchwork`: each location's own type (Tactical Operations, patchwork armor).
    patchwork: dict[LocationName, Annotated[PatchworkType, BeforeValidator(_shorthand)]] \
        | None = None
    head: Points = 0
    center_torso: TorsoArmor = TorsoArmor.model_construct()
    left_torso: TorsoArmor = TorsoArmor.model_construct()
    right_torso: TorsoArmor = TorsoArmor.model_construct()
    left_arm: Points = 0
    right_arm: Points = 0
    left_leg: Points = 0
    right_leg: Points = 0
    front_left_leg: Points = 0
    front_right_leg: Points = 0
    rear_left_leg: Points = 0
    rear_right_leg: Points = 0
    center_leg: Points = 0  # a tripod's (CONFIGURATIONS.md §1.2)
    # Tons of armor bought; default: the least that holds the points (RULES.md 1.5).
    # Naming more lets a design carry points it cannot assign ("max armor, 7 lost").
    tons: Annotated[StrictFloat | StrictInt, Field(gt=0, le=200)] | None = None

    def front(self, location: Location) -> int:
        value = getattr(self, _FIELD_OF[location])
        return value.front if isinstance(value, TorsoArmor) else value

    def rear(self, location: Location) -> int:
        value = getattr(self, _FIELD_OF[location])
        return value.rear if isinstance(value, TorsoArmor) else 0

    @property
    def points(self) -> int:
        total = 0
        for name in _FIELD_OF.values():
            value = getattr(self, name)
            total += value.front + value.rear if isinstance(value, TorsoArmor) else value
        return total


# Each location's field: `Location.value` is an enum property, ~3 µs a read, and `check`
# reads the armor of every location a few dozen times a design (issue 31).
_FIELD_OF = {location: location.value for location in Location}


class ArmActuators(_Strict):
    """RULES.md 1.6: the hand may be removed; the lower arm only with the hand."""

    lower_arm: StrictBool = True
    hand: StrictBool = True


class Actuators(_Strict):
    left_arm: ArmActuators = ArmActuators.model_construct()
    right_arm: ArmActuators = ArmActuators.model_construct()

    def of(self, location: Location) -> ArmActuators:
        return self.left_arm if location is Location.LEFT_ARM else self.right_arm


class Split(_Strict):
    """The part of an AC/20 placed in an adjacent location (RULES.md 1.6)."""

    location: LocationName
    slots: Annotated[Whole, Field(ge=1, le=12)]
    slot: Annotated[Whole, Field(ge=1, le=12)] | None = None


class Mount(_Strict):
    """One equipment entry: an item by name in a location, `count` times."""

    item: Text
    location: LocationName
    count: Annotated[Whole, Field(ge=1, le=99)] = 1
    rear: StrictBool = False
    # First critical slot (1-based) of the run; auto-placed in listed order when absent.
    slot: Annotated[Whole, Field(ge=1, le=12)] | None = None
    split: Split | None = None
    # STANDARD_RULES.md §11: an OmniMech's pod-mounted (not base-chassis) equipment.
    pod: StrictBool = False
    # The slots the entry fills as its source wrote them, for an item a formula sizes
    # (MASC, targeting computer): judged against the formula (E-MASC-SIZE, E-TC-SIZE).
    slots: Annotated[Whole, Field(ge=1, le=12)] | None = None
    # A variable-size item's tons (tech/EQUIPMENT.md `size`: cargo, liquid storage).
    size: Annotated[StrictFloat | StrictInt, Field(gt=0, le=100)] | None = None
    # ADVANCED_COMPONENTS.md §5: an armored component (every slot of the mount armored).
    armored: StrictBool = False
    # ADVANCED_EQUIPMENT.md §4.4: mounted in its location's turret (MegaMek's `(T)`; a head
    # turret turns the head's items).
    turret: StrictBool = False
    # CONFIGURATIONS.md §1.3: on a superheavy, a one-slot item in the slot `slot` of the
    # one-slot item listed there before it: two items in one slot (MegaMek's `A|B`).
    shared: StrictBool = False


class Pilot(_Strict):
    name: Text = ""
    # None: the ruleset's default (Ruleset.pilot_skills), known only once resolved.
    gunnery: Annotated[Whole, Field(ge=0, le=8)] | None = None
    piloting: Annotated[Whole, Field(ge=0, le=8)] | None = None


# MegaMek's quirk names are its option keys (`battle_fists_la`, `imp_target_short`):
# kept as MegaMek spells them, for the engines that apply them.
QuirkName = Annotated[str, Field(pattern=r"^[A-Za-z0-9_]{1,60}$")]


class WeaponQuirk(_Strict):
    """A quirk of one weapon (MegaMek's `weaponquirk:` line): the weapon in that slot."""

    quirk: QuirkName
    location: LocationName
    slot: Annotated[Whole, Field(ge=1, le=12)]
    weapon: Text  # MegaMek's name of the weapon, as its file writes it


class KnownViolation(_Strict):
    """A rule the printed design breaks, kept as printed (units/README.md)."""

    code: Text
    why: Note


class Design(_Strict):
    """A 'Mech design as written in a YAML design file."""

    chassis: Text
    model: Text = ""
    tonnage: Annotated[Whole, Field(ge=1, le=200)]
    ruleset: Text = "intro"
    # Identity (issue 30): the Master Unit List's id of the design, and its quirks.
    mul_id: Annotated[Whole, Field(ge=1, le=9_999_999)] | None = None
    quirks: Annotated[tuple[QuirkName, ...], Field(max_length=MAX_ENTRIES)] = ()
    weapon_quirks: Annotated[tuple[WeaponQuirk, ...], Field(max_length=MAX_ENTRIES)] = ()
    walking_mp: Annotated[Whole, Field(ge=0, le=40)]
    engine_maker: Text | None = None
    # The engine rating as printed; optional. It must equal tonnage × Walking MP (RULES.md
    # 1.2): a printed design that states another keeps it and is reported (E-ENGINE-MISMATCH).
    engine_rating: Annotated[Whole, Field(ge=0, le=1000)] | None = None
    # Jumping MP; when absent it is the number of jump jets listed in `equipment`.
    jumping_mp: Annotated[Whole, Field(ge=0, le=40)] | None = None
    # Total heat sinks, the 10 free ones included (RULES.md 1.4), and their type.
    heat_sinks: Annotated[HeatSinks, BeforeValidator(_heat_sinks)] = HeatSinks.model_construct()
    armor: Armor = Armor.model_construct()
    actuators: Actuators = Actuators.model_construct()
    equipment: Annotated[tuple[Mount, ...], Field(max_length=MAX_ENTRIES)] = ()
    pilot: Pilot | None = None
    # Technical provenance only (never fluff): where the design was published.
    source: Note | None = None
    era: Annotated[Whole, Field(ge=0, le=9999)] | None = None
    # The Alpha Strike role ("Brawler", "Sniper"): assigned by hand, never derived (RULES.md 6.9).
    role: Text | None = None
    # Printed designs that break a rule are kept as printed; the rule is named here.
    known_violations: Annotated[tuple[KnownViolation, ...], Field(max_length=MAX_ENTRIES)] = ()
    # STANDARD_RULES.md §14.6: what a Standard design chooses. The defaults are the
    # Introductory 'Mech's, so every older design file keeps its meaning.
    # What the design is: a BattleMech, or an IndustrialMech (TechManual's construction
    # rules for IndustrialMechs: industrial structure, ICE / fuel-cell / fission engines…).
    unit: Literal["battlemech", "industrialmech"] = "battlemech"
    tech_base: Literal["inner_sphere", "clan", "mixed_is", "mixed_clan"] = "inner_sphere"
    config: Literal["biped", "quad", "tripod", "quadvee", "lam", "lam_bimodal"] = "biped"
    omni: StrictBool = False
    # §11.3: the heat sinks an OmniMech's base chassis carries in its engine.
    base_chassis_heat_sinks: Annotated[Whole, Field(ge=0, le=99)] | None = None
    engine: Annotated[Engine, BeforeValidator(_shorthand)] = Engine.model_construct()
    gyro: TypeWord = "standard"
    cockpit: TypeWord = "standard"
    ejection: TypeWord | None = None
    structure: Annotated[Structure, BeforeValidator(_shorthand)] = Structure.model_construct()
    myomer: Annotated[Myomer, BeforeValidator(_shorthand)] = Myomer.model_construct()
    # ADVANCED_COMPONENTS.md §5: the armored slots of fixed components (engine, gyro,
    # cockpit, life support, sensors, actuators), by location and 1-based slot number.
    armored_slots: dict[
        Annotated[Location, BeforeValidator(_location)],
        Annotated[list[Annotated[Whole, Field(ge=1, le=12)]], Field(max_length=12)]] | None = None

    @model_validator(mode="after")
    def _locations_of_config(self) -> Design:
        """A location the configuration does not have is bad input (no such place)."""
        have = set(locations_of(self.config))
        wrong = [f"equipment[{i}].location: {e.location.value}"
                 for i, e in enumerate(self.equipment)
                 if e.location not in have or (e.split and e.split.location not in have)]
        wrong += [f"weapon_quirks[{i}].location: {q.location.value}"
                  for i, q in enumerate(self.weapon_quirks) if q.location not in have]
        wrong += [f"armor.{loc.value}" for loc in Location
                  if loc not in have and self.armor.front(loc)]
        # Spread items placed by hand (STANDARD_RULES.md §14.6) name locations too.
        wrong += [f"{part}.slots.{loc.value}" for part, spread in (
                      ("structure", self.structure.slots), ("armor", self.armor.slots),
                      ("myomer", self.myomer.slots))
                  for loc in spread or {} if loc not in have]
        wrong += [f"armor.patchwork.{loc.value}" for loc in self.armor.patchwork or {}
                  if loc not in have]
        wrong += [f"armored_slots.{loc.value}" for loc in self.armored_slots or {}
                  if loc not in have]
        config = configuration(self.config)
        if not config.has_arms and self.actuators != Actuators.model_construct():
            wrong.append(f"actuators (a {config.name} has no arm actuators to remove)")
        if wrong:
            others = "; ".join(
                f"config: {name} for {', '.join(loc.value for loc in extra)}"
                for name in CONFIGURATION_NAMES
                if (extra := [loc for loc in locations_of(name) if loc not in have]))
            fix = f"use {', '.join(loc.value for loc in config.locations)}; or set {others}"
            raise ValueError(f"a {config.name} has no such location: {'; '.join(wrong)} "
                             f"({fix})")
        return self

    @field_validator("equipment")
    @classmethod
    def _items_in_all(cls, equipment: tuple[Mount, ...]) -> tuple[Mount, ...]:
        total = sum(entry.count for entry in equipment)
        if total > MAX_ITEMS:
            raise ValueError(f"{total:,} items in all (counts included), more than the "
                             f"{MAX_ITEMS} allowed (a 'Mech has 78 critical slots)")
        return equipment

    @property
    def name(self) -> str:
        return f"{self.chassis} {self.model}".strip()

    @property
    def locations(self) -> tuple[Location, ...]:
        return locations_of(self.config)

    @property
    def heat_sink_count(self) -> int:
        return self.heat_sinks.count
