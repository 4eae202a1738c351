"""The one adapter to pydantic's internals (mechlab/core/pydantic_plugins.py): with every
pydantic plugin switched off, pydantic is told "no plugins" without importing its loader
(and importlib.metadata, ~30 ms of a start-up: issue 31); anywhere else pydantic's own
loader works as published. Each case runs in a fresh interpreter: what it checks is
which modules an interpreter imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VALIDATE = """
import sys
{before}
sys.argv = ["mechlab", "validate", "examples/catapult.yaml"]
from mechlab.cli import main
try:
    main()
except SystemExit as stop:
    code = stop.code
loader = sys.modules["pydantic.plugin._loader"]
print(code, "importlib.metadata" in sys.modules, hasattr(loader, "entry_points"))
"""


def _run(before: str = "", **env: str) -> list[str]:
    environment = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    done = subprocess.run([sys.executable, "-c", VALIDATE.format(before=before)],
                          cwd=ROOT, env=environment | env, capture_output=True, text=True,
                          check=True)
    return done.stdout.split("\n")[-2].split()


def test_with_plugins_off_a_validate_never_imports_importlib_metadata() -> None:
    # mechlab's command line switches plugins off itself (PYDANTIC_DISABLE_PLUGINS unset).
    assert _run() == ["0", "False", "False"]  # legal, judged by pydantic models all the same


def test_a_users_own_plugin_switch_keeps_pydantics_loader() -> None:
    # A value naming plugins (not every one) is the user's: pydantic's loader reads it.
    assert _run(PYDANTIC_DISABLE_PLUGINS="some_plugin") == ["0", "True", "True"]


def test_an_untested_pydantic_version_gets_its_own_loader() -> None:
    untested = "import mechlab.core.pydantic_plugins as adapter; adapter.TESTED = ()"
    assert _run(before=untested) == ["0", "True", "True"]
