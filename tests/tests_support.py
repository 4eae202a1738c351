"""Helpers shared by test modules (importable: tests/ is on sys.path under pytest).

Fixtures live in conftest.py; everything a test module imports by name lives here, so no
test imports `conftest` as a module.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from mechlab.core.design import Design
from mechlab.files.load import design_from_dict
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.rulesets import DEFAULT as DEFAULT_RULESET
from mechlab.validate import Finding, Severity, validate

if TYPE_CHECKING:
    from mechlab.assess import Assessment
    from mechlab.cards.as_card import AlphaStrikeCard
    from mechlab.check import CheckResult
    from mechlab.core.errors import DesignError
    from mechlab.files.library import LibraryUnit

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
DATA = Path(__file__).resolve().parent / "data"
# ../shared beside the checkout; MECHLAB_SHARED names it elsewhere (a worktree one level
# deeper), so that the sweeps run there too.
SHARED = Path(os.environ.get("MECHLAB_SHARED") or REPO.parent / "shared")
CORPUS = SHARED / "corpus" / "megamek-mtf"
# Three MegaMek files' technical lines (tests/data/vendor.py): the .mtf reader's cases.
MEGAMEK = DATA / "megamek"

# The one skip a clone on its own may show: sweeps that read MegaMek's own .mtf files
# (conftest.py counts them in the run's summary). Every published number lives in
# tests/data/ and runs everywhere.
NO_CORPUS = f"needs MegaMek's own .mtf files at {CORPUS}"
NO_SHARED = f"needs the sources tests/data/ was copied from, at {SHARED}"
needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=NO_CORPUS)
# The same for sweeps over the whole MegaMek catalogue (3,692 files, INDEX.tsv): single
# designs a test checks are vendored into MEGAMEK instead.
ALL = SHARED / "corpus" / "megamek-all"
NO_ALL = f"needs MegaMek's whole catalogue at {ALL}"
needs_megamek_all = pytest.mark.skipif(not (ALL / "INDEX.tsv").is_file(), reason=NO_ALL)


def mech_of(data: dict[str, Any]) -> Mech:
    return resolve(design_from_dict(data))


def findings_of(data: dict[str, Any]) -> list[Finding]:
    return validate(mech_of(data))


def errors_of(data: dict[str, Any]) -> list[str]:
    """Every error as printed: 'E-CODE path: message'."""
    return [str(f) for f in findings_of(data) if f.severity is Severity.ERROR]


def codes_of(data: dict[str, Any]) -> list[str]:
    return [f.code for f in findings_of(data)]


def put_at(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A copy of design data with `value` at `path` (keys and list indexes)."""
    import copy

    changed = copy.deepcopy(data)
    node: Any = changed
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return changed


def both_checks(data: Any) -> tuple[Design | None, Design | None]:
    """The design pydantic's full check makes of `data`, and the one `build` makes (None:
    refused, declined): build may decline what the full check takes, never take what it
    refuses or take it otherwise (core/record.py)."""
    from mechlab.core.design_schema import ValidationError
    from mechlab.core.design_schema import validate as full_check
    from mechlab.core.record import build

    try:
        full: Design | None = full_check(Design, data)
    except ValidationError:
        full = None
    try:
        built: Design | None = build(Design, data)
    except ValueError:
        built = None
    return full, built


def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*.mtf")) if CORPUS.is_dir() else []


def mutate(design: dict[str, Any], changes: Iterable[Callable[[dict[str, Any]], None]]
           ) -> list[Finding]:
    """Apply changes to a design dict, then validate it."""
    for change in changes:
        change(design)
    return validate(resolve(design_from_dict(design)))


T = TypeVar("T")

# Corpus sweeps (issue 31: the suite's time). A sweep holds every file of a corpus to one
# oracle, file by file. The default `pytest` takes a share spread over the corpus (every
# SWEEP_STRIDE-th file, in the corpus's sorted order), `pytest --sweep=rest` every other file
# (and only the sweeps), `--sweep=all` every file; CI runs the default and then the rest, so
# every file meets every oracle there. conftest.py sets `SWEEP` from the option.
SWEEP_STRIDE = 4
SWEEP = "sample"
sweep = pytest.mark.sweep  # the tests that take `swept` shares


