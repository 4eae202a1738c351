"""Each speed-up gives the same answer as the slow way it replaces: libyaml's C parser
and the pure-Python one read the same data; a unit found from file names is the unit a
scan of the whole library finds; each library file is parsed once."""

from __future__ import annotations

from importlib import resources

import pytest
import yaml
from tests_support import sweep, swept

from mechlab.core.shipped_yaml import Loader, load_shipped
from mechlab.files import library as library_module
from mechlab.files.library import LibraryUnit, _unit_files, find_unit, library
from mechlab.files.load import load_design
from mechlab.files.unit_names import key


def full_scan(name: str) -> LibraryUnit | None:
    """The old `find_unit`: the first unit of the whole sorted library that matches."""
    wanted = key(name)
    return next((u for u in library() if library_module._matches(u, wanted)), None)


def test_the_c_parser_is_used_when_pyyaml_has_it():
    assert Loader is (yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader)


def test_ruleset_table_reads_the_same_with_either_parser():
    text = resources.files("mechlab.rulesets").joinpath("intro.yaml").read_text("utf-8")
    assert load_shipped(text) == yaml.safe_load(text)


@pytest.mark.slow
@sweep
def test_every_library_file_reads_the_same_with_either_parser():
    """And to the design a user's file gives (`load_design`: the reader that keeps line
    numbers and holds the bounds): what the library sweeps judge
    (tests_support.library_assessed takes the library's own designs)."""
    designs = {unit.path: unit.design for unit in library()}
    for path in swept(_unit_files()):
        text = path.read_text("utf-8")
        assert load_shipped(text) == yaml.safe_load(text), path.name
        assert load_design(path) == designs[path], path.name


@pytest.mark.parametrize("name", ["CPLT-C1", "catapult cplt-c1", "Atlas AS7-D",
                                  "heavy-catapult-cplt-c1", "as7d", "D", "Nothing-Like-It"])
def test_lookup_from_file_names_finds_what_a_full_scan_finds(name):
    found = find_unit(name)
    assert found == full_scan(name)
    if found is not None:
        assert found.design == load_design(found.path)  # the design as the file says


@pytest.mark.slow
@sweep
def test_every_unit_is_found_by_model_name_and_stem_as_by_a_full_scan():
    for unit in swept(library()):
        for name in (unit.model, unit.name, unit.path.stem):
            assert find_unit(name) == full_scan(name), name


def test_a_lookup_reads_only_the_files_named_like_the_unit(monkeypatch):
    read: list[str] = []
    original = library_module._read_unit
    monkeypatch.setattr(library_module, "_read_unit",
                        lambda path: read.append(path.name) or original(path))
    library_module.library.cache_clear()
    try:
        assert find_unit("CPLT-C1").model == "CPLT-C1"
    finally:
        library_module.library.cache_clear()
    assert read == ["heavy-catapult-cplt-c1.yaml"]


def test_the_library_parses_each_file_once(monkeypatch):
    parsed: list[int] = []
    monkeypatch.setattr(library_module, "load_shipped",
                        lambda text: parsed.append(1) or load_shipped(text))
    library_module.library.cache_clear()
    try:
        units = library()
    finally:
        library_module.library.cache_clear()
    assert len(parsed) == len(units) == len(_unit_files())
    assert all(u.design is not None and u.design.model == u.model for u in units)
