"""A split weapon's two parts in a `.mtf`: each part's crit run, joined to its partner.

The reader (`slots.py`) writes the joined weapon so: the part read first carries `split:`
naming the other.
"""

from __future__ import annotations

from typing import Any

from mechlab.core.locations import ADJACENT, Location

# A part awaiting its partner: its design entry, the slots it has here, the weapon's size.
SplitPart = tuple[dict[str, Any], int, int]


def pair_split(partials: list[SplitPart], entry: dict[str, Any], run: int, size: int,
               adjacent_only: bool = True) -> bool:
    """Join this part of a split weapon to its waiting part in another location (RULES.md
    1.6, STANDARD_RULES.md §9.5: an adjacent one; with `adjacent_only` False any other, for
    the validator's E-SPLIT to judge). True when a partner was found (and taken off
    `partials`)."""
    here = Location(entry["location"])
    for i, (other, other_run, _) in enumerate(partials):
        there = Location(other["location"])
        if (other["item"] == entry["item"] and other_run + run == size and here != there
                and (not adjacent_only or frozenset((here, there)) in ADJACENT)):
            other["split"] = {"location": here.value, "slots": run, "slot": entry["slot"]}
            del partials[i]
            return True
    return False
