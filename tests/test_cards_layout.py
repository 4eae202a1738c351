"""Printed cards, checked on the display list: one bubble per armor and structure point,
everything inside the card, no two texts or bubbles overlapping, no text under 6 pt or wider
than its room; nine cards to a page, cut marks outside the cards."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from tests_support import mech_of

from mechlab.assess import assess
from mechlab.cards import alpha_strike, ccg
from mechlab.cards.as_layout import alpha_strike_layout
from mechlab.cards.ccg_layout import ccg_layout
from mechlab.cards.layout import CARD_H, CARD_W, CardLayout, impose, slot_origin
from mechlab.files.library import library
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.render import fonts
from mechlab.render.frame import PAPER
from mechlab.render.geometry import Circle, Line, Polygon, Rect, Text
from mechlab.render.svg import render_html
from mechlab.sheet.pips import circles_overlap

Box = tuple[float, float, float, float]  # left, top, right, bottom


def text_box(text: Text) -> Box:
    width = fonts.text_width(text.text, text.font, text.size)
    left = {"start": text.x, "middle": text.x - width / 2, "end": text.x - width}[text.anchor]
    return left, text.y - 0.75 * text.size, left + width, text.y + 0.2 * text.size


def item_box(item: Any) -> Box:
    if isinstance(item, Text):
        return text_box(item)
    if isinstance(item, Circle):
        return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    if isinstance(item, Rect):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Line):
        return (min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2),
                max(item.y1, item.y2))
    assert isinstance(item, Polygon)
    xs, ys = [x for x, _ in item.points], [y for _, y in item.points]
    return min(xs), min(ys), max(xs), max(ys)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: Box, b: Box) -> bool:
    """`a` lies within `b`, clear of its border."""
    return b[0] + 0.5 <= a[0] and b[1] + 0.5 <= a[1] and a[2] <= b[2] - 0.5 and a[3] <= b[3] - 0.5


def check_card(layout: CardLayout) -> None:
    for item in layout.items:
        left, top, right, bottom = item_box(item)
        assert left >= 0 and top >= 0 and right <= CARD_W and bottom <= CARD_H, item
    texts = [t for t in layout.items if isinstance(t, Text)]
    for text in texts:
        assert text.size >= 6, text
        assert text.max_width is not None, text
        assert fonts.text_width(text.text, text.font, text.size) <= text.max_width + 0.01, text
    for a, b in itertools.combinations(texts, 2):
        assert not overlap(text_box(a), text_box(b)), (a.text, b.text)
    for rect, text in itertools.product([r for r in layout.items if isinstance(r, Rect)], texts):
        assert inside(text_box(text), item_box(rect)) or not overlap(text_box(text),
                                                                      item_box(rect)), text.text
    circles = [c for c in layout.items if isinstance(c, Circle)]
    for a, b in itertools.combinations(circles, 2):
        assert not circles_overlap(a, b), (a, b)
    for circle, text in itertools.product(circles, texts):
        assert not overlap(item_box(circle), text_box(text)) or circle.fill, (circle, text.text)


def check_alpha_strike(card: alpha_strike.AlphaStrikeCard) -> CardLayout:
    layout = alpha_strike_layout(card)
    assert len(layout.tracks["armor"]) == card.armor
    assert len(layout.tracks["structure"]) == card.structure
    check_card(layout)
    texts = {t.text for t in layout.items if isinstance(t, Text)}
    assert {str(card.pv), card.mv, str(card.s), str(card.m), str(card.l), f"OV {card.ov}"} <= texts
    return layout


def check_ccg(card: ccg.CcgCard) -> CardLayout:
    layout = ccg_layout(card)
    check_card(layout)
    texts = {t.text for t in layout.items if isinstance(t, Text)}
    assert {str(card.attack), f"{card.armor} / {card.structure}", "converted by mechlab"} <= texts
    return layout


def test_the_catapult_cards_are_exact(catapult):
    mech = mech_of(catapult)
    check_alpha_strike(alpha_strike.alpha_strike_card(mech, "x"))
    check_ccg(ccg.ccg_card(assess(mech), "x"))


def test_long_names_and_many_specials_fit(catapult):
    catapult["chassis"] = "Wolfhound Prime Extraordinaire"
    catapult["model"] = "WLF-2X-Heavy-Custom"
    catapult["role"] = "Missile Boat and Occasional Skirmisher"
    catapult["equipment"] += [
        {"item": "AC/10", "location": "RT"}, {"item": "Ammo (AC/10)", "location": "RT"},
        {"item": "Medium Laser", "location": "CT", "rear": True},
        {"item": "Flamer", "location": "HD"}]
    mech = mech_of(catapult)
    check_alpha_strike(alpha_strike.alpha_strike_card(mech, "x"))
    check_ccg(ccg.ccg_card(assess(mech), "x"))


def test_no_cost_prints_a_dash_not_a_number(catapult):
    card = ccg.ccg_card(assess(mech_of(catapult)), "x")
    from dataclasses import replace

    layout = check_ccg(replace(card, cost=None))
    assert "—" in {t.text for t in layout.items if isinstance(t, Text)}


@pytest.mark.slow
def test_library_unit_cards_are_exact():
    # Every fourth unit (tonnage order: light to assault, every kind of loadout) keeps it quick.
    for unit in [u for u in library() if u.ruleset == "intro"][::4]:  # §6: not 1984 droids
        mech = resolve(load_design(unit.path))
        check_alpha_strike(alpha_strike.alpha_strike_card(mech, unit.model))
        check_ccg(ccg.ccg_card(assess(mech), unit.model))


@pytest.mark.parametrize("paper", sorted(PAPER))
def test_nine_to_a_page_with_cut_marks_outside_the_cards(paper, catapult):
    layout = ccg_layout(ccg.ccg_card(assess(mech_of(catapult)), "x"))
    document = impose([layout] * 11, paper, "t")
    assert len(document.pages) == 2
    width, height = PAPER[paper]
    cards = [(x, y, x + CARD_W, y + CARD_H) for x, y in (slot_origin(paper, i) for i in range(9))]
    for left, top, right, bottom in cards:
        assert left >= 0 and top >= 0 and right <= width and bottom <= height
    first = document.pages[0]
    marks = [item for item in first.items[:16] if isinstance(item, Line)]
    assert len(marks) == 16  # 4 cut lines across, 4 down, marked at both ends
    for mark in marks:
        assert not any(overlap(item_box(mark), card) for card in cards)
        assert min(mark.x1, mark.x2) >= 0 and max(mark.x1, mark.x2) <= width
    assert len(first.items) == 16 + 9 * len(layout.items)


def test_html_escapes_what_the_user_wrote(catapult):
    catapult["chassis"] = "<script>alert(1)</script>"
    layout = ccg_layout(ccg.ccg_card(assess(mech_of(catapult)), "x"))
    html = render_html(impose([layout], "letter", "t"))
    assert "<script>alert" not in html and "&lt;script&gt;" in html
