"""The force roster printed before a force's record sheets: the page a player keeps beside
the map. Each unit in a block: its pilot and skills, movement, armor and structure totals,
heat sinks, its weapons with damage and range brackets (other equipment named beside
them), BV, pilot-adjusted BV and the Alpha Strike PV at the pilot's skill; then the force's
totals, an initiative track and room for notes. An Alpha Strike force's blocks carry the
card's numbers (move, TMM, damage S/M/L, OV, armor, structure, specials) and PV instead of
BV. A unit whose design breaks a rule is marked, with its error codes (issue 18).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mechlab.cards.as_card import AlphaStrikeCard
from mechlab.cards.assessed import alpha_strike_of, at_skill
from mechlab.cards.layout import wrap
from mechlab.force.model import Force, Member
from mechlab.force.roster import NO_VALUE, SummaryRow, summary
from mechlab.model.mech import Mech
from mechlab.render import fonts
from mechlab.render.frame import HEADER, MARGIN, PAPER, Box
from mechlab.render.geometry import Page
from mechlab.sheet import content
from mechlab.sheet.draw import Ink, column_texts, titled_box
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet
from mechlab.sheet.verdict import code_lines

SIZE = 7.5  # every roster row
PITCH = 10.0
BAND = 9 * 1.5 + 2  # titled_box's band at 9 pt, and its gap
RED, WHITE = "#b00000", "#ffffff"
# (title, share of the width, anchor): a unit's weapons
WEAPONS = (
    ("Qty", 0.07, "middle"), ("Weapon", 0.33, "start"), ("Loc", 0.09, "middle"),
    ("Ht", 0.07, "middle"), ("Dmg", 0.12, "middle"), ("Sht", 0.106, "middle"),
    ("Med", 0.106, "middle"), ("Lng", 0.108, "middle"),
)
TOTALS = (
    ("", 0.22, "start"), ("Units", 0.1, "middle"), ("Tons", 0.1, "middle"),
    ("BV", 0.16, "middle"), ("Adj. BV", 0.16, "middle"), ("PV", 0.12, "middle"),
    ("Illegal", 0.14, "middle"),
)
AS_TOTALS = (
    ("", 0.3, "start"), ("Units", 0.14, "middle"), ("Tons", 0.14, "middle"),
    ("PV", 0.2, "middle"), ("Illegal", 0.22, "middle"),
)
# An Alpha Strike unit: the card's numbers, as the card prints them
CARD = (
    ("SZ", 0.08, "middle"), ("MV", 0.2, "middle"), ("TMM", 0.1, "middle"),
    ("S", 0.09, "middle"), ("M", 0.09, "middle"), ("L", 0.09, "middle"),
    ("OV", 0.09, "middle"), ("Armor", 0.13, "middle"), ("Struct.", 0.13, "middle"),
)
TURNS = 12  # the initiative track's columns
NO_DAMAGE = "—"  # content.inventory's mark of a column an item has nothing in


@dataclass(frozen=True)
class Entry:
    """One unit as the roster prints it."""

    row: SummaryRow
    mech: Mech
    pv: int | None  # None: the Alpha Strike conversion does not apply to its ruleset
    illegal: tuple[str, ...]
    card: AlphaStrikeCard | None = None  # at the pilot's skill
    alpha_strike: bool = False  # the force plays Alpha Strike: PV and the card, no BV


def entries(force: Force) -> list[Entry]:
    rows, _ = summary(force)
    return [Entry(row, member.mech, point_value(member), illegal(member), card(member),
                  force.alpha_strike)
            for row, member in zip(rows, force.members, strict=True)]


def card(member: Member) -> AlphaStrikeCard | None:
    """The unit's Alpha Strike card at its pilot's gunnery (converted once per design)."""
    base = alpha_strike_of(member.assessment)
    gunnery = member.mech.ruleset.pilot_skills(member.pilot)[0]
    return None if base is None else at_skill(base, gunnery, member.label)


def point_value(member: Member) -> int | None:
    """The Alpha Strike PV at the pilot's gunnery (ALPHA_STRIKE.md §8), for an AS game."""
    played = card(member)
    return None if played is None else played.pv


def illegal(member: Member) -> tuple[str, ...]:
    return tuple(content.illegal_codes(member.assessment.findings))


