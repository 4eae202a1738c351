"""`check` of MegaMek's files by this checkout and by another (before a change), each
against mtf2json reading the same files, in interleaved rounds (issue 31: at most 1.1×
mtf2json).

    git archive main | tar -x -C /tmp/before
    python benchmarks/bench_check_ab.py --before /tmp/before [--rounds 3] [--every 3]

Each round runs three fresh processes back to back on the same share of the corpus
(every `--every`-th file of megamek-all/INDEX.tsv, from an offset that moves each round):
the other checkout's `check_file`, this one's, and mtf2json's `read_mtf`, each timed on
CPU (time.process_time) after one warm-up file. Runs seconds apart share the machine's
load, so the ratios of one round compare; the table gives their medians. Only reports:
timing assertions never go in the tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def side(which: str, offset: int, every: int) -> float:
    """CPU seconds of one side over its share of the corpus (run in a child)."""
    sys.path.insert(0, str(HERE))
    from bench_standard_check import every_file

    paths = every_file()[offset::every]
    if which == "mtf2json":
        import mtf2json

        def one(path: Path) -> object:
            try:
                return mtf2json.read_mtf(path)
            except Exception:  # mtf2json refuses quads and a few others
                return None
    else:
        from mechlab.check import check_file as one
    one(paths[0])
    start = time.process_time()
    for path in paths:
        one(path)
    return time.process_time() - start


def child(which: str, source: Path, offset: int, every: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(source))
    done = subprocess.run([sys.executable, __file__, "--side", which, "--offset", str(offset),
                           "--every", str(every)], env=env, cwd="/", capture_output=True,
                          text=True, check=True)
    return float(done.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path, help="the other checkout (before the change)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--side", help=argparse.SUPPRESS)
    parser.add_argument("--offset", type=int, default=0, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.side:
        print(side(options.side, options.offset, options.every))
        return 0
    sides = {"mechlab": REPO, "mtf2json": REPO}
    if options.before:
        sides = {"before": options.before.resolve(), **sides}
    cpu: dict[str, list[float]] = {name: [] for name in sides}
    load = os.getloadavg()[0]
    for index in range(options.rounds):
        for name, source in sides.items():
            which = "mtf2json" if name == "mtf2json" else "mechlab"
            cpu[name].append(child(which, source, index % options.every, options.every))
    print(f"every {options.every}th file of megamek-all, {options.rounds} rounds, load average "
          f"{load:.2f} → {os.getloadavg()[0]:.2f}\n")
    print("| side | CPU median (min–max) | ratio to mtf2json: median of rounds |")
    print("|---|---|---|")
    for name, values in cpu.items():
        ratios = [a / b for a, b in zip(values, cpu["mtf2json"], strict=True)]
        ratio = (f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})"
                 if name != "mtf2json" else "")
        print(f"| {name} | {statistics.median(values):.2f} ({min(values):.2f}–"
              f"{max(values):.2f}) s | {ratio} |")
    if options.before:
        speedups = [b / a for a, b in zip(cpu["mechlab"], cpu["before"], strict=True)]
        print(f"\nthis checkout is {statistics.median(speedups):.2f}× as fast as the other "
              f"(median of rounds; {min(speedups):.2f}–{max(speedups):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
