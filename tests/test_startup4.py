"""Issue 31, lane startup4: what the rulesets share at start-up (typed once for the process)
is what each ruleset would have typed from its own data file; `check` lists a folder as
pathlib's walk did."""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest
from tests_support import SHARED

from mechlab.check import design_files
from mechlab.core.text import _escapes, shown
from mechlab.files.inputs import DESIGN_SUFFIXES
from mechlab.rulesets import get_ruleset
from mechlab.rulesets.base import _engines
from mechlab.rulesets.data import load_table
from mechlab.rulesets.standard import Standard
from mechlab.rulesets.standard.catalog import StandardCatalog
from mechlab.rulesets.standard.components import _component, fraction, unit_types

CORPUS = SHARED / "corpus" / "megamek-mtf"
# Names as designs and MegaMek files write them: rows, spellings, lots, one-shots, prefixes.
NAMES = ("Medium Laser", "ISERLargeLaser", "CLERLargeLaser", "Ammo (LRM 15)", "LRM 15 (OS)",
         "IS Ammo MG - Half", "Clan ER Medium Laser", "Heat Sink", "Jump Jet", "Hatchet")
STANDARD_FAMILY = ("standard", "advanced", "experimental")
COMPONENT_TABLES = ("config_types", "unit_sizes", "structure_types", "engine_types",
                    "gyro_types", "cockpit_types", "ejection_types", "armor_types",
                    "heat_sink_types", "myomer_types")


def _standard(name: str) -> Standard:
    ruleset = get_ruleset(name)
    assert isinstance(ruleset, Standard)
    return ruleset


@pytest.mark.parametrize("name", STANDARD_FAMILY)
def test_the_shared_catalogue_is_the_one_the_rulesets_own_tables_make(name: str) -> None:
    ruleset = _standard(name)
    data = load_table(ruleset.data_file)
    own = StandardCatalog(
        [*data["construction"], *data.get("more_construction", ())],
        {alias: n for n, aliases in data["spellings"].items() for alias in aliases},
        data["component_spellings"], ruleset.catalog_rules,
        frozenset(data["derived"]["fires_like_a_weapon"]), data["display_names"],
        data["table_formulas"])
    shared = ruleset.items
    assert shared is not own
    for attribute in ("rows", "construction_rows", "order", "tech", "spellings", "components",
                      "spread", "fed_ids", "ammo_rows"):
        assert getattr(shared._index, attribute) == getattr(own._index, attribute), attribute
    assert shared.rules == own.rules and shared._weapon_like == own._weapon_like
    assert shared.weapons == own.weapons
    assert [shared.lookup(n) for n in NAMES] == [own.lookup(n) for n in NAMES]


def test_the_three_standard_rulesets_share_one_catalogue() -> None:
    catalogues = {id(_standard(name).catalog) for name in STANDARD_FAMILY}
    assert len(catalogues) == 1


@pytest.mark.parametrize("name", STANDARD_FAMILY)
def test_shared_component_tables_are_the_ones_typed_from_the_rulesets_own_rows(name: str
                                                                               ) -> None:
    ruleset = _standard(name)
    data = load_table(ruleset.data_file)
    for table in COMPONENT_TABLES:
        typed = getattr(ruleset, table)
        assert typed == {key: _component(key, row) for key, row in data[table].items()}, table
    assert ruleset.unit_types == unit_types(data["unit_types"])


def test_rows_a_ruleset_changes_are_typed_anew_and_the_rest_shared() -> None:
    standard, advanced = _standard("standard"), _standard("advanced")
    shared = [key for key in standard.armor_types
              if load_table(standard.data_file)["armor_types"][key]
              is load_table(advanced.data_file)["armor_types"].get(key)]
    assert shared  # advanced.yaml leaves most armor rows as standard.yaml states them
    for key in shared:
        assert advanced.armor_types[key] is standard.armor_types[key]
    for key, row in load_table(advanced.data_file)["armor_types"].items():
        assert advanced.armor_types[key] == _component(key, row)


