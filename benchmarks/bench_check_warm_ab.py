"""`check` by this checkout and by another, in two warm processes that take turns on the
same chunks of files (issue 31): on a loaded machine the fairest comparison of two
versions, since both meet the same load within a second of each other.

    git archive main | tar -x -C /tmp/before
    python benchmarks/bench_check_warm_ab.py --before /tmp/before [--chunk 200] [--rounds 1]

Each side is one process (the checkout on its `PYTHONPATH`) that first checks every 50th
file (every table made, every cache of a process filled), then, told a chunk, checks it
and answers its CPU time (time.process_time). Chunk after chunk of all 3,692 files of
megamek-all, the order of the two alternating. It prints the total CPU of each side and
the median of the chunks' ratios. Warm: the one-off costs of a process are not in it
(`bench_check_ab.py` has them). Only reports: timing assertions never go in the tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

WORKER = f"""
import sys, time
sys.path.insert(0, {str(HERE)!r})
from bench_standard_check import every_file
from mechlab.check import check_file
paths = every_file()
for path in paths[::50]:
    check_file(path)
print("ready", flush=True)
for line in sys.stdin:
    start, end = map(int, line.split())
    began = time.process_time()
    for path in paths[start:end]:
        check_file(path)
    print(time.process_time() - began, flush=True)
"""


class Side:
    def __init__(self, source: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(source))
        self.process = subprocess.Popen([sys.executable, "-c", WORKER], env=env, cwd="/",
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        assert self.process.stdout is not None
        if self.process.stdout.readline().strip() != "ready":
            raise SystemExit(f"{source}: the worker did not start")

    def check(self, start: int, end: int) -> float:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{start} {end}\n")
        self.process.stdin.flush()
        return float(self.process.stdout.readline())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path, required=True,
                        help="the other checkout (before the change)")
    parser.add_argument("--chunk", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=1)
    options = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from bench_standard_check import every_file

    count = len(every_file())
    load = os.getloadavg()[0]
    before, after = Side(options.before.resolve()), Side(REPO)
    cpu = {"before": 0.0, "this": 0.0}
    ratios: list[float] = []
    for index in range(options.rounds):
        for number, start in enumerate(range(0, count, options.chunk)):
            end = min(count, start + options.chunk)
            order = [("before", before), ("this", after)]
            if (number + index) % 2:
                order.reverse()
            times = {name: side.check(start, end) for name, side in order}
            cpu["before"] += times["before"]
            cpu["this"] += times["this"]
            ratios.append(times["this"] / times["before"])
    before.close()
    after.close()
    print(f"{count} files in chunks of {options.chunk}, {options.rounds} round(s), load "
          f"average {load:.2f} → {os.getloadavg()[0]:.2f}: before {cpu['before']:.2f} s, "
          f"this checkout {cpu['this']:.2f} s CPU: {cpu['this'] / cpu['before']:.2f}× "
          f"(median of the chunks {statistics.median(ratios):.2f}×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
