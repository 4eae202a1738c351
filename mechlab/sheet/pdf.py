"""PDF painter: draws a `Document` with ReportLab. Vector only, font embedded,
deterministic (`invariant=1`: no timestamps or random ids, same input same bytes)."""

from __future__ import annotations

import functools
import io
from functools import cache
from typing import BinaryIO

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from mechlab.sheet import fonts
from mechlab.sheet.geometry import Circle, Document, Item, Line, Page, Polygon, Rect, Text
from mechlab.sheet.pdf_stream import PdfStream
from mechlab.sheet.pdf_text import draw_text

# A circle as four Bézier quarter arcs, written as PDF operators directly: a sheet has
# hundreds of circles, and ReportLab's general number formatting dominates the time.
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
    return PdfStream(handle, functools.partial(_canvas, title), _paint)


def _canvas(title: str, first: Page) -> Canvas:
    fonts.register()
    # The initial font is ours too, so no unembedded Helvetica is referenced.
    canvas = Canvas(io.BytesIO(), pagesize=(first.width, first.height), invariant=1,
                    pageCompression=1, initialFontName=fonts.PDF_NAMES["regular"])
    canvas.setTitle(title)
    for field in (canvas.setAuthor, canvas.setCreator, canvas.setProducer):
        field("mechlab")
    return canvas


def _paint(canvas: Canvas, page: Page) -> None:
    canvas.setPageSize((page.width, page.height))
    painter = _Painter(canvas, page.height)  # each page starts from the default state
    for item in page.items:
        painter.draw(item)


@cache
def _colour(hex_colour: str) -> HexColor:
    return HexColor(hex_colour)


def _f(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# Armor circles stand where the same outline and count put them on every sheet that
# has them: a few thousand distinct circles in a whole library, so each is formatted once.
@functools.lru_cache(maxsize=32768)
def _circle_path(x: float, y: float, r: float, operator: str) -> str:
    k = r * _KAPPA
    curves = [
        (x + r, y + k, x + k, y + r, x, y + r),
        (x - k, y + r, x - r, y + k, x - r, y),
        (x - r, y - k, x - k, y - r, x, y - r),
        (x + k, y - r, x + r, y - k, x + r, y),
    ]
    path = [f"{_f(x + r)} {_f(y)} m"]
    path += [" ".join(_f(v) for v in curve) + " c" for curve in curves]
    return " ".join(path) + f" h {operator}"


def _operator(stroke: str | None, fill: str | None) -> str:
    return {(True, False): "S", (False, True): "f", (True, True): "B"}.get(
        (stroke is not None, fill is not None), "n")


class _Painter:
    """Draws items on one page, setting graphics state only when it changes."""

    def __init__(self, canvas: Canvas, height: float) -> None:
        self.canvas, self.height = canvas, height
        self.state: dict[str, object] = {}

    def draw(self, item: Item) -> None:
        if isinstance(item, Text):
            self.text(item)
        elif isinstance(item, Circle):
            self.paint(item.stroke, item.fill, item.line_width)
            self.canvas.addLiteral(self.circle_path(item))
        elif isinstance(item, Rect):
            self.rect(item)
        elif isinstance(item, Line):
            self.paint(item.stroke, None, item.line_width)
            self.canvas.line(item.x1, self.height - item.y1, item.x2, self.height - item.y2)
        elif isinstance(item, Polygon):
            self.polygon(item)
        else:  # a shape this painter cannot draw must not vanish from the sheet silently
            raise TypeError(f"the PDF painter cannot draw {type(item).__name__}")

    def paint(self, stroke: str | None, fill: str | None, line_width: float | None) -> None:
        for key, value, setter in (("stroke", stroke, self.canvas.setStrokeColor),
                                   ("fill", fill, self.canvas.setFillColor)):
            if value is not None and self.state.get(key) != value:
                setter(_colour(value))
                self.state[key] = value
        if line_width is not None and self.state.get("width") != line_width:
            self.canvas.setLineWidth(line_width)
            self.state["width"] = line_width

    def circle_path(self, item: Circle) -> str:
        return _circle_path(item.cx, self.height - item.cy, item.r,
                            _operator(item.stroke, item.fill))

    def rect(self, item: Rect) -> None:
        self.paint(item.stroke, item.fill, item.line_width)
        y = self.height - item.y - item.h
        stroke = int(item.stroke is not None and item.line_width > 0)
        fill = int(item.fill is not None)
        if item.radius:
            self.canvas.roundRect(item.x, y, item.w, item.h, item.radius, stroke=stroke,
                                  fill=fill)
        else:
            self.canvas.rect(item.x, y, item.w, item.h, stroke=stroke, fill=fill)

    def polygon(self, item: Polygon) -> None:
        self.paint(item.stroke, item.fill, item.line_width)
        path = self.canvas.beginPath()
        (x0, y0), *rest = item.points
        path.moveTo(x0, self.height - y0)
        for x, y in rest:
            path.lineTo(x, self.height - y)
        path.close()
        self.canvas.drawPath(path, stroke=int(item.stroke is not None),
                             fill=int(item.fill is not None))

    def text(self, item: Text) -> None:
        self.paint(None, item.fill, None)
        if self.state.get("font") != (item.font, item.size):
            self.canvas.setFont(fonts.PDF_NAMES[item.font], item.size)
            self.state["font"] = (item.font, item.size)
        draw_text(self.canvas, item.x, self.height - item.y, item.text, item.anchor)
