"""One edit's answer: a design mapping judged, as the page shows it.

The verdict and every finding (with its one-click fix, where its hint is mechanical),
the status bar's numbers, the critical slots, the record sheet as the SVG the HTML
writer paints and the Alpha Strike card; or, for input the schema refuses, each
problem on its field, in the words the command line uses. Everything is computed by
the same functions the commands call: nothing here states a rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mechlab.assess import Assessment, assess_design
from mechlab.core.errors import DesignError
from mechlab.core.tons import json_tons
from mechlab.edit.armor import location_caps
from mechlab.edit.fixes import fixes_for
from mechlab.model.mech import Mech, SlotKind
from mechlab.sheet.options import SheetOptions

# "equipment[3].location: …", "tonnage: …": a problem's leading field path.
_PATH = re.compile(r"^([a-z_]+(?:\[\d+\]|\.[a-z_]+|\.\d+)*): ")


@dataclass(frozen=True)
class View:
    """What the page asked to see: the sheet's style and paper."""

    style: str | None = None
    paper: str = "letter"


def field_name(path: str) -> str:
    """A finding's or problem's path as the page's input name: `equipment[3]` →
    `equipment.3`."""
    return re.sub(r"\[(\d+)\]", r".\1", path)


# The fields a problem of the whole design names ("(top level): a quad has no such
# location: equipment[0].location: left_arm; …").
_NAMED = re.compile(r"\b(equipment\[\d+\]\.[a-z_]+|armor\.[a-z_]+)\b")


def problems_of(error: DesignError) -> list[dict[str, Any]]:
    """Bad input, one problem per field, as the command line words it; a problem of the
    whole design lists the fields it names (`fields`), for the page to mark them."""
    out: list[dict[str, Any]] = []
    for text in error.problems:
        match = _PATH.match(text)
        path = field_name(match.group(1)) if match else ""
        named = [] if match else sorted({field_name(m) for m in _NAMED.findall(text)})
        out.append({"path": path, "message": text, "fields": named})
    return out


def judge(data: dict[str, Any], view: View) -> dict[str, Any]:
    """The page's whole answer for one design mapping (module docstring)."""
    from mechlab.files.design_data import design_from_dict
    from mechlab.files.yaml_out import slug

    try:
        design = design_from_dict(data, "design")
        assessed = assess_design(design)
    except DesignError as exc:
        return {"ok": False, "verdict": "illegal", "problems": problems_of(exc)}
    return {
        "ok": True,
        "verdict": "legal" if assessed.legal else "illegal",
        "name": assessed.mech.name,
        "file": f"{slug(design.name)}.yaml",  # Save's name when none is given
        "findings": [_finding(f, assessed.mech) for f in assessed.findings],
        "stats": stats(assessed),
        "slots": slots(assessed.mech),
        "armor_caps": {loc.value: cap for loc, cap in location_caps(assessed.mech).items()},
        "sheet": sheet_svg(assessed, view),
        "card": card_svg(assessed),
    }


def _finding(finding: Any, mech: Mech) -> dict[str, Any]:
    fix = fixes_for(finding, mech)
    return {**finding.to_dict(), "field": field_name(finding.path),
            "fix": fix.label if fix is not None else None}


def stats(assessed: Assessment) -> dict[str, Any]:
    """The status bar: tons, slots, heat, movement, BV, cost, rules level."""
    mech = assessed.mech
    total = mech.total_tons
    heat = sum(m.item.weapon.heat or 0 for m in mech.weapons)
    movement = max(mech.ruleset.running_heat_of(mech.design),
                   mech.ruleset.minimum_jumping_heat if mech.jumping_mp else 0,
                   mech.jumping_mp * mech.ruleset.jumping_heat_per_hex)
    values = assessed.values
    level = assessed.rules_level.level  # computed from the content (issue 26)
    return {
        "tonnage": mech.tonnage,
        "tons_used": None if total is None else json_tons(total),
        "tons_left": None if total is None else json_tons(mech.tonnage - total),
        "slots_free": sum(1 for loc in mech.locations for s in mech.critical_slots[loc]
                          if s.kind is SlotKind.EMPTY),
        "heat_generated": heat + movement,
        "heat_dissipated": mech.heat_dissipation,
        "walking_mp": mech.walking_mp,
        "running_mp": mech.running_mp,
        "jumping_mp": mech.jumping_mp,
        "armor_points": mech.armor_points,
        "max_armor": mech.max_armor,
        "bv": values.bv if values is not None else None,
        "cost": values.cost.total if values is not None else None,
        "rules_level": level,
        "ruleset": mech.ruleset.name,
    }


