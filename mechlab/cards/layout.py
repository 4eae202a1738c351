"""Printed cards: poker size (2.5 × 3.5 in; Alpha Strike's landscape, 3.5 × 2.5 in), nine to
a Letter or A4 page with cut marks.

Each card is laid out once, as display-list items in its own coordinates (`CardLayout`,
pure functions of the card), then imposed on pages: a 3 × 3 grid centred on the paper (turned
to landscape for landscape cards), cut marks in the margins on every cut line. The sheet's
painters draw the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from mechlab.render import fonts
from mechlab.render.frame import PAPER
from mechlab.render.geometry import Circle, Document, Item, Line, Page, Polygon, Rect, Text

CARD_W, CARD_H = 180.0, 252.0  # 2.5 × 3.5 in
PORTRAIT, LANDSCAPE = (CARD_W, CARD_H), (CARD_H, CARD_W)
COLUMNS, ROWS = 3, 3
C = TypeVar("C")  # a card of any game: lay_out draws each with its game's layout

MIN_TEXT = 6.0  # points: no card text is smaller
CUT_GAP, CUT_LENGTH = 3.0, 10.0
INK = "#000000"
GREY = "#d9d9d9"
DARK = "#333333"


class CardInk:
    """The cards' pen: appends display-list items; text shrinks to fit, never below 6 pt."""

    def __init__(self) -> None:
        self.items: list[Item] = []

    def text(self, x: float, y: float, text: str, font: str = "regular", size: float = 7.0,
             anchor: str = "start", max_width: float | None = None,
             fill: str = INK, shrink: bool = True) -> float:
        """`shrink=False`: the text keeps its row's size and is clipped ("…") if too wide."""
        if max_width is not None:
            if shrink:
                size = max(MIN_TEXT, fonts.fit_size(text, font, size, max_width))
            text = fonts.clip(text, font, size, max_width)
        self.items.append(Text(x=x, y=y, text=text, font=font, size=size, anchor=anchor,
                               fill=fill, max_width=max_width))
        return size

    def rect(self, x: float, y: float, w: float, h: float, line_width: float = 0.8,
             fill: str | None = None, stroke: str | None = INK, radius: float = 0) -> None:
        self.items.append(Rect(x=x, y=y, w=w, h=h, stroke=stroke, fill=fill,
                               line_width=line_width, radius=radius))

    def polygon(self, points: Sequence[tuple[float, float]], line_width: float = 0.8,
                fill: str | None = None) -> None:
        self.items.append(Polygon(points=tuple(points), line_width=line_width, fill=fill))

    def dot(self, cx: float, cy: float, r: float, fill: str | None = None) -> None:
        self.items.append(Circle(cx=cx, cy=cy, r=r, fill=fill, line_width=0.7))


def wrap(words: Sequence[str], font: str, size: float, width: float, sep: str = ", "
         ) -> list[str]:
    """Greedy line filling of `words` joined by `sep`, each line at most `width` wide."""
    lines: list[str] = []
    for word in words:
        candidate = f"{lines[-1]}{sep}{word}" if lines else word
        if lines and fonts.text_width(candidate, font, size) <= width:
            lines[-1] = candidate
        else:
            lines.append(word)
    return lines


@dataclass(frozen=True)
class CardLayout:
    """One card's items in card coordinates (0, 0)–`size`, and its bubble tracks."""

    items: tuple[Item, ...]
    tracks: dict[str, tuple[Circle, ...]]  # "armor", "structure": one circle per point
    title: str
    size: tuple[float, float] = PORTRAIT


