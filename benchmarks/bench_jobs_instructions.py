"""`-j 2` against `-j 1` (issue 31) counted in instructions, not seconds: what no noise of
the host can move.

    python benchmarks/bench_jobs_instructions.py [--files 500] [--commands check,validate]

`bench_jobs.py` times the runs, and on a shared virtual machine the same run's CPU time
moves by a quarter from minute to minute (docs/benchmarks.md), so the speed-ups it
measures scatter around what the code allows. This benchmark runs each command under
valgrind's callgrind (about 50 times slower: some minutes a command) and counts the
instructions each process executes:

- `-j 1`: the whole run, T1;
- `-j 2`: the command's process until its workers fork (P: start-up, finding the inputs,
  the first input, counted up to the fork with `--dump-before=fork`), then each worker's
  (W1, W2, counted from its fork) and the command's own after the fork (A).

From these, with two cores each executing instructions at the same rate:
- the speed-up: T1 / (P + the largest of W1, W2 and (A + W1 + W2) / 2);
- the ceiling: T1 / (P + (T1 - P) / 2), the speed-up if the workers repeated nothing,
  split the work evenly and the command did nothing after they forked;
- the overhead: what `-j 2` executes after the fork beyond what `-j 1` executes after
  its first input, (A + W1 + W2) - (T1 - P).

It leaves out what instructions do not show: waits between the processes, and two
processes slowing each other on shared caches. Needs valgrind (`apt-get install
valgrind`). Only reports: timing assertions never go in the tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_jobs import commands
from bench_standard_check import level_1_2


@dataclass(frozen=True)
class Counts:
    """One `-j 2` run's instructions (`-j 1`'s is `before` alone)."""

    before: int  # the command's process until its workers forked (all of it at -j 1)
    after: int  # the command's process after they forked
    workers: tuple[int, ...]

    @property
    def modelled(self) -> float:
        """Instructions on the longest path through two cores."""
        shared = (self.after + sum(self.workers)) / 2
        return self.before + max(shared, *self.workers)


def callgrind(args: list[str], out: Path) -> Counts:
    """Runs `mechlab ARGS` under callgrind; the counts of each process and part."""
    out.mkdir(parents=True)
    subprocess.run(["valgrind", "--tool=callgrind", "--dump-before=fork",
                    f"--callgrind-out-file={out}/cg.%p", sys.executable, "-m", "mechlab",
                    *args], check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    parts: dict[int, dict[int, int]] = {}  # pid → part (0: the last) → instructions
    for path in out.iterdir():
        pid, _, part = path.name.removeprefix("cg.").partition(".")
        parts.setdefault(int(pid), {})[int(part or 0)] = _instructions(path)
    if len(parts) == 1:  # no fork: -j 1
        return Counts(sum(next(iter(parts.values())).values()), 0, ())
    # The command's process is the one that forked, so the one with parts dumped at a
    # fork. Part 1 ends at the first fork; the parts between forks are a few thousand
    # instructions of starting the next worker, counted before (serial) too.
    own = parts.pop(next(pid for pid, dumped in parts.items() if 1 in dumped))
    before = sum(count for part, count in own.items() if part != 0)
    return Counts(before, own[0], tuple(sum(p.values()) for p in parts.values()))


def _instructions(path: Path) -> int:
    for line in path.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"{path}: no instruction count")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=500)
    parser.add_argument("--commands", default="check,validate")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("bench_jobs_instructions: needs valgrind (apt-get install valgrind)",
              file=sys.stderr)
        return 2
    files = [str(p) for p in level_1_2()[:args.files]]
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # as bench_jobs: bytecode cached
    print(f"{len(files)} files; instructions in millions (callgrind)\n")
    print("| command | -j 1 | -j 2 before the fork | workers | command after | overhead "
          "| speed-up | ceiling |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        every = commands(files, work / "inputs")
        warm = commands(files[:2], work / "warm-up")
        for name in args.commands.split(","):
            subprocess.run([sys.executable, "-m", "mechlab", *warm[name], "-j", "1"],
                           check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            one = callgrind([*every[name], "-j", "1"], work / f"{name}-1").before
            two = callgrind([*every[name], "-j", "2"], work / f"{name}-2")
            print(row(name, one, two))
    return 0


def row(name: str, one: int, two: Counts) -> str:
    overhead = two.after + sum(two.workers) - (one - two.before)
    ceiling = one / (two.before + (one - two.before) / 2)
    workers = " + ".join(f"{w / 1e6:,.0f}" for w in two.workers)
    return (f"| {name} | {one / 1e6:,.0f} | {two.before / 1e6:,.0f} | {workers} | "
            f"{two.after / 1e6:,.0f} | {overhead / 1e6:+,.0f} ({overhead / one:+.1%}) | "
            f"{one / two.modelled:.2f}× | {ceiling:.2f}× |")


if __name__ == "__main__":
    sys.exit(main())
