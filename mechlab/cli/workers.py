"""The worker processes of a run over many inputs (`-j N`, cli/batch.py): each forked
with its own pipe, taking chunks of inputs and sending their results back, and passing
the others what it works out (`Shared`)."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol, cast

from mechlab.core.errors import DesignError
from mechlab.files.output import ENDING

if TYPE_CHECKING:
    from multiprocessing.connection import Connection


class Shared(Protocol):
    """What one worker works out that the others may reuse (a cache of a pure function's
    results): each worker fills its own caches, and what one process works out once the
    workers worked out each for itself (issue 31: `sheet -j 2` spent 1-1.5 s more CPU than
    `-j 1`, most of it placing the same armor pips again). A worker sends what it worked
    out with each chunk's results; the command passes it on to the others with their next
    chunk. Results are the same whoever works them out, so the outputs are too."""

    def start(self) -> None:
        """In a worker, as it starts: note from now on what it works out."""

    def fresh(self) -> bytes:
        """What this worker worked out since it was last asked (b"": nothing)."""

    def learn(self, news: bytes) -> None:
        """What another worker worked out (`fresh`)."""


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C and the ending signals to the command's process, which
    stops the workers and removes its staged files (`_signals_noted`): a Ctrl-C at the
    terminal reaches every process of the run, and only the command decides."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in ENDING:  # the command ends its workers with SIGTERM
        signal.signal(signum, signal.SIG_DFL)
    sys.stdin = open(os.devnull)  # noqa: SIM115 - a worker reads no terminal


def _serve(guarded: Callable[[Any], Any], conn: Connection, inherited: list[Connection],
           shared: Shared | None) -> None:
    """A worker: chunk after chunk from its own pipe (with what the other workers worked
    out meanwhile), each chunk's results sent back (with what this one worked out),
    until the pipe closes or says None."""
    _quiet_worker()
    for other in inherited:  # the other workers' pipes, forked with this process
        other.close()
    if shared is not None:
        shared.start()
    try:
        for entries, news in _given(conn, shared is not None):
            if shared is not None:
                for learnt in news:
                    shared.learn(learnt)
            results = [guarded(entry) for entry in entries]
            conn.send((results, b"" if shared is None else shared.fresh()))
    except (EOFError, BrokenPipeError):
        pass  # the command is gone or done


def _given(conn: Connection, drained: bool) -> Iterator[tuple[list[Any], list[bytes]]]:
    """What the command gives a worker, until None. With news (`drained`), a thread takes
    it off the pipe as it comes: the command, giving a chunk and news larger than the
    pipe holds, would wait for this worker to read while this worker waited for the
    command to take its results (a run of 75 sheets hung so)."""
    if not drained:
        while (given := conn.recv()) is not None:
            yield given
        return
    import queue

    inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()

    def take_off() -> None:
        try:
            while (given := conn.recv()) is not None:
                inbox.put(given)
        except (EOFError, OSError):
            pass
        inbox.put(None)

    threading.Thread(target=take_off, daemon=True).start()
    while (given := inbox.get()) is not None:
        yield given


class _Crew:
    """The worker processes, each with its own pipe. No lock is shared with them (as
    multiprocessing.Pool's queues are), so a worker stopped at any moment cannot leave
    one held and the command waiting on it for ever."""

    def __init__(self, guarded: Callable[[Any], Any], workers: int,
                 shared: Shared | None = None) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self.conns: list[Connection] = []
        self.processes: list[Any] = []
        # What the other workers worked out, for each worker with its next chunk.
        self.news: dict[Connection, list[bytes]] = {}
        for _ in range(workers):
            mine, theirs = context.Pipe()
            process = context.Process(target=_serve, daemon=True,
                                      args=(guarded, theirs, list(self.conns), shared))
            process.start()
            theirs.close()
            self.conns.append(mine)
            self.processes.append(process)
            self.news[mine] = []

    def give(self, conn: Connection, entries: list[Any]) -> None:
        news, self.news[conn] = self.news[conn], []
        try:
            conn.send((entries, news))
        except OSError:  # a broken pipe here is the worker's, not the terminal's
            raise self.lost(conn) from None

    def take(self, conn: Connection) -> list[Any]:
        """A chunk's results; what the worker worked out goes to the others' news."""
        try:
            results, fresh = cast("tuple[list[Any], bytes]", conn.recv())
        except (EOFError, OSError):
            raise self.lost(conn) from None
        if fresh:
            for other in self.conns:
                if other is not conn:
                    self.news[other].append(fresh)
        return results

    def lost(self, conn: Connection) -> DesignError:
        """A worker gone mid-run (killed): one line and exit 2, not a wait for ever."""
        process = self.processes[self.conns.index(conn)]
        process.join(1)
        return DesignError("-j", [f"a worker process ended unexpectedly (exit code "
                                  f"{process.exitcode}); run again, or with -j 1"])

    def stop(self) -> None:
        """Every worker ended (SIGTERM, which they do not catch) and waited for."""
        for process in self.processes:
            if process.is_alive():
                process.terminate()
        for conn in self.conns:
            conn.close()
        for process in self.processes:
            process.join(5)
            if process.is_alive():  # not yet past its start (still on the command's handlers)
                process.kill()
                process.join()
