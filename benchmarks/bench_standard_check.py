"""`mechlab check` of the 2,594 rules-level 1-2 files of ../shared/corpus/megamek-all
against mtf2json reading the same files (issue 20: at most 2× mtf2json's time).

Both run in this process, one after the other, timed on CPU (time.process_time), after
one warm-up file each; mtf2json only parses (it judges nothing), mechlab parses, reads
the design, resolves and validates.
Usage: python benchmarks/bench_standard_check.py [--all] [--rounds N]
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import time
from pathlib import Path

ALL = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "megamek-all"
if not ALL.is_dir():  # a worktree one level deeper (/work/wt/NAME) than the checkout
    ALL = Path("/work/shared/corpus/megamek-all")


def level_1_2() -> list[Path]:
    with open(ALL / "INDEX.tsv", encoding="utf-8") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("# ")),
                              delimiter="\t")
        return [ALL / r["path"] for r in rows if r["rules_level"] in ("1", "2")]


def every_file() -> list[Path]:
    with open(ALL / "INDEX.tsv", encoding="utf-8") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("# ")),
                              delimiter="\t")
        return [ALL / r["path"] for r in rows]


def main() -> int:
    import mtf2json

    from mechlab.check import check_file

    parser = argparse.ArgumentParser()
    # --all: every file of the corpus (levels 3-4 too, most refused or unsupported: the
    # lookups that fail there are what issue 31's lazy "did you mean" is about)
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--rounds", type=int, default=1,
                        help="rounds, each timing both sides back to back (order alternating); "
                             "the ratio is the median of the rounds' ratios")
    options = parser.parse_args()
    paths = every_file() if options.all else level_1_2()
    check_file(paths[0])
    mtf2json.read_mtf(paths[0])
    outcomes: dict[str, int] = {}
    failed = 0

    def mechlab_side() -> float:
        outcomes.clear()
        start = time.process_time()
        for path in paths:
            outcome = check_file(path).outcome
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        return time.process_time() - start

    def reader_side() -> float:
        nonlocal failed
        failed = 0
        start = time.process_time()
        for path in paths:
            try:
                mtf2json.read_mtf(path)
            except Exception:  # mtf2json refuses quads and a few others
                failed += 1
        return time.process_time() - start

    load = os.getloadavg()[0]
    mine: list[float] = []
    theirs: list[float] = []
    for index in range(options.rounds):
        if index % 2:
            theirs.append(reader_side())
            mine.append(mechlab_side())
        else:
            mine.append(mechlab_side())
            theirs.append(reader_side())
    ratios = [m / t for m, t in zip(mine, theirs, strict=True)]
    print(f"{len(paths)} files, {options.rounds} round(s), load average {load:.2f} → "
          f"{os.getloadavg()[0]:.2f}: mechlab check {statistics.median(mine):.2f} s CPU "
          f"({min(mine):.2f}–{max(mine):.2f}) {outcomes}; mtf2json "
          f"{statistics.median(theirs):.2f} s CPU ({min(theirs):.2f}–{max(theirs):.2f}; "
          f"{failed} refused); ratio {statistics.median(ratios):.2f} "
          f"({min(ratios):.2f}–{max(ratios):.2f}; target ≤ 2, issue 31: ≤ 1.1)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
