"""ALPHA_STRIKE.md §5.2's table (alpha_strike_weapons.tsv): each level-1/2 weapon's base
values by the equipment table's tech base and name, read exactly."""

from __future__ import annotations

import csv
from fractions import Fraction
from functools import cache

from mechlab.cards.as_unit import Bands
from mechlab.core.shipped_yaml import shipped_text


class MissingWeaponValues(KeyError):
    """A weapon the standard ruleset accepts but the table lacks: a table bug (§10)."""


def _bands(text: str) -> Bands | None:
    if not text:
        return None
    s, m, l = (Fraction(v) for v in text.split("/"))  # noqa: E741
    return s, m, l


Row = tuple[Fraction, Bands, Bands | None, Bands | None]


@cache
def table() -> dict[tuple[str, str], Row]:
    """(tech, name) → (heat, base values, values with Artemis IV or None, values with a PPC
    capacitor or None)."""
    # Found by path, as the rulesets' tables are: importing `importlib.resources`
    # (zipfile, tempfile, shutil) cost a `card` run's start more than reading the file.
    text = shipped_text(__package__ or "mechlab.cards", "alpha_strike_weapons.tsv")
    rows = csv.DictReader((line for line in text.splitlines() if not line.startswith("#")),
                          delimiter="\t")
    out = {}
    for r in rows:
        base = (Fraction(r["s"]), Fraction(r["m"]), Fraction(r["l"]))
        # the capacitor column is written only on the PPCs' rows (csv gives None elsewhere)
        out[(r["tech"], r["name"])] = (Fraction(r["heat"]), base, _bands(r["artemis"]),
                                       _bands(r["capacitor"] or ""))
    return out


def values(tech: str, name: str) -> Row:
    """A weapon's row; a one-shot launcher takes its launcher's (`SRM 4 (OS)` → `SRM 4`)."""
    bare = name.removesuffix(" (I-OS)").removesuffix(" (OS)")
    for key in ((tech, bare), ("All", bare)):
        if key in table():
            return table()[key]
    raise MissingWeaponValues(f"no Alpha Strike values for {tech} {name!r}")
