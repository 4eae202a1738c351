"""The design models as plain records (core/record.py, issue 31): read without pydantic,
and the same designs pydantic's full check gives (core/design_schema.py).

`build` checks a reader's data by each field's rule in plain Python and takes a value only
as the full check would leave it; whatever it takes must be the full check's design, and
whatever the full check refuses it must decline (the reader then reports the full
check's message). The oracle throughout is pydantic's validation of the same data."""

from __future__ import annotations

import datetime
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests_support import DATA, EXAMPLES, REPO, both_checks, library_designs, put_at

from mechlab.core.design import Design, Engine, Mount, TorsoArmor
from mechlab.core.design_schema import validate
from mechlab.core.locations import Location
from mechlab.core.record import Inexact, build, dump
from mechlab.files.design_data import read_design_bytes
from mechlab.files.mtf import import_mtf_bytes
from mechlab.files.yaml_in import WrittenFloat

IMPORTS = """
import sys
sys.argv = ["mechlab", *{args!r}]
from mechlab.cli import main
try:
    main()
except SystemExit as stop:
    code = stop.code
print(code, sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core")))
"""


def _modules_after(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", IMPORTS.format(args=args)], cwd=REPO,
                          capture_output=True, text=True, check=True)
    return done.stdout.split("\n")[-2].split(" ", 1)


def test_checking_mtf_files_and_validating_a_design_file_never_import_pydantic(
        tmp_path: Path) -> None:
    """pydantic's import and validators were a third of the start-up every `-j` worker
    waits for: a design every field's rule takes is read without them."""
    for name in ("Atlas AS7-K.mtf", "Banshee BNC-5S.mtf"):
        (tmp_path / name).write_bytes((DATA / "megamek" / name).read_bytes())
    assert _modules_after("check", str(tmp_path)) == ["0", "[]"]
    assert _modules_after("validate", str(EXAMPLES / "catapult.yaml")) == ["0", "[]"]
    assert _modules_after("validate", str(tmp_path / "Atlas AS7-K.mtf")) == ["0", "[]"]


