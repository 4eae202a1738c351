"""`Ink`: the pen the layout functions draw with. It only appends display-list items.

Every text run is fitted to the width it is given, measured with the embedded
font's real metrics, so nothing overflows its box in either painter.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mechlab.render import fonts
from mechlab.render.frame import Box
from mechlab.render.geometry import Circle, Item, Line, Polygon, Rect, Text, added
from mechlab.sheet.short_forms import short_form, without_ammo_word

MIN_TEXT = 6.0  # points: the smallest text the layout will shrink to (issue 9)


class Ink:
    def __init__(self) -> None:
        self.items: list[Item] = []

    def text(self, x: float, y: float, text: str, font: str = "regular", size: float = 7.0,
             anchor: str = "start", max_width: float | None = None,
             fill: str = "#000000", shrink: bool = True) -> float:
        """Draw `text` with its baseline at y, fitted to `max_width`: in full if it fits,
        else in the printed sheets' short form ('Upper Arm Act.'), shrunk no further
        than MIN_TEXT (`shrink=False`: kept at its row's size and cut with "…"). Returns
        the size."""
        if max_width is not None:
            text, size = _fitted(text, font, size, max_width if shrink else -max_width)
        # Positional: a sheet writes ~370 texts, and keyword calls cost a fifth more.
        self.items.append(Text(x, y, text, font, size, anchor, fill, max_width))
        return size

    def rect(self, x: float, y: float, w: float, h: float, line_width: float = 0.8,
             fill: str | None = None, stroke: str | None = "#000000", radius: float = 0) -> None:
        self.items.append(Rect(x=x, y=y, w=w, h=h, stroke=stroke, fill=fill,
                               line_width=line_width, radius=radius))

    def line(self, x1: float, y1: float, x2: float, y2: float, line_width: float = 0.8) -> None:
        self.items.append(Line(x1=x1, y1=y1, x2=x2, y2=y2, line_width=line_width))

    def polygon(self, points: Sequence[tuple[float, float]], line_width: float = 0.9,
                fill: str | None = None) -> None:
        self.items.append(Polygon(points=tuple(points), line_width=line_width, fill=fill))

    def circle(self, cx: float, cy: float, r: float, line_width: float = 0.5) -> None:
        self.items.append(Circle(cx=cx, cy=cy, r=r, line_width=line_width))

    def pip(self, cx: float, cy: float, r: float, shape: str, line_width: float = 0.5,
            fill: str | None = None) -> None:
        """One point to mark off, in a style's pip shape, within the circle of radius r."""
        if shape == "circle":
            self.items.append(Circle(cx, cy, r, fill=fill, line_width=line_width))
        elif shape == "square":  # RULES.md 4.3: the 1984 sheet's boxes, inside the circle
            side = round(r * 1.41, 2)
            self.rect(cx - side / 2, cy - side / 2, side, side, line_width=line_width,
                      fill=fill)
        else:
            raise ValueError(f"unknown pip shape {shape!r}")


@lru_cache(maxsize=16384)  # bounded: flat memory in any run
def _fitted(text: str, font: str, size: float, max_width: float) -> tuple[str, float]:
    """`text` at `size` fitted to `max_width` (see Ink.text). Cached: a sheet writes the
    same labels in the same boxes as every other sheet. A negative width: fit `-max_width`
    without shrinking."""
    shrink = max_width >= 0
    max_width = abs(max_width)
    if shrink:  # drawn no smaller than MIN_TEXT: whether it fits is judged at that size
        size = max(MIN_TEXT, size)
    if fonts.text_width(text, font, size) > max_width:
        text = short_form(text)
        # a lot whose short form still overflows drops its "Ammo" (lane sheets3)
        if fonts.text_width(text, font, size) > max_width:
            text = without_ammo_word(text)
    if shrink:
        size = max(MIN_TEXT, fonts.fit_size(text, font, size, max_width))
    return fonts.clip(text, font, size, max_width), size


def fitted_size(text: str, font: str, size: float, max_width: float) -> float:
    """The size `text` (or its printed short form) takes in `max_width`, at most `size`: for
    a table that picks one size for all its rows."""
    return _fitted(text, font, size, max_width)[1]


def table_size(width: float, columns: Sequence[tuple[str, float, str]],
               rows: Sequence[Sequence[str]], font: str, largest: float) -> float:
    """One size for a table (issue 22: a row's texts share a size): the largest, up to
    `largest`, at which every cell fits its column, in full or in the short form."""
    size = largest
    for cells in rows:
        for (_, share, _), cell in zip(columns, cells, strict=True):
            if cell:
                size = min(size, fitted_size(cell, font, largest, width * share - 2))
    return size


def titled_box(ink: Ink, box: Box, title: str, size: float = 8) -> Box:
    """A framed block with its title on a dark band; returns the inner area. The band
    grows with the title's `size` (the Quick-Start sheet's big type)."""
    band = round(size * 1.5, 2)
    ink.rect(box.x, box.y, box.w, box.h, line_width=1.2, radius=4)
    ink.rect(box.x, box.y, box.w, band, line_width=0, fill="#000000", stroke=None, radius=4)
    ink.text(box.x + 6, box.y + band * 0.75, title, "bold", size, max_width=box.w - 12,
             fill="#ffffff")
    return Box(box.x + 6, box.y + band + 2, box.w - 12, box.h - band - 6)


def label_value(ink: Ink, x: float, y: float, label: str, value: str, width: float,
                blank_line: bool = False) -> None:
    """'Tonnage: 65' — a bold label and its value at one size in `width`: the label takes
    the room a short value leaves it (issue 22: 'Walking MP:' is never shrunk beside its 4)."""
    size = ink.text(x, y, label, "bold", 7, max_width=label_room(value, width))
    drawn = ink.items[-1]
    assert isinstance(drawn, Text)  # the label as written: in full or in its short form
    offset = fonts.text_width(drawn.text, "bold", size) + 3
    if blank_line:
        ink.line(x + offset, y + 1.5, x + width - 6, y + 1.5, 0.5)
    ink.text(x + offset, y, value, "regular", 7, max_width=max(8.0, width - offset - 4))


def label_room(value: str, width: float) -> float:
    """The room a label_value label has beside its value."""
    return max(width * 0.5, width - min(fonts.text_width(value, "regular", 7), width * 0.5) - 7)


def column_texts(ink: Ink, x: float, y: float, width: float,
                 columns: Sequence[tuple[str, float, str]], cells: Sequence[str], font: str,
                 size: float) -> None:
    """One table row: each cell fitted into its column."""
    left = x
    for (_, share, anchor), cell in zip(columns, cells, strict=True):
        w = width * share
        tx = left + (w / 2 if anchor == "middle" else 1)
        if cell:
            ink.text(tx, y, cell, font, size, anchor=anchor, max_width=w - 2)
        left += w



def wrapped(text: str, font: str, size: float, width: float, first: float | None = None
            ) -> list[str]:
    """`text` broken at spaces into lines at most `width` wide (the first line `first`
    wide, when given): a long name wraps at its row's size instead of shrinking (issue
    22). A word wider than a line keeps a line of its own (and is fitted there)."""
    lines: list[str] = []
    for word in text.split():
        room = first if first is not None and len(lines) == 1 else width
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and fonts.text_width(candidate, font, size) <= room:
            lines[-1] = candidate
        else:
            lines.append(word)
    return lines or [""]


def first_fitting(texts: Sequence[str], font: str, size: float, width: float) -> str:
    """The first of `texts` (a name, then its published short forms: 'Griffin GRF-1N',
    'GRF-1N') that fits `width` at `size`; else the last, to be cut at that size."""
    return next((t for t in texts if fonts.text_width(t, font, size) <= width), texts[-1])


Columns = tuple[tuple[str, float, str], ...]  # (title, share of the width, anchor)


def fitted_columns(width: float, columns: Columns, headers: Sequence[Sequence[str]],
                   rows: Sequence[Sequence[str]], size: float, flex: int
                   ) -> tuple[Columns, bool]:
    """A table's columns at `size` (issue 22: a cell is not shrunk while the table has
    room): each column at least its share and as wide as its widest cell (bold `headers`,
    regular `rows`), column `flex` (the item names) the rest, measured in its printed short
    form where that is shorter; where that leaves `flex` too little, every column its
    cells' width and a share of what is left. Also whether `flex` has its cells' width."""
    needs = [max([0.0, *(fonts.text_width(h[i], "bold", size) for h in headers),
                  *(_cell_width(r[i], size, i == flex) for r in rows)]) + 3
             for i in range(len(columns))]
    shares = [share for _, share, _ in columns]
    if all(need <= width * share for share, need in zip(shares, needs, strict=True)):
        return columns, True  # every cell fits its column as it is
    widths = [max(width * share, need) for share, need in zip(shares, needs, strict=True)]
    widths[flex] = width - added(widths) + widths[flex]
    fits = widths[flex] >= needs[flex]
    if not fits and added(needs) <= width:  # every column its cells, the rest shared out
        spare = width - added(needs)
        widths = [need + spare * share for share, need in zip(shares, needs, strict=True)]
        fits = True
    return tuple((title, w / width, anchor)
                 for (title, _, anchor), w in zip(columns, widths, strict=True)), fits


def _cell_width(cell: str, size: float, short: bool) -> float:
    """A cell's width at `size`; a name column's in the printed short form if shorter."""
    full = fonts.text_width(cell, "regular", size)
    return min(full, fonts.text_width(short_form(cell), "regular", size)) if short \
        else full
