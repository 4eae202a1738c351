"""`-j N` (issue 31): `check`, `validate`, `build`, `sheet` and `card` over the same 500 files of
MegaMek's rules-level 1-2 catalogue with -j 1 and -j 2, and the peak memory of each run.

    python benchmarks/bench_jobs.py [--files 500] [--rounds 3] [--commands check,sheet]

Each round runs every command once with -j 1 and once with -j 2, back to back (the
order alternating), each as a fresh process; the table gives the medians of wall clock,
of CPU (user + sys of the command and its workers) and of the rounds' speed-ups (wall
-j 1 / wall -j 2: runs seconds apart, under the same load), and the largest peak RSS
of the command's own process (`ru_maxrss` of a wrapper that runs only that child; a
worker's is not counted). On a machine with other work the speed-up is what is left of
two cores. Only reports: timing assertions never go in the tests.

Bytecode: as `bench_startup.py`, the children cache bytecode even where
PYTHONDONTWRITEBYTECODE is set (an installed mechlab has its modules compiled), and each
command runs once on two files before the rounds to write the caches; without it every
start compiles mechlab's modules, ~0.3 s more of the serial part that `-j` cannot share.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_speed import mechlab_command
from bench_standard_check import level_1_2

WRAPPER = ("import resource, subprocess, sys\n"
           "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def run(argv: list[str]) -> tuple[float, float, int]:
    """Wall, CPU (command and its workers) and the command's peak RSS in KiB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", WRAPPER, *argv], capture_output=True,
                          text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, int(done.stdout.strip())


def commands(files: list[str], work: Path) -> dict[str, list[str]]:
    mechlab = mechlab_command()
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
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--commands", default="check,validate,build,sheet,card")
    args = parser.parse_args()
    files = [str(p) for p in level_1_2()[:args.files]]
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the children cache bytecode
    with tempfile.TemporaryDirectory() as tmp:
        every = commands(files, Path(tmp))
        chosen = args.commands.split(",")
        warm = commands(files[:2], Path(tmp) / "warm-up")
        for name in chosen:  # writes the bytecode caches
            run([*warm[name], "-j", "1"])
        load = os.getloadavg()[0]
        rows: dict[str, dict[str, list[tuple[float, float, int]]]] = {
            name: {"1": [], "2": []} for name in chosen}
        speedups: dict[str, list[float]] = {name: [] for name in chosen}
        for index in range(args.rounds):
            for name in chosen:
                order = ("1", "2") if index % 2 == 0 else ("2", "1")
                this = {jobs: run([*every[name], "-j", jobs]) for jobs in order}
                for jobs in order:
                    rows[name][jobs].append(this[jobs])
                speedups[name].append(this["1"][0] / this["2"][0])
    print(f"{len(files)} files, {args.rounds} rounds, load average {load:.2f} → "
          f"{os.getloadavg()[0]:.2f}, {os.cpu_count()} cores\n")
    print("| command | -j | wall median (min–max) | CPU median | peak RSS | speed-up (wall) |")
    print("|---|---|---|---|---|---|")
    for name in chosen:
        for jobs in ("1", "2"):
            runs = rows[name][jobs]
            walls = [r[0] for r in runs]
            speedup = (f"{statistics.median(speedups[name]):.2f}× "
                       f"({min(speedups[name]):.2f}–{max(speedups[name]):.2f})"
                       if jobs == "2" else "")
            print(f"| {name} | {jobs} | {statistics.median(walls):.2f} "
                  f"({min(walls):.2f}–{max(walls):.2f}) s | "
                  f"{statistics.median(r[1] for r in runs):.2f} s | "
                  f"{max(r[2] for r in runs) / 1024:.0f} MiB | {speedup} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
