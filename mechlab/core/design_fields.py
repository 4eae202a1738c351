"""The fields of a design file: their types, their bounds, and how text is checked.

What `Design` (design.py) and its parts (design_parts.py) are made of: whole numbers
that may be written `65.0`, location names, bounded text without control characters,
the type words of components (`endo-steel` → `endo_steel`), and the limits that tell
absurd input (a name of 100,000 characters, 19,800 items) from a design.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated, Any, Literal

from mechlab.core.given import given_shown
from mechlab.core.locations import Location
from mechlab.core.record import Inexact
from mechlab.core.text import BIDI_CONTROLS, INVISIBLE_OTHER, invisible


def _location(value: object) -> Location:
    if isinstance(value, Location):
        return value
    if not isinstance(value, str):
        raise ValueError(f"expected a location name, got {given_shown(value)}")
    if len(value) > MAX_NAME:
        raise ValueError(f"expected a location name, got {len(value):,} characters")
    return Location.parse(value)


_BY_NAME = {location.value: location for location in Location}

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
    a note may hold line breaks and tabs), bidirectional controls or invisible characters
    (format characters as U+200B, the joiners ZWNJ and ZWJ excepted; the Hangul fillers
    and the rest of `INVISIBLE_OTHER`). `ValueError` saying what to do otherwise."""
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
        if (category == "Cf" and invisible(value, index)) or char in INVISIBLE_OTHER:
            raise ValueError(f"invisible character U+{ord(char):04X} "
                             f"({unicodedata.name(char, 'format character')}) at character "
                             f"{index + 1}; remove it (names are plain text)")
        if char not in allowed and category in ("Cc", "Zl", "Zp"):
            raise ValueError(f"control character U+{ord(char):04X} at character {index + 1}; "
                             "remove it (names are plain text)")
    return value


def _word(value: object) -> object:
    """A type word as players write it: `Endo Steel`, `endo-steel` → `endo_steel`."""
    if isinstance(value, str) and len(value) <= MAX_NAME:
        return value.strip().lower().replace("-", "_").replace(" ", "_")
    return value


