"""Armor Diagram and Internal Structure Diagram: outlines, labels, one circle a point."""

from __future__ import annotations

from dataclasses import dataclass

from mechlab.locations import Location
from mechlab.mech import Mech
from mechlab.sheet import fonts, outlines
from mechlab.sheet.draw import Ink, titled_box
from mechlab.sheet.frame import Box
from mechlab.sheet.pips import (
    MIN_RADIUS,
    Pip,
    PipsDontFit,
    capacity,
    clip_below,
    place_pips,
    widest_interval,
)
from mechlab.sheet.style import Style

LABEL_SIZE = 6.0
REAR_SHARE = 0.24  # of the armor diagram's height, for the rear torso band


@dataclass(frozen=True)
class Region:
    """One location's outline on the sheet and what is drawn in it (kept for tests)."""

    key: str  # "left_arm", "center_torso_rear", …
    outline: outlines.Outline
    label: tuple[str, ...]
    count: int
    pips: tuple[Pip, ...]


def armor_diagram(ink: Ink, box: Box, mech: Mech, style: Style, grouped: bool
                  ) -> list[Region]:
    inner = titled_box(ink, box, style.block_titles["armor"])
    rear_h = inner.h * REAR_SHARE if style.shows("armor_rear") else -4
    front_box = Box(inner.x, inner.y, inner.w, inner.h - rear_h - 4)
    rear_box = Box(inner.x, inner.bottom - rear_h, inner.w, rear_h)
    regions = []
    for loc, outline in outlines.fit(outlines.FRONT, outlines.FRONT_SIZE, front_box).items():
        value = mech.armor_front(loc)
        regions.append(_region(ink, loc, loc.value, outline, f"({value})", value, grouped,
                               style.pip_shape))
    if not style.shows("armor_rear"):
        return regions
    ink.text(rear_box.x, rear_box.y + 7, "Rear", "bold", 7)
    for loc, outline in outlines.fit(outlines.REAR, outlines.REAR_SIZE, rear_box).items():
        value = mech.armor_rear(loc)
        regions.append(_region(ink, loc, f"{loc.value}_rear", outline, f"Rear ({value})",
                               value, grouped, style.pip_shape))
    return regions


def structure_diagram(ink: Ink, box: Box, mech: Mech, style: Style, grouped: bool
                      ) -> list[Region]:
    inner = titled_box(ink, box, style.block_titles["structure"])
    structure = mech.structure or {loc: 0 for loc in Location}
    regions = []
    for loc, outline in outlines.fit(outlines.FRONT, outlines.FRONT_SIZE, inner).items():
        value = structure[loc]
        regions.append(_region(ink, loc, loc.value, outline, f"({value})", value, grouped,
                               style.pip_shape))
    return regions


def _region(ink: Ink, location: Location, key: str, outline: outlines.Outline, value: str,
            count: int, grouped: bool, shape: str) -> Region:
    """Outline, its label (inside at the top; above it for the head), and `count` circles."""
    ink.polygon(outline, line_width=1.0)
    top = min(y for _, y in outline)
    if location is Location.HEAD:
        lines: tuple[str, ...] = (f"{location.title} {value}",)
        centre = sum(x for x, _ in outline) / len(outline)
        ink.text(centre, top - 2, lines[0], "bold", LABEL_SIZE, anchor="middle")
        y = top
    else:
        lines = _label_lines(outline, location, value)
        y = top + 2.5
        for line in lines:
            y += LABEL_SIZE + 0.8
            interval = widest_interval(outline, y - LABEL_SIZE / 2) or (0.0, 0.0)
            centre = (interval[0] + interval[1]) / 2
            ink.text(centre, y, line, "bold" if line == lines[0] else "regular", LABEL_SIZE,
                     anchor="middle", max_width=max(4.0, interval[1] - interval[0] - 3))
    area = clip_below(outline, y + 1.5)
    pips = _pips(ink, area, count, grouped)
    for pip in pips:
        _draw_pip(ink, pip, shape)
    return Region(key, outline, lines, count, tuple(pips))


def _draw_pip(ink: Ink, pip: Pip, shape: str) -> None:
    if shape == "circle":
        ink.circle(pip.cx, pip.cy, pip.r)
    elif shape == "square":  # RULES.md 4.3: the 1984 sheet's boxes, inside the circle's room
        side = round(pip.r * 1.41, 2)
        ink.rect(pip.cx - side / 2, pip.cy - side / 2, side, side, line_width=0.5)
    else:
        raise ValueError(f"unknown pip shape {shape!r}")


def _label_lines(outline: outlines.Outline, location: Location, value: str) -> tuple[str, ...]:
    """The longest label that fits the outline's top: "Left Arm (13)", then two lines,
    then the short name ("LA (13)")."""
    top = min(y for _, y in outline)
    widths = [
        _width_at(outline, top + 2.5 + (i + 0.5) * (LABEL_SIZE + 0.8)) - 4 for i in range(2)
    ]
    candidates: list[tuple[str, ...]] = [
        (f"{location.title} {value}",),
        (location.title, value),
        (f"{location.abbreviation} {value}",),
        (location.abbreviation, value),
    ]
    # Judge by the longer of the pair ("Right Arm" is wider than "Left Arm") so that both
    # sides of the 'Mech get the same form of label.
    twin = location.title.replace("Left", "Right") if "Left" in location.title else None
    for lines in candidates:
        trial = [line.replace(location.title, twin) for line in lines] if twin else lines
        if all(fonts.text_width(line, "bold", LABEL_SIZE) <= widths[i]
               for i, line in enumerate(trial)):
            return lines
    return candidates[-1]


def _width_at(outline: outlines.Outline, y: float) -> float:
    interval = widest_interval(outline, y)
    return interval[1] - interval[0] if interval else 0.0


def _pips(ink: Ink, area: list[tuple[float, float]], count: int, grouped: bool) -> list[Pip]:
    """All `count` circles; an illegal, over-full location gets what fits and a note."""
    try:
        return place_pips(area, count, grouped)
    except PipsDontFit:
        room = capacity(area, MIN_RADIUS, grouped)
        pips = place_pips(area, room, grouped) if room else []
        xs, ys = [p[0] for p in area], [p[1] for p in area]
        ink.text((min(xs) + max(xs)) / 2, max(ys) - 2, f"+{count - room} over", "bold", 6,
                 anchor="middle", fill="#000000")
        return pips
