"""`mechlab check` of the 2,594 rules-level 1-2 files of ../shared/corpus/megamek-all
against mtf2json reading the same files (issue 20: at most 2× mtf2json's time).

Both run in this process, one after the other, timed on CPU (time.process_time), after
one warm-up file each; mtf2json only parses (it judges nothing), mechlab parses, reads
the design, resolves and validates. Usage: python benchmarks/bench_standard_check.py [--all]
"""

from __future__ import annotations

import csv
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

    # --all: every file of the corpus (levels 3-4 too, most refused or unsupported: the
    # lookups that fail there are what issue 31's lazy "did you mean" is about)
    paths = every_file() if "--all" in sys.argv[1:] else level_1_2()
    check_file(paths[0])
    start = time.process_time()
    outcomes: dict[str, int] = {}
    for path in paths:
        outcome = check_file(path).outcome
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    mechlab_cpu = time.process_time() - start
    mtf2json.read_mtf(paths[0])
    start = time.process_time()
    failed = 0
    for path in paths:
        try:
            mtf2json.read_mtf(path)
        except Exception:  # mtf2json refuses quads and a few others
            failed += 1
    reader_cpu = time.process_time() - start
    print(f"{len(paths)} files: mechlab check {mechlab_cpu:.2f} s CPU {outcomes}; "
          f"mtf2json {reader_cpu:.2f} s CPU ({failed} refused); "
          f"ratio {mechlab_cpu / reader_cpu:.2f} (target ≤ 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
