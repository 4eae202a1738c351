"""Text runs written as operators (`pdf_text.TextRuns`) are what ReportLab's drawString
family writes after setFont, reused runs and a full cache included."""

from __future__ import annotations

import pytest

from mechlab.render import fonts, pdf, pdf_text
from mechlab.render.geometry import Page
from mechlab.render.pdf_text import TextRuns

STRINGS = ["Roll Again", "BV (3/4):", "Catapult CPLT-C1", "(brackets) \\ back", "",
           "Ürban ‘quotes’ … – ½", "".join(chr(c) for c in range(32, 256) if c != 127),
           "Roll Again"]
CASES = [(10.5 + i, 700 - i * 3.3, text, face, size, anchor)
         for i, text in enumerate(STRINGS * 2)
         for face in ("regular", "bold") for size in (7, 6.84257, 15)
         for anchor in ("start", "middle", "end")]


def reportlab_code() -> list[str]:
    """The canvas's own calls, one per run; its code list without the font switches
    (setFont writes nothing for a TrueType face)."""
    canvas = pdf._canvas("test", Page(612, 792, ()))
    for x, y, text, face, size, anchor in CASES:
        canvas.setFont(fonts.PDF_NAMES[face], size)
        draw = {"middle": canvas.drawCentredString, "end": canvas.drawRightString}.get(
            anchor, canvas.drawString)
        draw(x, y, text)
    return canvas._code


def runs_code() -> list[str]:
    runs = TextRuns(pdf._canvas("test", Page(612, 792, ())))
    return [runs.show(face, size, x, y, text, anchor) for x, y, text, face, size, anchor in CASES]


def test_text_runs_write_what_drawstring_writes():
    assert runs_code() == reportlab_code()


def test_a_full_placed_run_cache_starts_again_and_writes_the_same(monkeypatch):
    monkeypatch.setattr(pdf_text, "PLACED_RUNS", 5)
    assert runs_code() == reportlab_code()


@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_an_anchor_moves_the_origin_by_the_measured_width(anchor):
    runs = TextRuns(pdf._canvas("test", Page(612, 792, ())))
    operator = runs.show("bold", 8, 100, 50, "Heat", anchor)
    width = fonts.text_width("Heat", "bold", 8)
    x = {"start": 100, "middle": 100 - width / 2, "end": 100 - width}[anchor]
    origin = operator.split(" Tm")[0].split()[-2:]
    assert float(origin[0]) == pytest.approx(x, abs=1e-4) and origin[1] == "50"
