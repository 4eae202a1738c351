"""The one adapter to the standard library's dataclass internals
(mechlab/core/dataclass_methods.py): mechlab's dataclasses have their methods but
`__init__` compiled on first call, and behave exactly as the standard library's; every
other module's dataclasses are made as the standard library makes them. The oracle is
the same class made by the standard library alone, in a module outside mechlab."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from mechlab.core import dataclass_methods
from mechlab.core.findings import Finding, Severity

SOURCE = '''
from __future__ import annotations
import dataclasses

@dataclasses.dataclass(frozen=True, order=True)
class Slot:
    location: str
    index: int
    name: str = "Roll Again"
    tags: tuple[str, ...] = ()

@dataclasses.dataclass
class Sheet:
    title: str
    pages: list[int] = dataclasses.field(default_factory=list)
'''


def _module(name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    sys.modules[name] = module  # dataclasses reads the module's globals from here
    exec(compile(SOURCE, name, "exec"), module.__dict__)
    return module


MINE = _module("mechlab.dataclass_methods_case")  # made by the adapter
THEIRS = _module("dataclass_methods_case")  # made by the standard library alone


def _stand_in(cls: type, name: str) -> bool:
    return cls.__dict__[name].__code__.co_name == "method"


def test_installed_on_the_tested_versions() -> None:
    assert dataclass_methods.install() is (sys.version_info[:2] in dataclass_methods.TESTED)


@pytest.mark.skipif(sys.version_info[:2] not in dataclass_methods.TESTED,
                    reason="the adapter acts only on the Python versions it was tested with")
def test_a_mechlab_dataclass_compiles_a_method_on_its_first_call() -> None:
    fresh = _module("mechlab.dataclass_methods_fresh")
    assert not _stand_in(fresh.Slot, "__init__")
    assert _stand_in(fresh.Slot, "__eq__") and _stand_in(fresh.Slot, "__hash__")
    assert fresh.Slot("head", 1) == fresh.Slot("head", 1)
    assert not _stand_in(fresh.Slot, "__eq__")  # the real method took its place
    assert _stand_in(fresh.Slot, "__hash__")  # not called yet
    assert not any(_stand_in(THEIRS.Slot, name) for name in ("__eq__", "__hash__", "__repr__"))


def _behaviour(module: types.ModuleType) -> list[Any]:
    slot, other = module.Slot("head", 1, tags=("a",)), module.Slot("head", 2)
    seen: list[Any] = [repr(slot), slot == module.Slot("head", 1, tags=("a",)), slot == other,
                       slot != other, slot < other, slot >= other,
                       hash(slot) == hash(module.Slot("head", 1, tags=("a",))),
                       sorted([other, slot]) == [slot, other], slot == ("head", 1),
                       dataclasses.astuple(slot), dataclasses.replace(slot, index=3).index]
    for attempt in (lambda: setattr(slot, "index", 5), lambda: delattr(slot, "name")):
        with pytest.raises(dataclasses.FrozenInstanceError) as raised:
            attempt()
        seen.append(str(raised.value))
    sheet = module.Sheet("Atlas")
    sheet.pages.append(1)
    seen += [repr(sheet), sheet == module.Sheet("Atlas", [1]), module.Sheet.__hash__ is None]
    return seen


def test_methods_made_on_first_call_behave_as_the_standard_librarys() -> None:
    assert _behaviour(MINE) == _behaviour(THEIRS)


def test_mechlab_records_pickle_copy_and_compare_as_before() -> None:
    finding = Finding(code="E-ARMOR-CAP", severity=Severity.ERROR, path="left_arm",
                      message="22 armor > 20")
    for again in (pickle.loads(pickle.dumps(finding)), copy.deepcopy(finding),
                  dataclasses.replace(finding)):
        assert again == finding and hash(again) == hash(finding)
        assert repr(again) == repr(finding)
    assert "E-ARMOR-CAP" in repr(finding)


def test_an_untested_python_gets_the_standard_librarys_dataclasses() -> None:
    """With its version not among TESTED, `install` changes nothing (run in a fresh
    interpreter, the adapter loaded alone: importing mechlab installs it)."""
    path = Path(dataclass_methods.__file__)
    code = f"""
import dataclasses, importlib.util, sys
spec = importlib.util.spec_from_file_location("adapter", {str(path)!r})
adapter = importlib.util.module_from_spec(spec)
spec.loader.exec_module(adapter)
adapter.TESTED = ()
before = getattr(dataclasses, "_create_fn", None)  # Python 3.13 has none
print(adapter.install(), getattr(dataclasses, "_create_fn", None) is before)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False", "True"]


