"""The PDF painter's fast paths write what the slow ones do: `draw_text` what ReportLab's
drawString family writes (reused runs included), cached circle paths what formatting each
circle writes; whole sheets stay byte-identical."""

from __future__ import annotations

import pytest

from mechlab.library import find_unit
from mechlab.resolve import resolve
from mechlab.sheet import fonts, pdf
from mechlab.sheet.geometry import Page
from mechlab.sheet.pdf_text import draw_text
from mechlab.sheet.styles import layout_document

STRINGS = ["Roll Again", "BV (3/4):", "Catapult CPLT-C1", "(brackets) \\ back", "",
           "Ürban ‘quotes’ … – ½", "".join(chr(c) for c in range(32, 256) if c != 127),
           "Roll Again"]


def reportlab_draw(canvas, x, y, text, anchor):
    draw = {"middle": canvas.drawCentredString, "end": canvas.drawRightString}.get(
        anchor, canvas.drawString)
    draw(x, y, text)


def painted(draw) -> list[str]:
    canvas = pdf._canvas("test", Page(612, 792, ()))
    for i, text in enumerate(STRINGS * 2):
        for font in ("regular", "bold"):
            for size in (7, 6.84257, 15):
                canvas.setFont(fonts.PDF_NAMES[font], size)
                for anchor in ("start", "middle", "end"):
                    draw(canvas, 10.5 + i, 700 - i * 3.3, text, anchor)
    return canvas._code


def test_draw_text_writes_what_drawstring_writes():
    assert painted(draw_text) == painted(reportlab_draw)


def test_sheets_painted_with_draw_text_are_byte_identical(monkeypatch):
    mechs = [resolve(find_unit(m).design) for m in ("CPLT-C1", "AS7-D", "LCT-1V")]
    document = layout_document(mechs)
    fast = pdf.render_pdf(document)
    monkeypatch.setattr(pdf, "draw_text", reportlab_draw)
    assert pdf.render_pdf(document) == fast


@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_an_anchor_moves_the_origin_by_the_measured_width(anchor):
    canvas = pdf._canvas("test", Page(612, 792, ()))
    canvas.setFont(fonts.PDF_NAMES["bold"], 8)
    draw_text(canvas, 100, 50, "Heat", anchor)
    width = fonts.text_width("Heat", "bold", 8)
    x = {"start": 100, "middle": 100 - width / 2, "end": 100 - width}[anchor]
    origin = canvas._code[-1].split(" Tm")[0].split()[-2:]
    assert float(origin[0]) == pytest.approx(x, abs=1e-4) and origin[1] == "50"


def test_cached_circle_paths_give_the_same_bytes_as_formatting_each(monkeypatch):
    mechs = [resolve(find_unit(m).design) for m in ("CPLT-C1", "AS7-D")]
    document = layout_document(mechs)
    cached = pdf.render_pdf(document)
    monkeypatch.setattr(pdf, "_circle_path", pdf._circle_path.__wrapped__)
    assert pdf.render_pdf(document) == cached
