"""Registries keyed by a class: a subclass gets what its nearest registered ancestor has
unless it registers its own (Battledroids, a kind of Intro, values as Intro does)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def for_class(registry: Mapping[type, T], obj: object) -> T:
    """The entry of `obj`'s class, or of its nearest ancestor along the MRO."""
    for cls in type(obj).__mro__:
        if cls in registry:
            return registry[cls]
    raise KeyError(f"nothing registered for {type(obj).__name__}")
