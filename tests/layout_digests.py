"""Digests of the library's laid-out pages: what the speed work must leave unchanged.

    python tests/layout_digests.py      # rewrite tests/data/layout_digests.json

Run it only when a layout change is intended (and looked at): the test
`test_layout_unchanged.py` (opt-in: `pytest -m golden`) fails whenever any page's display
list differs from the digest recorded here. The digests were first recorded before the
pip placer and the diagrams were made faster (issue 12), so they prove those changes drew
the same pages.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from mechlab.assess import assess
from mechlab.files.library import library, units_dir
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

DIGESTS = Path(__file__).parent / "data" / "layout_digests.json"
# Issue 22: the library's parts whose groups of five do not fit at the plain pip size
# (too narrow for a row of five, too short for columns of five): printed plain.
PLAIN_PARTS = Path(__file__).parent / "data" / "grouped_plain_parts.tsv"
# Every unit in its own style on letter with plain pips; every seventh also in the
# other styles, on A4 and with grouped pips.
EVERY_UNIT = ((None, "letter", False),)
SAMPLED = (("quickstart", "letter", False), ("standard", "a4", True), (None, "a4", True))
SAMPLE_STEP = 7


def cases() -> Iterator[tuple[str, SheetOptions]]:
    for i, unit in enumerate(library()):
        name = unit.path.relative_to(units_dir()).as_posix()
        for style, paper, grouped in EVERY_UNIT + (SAMPLED if i % SAMPLE_STEP == 0 else ()):
            key = f"{name}|{style or 'own'}|{paper}|{'grouped' if grouped else 'plain'}"
            yield key, SheetOptions(paper=paper, grouped_pips=grouped, style=style)


def digests() -> dict[str, str]:
    """sha256 of each page's display list (its repr: every shape, text and number)."""
    mechs = {unit.path.relative_to(units_dir()).as_posix(): resolve(load_design(unit.path))
             for unit in library()}
    return {key: hashlib.sha256(repr(layout_sheet(assess(mechs[key.split("|")[0]]),
                                                  options).page).encode()).hexdigest()
            for key, options in cases()}


def plain_parts() -> list[str]:
    """unit, paper, diagram.part of every grouped standard sheet's part left plain."""
    from mechlab.sheet.pip_groups import group_of
    from mechlab.sheet.pips import GROUP

    rows = []
    for unit in library():
        name = unit.path.relative_to(units_dir()).as_posix()
        assessment = assess(resolve(load_design(unit.path)))
        for paper in ("letter", "a4"):
            sheet = layout_sheet(assessment, SheetOptions(paper=paper, grouped_pips=True,
                                                          style="standard"))
            for diagram, regions in (("armor", sheet.armor), ("structure", sheet.structure)):
                counts = {region.key: region.count for region in regions}
                for region in regions:
                    twin = region.key.replace("right_", "left_")
                    mirrored = twin != region.key and counts.get(twin) == region.count
                    if region.count > GROUP and not mirrored and group_of(region.pips) is None:
                        rows.append(f"{name}\t{paper}\t{diagram}.{region.key}")
    return rows


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n")
    PLAIN_PARTS.write_text("unit\tpaper\tpart\n" + "".join(f"{row}\n" for row in plain_parts()))
    print(f"wrote {DIGESTS} and {PLAIN_PARTS}", file=sys.stderr)
