"""PDF painter: draws a `Document` with ReportLab. Vector only, font embedded,
deterministic (`invariant=1`: no timestamps or random ids, same input same bytes)."""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from mechlab.sheet import fonts
from mechlab.sheet.geometry import Circle, Document, Item, Line, Page, Polygon, Rect, Text


def render_pdf(document: Document) -> bytes:
    fonts.register()
    buffer = io.BytesIO()
    first = document.pages[0] if document.pages else Page(612, 792, ())
    # The initial font is ours too, so no unembedded Helvetica is referenced.
    canvas = Canvas(buffer, pagesize=(first.width, first.height), invariant=1,
                    pageCompression=1, initialFontName=fonts.PDF_NAMES["regular"])
    canvas.setTitle(document.title)
    canvas.setAuthor("mechlab")
    canvas.setCreator("mechlab")
    canvas.setProducer("mechlab")
    for page in document.pages:
        canvas.setPageSize((page.width, page.height))
        for item in page.items:
            _draw(canvas, item, page.height)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw(canvas: Canvas, item: Item, height: float) -> None:
    if isinstance(item, Text):
        _text(canvas, item, height)
    elif isinstance(item, Circle):
        _paint(canvas, item.stroke, item.fill, item.line_width)
        canvas.circle(item.cx, height - item.cy, item.r, stroke=_on(item.stroke),
                      fill=_on(item.fill))
    elif isinstance(item, Rect):
        _paint(canvas, item.stroke, item.fill, item.line_width)
        y = height - item.y - item.h
        stroke, fill = _on(item.stroke) and item.line_width > 0, _on(item.fill)
        if item.radius:
            canvas.roundRect(item.x, y, item.w, item.h, item.radius, stroke=stroke, fill=fill)
        else:
            canvas.rect(item.x, y, item.w, item.h, stroke=stroke, fill=fill)
    elif isinstance(item, Line):
        _paint(canvas, item.stroke, None, item.line_width)
        canvas.line(item.x1, height - item.y1, item.x2, height - item.y2)
    elif isinstance(item, Polygon):
        _paint(canvas, item.stroke, item.fill, item.line_width)
        path = canvas.beginPath()
        (x0, y0), *rest = item.points
        path.moveTo(x0, height - y0)
        for x, y in rest:
            path.lineTo(x, height - y)
        path.close()
        canvas.drawPath(path, stroke=_on(item.stroke), fill=_on(item.fill))


def _on(colour: str | None) -> int:
    return 0 if colour is None else 1


def _paint(canvas: Canvas, stroke: str | None, fill: str | None, line_width: float) -> None:
    if stroke is not None:
        canvas.setStrokeColor(HexColor(stroke))
    if fill is not None:
        canvas.setFillColor(HexColor(fill))
    canvas.setLineWidth(line_width)


def _text(canvas: Canvas, item: Text, height: float) -> None:
    canvas.setFillColor(HexColor(item.fill))
    canvas.setFont(fonts.PDF_NAMES[item.font], item.size)
    y = height - item.y
    if item.anchor == "middle":
        canvas.drawCentredString(item.x, y, item.text)
    elif item.anchor == "end":
        canvas.drawRightString(item.x, y, item.text)
    else:
        canvas.drawString(item.x, y, item.text)
