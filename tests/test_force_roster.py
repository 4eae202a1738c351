"""The force roster (issue 22): the page a player keeps at the table. Each unit's pilot and
skills, movement, armor and structure totals, weapons with damage and ranges, BV, adjusted BV
and the Alpha Strike PV; totals, an initiative track, notes; an illegal unit marked with its
codes (issue 18); many units run onto more pages, no block split."""

from __future__ import annotations

import re

import pytest
from tests_support import EXAMPLES

from mechlab.force.page import force_pages, layout_force_roster
from mechlab.force.roster import load_force
from mechlab.render import fonts
from mechlab.render.frame import PAPER
from mechlab.render.geometry import Rect, Text

UNITS = [("CPLT-C1", "Kai Allard", 3, 4), ("LCT-1V", "Ana Sato", 4, 5),
         ("HBK-4G", "Tomas Reyes", 4, 4), ("AS7-D", "Mara Voss", 2, 3)]


def force_file(tmp_path, units, name="Test Lance"):
    lines = [f"force: {name}", "units:"]
    for unit, pilot, gunnery, piloting in units:
        lines += [f"  - unit: {unit}",
                  f"    pilot: {{name: {pilot}, gunnery: {gunnery}, piloting: {piloting}}}"]
    path = tmp_path / "force.yaml"
    path.write_text("\n".join(lines) + "\n")
    return load_force(path)


def texts(page) -> list[str]:
    return [t.text for t in page.of_type(Text)]


@pytest.mark.parametrize("paper", sorted(PAPER))
def test_a_lance_fits_one_page_with_what_the_table_needs(tmp_path, paper):
    [page] = layout_force_roster(force_file(tmp_path, UNITS), paper)
    words = texts(page)
    # Pilots and skills as the force file gives them.
    for _, pilot, gunnery, piloting in UNITS:
        assert pilot in words and f"{gunnery} / {piloting}" in words
    # The Catapult CPLT-C1 (the Introductory Rulebook's example): walks 4, runs 6, jumps 4;
    # 160 armor points (9 + 24 + 11 + 2 × (19 + 8) + 2 × 13 + 2 × 18); 65 t internal structure
    # (RULES.md 1.4): 21 + 2 × 15 + 2 × 10 + 2 × 15 + 3 = 104.
    assert "Walk 4 / Run 6 / Jump 4" in words and "160 / 104" in words
    assert "Walk 8 / Run 12" in words  # the Locust does not jump
    # Weapons with their damage and range brackets (LRM 15: 1/Msl, 1-7 / 8-14 / 15-21).
    assert {"LRM 15", "1/Msl", "1-7", "8-14", "15-21", "Medium Laser (R)"} <= set(words)
    # BV (published: CPLT-C1 1,399) and the pilot-adjusted BV; PV at skill 3 (MUL: 32 at 4).
    band = next(w for w in words if w.startswith("BV 1,399"))
    assert "Adj. BV 1,847" in band and re.search(r"PV \d+$", band)
    assert {"Units", "Tons", "BV", "Adj. BV", "PV", "4", "235", "INITIATIVE", "NOTES"} <= set(
        words)
    for text in page.of_type(Text):
        assert text.size >= 6.0
        assert fonts.text_width(text.text, text.font, text.size) <= text.max_width + 0.01
    height = PAPER[paper][1]
    assert all(r.y + r.h <= height - 21 for r in page.of_type(Rect))


def test_an_illegal_unit_is_marked_with_its_codes(tmp_path):
    design = (EXAMPLES / "catapult.yaml").read_text().replace("head: 9", "head: 12")
    (tmp_path / "bad.yaml").write_text(design)
    force = force_file(tmp_path, [("bad.yaml", "Rook", 5, 6), *UNITS[1:]])
    words = texts(layout_force_roster(force, "letter")[0])
    assert sum(w.startswith("ILLEGAL DESIGN") for w in words) == 1
    assert any("E-ARMOR-HEAD" in w for w in words)
    assert words[words.index("Illegal") + 6] == "1"  # the totals count it


def test_a_company_runs_onto_a_second_page_before_the_sheets(tmp_path):
    company = [(u, f"{p} {i}", g, s) for i in range(3) for u, p, g, s in UNITS]
    force = force_file(tmp_path, company, name="Company")
    roster = layout_force_roster(force, "letter")
    assert len(roster) == 2 and "FORCE ROSTER (continued)" in texts(roster[1])
    named = [w for page in roster for w in texts(page) if re.match(r"\d+\. ", w)]
    assert [int(w.split(".")[0]) for w in named] == list(range(1, 13))  # no unit lost
    from mechlab.sheet.options import SheetOptions

    pages = force_pages(force, SheetOptions())
    assert len(pages) == 2 + 12
