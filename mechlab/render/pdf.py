"""PDF painter: draws a `Document` through ReportLab's document object. Vector only, font
embedded, deterministic (`invariant=1`: no timestamps or random ids, same input same bytes).

Each page's content stream is written here as PDF operators, the very strings ReportLab's
canvas methods (`setStrokeColor`, `setLineWidth`, `line`, `rect`, `roundRect`, `drawPath`,
`setFont`, `drawString`…) would append for the same calls: going through those methods
once per item was most of the time spent drawing a sheet (~750 items a page).
`tests/test_pdf_painter.py` checks the streams against a painter that makes the calls.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from typing import Any, BinaryIO

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import (  # type: ignore[attr-defined]  # not in types-reportlab
    FILL_EVEN_ODD,
    PATH_OPS,
    Canvas,
)
from reportlab.pdfgen.pathobject import PDFPathObject

from mechlab.render import fonts
from mechlab.render.geometry import Circle, Document, Item, Line, Page, Polygon, Rect, Text
from mechlab.render.pdf_stream import DrawnPage, PdfStream, compress
from mechlab.render.pdf_text import TextRuns
from mechlab.render.reportlab_adapter import append_operators, fix_glyph_codes, page_content

# A circle as four Bézier quarter arcs: a sheet has hundreds of circles.
_KAPPA = 0.5522847498


def render_pdf(document: Document) -> bytes:
    buffer = io.BytesIO()
    stream = open_pdf(buffer, document.title)
    for page in document.pages:
        stream.add(page)
    stream.close()
    return buffer.getvalue()


def open_pdf(handle: BinaryIO, title: str) -> PdfStream:
    """A PDF written page by page into `handle` (`add(page)`, then `close()`): a print
    run of any length in flat memory, the same pages as `render_pdf`."""
    return PdfStream(handle, functools.partial(_canvas, title), Painter())


# Characters whose glyph codes every document fixes before its first page, beside ASCII
# (which ReportLab always codes as itself): the signs sheets and cards print (·, −, —, ×,
# ½, …: all that 520 level 1-2 sheets and 250 cards of each game print, every fifth and
# twentieth of the catalogue) and common typography. A page
# drawing only these is the same content stream in any document at any place, so worker
# processes draw it (`draw_ahead`, `mechlab sheet -j`). A page with any other character
# (a name's é) is drawn in order by the document's own canvas, which codes it as it
# comes: the same in one process as with workers. Each fixed glyph is embedded in every
# PDF (~75 bytes a glyph and face; all of Latin-1 would add ~22 KB to a one-sheet PDF).
FIXED_EXTRA = tuple("·−—–…×÷½¼¾°±•‘’“”")


@functools.cache
def fixed_characters() -> str:
    """The characters with fixed codes that both faces draw, in code point order."""
    extra = [c for c in FIXED_EXTRA if all(c in fonts.drawable(f) for f in fonts.PDF_NAMES)]
    return "".join(sorted(extra))


@functools.cache
def _fixed_set() -> frozenset[str]:
    return frozenset(map(chr, range(32, 127))) | frozenset(fixed_characters())


def _canvas(title: str, first: Page | DrawnPage) -> Canvas:
    fonts.register()
    # The initial font is ours too, so no unembedded Helvetica is referenced.
    canvas = Canvas(io.BytesIO(), pagesize=(first.width, first.height), invariant=1,
                    pageCompression=1,
                    # types-reportlab says float | None; ReportLab takes a font's name
                    initialFontName=fonts.PDF_NAMES["regular"])  # type: ignore[arg-type]  # above
    fix_glyph_codes(canvas, fonts.PDF_NAMES.values(), fixed_characters())
    canvas.setTitle(title)
    for field in (canvas.setAuthor, canvas.setCreator, canvas.setProducer):
        field("mechlab")
    return canvas


def draw_ahead(page: Page) -> Page | DrawnPage:
    """The page drawn here and now (in a worker process) when every character of its
    text has a fixed code, ready for any document's stream to write as it is; else the
    page itself, for the document's own canvas to draw in its turn."""
    fixed = _fixed_set()
    if not all(fixed.issuperset(item.text) for item in page.items if isinstance(item, Text)):
        return page
    canvas, pen = _scratch()
    canvas.setPageSize((page.width, page.height))
    return DrawnPage(page.width, page.height, compress(page_content(canvas, pen.operators(page))))


@functools.cache
def _scratch() -> tuple[Canvas, _Pen]:
    """This process's canvas for drawing pages ahead: a document never saved, whose font
    subsets hold only the fixed codes (no page with another character is drawn on it)."""
    canvas = _canvas("", Page(612, 792, ()))
    return canvas, _Pen(canvas)


class Painter:
    """Draws pages on one document's canvas (`painter(canvas, page)`, before `showPage`).
    Its pen keeps the document's text runs, which belong to the document's font subsets:
    one painter per document, and both go when the document does."""

    def __init__(self) -> None:
        self._pen: _Pen | None = None

    def __call__(self, canvas: Canvas, page: Page) -> None:
        canvas.setPageSize((page.width, page.height))
        if self._pen is None:
            self._pen = _Pen(canvas)
        append_operators(canvas, self._pen.operators(page))


# Armor circles stand where the same outline and count put them on every sheet that
# has them: a few thousand distinct circles in a whole library, so each is formatted once.
# Its 26 numbers go through one format string, and only those ending in 0 are trimmed
# (two decimals, no trailing zeros, no "-0"): half the time of formatting each alone,
# which is most of the first sheet's drawing.
_CIRCLE = " ".join(["%.2f %.2f m"] + ["%.2f %.2f %.2f %.2f %.2f %.2f c"] * 4)


