"""Hostile input: exit 2 within seconds and modest memory, a few short lines, no
traceback, no output file. Each case is an example from issue 8."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner
from tests_support import EXAMPLES, MEGAMEK

import mechlab
from mechlab.cli import main

GOOD = (EXAMPLES / "catapult.yaml").read_text()
HEAD = GOOD.split("equipment:")[0]
MEMORY_LIMIT = 1 << 30  # 1 GiB of address space: the bad cases once took 1.4–6 GB


def billion_laughs() -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True):
        text += f"{name}: &{name} [{','.join([f'*{previous}'] * 9)}]\n"
    return text + GOOD.replace("model: CPLT-C1", "model: *i")


YAML_CASES = [
    ("billion laughs", billion_laughs(),
     "line 2, column 8: alias *a repeats a list or mapping; write the value out "
     "(mechlab reads aliases of single values only)"),
    ("100,000-character name", GOOD.replace("chassis: Catapult", "chassis: " + "A" * 100_000),
     "chassis: 100,000 characters, more than the 120 allowed; shorten it"),
    ("110,000 equipment entries", HEAD + "equipment:\n" + "  - 1\n" * 110_000,
     "line 9963, column 5: more than 10,000 values; a design has a few hundred"),
    ("300 equipment entries", HEAD + "equipment:\n"
     + "  - {item: Medium Laser, location: CT}\n" * 300,
     "equipment: 300 entries, more than the 200 allowed (a 'Mech has 78 critical slots)"),
    ("5,000-digit integer", GOOD.replace("tonnage: 65", "tonnage: " + "9" * 5000),
     "line 6, column 10: a number of 5000 digits; no value in a design needs more than a few"),
    ("nested 500 deep", GOOD + "pilot: " + "[" * 500 + "]" * 500 + "\n",
     f"line {GOOD.count(chr(10)) + 1}, column 27: nested more than 20 levels deep; a design "
     "needs a handful"),
    ("duplicate key", GOOD.replace("tonnage: 65", "tonnage: 65\ntonnage: 70"),
     "line 7, column 1: tonnage: given twice (lines 6 and 7); keep one"),
    ("over 1 MB", GOOD + "#" + "x" * 1_100_000 + "\n",
     "larger than 1 MB: a design file is a few KB; is this the right file?"),
]


def run_bounded(*args: str, cwd: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run mechlab with 1 GiB of memory and 30 s at most (TimeoutExpired fails the test)."""
    env = {**os.environ, "PYTHONPATH": str(Path(mechlab.__file__).resolve().parents[1])}

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "mechlab", *args], cwd=cwd, env=env,
                            capture_output=True, text=True, timeout=30,
                            preexec_fn=limit_memory)
    return result, time.monotonic() - start


def assert_refused(result: subprocess.CompletedProcess[str], expected: list[str],
                   out: Path) -> None:
    assert result.returncode == 2, result.stderr[-2000:]
    lines = result.stderr.splitlines()
    assert lines == expected
    assert all(len(line) <= 300 for line in lines)
    assert "Traceback" not in result.stderr + result.stdout
    assert not out.exists()


def test_hostile_yaml_is_refused_quickly_with_one_line_each(tmp_path):
    # One run judges every case (bad input of several files: one line each, exit 2),
    # within the memory and time bounds of `run_bounded`.
    names = []
    for number, (_, text, _) in enumerate(YAML_CASES):
        names.append(f"bad{number}.yaml")
        (tmp_path / names[-1]).write_text(text)
    result, _ = run_bounded("build", *names, "-o", "out", cwd=tmp_path)
    assert_refused(result, [f"mechlab: {name}: {message}"
                            for name, (_, _, message) in zip(names, YAML_CASES, strict=True)],
                   tmp_path / "out")


def test_a_device_is_refused_before_reading(tmp_path):
    result, _ = run_bounded("build", "/dev/zero", "-o", "out", cwd=tmp_path)  # used to hang
    assert_refused(result, ["mechlab: /dev/zero: is not a regular file (a device or a pipe?); "
                            "give a design file"], tmp_path / "out")


