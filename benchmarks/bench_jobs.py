"""`-j N` (issue 31): `check`, `validate`, `build`, `sheet` and `card` over the same 500 files of
MegaMek's rules-level 1-2 catalogue with -j 1 and -j 2, and the peak memory of each run.

    python benchmarks/bench_jobs.py [--files 500] [--rounds 3] [--commands check,sheet,bare]

Each round runs every command once with -j 1 and once with -j 2, back to back (the
order alternating), each as a fresh process; the table gives the medians of wall clock,
of CPU (user + sys of the command and its workers), of the command's CPU before its
workers started (the serial part) and of the rounds' speed-ups (wall -j 1 / wall -j 2:
runs seconds apart, under the same load), and the largest peak RSS of the command's own
process (a worker's is not counted). Only reports: timing assertions never go in the
tests.

Wall clock on a shared machine: Linux shares the CPU between sessions (autogroup
scheduling), not between processes, so while another session keeps a core busy a second
worker gets no more CPU than one process would, and the wall speed-up says nothing of
two cores. The CPU model says what two otherwise idle cores would do with the same runs:
-j 1's CPU against -j 2's serial part plus the rest of its CPU shared by two cores (or
the command's own part after the workers start, if longer). It leaves out waits between
the processes and an uneven last chunk, and under load the -j 2 runs' CPU inflates more
than -j 1's: a low estimate there (docs/benchmarks.md, lane jobs). The ceiling is what
no scheduling of two workers can pass: -j 1's CPU against -j 2's serial part plus the
rest of -j 1's CPU on two cores, as if the workers repeated nothing, waited for nothing
and the command took no CPU of its own after they started. Each worker needs what the
serial part loads (Python, the imports, the tables), so starting them earlier, or as
fresh processes, moves that work but does not shorten it.

`bare` is `check`'s work with nothing of `-j` around it:
no command line, pipes or results handed back, the first file read in the process, then
two forked children taking every other file while the parent waits. Its speed-up is what
a fork of mechlab's work reaches on this host, with the same start-up, the same first
input, and what forking costs (copy-on-write faults, each child warming its own caches):
where `check -j 2` falls short of 1.7× and `bare` does too, the shortfall is not `-j`'s.

Bytecode: as `bench_startup.py`, the children cache bytecode even where
PYTHONDONTWRITEBYTECODE is set (an installed mechlab has its modules compiled), and each
command runs once on two files before the rounds to write the caches; without it every
start compiles mechlab's modules, ~0.3 s more of the serial part that `-j` cannot share.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_standard_check import level_1_2

# The command runs in this child as the `mechlab` script runs it (`mechlab.cli.main`),
# with the moment its workers start noted: the command's own CPU until then (start-up,
# finding the inputs, the first input: what `-j` cannot share), its own CPU after, the
# workers' CPU, and its peak RSS, written to the file named first.
TRACED = """\
import atexit, resource, sys, time
import mechlab.cli.batch as batch
from mechlab.cli import main
forked = []
start = batch._Crew.__init__
def crew(self, *args, **kwargs):
    forked.append(time.process_time())
    start(self, *args, **kwargs)
batch._Crew.__init__ = crew
def report(path=sys.argv[1]):
    me = resource.getrusage(resource.RUSAGE_SELF)
    them = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = me.ru_utime + me.ru_stime
    with open(path, "w") as out:
        print(forked[0] if forked else own, own, them.ru_utime + them.ru_stime, me.ru_maxrss,
              file=out)
atexit.register(report)
sys.argv = ["mechlab", *sys.argv[2:]]
main()
"""

# `bare`: check_file over the folder's files, the rest after the first in -j children
# forked from this process (every other file each), the report written as TRACED's.
BARE = """\
import gc, os, resource, sys, time
from pathlib import Path
from mechlab.check import check_file, design_files
report, folder, jobs = sys.argv[1], Path(sys.argv[2]), int(sys.argv[-1])
paths = design_files(folder)
check_file(paths[0])
forked = time.process_time()
gc.freeze()  # as the command does (cli/__init__.py, cli/common.py long_lived)
if jobs == 1:
    for path in paths[1:]:
        check_file(path)
else:
    children = []
    for index in range(jobs):
        pid = os.fork()
        if pid == 0:
            for path in paths[1 + index::jobs]:
                check_file(path)
            os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)