def wrapped(text: str, width: float, font: str = "regular") -> list[str]:
    """`text` in lines no wider than `width` at the roster's size, broken after ", "."""
    return wrap(text.split(", "), font, SIZE, width)


def facts(entry: Entry, width: float = 1e9) -> list[tuple[str, str]]:
    """The right-hand lines of a unit's block, label and value (a long value runs on under
    an empty label), in `width` points."""
    mech, row = entry.mech, entry.row
    structure = sum(mech.structure.values()) if mech.structure else None
    jump = f" / Jump {mech.jumping_mp}" if mech.jumping_mp else ""
    lines = [("Pilot:", row.pilot or "—")]
    if entry.alpha_strike:
        lines.append(("Skill:", str(row.gunnery)))
        if entry.card is not None:
            lines += [("Role:", entry.card.role or "—"),
                      ("PV at skill 4:", str(entry.card.base_pv))]
        lines.append(("Move (MP):", f"Walk {mech.walking_mp} / Run {mech.running_mp}{jump}"))
        return lines
    lines += [
        ("Gunnery / Piloting:", f"{row.gunnery} / {row.piloting}"),
        ("Move:", f"Walk {mech.walking_mp} / Run {mech.running_mp}{jump}"),
        ("Armor / Structure:", f"{mech.armor_points} / {structure or NO_VALUE}"),
        ("Heat Sinks:", content.heat_sink_text(mech)),
    ]
    gear = equipment(mech)
    if gear:
        label = "Equipment:"
        room = width - fonts.text_width(label, "bold", SIZE) - 3
        lines += [(label if i == 0 else "", text)
                  for i, text in enumerate(wrapped(", ".join(gear), room))]
    return lines


def _is_weapon(row: content.InventoryRow) -> bool:
    """A row with heat or damage (weapons, hatchets, AMS); the rest is other equipment."""
    return row.heat != NO_DAMAGE or row.damage != NO_DAMAGE


def weapon_cells(mech: Mech) -> list[list[str]]:
    return [[r.quantity_text, r.display_type, r.location, r.heat, r.damage, r.short, r.medium,
             r.long]
            for r in content.inventory(mech) if _is_weapon(r)]


def equipment(mech: Mech) -> list[str]:
    """The design's other equipment (ECM, probes, CASE, MASC…), as `2 × CASE (LT)`."""
    return [(f"{r.quantity} × " if r.quantity > 1 else "") + f"{r.type} ({r.location})"
            for r in content.inventory(mech) if not _is_weapon(r)]


def special_lines(entry: Entry, width: float) -> list[str]:
    specials = ", ".join(entry.card.specials) if entry.card and entry.card.specials else "—"
    return wrapped("Specials: " + specials, width)


def _right_width(width: float) -> float:
    """The facts column's room in a block `width` wide (unit_block's geometry)."""
    return (width - 12) * 0.4 - 10


def _left_lines(entry: Entry, width: float) -> int:
    if entry.alpha_strike:
        if entry.card is None:
            return 2
        return 2 + len(special_lines(entry, (width - 12) * 0.6))
    return len(weapon_cells(entry.mech)) + 1


def block_height(entry: Entry, width: float) -> float:
    lines = max(_left_lines(entry, width), len(facts(entry, _right_width(width))))
    return BAND + warning_height(entry, width) + 4 + PITCH * lines + 6


def warning_lines(entry: Entry, width: float) -> list[str]:
    return code_lines(entry.illegal, "bold", SIZE, width - 16, 2)


def warning_height(entry: Entry, width: float) -> float:
    lines = warning_lines(entry, width)
    return 4 + PITCH * len(lines) if lines else 0.0


