"""Helpers shared by test modules (importable: tests/ is on sys.path under pytest)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from mechlab.files.load import design_from_dict
from mechlab.model.resolve import resolve
from mechlab.validate import Finding, validate


def mutate(design: dict[str, Any], changes: Iterable[Callable[[dict[str, Any]], None]]
           ) -> list[Finding]:
    """Apply changes to a design dict, then validate it."""
    for change in changes:
        change(design)
    return validate(resolve(design_from_dict(design)))