me = resource.getrusage(resource.RUSAGE_SELF)
them = resource.getrusage(resource.RUSAGE_CHILDREN)
own = me.ru_utime + me.ru_stime
with open(report, "w") as out:
    print(forked if jobs > 1 else own, own, them.ru_utime + them.ru_stime, me.ru_maxrss,
          file=out)
"""


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float  # the command's and its workers'
    serial: float  # the command's CPU before its workers started (all of it at -j 1)
    after: float  # the command's CPU after its workers started
    workers: float  # the workers' CPU
    rss: int  # the command's peak, KiB

    @property
    def modelled(self) -> float:
        """The wall clock on two otherwise idle cores: the serial part, then the rest of
        the CPU shared by two cores (or the command's own share, if that is longer)."""
        return self.serial + max((self.after + self.workers) / 2, self.after)


def run(args: list[str], work: Path) -> Run:
    report = work / "report.txt"
    script = BARE if args[0] == "bare" else TRACED
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", script, str(report), *args[1:]], check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    serial, own, workers, rss = report.read_text().split()
    return Run(wall, float(own) + float(workers), float(serial), float(own) - float(serial),
               float(workers), int(rss))


def commands(files: list[str], work: Path) -> dict[str, list[str]]:
    mechlab = ["mechlab"]  # TRACED runs `mechlab` with the arguments after it
    folder = work / "folder"
    folder.mkdir(parents=True)
    for index, path in enumerate(files):  # `check` takes a folder: links to the files
        (folder / f"{index:04d}-{Path(path).name}").symlink_to(path)
    return {
        "check": [*mechlab, "check", str(folder)],
        "validate": [*mechlab, "validate", *files],
        "build": [*mechlab, "build", "-q", "-o", str(work / "out"), "--force", *files],
        "sheet": [*mechlab, "sheet", "-o", str(work / "run.pdf"), *files],
        "card": [*mechlab, "card", "--game", "alpha-strike", "-o", str(work / "cards.pdf"),
                 *files],
        "bare": ["bare", str(folder)],
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--commands", default="check,bare,validate,build,sheet,card")
    args = parser.parse_args()
    files = [str(p) for p in level_1_2()[:args.files]]
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the children cache bytecode
    chosen = args.commands.split(",")
    rows: dict[str, dict[str, list[Run]]] = {name: {"1": [], "2": []} for name in chosen}
    speedups: dict[str, list[float]] = {name: [] for name in chosen}
    modelled: dict[str, list[float]] = {name: [] for name in chosen}
    ceilings: dict[str, list[float]] = {name: [] for name in chosen}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        every = commands(files, work)
        warm = commands(files[:2], work / "warm-up")
        for name in chosen:  # writes the bytecode caches
            run([*warm[name], "-j", "1"], work)
        load = os.getloadavg()[0]
        for index in range(args.rounds):
            for name in chosen:
                order = ("1", "2") if index % 2 == 0 else ("2", "1")
                this = {jobs: run([*every[name], "-j", jobs], work) for jobs in order}
                for jobs in order:
                    rows[name][jobs].append(this[jobs])
                speedups[name].append(this["1"].wall / this["2"].wall)
                modelled[name].append(this["1"].cpu / this["2"].modelled)
                ceilings[name].append(this["1"].cpu / (this["2"].serial
                                                       + (this["1"].cpu - this["2"].serial) / 2))
    print(f"{len(files)} files, {args.rounds} rounds, load average {load:.2f} → "
          f"{os.getloadavg()[0]:.2f}, {os.cpu_count()} cores\n")
    print("| command | -j | wall median (min–max) | CPU median | serial CPU | peak RSS "
          "| speed-up (wall) | speed-up (CPU model) | ceiling |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in chosen:
        for jobs in ("1", "2"):
            runs = rows[name][jobs]
            walls = [r.wall for r in runs]
            ratios = ("", "", "") if jobs == "1" else (
                spread(speedups[name]), spread(modelled[name]), spread(ceilings[name]))
            print(f"| {name} | {jobs} | {spread(walls, ' s')} | "
                  f"{statistics.median(r.cpu for r in runs):.2f} s | "
                  f"{statistics.median(r.serial for r in runs):.2f} s | "
                  f"{max(r.rss for r in runs) / 1024:.0f} MiB | {ratios[0]} | {ratios[1]} "
                  f"| {ratios[2]} |")
    return 0


def spread(values: list[float], unit: str = "×") -> str:
    return (f"{statistics.median(values):.2f}{unit} "
            f"({min(values):.2f}–{max(values):.2f})")


if __name__ == "__main__":
    sys.exit(main())