def test_a_design_the_rules_refuse_is_told_by_the_full_check(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text((EXAMPLES / "catapult.yaml").read_text().replace("tonnage: 65",
                                                                    "tonnage: 0"))
    done = subprocess.run([sys.executable, "-m", "mechlab", "validate", str(bad)],
                          cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr == f"mechlab: {bad}: tonnage: must be at least 1, got 0\n"


def test_a_record_is_frozen_and_compared_and_hashed_by_its_fields() -> None:
    armor = TorsoArmor(front=10, rear=3)
    assert armor == TorsoArmor(front=10, rear=3) != TorsoArmor(front=10)
    assert hash(armor) == hash(TorsoArmor(front=10, rear=3))
    assert TorsoArmor() == TorsoArmor(front=0, rear=0)
    with pytest.raises(AttributeError, match="frozen"):
        armor.front = 11  # type: ignore[misc]
    assert armor.replace(rear=4) == TorsoArmor(front=10, rear=4)
    assert armor == TorsoArmor(front=10, rear=3)  # replace made a new record
    with pytest.raises(TypeError, match="no field 'back'"):
        armor.replace(back=1)
    with pytest.raises(TypeError, match="location is required"):
        Mount(item="Medium Laser")  # type: ignore[call-arg]
    assert Engine(type="xl") != Engine(type="xl", tech="clan")


def test_every_library_design_reads_back_from_its_data_by_both_checks() -> None:
    """`dump` writes a design as the data of a design file; both checks read it back
    into the very design (defaults left out or not)."""
    designs = library_designs()
    assert len(designs) > 20
    for name, design in designs.items():
        for data in (dump(design), dump(design, exclude_defaults=True),
                     dump(design, exclude_none=True)):
            assert build(Design, data) == design, name
            assert validate(Design, data) == design, name


def test_every_vendored_mtf_file_is_built_as_the_full_check_validates_it() -> None:
    files = sorted([*(DATA / "megamek").glob("*.mtf"),
                    *(DATA / "megamek-advanced").glob("*.mtf")])
    built = 0
    for path in files:
        try:
            data = import_mtf_bytes(read_design_bytes(path), str(path)).design
        except ValueError:
            continue
        assert build(Design, data) == validate(Design, data), path.name
        built += 1
    assert built > 150


def test_heat_sinks_are_written_as_players_write_them() -> None:
    data = {"chassis": "A", "tonnage": 50, "walking_mp": 4, "heat_sinks": 12}
    assert dump(build(Design, data), exclude_defaults=True)["heat_sinks"] == 12
    double = {**data, "heat_sinks": {"count": 12, "type": "double"}}
    assert dump(build(Design, double), exclude_defaults=True)["heat_sinks"] == {
        "count": 12, "type": "double"}


BASE: dict[str, Any] = {
    "chassis": "Test", "model": "T-1", "tonnage": 50, "walking_mp": 4, "ruleset": "standard",
    "armor": {"head": 9, "center_torso": {"front": 20, "rear": 5}, "tons": 8},
    "heat_sinks": {"count": 12, "type": "double"},
    "structure": {"type": "endo_steel", "slots": {"left_torso": 4, "right_torso": [1, 2]}},
    "equipment": [{"item": "Medium Laser", "location": "left_arm", "slot": 3},
                  {"item": "Cargo", "location": "left_torso", "size": 1.5}],
    "pilot": {"name": "Kai", "gunnery": 3},
    "quirks": ["battle_fists_la"],
    "weapon_quirks": [{"quirk": "accurate", "location": "left_arm", "slot": 3,
                       "weapon": "Medium Laser"}],
}
def _written(number: float) -> WrittenFloat:
    written = WrittenFloat(number)
    written.written = str(number)
    return written


# Paths into BASE, and values of every shape to put there.
PATHS = [("tonnage",), ("model",), ("chassis",), ("ruleset",), ("config",), ("omni",),
         ("gyro",), ("engine",), ("heat_sinks",), ("heat_sinks", "count"), ("armor", "head"),
         ("armor", "tons"), ("armor", "center_torso"), ("armor", "center_torso", "rear"),
         ("structure", "slots"), ("structure", "slots", "left_torso"),
         ("equipment", 0, "location"), ("equipment", 0, "slot"), ("equipment", 0, "count"),
         ("equipment", 0, "rear"), ("equipment", 1, "size"), ("pilot", "gunnery"),
         ("pilot", "name"), ("quirks", 0), ("weapon_quirks", 0, "slot"), ("armored_slots",),
         ("unknown_field",), ("equipment", 0, "unknown_field"), ("quirks",),
         ("structure", "slots", "right_torso"), ("structure", "slots", "right_torso", 0),
         ("structure", "type"), ("weapon_quirks", 0, "quirk"), ("pilot",)]
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 300), st.sampled_from([0, 1, 12, 13, 200, 201]),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-10, max_value=300),
    st.sampled_from([2.0, 12.0, 1.5, 65.0]),
    st.sampled_from(["left_arm", "LA", "Left Arm", "nowhere", "xl", "XL", "Endo Steel",
                     "quad", "biped", "", " ", "12", "a\u202eb", "Cat\u00e9", "x" * 130]),
    st.text(max_size=8),
    st.lists(st.integers(0, 14), max_size=3),
    st.dictionaries(st.sampled_from(["front", "rear", "type", "count", "head", "CT"]),
                    st.integers(-1, 14), max_size=2),
    # Shapes YAML writes that no field has (`!!set`, `!!binary`, a bare date), numbers
    # at the edges, and a YAML float with its text (yaml_in.WrittenFloat).
    st.sampled_from([{1, 2}, frozenset({"left_arm"}), b"xl", b"left_arm",
                     datetime.date(2020, 1, 1), float("nan"), float("inf"), -0.0, 10**30]),
    st.floats(0.5, 20).map(_written),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), min_size=1, max_size=3))
def test_build_takes_only_what_the_full_check_takes_unchanged(
        changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    data = BASE
    for path, value in changes:
        try:
            data = put_at(data, path, value)
        except (KeyError, IndexError, TypeError):
            continue  # the path runs through a value that is no longer a mapping
    full, built = both_checks(data)
    if full is None:
        assert built is None, data
    elif built is not None:
        assert built == full
        assert repr(built) == repr(full)
    TAKEN[(full is not None, built is not None)] += 1


TAKEN: Counter[tuple[bool, bool]] = Counter()


def test_the_fuzzing_met_designs_both_checks_take_and_both_refuse() -> None:
    """The property above is not vacuous: its cases include designs taken and refused."""
    test_build_takes_only_what_the_full_check_takes_unchanged()
    assert TAKEN[(True, True)] >= 10 and TAKEN[(False, False)] >= 10, TAKEN


def test_build_declines_what_the_full_check_refuses_and_converts_as_it_does() -> None:
    with pytest.raises(Inexact):
        build(Design, {**BASE, "tonnage": "50"})
    with pytest.raises(Inexact):
        build(Design, {**BASE, "omni": 1})
    assert build(Design, {**BASE, "tonnage": 50.0}).tonnage == 50  # as the full check
    assert build(Design, BASE).equipment[0].location is Location.LEFT_ARM
