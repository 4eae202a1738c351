"""'Mech Data and Warrior Data blocks of the record sheet (RULES.md 4.1)."""

from __future__ import annotations

from mechlab.model.mech import Mech
from mechlab.render import fonts
from mechlab.render.frame import Box
from mechlab.render.geometry import added
from mechlab.sheet import content, fighter
from mechlab.sheet.draw import (
    Ink,
    column_texts,
    fitted_columns,
    label_room,
    label_value,
    table_size,
    titled_box,
)
from mechlab.sheet.short_forms import short_form
from mechlab.sheet.style import Style

# Inventory columns: (title, share of the width, anchor).
COLUMNS = (
    ("Qty", 0.065, "middle"), ("Type", 0.37, "start"), ("Loc", 0.09, "middle"),
    ("Ht", 0.055, "middle"), ("Dmg", 0.09, "middle"), ("Min", 0.065, "middle"),
    ("Sht", 0.085, "middle"), ("Med", 0.09, "middle"), ("Lng", 0.09, "middle"),
)
ROW = 9.0  # an inventory line when rows are many (~14 fit before they shrink)
ROOMY_ROW = 12.0  # …and when the page has room to spare


def mech_data_height(mech: Mech, extra_lines: int, width: float,
                     technology: list[content.TechRow]) -> float:
    """Tall enough for every inventory row at ROW points (the block `width` wide), with
    the technology rows (`content.technology`)."""
    ammo = content.ammunition(mech)
    lines = len(content.inventory(mech)) + (len(ammo) + 1 if ammo else 0) + 1
    tech_lines = technology_lines(technology, width - 12)  # titled_box's inner
    tech = 11 * (len(tech_lines) + bool(content.vehicle_cells(mech)))
    return 18 + 31 + tech + 11 * ((extra_lines + 2) // 3) + 6 + 12 + ROW * lines + 6


def mech_data(ink: Ink, box: Box, mech: Mech, extra: list[tuple[str, str]], style: Style,
              technology: list[content.TechRow]) -> None:
    """Type, tonnage, movement, the technology rows, the weapons inventory and ammunition."""
    inner = titled_box(ink, box, style.block_titles["mech_data"])
    y = inner.y + 9
    label_value(ink, inner.x, y, "Type:", mech.name, inner.w)
    y += 11
    third = inner.w / 3
    # The unit's role where the design states it (MegaMekLab's "Role:"; RULES.md 6.9:
    # assigned, never derived): on the tonnage line, in thirds as the movement line.
    role = [("Role:", mech.design.role)] if mech.design.role else []
    cells = [("Tonnage:", f"{mech.tonnage}"), ("Class:", mech.weight_class.title()), *role]
    width = inner.w / len(cells)
    for i, (label, value) in enumerate(cells):
        label_value(ink, inner.x + i * width, y, label, value, width)
    y += 11
    for i, (label, mp) in enumerate(
        (("Walking MP:", content.walking_text(mech)), ("Running MP:", content.running_text(mech)),
         content.jumping_cell(mech))
    ):
        label_value(ink, inner.x + i * third, y, label, str(mp), third)
    vehicle = content.vehicle_cells(mech)  # a QuadVee's vehicle mode (MegaMekLab's line)
    if vehicle:
        y += 11
        for i, (label, value) in enumerate(vehicle):
            label_value(ink, inner.x + i * third, y, label, value, third)
    y = _technology(ink, inner, y, technology_lines(technology, inner.w))
    for i, (label, value) in enumerate(extra):  # BV and cost on the lines right under MP
        label_value(ink, inner.x + (i % 3) * third, y + 11 * (1 + i // 3), label, value, third)
    y += 11 * ((len(extra) + 2) // 3) + 6
    _inventory(ink, Box(inner.x, y, inner.w, inner.bottom - y), mech)


def _technology(ink: Ink, inner: Box, y: float, rows: list[content.TechRow]) -> float:
    """The technology rows under the movement line, each cell its share of the width;
    returns the baseline the next line follows (unchanged when there are none)."""
    for row in rows:
        y += 11
        x = inner.x
        for (label, value, _), width in zip(row, _cell_widths(row, inner.w), strict=True):
            label_value(ink, x, y, label, value, width)
            x += width
    return y


def technology_lines(rows: list[content.TechRow], width: float) -> list[content.TechRow]:
    """The technology rows as printed on lines `width` wide: a row whose texts need more
    than the line breaks after the cells that fit, the rest on the next line (lane sheets4:
    on A4 'Tech Base: Mixed (Clan Chassis)' beside 'Rules Level: Experimental' was cut,
    'Endo Steel (Clan)' beside a long engine shrunk)."""
    lines: list[content.TechRow] = []
    for row in rows:
        while row:
            needs = _needs(row)
            fit = len(row)
            while fit > 1 and added(needs[:fit]) - 3 > width:  # no gap after a line's last
                fit -= 1
            lines.append(row[:fit])
            row = row[fit:]
    return lines


def _needs(row: content.TechRow) -> list[float]:
    """Each cell's width at 7 pt: label, 3 pt, value, 4 pt to the cell's edge (label_value),
    and 3 pt to the next cell."""
    return [fonts.text_width(label, "bold", 7) + fonts.text_width(value, "regular", 7) + 10
            for label, value, _ in row]


def _cell_widths(row: content.TechRow, width: float) -> list[float]:
    """Each cell its share of the width (cells line up from row to row); where a cell's
    text would not fit its share but the row's texts fit the line, each cell takes what
    its text needs and the rest by share (issue 22: 'Armor: Light Ferro-Fibrous' and
    'Myomer: Triple-Strength' are never shrunk beside the row's 7 pt)."""
    total = added(share for _, _, share in row)
    shares = [width * share / max(total, 3.0) for _, _, share in row]
    needs = _needs(row)
    needs[-1] -= 3  # no cell after the last
    if all(need <= share for need, share in zip(needs, shares, strict=True)):
        return shares
    if added(needs) > width:
        return shares  # too long for the line: the printed short forms, else smaller type
    slack = width - added(needs)
    return [need + slack * share / total for need, (_, _, share) in zip(needs, row, strict=True)]


def _inventory(ink: Ink, box: Box, mech: Mech) -> None:
    ink.text(box.x, box.y + 7, "Weapons & Equipment Inventory", "bold", 7.5)
    rows = content.inventory(mech)
    ammo = content.ammunition(mech)
    lines = len(rows) + (len(ammo) + 1 if ammo else 0) + 1
    row = min(ROOMY_ROW, (box.h - 12) / max(1, lines))
    y = box.y + 12 + row
    headers = [title for title, _, _ in COLUMNS]
    cells = [[r.quantity_text, r.display_type + unplaced_mark(mech, r), r.location, r.heat,
              r.damage, r.minimum, r.short, r.medium, r.long] for r in rows]
    ammo_cells = [["", a.type, a.location, "", "", "", "", "", ""] for a in ammo]
    size = table_size(box.w, COLUMNS, [headers], "bold", min(7.2, row * 0.8))
    # Lane sheets4: columns as wide as their cells ('15/Msl' shrank 19 corpus tables), the
    # Type column the rest, as on the Quick-Start sheet; unchanged where every cell fits.
    columns, _ = fitted_columns(box.w, COLUMNS, [headers], cells + ammo_cells, size, 1)
    size = table_size(box.w, columns, cells + ammo_cells, "regular", size)
    column_texts(ink, box.x, y, box.w, columns, headers, "bold", size)
    ink.line(box.x, y + 2, box.right, y + 2, 0.5)
    for line in cells:
        y += row
        column_texts(ink, box.x, y, box.w, columns, line, "regular", size)
    if ammo:
        y += row
        # Ammunition rows: type and location in their columns, shots across the rest.
        shots_x = box.x + box.w * added(share for _, share, _ in columns[:3]) + 1
        for a, line in zip(ammo, ammo_cells, strict=True):
            y += row
            column_texts(ink, box.x, y, box.w, columns, line, "regular", size)
            ink.text(shots_x, y, f"{a.shots} shots", "regular", size,
                     max_width=box.right - shots_x)


def unplaced_mark(mech: Mech, row: content.InventoryRow) -> str:
    """" (no slot)" for a weapon that found no critical slot (an illegal design's): the
    inventory must not list it as if the critical table had it (issue 22)."""
    for miss in mech.unplaced:
        mount = miss.mount
        if (mount.item.is_weapon and row.type.startswith(mount.name)
                and row.location == content.location_text(mount)
                and mount.rear == row.type.endswith(" (R)")):
            return " (no slot)"
    return ""


def _skill_cells(cells: list[tuple[str, str]], width: float
                 ) -> tuple[list[tuple[str, str]], list[float]]:
    """The skills' cells and their widths: equal shares where every label fits its share;
    else (a LAM's four on A4: lane sheets4) every label in its short form ('Gunnery:') and
    each cell its text's width and an equal part of the rest, room to write a skill in."""
    share = width / len(cells)
    if all(fonts.text_width(label, "bold", 7) <= label_room(value, share)
           for label, value in cells):
        return cells, [share] * len(cells)
    cells = [(short_form(label), value) for label, value in cells]
    needs = [fonts.text_width(label, "bold", 7) + fonts.text_width(value, "regular", 7) + 7
             for label, value in cells]
    spare = max(0.0, width - added(needs)) / len(cells)
    return cells, [need + spare for need in needs]


def warrior_data(ink: Ink, box: Box, mech: Mech, name: str, gunnery: int, piloting: int,
                 consciousness: tuple[int, ...], hits: list[Box] | None = None) -> None:
    """Name, skills, and Hits Taken 1–6 with consciousness numbers (RULES.md 1.8); `hits`
    gathers the hit boxes, where damage is marked."""
    inner = titled_box(ink, box, "WARRIOR DATA")
    y = inner.y + 9
    label_value(ink, inner.x, y, "Name:", name, inner.w, blank_line=not name)
    y += 12
    # lane lam: a LAM's pilot has aerospace skills too (MegaMekLab's LAM crew panel), left
    # blank to be written in (a design states a MechWarrior's two skills only).
    cells = [("Gunnery Skill:", str(gunnery)), ("Piloting Skill:", str(piloting)),
             *fighter.aero_skill_cells(mech)]
    x = inner.x
    for (label, value), width in zip(*_skill_cells(cells, inner.w), strict=True):
        label_value(ink, x, y, label, value, width, blank_line=not value)
        x += width
    y += 4
    ink.text(inner.x, y + 10, "Hits Taken", "bold", 7)
    cell = (inner.w - 58) / 6
    numbers = [*map(str, consciousness), "Dead"]
    for i in range(6):
        x = inner.x + 58 + i * cell
        ink.rect(x, y + 2, cell, 9, line_width=0.6)
        if hits is not None:
            hits.append(Box(x, y + 2, cell, 9))
        ink.text(x + cell / 2, y + 9, str(i + 1), "bold", 6.5, anchor="middle")
        ink.rect(x, y + 11, cell, 9, line_width=0.6)
        ink.text(x + cell / 2, y + 18, numbers[i], "regular", 6.5, anchor="middle")
    ink.text(inner.x, y + 18, "Consciousness #", "regular", 6, max_width=56)
