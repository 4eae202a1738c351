"""How a message names a value a file gave: short, and in the words of the file's format
(YAML's `true`, `null`, `.nan`, a date as written), never Python's repr of what the
reader made of it (`True`, `datetime.date(2020, 1, 1)`, a set in hash order)."""

from __future__ import annotations

import datetime
import re


def given_shown(value: object) -> str:
    """A value a file gave, as a message names it: short, in YAML's words where Python's
    repr would say what the user never wrote (`True`, `None`, a set's order, `b'..'`,
    `datetime.date(…)`)."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, set | frozenset):
        return "a set"
    if isinstance(value, bytes | bytearray):
        return "bytes"
    if isinstance(value, dict | list | tuple):
        return type(value).__name__
    if isinstance(value, datetime.date):
        # `model: 2020-01-01` is a date to YAML, never the text written.
        return f"{value.isoformat()}, a date to YAML (put it in quotes)"
    written = getattr(value, "written", None)  # a YAML float as written (`.nan`, `1.50`)
    text = written if isinstance(written, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def number_as_text(value: object) -> str:
    """Where a number goes, text YAML 1.1 read from a number in exponent form (`1e2`: its
    floats have a dot and a signed exponent) and how to write it; "" for any other value.
    "expected a whole number (no quotes…), got '1e2'" told a file that wrote no quotes to
    remove them."""
    if isinstance(value, str) and _EXPONENT.fullmatch(value.strip()):
        return f", text to YAML (write {_yaml_number(float(value))})"
    return ""


_EXPONENT = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)[eE][-+]?\d{1,2}")  # a float's range


def _yaml_number(number: float) -> str:
    """`number` as YAML 1.1 reads it: 100, 0.0015, 1.0e+20."""
    if number.is_integer() and abs(number) < 1e18:
        return str(int(number))
    shown = repr(number)
    mantissa, exponent = shown.split("e") if "e" in shown else (shown, "")
    if exponent and "." not in mantissa:
        mantissa += ".0"
    return f"{mantissa}e{exponent}" if exponent else mantissa
