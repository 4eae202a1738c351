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

import importlib
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from mechlab.rulesets.base import EngineRow, Ruleset

if TYPE_CHECKING:
    from collections.abc import Callable

    from mechlab.core.design import Design
    from mechlab.rulesets.advanced import Advanced
    from mechlab.rulesets.battledroids import Battledroids
    from mechlab.rulesets.experimental import Experimental
    from mechlab.rulesets.intro import Intro
    from mechlab.rulesets.standard import Standard

    RULESETS: tuple[type[Ruleset], ...]

__all__ = [
    "RULESETS", "Advanced", "Battledroids", "EngineRow", "Experimental", "Intro", "Ruleset",
    "Standard", "UnknownRulesetError",
    "catalogue_ruleset", "get_ruleset", "ladder", "least_admitting", "ruleset_names",
]

# The registry, in report order: (module, class). A ruleset's module, and the data it
# reads, is imported only when a design or a command names it (issue 31: an Introductory
# design does not pay for the Standard tables at start-up); `RULESETS`, `Intro`,
# `Standard`… import them on first use.
_REGISTRY = (("mechlab.rulesets.intro", "Intro"),
             ("mechlab.rulesets.battledroids", "Battledroids"),
             ("mechlab.rulesets.standard", "Standard"),
             ("mechlab.rulesets.advanced", "Advanced"),
             ("mechlab.rulesets.experimental", "Experimental"))
DEFAULT = "intro"  # Intro.name (tests/test_rulesets.py holds them equal)


def _classes() -> Iterator[type[Ruleset]]:
    """The ruleset classes in registry order, each imported when reached."""
    for module, name in _REGISTRY:
        cls: type[Ruleset] = getattr(importlib.import_module(module), name)
        yield cls


def __getattr__(name: str) -> Any:
    if name == "RULESETS":
        return tuple(_classes())
    for module, attribute in _REGISTRY:
        if name == attribute:
            return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class UnknownRulesetError(ValueError):
    pass


def ruleset_names() -> list[str]:
    return [cls.name for cls in _classes()]


@cache
def get_ruleset(name: str = DEFAULT) -> Ruleset:
    """The ruleset called `name` or one of its aliases (case-insensitive)."""
    key = name.strip().lower()
    for cls in _classes():
        if key == cls.name or key in cls.aliases:
            return _instance(cls)
    known = ", ".join(f"{c.name} ({', '.join(c.aliases)})" for c in _classes())
    raise UnknownRulesetError(f"unknown ruleset {name!r}; known rulesets: {known}")


@cache
def ladder() -> tuple[Ruleset, ...]:
    """The rulesets on MegaMek's rules-level ladder, least first: intro ⊂ standard ⊂
    advanced ⊂ experimental (the 1984 rules are on no level). Built once: each ruleset
    is one instance for the process (`_instance`), and `check` asks for the ladder ~20
    times a design (issue 31)."""
    on = [cls for cls in _classes() if cls.ladder_level is not None]
    return tuple(_instance(cls) for cls in sorted(on, key=lambda c: c.ladder_level or 0))


def catalogue_ruleset() -> Ruleset:
    """The ruleset whose tables hold every item mechlab knows (the reader names items by
    them before it knows which ruleset admits the design): the top of the ladder."""
    return ladder()[-1]


def least_admitting(design_for: Callable[[Ruleset], Design | None]) -> Ruleset:
    """The least ruleset on the ladder that admits a design (every component and item on
    its level), `design_for(ruleset)` being the design in that ruleset's words (None: it
    cannot say it); when none admits it, the least of those that come closest (fewest
    problems), whose findings then name what is beyond it."""
    best: tuple[int, Ruleset] | None = None
    for ruleset in ladder():
        design = design_for(ruleset)
        if design is None:
            continue
        problems = len(ruleset.admission_problems(design))
        if problems == 0:
            return ruleset
        if best is None or problems < best[0]:
            best = (problems, ruleset)
    return catalogue_ruleset() if best is None else best[1]


_INSTANCES: dict[type[Ruleset], Ruleset] = {}


def _instance(cls: type[Ruleset]) -> Ruleset:
    """One instance per class, whichever name or alias asked for it."""
    if cls not in _INSTANCES:
        _INSTANCES[cls] = cls()
    return _INSTANCES[cls]
