"""`mechlab check` over the MegaMek corpus against mtf2json over the same files, in one run.

    pip install -e '.[bench]'
    python benchmarks/bench_check.py [CORPUS_DIR] [--repeats N]

mtf2json (PyPI) only converts a .mtf to JSON; `check` reads each file into a design,
resolves it once and judges it under every rule, its contradictions included. Both run
in this process on the same files (imports done before the clock starts), alternately,
best of N; the target (issue 19) is check ≤ 2× mtf2json.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "megamek-mtf"


def check_all(files: list[Path]) -> Callable[[], object]:
    from mechlab.check import check_files

    return lambda: check_files(files)


def mtf2json_all(files: list[Path]) -> Callable[[], object]:
    from mtf2json import ConversionError, read_mtf

    def run() -> int:
        failed = 0  # files mtf2json cannot convert: their time up to the error counts
        for path in files:
            try:
                json.dumps(read_mtf(path))
            except ConversionError:
                failed += 1
        return failed

    return run


def best(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    from mechlab.check import design_files

    files = [p for p in design_files(args.folder) if p.suffix.lower() == ".mtf"]
    if not files:
        raise SystemExit(f"no .mtf files in {args.folder}")
    ours, theirs = check_all(files), mtf2json_all(files)
    ours()  # warm: imports, caches, the files in the page cache
    failed = theirs()
    times: dict[str, list[float]] = {"check": [], "mtf2json": []}
    for _ in range(args.repeats):
        times["check"].append(best(ours))
        times["mtf2json"].append(best(theirs))
    check, other = min(times["check"]), min(times["mtf2json"])
    print(f"{len(files)} files, best of {args.repeats}:")
    print(f"  mechlab check  {check:6.3f} s  ({check / len(files) * 1000:.2f} ms a file)")
    print(f"  mtf2json       {other:6.3f} s  ({other / len(files) * 1000:.2f} ms a file; "
          f"{failed} files it cannot convert)")
    print(f"  ratio          {check / other:6.2f} × (target ≤ 2×)")


if __name__ == "__main__":
    main()
