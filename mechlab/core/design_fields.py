"""The fields of a design file: their types, their bounds, and how text is checked.

What `Design` (design.py) and its parts (design_parts.py) are made of: whole numbers
that may be written `65.0`, location names, bounded text without control characters,
the type words of components (`endo-steel` → `endo_steel`), and the limits that tell
absurd input (a name of 100,000 characters, 19,800 items) from a design.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    StrictInt,
)
from pydantic_core import CoreSchema, core_schema

from mechlab.core.locations import Location
from mechlab.core.text import BIDI_CONTROLS, invisible


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
    a note may hold line breaks and tabs), bidirectional controls or invisible format
    characters (U+200B…; the joiners ZWNJ and ZWJ are text). `ValueError` saying what to
    do otherwise."""
    if len(value) > limit:
        raise ValueError(f"{len(value):,} characters, more than the {limit} allowed; "
                         "shorten it")
    if value.isascii() and value.isprintable():
        return value  # the common case, and none of the characters refused below
    import unicodedata  # only for text beyond printable ASCII (start-up: issue 31)

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
        if category == "Cf" and invisible(value, index):
            raise ValueError(f"invisible character U+{ord(char):04X} "
                             f"({unicodedata.name(char, 'format character')}) at character "
                             f"{index + 1}; remove it (names are plain text)")
        if char not in allowed and category in ("Cc", "Zl", "Zp"):
            raise ValueError(f"control character U+{ord(char):04X} at character {index + 1}; "
                             "remove it (names are plain text)")
    return value


def _bounded_text(limit: int) -> BeforeValidator:
    def text(value: object) -> str:
        # Names are text; a bare YAML number (model: 1) is accepted and kept as written
        # (`model: 3.10` as "3.10", not the float's "3.1": the reader keeps the text).
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise ValueError(f"expected text, got {_short_repr(value)}")
        written = getattr(value, "written", None)
        return check_text(written if isinstance(written, str) else str(value), limit,
                          multiline=limit > MAX_NAME)

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


class Exact:
    """The check of a field's value in data a reader built itself (the `.mtf` reader:
    numbers from digits, names from its tables), made in pydantic's compiled core with no
    Python call (issue 31: the Python validators of every entry's name, location and slot
    were half of validating a design). It accepts only values the field's full check
    accepts unchanged (a plain int within the bounds, printable ASCII text within the
    limit, a location's own name, a type word as written); `read_design` (design.py)
    validates such data with it (pydantic's strict mode) and, on any error, again with
    the full check, so every message is the full check's. A design file (YAML) always
    gets the full check."""

    def __init__(self, schema: CoreSchema) -> None:
        self.schema = schema

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        return core_schema.lax_or_strict_schema(lax_schema=handler(source),
                                                strict_schema=self.schema)


class WholeIn:
    """A whole number (`Whole`) from `ge` to `le`, with its `Exact` check."""

    def __init__(self, ge: int, le: int) -> None:
        self.ge, self.le = ge, le

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler
                                     ) -> CoreSchema:
        full = handler.generate_schema(Annotated[Whole, Field(ge=self.ge, le=self.le)])
        exact = core_schema.int_schema(strict=True, ge=self.ge, le=self.le)
        return core_schema.lax_or_strict_schema(lax_schema=full, strict_schema=exact)


def _exact_text(limit: int) -> Exact:
    # Printable ASCII is what `check_text` passes unchanged at once.
    return Exact(core_schema.str_schema(strict=True, max_length=limit, pattern=r"^[ -~]*$"))


# A whole number: an int, or a float with no fraction (65.0); never a bool or "65".
Whole = Annotated[StrictInt, BeforeValidator(_whole)]
# A location by its own name (`left_arm`), exactly, is the location `Location.parse` gives.
LocationName = Annotated[Location, BeforeValidator(_location),
                         Exact(core_schema.literal_schema(list(Location)))]
Text = Annotated[str, _bounded_text(MAX_NAME), _exact_text(MAX_NAME)]
Note = Annotated[str, _bounded_text(MAX_NOTE), _exact_text(MAX_NOTE)]
# Sanity bounds catch absurd input (tonnage 1e9) as bad input; the construction
# rules (tonnage 20–100 in steps of 5, …) are checked by the validator.
Points = Annotated[int, WholeIn(0, 999)]


class _Strict(BaseModel):
    # Built on first use (defer_build): reading a design builds one validator, the
    # Design's, with every part's schema inside it, instead of one more for each part at
    # import (issue 31: the models were a third of `validate`'s start-up). Defaults are
    # made with `model_construct` (a default is not validated anyway), so that defining
    # the models builds none of them.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)



def _word(value: object) -> object:
    """A type word as players write it: `Endo Steel`, `endo-steel` → `endo_steel`."""
    if isinstance(value, str) and len(value) <= MAX_NAME:
        return value.strip().lower().replace("-", "_").replace(" ", "_")
    return value


# A type word (`xl`, `endo_steel`, `ferro_fibrous`): which words exist is the ruleset's
# table (STANDARD_RULES.md §2–§7), checked by the validator, not here.
TypeWord = Annotated[str, BeforeValidator(_word), Field(min_length=1, max_length=40),
                     Exact(core_schema.str_schema(strict=True, pattern=r"^[a-z0-9_]{1,40}$"))]
# The version of a component whose Inner Sphere and Clan versions differ, on a Mixed
# 'Mech (STANDARD_RULES.md §1.2); None: the chassis's own base.
Tech = Literal["is", "clan"] | None
# Spread items placed by hand: slots per location, or the 1-based slot numbers.
SpreadSlots = dict[
    LocationName,
    Annotated[int, WholeIn(0, 12)] | Annotated[
        list[Annotated[int, WholeIn(1, 12)]], Field(max_length=12)]]


def _shorthand(value: object) -> object:
    """`engine: xl` means `engine: {type: xl}` (STANDARD_RULES.md §14.6)."""
    return {"type": value} if isinstance(value, str) else value


# MegaMek's quirk names are its option keys (`battle_fists_la`, `imp_target_short`):
# kept as MegaMek spells them, for the engines that apply them.
QuirkName = Annotated[str, Field(pattern=r"^[A-Za-z0-9_]{1,60}$")]
