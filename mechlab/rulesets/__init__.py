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

from typing import TYPE_CHECKING, Any

from mechlab.rulesets.base import EngineRow, Ruleset
from mechlab.rulesets.registry import (
    DEFAULT,
    UnknownRulesetError,
    catalogue_ruleset,
    get_ruleset,
    ladder,
    least_admitting,
    ruleset_class,
    ruleset_classes,
    ruleset_names,
    value_tables,
)

if TYPE_CHECKING:
    from mechlab.rulesets.advanced import Advanced
    from mechlab.rulesets.battledroids import Battledroids
    from mechlab.rulesets.experimental import Experimental
    from mechlab.rulesets.intro import Intro
    from mechlab.rulesets.standard import Standard

    RULESETS: tuple[type[Ruleset], ...]

__all__ = [
    "DEFAULT", "RULESETS", "Advanced", "Battledroids", "EngineRow", "Experimental", "Intro",
    "Ruleset", "Standard", "UnknownRulesetError",
    "catalogue_ruleset", "get_ruleset", "ladder", "least_admitting", "ruleset_names",
    "value_tables",
]


def __getattr__(name: str) -> Any:
    """`RULESETS` and the classes by name, each module imported on first use."""
    if name == "RULESETS":
        return ruleset_classes()
    cls = ruleset_class(name)
    if cls is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return cls