def swept(items: Iterable[T]) -> list[T]:
    """This run's share of a sweep's items (all, the sample or the rest: `SWEEP`)."""
    if SWEEP == "all":
        return list(items)
    sample = SWEEP == "sample"
    return [item for i, item in enumerate(items) if (i % SWEEP_STRIDE == 0) == sample]


def read_table(path: Path) -> list[dict[str, str]]:
    """A tab-separated data file of tests/data: '#' lines are its header (the source), then
    a row of column names, then one row per record (short rows padded with '')."""
    lines = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    header, *rows = lines
    return [dict(zip(header, row + [""] * (len(header) - len(row)), strict=True))
            for row in rows]


# The sweeps over MegaMek's whole catalogue (ALL) share this mark: under pytest-xdist
# (`--dist loadgroup`, pyproject.toml) they run in one worker, which reads and judges each
# file once for all of them (`megamek_assessed`).
megamek_all_group = pytest.mark.xdist_group("megamek-all")


@cache
def megamek_assessed(path: Path) -> Assessment | DesignError:
    """A MegaMek file read and judged as `mechlab check` and `mechlab sheet` do (its
    reader, then every rule and the file's own facts), or the `DesignError` reading it
    raised: once per worker, however many sweeps ask (issue 31: the suite's time). A
    sweep only reads the assessment (it is immutable); what it computes from it is its
    own."""
    from mechlab.assess import assess_design
    from mechlab.core.errors import DesignError
    from mechlab.files.load import read_source

    try:
        source = read_source(path)
    except DesignError as exc:
        return exc
    return assess_design(source.design, source=source.facts)


def megamek_judged(path: Path) -> Assessment:
    """`megamek_assessed`, raising the `DesignError` of a file that cannot be read."""
    found = megamek_assessed(path)
    if isinstance(found, Exception):
        raise found.with_traceback(None)  # raised afresh each time, never grown
    return found


def megamek_checked(path: Path) -> CheckResult:
    """A MegaMek file's outcome as `mechlab check` reports it (`mechlab.check.check_file`:
    unsupported, unreadable, legal or illegal with its error codes and first error), from
    the worker's shared `megamek_assessed` rather than a second read and judgement
    (issue 31: the suite's time). Its errors are check's own: test_checkspeed holds
    check's verdict without warnings to the errors of the whole assessment."""
    from mechlab.check import CheckResult
    from mechlab.files.design_data import UnsupportedTechnologyError

    found = megamek_assessed(path)
    if isinstance(found, UnsupportedTechnologyError):
        return CheckResult(path, "unsupported", detail=found.item)
    if isinstance(found, Exception):
        return CheckResult(path, "unreadable", detail=found.problems[0] if found.problems else "")
    name = found.mech.design.name
    if found.legal:
        return CheckResult(path, "legal", name)
    errors = found.errors
    return CheckResult(path, "illegal", name, tuple(f.code for f in errors), str(errors[0]))


def judged_mtf(text: str, name: str = "unit.mtf") -> Assessment:
    """A MegaMek file's text imported and judged, with the file's own facts (its rules
    level, its declared BV) as `mechlab check` has them."""
    from mechlab.assess import assess
    from mechlab.files.mtf import import_mtf_bytes

    imported = import_mtf_bytes(text.encode("utf-8"), name)
    return assess(resolve(design_from_dict(imported.design, name)), imported.facts)


# An Alpha Strike card's fields as the Master Unit List's tables name them (tests/data/
# alpha_strike_*.tsv).
AS_FIELDS = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
             "specials")


def card_of(text: str) -> AlphaStrikeCard:
    """The Alpha Strike card of a MegaMek file's text."""
    from mechlab.cards.alpha_strike import alpha_strike_card

    return alpha_strike_card(judged_mtf(text).mech, "test")


def fields(card: AlphaStrikeCard) -> dict[str, str]:
    """A card's fields as the MUL's table prints them (`published`): its exported JSON's
    values as text, the specials sorted."""
    from mechlab.cards.export import alpha_strike_data

    data = alpha_strike_data(card).model_dump(mode="json")
    names = {"dmg_s": "s", "dmg_m": "m", "dmg_l": "l"}
    out = {f: str(data[names.get(f, f)]) for f in AS_FIELDS if f != "specials"}
    out["specials"] = ",".join(sorted(data["specials"]))
    return out