# What else a dataclass may be (review of the adapter against 3.11's and 3.12's
# dataclasses.py): slots, recursion in repr, inheritance, cached_property, __post_init__
# with an InitVar, __init_subclass__, unsafe_hash, kw_only, Generic, an abstract base, a
# class made in a function and one made by make_dataclass. Each is made twice from this
# text, as SOURCE is: by the adapter and by the standard library alone.
MORE = '''
from __future__ import annotations
import abc
import dataclasses
import functools
from typing import Generic, TypeVar

T = TypeVar("T")

@dataclasses.dataclass(frozen=True, slots=True)
class Pip:
    location: str
    points: int = 0

@dataclasses.dataclass(slots=True, order=True)
class Tally:
    name: str
    count: int = 0

@dataclasses.dataclass
class Node:
    name: str
    children: list[Node] = dataclasses.field(default_factory=list)

@dataclasses.dataclass(frozen=True)
class Base:
    tons: int

@dataclasses.dataclass(frozen=True)
class Derived(Base):
    name: str = "x"

class Plain(Base):
    """Not a dataclass: Base's methods are its own."""
    def __eq__(self, other):
        return isinstance(other, Plain) and super().__eq__(other)
    __hash__ = Base.__hash__

@dataclasses.dataclass(frozen=True)
class Cached:
    tons: int
    @functools.cached_property
    def doubled(self) -> int:
        return self.tons * 2

@dataclasses.dataclass
class Posted:
    tons: int
    half: float = dataclasses.field(init=False)
    scale: dataclasses.InitVar[int] = 1
    def __post_init__(self, scale: int) -> None:
        self.half = self.tons * scale / 2

REGISTERED: list[str] = []

class Registering:
    def __init_subclass__(cls, **options):
        super().__init_subclass__(**options)
        REGISTERED.append(cls.__qualname__)

@dataclasses.dataclass(frozen=True)
class Registered(Registering):
    code: str

@dataclasses.dataclass(unsafe_hash=True)
class Hashed:
    a: int
    notes: list[str] = dataclasses.field(default_factory=list, hash=False, compare=False)

@dataclasses.dataclass(frozen=True, kw_only=True)
class Keyed:
    a: int
    b: int = 2

@dataclasses.dataclass(frozen=True)
class Box(Generic[T]):
    item: T

class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self) -> int: ...

@dataclasses.dataclass(frozen=True)
class Square(Shape):
    side: int
    def area(self) -> int:
        return self.side ** 2

def local_class():
    @dataclasses.dataclass(frozen=True)
    class Local:
        x: int
    return Local

# Python 3.11 names make_dataclass's class after `types` unless told its module.
Made = dataclasses.make_dataclass(
    "Made", [("x", int), ("y", int, dataclasses.field(default=0))], frozen=True,
    namespace={"__module__": __name__})
'''


