"""Runs over many inputs (issue 31): each input read, judged and turned into what the
command makes of it, one after another or in worker processes (`-j N`), the results
handed back in the order given; an input that cannot be read or judged is skipped with
one line, and the run exits with the worst code.

Only the work of one input runs in a worker: it returns plain data (bytes, a page, text
lines), and the command's own process prints, stages and writes, in the order given,
so `-j 4` writes the same bytes and lines as `-j 1`.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import click

from mechlab.cli.common import F, clip
from mechlab.core.errors import DesignError

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
        jobs: int | None) -> Iterator[R | Skipped]:
    """`work(item)` for each item, in order; a `DesignError` becomes `Skipped`."""
    workers = workers_for(jobs, len(items))
    guarded = functools.partial(_guarded, work)
    if workers == 0:
        for item, label in zip(items, labels, strict=True):
            result = guarded((item, label))
            if isinstance(result, _Raised):
                raise result.exc
            yield result
        return
    entries = list(zip(items, labels, strict=True))
    # The first input in this process, before the workers fork: what it loads on first
    # use (a ruleset's tables, the design models' validators, fonts) is then loaded once
    # and shared, not once in each worker.
    first = guarded(entries[0])
    if isinstance(first, _Raised):
        raise first.exc
    yield first
    yield from _in_workers(guarded, entries[1:], workers)


def _guarded(work: Callable[[T], R], entry: tuple[T, str]) -> R | Skipped | _Raised[R]:
    item, label = entry
    try:
        return work(item)
    except DesignError as exc:
        return Skipped.of(label, exc)
    except (Exception, KeyboardInterrupt) as exc:  # raised again in the command
        return _Raised(exc)


def _chunk(guarded: Callable[[Any], Any], entries: list[Any]) -> list[Any]:
    return [guarded(entry) for entry in entries]


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C and the ending signals to the command's process, which
    stops the workers and removes its staged files (`stop_on_signals`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGALRM", "SIGUSR1", "SIGUSR2", "SIGXCPU"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    sys.stdin = open(os.devnull)  # noqa: SIM115 - a worker reads no terminal


def _in_workers(guarded: Callable[[Any], Any], entries: list[Any], workers: int
                ) -> Iterator[Any]:
    """Chunks of entries in `workers` forked processes, at most a few chunks ahead of
    the command (memory stays flat however long the run), results in order."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    chunks = [entries[i:i + CHUNK] for i in range(0, len(entries), CHUNK)]
    pending: deque[Any] = deque()
    with context.Pool(workers, initializer=_quiet_worker) as pool:
        submitted = 0
        while submitted < len(chunks) or pending:
            while submitted < len(chunks) and len(pending) < workers * 3:
                pending.append(pool.apply_async(_chunk, (guarded, chunks[submitted])))
                submitted += 1
            for result in pending.popleft().get():
                if isinstance(result, _Raised):
                    raise result.exc
                yield result


def tell_skipped(skipped: Sequence[Skipped]) -> None:
    """One line on stderr for each input skipped."""
    for entry in skipped:
        click.echo(entry.line(), err=True)


def nothing_done(skipped: Sequence[Skipped]) -> DesignError:
    """Every input skipped: the whole report of each, as for one bad input (exit 2)."""
    return DesignError.combine([entry.error() for entry in skipped])
