"""The force summary page printed before a force's record sheets: every unit with its
tonnage, pilot, skills, BV and pilot-adjusted BV, and the totals."""

from __future__ import annotations

from dataclasses import replace

from mechlab.force.roster import Force, summary
from mechlab.render.frame import HEADER, MARGIN, PAPER, Box
from mechlab.render.geometry import Page
from mechlab.sheet.draw import Ink, column_texts, titled_box
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

# (title, share of the width, anchor)
COLUMNS = (
    ("Unit", 0.30, "start"), ("Tons", 0.08, "middle"), ("Pilot", 0.26, "start"),
    ("Gunnery", 0.09, "middle"), ("Piloting", 0.09, "middle"), ("BV", 0.09, "middle"),
    ("Adj. BV", 0.09, "middle"),
)
ROW = 15.0
SIZE = 8.5


def layout_force_summary(force: Force, paper: str) -> Page:
    ink = Ink()
    width, height = PAPER[paper]
    page = Box(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    ink.text(page.x, page.y + 16, "FORCE SUMMARY", "bold", 15, max_width=page.w * 0.5)
    ink.text(page.right, page.y + 16, force.name, "bold", 11, anchor="end",
             max_width=page.w * 0.48)
    ink.line(page.x, page.y + HEADER - 4, page.right, page.y + HEADER - 4, 1.2)
    rows, total = summary(force)
    box_h = min(page.h - HEADER, 18 + 8 + ROW * (len(rows) + 3))
    inner = titled_box(ink, Box(page.x, page.y + HEADER, page.w, box_h), "UNITS")
    y = inner.y + ROW - 3
    column_texts(ink, inner.x, y, inner.w, COLUMNS, [c[0] for c in COLUMNS], "bold", SIZE)
    ink.line(inner.x, y + 4, inner.right, y + 4, 0.6)
    row_h = min(ROW, (inner.bottom - y - 2 * ROW) / max(1, len(rows)))
    for row in rows:
        y += row_h
        column_texts(ink, inner.x, y, inner.w, COLUMNS,
                     [row.name, str(row.tonnage), row.pilot or "—", str(row.gunnery),
                      str(row.piloting), row.bv, row.adjusted_bv], "regular", SIZE)
    ink.line(inner.x, y + 5, inner.right, y + 5, 0.8)
    y += ROW
    column_texts(ink, inner.x, y, inner.w, COLUMNS,
                 [total.name, str(total.tonnage), total.pilot, "", "", total.bv,
                  total.adjusted_bv], "bold", SIZE)
    return Page(width, height, tuple(ink.items), title=force.name)


def force_pages(force: Force, options: SheetOptions) -> list[Page]:
    """The summary, then one sheet per unit with its own pilot (and the force's style
    unless the options name one)."""
    pages = [layout_force_summary(force, options.paper)]
    for member in force.members:
        pilot = member.pilot
        gunnery, piloting = member.mech.ruleset.pilot_skills(pilot)
        own = replace(options, pilot_name=pilot.name, gunnery=gunnery, piloting=piloting)
        pages.append(layout_sheet(member.assessment, own).page)
    return pages
