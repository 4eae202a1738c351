"""The printed Alpha Strike card, laid out as the official card is (landscape, 3.5 × 2.5 in):
name and PV on top; on the left TP, SZ, TMM, MV, ROLE and SKILL, the DAMAGE bands with their
to-hit modifiers, armor and structure as rows of circles to mark, the specials; on the right
the overheat value with the heat scale, and the Critical Hits block with each hit's boxes and
effect. mechlab's own drawing. Card coordinates in points (see layout.py).

Issue 22: one text size per row; a text too long for its row is cut ("…"), never shrunk.
"""

from __future__ import annotations

from functools import cache

from mechlab.cards.as_card import AlphaStrikeCard
from mechlab.cards.as_constants import PrintedCard, constants
from mechlab.cards.layout import (
    DARK,
    LANDSCAPE,
    CardInk,
    CardLayout,
    bubbles,
    track_rows,
    wrap,
)
from mechlab.render import fonts
from mechlab.render.geometry import Circle
from mechlab.sheet.verdict import code_lines

W, H = LANDSCAPE
WHITE, RED, SOFT = "#ffffff", "#b00000", "#555555"
LEFT, LEFT_W = 10.0, 128.0  # the left column: stats, damage, armor, specials
RIGHT = LEFT + LEFT_W + 6  # the right column: heat, critical hits
RIGHT_W = W - 10 - RIGHT
BOTTOM = 161.0  # the columns end here; the footer (or the ILLEGAL strip) is below
STAT = 8.0  # the stats rows, the heat row
NAME_LEAD = 12.0  # a long name's second row in the header bar
# Bubble radius and gap, largest first: the largest whose rows leave the specials two lines.
BUBBLE_SIZES = ((3.6, 1.8), (3.0, 1.4), (2.5, 1.1))
MAX_TRACK_HEIGHT = 30.0


@cache
def printed() -> PrintedCard:
    """What the card prints besides the unit's values: alpha_strike.yaml `card`."""
    return constants().card


def frame(ink: CardInk) -> None:
    ink.rect(4, 4, W - 8, H - 8, line_width=1.2, radius=7)


def header(ink: CardInk, card: AlphaStrikeCard) -> float:
    """One 11 pt row: chassis (bold) and model, PV on the right. A name too long for the
    row wraps, the model on a second row of the bar (issue 22: never shrunk, never cut
    while the card has room); returns how much lower the rest of the card starts."""
    pv = f"PV: {card.pv}"
    pv_w = fonts.text_width(pv, "bold", 11)
    room = W - 12 - pv_w - 10 - 12
    chassis_w = fonts.text_width(card.chassis, "bold", 11)
    model_w = fonts.text_width(card.model, "regular", 11)
    one_line = chassis_w + 5 + model_w <= room
    drop = 0.0 if one_line else NAME_LEAD
    ink.rect(4, 4, W - 8, 22 + drop, line_width=0, fill=DARK, stroke=None, radius=7)
    ink.text(W - 12, 19.5, pv, "bold", 11, anchor="end", max_width=pv_w + 1, fill=WHITE)
    if one_line:
        ink.text(12, 19.5, card.chassis, "bold", 11, max_width=room - model_w - 5,
                 fill=WHITE, shrink=False)
        offset = chassis_w + 5
        ink.text(12 + offset, 19.5, card.model, "regular", 11, max_width=room - offset,
                 fill=WHITE, shrink=False)
        return drop
    # Two rows: the chassis as far as it fits beside PV ('Cauldron-Born'), the rest of it
    # ('(Ebon Jaguar)') and the model on the second row.
    first = wrap(card.chassis.split(), "bold", 11, room, sep=" ")[0]
    if fonts.text_width(first, "bold", 11) > room:  # one word wider than the row breaks in it
        first = fonts.fitting_prefix(first, "bold", 11, room) or first[0]
    name, paren, _ = card.chassis.partition(" (")  # 'Vulture Mk III' | '(Mad Dog Mk III)'
    if paren and name != first and fonts.text_width(name, "bold", 11) <= room:
        first = name
    rest = card.chassis[len(first):].strip()
    ink.text(12, 19.5, first, "bold", 11, max_width=room, fill=WHITE, shrink=False)
    offset = 0.0
    if rest:
        ink.text(12, 19.5 + drop, rest, "bold", 11, max_width=W - 24, fill=WHITE,
                 shrink=False)
        offset = min(fonts.text_width(rest, "bold", 11), W - 24) + 5
    ink.text(12 + offset, 19.5 + drop, card.model, "regular", 11,
             max_width=max(8.0, W - 24 - offset), fill=WHITE, shrink=False)
    return drop


