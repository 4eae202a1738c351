"""How long Battle Value, cost and the Alpha Strike card take a design (issue 21: values
may add at most 1 ms a design to `check` and the print run).

    python benchmarks/bench_values.py [--folder 3050U] [--count 150] [--repeat 5]

Resolves the designs first (not timed), then times each computation over all of them,
best of `--repeat` runs, and prints milliseconds a design.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared"


def best(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", default="3050U")
    parser.add_argument("--count", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from mechlab.cards.alpha_strike import alpha_strike_card
    from mechlab.files.mtf import read_design
    from mechlab.model.resolve import resolve
    from mechlab.values.bv import battle_value
    from mechlab.values.cost import cost

    mechs = []
    for path in sorted((SHARED / "corpus" / "megamek-all" / args.folder).glob("*.mtf")):
        try:
            mechs.append(resolve(read_design(path)))
        except Exception:  # a refused file is not timed
            continue
        if len(mechs) == args.count:
            break
    n = len(mechs)
    for name, step in (("BV", battle_value), ("cost", cost),
                       ("Alpha Strike card", lambda m: alpha_strike_card(m, "bench"))):
        seconds = best(lambda step=step: [step(m) for m in mechs], args.repeat)
        print(f"{name:<18} {1000 * seconds / n:6.3f} ms a design ({n} designs, {args.folder})")


if __name__ == "__main__":
    main()
