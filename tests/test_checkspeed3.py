"""Issue 31 (lane checkspeed3): what made `mechlab check` faster must not change any
answer. No timing here (benchmarks/ measures): each test proves that a faster path gives
the plain path's answer, on MegaMek's own files vendored in tests/data and on bad input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from tests_support import DATA

from mechlab.core.design import Design
from mechlab.core.design_schema import validate
from mechlab.core.record import build
from mechlab.files.design_data import read_design_bytes
from mechlab.files.mtf import import_mtf_bytes

# MegaMek files of every level the tests vendor (Introductory to Experimental).
FILES = sorted([*(DATA / "megamek").glob("*.mtf"), *(DATA / "megamek-advanced").glob("*.mtf")])


def _imported(path: Path) -> dict[str, Any] | None:
    try:
        return import_mtf_bytes(read_design_bytes(path), str(path)).design
    except ValueError:  # refused or bad input: no design data
        return None


def _full(data: dict[str, Any]) -> Design | list[tuple[Any, ...]]:
    """What the full check (a design file's) makes of the data: the design, or its errors."""
    try:
        return validate(Design, data)
    except ValidationError as exc:
        return [(e["type"], e["loc"], e["msg"]) for e in exc.errors()]


def _built(data: dict[str, Any]) -> Design | None:
    """What `build` (no pydantic) makes of the data; None where it declines it."""
    try:
        return build(Design, data)
    except ValueError:
        return None


def test_build_takes_what_the_reader_builds() -> None:
    """The `.mtf` reader's data passes the fields' rules in plain Python (`build`, no
    fallback to pydantic) and gives the very design the full check gives."""
    exact = 0
    for path in FILES:
        data = _imported(path)
        if data is None:
            continue
        built = build(Design, data)
        full = validate(Design, data)
        assert built == full, path.name
        assert repr(built) == repr(full), path.name
        exact += 1
    assert exact > 150


BASE: dict[str, Any] = {
    "chassis": "Test", "model": "T-1", "tonnage": 50, "walking_mp": 4, "ruleset": "standard",
    "armor": {"head": 9, "center_torso": {"front": 20, "rear": 5}},
    "equipment": [{"item": "Medium Laser", "location": "left_arm", "slot": 3}],
}


@pytest.mark.parametrize("change", [
    {},
    {"tonnage": 50.0}, {"tonnage": 50.5}, {"tonnage": True}, {"tonnage": "50"},
    {"tonnage": 0}, {"tonnage": 201}, {"tonnage": 1e300},
    {"chassis": "Cat\u00e9"}, {"chassis": "Cat\ud800"}, {"chassis": "Cat\u202e"},
    {"chassis": "Cat\n"}, {"chassis": "x" * 121}, {"chassis": 7}, {"model": 1.5},
    {"gyro": "Heavy-Duty"}, {"gyro": "heavy_duty"}, {"gyro": ""}, {"cockpit": "x" * 41},
    {"engine": "XL"}, {"structure": {"type": "endo steel"}},
    {"heat_sinks": 12}, {"heat_sinks": 12.0}, {"heat_sinks": {"count": 12, "type": "Double"}},
    {"armor": {"head": 1000}}, {"armor": {"head": 9.0, "left_arm": -1}},
    {"armor": {"slots": {"LA": 2, "left_leg": [1, 13]}}},
    {"equipment": [{"item": "Medium Laser", "location": "LA", "slot": 3}]},
    {"equipment": [{"item": "Medium Laser", "location": "Left Arm", "slot": 3.0}]},
    {"equipment": [{"item": "Medium Laser", "location": "left_arm", "slot": 13}]},
    {"equipment": [{"item": "Medium Laser", "location": "left_arm", "count": 0}]},
    {"equipment": [{"item": "Medium Laser", "location": "left_arm", "count": True}]},
    {"equipment": [{"item": "Medium Laser", "location": "nowhere"}]},
    {"equipment": [{"item": "Medium Laser", "location": "front_left_leg"}]},
    {"equipment": [{"item": "AC/20", "location": "right_torso",
                    "split": {"location": "RA", "slots": 2}}]},
    {"quirks": ["battle_fists_la", "bad quirk"]},
    {"armored_slots": {"CT": [1, 2], "head": [13]}},
])
def test_data_a_reader_builds_gets_the_full_checks_answer(change: dict[str, Any]) -> None:
    """What `build` takes, it makes into the design the full check makes; what the full
    check refuses, `build` declines (and the reader then reports the full check's
    errors)."""
    data = {**BASE, **change}
    full, built = _full(data), _built(data)
    if isinstance(full, list):
        assert built is None
    elif built is not None:
        assert built == full
        assert repr(built) == repr(full)


def test_a_design_file_is_read_whole_at_its_size(tmp_path: Path) -> None:
    """Reading as many bytes as the file has (not a 1 MB buffer a file) reads every byte:
    empty, small, and a /proc file whose size says 0."""
    for size in (0, 1, 5000):
        path = tmp_path / f"f{size}.mtf"
        path.write_bytes(bytes(range(256)) * (size // 256) + b"x" * (size % 256))
        assert read_design_bytes(path) == path.read_bytes()
    proc = Path("/proc/version")
    if proc.exists():
        assert read_design_bytes(proc) == proc.read_bytes()


def test_a_file_that_grows_while_read_is_read_on_within_the_bound(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file larger than its size said when looked at (it grew) is read on: whole when
    it stays a design's size, refused as too big past MAX_FILE_BYTES, never read past it."""
    import os

    from mechlab.core.errors import DesignError
    from mechlab.files import design_data

    real_stat = os.stat

    def said_small(path: Any, *args: Any, **kwargs: Any) -> Any:
        info = real_stat(path, *args, **kwargs)
        return os.stat_result((*info[:6], 100, *info[7:]))  # st_size: 100

    grown = tmp_path / "grown.mtf"
    grown.write_bytes(b"y" * 5000)
    huge = tmp_path / "huge.mtf"
    huge.write_bytes(b"z" * (design_data.MAX_FILE_BYTES + 10))
    monkeypatch.setattr(design_data.os, "stat", said_small)
    assert read_design_bytes(grown) == b"y" * 5000
    with pytest.raises(DesignError, match="larger than 1 MB"):
        read_design_bytes(huge)


@pytest.mark.parametrize("text", [
    "Medium Laser\nHeat Sink", "Prototype Improved Jump Jet", "ISPROTOTYPEDOUBLEHEATSINK",
    "Freezers", "FREEZERS", "freezerſ", "Freeze", "ﬀreezers", "pro\u0130otype",
    "Protoype", "Medium Laser (Prototype)|Heat Sink",
])
def test_the_prototype_marks_are_found_as_the_regex_finds_them(text: str) -> None:
    """The cheap look for a stem first answers as `_PROTOTYPE` alone does."""
    from mechlab.files.mtf.refusals import _PROTOTYPE, _names_a_prototype

    assert _names_a_prototype(text) == (_PROTOTYPE.search(text) is not None)


@pytest.mark.parametrize(("char", "refused"), [
    ("\x00", True), ("\x0b", True), ("\x1b", True), ("\x7f", True), ("\x85", True),
    ("\x9f", True), ("\t", False), ("\xa0", False), ("\u2028", False), ("é", False),
])
def test_a_control_character_anywhere_is_refused_and_nothing_else(char: str,
                                                                 refused: bool) -> None:
    """The printable-text shortcut refuses exactly what the control-character regex does."""
    from mechlab.files.mtf.parse import MtfError, parse_mtf

    text = (f"Version:1.0\nAtlas\nAS7-D{char}\nConfig:Biped\n\n"
            + "".join(f"{block}:\n-Empty-\n\n" for block in (
                "Left Arm", "Right Arm", "Left Torso", "Right Torso", "Center Torso",
                "Head", "Left Leg", "Right Leg")))
    if refused:
        with pytest.raises(MtfError, match="control character"):
            parse_mtf(text)
    else:
        assert parse_mtf(text).model.startswith("AS7-D")
