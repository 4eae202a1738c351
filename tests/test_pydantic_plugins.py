"""The one adapter to pydantic's internals (mechlab/core/pydantic_plugins.py): with every
pydantic plugin switched off, pydantic is told "no plugins" without importing its loader
(and importlib.metadata, ~30 ms of a start-up: issue 31); anywhere else pydantic's own
loader works as published. Each case runs in a fresh interpreter: what it checks is
which modules an interpreter imported. The design validated breaks a bound of the design
file (`tonnage: 0`): pydantic's full check reads it and says so (core/design_schema.py),
where a design every field's rule takes is read without pydantic (core/record.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
VALIDATE = """
import sys
{before}
sys.argv = ["mechlab", "validate", {design!r}]
from mechlab.cli import main
try:
    main()
except SystemExit as stop:
    code = stop.code
loader = sys.modules["pydantic.plugin._loader"]
print(code, "importlib.metadata" in sys.modules, hasattr(loader, "entry_points"))
"""


def _run(tmp_path: Path, before: str = "", **env: str) -> list[str]:
    design = yaml.safe_load((ROOT / "examples" / "catapult.yaml").read_text())
    path = tmp_path / "light.yaml"
    path.write_text(yaml.safe_dump({**design, "tonnage": 0}))
    environment = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    code = VALIDATE.format(before=before, design=str(path))
    done = subprocess.run([sys.executable, "-c", code],
                          cwd=ROOT, env=environment | env, capture_output=True, text=True,
                          check=True)
    return done.stdout.split("\n")[-2].split()


def test_with_plugins_off_a_validate_never_imports_importlib_metadata(tmp_path: Path) -> None:
    # mechlab's command line switches plugins off itself (PYDANTIC_DISABLE_PLUGINS unset).
    assert _run(tmp_path) == ["2", "False", "False"]  # refused by pydantic's full check


def test_a_users_own_plugin_switch_keeps_pydantics_loader(tmp_path: Path) -> None:
    # A value naming plugins (not every one) is the user's: pydantic's loader reads it.
    assert _run(tmp_path, PYDANTIC_DISABLE_PLUGINS="some_plugin") == ["2", "True", "True"]


def test_an_untested_pydantic_version_gets_its_own_loader(tmp_path: Path) -> None:
    untested = "import mechlab.core.pydantic_plugins as adapter; adapter.TESTED = ()"
    assert _run(tmp_path, before=untested) == ["2", "True", "True"]
