"""Rulesets: construction tables (one data file each) plus the rules that differ.

Chosen by name or alias the way python-chess finds a variant:
`get_ruleset("battledroids")`, `get_ruleset("1984")`. `Ruleset` (base.py) answers
every rule-dependent question; `Intro` and `Battledroids` override what their book
changes. The public API others use:

- identity: `name`, `aliases`, `title`, `rules` (rule codes, in report order);
- tables: `tonnages`, `structure(t)`, `structure_tons(t)`, `engines`, `catalog`,
  `heat_scale`, `consciousness`, `costs` / `battle_value_data` /
  `pilot_skill_multipliers` (None when the book has none; see `has_battle_value`,
  `has_cost`);
- facts: see the class attributes of `Ruleset` (slot counts, fixed components,
  free sinks, armor caps, movement heat, sheet texts, pilot defaults, ...).
"""

from __future__ import annotations

from functools import cache

from mechlab.rulesets.base import EngineRow, Ruleset
from mechlab.rulesets.battledroids import Battledroids
from mechlab.rulesets.intro import Intro
from mechlab.rulesets.standard import Standard

__all__ = [
    "RULESETS", "Battledroids", "EngineRow", "Intro", "Ruleset", "Standard",
    "UnknownRulesetError",
    "get_ruleset", "ruleset_names",
]

DEFAULT = Intro.name
RULESETS: tuple[type[Ruleset], ...] = (Intro, Battledroids, Standard)


class UnknownRulesetError(ValueError):
    pass


def ruleset_names() -> list[str]:
    return [cls.name for cls in RULESETS]


@cache
def get_ruleset(name: str = DEFAULT) -> Ruleset:
    """The ruleset called `name` or one of its aliases (case-insensitive)."""
    key = name.strip().lower()
    for cls in RULESETS:
        if key == cls.name or key in cls.aliases:
            return _instance(cls)
    known = ", ".join(f"{c.name} ({', '.join(c.aliases)})" for c in RULESETS)
    raise UnknownRulesetError(f"unknown ruleset {name!r}; known rulesets: {known}")


@cache
def _instance(cls: type[Ruleset]) -> Ruleset:
    return cls()