def unit_block(ink: Ink, box: Box, number: int, entry: Entry) -> None:
    """A unit: name and values on the band, an ILLEGAL strip if it is, weapons (or the
    Alpha Strike card's numbers) on the left, pilot and 'Mech facts on the right."""
    row = entry.row
    title = f"{number}. {row.name} · {row.tonnage} t {entry.mech.weight_class.title()}"
    if entry.alpha_strike:
        values = f"PV {entry.pv} · Skill {row.gunnery}" if entry.pv is not None else "No PV"
    else:
        values = f"BV {row.bv} · Adj. BV {row.adjusted_bv}" + (
            f" · PV {entry.pv}" if entry.pv is not None else "")
    values_w = fonts.text_width(values, "bold", 9)
    ink.rect(box.x, box.y, box.w, box.h, line_width=1.2, radius=4)
    ink.rect(box.x, box.y, box.w, 13.5, line_width=0, fill="#000000", stroke=None, radius=4)
    inner = Box(box.x + 6, box.y + BAND, box.w - 12, box.h - BAND - 4)
    ink.text(box.x + 6, box.y + 10.1, title, "bold", 9, max_width=box.w - values_w - 24,
             fill=WHITE)
    ink.text(box.right - 6, box.y + 10.1, values, "bold", 9, anchor="end",
             max_width=values_w + 1, fill=WHITE)
    y = inner.y
    lines = warning_lines(entry, box.w)
    if lines:
        ink.rect(inner.x, y, inner.w, 2 + PITCH * len(lines), line_width=0, fill=RED,
                 stroke=None)
        for i, line in enumerate(lines):
            ink.text(inner.x + 4, y + 8 + PITCH * i, line, "bold", SIZE,
                     max_width=inner.w - 8, fill=WHITE)
        y += warning_height(entry, box.w)
    left_w = inner.w * 0.6
    y += 4 + SIZE
    if entry.alpha_strike:
        card_table(ink, inner.x, y, left_w, entry)
    else:
        weapons_table(ink, inner.x, y, left_w, entry.mech)
    x = inner.x + left_w + 10
    ink.line(x - 5, y - SIZE, x - 5, inner.bottom, 0.5)
    width = inner.right - x
    label_w = 0.0
    for i, (label, value) in enumerate(facts(entry, width)):
        if label:  # an empty label: the line above's value runs on
            label_w = fonts.text_width(label, "bold", SIZE) + 3
            ink.text(x, y + PITCH * i, label, "bold", SIZE, max_width=label_w)
        ink.text(x + label_w, y + PITCH * i, value, "regular", SIZE,
                 max_width=width - label_w)


def weapons_table(ink: Ink, x: float, y: float, width: float, mech: Mech) -> None:
    cells = weapon_cells(mech)
    column_texts(ink, x, y, width, WEAPONS, [c[0] for c in WEAPONS], "bold", SIZE)
    for i, cell in enumerate(cells or [["", "no weapons", "", "", "", "", "", ""]]):
        column_texts(ink, x, y + PITCH * (i + 1), width, WEAPONS, cell, "regular", SIZE)


def card_table(ink: Ink, x: float, y: float, width: float, entry: Entry) -> None:
    """The Alpha Strike card's numbers in one row, its specials below."""
    c = entry.card
    if c is None:
        ink.text(x, y, f"No Alpha Strike card: the {entry.mech.ruleset.name!r} ruleset has "
                 "no conversion", "regular", SIZE, max_width=width)
        return
    column_texts(ink, x, y, width, CARD, [h[0] for h in CARD], "bold", SIZE)
    column_texts(ink, x, y + PITCH, width, CARD,
                 [str(c.sz), c.mv, str(c.tmm), str(c.s), str(c.m), str(c.l), str(c.ov),
                  str(c.armor), str(c.structure)], "regular", SIZE)
    for i, line in enumerate(special_lines(entry, width)):
        ink.text(x + 1, y + PITCH * (2 + i), line, "regular", SIZE, max_width=width - 2)


def totals(ink: Ink, box: Box, rows: list[Entry], total: SummaryRow,
           alpha_strike: bool = False) -> None:
    inner = titled_box(ink, box, "FORCE TOTALS", size=9)
    y = inner.y + SIZE + 3
    bad = sum(1 for e in rows if e.illegal)
    illegal_count = str(bad) if bad else "none"
    if alpha_strike:
        column_texts(ink, inner.x, y, inner.w, AS_TOTALS, [c[0] for c in AS_TOTALS], "bold",
                     SIZE)
        column_texts(ink, inner.x, y + PITCH + 2, inner.w, AS_TOTALS,
                     ["", str(len(rows)), str(total.tonnage), total.pv, illegal_count],
                     "bold", 9)
        return
    column_texts(ink, inner.x, y, inner.w, TOTALS, [c[0] for c in TOTALS], "bold", SIZE)
    column_texts(ink, inner.x, y + PITCH + 2, inner.w, TOTALS,
                 ["", str(len(rows)), str(total.tonnage), total.bv, total.adjusted_bv,
                  total.pv, illegal_count], "bold", 9)


