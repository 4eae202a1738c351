"""Text runs as PDF operators, without one ReportLab text object per string.

`Canvas.drawString` builds a `PDFTextObject` for every call and re-encodes the string
into the embedded font's subsets: two thirds of the time spent drawing a record sheet.
Most strings on a sheet repeat ('Roll Again', column heads, labels, numbers), and the
operators after the text origin depend only on the font, size, leading and string
(and on the document's font subsets, which never change once a glyph is in one). So
ReportLab makes them once per document and they are reused: the operators are the very
same as `drawString`, `drawCentredString` and `drawRightString` write after `setFont`.
`setFont` itself writes nothing for an embedded TrueType font (each run names its
subset), so a font change costs no operator.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from mechlab.render import fonts
from mechlab.render.reportlab_adapter import is_embedded_font, text_run

# Placed runs (and formatted strings) kept at once: a sheet has ~370 texts, most of them
# where every sheet of its style has them; the rest (names, numbers) come and go.
PLACED_RUNS = 20_000


class TextRuns:
    """One document's text operators: each distinct (face, size, string) is formatted by
    ReportLab once, the first time the document draws it, and each placed run once."""

    def __init__(self, canvas: Canvas) -> None:
        for name in fonts.PDF_NAMES.values():
            if not is_embedded_font(name):  # a standard font would need Tf operators
                raise ValueError(f"{name} is not an embedded TrueType font")
        self._canvas = canvas
        self._runs: dict[tuple[str, float, str], tuple[str, float]] = {}
        self._placed: dict[tuple[str, float, float, str, float, str], str] = {}

    def show(self, face: str, size: float, x: float, y: float, text: str,
             anchor: str) -> str:
        """What `drawString` (anchor "start"), `drawCentredString` ("middle") or
        `drawRightString` ("end") writes at (x, y) in `face` ("regular", "bold") at `size`."""
        # Labels, heads and scales stand at the same place on every sheet of a style.
        key = (text, x, y, face, size, anchor)
        operator = self._placed.get(key)
        if operator is None:
            if len(self._placed) >= PLACED_RUNS:
                self._placed.clear()  # flat memory in any print run; they come back
            operator = self._placed[key] = self._place(face, size, x, y, text, anchor)
        return operator

    def _place(self, face: str, size: float, x: float, y: float, text: str,
               anchor: str) -> str:
        run = self._runs.get((face, size, text))
        if run is None:
            if len(self._runs) >= PLACED_RUNS:
                self._runs.clear()  # as the placed runs: a glyph keeps its code in the subsets
            run = self._runs[face, size, text] = self._format(fonts.PDF_NAMES[face], size,
                                                              text)
        fragment, width = run
        if anchor == "middle":
            x = x - 0.5 * width
        elif anchor == "end":
            x = x - width
        return f"BT 1 0 0 1 {fp_str(x, y)} Tm {fragment} T* ET"

    def _format(self, name: str, size: float, text: str) -> tuple[str, float]:
        # As drawString after setFont; the string's glyphs join the document's subsets.
        return text_run(self._canvas, name, size, text), stringWidth(text, name, size)