def published(row: dict[str, str]) -> dict[str, str]:
    """The MUL's card in a row of tests/data/alpha_strike_*.tsv, in `fields`' form: the
    specials sorted (a comma inside parentheses, as in TUR(…), is part of one special)."""
    specials = re.split(r",(?![^(]*\))", row["specials"])
    return {**{f: row[f] for f in AS_FIELDS},
            "specials": ",".join(sorted(s.strip() for s in specials if s.strip()))}


@cache
def library_designs() -> dict[str, Design]:
    """MegaMek file name → the library's design imported from it (tests/data/battle_values.tsv
    names each file's chassis and model): what the published numbers are checked on when
    MegaMek's own files are not beside the checkout."""
    from mechlab.files.library import library

    units = {(unit.chassis, unit.model): unit.design for unit in library()
             if unit.ruleset == DEFAULT_RULESET and unit.design}
    return {row["file_name"]: units[row["chassis"], row["model"]]
            for row in read_table(DATA / "battle_values.tsv")}


@cache
def library_assessed() -> tuple[tuple[LibraryUnit, Assessment], ...]:
    """Every library unit (in the library's order) with its design resolved and judged:
    once per worker for every sweep over the library (issue 31). The design is the one
    the library read (`unit.design`, libyaml's parser); test_fast_paths holds it to what
    `load_design` (the reader of a user's file, line numbers and bounds) gives for every
    library file, and the README tour validates every one through that reader: reading
    each file a second time that way took ~2.5 s of CPU in each worker. A sweep only
    reads the assessment; what it lays out or computes from it is its own."""
    from mechlab.assess import assess
    from mechlab.files.library import library

    return tuple((unit, assess(resolve(unit.design))) for unit in library())  # type: ignore[arg-type]


def card_games() -> dict[str, tuple[Callable[[Mech], Any], Callable[..., Any]]]:
    """Every card game mechlab registers (mechlab.cards.games): name → (its card of a
    'Mech, at skill 4 where the game takes one; its layout)."""
    from mechlab.assess import assess
    from mechlab.cards.games import game_names, get_game

    def converter(name: str) -> Callable[[Mech], Any]:
        game = get_game(name)
        return lambda mech: game.convert(assess(mech), mech.name, 4 if game.skill else None)

    return {name: (converter(name), get_game(name).layout) for name in game_names()}


def once_per_run(name: str, compute: Callable[[], Any],
                 factory: pytest.TempPathFactory) -> Any:
    """`compute()`'s result, computed by one pytest-xdist worker of the run and read by the
    others (pickled under the run's shared temporary folder): a module fixture that several
    slow tests share is otherwise computed once in each worker that runs one of them
    (issue 31: the suite's time). Without xdist it is simply computed."""
    import pickle
    import time

    if "PYTEST_XDIST_WORKER" not in os.environ:
        return compute()
    root = factory.getbasetemp().parent  # shared by the run's workers
    result, lock = root / f"{name}.pickle", root / f"{name}.lock"
    while True:
        if result.exists():
            return pickle.loads(result.read_bytes())
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            time.sleep(0.2)  # another worker is computing it
            continue
        try:
            value = compute()
            part = root / f"{name}.{os.getpid()}.part"
            part.write_bytes(pickle.dumps(value))
            part.replace(result)
            return value
        finally:
            if not result.exists():
                lock.unlink()  # it failed here: a waiting worker computes it itself


def run_here(*args: str, cwd: Path) -> Any:
    """`mechlab ARGS` run in this process in `cwd`, answering as `subprocess.run` does
    (returncode, stdout, stderr): the suite's CPU goes to the command, not to starting
    Python and importing mechlab again (issue 31). A traceback would be a returncode 1
    with the traceback in stderr, as a real process prints it. Tests that prove what only
    a real process shows (the exit code the shell sees, signals, stdin) use test_bad_input's
    `run` instead."""
    import contextlib
    import subprocess
    import traceback

    from click.testing import CliRunner

    from mechlab.cli import main

    with contextlib.chdir(cwd):
        result = CliRunner().invoke(main, list(args), prog_name="mechlab")
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(*result.exc_info))  # type: ignore[misc]
    return subprocess.CompletedProcess(["mechlab", *args], result.exit_code, result.stdout,
                                       stderr)