MTF_CASES = [
    (lambda t: t.replace("Catapult", "C" * 100_000, 1),
     "chassis: 100,000 characters, more than the 120 allowed; shorten it"),
    (lambda t: t.replace("Mass:65", "Mass:" + "6" * 5000),
     "Mass: expected a whole number, got 5,000 characters"),
    (lambda t: t.replace("Weapons:6", "Weapons:" + "6" * 5000),
     "line 34: Weapons: expected a count (at most 999), got '666666666666666666666666666666"
     "66666666666666666666666666666…'"),
    (lambda t: t.replace("LA Armor:13", "LA Armor:" + "1" * 5000),
     "line 22: LA armor: expected a whole number, got '11111111111111111111111111111111111"
     "111111111111111111111111…'"),
]


def test_hostile_mtf_is_refused_quickly_with_one_line_each(tmp_path):
    text = (MEGAMEK / "Catapult CPLT-C1.mtf").read_text()
    names = []
    for number, (change, _) in enumerate(MTF_CASES):
        names.append(f"bad{number}.mtf")
        (tmp_path / names[-1]).write_text(change(text))
    result, _ = run_bounded("build", *names, "-o", "out", cwd=tmp_path)
    assert_refused(result, [f"mechlab: {name}: {message}"
                            for name, (_, message) in zip(names, MTF_CASES, strict=True)],
                   tmp_path / "out")


def test_many_problems_are_capped_per_file(tmp_path):
    entries = "".join(f"  - {{item: Laser {n}, location: CT}}\n" for n in range(150))
    (tmp_path / "bad.yaml").write_text(HEAD + "equipment:\n" + entries)
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "bad.yaml")])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert len(lines) == 21
    assert lines[-1] == f"mechlab: {tmp_path / 'bad.yaml'}: … and 130 more problems"


def test_validate_reports_every_readable_file_then_exits_2(tmp_path):
    bad = GOOD.replace("left_arm: 13", "left_arm: 22")
    (tmp_path / "legal.yaml").write_text(GOOD)
    (tmp_path / "illegal.yaml").write_text(bad)
    result, _ = run_bounded("validate", "legal.yaml", "missing.yaml", "illegal.yaml",
                            cwd=tmp_path)
    assert result.returncode == 2
    assert "legal.yaml: legal (Catapult CPLT-C1, intro)" in result.stdout
    assert "illegal.yaml: ILLEGAL (Catapult CPLT-C1, intro)" in result.stdout
    assert result.stderr == (
        "mechlab: illegal.yaml: ILLEGAL under intro: E-TONNAGE-OVER, E-ARMOR-CAP\n"
        "mechlab: missing.yaml: no such file (check the path, or name a library unit: "
        "mechlab list)\n")


def test_check_and_validate_give_the_same_exit_codes(tmp_path):
    cases = {"legal": (GOOD, 0), "illegal": (GOOD.replace("left_arm: 13", "left_arm: 22"), 1),
             "unreadable": (GOOD.replace("tonnage: 65", "tonnage: x"), 2)}
    for name, (text, code) in cases.items():
        folder = tmp_path / name
        folder.mkdir()
        (folder / "x.yaml").write_text(text)
        checked = CliRunner().invoke(main, ["check", str(folder)])
        validated = CliRunner().invoke(main, ["validate", str(folder / "x.yaml")])
        assert (checked.exit_code, validated.exit_code) == (code, code), name


def test_scalar_aliases_are_still_allowed(tmp_path):
    text = GOOD.replace("chassis: Catapult", "chassis: &name Catapult").replace(
        "model: CPLT-C1", "model: *name")
    (tmp_path / "ok.yaml").write_text(text)
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "ok.yaml")])
    assert result.exit_code == 0, result.output


def test_findings_printed_per_design_are_capped(tmp_path):
    entries = "".join("  - {item: Ammo (AC/20), location: head, rear: true}\n" for _ in range(40))
    (tmp_path / "many.yaml").write_text(HEAD + "equipment:\n" + entries)
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "many.yaml")])
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if not line.startswith("      hint:")]
    assert len(lines) == 32  # the verdict line, 30 findings, the count of the rest
    assert lines[-1].startswith("  … and ")
    assert lines[-1].endswith(" more findings (--json lists all)")
