"""One crit-slot line of a `.mtf`, its suffixes taken apart (STANDARD_RULES.md §14.4).

Suffixes are stripped from the end in the order MegaMek writes them, case-insensitively:
`(ARMORED)`, `(OMNIPOD)`, `(T)`, `(R)`, `(Split)`; then `:SIZE:x` for variable-size items
(and any suffix written before it).
`A|B` (two items in one slot) is kept in `name`: only superheavy 'Mechs write it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

EMPTY_NAMES = frozenset({"-empty-", "empty", ""})
_SUFFIXES = (
    ("armored", re.compile(r"\s*\(armored\)\s*$", re.IGNORECASE)),
    ("pod", re.compile(r"\s*\(omnipod\)\s*$", re.IGNORECASE)),
    ("turret", re.compile(r"\s*\(T\)\s*$", re.IGNORECASE)),
    ("rear", re.compile(r"\s*\(R\)\s*$", re.IGNORECASE)),
    ("split", re.compile(r"\s*\(Split\)\s*$", re.IGNORECASE)),
)
_SIZE = re.compile(r":SIZE:([0-9.]{1,8})\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Crit:
    """A slot line: the item's name as written, and what the suffixes said."""

    name: str
    armored: bool = False
    pod: bool = False
    turret: bool = False
    rear: bool = False
    split: bool = False
    size: str | None = None  # `:SIZE:2.0`, as written

    @property
    def empty(self) -> bool:
        return self.name.lower() in EMPTY_NAMES


@lru_cache(maxsize=8192)  # a corpus spells its crit lines a few thousand ways, over and over
def read_crit(line: str) -> Crit:
    """`Medium Laser (R) (OMNIPOD)` → Crit('Medium Laser', rear=True, pod=True). The
    suffixes are accepted in any order (mechlab's own older files wrote `(R) (Split)`)."""
    text = line.strip()
    found: dict[str, bool] = {}
    size = None
    changed = True
    while changed:
        changed = False
        for flag, pattern in _SUFFIXES:
            if pattern.search(text):
                text, changed = pattern.sub("", text), True
                found[flag] = True
        # A sized pod item writes its size after the pod suffix (`Liquid Storage (OMNIPOD):
        # SIZE:1.0`, Black Hawk (Nova) U, Turkina U): the suffixes before it are read too.
        if size is None and (match := _SIZE.search(text)):
            size, text, changed = match.group(1), text[: match.start()], True
    return Crit(text.strip(), size=size, **found)
