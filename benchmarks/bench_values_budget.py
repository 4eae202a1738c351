"""What computing values adds to `check` and to the print run (issue 21: at most 1 ms a
design), measured with and without them in one run.

    python benchmarks/bench_values_budget.py [--repeats 5] [--limit N] [--skip-check]
                                             [--skip-print]

Values are what an `Assessment` computes on first use: Battle Value and cost
(`Assessment.values`, which a record sheet prints) and the Alpha Strike card
(`cards/assessed.py`, which `build`'s engine JSON, a force roster and `card` read). Each
workload runs three ways: without values, with BV and cost, with BV, cost and the card.

- **check**: the rules-level 1–2 files of ../shared/corpus/megamek-all (INDEX.tsv; the
  282 files of megamek-mtf when it is absent), each read, resolved and judged as `mechlab
  check` does (`read_source`, `assess_design`; `check` itself computes no values, a test
  says so), then its values. A refused or unreadable file costs its reading in every run;
  milliseconds are per judged design.
- **print run**: every unit of the library laid out as a record sheet and drawn into one
  PDF (`layout_sheet`, `open_pdf`), as `mechlab sheet` does. The sheet prints BV and cost,
  so "without values" gets assessments whose BV and cost were computed before the clock
  started; the other runs compute them as they go. All draw the same pages.

Everything runs in this process, imports and one warm-up pass of each run done before the
clock starts; then `--repeats` rounds, each timing the three runs back to back (their
order rotates), on CPU (time.process_time), so the comparison is made within one run on
the same machine load. It prints each run's median and the median of the rounds'
differences from "without values" (ms a design) and ratios.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared"
ALL = SHARED / "corpus" / "megamek-all"
INTRO = SHARED / "corpus" / "megamek-mtf"


def corpus(limit: int | None) -> list[Path]:
    if (ALL / "INDEX.tsv").is_file():
        with open(ALL / "INDEX.tsv", encoding="utf-8") as handle:
            rows = csv.DictReader((line for line in handle if not line.startswith("# ")),
                                  delimiter="\t")
            paths = [ALL / r["path"] for r in rows if r["rules_level"] in ("1", "2")]
    else:
        paths = sorted(INTRO.glob("*.mtf"))
    return paths[:limit] if limit else paths


# What each run computes inside the clock: nothing; BV and cost (what a record sheet
# prints); BV, cost and the Alpha Strike card (what `build`'s engine JSON, a force roster
# and `card` add).
LEVELS = ("without values", "with BV and cost", "with BV, cost and card")


def values(assessed: object, level: int) -> None:
    """The values a product may ask of an assessment, up to `level` (LEVELS)."""
    from mechlab.assess import Assessment
    from mechlab.cards.assessed import alpha_strike_of

    assert isinstance(assessed, Assessment)
    if level >= 1:
        _ = assessed.values
    if level >= 2:
        alpha_strike_of(assessed)


def check_run(paths: list[Path], level: int) -> Callable[[], int]:
    from mechlab.assess import assess_design
    from mechlab.core.errors import DesignError
    from mechlab.files.load import read_source

    def run() -> int:
        start, judged = time.process_time(), 0
        for path in paths:
            try:
                source = read_source(path)
            except DesignError:  # unsupported or unreadable: judged by neither run
                continue
            assessed = assess_design(source.design, source=source.facts)
            _ = assessed.legal
            judged += 1
            values(assessed, level)
        return int((time.process_time() - start) * 1e9)

    return run


def print_run(level: int) -> Callable[[], int]:
    from mechlab.assess import assess
    from mechlab.cli.common import long_lived
    from mechlab.files.library import library
    from mechlab.files.load import load_design
    from mechlab.model.resolve import resolve
    from mechlab.render.pdf import open_pdf
    from mechlab.sheet.styles import layout_sheet

    mechs = [resolve(load_design(unit.path)) for unit in library()]

    def run() -> int:
        # Judged outside the clock (a print run judges each design once, as `check`);
        # without values, the BV and cost the sheet prints are computed here, before it.
        assessed = [assess(mech) for mech in mechs]
        if level == 0:
            for one in assessed:
                values(one, 1)
        start = time.process_time()
        with tempfile.TemporaryFile() as handle, long_lived():
            writer = open_pdf(handle, "bench")
            for one in assessed:
                values(one, level)  # level 1: what layout_sheet would compute anyway
                writer.add(layout_sheet(one).page)
            writer.close()
        return int((time.process_time() - start) * 1e9)  # ns, the timed part only

    return run


def compare(name: str, runs: list[Callable[[], int]], count: int, repeats: int) -> None:
    """Each round times every run back to back, in an order that rotates, on CPU."""
    for run in runs:  # warm-up: caches, a process's first pages
        run()
    times: list[list[float]] = [[] for _ in runs]
    for round_ in range(repeats):
        order = list(range(len(runs)))
        order = order[round_ % len(runs):] + order[:round_ % len(runs)]
        for i in order:
            times[i].append(runs[i]() / 1e9)
    print(f"{name}: {count} designs, {repeats} rounds, CPU seconds")
    for label, spent in zip(LEVELS, times, strict=False):
        median = statistics.median(spent)
        print(f"  {label:<24} median {median:.3f} s ({1000 * median / count:.3f} ms a "
              f"design; min {min(spent):.3f}, max {max(spent):.3f})")
    for label, spent in list(zip(LEVELS, times, strict=False))[1:]:
        added = [1000 * (b - a) / count for a, b in zip(times[0], spent, strict=True)]
        ratio = statistics.median([b / a for a, b in zip(times[0], spent, strict=True)])
        verdict = "met" if statistics.median(added) <= 1 else "NOT met"
        print(f"  {label}: values add median {statistics.median(added):.3f} ms a design "
              f"(rounds {', '.join(f'{a:.3f}' for a in added)}), ratio {ratio:.3f}; "
              f"budget 1 ms {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--limit", type=int, help="check only the first N corpus files")
    parser.add_argument("--skip-check", action="store_true")
    parser.add_argument("--skip-print", action="store_true")
    args = parser.parse_args()
    if not args.skip_check:
        from mechlab.check import check_file

        paths = corpus(args.limit)
        judged = sum(check_file(p).outcome in ("legal", "illegal") for p in paths)
        compare(f"check ({len(paths)} files, {judged} judged)",
                [check_run(paths, level) for level in range(3)], judged, args.repeats)
    if not args.skip_print:
        from mechlab.files.library import library

        compare("print run (the library's record sheets, one PDF)",
                [print_run(level) for level in range(3)], len(library()), args.repeats)


if __name__ == "__main__":
    main()
