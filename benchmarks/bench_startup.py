"""Start-up of `mechlab validate` for one design, against the import of click, PyYAML
and pydantic that every design-reading command needs (issue 31: at most 2.0× for an
Introductory design, 2.2× for a Standard one).

    python benchmarks/bench_startup.py [--rounds 15]

Each round runs, as fresh processes and back to back: Python importing the three
libraries, `mechlab validate examples/catapult.yaml` (Introductory) and `mechlab
validate examples/atlas-as7-k.yaml` (Standard), in a rotating order, timed on CPU (user
+ sys of the child). A round's ratio compares runs seconds apart, under the same load;
the table gives the medians of the runs and of the rounds' ratios. Only reports: timing
assertions never go in the tests.

Bytecode: an installed mechlab has its modules compiled (pip compiles a wheel's modules
when it installs them), as the libraries of the row for scale are, so the children run
with bytecode caching on even where PYTHONDONTWRITEBYTECODE is set (the first warm-up
round writes the caches). Without it every start compiles mechlab's ~150 modules and the
ratios are ~0.5 higher. `--source DIR` times another checkout's code (PYTHONPATH=DIR,
e.g. `git archive main | tar -x -C DIR`) with this interpreter.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_speed import mechlab_command, run_child

REPO = Path(__file__).resolve().parents[1]
SCALE = "click + PyYAML + pydantic"


def runs(source: Path | None) -> dict[str, list[str]]:
    mechlab = [sys.executable, "-m", "mechlab"] if source else mechlab_command()
    return {
        SCALE: [sys.executable, "-c", "import click, yaml; from pydantic import BaseModel"],
        "validate catapult.yaml (intro)": [*mechlab, "validate",
                                           str(REPO / "examples" / "catapult.yaml")],
        "validate atlas-as7-k.yaml (standard)": [*mechlab, "validate",
                                                 str(REPO / "examples" / "atlas-as7-k.yaml")],
    }


TARGETS = {"validate catapult.yaml (intro)": 2.0, "validate atlas-as7-k.yaml (standard)": 2.2}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--source", type=Path, help="time this checkout's mechlab instead")
    options = parser.parse_args()
    rounds = options.rounds
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the children cache bytecode
    if options.source:
        os.environ["PYTHONPATH"] = str(options.source.resolve())
    commands = runs(options.source)
    where = options.source.resolve() if options.source else REPO  # its mechlab comes first
    names = list(commands)
    cpu: dict[str, list[float]] = {name: [] for name in names}
    ratios: dict[str, list[float]] = {name: [] for name in TARGETS}
    load = os.getloadavg()[0]
    for _ in range(2):  # warm the page cache
        for name in names:
            run_child(commands[name], where)
    for index in range(rounds):
        order = names[index % len(names):] + names[:index % len(names)]
        this = {name: run_child(commands[name], where)[1] for name in order}
        for name in names:
            cpu[name].append(this[name])
        for name in TARGETS:
            ratios[name].append(this[name] / this[names[0]])
    print(f"{rounds} rounds, load average {load:.2f} → {os.getloadavg()[0]:.2f}\n")
    print("| run | CPU median (min–max) | ratio to the imports: median of rounds | target |")
    print("|---|---|---|---|")
    for name in names:
        values = cpu[name]
        ratio = (f"{statistics.median(ratios[name]):.2f}× "
                 f"({min(ratios[name]):.2f}–{max(ratios[name]):.2f})" if name in ratios
                 else "")
        target = f"≤ {TARGETS[name]}×" if name in TARGETS else ""
        print(f"| {name} | {statistics.median(values) * 1000:.0f} "
              f"({min(values) * 1000:.0f}–{max(values) * 1000:.0f}) ms | {ratio} | {target} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
