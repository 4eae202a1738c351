"""A `Design` from data, and the errors bad input raises: the part of reading a design
that both the YAML reader (`mechlab.files.load`) and the MegaMek importer (`mechlab.files.mtf`)
need, below both of them (no load ⇄ mtf import cycle).

Every error a user can cause becomes a `DesignError` naming the file, the field and
the fix.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mechlab.core.design import MAX_ENTRIES, Design, design_of
from mechlab.core.equipment import UnknownItemError
from mechlab.core.errors import DesignError
from mechlab.core.given import given_shown, number_as_text
from mechlab.core.record import Record, field_hints
from mechlab.rulesets import UnknownRulesetError, get_ruleset

if TYPE_CHECKING:  # pydantic only for data the full check reads (core/design_schema.py)
    from pydantic import ValidationError


class UnsupportedTechnologyError(DesignError):
    """A design using technology outside the ruleset (Clan, XL engines, …): not a
    rules violation and not a crash; `item` names the first unsupported item."""

    code = "UNSUPPORTED-TECH"

    def __init__(self, source: str, item: str) -> None:
        super().__init__(source, [f"{self.code}: technology outside the Introductory rules: "
                                  f"{item} (mechlab cannot build this design)"])
        self.item = item


class RefusedDesignError(UnsupportedTechnologyError):
    """A design using technology beyond the ruleset's rules level (STANDARD_RULES.md
    §0.2–0.3): one line naming the first such component or item, never a pile of
    findings (`mechlab check` counts it unsupported). `code` is R-COMPONENT or R-ITEM."""

    def __init__(self, source: str, code: str, path: str, text: str, least: str | None
                 ) -> None:
        what_to_do = f"use ruleset: {least}" if least else "mechlab cannot build it yet"
        DesignError.__init__(self, source, [f"{code} {path}: {text} ({what_to_do})"])
        self.code = code
        self.item = text.split(": ", 1)[-1]


# A design is a few KB (the largest corpus .mtf is under 20 KB): anything bigger is
# not a design, and is refused before it is read whole.
MAX_FILE_BYTES = 1_000_000


def read_design_bytes(path: Path, what: str = "design file") -> bytes:
    """The bytes of a design file (or a state file, force file, unit list: `what`, as the
    messages name it): a regular file of at most MAX_FILE_BYTES, read with a bound (never
    /dev/zero or a pipe to the end of time)."""
    source = str(path)
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise DesignError(source, [f"is a directory, not a {what}"])
        if not stat.S_ISREG(info.st_mode):
            raise DesignError(source, ["is not a regular file (a device or a pipe?); "
                                       f"give a {what}"])
        if info.st_size > MAX_FILE_BYTES:
            raise _too_big(source, what)
        with open(path, "rb") as handle:
            # The size it has, and a byte more to see it grow: `read(MAX_FILE_BYTES + 1)`
            # made a 1 MB buffer for every few-KB file (issue 31: 3 % of `check`). A file
            # that grew (or a /proc file, size 0) is read on, within the same bound.
            raw = handle.read(info.st_size + 1)
            if len(raw) > info.st_size:
                raw += handle.read(MAX_FILE_BYTES + 1 - len(raw))
    except FileNotFoundError:
        if os.path.islink(path):  # found by a folder walk (check): no name to look up
            raise DesignError(source, [f"a symbolic link to {os.readlink(path)!r}, which "
                                       "does not exist; mend or remove the link"]) from None
        raise DesignError(
            source, ["no such file (check the path, or name a library unit: mechlab list)"]
        ) from None
    except IsADirectoryError:
        raise DesignError(source, [f"is a directory, not a {what}"]) from None
    except OSError as exc:
        raise DesignError(source, [f"cannot be read: {exc.strerror}"]) from None
    if len(raw) > MAX_FILE_BYTES:  # it grew while we looked
        raise _too_big(source, what)
    return raw


def _too_big(source: str, what: str) -> DesignError:
    return DesignError(source, [f"larger than {MAX_FILE_BYTES // 1_000_000} MB: a {what} "
                                "is a few KB; is this the right file?"])


def design_from_dict(data: dict[str, Any], source: str = "<design>",
                     validated: Design | None = None) -> Design:
    """Validate shapes and types, then that the ruleset and every item exist. `validated`:
    the `Design` this very data was validated into already (the `.mtf` reader's), so its
    shapes are not validated twice."""
    for field in ("equipment", "known_violations"):
        entries = data.get(field)
        if isinstance(entries, list | tuple) and len(entries) > MAX_ENTRIES:
            # Refused before validating them one by one (110,000 entries, 110,000 errors).
            raise DesignError(source, [f"{field}: {len(entries):,} entries, more than the "
                                       f"{MAX_ENTRIES} allowed (a 'Mech has 78 critical slots)"])
    design = validated or _validated(data, source)
    try:
        ruleset = get_ruleset(design.ruleset)
    except UnknownRulesetError as exc:
        raise DesignError(source, [f"ruleset: {exc}"]) from None
    problems = []
    for index, entry in enumerate(design.equipment):
        try:
            item = ruleset.catalog.lookup(entry.item, design.tech_base)
            problems += _size_problems(index, entry, item)
        except UnknownItemError as exc:
            problems.append(f"equipment[{index}].item: {exc}{_what_exists(exc, ruleset)}")
        except ValueError as exc:
            problems.append(f"equipment[{index}].item: {exc}")
    chosen = ruleset.design_problems(design)
    if chosen:
        least = _least_admitting(design)
        problems += [f"{problem}; use ruleset: {least}" if least else problem
                     for problem in chosen]
    if problems:
        raise DesignError(source, problems)
    refusals = ruleset.refusals(design)
    if refusals:
        raise RefusedDesignError(source, *refusals[0], _least_admitting(design))
    return design


def _validated(data: dict[str, Any], source: str) -> Design:
    """The design of the data (`design_of`), its errors in words."""
    try:
        return design_of(data)
    except ValueError as exc:
        from mechlab.core.design_schema import ValidationError

        if not isinstance(exc, ValidationError):
            raise
        raise DesignError(source, [_problem(err) for err in _merge_misspellings(exc)]) from None


def _least_admitting(design: Design) -> str | None:
    """The least ruleset on the ladder whose rules have everything the design uses (what
    to set `ruleset:` to), None when none has."""
    from mechlab.rulesets import least_admitting

    least = least_admitting(lambda ruleset: design)
    return None if least.admission_problems(design) else least.name


def _size_problems(index: int, entry: Any, item: Any) -> list[str]:
    """A size the item needs and lacks, or has and cannot take (tech/EQUIPMENT.md `size`:
    cargo, liquid storage; `size: 7` on CASE would be ignored: never silently)."""
    formulas = f"{item.weapon.tons_formula} {item.weapon.slots_formula}"
    sized = "size" in formulas
    if sized and item.size is None and entry.size is None:
        return [f"equipment[{index}].size: {item.name} comes in sizes; give its tons (size: 1)"]
    if entry.size is not None and not sized:
        return [f"equipment[{index}].size: {item.name} has no size (only items that come in "
                "sizes, as cargo, take one); remove it"]
    return []


def _what_exists(exc: UnknownItemError, ruleset: Any) -> str:
    """Nothing spelt close to the unknown item: say what the ruleset's table holds."""
    if exc.suggestions:
        return ""
    names = [weapon.name for weapon in ruleset.catalog.weapons]
    if len(names) > 30:
        # Too many to list in one line: `mechlab items` searches the table.
        return (f"; not on the {ruleset.name} ruleset's equipment table "
                f"(`mechlab items --ruleset {ruleset.name} WORD` searches it)")
    return f"; the {ruleset.name} ruleset's items: {', '.join(names)}"


def _merge_misspellings(exc: ValidationError) -> list[Any]:
    """A misspelt field is one mistake, not two: drop the "missing" error of the field
    that an unknown field beside it was probably meant to be."""
    errors = _one_per_union(_keys_named(exc.errors()))
    meant = {
        (*err["loc"][:-1], close)
        for err in errors if err["type"] == "extra_forbidden"
        for close in [_closest(err["loc"])] if close
    }
    return [err for err in errors if not (err["type"] == "missing" and err["loc"] in meant)]


def _keys_named(errors: list[Any]) -> list[Any]:
    """A mapping key that is no text (`2020-01-01:`, `null:`) is named by the message
    ("got 2020-01-01, a date to YAML"), not in the path as pydantic writes it
    ("armor.slots.datetime.date(2020, 1, 1)"); what its value lacks goes unsaid (the key
    names nothing)."""
    bad = {err["loc"][:err["loc"].index("[key]")] for err in errors
           if "[key]" in err["loc"] and not isinstance(err.get("input"), str)}
    named = []
    for err in errors:
        loc = err["loc"]
        key = next((loc[:len(at)] for at in bad if loc[:len(at)] == at), None)
        if key is None:
            named.append(err)
        elif "[key]" in loc:
            named.append({**err, "loc": key[:-1] + loc[len(key):]})
    return named


# A value that may take one of several shapes (a spread item's `slots`: a count, or a
# list of slot numbers; `tons`: a number) is tried against each, and pydantic reports
# one error per shape with the shape's internal name in the path
# (`function-after[functools.partial(<function less_than_or_equal_validator …`).
_TYPE_ERRORS = {"int_type": "a whole number", "int_parsing": "a whole number",
                "int_from_float": "a whole number", "float_type": "a number",
                "float_parsing": "a number", "list_type": "a list", "tuple_type": "a list",
                "string_type": "text", "bool_type": "true or false",
                "dict_type": "a mapping", "model_type": "a mapping"}


def _is_shape(part: object) -> bool:
    """A union member's tag in an error's path, not a field, key or index."""
    return isinstance(part, str) and ("[" in part or part in ("int", "float", "str", "bool"))


def _one_per_union(errors: list[Any]) -> list[Any]:
    """The errors of the shape the value was meant to have, the shape tags dropped from
    their paths: a list of slot numbers says what is wrong inside it (`[0]: must be at
    most 12`); a value of none of the shapes gets one error naming them all ("expected a
    whole number or a list")."""
    kept: list[Any] = []
    unions: dict[tuple[Any, ...], dict[str, list[Any]]] = {}
    for err in errors:
        loc = err["loc"]
        cut = next((i for i, part in enumerate(loc) if _is_shape(part)), None)
        if cut is None or err["type"] == "extra_forbidden":
            kept.append(err)
            continue
        # A shape the value has: the error is inside it, or is not about its type.
        inside = len(loc) > cut + 1 or err["type"] not in _TYPE_ERRORS
        unions.setdefault(loc[:cut], {}).setdefault(loc[cut], []).append(
            ({**err, "loc": tuple(p for p in loc if not _is_shape(p))}, inside))
    for at, shapes in unions.items():
        found = [e for errs in shapes.values() if any(i for _, i in errs) for e, _ in errs]
        if found:
            kept.extend(found)
            continue
        first = next(iter(shapes.values()))[0][0]
        named = list(dict.fromkeys(_TYPE_ERRORS[e["type"]] for errs in shapes.values()
                                   for e, _ in errs))
        if "a number" in named and "a whole number" in named:
            named.remove("a whole number")
        given = given_shown(first.get("input"))
        if {"a number", "a whole number"} & set(named):
            given += number_as_text(first.get("input"))
        kept.append({**first, "loc": at, "type": "value_error",
                     "msg": f"expected {' or '.join(named)}, got {given}"})
    return kept




def _problem(err: Any) -> str:
    """One pydantic error as 'field: what is wrong — what to do'."""
    loc = err["loc"]
    path = _path(loc)
    kind = err["type"]
    if kind == "extra_forbidden":
        return f"{path}: unknown field{_did_you_mean(loc)}; remove or rename it"
    if kind == "missing":
        return f"{path}: required field is missing; add it"
    if kind == "invalid_key":  # `1: x`, `null: x`: pydantic said "keys should be strings"
        return (f"{_path(loc[:-1])}: {given_shown(err.get('input'))} is not a field name; "
                "remove or rename it")
    given = err.get("input")
    if kind == "value_error":
        message = err["msg"].removeprefix("Value error, ")
        # A design-wide check names its fields itself ("(top level): a quad has no such
        # location: structure.slots.left_arm" said nothing "(top level)" adds).
        return f"{path}: {message}" if loc else message
    expected = (_EXPECTED.get(kind) or _limit(kind, err.get("ctx") or {})
                or _plain(err["msg"]))
    if kind in _MAPPING_TYPES and (shape := _mapping_shape(loc)):
        expected = f"expected a mapping {shape}"
    if isinstance(given, dict | list | tuple) or kind in ("too_long", "too_short"):
        return f"{path}: {expected}"
    hint = number_as_text(given) if kind in _NUMBER_TYPES else ""
    return f"{path}: {expected}, got {given_shown(given)}{hint}"


_NUMBER_TYPES = ("int_type", "int_parsing", "int_from_float", "float_type", "float_parsing")


def _plain(message: str) -> str:
    """pydantic's sentence as the rest of the line says things ("expected 'biped' or
    'quad'", "string should match pattern '^[A-Za-z0-9_]{1,60}$'"): never lowercased
    whole, which would change what it quotes."""
    message = message.replace("Input should be", "expected")
    return message[:1].lower() + message[1:]


def _limit(kind: str, ctx: dict[str, Any]) -> str | None:
    """A bound the value breaks, in words: "must be at most 12", "at most 40 characters"."""
    if kind in _BOUNDS and ctx:
        return f"{_BOUNDS[kind]} {next(iter(ctx.values()))}"
    if kind in ("too_long", "too_short"):
        what = "characters" if ctx.get("field_type") == "Value" else "entries"
        most = "at most" if kind == "too_long" else "at least"
        limit = ctx.get("max_length" if kind == "too_long" else "min_length")
        what = what.removesuffix("s").replace("entrie", "entry") if limit == 1 else what
        return f"must have {most} {limit} {what}, not {ctx.get('actual_length')}"
    return None


_EXPECTED = {
    "int_type": "expected a whole number (no quotes, no decimals)",
    "int_parsing": "expected a whole number (no quotes, no decimals)",
    "int_from_float": "expected a whole number (no decimals)",
    "bool_type": "expected true or false",
    "float_type": "expected a number",
    "float_parsing": "expected a number",
    "string_type": "expected text",
    "model_type": "expected a mapping of fields",
    "model_attributes_type": "expected a mapping of fields",
    "dict_type": "expected a mapping of fields",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
}
_MAPPING_TYPES = ("model_type", "model_attributes_type", "dict_type")


def _mapping_shape(loc: tuple[Any, ...]) -> str | None:
    """What the mapping at `loc` looks like: a torso's armor is `{front: N, rear: N}`."""
    model: Any = Design
    for part in loc:
        if isinstance(part, int):
            continue
        model = _model_in(field_hints(model).get(part) if _is_record(model) else None)
        if model is None:
            return None
    from typing import Annotated, get_args, get_origin

    def placeholder(annotation: Any) -> str:
        if get_origin(annotation) is Annotated:  # the type its rule is about
            annotation = get_args(annotation)[0]
        kinds = {annotation, *get_args(annotation)}
        return "true/false" if bool in kinds else "N" if int in kinds else "…"

    fields = [(name, placeholder(hint)) for name, hint in list(field_hints(model).items())[:4]]
    return "{" + ", ".join(f"{name}: {value}" for name, value in fields) + "}"


_BOUNDS = {
    "greater_than_equal": "must be at least",
    "greater_than": "must be more than",
    "less_than_equal": "must be at most",
    "less_than": "must be less than",
}


def _path(loc: tuple[Any, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def _did_you_mean(loc: tuple[Any, ...]) -> str:
    close = _closest(loc)
    return f" (did you mean {close!r}?)" if close else ""


def _closest(loc: tuple[Any, ...]) -> str | None:
    """The nearest allowed field name for a misspelt one."""
    model: Any = Design
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        model = _model_in(field_hints(model).get(part))
        if model is None:
            return None
    import difflib  # only when a field is misspelt (start-up: issue 31)

    close = difflib.get_close_matches(str(loc[-1]), list(model.record_fields), n=1,
                                    cutoff=0.6)
    return close[0] if close else None


def _model_in(annotation: Any) -> Any:
    from typing import get_args

    candidates = [annotation, *get_args(annotation)]
    for arg in list(candidates):
        candidates.extend(get_args(arg))
    for candidate in candidates:
        if _is_record(candidate):
            return candidate
    return None


def _is_record(candidate: Any) -> bool:
    return isinstance(candidate, type) and issubclass(candidate, Record)