def bubbles(ink: CardInk, x: float, y: float, width: float, count: int, r: float = 4.0,
            gap: float = 2.0) -> tuple[Circle, ...]:
    """`count` open circles in rows from (x, y) (top-left), as many to a row as fit."""
    per_row = max(1, int((width + gap) // (2 * r + gap)))
    circles = []
    for i in range(count):
        row, col = divmod(i, per_row)
        circle = Circle(cx=x + r + col * (2 * r + gap), cy=y + r + row * (2 * r + gap), r=r,
                        line_width=0.7)
        circles.append(circle)
        ink.items.append(circle)
    return tuple(circles)


def track_rows(count: int, width: float, r: float = 4.0, gap: float = 2.0) -> int:
    per_row = max(1, int((width + gap) // (2 * r + gap)))
    return max(1, -(-count // per_row))


# Imposition -------------------------------------------------------------------------------
def moved(item: Item, dx: float, dy: float) -> Item:
    """The item shifted by (dx, dy): a copy of its fields with the coordinates moved.
    (`dataclasses.replace` builds each through `__init__`'s keywords: half the time of
    imposing a print run of cards, which the command does while its workers convert.)"""
    copy = object.__new__(type(item))
    fields = copy.__dict__
    fields.update(item.__dict__)
    if isinstance(item, Text | Rect):
        fields["x"] += dx
        fields["y"] += dy
    elif isinstance(item, Circle):
        fields["cx"] += dx
        fields["cy"] += dy
    elif isinstance(item, Line):
        fields["x1"] += dx
        fields["y1"] += dy
        fields["x2"] += dx
        fields["y2"] += dy
    else:
        assert isinstance(item, Polygon)
        fields["points"] = tuple((x + dx, y + dy) for x, y in item.points)
    return copy


def page_size(paper: str, card: tuple[float, float] = PORTRAIT) -> tuple[float, float]:
    """The paper, turned to landscape when the cards are landscape, so nine fit."""
    width, height = PAPER[paper]
    return (height, width) if card[0] > card[1] else (width, height)


def grid_origin(paper: str, card: tuple[float, float] = PORTRAIT) -> tuple[float, float]:
    width, height = page_size(paper, card)
    return (width - COLUMNS * card[0]) / 2, (height - ROWS * card[1]) / 2


def cut_marks(paper: str, card: tuple[float, float] = PORTRAIT) -> tuple[Line, ...]:
    """Short lines in the margin continuing every cut line, clear of the cards."""
    x0, y0 = grid_origin(paper, card)
    x1, y1 = x0 + COLUMNS * card[0], y0 + ROWS * card[1]
    length = min(CUT_LENGTH, x0 - CUT_GAP - 1, y0 - CUT_GAP - 1)
    marks: list[Line] = []
    for col in range(COLUMNS + 1):
        x = x0 + col * card[0]
        marks += [Line(x, y0 - CUT_GAP - length, x, y0 - CUT_GAP, line_width=0.5),
                  Line(x, y1 + CUT_GAP, x, y1 + CUT_GAP + length, line_width=0.5)]
    for row in range(ROWS + 1):
        y = y0 + row * card[1]
        marks += [Line(x0 - CUT_GAP - length, y, x0 - CUT_GAP, y, line_width=0.5),
                  Line(x1 + CUT_GAP, y, x1 + CUT_GAP + length, y, line_width=0.5)]
    return tuple(marks)


def slot_origin(paper: str, index: int, card: tuple[float, float] = PORTRAIT
                ) -> tuple[float, float]:
    x0, y0 = grid_origin(paper, card)
    row, col = divmod(index % (COLUMNS * ROWS), COLUMNS)
    return x0 + col * card[0], y0 + row * card[1]


def impose(cards: Sequence[CardLayout], paper: str, title: str) -> Document:
    """Nine cards to a page, in the given order, each page with its cut marks. The cards of
    one document share a size (one game)."""
    size = cards[0].size if cards else PORTRAIT
    width, height = page_size(paper, size)
    per_page = COLUMNS * ROWS
    pages = []
    for start in range(0, len(cards), per_page):
        items: list[Item] = list(cut_marks(paper, size))
        batch = cards[start:start + per_page]
        for index, card in enumerate(batch):
            dx, dy = slot_origin(paper, index, size)
            items += [moved(item, dx, dy) for item in card.items]
        pages.append(Page(width, height, tuple(items), ", ".join(c.title for c in batch),
                          kind="Unit cards"))
    return Document(tuple(pages), title)


def lay_out(cards: Sequence[C], paper: str, title: str,
            card_layout: Callable[[C], CardLayout]) -> Document:
    return impose([card_layout(card) for card in cards], paper, title)
