"""Every error a user can cause: one clear line naming the file and the field,
exit code 2, no traceback, and no output file left behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from tests_support import EXAMPLES

import mechlab
from mechlab.cli import main

GOOD = (EXAMPLES / "catapult.yaml").read_text()

CASES = [
    ("malformed YAML", "chassis: [Catapult\n",
     "line 2, column 1: invalid YAML"),
    ("misspelt field", GOOD.replace("tonnage: 65", "tonage: 65"),
     "tonage: unknown field (did you mean 'tonnage'?); remove or rename it"),
    ("string where a number goes", GOOD.replace("tonnage: 65", "tonnage: '65'"),
     "tonnage: expected a whole number (no quotes, no decimals), got '65'"),
    ("absurd number written as 1e9", GOOD.replace("tonnage: 65", "tonnage: 1e9"),
     "tonnage: expected a whole number (no quotes, no decimals), got '1e9'"),
    ("absurd number", GOOD.replace("tonnage: 65", "tonnage: 1000000000"),
     "tonnage: must be at most 200, got 1000000000"),
    ("unknown item", GOOD.replace("{item: LRM 15, location: left_arm}",
                                  "{item: LRM 51, location: left_arm}"),
     "equipment[0].item: unknown item 'LRM 51' (did you mean"),
    ("unknown location", GOOD.replace("location: left_arm}", "location: left_elbow}", 1),
     "equipment[0].location: unknown location 'left_elbow'"),
    ("nested field of the wrong type", GOOD.replace("left_arm: 13", "left_arm: lots"),
     "armor.left_arm: expected a whole number (no quotes, no decimals), got 'lots'"),
    ("misspelt nested field", GOOD.replace("{front: 24, rear: 11}", "{frnt: 24, rear: 11}"),
     "armor.center_torso.frnt: unknown field (did you mean 'front'?)"),
    ("unknown ruleset", GOOD + "ruleset: tournament\n",
     "ruleset: unknown ruleset 'tournament'; known rulesets: intro"),
    ("missing required field", GOOD.replace("walking_mp: 4 ", "#"),
     "walking_mp: required field is missing; add it"),
    ("not a mapping", "- just\n- a list\n", "a design file is a YAML mapping"),
    ("empty file", "", "a design file is a YAML mapping"),
]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # Run the mechlab these tests import, wherever it is installed or checked out.
    env = {**os.environ, "PYTHONPATH": str(Path(mechlab.__file__).resolve().parents[1])}
    return subprocess.run([sys.executable, "-m", "mechlab", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("text", "expected"), [(t, e) for _, t, e in CASES],
                         ids=[name for name, _, _ in CASES])
def test_bad_design_file_gives_one_clear_line_and_exit_2(tmp_path, text, expected):
    design = tmp_path / "bad.yaml"
    design.write_text(text)
    out = tmp_path / "out"
    # In-process for speed: the tests below prove the same of a real process (exit code,
    # stderr, no traceback) with `run`.
    result = CliRunner().invoke(main, ["build", str(design), "-o", str(out)])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"mechlab: {design}: ")
    assert expected in lines[0]
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_missing_file(tmp_path):
    result = run("validate", "nope.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "mechlab: nope.yaml: no such file (check the path, or name a library unit: "
        "mechlab list)")


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_unknown_library_unit_suggests_close_names(tmp_path):
    result = run("validate", "CPLT-C2", cwd=tmp_path)
    assert result.returncode == 2
    assert "no such file or library unit (did you mean" in result.stderr
    assert "CPLT-C1" in result.stderr


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_directory_given_as_design(tmp_path):
    (tmp_path / "d.yaml").mkdir()
    result = run("validate", "d.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert "is a directory" in result.stderr


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_non_utf8_file(tmp_path):
    text = GOOD.replace("Catapult", "Catapült").encode("utf-8")
    (tmp_path / "latin.yaml").write_bytes(text.replace("ü".encode(), b"\xfc"))
    result = run("validate", "latin.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert "is not UTF-8; save the file as UTF-8 text" in result.stderr


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_every_bad_input_of_a_command_is_reported(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD.replace("tonnage: 65", "tonnage: x"))
    result = run("validate", "a.yaml", "b.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 2


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_script_tag_in_a_name_is_just_data(tmp_path):
    data = yaml.safe_load(GOOD)
    data["chassis"] = "<script>alert(1)</script>"
    (tmp_path / "x.yaml").write_text(yaml.safe_dump(data))
    result = run("build", "x.yaml", "-q", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "x.html").read_text()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_yaml_tags_are_never_evaluated(tmp_path):
    (tmp_path / "evil.yaml").write_text("!!python/object/apply:os.system ['echo pwned']\n")
    result = run("validate", "evil.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert "pwned" not in result.stdout
    assert "the tag !!python/object/apply:os.system is not read; remove it" in result.stderr


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_unknown_output_format(tmp_path):
    result = run("build", str(EXAMPLES / "catapult.yaml"), "-f", "docx", "-o", "o",
                 cwd=tmp_path)
    assert result.returncode == 2
    assert "unknown format docx" in result.stderr
    assert not (tmp_path / "o").exists()
