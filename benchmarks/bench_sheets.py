"""Record sheets: milliseconds per sheet for the whole library into one PDF, and, in the
same run, the ratio against printing the same HTML sheets with WeasyPrint.

    pip install '.[bench]' && python benchmarks/bench_sheets.py [--weasy-sample N]

Targets (issue 3): under 50 ms a sheet, and at least 5× faster than the WeasyPrint route.
"""

from __future__ import annotations

import argparse
import time

from mechlab.library import library
from mechlab.load import load_design
from mechlab.resolve import resolve
from mechlab.sheet.layout import layout_document
from mechlab.sheet.pdf import render_pdf
from mechlab.sheet.svg import render_html


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--weasy-sample", type=int, default=20,
                        help="sheets printed through WeasyPrint (it is slow)")
    args = parser.parse_args()
    mechs = [resolve(load_design(unit.path)) for unit in library()]

    start = time.perf_counter()
    pdf = render_pdf(layout_document(mechs))
    ours = (time.perf_counter() - start) / len(mechs)
    print(f"mechlab: {len(mechs)} sheets → one PDF ({len(pdf) / 1024:.0f} KiB) in "
          f"{ours * len(mechs):.2f} s: {ours * 1000:.1f} ms per sheet")

    try:
        from weasyprint import HTML
    except ImportError:
        print("WeasyPrint not installed (pip install '.[bench]'): no ratio")
        return
    sample = mechs[: args.weasy_sample]
    start = time.perf_counter()
    # Same sheets, same layout: the HTML painter's page, printed by WeasyPrint.
    HTML(string=render_html(layout_document(sample))).write_pdf()
    weasy = (time.perf_counter() - start) / len(sample)
    print(f"WeasyPrint: {len(sample)} sheets from HTML: {weasy * 1000:.1f} ms per sheet")
    print(f"ratio: mechlab is {weasy / ours:.1f}× faster per sheet")


if __name__ == "__main__":
    main()
