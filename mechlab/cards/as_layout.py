"""The printed Alpha Strike card, mechlab's own design of the usual layout: name and PV on top;
TP, SZ, TMM, MV, role and skill; damage S/M/L; OV and a heat scale; armor and structure as
rows of bubbles; specials. Card coordinates in points (see layout.py)."""

from __future__ import annotations

from mechlab.cards.as_card import AlphaStrikeCard
from mechlab.cards.layout import (
    CARD_H,
    CARD_W,
    DARK,
    CardInk,
    CardLayout,
    bubbles,
    track_rows,
    wrap,
)
from mechlab.render.geometry import Circle

LEFT, WIDTH = 10.0, CARD_W - 20.0
WHITE = "#ffffff"
# Bubble radius and gap, largest first; both tracks together at most 28 pt of rows.
BUBBLE_SIZES = ((4.6, 3.0), (3.6, 2.0), (2.8, 1.6), (2.2, 1.2))
MAX_TRACK_HEIGHT = 28.0
RANGES = (("S", '0–6"'), ("M", '6–24"'), ("L", '24–42"'))


def frame(ink: CardInk) -> None:
    ink.rect(5, 5, CARD_W - 10, CARD_H - 10, line_width=1.2, radius=7)


def header(ink: CardInk, card: AlphaStrikeCard) -> None:
    ink.rect(5, 5, CARD_W - 10, 36, line_width=0, fill=DARK, stroke=None, radius=7)
    ink.text(LEFT + 2, 21, card.chassis, "bold", 11, max_width=112, fill=WHITE)
    ink.text(LEFT + 2, 34, card.model, "regular", 8, max_width=112, fill=WHITE)
    right = LEFT + WIDTH - 2
    ink.text(right, 17, "PV", "bold", 7, anchor="end", max_width=40, fill=WHITE)
    ink.text(right, 35, str(card.pv), "bold", 17, anchor="end", max_width=40, fill=WHITE)


def stat(ink: CardInk, x: float, y: float, width: float, label: str, value: str,
         size: float = 11) -> None:
    ink.text(x, y, label, "bold", 6, max_width=width - 2, fill=DARK)
    ink.text(x, y + 2 + size, value, "bold", size, max_width=width - 2)


def stats(ink: CardInk, card: AlphaStrikeCard) -> None:
    column = WIDTH / 4
    for i, (label, value) in enumerate((("TP", card.type), ("SZ", str(card.sz)),
                                        ("TMM", str(card.tmm)), ("MV", card.mv))):
        stat(ink, LEFT + 2 + i * column, 50, column, label, value)
    stat(ink, LEFT + 2, 73, column * 3, "ROLE", card.role or "—", size=8)
    stat(ink, LEFT + 2 + column * 3, 73, column, "SKILL", str(card.skill), size=8)


def damage(ink: CardInk, card: AlphaStrikeCard, top: float) -> float:
    ink.rect(LEFT, top, WIDTH, 40, line_width=0.9, radius=4)
    ink.text(LEFT + 5, top + 9, "DAMAGE", "bold", 6.5, max_width=40)
    column = (WIDTH - 44) / 3
    for i, ((band, reach), value) in enumerate(zip(RANGES, (card.s, card.m, card.l),
                                                   strict=True)):
        centre = LEFT + 44 + column * (i + 0.5)
        ink.text(centre, top + 11, f"{band} {reach}", "bold", 6, anchor="middle",
                 max_width=column - 4, fill=DARK)
        ink.text(centre, top + 33, str(value), "bold", 18, anchor="middle", max_width=column - 4)
    return top + 40


def heat(ink: CardInk, card: AlphaStrikeCard, top: float) -> float:
    ink.rect(LEFT, top, WIDTH, 25, line_width=0.9, radius=4)
    ink.text(LEFT + 5, top + 9, "OVERHEAT", "bold", 6, max_width=44)
    ink.text(LEFT + 5, top + 20.5, f"OV {card.ov}", "bold", 10, max_width=44)
    ink.text(LEFT + 58, top + 9, "HEAT SCALE", "bold", 6, max_width=50)
    for i, level in enumerate(("1", "2", "3", "S")):
        x = LEFT + 58 + i * 23
        last = level == "S"
        ink.rect(x, top + 11.5, 20, 10, line_width=0.7, radius=2, fill=DARK if last else None)
        ink.text(x + 10, top + 19, level, "bold", 7, anchor="middle", max_width=18,
                 fill=WHITE if last else "#000000")
    return top + 25


def bubble_size(counts: tuple[int, ...], width: float) -> tuple[float, float]:
    """The largest bubbles (radius, gap) whose rows fit MAX_TRACK_HEIGHT, so the specials
    keep their room; the smallest still takes a pencil mark."""
    for r, gap in BUBBLE_SIZES:
        if (2 * r + gap) * sum(track_rows(n, width, r, gap) for n in counts) <= MAX_TRACK_HEIGHT:
            return r, gap
    return BUBBLE_SIZES[-1]


def durability(ink: CardInk, card: AlphaStrikeCard, top: float
               ) -> tuple[float, dict[str, tuple[Circle, ...]]]:
    """Armor and structure: a label and one bubble per point, in as many rows as needed."""
    width = WIDTH - 34
    counts = (card.armor, card.structure)
    r, gap = bubble_size(counts, width)
    rows = [track_rows(n, width, r, gap) for n in counts]
    step = 2 * r + gap
    height = 4 + step * sum(rows) + 4 * len(rows)
    ink.rect(LEFT, top, WIDTH, height, line_width=0.9, radius=4)
    tracks = {}
    y = top + 4
    for (key, label), count, n in zip((("armor", "A"), ("structure", "S")), counts, rows,
                                      strict=True):
        ink.text(LEFT + 6, y + min(r, 4.6) + 2.5, f"{label} {count}", "bold", 7, max_width=24)
        tracks[key] = bubbles(ink, LEFT + 30, y, width, count, r, gap)
        y += step * n + 4
    return top + height, tracks


def specials(ink: CardInk, card: AlphaStrikeCard, top: float, bottom: float) -> None:
    """Every special, wrapped; a long list steps down to 6 pt before anything is cut."""
    ink.rect(LEFT, top, WIDTH, bottom - top, line_width=0.9, radius=4)
    ink.text(LEFT + 5, top + 9, "SPECIAL", "bold", 6, max_width=40)
    words, width = card.specials or ("—",), WIDTH - 10
    for size in (7.0, 6.5, 6.0):
        pitch = size + 2
        room = max(1, int((bottom - 1 - top - 11 - 0.95 * size) // pitch) + 1)
        lines = wrap(words, "regular", size, width)
        if len(lines) <= room:
            break
    if len(lines) > room:  # only an absurd design gets here: say that more follows
        lines = [*lines[: room - 1], lines[room - 1] + " …"]
    for i, line in enumerate(lines):
        ink.text(LEFT + 5, top + 11 + 0.75 * size + pitch * i, line, "regular", size,
                 max_width=width)


def alpha_strike_layout(card: AlphaStrikeCard) -> CardLayout:
    ink = CardInk()
    frame(ink)
    header(ink, card)
    stats(ink, card)
    y = damage(ink, card, 88) + 4
    y = heat(ink, card, y) + 4
    y, tracks = durability(ink, card, y)
    specials(ink, card, y + 4, CARD_H - 18)
    ink.text(CARD_W / 2, CARD_H - 9.5, "Alpha Strike · printed by mechlab", "regular", 6,
             anchor="middle", max_width=WIDTH, fill="#555555")
    return CardLayout(tuple(ink.items), tracks, f"{card.chassis} {card.model}".strip())
