"""The library index (`mechlab/library_index.json`): current, used only while it is, and
`mechlab list` prints the same bytes with it as without it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mechlab import library_index
from mechlab.cli import main
from mechlab.files import library as library_module
from mechlab.files.load import load_design
from mechlab.library_index import INDEX_PATH, REGENERATE, generate, listing
from mechlab.model.resolve import resolve
from mechlab.values.bv import battle_value
from mechlab.values.cost import cost

# What `list` never imports while every row is current: the design models and the maths.
HEAVY_MODULES = ("pydantic", "mechlab.core.design", "mechlab.files.design_data",
                 "mechlab.files.load", "mechlab.model.resolve", "mechlab.model.mech",
                 "mechlab.values.bv", "mechlab.values.cost")


@pytest.fixture
def fresh_listing():
    """`listing()` recomputed for the test, and forgotten after it."""
    listing.cache_clear()
    yield listing
    listing.cache_clear()


@pytest.fixture
def units_copy(tmp_path, monkeypatch, fresh_listing):
    """A copy of the unit library that the test may edit, in place of the bundled one."""
    copy = tmp_path / "units"
    shutil.copytree(library_module.units_dir(), copy)
    original = library_module.data_dir
    monkeypatch.setattr(library_module, "data_dir",
                        lambda name: copy if name == "units" else original(name))
    return copy


@pytest.mark.slow
def test_the_shipped_index_is_current():
    shipped = INDEX_PATH.read_text(encoding="utf-8").splitlines()
    fresh = generate().splitlines()
    stale = [line for line in fresh if line not in set(shipped)]
    gone = [line for line in shipped if line not in set(fresh)]
    assert shipped == fresh, (
        f"{INDEX_PATH.name} is stale ({len(stale)} new or changed lines, {len(gone)} gone; "
        f"first: {(stale or gone)[0][:200]}); regenerate it: {REGENERATE}")


def bv_and_cost(path: Path) -> tuple[int, int]:
    """What `mechlab bv FILE` computes: independent of the index and of `list`."""
    mech = resolve(load_design(path))
    return battle_value(mech).base, cost(mech).total


def test_an_edited_unit_is_computed_and_the_others_come_from_the_index(units_copy):
    edited = units_copy / "heavy-catapult-cplt-c1.yaml"
    text = edited.read_text(encoding="utf-8")
    assert "heat_sinks: 15" in text
    edited.write_text(text.replace("heat_sinks: 15", "heat_sinks: 14"), encoding="utf-8")
    entries = {e.unit.path.name: e for e in listing()}
    catapult = entries[edited.name]
    assert (catapult.bv, catapult.cost) == bv_and_cost(edited)
    assert (catapult.bv, catapult.cost) != (1399, 5790125)  # the printed design's values
    assert catapult.unit.design is not None  # read from the file, not from its stale row
    from_index = [name for name, e in entries.items() if e.unit.design is None]
    assert len(from_index) == len(entries) - 1


def test_an_added_unit_is_listed_with_computed_values_and_a_removed_one_is_gone(units_copy):
    added = units_copy / "heavy-catapult-cplt-x1.yaml"
    text = (units_copy / "heavy-catapult-cplt-c1.yaml").read_text(encoding="utf-8")
    added.write_text(text.replace("model: CPLT-C1", "model: CPLT-X1"), encoding="utf-8")
    (units_copy / "assault-atlas-as7-d.yaml").unlink()
    entries = {e.unit.label: e for e in listing()}
    assert (entries["CPLT-X1"].bv, entries["CPLT-X1"].cost) == bv_and_cost(added)
    assert "AS7-D" not in entries and "AS7-D (Danielle)" in entries


def test_other_data_than_the_index_was_made_from_makes_every_row_stale(monkeypatch):
    assert library_index.current_rows()
    monkeypatch.setattr(library_index, "__version__", "0.0.0-other")
    assert library_index.current_rows() == {}


def test_a_broken_index_file_is_ignored_not_fatal(tmp_path, monkeypatch):
    fingerprint = library_index.data_fingerprint()
    for text in ("{not json", '{"fingerprint": 3}', "[]", "",
                 f'{{"fingerprint": "{fingerprint}", "units": [3, {{"path": "x.yaml"}}]}}'):
        (tmp_path / "index.json").write_text(text, encoding="utf-8")
        monkeypatch.setattr(library_index, "INDEX_PATH", tmp_path / "index.json")
        assert library_index.current_rows() == {}


LIST_ARGS = [[], ["--sort", "bv"], ["--sort", "cost", "--reverse"], ["--sort", "name"],
             ["--class", "heavy", "--min-bv", "1000"], ["--ruleset", "1984"],
             ["--source", "3039", "--max-cost", "5000000", "--sort", "bv", "--reverse"],
             ["--min-tons", "40", "--max-tons", "55", "--max-bv", "1200"]]


def list_outputs() -> list[str]:
    runner = CliRunner()
    results = [runner.invoke(main, ["list", *args]) for args in LIST_ARGS]
    assert all(r.exit_code == 0 for r in results), [r.output for r in results]
    return [r.output for r in results]


def test_list_prints_the_same_with_and_without_the_index(tmp_path, monkeypatch, fresh_listing):
    with_index = list_outputs()
    assert all(e.unit.design is None for e in listing())  # every row was current
    listing.cache_clear()
    monkeypatch.setattr(library_index, "INDEX_PATH", tmp_path / "no-index.json")
    without = list_outputs()
    assert all(e.unit.design is not None for e in listing())  # every unit computed
    assert with_index == without
    assert with_index[0].splitlines()[-1] == f"{len(library_module._unit_files())} units"


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_listing_from_a_current_index_imports_no_design_model_or_maths(tmp_path):
    code = ("import sys\nfrom mechlab.cli import main\n"
            "try:\n    main(['list', '--sort', 'bv'])\nexcept SystemExit:\n    pass\n"
            f"print(sorted(m for m in {HEAVY_MODULES!r} if m in sys.modules), file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=tmp_path)  # the installed copy, if there is one
    assert run.stdout.splitlines()[-1].endswith(" units")
    assert run.stderr.strip() == "[]"


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_the_fingerprint_covers_every_data_file_the_values_are_read_from(tmp_path):
    """Audit every file opened while computing values (a fresh process: no table cached);
    a data file of the package outside `data_files()` would let rows go stale unseen."""
    code = (
        "import json, os, sys\nopened = []\n"
        "sys.addaudithook(lambda e, a: opened.append(a[0]) if e == 'open' else None)\n"
        "import mechlab\nfrom mechlab.files.library import find_unit, units_dir\n"
        "from mechlab.library_index import data_files, unit_values\n"
        "for name in ('AS7-D', 'CPLT-C1', 'battledroids/ARC-2R'):\n"
        "    unit_values(find_unit(name))\n"
        "print(json.dumps({'package': os.path.dirname(mechlab.__file__),\n"
        "    'units': str(units_dir()), 'data_files': [str(p) for p in data_files()],\n"
        "    'opened': [os.fspath(p) for p in opened if isinstance(p, str | os.PathLike)]}))\n")
    # Run where the user's `mechlab` runs: outside the checkout (an installed copy if any),
    # with no shipped table's cache to read (they are looked for under an empty prefix, and
    # none is written): every data file is opened.
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path / "no-caches"),
           "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=tmp_path, env=env)
    seen = json.loads(run.stdout)
    package, units = Path(seen["package"]).resolve(), Path(seen["units"]).resolve()
    opened = {Path(p).resolve() for p in seen["opened"]}
    data = {p for p in opened if p.is_relative_to(package) and not p.is_relative_to(units)
            and p.suffix not in (".py", ".pyc") and p.is_file()}
    assert data, "no data file seen: the audit is broken"
    assert data <= {Path(p).resolve() for p in seen["data_files"]}
