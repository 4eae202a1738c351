"""SVG/HTML painter: the same display list as inline SVG in a self-contained HTML page.

The page embeds the PDF's font as @font-face data URIs, so text measures and fits
as in the PDF; print CSS gives one sheet per printed page. Jinja2 autoescaping is
on: every user string (names, pilot) reaches the page escaped.

Pages stream (`write_html`): each page's SVG is written as it is drawn into an
anonymous temporary file (gone with the process, whatever ends it), because the
fonts in the page's head are subsets of every character the pages set; the head
then goes out, and the pages are copied after it. Memory stays flat for any print run.
"""

from __future__ import annotations

import io
import shutil
import tempfile
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import BinaryIO

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import escape

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


def svg_page(page: Page) -> str:
    """One page as an inline <svg> element, every value escaped as Jinja2's autoescape
    does (`markupsafe.escape`). Written out here rather than by a template: a sheet has
    ~750 elements, and a template loop over their attributes took ~20 ms a sheet."""
    width, height = _n(page.width), _n(page.height)
    parts = [f'<svg class="sheet" xmlns="http://www.w3.org/2000/svg" width="{width}pt" '
             f'height="{height}pt" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{escape(page.kind)}: {escape(page.title)}">\n']
    parts += [_element_text(item) for item in page.items]
    parts.append("</svg>\n")
    return "".join(parts)


# Items are frozen values: one drawn twice is written once. `mechlab serve` redraws the
# sheet on every edit, and an edit changes a few of its ~750 items; a few sheets' worth
# are kept, so a print run's memory stays flat.
@lru_cache(maxsize=4096)
def _element_text(item: Item) -> str:
    element = svg_element(item)
    attrs = "".join([f' {key}="{escape(value)}"'
                     for key, value in element["attrs"].items()])  # type: ignore[attr-defined]  # a dict
    if element["tag"] == "text":
        return f"<text{attrs}>{escape(element['text'])}</text>\n"
    return f"<{element['tag']}{attrs}/>\n"


@cache
def _environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=select_autoescape(["html", "j2", "svg"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def write_html(pages: Iterable[Page], title: str, handle: BinaryIO) -> int:
    """The HTML page of `pages` into `handle`, page by page; returns the page count."""
    environment = _environment()
    characters: dict[str, set[str]] = {"regular": {" "}, "bold": {" "}}
    first: Page | None = None
    count = 0
    with tempfile.TemporaryFile() as spool:
        for page in pages:
            first = first or page
            count += 1
            for item in page.items:
                if isinstance(item, Text) and item.font in characters:
                    characters[item.font].update(item.text)
            spool.write(svg_page(page).encode("utf-8"))
        first = first or Page(612, 792, ())
        handle.write(environment.get_template("sheet_head.html.j2").render(
            title=title,
            page_width=_n(first.width),
            page_height=_n(first.height),
            font_family=fonts.CSS_FAMILY,
            font_regular=fonts.font_data_uri("regular", frozenset(characters["regular"])),
            font_bold=fonts.font_data_uri("bold", frozenset(characters["bold"])),
        ).encode("utf-8"))
        spool.seek(0)
        shutil.copyfileobj(spool, handle)
    handle.write(b"</body>\n</html>\n")
    return count


def render_html(document: Document) -> str:
    """The whole page as text (one sheet, or a few: `write_html` streams a print run)."""
    buffer = io.BytesIO()
    write_html(document.pages, document.title, buffer)
    return buffer.getvalue().decode("utf-8")