def pairs(ink: CardInk, x: float, y: float, items: tuple[tuple[str, str], ...]) -> None:
    """`TP: BM   SZ: 3 …`: bold labels and values, all at STAT, a fixed gap apart; the last
    value is cut ("…") at the column's edge, never shrunk."""
    for label, value in items:
        label_w = fonts.text_width(f"{label}: ", "bold", STAT)
        ink.text(x, y, f"{label}:", "bold", STAT, max_width=label_w, fill=DARK)
        room = LEFT + LEFT_W - 2 - x - label_w
        ink.text(x + label_w, y, value, "bold", STAT, max_width=room, shrink=False)
        x += label_w + min(room, fonts.text_width(value, "bold", STAT)) + 9


def stats(ink: CardInk, card: AlphaStrikeCard, drop: float) -> None:
    """Three rows: TP SZ TMM, MV SKILL, ROLE (the official card's order, in a column with no
    picture beside it)."""
    pairs(ink, LEFT + 2, 38 + drop,
          (("TP", card.type), ("SZ", str(card.sz)), ("TMM", str(card.tmm))))
    pairs(ink, LEFT + 2, 49 + drop, (("MV", card.mv), ("SKILL", str(card.skill))))
    pairs(ink, LEFT + 2, 60 + drop, (("ROLE", card.role or "—"),))


def damage(ink: CardInk, card: AlphaStrikeCard, top: float) -> float:
    """DAMAGE with S (+0), M (+2), L (+4) over the values, as the card prints them."""
    ink.rect(LEFT, top, LEFT_W, 34, line_width=0.9, radius=4)
    label_w = 40.0
    # The label at the box's middle, level with the values, as the official card has it.
    ink.text(LEFT + 4, top + 20.5, "DAMAGE", "bold", 7, max_width=label_w - 4)
    column = (LEFT_W - label_w) / 3
    modifiers = printed().range_modifiers
    for i, (band, value) in enumerate(zip("sml", (card.s, card.m, card.l), strict=True)):
        centre = LEFT + label_w + column * (i + 0.5)
        ink.text(centre, top + 10, f"{band.upper()} ({modifiers[band]})", "bold", 7,
                 anchor="middle", max_width=column - 2, fill=DARK)
        ink.text(centre, top + 28.5, str(value), "bold", 15, anchor="middle",
                 max_width=column - 2)
    return top + 34


def heat(ink: CardInk, card: AlphaStrikeCard, top: float) -> float:
    """OV and the heat scale's boxes (S: shutdown, dark) under their caption."""
    ink.rect(RIGHT, top, RIGHT_W, 25, line_width=0.9, radius=4)
    levels = printed().heat_scale
    box_w, gap = 12.0, 2.0
    x = RIGHT + RIGHT_W - 4 - len(levels) * (box_w + gap) + gap
    ink.text(x, top + 8, "HEAT SCALE", "bold", 6, max_width=RIGHT + RIGHT_W - 4 - x,
             fill=SOFT)
    ink.text(RIGHT + 4, top + 19.5, f"OV: {card.ov}", "bold", STAT, max_width=x - RIGHT - 8)
    for i, level in enumerate(levels):
        last = i == len(levels) - 1
        bx = x + i * (box_w + gap)
        ink.rect(bx, top + 10.5, box_w, 12, line_width=0.7, radius=2,
                 fill=DARK if last else None)
        ink.text(bx + box_w / 2, top + 19.5, level, "bold", STAT, anchor="middle",
                 max_width=box_w - 1, fill=WHITE if last else "#000000")
    return top + 25


def bubble_size(counts: tuple[int, ...], width: float, top: float = 0.0, lines: int = 0
                ) -> tuple[float, float]:
    """The largest circles (radius, gap) whose rows fit MAX_TRACK_HEIGHT and, in a box
    starting at `top`, leave the specials their `lines` (issue 22: a long list is not cut
    while smaller circles make room); the smallest still takes a pencil mark."""
    for r, gap in BUBBLE_SIZES:
        if (2 * r + gap) * sum(track_rows(n, width, r, gap) for n in counts) <= MAX_TRACK_HEIGHT \
                and special_room(top + track_height(counts, width, r, gap) + 4) >= lines:
            return r, gap
    return BUBBLE_SIZES[-1]


def track_height(counts: tuple[int, ...], width: float, r: float, gap: float) -> float:
    """The A and S box's height for circles of radius r."""
    rows = [track_rows(n, width, r, gap) for n in counts]
    return 5 + (2 * r + gap) * sum(rows) + 3 * (len(rows) - 1) + 4 - gap