@pytest.mark.parametrize("name", ("intro", "battledroids", *STANDARD_FAMILY))
def test_the_engine_table_is_the_one_typed_from_the_rulesets_own_file(name: str) -> None:
    ruleset = get_ruleset(name)
    assert ruleset.engines == _engines(load_table(ruleset.data_file)["engines"])


def test_a_standard_catalogue_is_the_equipment_table_not_intros() -> None:
    for name in STANDARD_FAMILY:
        ruleset = _standard(name)
        assert ruleset.catalog is ruleset.items
        assert ruleset.catalog.lookup("ER Large Laser", "clan").weapon.tech_base == "Clan"


@pytest.mark.parametrize("name", ("intro", *STANDARD_FAMILY))
def test_the_pilot_skill_table_is_the_one_read_from_the_rulesets_own_file(name: str) -> None:
    ruleset = get_ruleset(name)
    rows = load_table(ruleset.data_file)["pilot_skill_multipliers"]
    assert ruleset.pilot_skill_multipliers == tuple(
        tuple(Fraction(str(m)) for m in row) for row in rows)


def test_component_numbers_read_once_are_the_numbers_written() -> None:
    assert fraction("3/40") == Fraction(3, 40)
    assert fraction(0.5) == Fraction(1, 2)
    assert fraction(16) == Fraction(16) and fraction(16) is fraction(16)
    with pytest.raises(ValueError):
        fraction(True)  # a flag is no number, even where 1 was read before


def _rglob_listing(folder: Path) -> list[Path]:
    """What `design_files` listed before (issue 31), written as it was: pathlib's walk."""
    return sorted(p for p in folder.rglob("*") if p.suffix.lower() in DESIGN_SUFFIXES
                  and not p.is_dir())


def test_design_files_lists_what_a_pathlib_walk_lists_in_its_order(tmp_path: Path) -> None:
    root = tmp_path / "designs"
    (root / "a-b").mkdir(parents=True)
    (root / "a" / "deep" / "er").mkdir(parents=True)
    (root / ".hidden").mkdir()
    for name in ("a-b/x.mtf", "a/x.MTF", "a/deep/er/z.yaml", "a/deep/y.yml", ".hidden/h.mtf",
                 ".dot.mtf", ".mtf", "trailing.", "notes.txt", "B.Yaml", "b.yaml",
                 "two.dots.mtf", "ünïcode.mtf"):
        (root / name).write_text("x", encoding="utf-8")
    (root / "folder.mtf").mkdir()  # a folder with a design's suffix: not listed
    (root / "folder.mtf" / "inside.mtf").write_text("x", encoding="utf-8")
    (root / "link-to-folder").symlink_to(root / "a")  # a link to a folder: not entered
    (root / "link.mtf").symlink_to(root / "b.yaml")
    (root / "broken.mtf").symlink_to(root / "nowhere.mtf")
    (root / "loop.mtf").symlink_to(root / "loop.mtf")
    os.mkfifo(root / "pipe.mtf")
    listed = design_files(root)
    assert listed == _rglob_listing(root)
    assert root / "pipe.mtf" in listed and root / "folder.mtf" not in listed
    assert not any("link-to-folder" in p.parts for p in listed)


def test_design_files_lists_the_corpus_as_a_pathlib_walk_does() -> None:
    assert design_files(CORPUS) == _rglob_listing(CORPUS)


def test_printable_text_is_shown_as_written_and_only_unprintable_text_is_escaped() -> None:
    # `shown` skips its table for printable text: exact only while every character the
    # table escapes is one Python does not print.
    escaped = _escapes()
    assert escaped and all(not chr(code).isprintable() for code in escaped)
    assert shown("Atlas AS7-D (Ünïcode) ☢") == "Atlas AS7-D (Ünïcode) ☢"
    assert shown("a\x1b[2Jb\u202ec\udcff\x7f") == "a\\x1b[2Jb\\u202ec\\udcff\\x7f"
