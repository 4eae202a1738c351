"""The ruleset registry: each ruleset found by name or alias, one instance per class, and
MegaMek's rules-level ladder (intro ⊂ standard ⊂ advanced ⊂ experimental).

A ruleset's module, and the data it reads, is imported only when a design or a command
names it (issue 31: an Introductory design does not pay for the Standard tables at
start-up). The modules of this package import the registry from here, never from the
package (`mechlab.rulesets` re-exports it), so that no import cycle runs through it.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from mechlab.rulesets.base import Ruleset

if TYPE_CHECKING:
    from collections.abc import Callable

    from mechlab.core.design import Design

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


def ruleset_classes() -> tuple[type[Ruleset], ...]:
    """Every ruleset class, in registry order (each module imported now)."""
    return tuple(_classes())


def ruleset_class(name: str) -> type[Ruleset] | None:
    """The class registered under this class name (`Standard`), imported now; None if none."""
    for module, attribute in _REGISTRY:
        if name == attribute:
            cls: type[Ruleset] = getattr(importlib.import_module(module), attribute)
            return cls
    return None


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


def value_tables(ruleset: Ruleset) -> Ruleset:
    """The ruleset whose catalogue and component tables type a design of this book for its
    values and cards (`Ruleset.valued_by`; itself when None)."""
    return ruleset if ruleset.valued_by is None else get_ruleset(ruleset.valued_by)