# A warm mechlab for the README tour: one Python that has imported mechlab and every
# command module forks a fresh child per command (tests_support.forked_mechlab).
_SERVER = r"""
import importlib, os, runpy, socket, sys
before = dict(os.environ)
from mechlab.cli import COMMANDS
for module, _, _ in COMMANDS.values():
    importlib.import_module(f"mechlab.cli.{module}")
for name in sys.argv[2:]:
    importlib.import_module(name)
# What importing mechlab set in its own environment (PYDANTIC_DISABLE_PLUGINS): a
# command's process has it too, whatever the shell that started it.
imported = {k: v for k, v in os.environ.items() if before.get(k) != v}
listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
listener.bind(sys.argv[1])
listener.listen()
print("ready", flush=True)
while True:
    connection, _ = listener.accept()
    message, fds, _, _ = socket.recv_fds(connection, 1 << 20, 3)
    cwd, count, *rest = (os.fsdecode(part) for part in message.split(b"\0"))
    args, env = rest[:int(count)], rest[int(count):]
    pid = os.fork()
    if pid == 0:  # the command's process, from here on as `python -m mechlab ARGS`
        listener.close()
        connection.close()
        for number, fd in enumerate(fds):
            os.dup2(fd, number)
            os.close(fd)
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(dict(pair.split("=", 1) for pair in env), **imported)
        sys.argv = ["mechlab", *args]
        runpy.run_module("mechlab", run_name="__main__", alter_sys=True)
        sys.exit()
    for fd in fds:
        os.close(fd)
    connection.sendall(str(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])).encode())
    connection.close()
"""
# The command's side (`python -S`, C modules only: ~15 ms): its folder, arguments and
# environment, and its stdin, stdout and stderr themselves (SCM_RIGHTS); its exit code back.
_CLIENT = ("import _socket,array,os,sys\n"
           "s=_socket.socket(_socket.AF_UNIX,_socket.SOCK_SEQPACKET)\ns.connect(sys.argv[1])\n"
           "a=[os.fsencode(x) for x in sys.argv[2:]]\n"
           "m=b'\\0'.join([os.getcwdb(),str(len(a)).encode(),*a,"
           "*(k+b'='+v for k,v in os.environb.items())])\n"
           "s.sendmsg([m],[(_socket.SOL_SOCKET,_socket.SCM_RIGHTS,array.array('i',[0,1,2]))])\n"
           "c=int(s.recv(16))\nsys.exit(c if c>=0 else 128-c)")


@contextmanager
def forked_mechlab(folder: Path, env: dict[str, str], preload: Iterable[str] = ()
                   ) -> Iterator[str]:
    """A bash function `mechlab` (its definition, to put before a command line) that runs
    each command as a process of its own, forked from one warm Python that imported
    mechlab and its commands (and `preload`) once: bash expands the line (quotes, globs,
    `>`), the command's process gets the shell's stdin, stdout and stderr, its working
    folder, environment and arguments, and its exit code is the function's. What is
    spared is each process's start-up and imports (~1 s of CPU a command, issue 31: the
    README tour ran 22 `python -m mechlab`); `test_bad_input.run` starts a real one."""
    import shlex
    import subprocess
    import sys

    socket_path = folder / "mechlab.sock"
    server = subprocess.Popen([sys.executable, "-c", _SERVER, str(socket_path), *preload],
                              env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert server.stdout is not None and server.stdout.readline() == "ready\n"
        yield (f"mechlab() {{ {shlex.quote(sys.executable)} -S -c {shlex.quote(_CLIENT)} "
               f"{shlex.quote(str(socket_path))} \"$@\"; }}\n")
    finally:
        server.kill()
        server.wait()
        server.stdout.close()  # type: ignore[union-attr]
        socket_path.unlink(missing_ok=True)
