"""Page frame: paper sizes and the regions of the standard record sheet (RULES.md 4.1).

The familiar arrangement: 'Mech Data, Warrior Data and the Critical Hit Table down
the left; Armor Diagram, Internal Structure Diagram and Heat Data down the right.
"""

from __future__ import annotations

from dataclasses import dataclass

PAPER = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}

MARGIN = 22.0
GUTTER = 8.0
HEADER = 28.0
FOOTER = 9.0  # the footer line under the standard sheet's blocks, as on the other styles


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, dx: float, dy: float | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def split_h(self, *heights: float, gap: float = GUTTER) -> list[Box]:
        """Stack boxes of the given heights downward; the last takes what is left if 0."""
        boxes, y = [], self.y
        for i, h in enumerate(heights):
            if h == 0 and i == len(heights) - 1:
                h = self.bottom - y
            boxes.append(Box(self.x, y, self.w, h))
            y += h + gap
        return boxes


@dataclass(frozen=True)
class Regions:
    header: Box
    mech_data: Box
    warrior_data: Box
    critical_table: Box
    armor: Box
    structure: Box
    heat_sinks: Box
    heat_scale: Box


HEAT_SCALE_W = 50.0  # the full-height heat column
ARMOR_SHARE = 0.46  # of the right column's height
WARRIOR_H = 66.0


def regions(paper: str, mech_data_height: float = 200, header: float = HEADER,
            heat_data_height: float = 120) -> Regions:
    """Left: 'Mech Data, Warrior Data, Critical Hit Table. Right: the Armor Diagram over
    the Internal Structure Diagram and Heat Data, beside the full-height Heat Scale."""
    width, height = PAPER[paper]
    content = Box(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN - FOOTER)
    top = Box(content.x, content.y, content.w, header)
    body = Box(content.x, content.y + header, content.w, content.h - header)
    left_w = round(body.w * 0.505)
    left = Box(body.x, body.y, left_w, body.h)
    right = Box(body.x + left_w + GUTTER, body.y, body.w - left_w - GUTTER, body.h)
    mech_data, warrior, crits = left.split_h(mech_data_height, WARRIOR_H, 0)
    armor, bottom = right.split_h(round(right.h * ARMOR_SHARE), 0)
    scale = Box(bottom.right - HEAT_SCALE_W, bottom.y, HEAT_SCALE_W, bottom.h)
    rest = Box(bottom.x, bottom.y, bottom.w - HEAT_SCALE_W - GUTTER, bottom.h)
    structure, sinks = rest.split_h(rest.h - heat_data_height - GUTTER, 0)
    return Regions(top, mech_data, warrior, crits, armor, structure, sinks, scale)


def body_height(paper: str, header: float = HEADER) -> float:
    return PAPER[paper][1] - 2 * MARGIN - FOOTER - header
