"""Issue 18: every printed thing of an illegal design says so, with its error codes: the
sheet's banner in every style names every code (wrapped, never cut mid-code), and where the
room runs out the last line counts the rest ("+N more")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests_support import codes_of, mech_of

from mechlab.assess import assess
from mechlab.render import fonts
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet
from mechlab.sheet.verdict import PREFIX, code_lines

CODE = re.compile(r"[EW]-[A-Z0-9-]+")


def many_errors(design: dict[str, Any]) -> dict[str, Any]:
    """The Catapult broken eight ways (RULES.md 1.x): over weight, jumps farther than it
    walks, too few sinks, armor over the caps, an AC/20 where there is no room for it."""
    design.update(jumping_mp=7, heat_sinks=5)
    design["armor"].update(head=12, left_arm=33, left_leg=38,
                           center_torso={"front": 44, "rear": 31})
    design["actuators"]["left_arm"] = {"lower_arm": False, "hand": True}
    design["equipment"].append({"item": "AC/20", "location": "head"})
    return design


def banner_texts(design: dict[str, Any], style: str, paper: str) -> list[str]:
    page = layout_sheet(assess(mech_of(design)), SheetOptions(style=style, paper=paper)).page
    texts = [t for t in page.items if type(t).__name__ == "Text" and t.fill == "#ffffff"]
    start = next(i for i, t in enumerate(texts) if t.text.startswith(PREFIX.strip()))
    return [t.text for t in texts[start:] if t.size == texts[start].size
            and abs(t.x - texts[start].x) < 0.01]


@pytest.mark.parametrize("style", ["standard", "quickstart", "battledroids"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_banner_names_every_error_code_of_the_design(catapult, style, paper):
    design = many_errors(catapult)
    expected = [c for c in dict.fromkeys(codes_of(design)) if c.startswith("E-")]
    assert len(expected) >= 8  # the situation of issue 18: more than one line holds
    lines = banner_texts(design, style, paper)
    assert len(lines) >= 2
    assert CODE.findall(" ".join(lines)) == expected


def test_codes_beyond_the_room_are_counted_not_cut():
    codes = [f"E-SOME-RULE-{i}" for i in range(40)]
    lines = code_lines(codes, "bold", 8, 200, max_lines=2)
    assert len(lines) == 2
    shown = CODE.findall(" ".join(lines))
    assert shown == codes[: len(shown)]  # whole codes, in order
    assert lines[-1].endswith(f"+{len(codes) - len(shown)} more")
    assert all(fonts.text_width(line, "bold", 8) <= 200 for line in lines)


def test_a_legal_design_prints_no_code_lines():
    assert code_lines([], "bold", 8, 200, max_lines=3) == []
