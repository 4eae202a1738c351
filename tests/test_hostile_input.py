"""Hostile input: exit 2 within seconds and modest memory, a few short lines, no
traceback, no output file. Each case is an example from issue 8."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import CORPUS, EXAMPLES, needs_corpus

import mechlab

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
     "line 36, column 27: nested more than 20 levels deep; a design needs a handful"),
    ("duplicate key", GOOD.replace("tonnage: 65", "tonnage: 65\ntonnage: 70"),
     "line 7, column 1: tonnage: given twice (lines 6 and 7); keep one"),
    ("over 1 MB", GOOD + "#" + "x" * 1_100_000 + "\n",
     "larger than 1 MB: a design file is a few KB; is this the right file?"),
]


def run_bounded(*args: str, cwd: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {**os.environ, "PYTHONPATH": str(Path(mechlab.__file__).resolve().parents[1])}

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "mechlab", *args], cwd=cwd, env=env,
                            capture_output=True, text=True, timeout=30,
                            preexec_fn=limit_memory)
    return result, time.monotonic() - start


def assert_refused(result: subprocess.CompletedProcess[str], source: str, message: str,
                   out: Path) -> None:
    assert result.returncode == 2, result.stderr[-2000:]
    lines = result.stderr.splitlines()
    assert lines == [f"mechlab: {source}: {message}"]
    assert all(len(line) <= 300 for line in lines)
    assert "Traceback" not in result.stderr + result.stdout
    assert not out.exists()


@pytest.mark.parametrize(("text", "message"), [(t, m) for _, t, m in YAML_CASES],
                         ids=[name for name, _, _ in YAML_CASES])
def test_hostile_yaml_is_refused_quickly_with_one_line(tmp_path, text, message):
    (tmp_path / "bad.yaml").write_text(text)
    result, _ = run_bounded("build", "bad.yaml", "-o", "out", cwd=tmp_path)
    assert_refused(result, "bad.yaml", message, tmp_path / "out")


def test_a_device_is_refused_before_reading(tmp_path):
    result, seconds = run_bounded("build", "/dev/zero", "-o", "out", cwd=tmp_path)
    assert_refused(result, "/dev/zero",
                   "is not a regular file (a device or a pipe?); give a design file",
                   tmp_path / "out")
    assert seconds < 20  # it used never to return


@needs_corpus
@pytest.mark.parametrize(("change", "message"), [
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
], ids=["long name", "5000-digit mass", "5000-digit weapon count", "5000-digit armor"])
def test_hostile_mtf_is_refused_quickly_with_one_line(tmp_path, change, message):
    text = (CORPUS / "Catapult CPLT-C1.mtf").read_text()
    (tmp_path / "bad.mtf").write_text(change(text))
    result, _ = run_bounded("build", "bad.mtf", "-o", "out", cwd=tmp_path)
    assert_refused(result, "bad.mtf", message, tmp_path / "out")


def test_many_problems_are_capped_per_file(tmp_path):
    entries = "".join(f"  - {{item: Laser {n}, location: CT}}\n" for n in range(150))
    (tmp_path / "bad.yaml").write_text(HEAD + "equipment:\n" + entries)
    result, _ = run_bounded("validate", "bad.yaml", cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 21
    assert lines[-1] == "mechlab: bad.yaml: … and 130 more problems"


def test_validate_reports_every_readable_file_then_exits_2(tmp_path):
    bad = GOOD.replace("left_arm: 13", "left_arm: 22")
    (tmp_path / "legal.yaml").write_text(GOOD)
    (tmp_path / "illegal.yaml").write_text(bad)
    result, _ = run_bounded("validate", "legal.yaml", "missing.yaml", "illegal.yaml",
                            cwd=tmp_path)
    assert result.returncode == 2
    assert "legal.yaml: legal (Catapult CPLT-C1, intro)" in result.stdout
    assert "illegal.yaml: ILLEGAL (Catapult CPLT-C1, intro)" in result.stdout
    assert result.stderr == ("mechlab: missing.yaml: no such file (check the path, or name a "
                             "library unit: mechlab list)\n")


def test_check_and_validate_give_the_same_exit_codes(tmp_path):
    cases = {"legal": (GOOD, 0), "illegal": (GOOD.replace("left_arm: 13", "left_arm: 22"), 1),
             "unreadable": (GOOD.replace("tonnage: 65", "tonnage: x"), 2)}
    for name, (text, code) in cases.items():
        folder = tmp_path / name
        folder.mkdir()
        (folder / "x.yaml").write_text(text)
        checked, _ = run_bounded("check", str(folder), cwd=tmp_path)
        validated, _ = run_bounded("validate", str(folder / "x.yaml"), cwd=tmp_path)
        assert (checked.returncode, validated.returncode) == (code, code), name


def test_scalar_aliases_are_still_allowed(tmp_path):
    text = GOOD.replace("chassis: Catapult", "chassis: &name Catapult").replace(
        "model: CPLT-C1", "model: *name")
    (tmp_path / "ok.yaml").write_text(text)
    result, _ = run_bounded("validate", "ok.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_findings_printed_per_design_are_capped(tmp_path):
    entries = "".join("  - {item: Ammo (AC/20), location: head, rear: true}\n" for _ in range(40))
    (tmp_path / "many.yaml").write_text(HEAD + "equipment:\n" + entries)
    result, _ = run_bounded("validate", "many.yaml", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 32
    assert lines[-1].startswith("  … and ")
    assert lines[-1].endswith(" more findings (--json lists all)")
