"""The straightforward PDF painter the fast one must match: every item drawn through
ReportLab's own canvas methods (`setStrokeColor`, `line`, `rect`, `roundRect`,
`drawPath`, `setFont`, `drawString`…), one call per item, as mechlab drew before it
wrote operators itself. Only the circle path is mechlab's own (ReportLab's `circle`
approximates differently): it is formatted here number by number, for every circle."""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from mechlab.render import fonts, pdf
from mechlab.render.geometry import Circle, Document, Item, Line, Page, Polygon, Rect, Text


def reference_pdf(document: Document) -> bytes:
    """The whole document on one canvas, kept by ReportLab and written by `save()`."""
    canvas = pdf._canvas(document.title, document.pages[0] if document.pages
                         else Page(612, 792, ()))
    buffer = io.BytesIO()
    canvas._filename = buffer
    for page in document.pages:
        canvas.setPageSize((page.width, page.height))
        painter = ReferencePainter(canvas, page.height)
        for item in page.items:
            painter.draw(item)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def circle_path(x: float, y: float, r: float, operator: str) -> str:
    """A circle as four Bézier quarter arcs, each number formatted on its own: two
    decimals, trailing zeros dropped, never "-0"."""
    k = r * 0.5522847498
    curves = [
        (x + r, y + k, x + k, y + r, x, y + r),
        (x - k, y + r, x - r, y + k, x - r, y),
        (x - r, y - k, x - k, y - r, x, y - r),
        (x + k, y - r, x + r, y - k, x + r, y),
    ]
    path = [f"{number(x + r)} {number(y)} m"]
    path += [" ".join(number(v) for v in curve) + " c" for curve in curves]
    return " ".join(path) + f" h {operator}"


def number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class ReferencePainter:
    """Draws items on one page, setting graphics state only when it changes."""

    def __init__(self, canvas: Canvas, height: float) -> None:
        self.canvas, self.height = canvas, height
        self.state: dict[str, object] = {}

    def draw(self, item: Item) -> None:
        if isinstance(item, Text):
            self.text(item)
        elif isinstance(item, Circle):
            self.paint(item.stroke, item.fill, item.line_width)
            operator = {(True, False): "S", (False, True): "f", (True, True): "B"}.get(
                (item.stroke is not None, item.fill is not None), "n")
            self.canvas.addLiteral(circle_path(item.cx, self.height - item.cy, item.r,
                                               operator))
        elif isinstance(item, Rect):
            self.rect(item)
        elif isinstance(item, Line):
            self.paint(item.stroke, None, item.line_width)
            self.canvas.line(item.x1, self.height - item.y1, item.x2, self.height - item.y2)
        elif isinstance(item, Polygon):
            self.polygon(item)
        else:
            raise TypeError(type(item).__name__)

    def paint(self, stroke: str | None, fill: str | None, line_width: float | None) -> None:
        for key, value, setter in (("stroke", stroke, self.canvas.setStrokeColor),
                                   ("fill", fill, self.canvas.setFillColor)):
            if value is not None and self.state.get(key) != value:
                setter(HexColor(value))
                self.state[key] = value
        if line_width is not None and self.state.get("width") != line_width:
            self.canvas.setLineWidth(line_width)
            self.state["width"] = line_width

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
        draw = {"middle": self.canvas.drawCentredString,
                "end": self.canvas.drawRightString}.get(item.anchor, self.canvas.drawString)
        draw(item.x, self.height - item.y, item.text)