def durability(ink: CardInk, card: AlphaStrikeCard, top: float
               ) -> tuple[float, dict[str, tuple[Circle, ...]]]:
    """A and S: a label and one circle per point to mark, in as many rows as needed."""
    width = LEFT_W - 34
    counts = (card.armor, card.structure)
    r, gap = bubble_size(counts, width, top, len(special_lines(card)))
    rows = [track_rows(n, width, r, gap) for n in counts]
    step = 2 * r + gap
    height = track_height(counts, width, r, gap)
    ink.rect(LEFT, top, LEFT_W, height, line_width=0.9, radius=4)
    tracks = {}
    y = top + 5
    for (key, label), count, n in zip((("armor", "A"), ("structure", "S")), counts, rows,
                                      strict=True):
        ink.text(LEFT + 4, y + r + 2.8, f"{label}: {count}", "bold", STAT, max_width=28)
        tracks[key] = bubbles(ink, LEFT + 32, y, width, count, r, gap)
        y += step * n + 3
    return top + height, tracks


SPECIAL, SPECIAL_PITCH = 7.0, 8.5  # the specials' size and line pitch
SPECIAL_LABEL = "SPECIAL: "


def special_lines(card: AlphaStrikeCard) -> list[str]:
    """The specials, comma-separated, wrapped beside their label."""
    indent = fonts.text_width(SPECIAL_LABEL, "bold", SPECIAL)
    return wrap(card.specials or ("—",), "regular", SPECIAL, LEFT_W - 4 - indent)


def special_room(top: float) -> int:
    """How many lines of specials fit from `top` down to the column's end."""
    return max(1, int((BOTTOM - top - SPECIAL) // SPECIAL_PITCH) + 1)


def specials(ink: CardInk, card: AlphaStrikeCard, top: float) -> None:
    """SPECIAL: every special at 7 pt, wrapped; an absurd list's last line says more follow."""
    indent = fonts.text_width(SPECIAL_LABEL, "bold", SPECIAL)
    room = special_room(top)
    lines = special_lines(card)
    if len(lines) > room:
        lines = [*lines[: room - 1], lines[room - 1] + " …"]
    y = top + SPECIAL
    ink.text(LEFT + 2, y, SPECIAL_LABEL.strip(), "bold", SPECIAL, max_width=indent)
    for i, line in enumerate(lines):
        ink.text(LEFT + 2 + indent, y + SPECIAL_PITCH * i, line, "regular", SPECIAL,
                 max_width=LEFT_W - 4 - indent, shrink=False)


def critical_hits(ink: CardInk, top: float) -> None:
    """CRITICAL HITS: each hit's name and boxes to mark, its effect under them."""
    ink.rect(RIGHT, top, RIGHT_W, BOTTOM - top, line_width=0.9, radius=4)
    ink.rect(RIGHT, top, RIGHT_W, 12, line_width=0, fill=DARK, stroke=None, radius=4)
    ink.text(RIGHT + 4, top + 9, "CRITICAL HITS", "bold", 7, max_width=RIGHT_W - 8, fill=WHITE)
    hits = printed().critical_hits
    pitch = (BOTTOM - top - 14) / len(hits)
    name_w = max(fonts.text_width(hit.name, "bold", 7) for hit in hits) + 4
    r, gap = 3.2, 1.6
    for i, hit in enumerate(hits):
        y = top + 14 + pitch * i
        ink.text(RIGHT + 4, y + 8, hit.name, "bold", 7, max_width=name_w - 2)
        for b in range(hit.boxes):
            ink.dot(RIGHT + 4 + name_w + r + b * (2 * r + gap), y + 5.6, r)
        ink.text(RIGHT + 8, y + 16.5, hit.effect, "regular", 6.5, max_width=RIGHT_W - 12,
                 fill=SOFT, shrink=False)


def footer(ink: CardInk, card: AlphaStrikeCard) -> None:
    """'Alpha Strike · mechlab', or for an illegal design a red strip with its codes."""
    if not card.illegal:
        ink.text(W / 2, H - 8.5, "Alpha Strike · printed by mechlab", "regular", 6,
                 anchor="middle", max_width=W - 24, fill=SOFT)
        return
    ink.rect(LEFT, H - 17, W - 2 * LEFT, 10, line_width=0, fill=RED, stroke=None, radius=2)
    line = code_lines(card.illegal, "bold", 6, W - 2 * LEFT - 6, 1)[0]
    ink.text(LEFT + 3, H - 9.8, line, "bold", 6, max_width=W - 2 * LEFT - 6, fill=WHITE)


def alpha_strike_layout(card: AlphaStrikeCard) -> CardLayout:
    ink = CardInk()
    frame(ink)
    drop = header(ink, card)
    stats(ink, card, drop)
    y = damage(ink, card, 65 + drop)
    y, tracks = durability(ink, card, y + 3)
    specials(ink, card, y + 4)
    critical_hits(ink, heat(ink, card, 30 + drop) + 3)
    footer(ink, card)
    return CardLayout(tuple(ink.items), tracks, f"{card.chassis} {card.model}".strip(),
                      LANDSCAPE)
