"""Display-list primitives in PDF points; origin top-left, y grows downward.

The layout produces these; the painters only draw them. Colours are opaque
`#rrggbb` strings (no transparency) or None for "none".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


def added(lengths: Iterable[float]) -> float:
    """Lengths added one at a time, first to last, as `sum` added them up to Python 3.11:
    from 3.12 `sum` of floats compensates its rounding (Neumaier), which moved the last
    bit of a Quick-Start sheet's block heights and a table's widths, so one design laid
    out other pages on 3.11 and 3.12 (the golden digests). The same bits on every Python."""
    total: float = 0
    for length in lengths:
        total = total + length
    return total


# The items are frozen dataclasses, but a sheet makes ~750 of them: the `__init__` a
# frozen dataclass generates sets each field through `object.__setattr__` (~3 µs a
# text), so the items' own `__init__` fills the instance dict directly (~1.4 µs), ~1 ms
# a sheet. Fields, defaults, equality, hashing, `replace` and the frozen guard are the
# dataclass's; `tests/test_sheet_geometry.py` checks each `__init__` takes exactly the
# fields with their defaults.


@dataclass(frozen=True, init=False)
class Rect:
    x: float
    y: float
    w: float
    h: float
    stroke: str | None = "#000000"
    fill: str | None = None
    line_width: float = 0.8
    radius: float = 0.0

    def __init__(self, x: float, y: float, w: float, h: float, stroke: str | None = "#000000",
                 fill: str | None = None, line_width: float = 0.8, radius: float = 0.0) -> None:
        fields = self.__dict__
        fields["x"], fields["y"], fields["w"], fields["h"] = x, y, w, h
        fields["stroke"], fields["fill"] = stroke, fill
        fields["line_width"], fields["radius"] = line_width, radius


@dataclass(frozen=True, init=False)
class Circle:
    cx: float
    cy: float
    r: float
    stroke: str | None = "#000000"
    fill: str | None = None
    line_width: float = 0.5

    def __init__(self, cx: float, cy: float, r: float, stroke: str | None = "#000000",
                 fill: str | None = None, line_width: float = 0.5) -> None:
        fields = self.__dict__
        fields["cx"], fields["cy"], fields["r"] = cx, cy, r
        fields["stroke"], fields["fill"], fields["line_width"] = stroke, fill, line_width


@dataclass(frozen=True, init=False)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    line_width: float = 0.8

    def __init__(self, x1: float, y1: float, x2: float, y2: float, stroke: str = "#000000",
                 line_width: float = 0.8) -> None:
        fields = self.__dict__
        fields["x1"], fields["y1"], fields["x2"], fields["y2"] = x1, y1, x2, y2
        fields["stroke"], fields["line_width"] = stroke, line_width


@dataclass(frozen=True, init=False)
class Polygon:
    points: tuple[tuple[float, float], ...]
    stroke: str | None = "#000000"
    fill: str | None = None
    line_width: float = 0.9

    def __init__(self, points: tuple[tuple[float, float], ...], stroke: str | None = "#000000",
                 fill: str | None = None, line_width: float = 0.9) -> None:
        fields = self.__dict__
        fields["points"], fields["stroke"], fields["fill"] = points, stroke, fill
        fields["line_width"] = line_width


@dataclass(frozen=True, init=False)
class Text:
    x: float
    y: float  # baseline
    text: str
    font: str = "regular"  # "regular" or "bold"
    size: float = 7.0
    anchor: str = "start"  # "start", "middle" or "end"
    fill: str = "#000000"
    max_width: float | None = None  # the room the layout gave it (checked by the tests)

    def __init__(self, x: float, y: float, text: str, font: str = "regular", size: float = 7.0,
                 anchor: str = "start", fill: str = "#000000",
                 max_width: float | None = None) -> None:
        fields = self.__dict__
        fields["x"], fields["y"], fields["text"], fields["font"] = x, y, text, font
        fields["size"], fields["anchor"], fields["fill"] = size, anchor, fill
        fields["max_width"] = max_width


Item = Rect | Circle | Line | Polygon | Text


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    items: tuple[Item, ...]
    title: str = ""
    # What the page is, for a screen reader (the HTML's aria-label "Record sheet: Atlas
    # AS7-D"); no ink, so left out of the display list's repr (the layout digests).
    kind: str = field(default="Record sheet", repr=False)

    def of_type(self, kind: type) -> list[Item]:
        return [item for item in self.items if isinstance(item, kind)]


@dataclass(frozen=True)
class Document:
    pages: tuple[Page, ...]
    title: str = ""
