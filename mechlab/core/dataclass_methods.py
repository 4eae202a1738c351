"""The one adapter to the internals of the standard library's `dataclasses` (architecture:
libraries through their public API; where speed needs internals, one adapter module with
its tested version range).

Python 3.11 and 3.12 compile each method of a dataclass from its own source text, one
`exec` a method: a frozen dataclass pays six (`__init__`, `__repr__`, `__eq__`,
`__hash__`, `__setattr__`, `__delattr__`), and the 48 that `mechlab check` of one file
defines took 123 M of its 668 M instructions (callgrind; issue 31: the start-up every
`-j` worker waits for). Most of those methods are never called in a run: nothing prints a
`Slot`'s repr or assigns to a frozen `Weapon`. `install()` has `dataclasses` make every
method but `__init__` of mechlab's own dataclasses (modules `mechlab.…`) on first call:
the same source text, compiled then, which takes the stand-in's place on its class. Every
other module's dataclasses are made as the standard library makes them.

It acts only on the Python versions it was read against and tested with (`TESTED`;
tests/test_dataclass_methods.py), whose `_create_fn(name, args, body, *, globals, locals,
return_type)` compiles one method; Python 3.13 compiles a class's methods in one `exec`
already, and any other version gets the standard library's own.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from typing import Any

# Python versions whose `dataclasses._create_fn` this was read against and tested with.
TESTED = ((3, 11), (3, 12))
_EAGER = ("__init__",)  # compiled at once: a class's signature is its __init__'s


def install() -> bool:
    """Make mechlab's dataclass methods on first call (where tested); True if installed."""
    create = getattr(dataclasses, "_create_fn", None)
    if sys.version_info[:2] not in TESTED or create is None:
        return False
    if getattr(create, "__wrapped__", None) is not None:
        return True  # installed already
    # The internals this adapter is for (TESTED above).
    dataclasses._create_fn = _on_first_call(create)  # type: ignore[attr-defined]  # noqa: SLF001
    return True


def _on_first_call(create: Callable[..., Any]) -> Callable[..., Any]:
    def create_fn(name: str, args: list[str], body: list[str], **options: Any) -> Any:
        module = str((options.get("globals") or {}).get("__name__", ""))
        if name in _EAGER or not module.startswith("mechlab."):
            return create(name, args, body, **options)
        return _stand_in(create, name, args, body, options)

    create_fn.__wrapped__ = create  # type: ignore[attr-defined]
    return create_fn


def _stand_in(create: Callable[..., Any], name: str, args: list[str], body: list[str],
              options: dict[str, Any]) -> Callable[..., Any]:
    """A method that compiles the real one on its first call, puts it on the class in
    its place, and calls it."""
    made: list[Callable[..., Any]] = []

    def method(*given: Any, **named: Any) -> Any:
        if not made:
            real = create(name, list(args), list(body), **dict(options))
            real.__qualname__ = method.__qualname__
            made.append(real)
            for owner in type(given[0]).__mro__:
                if owner.__dict__.get(name) is method:
                    type.__setattr__(owner, name, real)
        return made[0](*given, **named)

    method.__name__ = name
    return method
