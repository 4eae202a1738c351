"""The printed trading card in the layout of RULES.md §5.1, mechlab's own design: cost top
left, name, the speed dial top right, mechlab's 'Mech figure, options in bold, attack over
armor / structure bottom left, and "converted by mechlab". Card coordinates in points."""

from __future__ import annotations

import math

from mechlab.cards.ccg import CcgCard
from mechlab.cards.layout import CARD_H, CARD_W, DARK, GREY, CardInk, CardLayout, wrap
from mechlab.render import fonts
from mechlab.sheet.verdict import code_lines

WHITE, RED = "#ffffff", "#b00000"
SPEEDS = ("slow", "moderate", "fast")
DIAL = (150.0, 36.0, 19.0)  # centre x, centre y, radius


def cost_badge(ink: CardInk, card: CcgCard) -> None:
    """Upper-left: the construction cost (base + asset costs); a dash without Battle Value."""
    ink.dot(26, 26, 15, fill=DARK)
    text = "—" if card.cost is None else f"{card.cost}{card.assets}"
    ink.text(26, 31, text, "bold", 15, anchor="middle", max_width=24, fill=WHITE)


def title(ink: CardInk, card: CcgCard) -> None:
    ink.text(46, 22, card.chassis, "bold", 10.5, max_width=80)
    ink.text(46, 34, card.model, "regular", 8, max_width=80)
    ink.text(12, 56, f"'Mech · {card.tonnage} tons", "regular", 7, max_width=110,
             fill="#444444")


def wedge(cx: float, cy: float, r: float, start: float, end: float
          ) -> tuple[tuple[float, float], ...]:
    """A pie slice of the upper half-circle from `start` to `end` degrees (0 = right)."""
    steps = 8
    arc = [(round(cx + r * math.cos(math.radians(start + (end - start) * i / steps)), 2),
            round(cy - r * math.sin(math.radians(start + (end - start) * i / steps)), 2))
           for i in range(steps + 1)]
    return ((cx, cy), *arc)


def speed_dial(ink: CardInk, card: CcgCard) -> None:
    """Three sectors, slow on the left to fast on the right; the unit's speed is filled."""
    cx, cy, r = DIAL
    for i, speed in enumerate(SPEEDS):
        start = 180 - 60 * i
        ink.polygon(wedge(cx, cy, r, start, start - 60), line_width=0.8,
                    fill=DARK if speed == card.speed else WHITE)
    ink.text(cx, cy + 9, card.speed.upper(), "bold", 6.5, anchor="middle", max_width=44)


# mechlab's own 'Mech figure for the card, on a 100 × 108 grid: head, torso, arms, legs.
_HEAD = ((42, 3), (58, 3), (61, 7), (61, 16), (39, 16), (39, 7))
_TORSO = ((30, 18), (70, 18), (74, 24), (72, 55), (62, 63), (38, 63), (28, 55), (26, 24))
_ARM = ((11, 21), (24, 20), (24, 49), (21, 71), (10, 71), (7, 49), (8, 25))
_LEG = ((31, 65), (45, 65), (44, 98), (47, 105), (26, 105), (28, 98), (28, 84))
FIGURE = (_HEAD, _TORSO, _ARM, _LEG,
          tuple((100 - x, y) for x, y in reversed(_ARM)),
          tuple((100 - x, y) for x, y in reversed(_LEG)))
FIGURE_SIZE = (100.0, 108.0)


def silhouette(x: float, y: float, w: float, h: float
               ) -> list[tuple[tuple[float, float], ...]]:
    """The figure scaled into the box (aspect kept), centred."""
    scale = min(w / FIGURE_SIZE[0], h / FIGURE_SIZE[1])
    dx, dy = x + (w - FIGURE_SIZE[0] * scale) / 2, y + (h - FIGURE_SIZE[1] * scale) / 2
    return [tuple((round(dx + px * scale, 2), round(dy + py * scale, 2)) for px, py in shape)
            for shape in FIGURE]


def figure(ink: CardInk, card: CcgCard) -> None:
    """mechlab's own 'Mech figure as the card's picture, the weapons written under it."""
    ink.rect(12, 62, CARD_W - 24, 86, line_width=0, fill=GREY, stroke=None, radius=4)
    lines = wrap(card.loadout, "regular", 6, CARD_W - 32, sep=" · ")
    if len(lines) > 2:
        lines = [lines[0], fonts.clip(" · ".join(lines[1:]), "regular", 6, CARD_W - 32)]
    figure_bottom = 144 - 8 * len(lines)
    for outline in silhouette(20, 66, CARD_W - 40, figure_bottom - 66):
        ink.polygon(outline, line_width=0.8, fill=WHITE)
    for i, line in enumerate(lines):
        ink.text(CARD_W / 2, figure_bottom + 7 + 8 * i, line, "regular", 6, anchor="middle",
                 max_width=CARD_W - 32, fill="#222222")


def numbers(ink: CardInk, card: CcgCard) -> None:
    """Lower-left: attack above the armor / structure pair (§5.1)."""
    ink.rect(12, 156, 52, 38, line_width=0, fill=DARK, stroke=None, radius=4)
    ink.text(38, 165, "ATTACK", "bold", 6, anchor="middle", max_width=48, fill=WHITE)
    ink.text(38, 189, str(card.attack), "bold", 20, anchor="middle", max_width=48, fill=WHITE)
    ink.rect(12, 198, 52, 38, line_width=1.1, radius=4)
    ink.text(38, 207, "ARMOR / STR.", "bold", 6, anchor="middle", max_width=48)
    ink.text(38, 228, f"{card.armor} / {card.structure}", "bold", 13.5, anchor="middle",
             max_width=48)


def options(ink: CardInk, card: CcgCard) -> None:
    """Right of the numbers: the options, bold, each on its own line(s)."""
    x, width, y = 70.0, CARD_W - 82, 165.0
    ink.text(x, y, "OPTIONS · once per mission", "regular", 6, max_width=width, fill="#444444")
    y += 11
    if not card.options:
        ink.text(x, y, "none", "regular", 7, max_width=width)
        return
    for option in card.options:
        for line in wrap(str(option).split(" "), "bold", 7.5, width, sep=" "):
            if y > CARD_H - 22:
                return
            ink.text(x, y, line, "bold", 7.5, max_width=width)
            y += 9.5
        y += 2


def footer(ink: CardInk, card: CcgCard) -> None:
    """"converted by mechlab", or for an illegal design a red strip naming its error codes
    (issue 18: a card of an illegal design must not look like a legal one)."""
    if not card.illegal:
        ink.text(CARD_W / 2, CARD_H - 9.5, "converted by mechlab", "regular", 6,
                 anchor="middle", max_width=CARD_W - 24, fill="#555555")
        return
    width = CARD_W - 24
    ink.rect(12, CARD_H - 17, width, 10, line_width=0, fill=RED, stroke=None, radius=2)
    line = code_lines(card.illegal, "bold", 6, width - 6, 1, prefix="ILLEGAL: ")[0]
    ink.text(15, CARD_H - 9.8, line, "bold", 6, max_width=width - 6, fill=WHITE)


def ccg_layout(card: CcgCard) -> CardLayout:
    ink = CardInk()
    ink.rect(5, 5, CARD_W - 10, CARD_H - 10, line_width=1.2, radius=7)
    cost_badge(ink, card)
    title(ink, card)
    speed_dial(ink, card)
    figure(ink, card)
    numbers(ink, card)
    options(ink, card)
    footer(ink, card)
    return CardLayout(tuple(ink.items), {}, f"{card.chassis} {card.model}".strip())
