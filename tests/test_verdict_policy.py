"""Every command that reads a design tells an illegal verdict the same way (issue 18.1):
one stderr line naming the design and its error codes, and exit 1 after writing its
outputs; a legal design gets no such line and exit 0. A .mtf that contradicts itself is
illegal by its E-MTF findings, for every command alike."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests_support import EXAMPLES

from mechlab.cli import main
from mechlab.files.load import parse_design
from mechlab.files.mtf import design_to_mtf

GOOD = (EXAMPLES / "catapult.yaml").read_text()
# Head armor 12 (> 9) and 22 points on a 20-point arm: two rules broken at once.
BAD = GOOD.replace("head: 9", "head: 12").replace("left_arm: 13", "left_arm: 22")
CODES = "E-TONNAGE-OVER, E-ARMOR-CAP, E-ARMOR-HEAD"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """A legal design, an illegal one, a self-contradictory .mtf and force files."""
    (tmp_path / "good.yaml").write_text(GOOD)
    (tmp_path / "bad.yaml").write_text(BAD)
    mtf = design_to_mtf(parse_design(GOOD)).replace("Walk MP:4", "Walk MP:5")
    (tmp_path / "walk.mtf").write_text(mtf)
    for name, unit in (("good_force", "good.yaml"), ("bad_force", "bad.yaml")):
        (tmp_path / f"{name}.yaml").write_text(
            f"force: Test\nunits:\n  - unit: {unit}\n    pilot: {{name: Kai}}\n")
    return {p.stem: p for p in tmp_path.iterdir()}


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert not result.exception or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def verdict_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "ILLEGAL under" in line]


COMMANDS = {
    "build": lambda f, out: ("build", f, "-q", "-o", out),
    "validate": lambda f, out: ("validate", f),
    "sheet": lambda f, out: ("sheet", f, "-o", out / "x.pdf"),
    "card": lambda f, out: ("card", f, "--game", "ccg", "-o", out / "x.json"),
    "card-as": lambda f, out: ("card", f, "--game", "alpha-strike", "-o", out / "x.pdf"),
    "bv": lambda f, out: ("bv", f),
}


@pytest.mark.parametrize("command", COMMANDS)
def test_an_illegal_design_is_one_stderr_line_and_exit_1(files, tmp_path, command):
    out = tmp_path / "out"
    out.mkdir()
    code, _, stderr = run(*COMMANDS[command](files["bad"], out))
    assert code == 1
    assert verdict_lines(stderr) == [f"mechlab: {files['bad']}: ILLEGAL under intro: {CODES}"]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_legal_design_gets_no_verdict_line_and_exit_0(files, tmp_path, command):
    out = tmp_path / "out"
    out.mkdir()
    code, _, stderr = run(*COMMANDS[command](files["good"], out))
    assert (code, verdict_lines(stderr)) == (0, [])


@pytest.mark.parametrize("command", COMMANDS)
def test_a_self_contradictory_mtf_is_illegal_for_every_command(files, tmp_path, command):
    out = tmp_path / "out"
    out.mkdir()
    code, _, stderr = run(*COMMANDS[command](files["walk"], out))
    assert code == 1
    assert verdict_lines(stderr) == [f"mechlab: {files['walk']}: ILLEGAL under intro: "
                                     "E-MTF-WALK"]


@pytest.mark.parametrize("command", ["build", "sheet", "card"])
def test_the_outputs_are_written_before_the_illegal_exit(files, tmp_path, command):
    out = tmp_path / "out"
    out.mkdir()
    run(*COMMANDS[command](files["bad"], out))
    assert sorted(p.suffix for p in out.iterdir()) == {
        "build": [".html", ".json", ".pdf"], "sheet": [".pdf"], "card": [".json"]}[command]
    if command == "build":
        assert json.loads((out / "bad.json").read_text())["legal"] is False


def test_bv_prints_an_illegal_designs_numbers_marked(files):
    code, stdout, _ = run("bv", files["bad"])
    assert code == 1
    assert stdout.startswith("Catapult CPLT-C1 [ILLEGAL]: BV ")
    _, legal, _ = run("bv", files["good"])
    assert legal.startswith("Catapult CPLT-C1: BV ")


def test_force_marks_an_illegal_unit_in_its_listing_and_exits_1(files):
    code, stdout, stderr = run("force", files["bad_force"])
    assert code == 1
    assert f"Catapult CPLT-C1 (ILLEGAL: {CODES})" in stdout
    assert verdict_lines(stderr) == [f"mechlab: bad.yaml: ILLEGAL under intro: {CODES}"]
    code, stdout, stderr = run("force", files["good_force"])
    assert (code, "ILLEGAL" in stdout, verdict_lines(stderr)) == (0, False, [])


def test_a_force_sheet_and_cards_name_the_illegal_unit(files, tmp_path):
    for args in (("sheet", files["bad_force"], "-o", tmp_path / "f.pdf"),
                 ("card", files["bad_force"], "--game", "ccg", "-o", tmp_path / "f.json")):
        code, _, stderr = run(*args)
        assert code == 1
        assert verdict_lines(stderr) == [f"mechlab: bad.yaml: ILLEGAL under intro: {CODES}"]


def test_many_codes_are_counted_after_the_first_five(tmp_path):
    worse = (BAD.replace("heat_sinks: 15", "heat_sinks: 5")
             .replace("walking_mp: 4", "walking_mp: 4\nengine_rating: 250")
             .replace("- {item: LRM 15, location: left_arm}",
                      "- {item: LRM 15, location: left_arm, rear: true}")
             .replace("- {item: Ammo (LRM 15), location: left_torso}", ""))
    (tmp_path / "worse.yaml").write_text(worse)
    code, _, stderr = run("validate", tmp_path / "worse.yaml")
    (line,) = verdict_lines(stderr)
    assert code == 1
    named = line.split("ILLEGAL under intro: ")[1]
    assert len(named.split(", ")) == 5 and re.search(r" \(\+\d+ more\)$", named), line


@pytest.mark.parametrize("game", ["ccg", "alpha-strike"])
def test_an_illegal_designs_card_carries_every_code_for_its_printed_mark(files, game):
    from mechlab.cards.games import get_game
    from mechlab.files.inputs import read_input

    bad, good = (read_input(str(files[name])).assess() for name in ("bad", "good"))
    chosen = get_game(game)
    assert chosen.convert(bad, "bad", None).illegal == tuple(CODES.split(", "))
    assert chosen.convert(good, "good", None).illegal == ()


def test_the_cards_json_stays_numbers_only(files, tmp_path):
    run("card", files["bad"], "--game", "ccg", "-o", tmp_path / "x.json")
    assert "illegal" not in json.loads((tmp_path / "x.json").read_text())["cards"][0]


def test_bv_takes_the_pilot_skills_it_is_given(files):
    code, stdout, _ = run("bv", files["good"], "--gunnery", "3", "--piloting", "4")
    assert code == 0
    assert ", pilot 3/4: " in stdout  # the options were taken but ignored before
