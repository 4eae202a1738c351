"""The rules levels (issue 26): their words, their order and a design's `RulesLevel`.

MegaMek's rules levels (TechManual p. 33 ff., Interstellar Operations pp. 33–34):
Introductory (1) ⊂ Standard (2) ⊂ Advanced (3) ⊂ Experimental (4). A design's level is
the highest level of its parts (`Part`), computed in content_level.py.

The level is the *static* one (MegaMek's rules when "variable tech level" is off, the
level MegaMekLab writes in a file's `rules level:` line; tech/PROGRESSION.md's check of 200
corpus files: the declared levels follow the static levels, not the year-based ones). The
year gives the level under Interstellar Operations' variable tech levels (pp. 33–34:
each part at its stage in the design's year, progression.py), reported beside it. This
module imports nothing of the rulesets, so that every one of them may name these words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

# In order: each admits the ones before it (intro ⊂ standard ⊂ advanced ⊂ experimental).
LEVELS = ("introductory", "standard", "advanced", "experimental")
TITLES = {"introductory": "Introductory", "standard": "Standard", "advanced": "Advanced",
          "experimental": "Experimental"}
# The tables' words (standard.yaml `level`, equipment.tsv `rules_level`) → the level.
_WORDS = {"intro": "introductory", "introductory": "introductory", "standard": "standard",
          "advanced": "advanced", "experimental": "experimental"}
# MegaMek's numbers, as a `.mtf` `rules level:` line writes them (5 is Unofficial).
NUMBERS = {1: "introductory", 2: "standard", 3: "advanced", 4: "experimental"}
UNOFFICIAL = "unofficial"


def level_of(word: str) -> str:
    """The level a table's word names (`intro` → `introductory`)."""
    return _WORDS[word.lower()]


def rank(level: str) -> int:
    """1 for introductory … 4 for experimental (MegaMek's numbers); 5 for unofficial."""
    return LEVELS.index(level) + 1 if level in LEVELS else 5


def word_level(word: str) -> str:
    """The level a progression stage's word names (`intro` → `introductory`); unofficial
    for any other word."""
    return _WORDS.get(word, UNOFFICIAL)


def declared_level(number: int) -> str:
    """The level a file's `rules level:` number declares (5 and above: unofficial)."""
    return NUMBERS.get(number, UNOFFICIAL)


def title(level: str) -> str:
    return TITLES.get(level, level.title())


@dataclass(frozen=True)
class RulesLevel:
    """A design's rules level and the parts that set it (none when introductory)."""

    level: str
    set_by: tuple[str, ...] = ()
    # IO pp. 33–34: the level in the design's year (None: the design states no year).
    in_year: str | None = None

    @property
    def number(self) -> int:
        return rank(self.level)

    @property
    def title(self) -> str:
        return title(self.level)

    def above(self, level: str) -> bool:
        return rank(self.level) > rank(level)

    def named(self) -> str:
        """`Standard (set by ER Large Laser, Double heat sinks)`."""
        if not self.set_by:
            return self.title
        return f"{self.title} (set by {', '.join(self.set_by)})"


@dataclass(frozen=True)
class Part:
    """One part of a design as the level computation sees it: its name, its (static)
    level, the design path that chooses it, and its progression ids (catalogue/)."""

    name: str
    level: str
    path: str
    progression: tuple[str, ...] = ()
    item: str | None = None  # the name the design lists, for an item


class ArmorableSlot(Protocol):
    """A critical slot as the armored-component rule reads it (ADVANCED_COMPONENTS.md §5):
    what it holds and whether it is armored (the model's `Slot` is one)."""

    @property
    def name(self) -> str: ...

    @property
    def armored(self) -> bool: ...

