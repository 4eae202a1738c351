"""The one adapter to the standard library's dataclass internals
(mechlab/core/dataclass_methods.py): mechlab's dataclasses have their methods but
`__init__` compiled on first call, and behave exactly as the standard library's; every
other module's dataclasses are made as the standard library makes them. The oracle is
the same class made by the standard library alone, in a module outside mechlab."""

from __future__ import annotations

import copy
import dataclasses
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