def _more(name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    sys.modules[name] = module
    exec(compile(MORE, name, "exec"), module.__dict__)
    return module


def _raised(attempt: Any) -> tuple[str, str] | None:
    try:
        attempt()
    except Exception as exc:
        return type(exc).__name__, str(exc)
    return None


def _round_trips(value: Any) -> list[Any]:
    """Pickled (as the -j workers hand results back), copied, deep-copied: equal, of the
    same class, with the same repr."""
    seen = []
    for again in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        seen += [type(again) is type(value), again == value, repr(again) == repr(value)]
    return seen


def _more_behaviour(module: types.ModuleType) -> list[Any]:
    m = module
    pip, tally = m.Pip("head", 3), m.Tally("hits", 2)
    node = m.Node("root")
    node.children.append(node)  # repr of a recursive structure: `...`, not RecursionError
    plain, derived = m.Plain(50), m.Derived(50, "y")
    cached, posted, hashed = m.Cached(4), m.Posted(10, scale=3), m.Hashed(1, ["a"])
    local = m.local_class()
    seen: list[Any] = [
        repr(pip), pip == m.Pip("head", 3), hash(pip) == hash(m.Pip("head", 3)),
        _raised(lambda: setattr(pip, "points", 1)), _raised(lambda: delattr(pip, "points")),
        _raised(lambda: setattr(pip, "other", 1)), hasattr(pip, "__dict__"),
        *_round_trips(pip), repr(tally), tally < m.Tally("hits", 3), *_round_trips(tally),
        repr(node), repr(m.Node("leaf", [m.Node("x")])),
        repr(derived), derived == m.Derived(50, "y"), derived == m.Base(50),
        m.Base(50) == derived, hash(derived) == hash(m.Derived(50, "y")),
        plain == m.Plain(50), plain == m.Base(50), repr(plain), hash(plain) == hash(m.Base(50)),
        _raised(lambda: setattr(plain, "tons", 1)), _raised(lambda: setattr(plain, "extra", 1)),
        getattr(plain, "extra", None), *_round_trips(derived), *_round_trips(plain),
        cached.doubled, cached.__dict__.get("doubled"), repr(cached), cached == m.Cached(4),
        *_round_trips(cached), repr(posted), posted.half, *_round_trips(posted),
        dataclasses.replace(posted, scale=1).half, list(m.REGISTERED),
        repr(m.Registered("E")), *_round_trips(m.Registered("E")),
        hash(hashed) == hash(m.Hashed(1, ["b"])), hashed == m.Hashed(1, ["b"]),
        repr(m.Keyed(a=1)), m.Keyed(a=1) == m.Keyed(a=1, b=2), m.Keyed.__match_args__,
        _raised(lambda: m.Keyed(1)), repr(m.Box[int](3)), m.Box(3) == m.Box[int](3),
        hash(m.Box(3)) == hash(m.Box[int](3)), repr(m.Square(2)), m.Square(2).area(),
        m.Square.__abstractmethods__, _raised(m.Shape), *_round_trips(m.Square(2)),
        repr(local(1)), local(1) == local(1), hash(local(1)) == hash(local(1)),
        _raised(lambda: setattr(local(1), "x", 2)), _raised(lambda: pickle.dumps(local(1)))[0],
        repr(m.Made(1)), m.Made(1) == m.Made(1, 0), *_round_trips(m.Made(1, 2)),
        _raised(lambda: setattr(m.Made(1), "y", 2)), m.Made.__match_args__,
        repr(dataclasses.replace(m.Made(1), y=5)), dataclasses.astuple(m.Made(1)),
        dataclasses.asdict(derived), [f.name for f in dataclasses.fields(derived)],
        m.Tally.__match_args__, m.Pip.__slots__, m.Tally.__slots__]
    match derived:
        case m.Derived(tons, name):
            seen.append((tons, name))
    match pip:
        case m.Pip(location=where, points=3):
            seen.append(where)
    return seen


def test_slots_inheritance_and_the_rest_behave_as_the_standard_librarys() -> None:
    assert _more_behaviour(_more("mechlab.dataclass_methods_more")) == _more_behaviour(
        _more("dataclass_methods_more"))


def _outside(module: types.ModuleType) -> list[Any]:
    """What anything may see of a class's methods before one is called: name, qualified
    name, module, parameters, a method pickled by reference, the error of a wrong call."""
    seen: list[Any] = []
    for cls, name in ((module.Slot, "__eq__"), (module.Slot, "__lt__"),
                      (module.Slot, "__hash__"), (module.Slot, "__repr__"),
                      (module.Slot, "__setattr__"), (module.Slot, "__delattr__"),
                      (module.Sheet, "__repr__"), (module.Sheet, "__eq__")):
        method = cls.__dict__[name]
        inner = getattr(method, "__wrapped__", method)  # __repr__: recursive_repr's wrapper
        seen.append([name, method.__name__, method.__qualname__, inner.__qualname__,
                     method.__module__ == module.__name__, inner.__module__ == module.__name__,
                     str(inspect.signature(method)), method.__doc__, method.__defaults__,
                     method.__kwdefaults__, inspect.get_annotations(inner),
                     pickle.loads(pickle.dumps(method)) is method,
                     _raised(method), _raised(lambda m=method: m(1, 2, 3, 4))])
    slot = module.Slot("head", 1)
    seen += [module.Slot.__eq__(self=slot, other=slot), module.Slot.__hash__(self=slot)
             == hash(slot), _raised(lambda: module.Slot.__setattr__(slot, "index"))]
    return seen


def test_a_method_not_yet_called_looks_as_the_standard_librarys() -> None:
    """Before its first call a stand-in has the real method's name, qualified name,
    module, signature and wrong-call errors, and pickles by reference as it does."""
    mine = _module("mechlab.dataclass_methods_outside")
    assert _outside(mine) == _outside(_module("dataclass_methods_outside"))


@pytest.mark.skipif(sys.version_info[:2] not in dataclass_methods.TESTED,
                    reason="the adapter acts only on the Python versions it was tested with")
def test_a_method_called_unbound_on_a_subclass_takes_its_place_on_the_base() -> None:
    more = _more("mechlab.dataclass_methods_unbound")
    assert _stand_in(more.Base, "__eq__")
    assert more.Base.__eq__(more.Plain(1), more.Plain(1)) is True
    assert not _stand_in(more.Base, "__eq__")
    # One stand-in under two names (Plain's `__hash__ = Base.__hash__`): called on a Base
    # it takes its place on Base, and on Plain when called on a Plain.
    assert more.Plain.__dict__["__hash__"] is more.Base.__dict__["__hash__"]
    base = hash(more.Base(1))
    assert not _stand_in(more.Base, "__hash__") and _stand_in(more.Plain, "__hash__")
    assert hash(more.Plain(1)) == base
    assert more.Plain.__dict__["__hash__"] is more.Base.__dict__["__hash__"]  # the real one


def test_on_an_untested_python_mechlabs_dataclasses_are_the_standard_librarys() -> None:
    """Python 3.13 (and any version outside TESTED): `install` returns False and
    mechlab's dataclasses have the standard library's methods from the start."""
    if sys.version_info[:2] in dataclass_methods.TESTED:
        pytest.skip("the adapter acts on this version")
    assert dataclass_methods.install() is False
    assert getattr(getattr(dataclasses, "_create_fn", None), "__wrapped__", None) is None
    assert not any(_stand_in(Finding, name) for name in ("__eq__", "__hash__", "__setattr__"))
    assert not _stand_in(MINE.Slot, "__eq__")
