"""The MegaMek corpus: milliseconds per file for parse + import + validate + engine JSON.

    python benchmarks/bench_corpus.py [CORPUS_DIR]

Target (issue 4): the whole corpus in under 5 seconds.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from mechlab.export.engine import engine_json
from mechlab.files.inputs import read_input

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "megamek-mtf"


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    files = sorted(folder.glob("*.mtf"))
    if not files:
        sys.exit(f"no .mtf files in {folder}")
    start = time.perf_counter()
    for path in files:
        engine_json(read_input(str(path)).assess())
    total = time.perf_counter() - start
    print(f"{len(files)} corpus files in {total:.2f} s: {total / len(files) * 1000:.1f} ms per "
          "file (parse + import + validate + JSON)")


if __name__ == "__main__":
    main()
