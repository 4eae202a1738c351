"""Display-list primitives in PDF points; origin top-left, y grows downward.

The layout produces these; the painters only draw them. Colours are opaque
`#rrggbb` strings (no transparency) or None for "none".
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    stroke: str | None = "#000000"
    fill: str | None = None
    line_width: float = 0.8
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    stroke: str | None = "#000000"
    fill: str | None = None
    line_width: float = 0.5


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    line_width: float = 0.8


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    stroke: str | None = "#000000"
    fill: str | None = None
    line_width: float = 0.9


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    font: str = "regular"  # "regular" or "bold"
    size: float = 7.0
    anchor: str = "start"  # "start", "middle" or "end"
    fill: str = "#000000"
    max_width: float | None = None  # the room the layout gave it (checked by the tests)


Item = Rect | Circle | Line | Polygon | Text


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    items: tuple[Item, ...]
    title: str = ""

    def of_type(self, kind: type) -> list[Item]:
        return [item for item in self.items if isinstance(item, kind)]


@dataclass(frozen=True)
class Document:
    pages: tuple[Page, ...]
    title: str = ""