def slots(mech: Mech) -> dict[str, Any]:
    """Each location's critical slots (what fills them, and which entry), and the items
    that found no room."""
    grid = {}
    for location in mech.locations:
        # A component's slot as the sheet words it ("XL Fusion Engine", not "Fusion
        # Engine": a new user took the grid's XL engine for a standard one).
        grid[location.value] = [
            {"name": s.name if s.mount is not None or s.kind is SlotKind.EMPTY
             else mech.ruleset.slot_title(mech.design, s.name), "kind": s.kind.value,
             "entry": _entry(s.mount.path) if s.mount is not None else None,
             "auto": bool(s.mount and s.mount.auto)}
            for s in mech.critical_slots[location]]
    unplaced = [{"name": u.mount.name, "entry": _entry(u.mount.path),
                 "location": u.location.value, "needed": u.needed, "free": u.free}
                for u in mech.unplaced]
    return {"locations": grid, "unplaced": unplaced,
            "titles": {loc.value: loc.title for loc in mech.locations}}


def _entry(path: str) -> int | None:
    match = re.fullmatch(r"equipment\[(\d+)\]", path)
    return int(match.group(1)) if match else None


# "…; print it with --style quickstart or standard; mechlab validate judges it": the
# command line's way out, said as the page offers it (its Sheet list, its verdict).
_STYLE_WAY = re.compile(r"print it with --style ([a-z]+(?: or [a-z]+)*); "
                        r"mechlab validate judges it")


def page_words(line: str) -> str:
    """A style's refusal in the page's words: "choose the quickstart or standard style
    in the Sheet list; the verdict above judges the design"."""
    return _STYLE_WAY.sub(r"choose the \1 style in the Sheet list; the verdict above "
                          "judges the design", line)


def sheet_svg(assessed: Assessment, view: View) -> str:
    """The record sheet as the HTML writer paints it (an `<svg class="sheet">`), or a
    `<p>` saying why this style cannot print the design."""
    from markupsafe import escape

    from mechlab.render.svg import svg_page
    from mechlab.sheet.styles import layout_sheet

    try:
        sheet = layout_sheet(assessed, SheetOptions(paper=view.paper, style=view.style))
    except DesignError as exc:
        return f'<p class="no-sheet">{escape(page_words(exc.problems[0]))}</p>'
    return svg_page(sheet.page)


def card_svg(assessed: Assessment) -> str:
    """The Alpha Strike card (skill 4) as SVG, or a `<p>` saying why there is none."""
    from markupsafe import escape

    from mechlab.cards.alpha_strike import ConversionUndefined
    from mechlab.cards.games import get_game
    from mechlab.render.geometry import Page
    from mechlab.render.svg import svg_page

    game = get_game("alpha-strike")
    refusal = game.refuses(assessed.mech)
    if refusal is not None:
        return f'<p class="no-card">{escape(refusal)}</p>'
    try:
        card = game.convert(assessed, assessed.mech.name, 4)
    except ConversionUndefined as exc:  # a weapon not converted yet (issue 27), as `card`
        return f'<p class="no-card">{escape(str(exc))}</p>'
    layout = game.layout(card)
    page = Page(layout.size[0], layout.size[1], layout.items, layout.title)
    return svg_page(page).replace('class="sheet"', 'class="card"', 1)
