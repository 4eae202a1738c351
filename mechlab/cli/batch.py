"""Runs over many inputs (issue 31): each input read, judged and turned into what the
command makes of it, one after another or in worker processes (`-j N`), the results
handed back in the order given; an input that cannot be read or judged is skipped with
one line, and the run exits with the worst code.

Only the work of one input runs in a worker: it returns plain data (bytes, a page, text
lines), and the command's own process prints, stages and writes, in the order given,
so `-j 4` writes the same bytes and lines as `-j 1`.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

import click

from mechlab.cli.common import F, clip, long_lived, tell_notes
from mechlab.cli.workers import Shared
from mechlab.cli.workers import _Crew as _Crew
from mechlab.core.errors import DesignError
from mechlab.files.output import ENDING

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from mechlab.files.inputs import Located
    from mechlab.force.model import Force

T = TypeVar("T")
R = TypeVar("R")

# Without -j, worker processes start only for a run this long: starting them costs more
# than a few designs take.
DEFAULT_MIN_RUN = 16
CHUNK = 4  # inputs a worker takes at a time (fewer round trips)


@dataclass(frozen=True)
class Skipped:
    """An input that could not be read or judged: its label and its problem lines."""

    label: str
    source: str
    problems: tuple[str, ...]
    lines: tuple[str, ...]

    @classmethod
    def of(cls, label: str, exc: DesignError) -> Skipped:
        return cls(label, exc.source or label, tuple(exc.problems), tuple(exc.lines))

    def line(self) -> str:
        """`mechlab: x.mtf: skipped: <its first problem> (+2 more problems)`."""
        first = self.problems[0] if self.problems else (
            self.lines[0] if self.lines else "could not be read")
        rest = max(len(self.problems), len(self.lines)) - 1
        more = f" (+{rest} more problem{'s' if rest != 1 else ''})" if rest > 0 else ""
        return clip(f"mechlab: {self.source}: skipped: {first}{more}")

    def error(self) -> DesignError:
        error = DesignError(self.source, list(self.problems))
        error.lines = list(self.lines)
        return error


@dataclass(frozen=True)
class _Raised(Generic[R]):
    """Anything else a worker raised (a bug, Ctrl-C), raised again in the command."""

    exc: BaseException


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def jobs_option(command: F) -> F:
    """`-j N`: worker processes (default: the cores there are)."""
    return click.option(
        "-j", "--jobs", type=click.IntRange(min=1), default=None,
        help="Worker processes for many inputs (default: the cores there are, for runs "
             f"of {DEFAULT_MIN_RUN} inputs or more); outputs are the same for any N.")(command)


def workers_for(jobs: int | None, inputs: int) -> int:
    """How many worker processes a run of `inputs` gets (0: run in this process)."""
    if jobs is None:
        jobs = cores() if inputs >= DEFAULT_MIN_RUN else 1
    if jobs <= 1 or inputs < 2 or not _can_fork():
        return 0
    return min(jobs, inputs)


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def run(work: Callable[[T], R], items: Sequence[T], labels: Sequence[str],
        jobs: int | None, shared: Shared | None = None) -> Iterator[R | Skipped]:
    """`work(item)` for each item, in order; a `DesignError` becomes `Skipped`.

    A signal that ends the run (Ctrl-C, SIGTERM, SIGHUP…) is only noted while it lasts
    (`_signals_noted`): raised wherever it lands, it ended runs with a traceback (inside
    an import or pydantic's schema building, which wrap what they catch) or, while the
    command waited on multiprocessing.Pool's workers, now and then hung it. Between
    inputs the run looks at the note; on one it stops (and its workers), and the signal
    goes to the command's own handler, which removes the staged files and exits
    128 + the signal's number. `shared`: what the workers pass each other (`Shared`)."""
    workers = workers_for(jobs, len(items))
    guarded = functools.partial(_guarded, work)
    entries = list(zip(items, labels, strict=True))
    with _signals_noted() as noted:
        if workers:
            yield from _first_here(guarded, entries, workers, noted, shared)
            return
        for entry in entries:
            result = _unless_raised(guarded(entry))
            if noted.signum is not None:
                return
            yield result
            if noted.signum is not None:
                return


def _first_here(guarded: Callable[[Any], Any], entries: list[Any], workers: int,
                noted: _Noted, shared: Shared | None) -> Iterator[Any]:
    """The first input in this process, before the workers fork: what it loads on first
    use (a ruleset's tables, the design models' validators, fonts) is then loaded once
    and shared, not once in each worker. They fork before its result is handed on: what
    the command loads to take it (a writer, a card layout and its fonts) is its own work,
    done beside theirs (issue 31: a `card` run's serial part)."""
    first = _unless_raised(guarded(entries[0]))
    if noted.signum is not None:
        return
    # What the first input loaded is out of the cyclic collector's rounds in the workers
    # too (`gc.freeze` before they fork): their collections do not walk it, nor copy the
    # pages it lies on (copy-on-write) by touching it.
    with long_lived():
        crew = _Crew(guarded, workers, shared)
        try:
            yield first
            if noted.signum is None:
                yield from _results(crew, entries[1:], noted)
        finally:
            crew.stop()


def _unless_raised(result: R | Skipped | _Raised[R]) -> R | Skipped:
    if isinstance(result, _Raised):
        raise result.exc
    return result


def _guarded(work: Callable[[T], R], entry: tuple[T, str]) -> R | Skipped | _Raised[R]:
    item, label = entry
    try:
        return work(item)
    except DesignError as exc:
        return Skipped.of(label, exc)
    except (Exception, KeyboardInterrupt) as exc:  # raised again in the command
        return _Raised(exc)


def _results(crew: _Crew, entries: list[Any], noted: _Noted) -> Iterator[Any]:
    """Chunks of entries in the crew's workers, at most a few chunks ahead of the command
    (memory stays flat however long the run), results in order, until the last or until
    a signal is noted. Each worker
    holds two chunks: it starts the next as soon as it has sent one's results, not once
    this process has woken to take them and give it another (on two busy cores that wait
    was a worker's time slice, chunk after chunk); and no more are given while three
    chunks a worker are done but not yet handed on (flat memory)."""
    from collections import deque
    from multiprocessing.connection import wait

    chunks = [entries[i:i + CHUNK] for i in range(0, len(entries), CHUNK)]
    held: dict[Connection, deque[int]] = {conn: deque() for conn in crew.conns}
    done: dict[int, list[Any]] = {}
    sent = wanted = 0
    while wanted < len(chunks):
        for conn in crew.conns:  # a worker's results come back in the order it got them
            while (len(held[conn]) < HELD and sent < len(chunks)
                   and sent - wanted < len(crew.conns) * 3):
                crew.give(conn, chunks[sent])
                held[conn].append(sent)
                sent += 1
        if wanted not in done:
            for ready in wait([conn for conn in crew.conns if held[conn]], _LOOK):
                conn = cast("Connection", ready)
                done[held[conn].popleft()] = crew.take(conn)
            if noted.signum is not None:
                return
            continue
        for result in done.pop(wanted):
            if isinstance(result, _Raised):
                raise result.exc
            yield result
            if noted.signum is not None:
                return
        wanted += 1


HELD = 2  # chunks a worker holds: the one it works on and the next
_LOOK = 0.05  # seconds between looks at the note while a chunk is still being worked on


class _Noted:
    """The first signal that came while the workers ran (None: none yet)."""

    signum: int | None = None

    def note(self, signum: int, frame: FrameType | None) -> None:
        if self.signum is None:
            self.signum = signum


@contextlib.contextmanager
def _signals_noted() -> Iterator[_Noted]:
    """Within the block, Ctrl-C and the signals that end the run are noted, not raised;
    at its end the handlers before it are back, and a noted signal is sent again to this
    process, so the handler the command had for it acts on it now (on the way out of the
    block, outside multiprocessing). A signal the process ignores (`nohup`) stays ignored;
    outside the main thread nothing changes."""
    noted = _Noted()
    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGINT, *ENDING):
            handler = signal.getsignal(signum)
            if handler is not None and handler is not signal.SIG_IGN:
                previous[signum] = signal.signal(signum, noted.note)
    try:
        yield noted
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if noted.signum is not None:
            signal.raise_signal(noted.signum)


def located_groups(files: Sequence[str]) -> tuple[list[Force | list[Located]], list[Skipped]]:
    """Force files (read now: a force is a lance or a company) and runs of other inputs,
    found but read only in their turn (in a worker with -j: the command's own process
    reads none of them); the inputs that cannot be found or read."""
    from mechlab.files.inputs import locate
    from mechlab.force.roster import is_force_file, load_force

    groups: list[Force | list[Located]] = []
    skipped: list[Skipped] = []
    for arg in files:
        try:
            if is_force_file(Path(arg)):
                groups.append(tell_notes(load_force(Path(arg))))
                continue
            found = locate(arg)
        except DesignError as exc:
            skipped.append(Skipped.of(arg, exc))
            continue
        if groups and isinstance(groups[-1], list):
            groups[-1].append(found)
        else:
            groups.append([found])
    return groups, skipped


def tell_skipped(skipped: Sequence[Skipped]) -> None:
    """One line on stderr for each input skipped."""
    for entry in skipped:
        click.echo(entry.line(), err=True)


def nothing_done(skipped: Sequence[Skipped]) -> DesignError:
    """Every input skipped: the whole report of each, as for one bad input (exit 2)."""
    return DesignError.combine([entry.error() for entry in skipped])
