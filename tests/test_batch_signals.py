"""A run over many inputs in worker processes (`-j 2`) ends as a one-process run does, however
it is stopped: a Ctrl-C at the terminal (which reaches every process of the run) or the
loss of a worker gives one line, its exit code, no partial file and no process left behind,
and never a wait for ever (issue 31's `-j`). The signals sent to the command alone are in
test_output_policy.py and test_user_files.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mechlab

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups (POSIX)")


def _print_run(tmp_path: Path) -> subprocess.Popen[str]:
    """The library printed into one PDF by two workers, in a process group of its own (as
    a shell runs a job), with Ctrl-C's default action (a background job ignores it)."""
    from mechlab.files.library import library

    env = {**os.environ, "PYTHONPATH": str(Path(mechlab.__file__).resolve().parents[1])}
    return subprocess.Popen(
        [sys.executable, "-m", "mechlab", "sheet", *[str(u.path) for u in library()],
         "-o", "all.pdf", "-j", "2"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _workers(process: subprocess.Popen[str]) -> list[int]:
    """The run's worker processes, once they have started (Linux's /proc)."""
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    if not children.exists():
        pytest.skip("needs /proc/PID/task/PID/children")
    deadline = time.monotonic() + 60
    while process.poll() is None:
        assert time.monotonic() < deadline
        pids = [int(pid) for pid in children.read_text().split()]
        if len(pids) == 2:
            return pids
        time.sleep(0.02)
    pytest.fail("the run ended before its workers started")


def _group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.slow  # spawns a real mechlab process (~2 s)
def test_a_ctrl_c_at_the_terminal_stops_the_workers_and_the_run_exits_130(tmp_path):
    process = _print_run(tmp_path)
    _workers(process)
    time.sleep(0.3)  # the workers at work
    os.killpg(process.pid, signal.SIGINT)  # what the terminal sends: the whole job
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert stderr == "mechlab: interrupted; no partial file written\n"
    assert list(tmp_path.iterdir()) == []
    deadline = time.monotonic() + 10
    while not _group_gone(process.pid):  # no worker outlives the command
        assert time.monotonic() < deadline
        time.sleep(0.02)


@pytest.mark.slow  # spawns a real mechlab process (~2 s)
def test_a_worker_that_dies_ends_the_run_with_one_line_not_a_wait(tmp_path):
    process = _print_run(tmp_path)
    worker = _workers(process)[0]
    time.sleep(0.3)
    os.kill(worker, signal.SIGKILL)  # as the kernel's out-of-memory killer does
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 2
    assert stderr == ("mechlab: -j: a worker process ended unexpectedly (exit code -9); "
                      "run again, or with -j 1\n")
    assert list(tmp_path.iterdir()) == []


def test_a_signal_during_an_input_is_acted_on_once_that_input_is_done():
    """In the command's own process (-j 1, and the first input of any run) a signal is
    noted while an input is read, judged and laid out (raised there, it came out of an
    import or pydantic's schema building as another error, exit 1), and acted on between
    inputs: the one being worked on is finished, the next never started."""
    from mechlab.cli.batch import run
    from mechlab.files.output import Terminated, stop_on_signals

    if signal.getsignal(signal.SIGUSR1) is not signal.SIG_DFL:
        pytest.skip("SIGUSR1 is handled by the test runner here")
    done: list[int] = []

    def work(item: int) -> int:
        if item == 2:
            os.kill(os.getpid(), signal.SIGUSR1)  # arrives at once, mid-input
        done.append(item)
        return item

    with stop_on_signals(), pytest.raises(Terminated) as stopped:
        list(run(work, [1, 2, 3, 4], ["1", "2", "3", "4"], jobs=1))
    assert stopped.value.signum == signal.SIGUSR1
    assert done == [1, 2]
    assert signal.getsignal(signal.SIGUSR1) is signal.SIG_DFL  # the handlers are back
