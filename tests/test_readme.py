"""The README's tour runs as written, top to bottom, in a fresh folder (as python-chess
doctests its README): every `mechlab …` command of its shell blocks is run by bash, in
order, in one temporary folder holding what a checkout gives it (copies of `examples/`
and `units/`), and must exit 0, or the code its comment names (`# exits 1: …`).

Bash runs the line as the reader's shell would (quotes, globs, `>`), with `mechlab`
being this interpreter's mechlab, so the test checks the code under test: each command a
process of its own, with bash's stdin, stdout and stderr and its exit code, forked from
one Python that imported mechlab once (tests_support.forked_mechlab).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from tests_support import forked_mechlab

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BLOCK = re.compile(r"^```(?:sh|bash|shell)\n(.*?)^```", re.MULTILINE | re.DOTALL)
EXIT = re.compile(r"#.*?\bexits? (?:code )?(\d+)\b")
YAML_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.MULTILINE | re.DOTALL)
# A one-command shell block followed by a plain block: the command and what it prints.
SHOWN = re.compile(r"^```sh\n(mechlab [^\n]*)\n```\s*\n```\n(.*?)^```", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Command:
    line: int  # where it is in the README
    text: str  # the `mechlab …` command, as typed
    exit_code: int  # what the README says it exits with (0 unless its comment says)

    def __str__(self) -> str:
        return f"README.md:{self.line}: {self.text}"


def tour(text: str) -> list[Command]:
    """Every `mechlab …` command of the README's shell blocks, in order. A set-up line
    (`pip install . && mechlab build …`) contributes its mechlab part."""
    commands = []
    for block in BLOCK.finditer(text):
        first_line = text.count("\n", 0, block.start(1)) + 1
        for offset, raw in enumerate(block.group(1).splitlines()):
            code, _, comment = raw.partition(" #")
            expected = EXIT.search("#" + comment) if comment else None
            for part in code.split("&&"):
                part = part.strip()
                if part.startswith("mechlab ") or part == "mechlab":
                    commands.append(Command(first_line + offset, part,
                                            int(expected.group(1)) if expected else 0))
    return commands


COMMANDS = tour(README.read_text(encoding="utf-8"))


def test_the_tour_is_found() -> None:
    # A README whose shell blocks the parser stopped seeing would pass vacuously.
    assert len(COMMANDS) >= 10
    assert any(c.text.startswith("mechlab build") for c in COMMANDS)
    # and each command the tour starts afresh is in it (else no test would start it so)
    assert {_command(c.text) for c in COMMANDS} >= FRESH


def test_readme_is_at_most_20_kb() -> None:
    size = len(README.read_bytes())
    assert size <= 20 * 1024, f"README.md is {size:,} bytes; move detail to docs/"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh folder holding what a checkout gives the tour (`examples/`, `units/`),
    shared by the tour's commands in order."""
    here = tmp_path_factory.mktemp("tour")
    for name in ("examples", "units"):
        shutil.copytree(ROOT / name, here / name,
                        ignore=shutil.ignore_patterns("*.json", "*.pdf", "*.html"))
    return here


# Commands that fail for a defect outside the README, with the reason: the tour expects
# them to fail, and says so once they pass (the entry goes when the defect is fixed).
KNOWN: dict[str, str] = {}


def _env() -> dict[str, str]:
    return {**os.environ, "COLUMNS": "100", "NO_COLOR": "1"}


@pytest.fixture(scope="module")
def mechlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The shell function the tour's lines call `mechlab`: each command a process of its
    own, forked from one Python that has imported mechlab (tests_support.forked_mechlab),
    rather than 27 fresh `python -m mechlab` (issue 31: ~1 s of CPU each). The exit codes,
    the processes' stdout and stderr and bash's expansion of each line are the tour's as
    a reader's shell runs it."""
    if not sys.platform.startswith("linux"):  # the warm server needs AF_UNIX SOCK_SEQPACKET
        yield FRESH_PROCESS
        return
    with forked_mechlab(tmp_path_factory.mktemp("warm"), _env(), PRELOADED) as function:
        yield function


# What the tour's commands import besides their own modules (the PDF, HTML and card
# writers): once in the warm process rather than in each command's.
PRELOADED = ("mechlab.render.pdf", "mechlab.render.svg", "mechlab.export.engine",
             "mechlab.readout", "mechlab.values.bv_report", "mechlab.values.cost",
             "mechlab.check", "mechlab.cards.export", "mechlab.cards.as_layout",
             "mechlab.files.provenance", "mechlab.files.mtf.crits",
             "mechlab.rulesets.advanced", "mechlab.rulesets.battledroids",
             "mechlab.rulesets.experimental", "mechlab.rulesets.progression", "fontTools.subset")