class Rule:
    """A field's check, stated once for both checks (core/record.py): `before` and `after`
    in plain Python for `build` (a value is taken only as the full check would leave or
    convert it), and `metadata()`, the same check in pydantic's annotations, for the full
    check of the data `build` declines, which words its messages (design_schema.py).
    pydantic is imported only when the full check is first built. A rule of one type may
    also give `exact`: its type, `before` and `after` in one call, for speed (`check`
    reads a few hundred values a file)."""

    before: Callable[[Any], Any] | None = None
    after: Callable[[Any], Any] | None = None
    exact: Callable[[Any], Any] | None = None

    def metadata(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def pydantic_type(self, source: Any) -> Any:
        return source

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        return handler.generate_schema(Annotated[(self.pydantic_type(source),
                                                  *self.metadata())])


class Before(Rule):
    """A function the value goes through first (`engine: xl` → `{type: xl}`)."""

    def __init__(self, function: Callable[[Any], Any]) -> None:
        self.before = self.function = function

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import BeforeValidator

        return (BeforeValidator(self.function),)


class Strict(Rule):
    """`true` or `false` only: never 1, "yes" or "true"."""

    def exact(self, value: Any) -> bool:
        if type(value) is bool:
            return value
        raise Inexact(f"{value!r} is not true or false")

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import Strict as PydanticStrict

        return (PydanticStrict(),)


class WholeIn(Rule):
    """A whole number (an int, or a float with no fraction: 65.0) from `ge` to `le`;
    never a bool or "65"."""

    def __init__(self, ge: int, le: int) -> None:
        self.ge, self.le = ge, le
        self.before = _whole

    def after(self, value: int) -> int:
        if not self.ge <= value <= self.le:
            raise ValueError(f"{value} is not from {self.ge} to {self.le}")
        return value

    def exact(self, value: Any) -> int:
        if type(value) is not int:
            value = _whole(value)
            if type(value) is not int:
                raise Inexact(f"{value!r} is not a whole number")
        return self.after(value)

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import BeforeValidator, Field
        from pydantic import Strict as PydanticStrict

        return PydanticStrict(), BeforeValidator(_whole), Field(ge=self.ge, le=self.le)


class Entries(Rule):
    """A list of at most `limit` entries, then checked whole by `then` if given."""

    def __init__(self, limit: int, then: Callable[[Any], Any] | None = None) -> None:
        self.limit, self.then = limit, then

    def after(self, value: Any) -> Any:
        if len(value) > self.limit:
            raise ValueError(f"{len(value)} entries, more than {self.limit}")
        return self.then(value) if self.then else value

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import AfterValidator, BeforeValidator, Field

        # `_listed` after the bound: it wraps the list's schema, whose bound stays the
        # list's own (`maxItems` in the JSON Schema, not a text's `maxLength`).
        return (Field(max_length=self.limit), BeforeValidator(_listed),
                *((AfterValidator(self.then),) if self.then else ()))


def _listed(value: object) -> object:
    """A list (or a tuple) as it stands: the full check's lax list takes a set too (YAML's
    `!!set`), in an order that changes from run to run, and a set is not what the design
    file format has (build's `_sequence` declines it likewise)."""
    if isinstance(value, list | tuple):
        return value
    from pydantic_core import PydanticCustomError

    raise PydanticCustomError("list_type", "Input should be a valid list")


class TextOf(Rule):
    """Text of at most `limit` characters (`check_text`), then checked by `then` if
    given. A bare YAML number (`model: 1`) is taken as the text it was written as."""

    def __init__(self, limit: int, then: Callable[[str], str] | None = None) -> None:
        self.limit, self.then = limit, then

    def before(self, value: object) -> str:
        # Names are text; a bare YAML number (model: 1) is accepted and kept as written
        # (`model: 3.10` as "3.10", not the float's "3.1": the reader keeps the text).
        if isinstance(value, bool):
            # `model: ON`, `chassis: Yes`: YAML 1.1's booleans, not the name written.
            raise ValueError(f"expected text, got {given_shown(value)} (YAML reads yes, no, "
                             "on and off as true or false); put the name in quotes")
        if not isinstance(value, str | int | float):
            raise ValueError(f"expected text, got {given_shown(value)}")
        written = getattr(value, "written", None)
        return check_text(written if isinstance(written, str) else str(value), self.limit,
                          multiline=self.limit > MAX_NAME)

    def after(self, value: str) -> str:
        return self.then(value) if self.then else value

    def exact(self, value: Any) -> str:
        # Printable ASCII within the limit is what `check_text` passes unchanged.
        if type(value) is str and len(value) <= self.limit and value.isascii() \
                and value.isprintable():
            return self.after(value)
        return self.after(self.before(value))

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import AfterValidator, BeforeValidator

        return (BeforeValidator(self.before),
                *((AfterValidator(self.then),) if self.then else ()))


class Pattern(Rule):
    """Text the whole of which matches `pattern`; `what` says in words what that is."""

    def __init__(self, pattern: str, what: str) -> None:
        self.pattern, self.what = pattern, what

    def after(self, value: str) -> str:
        if not re.fullmatch(self.pattern, value):
            raise ValueError(f"expected {self.what}, got {given_shown(value)}")
        return value

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import AfterValidator
        from pydantic import Strict as PydanticStrict

        # Strict: text only (the lax check took YAML's `!!binary` bytes as text). The
        # check is `after`'s, in words: pydantic's said "string should match pattern
        # '^[A-Za-z0-9_]{1,60}$'".
        return PydanticStrict(), AfterValidator(self.after)


class Word(Rule):
    """A type word as players write it: `Endo Steel`, `endo-steel` → `endo_steel`, of 1
    to 40 characters, plain text as every name is (`check_text`)."""

    before = staticmethod(_word)

    def after(self, value: str) -> str:
        if not 1 <= len(value) <= 40:
            raise ValueError(f"{len(value)} characters")
        return _plain_word(value)

    def exact(self, value: Any) -> str:
        value = _word(value)
        if type(value) is not str:
            raise Inexact(f"{value!r} is not a word")
        return self.after(value)

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import AfterValidator, BeforeValidator, Field
        from pydantic import Strict as PydanticStrict

        # Strict: text only (the lax check took YAML's `!!binary` bytes as a word).
        return (PydanticStrict(), BeforeValidator(_word), Field(min_length=1, max_length=40),
                AfterValidator(_plain_word))


def _plain_word(value: str) -> str:
    # A word no table has is named in the ruleset's message ("gyro: … is not in the intro
    # rules"): a bidirectional control in it reordered the line on the page and terminal.
    return check_text(value, 40)


class OnceEach(Rule):
    """A mapping keyed by location names each location once: `left_arm:` and `LA:` in one
    mapping name one location twice, bad input, never one of them silently kept (YAML's
    duplicate-key check sees two keys)."""

    def before(self, value: object) -> object:
        if isinstance(value, dict):
            seen: dict[Location, object] = {}
            for key in value:
                try:
                    location = _location(key) if isinstance(key, str) else None
                except ValueError:
                    continue  # the key's own check names an unknown location
                if location in seen:
                    raise ValueError(f"{seen[location]!r} and {key!r} are the same location; "
                                     "give it once")
                if location is not None:
                    seen[location] = key
        return value

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import BeforeValidator

        return (BeforeValidator(self.before),)


class LocationOf(Rule):
    """A location by its name (`left_arm`, `Left Arm`: `Location.parse`)."""

    before = staticmethod(_location)

    def exact(self, value: Any) -> Location:
        found = _BY_NAME.get(value) if type(value) is str else None
        return found or _location(value)

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import BeforeValidator

        return (BeforeValidator(_location),)


class Tons(Rule):
    """A number of tons, more than 0 and at most `le` (a whole number or not)."""

    def __init__(self, le: int) -> None:
        self.le = le

    def after(self, value: float) -> float:
        if not 0 < value <= self.le:
            raise ValueError(f"{value} is not more than 0 and at most {self.le}")
        return value

    def exact(self, value: Any) -> float:
        # A float as YAML reads it is a `WrittenFloat` (yaml_in.py): a float to the full
        # check, which makes it a plain one; `type(value) is float` declined every design
        # file with `tons: 8.5` to pydantic (imported, a third of the start-up: issue 31).
        if type(value) is int:
            return self.after(value)
        if isinstance(value, float):
            return self.after(float(value))
        raise Inexact(f"{value!r} is not a number")

    def pydantic_type(self, source: Any) -> Any:
        from pydantic import StrictFloat, StrictInt

        return StrictFloat | StrictInt

    def metadata(self) -> tuple[Any, ...]:
        from pydantic import Field

        return (Field(gt=0, le=self.le),)


def _whole(value: object) -> object:
    """`tonnage: 65.0` is the whole number 65 (YAML writes it so when a number was a float
    somewhere): accepted as that number. `65.5` stays a float and is refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


# A location by its own name (`left_arm`) or as players write it (`Location.parse`).
LocationName = Annotated[Location, LocationOf()]
Text = Annotated[str, TextOf(MAX_NAME)]
Note = Annotated[str, TextOf(MAX_NOTE)]
StrictBool = Annotated[bool, Strict()]
# Sanity bounds catch absurd input (tonnage 1e9) as bad input; the construction
# rules (tonnage 20–100 in steps of 5, …) are checked by the validator.
Points = Annotated[int, WholeIn(0, 999)]


# A type word (`xl`, `endo_steel`, `ferro_fibrous`): which words exist is the ruleset's
# table (STANDARD_RULES.md §2–§7), checked by the validator, not here.
TypeWord = Annotated[str, Word()]
# The version of a component whose Inner Sphere and Clan versions differ, on a Mixed
# 'Mech (STANDARD_RULES.md §1.2); None: the chassis's own base.
Tech = Literal["is", "clan"] | None
# Spread items placed by hand: slots per location, or the 1-based slot numbers.
SpreadSlots = Annotated[dict[
    LocationName,
    Annotated[int, WholeIn(0, 12)] | Annotated[
        list[Annotated[int, WholeIn(1, 12)]], Entries(12)]], OnceEach()]


def _shorthand(value: object) -> object:
    """`engine: xl` means `engine: {type: xl}` (STANDARD_RULES.md §14.6)."""
    return {"type": value} if isinstance(value, str) else value


# MegaMek's quirk names are its option keys (`battle_fists_la`, `imp_target_short`):
# kept as MegaMek spells them, for the engines that apply them.
QuirkName = Annotated[str, Pattern(
    r"[A-Za-z0-9_]{1,60}", "MegaMek's name of a quirk (1 to 60 letters, digits or _, as "
    "battle_fists_la)")]
