"""SVG/HTML painter: the same display list as inline SVG in a self-contained HTML page.

The page embeds the PDF's font as @font-face data URIs, so text measures and fits
as in the PDF; print CSS gives one sheet per printed page. Jinja2 autoescaping is
on: every user string (names, pilot) reaches the page escaped.
"""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, FileSystemLoader, select_autoescape

from mechlab.files.library import data_dir
from mechlab.render import fonts
from mechlab.render.geometry import Circle, Document, Item, Line, Page, Polygon, Rect, Text

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _n(value: float) -> str:
    """Numbers rounded to 1/100 pt, without trailing zeros: stable, compact output."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _colour(value: str | None) -> str:
    return value if value is not None else "none"


def svg_element(item: Item) -> dict[str, object]:
    """A template-ready description of one item: tag and attributes (values unescaped)."""
    if isinstance(item, Text):
        return {"tag": "text", "text": item.text, "attrs": {
            "x": _n(item.x), "y": _n(item.y), "font-size": _n(item.size),
            "font-weight": "bold" if item.font == "bold" else "normal",
            "text-anchor": _ANCHOR[item.anchor], "fill": item.fill}}
    if isinstance(item, Circle):
        return {"tag": "circle", "attrs": {
            "cx": _n(item.cx), "cy": _n(item.cy), "r": _n(item.r), "fill": _colour(item.fill),
            "stroke": _colour(item.stroke), "stroke-width": _n(item.line_width)}}
    if isinstance(item, Rect):
        stroke = item.stroke if item.line_width > 0 else None
        return {"tag": "rect", "attrs": {
            "x": _n(item.x), "y": _n(item.y), "width": _n(item.w), "height": _n(item.h),
            "rx": _n(item.radius), "fill": _colour(item.fill), "stroke": _colour(stroke),
            "stroke-width": _n(item.line_width)}}
    if isinstance(item, Line):
        return {"tag": "line", "attrs": {
            "x1": _n(item.x1), "y1": _n(item.y1), "x2": _n(item.x2), "y2": _n(item.y2),
            "stroke": item.stroke, "stroke-width": _n(item.line_width)}}
    if not isinstance(item, Polygon):
        raise TypeError(f"the SVG painter cannot draw {type(item).__name__}")
    points = " ".join(f"{_n(x)},{_n(y)}" for x, y in item.points)
    return {"tag": "polygon", "attrs": {
        "points": points, "fill": _colour(item.fill), "stroke": _colour(item.stroke),
        "stroke-width": _n(item.line_width), "stroke-linejoin": "round"}}


@cache
def _environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=select_autoescape(["html", "j2", "svg"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _characters(document: Document, font: str) -> frozenset[str]:
    """Every character the document sets in `font` (plus the space)."""
    return frozenset(" ").union(*(item.text for page in document.pages for item in page.items
                                  if isinstance(item, Text) and item.font == font))


def render_html(document: Document) -> str:
    template = _environment().get_template("sheet.html.j2")
    first = document.pages[0] if document.pages else Page(612, 792, ())
    return template.render(
        title=document.title,
        page_width=_n(first.width),
        page_height=_n(first.height),
        font_family=fonts.CSS_FAMILY,
        font_regular=fonts.font_data_uri("regular", _characters(document, "regular")),
        font_bold=fonts.font_data_uri("bold", _characters(document, "bold")),
        pages=[
            {"title": page.title, "width": _n(page.width), "height": _n(page.height),
             "items": [svg_element(item) for item in page.items]}
            for page in document.pages
        ],
    )
