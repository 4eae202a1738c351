"""Text on the PDF canvas without one ReportLab text object per string.

`Canvas.drawString` builds a `PDFTextObject` for every call and re-encodes the string
into the embedded font's subsets: two thirds of the time spent drawing a record sheet.
Most strings on a sheet repeat ('Roll Again', column heads, labels, numbers), and the
operators after the text origin depend only on the font, size, leading and string
(and on the document's font subsets, which never change once a glyph is in one). So
ReportLab makes them once per document and they are reused: the content stream is
the very same as `drawString`, `drawCentredString` and `drawRightString` write.
"""

from __future__ import annotations

import weakref

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

_RUNS: weakref.WeakKeyDictionary[Canvas, dict[tuple[str, float, float, str], tuple[str, float]]]
_RUNS = weakref.WeakKeyDictionary()


def draw_text(canvas: Canvas, x: float, y: float, text: str, anchor: str) -> None:
    """What `drawString` (anchor "start"), `drawCentredString` ("middle") or
    `drawRightString` ("end") would write, in the canvas's current font."""
    runs = _RUNS.setdefault(canvas, {})
    key = (canvas._fontname, canvas._fontsize, canvas._leading, text)
    run = runs.get(key)
    if run is None:
        fragment = canvas.beginText()._formatText(text)
        run = runs[key] = fragment, stringWidth(text, canvas._fontname, canvas._fontsize)
    fragment, width = run
    if anchor == "middle":
        x = x - 0.5 * width
    elif anchor == "end":
        x = x - width
    canvas._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {fragment} T* ET")
