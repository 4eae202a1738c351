"""The design file: what the user wrote, nothing the rules derive.

A `Design` is a pydantic model of a YAML design file. It checks types and shapes
(whole numbers where numbers go, known fields only, sane magnitudes); whether the
design is *legal* is the validator's job, so a design that breaks a construction
rule still loads and is reported with every finding at once.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    field_validator,
)

from mechlab.locations import Location


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
    allowed = "\n\t" if multiline else ""
    for index, char in enumerate(value):
        if char not in allowed and unicodedata.category(char) in ("Cc", "Zl", "Zp"):
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
    model_config = ConfigDict(extra="forbid", frozen=True)


class TorsoArmor(_Strict):
    front: Points = 0
    rear: Points = 0


class Armor(_Strict):
    """Armor points per location; the three torsos have front and rear (RULES.md 1.5)."""

    head: Points = 0
    center_torso: TorsoArmor = TorsoArmor()
    left_torso: TorsoArmor = TorsoArmor()
    right_torso: TorsoArmor = TorsoArmor()
    left_arm: Points = 0
    right_arm: Points = 0
    left_leg: Points = 0
    right_leg: Points = 0
    # Tons of armor bought; default: the least that holds the points (RULES.md 1.5).
    # Naming more lets a design carry points it cannot assign ("max armor, 7 lost").
    tons: Annotated[StrictFloat | StrictInt, Field(gt=0, le=200)] | None = None

    def front(self, location: Location) -> int:
        value = getattr(self, location.value)
        return value.front if isinstance(value, TorsoArmor) else value

    def rear(self, location: Location) -> int:
        value = getattr(self, location.value)
        return value.rear if isinstance(value, TorsoArmor) else 0

    @property
    def points(self) -> int:
        return sum(self.front(loc) + self.rear(loc) for loc in Location)


class ArmActuators(_Strict):
    """RULES.md 1.6: the hand may be removed; the lower arm only with the hand."""

    lower_arm: StrictBool = True
    hand: StrictBool = True


class Actuators(_Strict):
    left_arm: ArmActuators = ArmActuators()
    right_arm: ArmActuators = ArmActuators()

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


class Pilot(_Strict):
    name: Text = ""
    # None: the ruleset's default (Ruleset.pilot_skills), known only once resolved.
    gunnery: Annotated[Whole, Field(ge=0, le=8)] | None = None
    piloting: Annotated[Whole, Field(ge=0, le=8)] | None = None


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
    walking_mp: Annotated[Whole, Field(ge=0, le=40)]
    engine_maker: Text | None = None
    # The engine rating as printed; optional. It must equal tonnage × Walking MP (RULES.md
    # 1.2): a printed design that states another keeps it and is reported (E-ENGINE-MISMATCH).
    engine_rating: Annotated[Whole, Field(ge=0, le=1000)] | None = None
    # Jumping MP; when absent it is the number of jump jets listed in `equipment`.
    jumping_mp: Annotated[Whole, Field(ge=0, le=40)] | None = None
    # Total heat sinks, the 10 free ones included (RULES.md 1.4).
    heat_sinks: Annotated[Whole, Field(ge=0, le=99)] = 10
    armor: Armor = Armor()
    actuators: Actuators = Actuators()
    equipment: Annotated[tuple[Mount, ...], Field(max_length=MAX_ENTRIES)] = ()
    pilot: Pilot | None = None
    # Technical provenance only (never fluff): where the design was published.
    source: Note | None = None
    era: Annotated[Whole, Field(ge=0, le=9999)] | None = None
    # The Alpha Strike role ("Brawler", "Sniper"): assigned by hand, never derived (RULES.md 6.9).
    role: Text | None = None
    # Printed designs that break a rule are kept as printed; the rule is named here.
    known_violations: Annotated[tuple[KnownViolation, ...], Field(max_length=MAX_ENTRIES)] = ()

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
