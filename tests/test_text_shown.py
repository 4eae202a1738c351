"""Issue 31: text no file or terminal can hold (a lone surrogate, bytes that are not UTF-8)
and bidirectional controls (U+202E reverses what follows) are refused where names are
checked, one line and exit 2; every message echoing user text shows them escaped."""

from __future__ import annotations

import unicodedata

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from test_bad_input import run
from tests_support import EXAMPLES

from mechlab.cli import main
from mechlab.core.design import check_text
from mechlab.core.text import BIDI_CONTROLS, shown

GOOD = (EXAMPLES / "catapult.yaml").read_text()
COMMANDS = [["validate"], ["build", "-o", "out"], ["sheet", "-o", "x.pdf"],
            ["card", "--game", "ccg", "-o", "x.pdf"], ["bv"], ["export", "-o", "x.mtf"]]


def _bad_input(result, line: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.stderr == line + "\n"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_lone_surrogate_in_a_name_is_refused_where_names_are_checked(tmp_path, command,
                                                                     monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cat.yaml").write_text(GOOD.replace("chassis: Catapult", 'chassis: "Cat\\ud800"'))
    result = CliRunner().invoke(main, [command[0], "cat.yaml", *command[1:]])
    _bad_input(result, "mechlab: cat.yaml: chassis: U+D800 at character 4 is not a character "
                       "(a lone surrogate, or bytes that are not UTF-8); write the text in UTF-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cat.yaml"]


@pytest.mark.parametrize("command", COMMANDS[:4], ids=lambda c: c[0])
def test_a_bidirectional_control_in_a_name_is_refused(tmp_path, command, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cat.yaml").write_text(GOOD.replace("model: CPLT-C1", 'model: "CPLT\\u202eC1"'))
    result = CliRunner().invoke(main, [command[0], "cat.yaml", *command[1:]])
    _bad_input(result, "mechlab: cat.yaml: model: bidirectional control U+202E at character 5; "
                       "remove it (names are plain text)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cat.yaml"]


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s): the bytes as a shell passes them
@pytest.mark.parametrize("command", [["sheet", "CPLT-C1", "-o", "x.pdf"],
                                     ["build", "CPLT-C1", "-q"]], ids=["sheet", "build"])
def test_pilot_bytes_that_are_not_utf8_are_refused(tmp_path, command):
    result = run(*command, "--pilot", "Kai\udcff", cwd=tmp_path)  # b"Kai\xff" on the command line
    assert result.returncode == 2, result.stderr
    assert result.stderr == ("mechlab: --pilot: U+DCFF at character 4 is not a character (a lone "
                             "surrogate, or bytes that are not UTF-8); write the text in UTF-8\n")
    result = run(*command, "--pilot", "Kai\u202eiaK", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "bidirectional control U+202E at character 4" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_a_file_name_is_echoed_with_its_controls_and_stray_bytes_escaped(tmp_path):
    for name in ("x\udcff.yaml", "y\u202eyaml.exe.yaml"):
        (tmp_path / name).write_text(GOOD)
    result = run("validate", "x\udcff.yaml", "y\u202eyaml.exe.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "x\\udcff.yaml: legal (Catapult CPLT-C1, intro)",
        "y\\u202eyaml.exe.yaml: legal (Catapult CPLT-C1, intro)"]
    result = run("validate", "gone\u202e.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert "gone\\u202e.yaml: no such file" in result.stderr


def test_a_misspelt_field_is_echoed_with_its_bidi_control_escaped(tmp_path):
    (tmp_path / "cat.yaml").write_text(GOOD + '"chassiz\\u202e": 1\n')
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "cat.yaml")])
    assert result.exit_code == 2
    assert "chassiz\\u202e: unknown field" in result.stderr
    assert "\u202e" not in result.stderr


# Every code point, lone surrogates and bidi controls too (st.text() leaves surrogates out).
ANY_TEXT = st.text(st.characters(exclude_categories=()))
ANY_NAME = st.text(st.one_of(st.characters(exclude_categories=()), st.sampled_from(
    sorted(BIDI_CONTROLS | {chr(0xD800), chr(0xDCFF), "\x1b"}))), max_size=120)


@given(ANY_TEXT)
def test_shown_text_holds_nothing_a_terminal_acts_on_and_always_encodes(text):
    out = shown(text)
    out.encode("utf-8")  # no lone surrogate left
    assert not BIDI_CONTROLS & set(out)
    assert not any(unicodedata.category(c) == "Cc" for c in out)


@given(ANY_NAME)
def test_a_checked_name_always_encodes_and_shows_as_written(text):
    try:
        check_text(text, 120)
    except ValueError:
        return
    text.encode("utf-8")
    assert shown(text) == text


def test_the_bidi_controls_are_unicodes():
    """Independent of the code: Unicode's Bidi_Control property is these twelve (the
    explicit embeddings, overrides and isolates, and the three marks)."""
    classes = {"LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI"}
    explicit = {chr(c) for c in range(0x110000) if unicodedata.bidirectional(chr(c)) in classes}
    assert explicit | {"\u200e", "\u200f", "\u061c"} == BIDI_CONTROLS


@pytest.mark.parametrize("option", ["--chassis", "--model"])
def test_new_holds_its_names_to_the_bounds_of_a_design_files(tmp_path, option):
    result = CliRunner().invoke(main, ["new", "-t", "50", "-w", "4", option, "X\u202eY"])
    _bad_input(result, f"mechlab: {option}: bidirectional control U+202E at character 2; "
                       "remove it (names are plain text)")
