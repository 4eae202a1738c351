"""The one adapter to pydantic's internals (architecture: libraries through their public
API; where speed needs internals, one adapter module with its tested version range).

mechlab's models use no pydantic plugin, and the command line turns the plugin search off
with pydantic's documented switch (`PYDANTIC_DISABLE_PLUGINS=__all__`, mechlab/cli). Even
so, the first model that pydantic builds imports its plugin loader, whose first line
imports `importlib.metadata` (and with it zipfile, email, csv …): about 33 ms of CPU, a
tenth of a `mechlab validate` of one design (issue 31: start-up, docs/benchmarks.md).
With the switch on, that loader's one answer is "no plugins". `install()` puts a finder
on the import path that, when pydantic imports that loader, gives it a module answering
the same without the import.

The finder acts only on the pydantic versions it was tested with (`TESTED`: there
`plugin._schema_validator` imports nothing but `get_plugins` from the loader), and only
while the switch disables every plugin; otherwise pydantic imports its own loader.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # importing importlib.abc costs a start-up what this module saves
    from importlib.abc import Loader

# pydantic major.minor versions whose plugin loader this was read against and tested with
# (tests/test_pydantic_plugins.py): 2.14.4.
TESTED = ("2.14",)
LOADER = "pydantic.plugin._loader"
_ALL_OFF = ("__all__", "1", "true")  # pydantic's values that disable every plugin


class NoPluginsFinder:
    """A meta path finder and loader for pydantic's plugin loader alone."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname != LOADER or not applies():
            return None
        return ModuleSpec(fullname, cast("Loader", self))  # a loader by its two methods

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        module.get_plugins = no_plugins  # type: ignore[attr-defined]


def applies() -> bool:
    """Whether every plugin is switched off and this pydantic is a tested version (when
    pydantic imports its loader, `pydantic.version` is already imported)."""
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in _ALL_OFF:
        return False
    from pydantic.version import VERSION

    return ".".join(VERSION.split(".")[:2]) in TESTED


def no_plugins() -> Iterable[object]:
    """pydantic's `get_plugins()` with every plugin switched off."""
    return ()


def install() -> None:
    """Put the finder first on `sys.meta_path` (once)."""
    if not any(isinstance(finder, NoPluginsFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, NoPluginsFinder())
