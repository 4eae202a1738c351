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

A stand-in is what the standard library would have made, as far as anything looks at it
before calling it: the same name, qualified name, module (a method can be pickled by
reference) and parameters (`inspect.signature`, and the `TypeError` of a wrong call); only
its code differs (`inspect.getsource` finds this module's), and the class's attribute is
another object after the first call. `__repr__` stays behind `recursive_repr`'s wrapper,
which the class keeps: a new wrapper would not know the repr it is inside of, and a
recursive structure's repr would recurse without end. A method whose parameters are not
among `_SHAPES`, or with a return annotation, is compiled at once.

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

Method = Callable[..., Any]
RealFor = Callable[[Any], Method]  # given the instance: the real method, compiled once


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


def _on_first_call(create: Method) -> Method:
    def create_fn(name: str, args: list[str], body: list[str], **options: Any) -> Any:
        module = str((options.get("globals") or {}).get("__name__", ""))
        shape = _SHAPES.get(tuple(args))
        if (name in _EAGER or shape is None or not module.startswith("mechlab.")
                or "return_type" in options):
            return create(name, args, body, **options)
        return _stand_in(create, name, args, body, options, shape, module)

    create_fn.__wrapped__ = create  # type: ignore[attr-defined]
    return create_fn


def _stand_in(create: Method, name: str, args: list[str], body: list[str],
              options: dict[str, Any], shape: Callable[[RealFor], Method],
              module: str) -> Method:
    """A method with the real one's parameters that compiles the real one on its first
    call, puts it on the class in its place, and calls it."""
    made: list[Method] = []

    def real_for(instance: Any) -> Method:
        if not made:
            real = create(name, list(args), list(body), **dict(options))
            real.__qualname__ = method.__qualname__
            made.append(real)
        # Wherever the instance's class finds the stand-in (its own class, or a class
        # that took it under its name: `__hash__ = Base.__hash__`), the real one.
        for owner in type(instance).__mro__:
            if owner.__dict__.get(name) is method:
                type.__setattr__(owner, name, made[0])
        return made[0]

    method = shape(real_for)
    method.__name__ = name
    # As `_create_fn`'s own: `dataclasses` names a method put on its class after the
    # class (`_set_qualname`), and `__repr__` it wraps (`_recursive_repr`) keeps this.
    method.__qualname__ = f"__create_fn__.<locals>.{name}"
    method.__module__ = module
    method.__annotations__ = {}
    return method


# The parameters of each method but `__init__` that Python 3.11 and 3.12 compile, by name
# (a stand-in has the same, so a wrong call fails as the real method's would).
def _self(real_for: RealFor) -> Method:
    def method(self: Any) -> Any:  # __repr__, __hash__
        return real_for(self)(self)
    return method


def _self_other(real_for: RealFor) -> Method:
    def method(self: Any, other: Any) -> Any:  # __eq__, __lt__, __le__, __gt__, __ge__
        return real_for(self)(self, other)
    return method


def _self_name(real_for: RealFor) -> Method:
    def method(self: Any, name: Any) -> Any:  # __delattr__ of a frozen class
        return real_for(self)(self, name)
    return method


def _self_name_value(real_for: RealFor) -> Method:
    def method(self: Any, name: Any, value: Any) -> Any:  # __setattr__ of a frozen class
        return real_for(self)(self, name, value)
    return method


_SHAPES: dict[tuple[str, ...], Callable[[RealFor], Method]] = {
    ("self",): _self, ("self", "other"): _self_other, ("self", "name"): _self_name,
    ("self", "name", "value"): _self_name_value}