# The commands no other test starts as a `python -m mechlab` of their own (test_bad_input's
# `run` starts validate and build, test_input_bounds' force and check, test_output_policy's
# schema; test_batch_signals sheet; test_serve serve): the tour starts each the first time
# it meets it as a fresh process, start-up and all, and forks the rest.
FRESH = {"new", "list", "bv", "import", "export", "card"}
FRESH_PROCESS = f'mechlab() {{ {shlex.quote(sys.executable)} -m mechlab "$@"; }}\n'


def _command(text: str) -> str:
    """The command a `mechlab …` line runs (`mechlab --megamek-dir DIR list` → list)."""
    words = shlex.split(text.partition(" #")[0])[1:]
    while words and words[0].startswith("-"):
        words = words[2:] if words[0] == "--megamek-dir" else words[1:]
    return words[0] if words else ""


def _run(command: Command, folder: Path, mechlab: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", f"{mechlab}{command.text}\n"], cwd=folder,
                          env=_env(), capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


@pytest.mark.slow
def test_the_tour_runs_as_the_readme_says(folder: Path, mechlab: str) -> None:
    """Every command of the tour, in order, in one folder (each builds on what the earlier
    ones wrote): one test, so that no second worker replays the tour's beginning to run
    its end (issue 31: the suite's time). Every command that exits otherwise than the
    README says, or prints a traceback, is listed."""
    wrong = []
    fresh = set(FRESH)
    for command in COMMANDS:
        name = _command(command.text)
        done = _run(command, folder, FRESH_PROCESS if name in fresh else mechlab)
        fresh.discard(name)
        failed = done.returncode != command.exit_code or "Traceback" in done.stderr
        if command.text in KNOWN and not failed:
            wrong.append(f"{command}\nruns now: remove it from KNOWN ({KNOWN[command.text]})")
        elif failed and command.text not in KNOWN:
            wrong.append(f"{command}\nexit {done.returncode}, the README says "
                         f"{command.exit_code}\nstdout: {done.stdout[-800:]}\n"
                         f"stderr: {done.stderr[-800:]}")
    assert not wrong, "\n\n".join(wrong)


def _examples() -> dict[tuple[object, ...], dict[str, object]]:
    """The shipped example files, by what identifies them (chassis and model, or force)."""
    found = {}
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found[_identity(data)] = data
    return found


def _identity(data: dict[str, object]) -> tuple[object, ...]:
    return ("force", data["force"]) if "force" in data else (data["chassis"], data["model"])


@pytest.mark.parametrize("block", [m.group(1) for m in YAML_BLOCK.finditer(
    README.read_text(encoding="utf-8"))], ids=lambda b: b.splitlines()[0])
def test_yaml_the_readme_shows_is_complete_and_true(block: str, folder: Path,
                                                   mechlab: str) -> None:
    """A design or force the README shows works as written, and one the repository
    ships is shown whole: every field of the file, as the file has it (the README may
    add an optional field it explains)."""
    data = yaml.safe_load(block)
    shipped = _examples().get(_identity(data))
    if shipped is not None:
        shown = {key: data.get(key) for key in shipped}
        assert shown == shipped, "the README shows an example file other than it is"
    # Beside the examples, so a force's `unit: catapult.yaml` finds its design.
    path = folder / "examples" / "readme-block.yaml"
    path.write_text(block, encoding="utf-8")
    command = "force" if "force" in data else "validate"
    done = _run(Command(0, f"mechlab {command} examples/readme-block.yaml", 0), folder,
                mechlab)
    path.unlink()
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("shown", [(m.group(1), m.group(2)) for m in SHOWN.finditer(
    README.read_text(encoding="utf-8"))], ids=lambda s: s[0])
def test_output_the_readme_shows_is_what_mechlab_prints(shown: tuple[str, str],
                                                        folder: Path, mechlab: str) -> None:
    """Each line shown (`…` stands for lines left out) is printed, in that order."""
    text, expected = shown
    done = _run(Command(0, text.partition(" #")[0], 0), folder, mechlab)
    printed = iter((done.stdout + done.stderr).splitlines())
    for line in expected.splitlines():
        if line.strip() != "…":
            assert any(got.rstrip() == line.rstrip() for got in printed), (
                f"{text}: the README shows {line!r}, mechlab does not print it there\n"
                f"{done.stdout}{done.stderr}")