@functools.lru_cache(maxsize=32768)
def _circle_path(x: float, y: float, r: float, operator: str) -> str:
    k = r * _KAPPA
    text = _CIRCLE % (x + r, y,
                      x + r, y + k, x + k, y + r, x, y + r,
                      x - k, y + r, x - r, y + k, x - r, y,
                      x - r, y - k, x - k, y - r, x, y - r,
                      x + k, y - r, x + r, y - k, x + r, y)
    words = [word if word[-1] != "0" else _trim(word) for word in text.split(" ")]
    return " ".join(words) + f" h {operator}"


def _trim(number: str) -> str:
    number = number.rstrip("0").rstrip(".")
    return "0" if number in ("-0", "") else number


# A circle's painting operator by (stroked, filled): non-zero winding, as ever.
_CIRCLE_OPERATORS = {(True, False): "S", (False, True): "f", (True, True): "B",
                     (False, False): "n"}


# A handful of colours and widths on a sheet: each operator is formatted once.
@functools.cache
def _colour_operator(hex_colour: str, operator: str) -> str:
    """`setStrokeColor(HexColor(…))` ("RG") or `setFillColor` ("rg"). Our colours are
    opaque, so the alpha those setters also pass on changes nothing in the stream."""
    colour = HexColor(hex_colour)
    return f"{fp_str((colour.red, colour.green, colour.blue))} {operator}"


@functools.cache
def _width_operator(width: float) -> str:
    return f"{fp_str(width)} w"  # setLineWidth


# Frames and outlines stand in the same place on every sheet of a style and paper.
@functools.lru_cache(maxsize=4096)
def _round_rect(x: float, y: float, w: float, h: float, radius: float) -> tuple[str, ...]:
    code: list[str] = []  # roundRect appends each path operator as its own entry
    PDFPathObject(code=code).roundRect(x, y, w, h, radius)
    return tuple(code)


@functools.lru_cache(maxsize=4096)
def _polygon_path(points: tuple[tuple[float, float], ...], height: float) -> str:
    (x0, y0), *rest = points  # beginPath, moveTo, lineTo…, close: one entry
    path = ["n", f"{fp_str(x0, height - y0)} m"]
    path += [f"{fp_str(x, height - y)} l" for x, y in rest]
    path.append("h")
    return " ".join(path)


class _Pen:
    """Writes pages as operators, setting graphics state only when it changes; each
    page starts from the default state, as a new canvas page does."""

    def __init__(self, canvas: Canvas) -> None:
        self.runs = TextRuns(canvas)
        self.code: list[str] = []
        self.stroke: str | None = None
        self.fill: str | None = None
        self.width: float | None = None

    def operators(self, page: Page) -> list[str]:
        self.code, self.stroke, self.fill, self.width = [], None, None, None
        height = page.height
        draw = _DRAW.get
        for item in page.items:
            draw(type(item), _unknown)(self, item, height)
        return self.code

    def paint(self, stroke: str | None, fill: str | None, width: float | None) -> None:
        if stroke is not None and stroke != self.stroke:
            self.code.append(_colour_operator(stroke, "RG"))
            self.stroke = stroke
        if fill is not None and fill != self.fill:
            self.code.append(_colour_operator(fill, "rg"))
            self.fill = fill
        if width is not None and width != self.width:
            self.code.append(_width_operator(width))
            self.width = width

    # Text and circles are four fifths of a sheet's items: their state checks are inline.
    def text(self, item: Text, height: float) -> None:
        if item.fill != self.fill and item.fill is not None:
            self.code.append(_colour_operator(item.fill, "rg"))
            self.fill = item.fill
        # No font operator: see pdf_text.py (setFont writes none for our TrueType faces).
        self.code.append(self.runs.show(item.font, item.size, item.x, height - item.y,
                                        item.text, item.anchor))

    def circle(self, item: Circle, height: float) -> None:
        self.paint(item.stroke, item.fill, item.line_width)
        self.code.append(_circle_path(item.cx, height - item.cy, item.r,
                                      _CIRCLE_OPERATORS[item.stroke is not None,
                                                        item.fill is not None]))

    def rect(self, item: Rect, height: float) -> None:
        self.paint(item.stroke, item.fill, item.line_width)
        y = height - item.y - item.h
        operator = PATH_OPS[int(item.stroke is not None and item.line_width > 0),
                            int(item.fill is not None), FILL_EVEN_ODD]
        if item.radius:
            self.code += _round_rect(item.x, y, item.w, item.h, item.radius)
            self.code.append(operator)
        else:
            self.code.append(f"n {fp_str(item.x, y, item.w, item.h)} re {operator}")

    def line(self, item: Line, height: float) -> None:
        self.paint(item.stroke, None, item.line_width)
        self.code.append(f"n {fp_str(item.x1, height - item.y1)} m "
                         f"{fp_str(item.x2, height - item.y2)} l S")

    def polygon(self, item: Polygon, height: float) -> None:
        self.paint(item.stroke, item.fill, item.line_width)
        self.code.append(_polygon_path(item.points, height))
        self.code.append(PATH_OPS[int(item.stroke is not None), int(item.fill is not None),
                                  FILL_EVEN_ODD])


def _unknown(pen: _Pen, item: Item, height: float) -> None:
    # A shape this painter cannot draw must not vanish from the sheet silently.
    raise TypeError(f"the PDF painter cannot draw {type(item).__name__}")


# Each entry takes the item type it is filed under (a dispatch table mypy cannot relate).
_DRAW: dict[type, Callable[[_Pen, Any, float], None]] = {
    Text: _Pen.text, Circle: _Pen.circle, Rect: _Pen.rect, Line: _Pen.line,
    Polygon: _Pen.polygon,
}