def initiative(ink: Ink, box: Box) -> None:
    """Turns 1–12: a box each for the initiative roll and who won it."""
    inner = titled_box(ink, box, "INITIATIVE", size=9)
    label_w = 46.0
    cell = (inner.w - label_w) / TURNS
    for r, label in enumerate(("Turn", "Roll", "Won / lost")):
        y = inner.y + 2 + 13 * r
        ink.text(inner.x, y + 9.5, label, "bold", SIZE, max_width=label_w - 2)
        for t in range(TURNS):
            x = inner.x + label_w + cell * t
            ink.rect(x, y, cell, 13, line_width=0.5, fill="#e6e6e6" if r == 0 else None)
            if r == 0:
                ink.text(x + cell / 2, y + 9.5, str(t + 1), "bold", SIZE, anchor="middle",
                         max_width=cell - 2)


def notes(ink: Ink, box: Box) -> None:
    """Ruled lines for the game's notes, filling what is left of the page."""
    inner = titled_box(ink, box, "NOTES", size=9)
    y = inner.y + 16
    while y < inner.bottom - 2:
        ink.line(inner.x, y, inner.right, y, 0.4)
        y += 16


def header(ink: Ink, page: Box, force: Force, more: bool) -> None:
    title = "ALPHA STRIKE FORCE" if force.alpha_strike else "FORCE ROSTER"
    ink.text(page.x, page.y + 16, title + (" (continued)" if more else ""), "bold",
             15, max_width=page.w * 0.5)
    ink.text(page.right, page.y + 16, force.name, "bold", 11, anchor="end",
             max_width=page.w * 0.48)
    ink.line(page.x, page.y + HEADER - 4, page.right, page.y + HEADER - 4, 1.2)


def layout_force_roster(force: Force, paper: str) -> list[Page]:
    """The roster: as many pages as the units need (a block is never split), the totals,
    the initiative track and the notes after the last unit."""
    width, height = PAPER[paper]
    page = Box(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    rows = entries(force)
    _, total = summary(force)
    pages: list[Page] = []
    ink, y = Ink(), page.y + HEADER
    header(ink, page, force, False)
    closing = 2 * (BAND + 33) + 60  # totals, initiative and a few lines of notes

    def next_page() -> None:
        nonlocal ink, y
        pages.append(Page(width, height, tuple(ink.items), title=force.name, kind="Force roster"))
        ink, y = Ink(), page.y + HEADER
        header(ink, page, force, True)

    for number, entry in enumerate(rows, 1):
        h = block_height(entry, page.w)
        if y + h > page.bottom and y > page.y + HEADER:
            next_page()
        unit_block(ink, Box(page.x, y, page.w, h), number, entry)
        y += h + 6
    if y + closing > page.bottom:
        next_page()
    totals(ink, Box(page.x, y, page.w, BAND + 28), rows, total, force.alpha_strike)
    y += BAND + 34
    initiative(ink, Box(page.x, y, page.w, BAND + 44))
    y += BAND + 50
    notes(ink, Box(page.x, y, page.w, page.bottom - y))
    pages.append(Page(width, height, tuple(ink.items), title=force.name, kind="Force roster"))
    return pages


def force_pages(force: Force, options: SheetOptions) -> list[Page]:
    """The roster, then one sheet per unit with its own pilot (and the force's style
    unless the options name one). An Alpha Strike force's units come as their cards at
    each pilot's skill, nine to a page with cut marks (a unit without a card, as a 1984
    design, as its record sheet)."""
    pages = layout_force_roster(force, options.paper)
    members = list(force.members)
    if force.alpha_strike:
        from mechlab.cards.as_layout import alpha_strike_layout
        from mechlab.cards.layout import lay_out

        cards = [played for played in map(card, members) if played is not None]
        if cards:
            pages += lay_out(cards, options.paper, force.name, alpha_strike_layout).pages
        members = [m for m in members if alpha_strike_of(m.assessment) is None]
    for member in members:
        pilot = member.pilot
        gunnery, piloting = member.mech.ruleset.pilot_skills(pilot)
        own = replace(options, pilot_name=pilot.name, gunnery=gunnery, piloting=piloting,
                      state=member.state)
        pages.append(layout_sheet(member.assessment, own).page)
    return pages
