"""Armor Diagram and Internal Structure Diagram (RULES.md 4.1): the silhouette,
a label per location and one pip per point, all of one size in a diagram."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mechlab.core.locations import Location
from mechlab.model.mech import Mech
from mechlab.render import fonts
from mechlab.render.frame import Box
from mechlab.render.geometry import Item
from mechlab.sheet import outlines
from mechlab.sheet.content import armor_type_groups, component_types
from mechlab.sheet.draw import Ink, titled_box
from mechlab.sheet.options import Region
from mechlab.sheet.pip_groups import spread_pips, tinted
from mechlab.sheet.pips import (
    MIN_RADIUS,
    RADIUS_STEP,
    Pip,
    arrange,
    best_radius,
    capacity,
)
from mechlab.sheet.polygon import clip_below, widest_interval
from mechlab.sheet.style import Style

LABEL_SIZE = 6.5  # the standard sheet's; a style may print its labels bigger (label_size)
# --pips grouped: every other group of five filled with this light grey, light enough
# that a pencil tick shows on it (the groups are marked by tint, not by extra space).
GROUP_TINT = "#d4d4d4"
LABEL_LEAD = 7.2  # baseline to baseline at LABEL_SIZE; in proportion at other sizes
# Shares of the armor diagram's height for the rear torso panels, tried in turn: the
# one whose pips come out largest wins (much rear armor needs bigger rear panels).
REAR_SHARES = (0.22, 0.27, 0.32, 0.37, 0.42, 0.47)


@dataclass(frozen=True)
class _Part:
    location: Location
    key: str
    outline: outlines.Outline
    count: int
    rear: bool = False
    label_size: float = LABEL_SIZE  # the style's (issue 22: the Quick-Start sheet's 10 pt)


CAPTION_SIZE = 7.0
CAPTION_BAND = 11.0


def type_caption(ink: Ink, inner: Box, caption: str) -> Box:
    """A diagram's armor or structure type, under the figure (MegaMekLab's sheets print a
    structure that is not standard so: "Endo Steel"); returns the room left for the
    figure. No caption, no band: a standard type leaves the diagram as it was."""
    if not caption:
        return inner
    ink.text(inner.x + inner.w / 2, inner.bottom - 2, caption, "bold", CAPTION_SIZE,
             anchor="middle", max_width=inner.w)
    return Box(inner.x, inner.y, inner.w, inner.h - CAPTION_BAND)


def patchwork_captions(ink: Ink, inner: Box, groups: tuple[str, ...]) -> Box:
    """Patchwork armor's types, each with its locations, above the type caption: as many
    groups a line as fit the diagram's width at the caption size, never shrunk."""
    lines: list[str] = []
    for group in groups:
        joined = f"{lines[-1]}; {group}" if lines else group
        if lines and fonts.text_width(joined, "regular", CAPTION_SIZE) <= inner.w - 4:
            lines[-1] = joined
        else:
            lines.append(group)
    for line in reversed(lines):
        ink.text(inner.x + inner.w / 2, inner.bottom - 2, line, "regular", CAPTION_SIZE,
                 anchor="middle", max_width=inner.w)
        inner = Box(inner.x, inner.y, inner.w, inner.h - CAPTION_BAND)
    return inner


def armor_diagram(ink: Ink, box: Box, mech: Mech, style: Style, grouped: bool
                  ) -> list[Region]:
    inner = titled_box(ink, box, style.block_titles["armor"], style.block_title_size)
    inner = type_caption(ink, inner, component_types(mech)["armor"])
    inner = patchwork_captions(ink, inner, armor_type_groups(mech))
    shares = REAR_SHARES if style.shows("armor_rear") else (0.0,)
    best = _armor_parts(mech, inner, shares[0], style.label_size)
    # Plan, labels and pip size are the plain pips' (issue 22: grouped pips at the plain
    # size, in the same outlines under the same labels); only the placing is grouped.
    score = _plan_score(best, False)
    for share in shares[1:]:  # grow the rear panels while that makes the pips larger
        parts = _armor_parts(mech, inner, share, style.label_size)
        trial = _plan_score(parts, False, beat=score)
        if trial is None:
            break
        best, score = parts, trial
    return _diagram(ink, best, style, grouped)


def _armor_parts(mech: Mech, inner: Box, rear_share: float, size: float) -> list[_Part]:
    parts: list[_Part] = []
    front_box = inner
    if rear_share:
        rear_h = inner.h * rear_share
        front_box = Box(inner.x, inner.y, inner.w, inner.h - rear_h - 6)
        rear_box = Box(inner.x + inner.w * 0.05, inner.bottom - rear_h, inner.w * 0.9, rear_h)
        rear = outlines.fit(outlines.REAR, outlines.REAR_SIZE, rear_box)
        parts += [_Part(loc, f"{loc.value}_rear", shape, mech.armor_rear(loc), True, size)
                  for loc, shape in rear.outlines.items()]
    figure = outlines.figure(mech.weight_class, mech.locations)
    front = outlines.fit(figure, outlines.FRONT_SIZE, front_box)
    return [_Part(loc, loc.value, shape, mech.armor_front(loc), False, size)
            for loc, shape in front.outlines.items()] + parts


def _plan_score(parts: list[_Part], grouped: bool, beat: tuple[int, float] | None = None
                ) -> tuple[int, float] | None:
    """(parts whose pips all fit, the common pip radius): higher is better. Given a score
    to `beat`, None as soon as it is clear this plan does not (searching every part's
    radius for a plan that loses is wasted work)."""
    forms = _label_form(parts, grouped)
    areas = {p.key: _label_area(p, forms[str(p.rear)]) for p in parts}
    fitting = [p for p in parts if _pips_fit(areas[p.key], p.count, grouped)]
    if beat is not None:
        if len(fitting) < beat[0]:
            return None
        # As many parts fit: no better unless every part's radius is above beat's.
        if len(fitting) == beat[0] and (not fitting or any(
                _radius(areas[p.key], p, grouped) <= beat[1] for p in fitting)):
            return None
    return len(fitting), min((_radius(areas[p.key], p, grouped) for p in fitting),
                             default=0.0)


def _radius(area: tuple[tuple[float, float], ...], part: _Part, grouped: bool) -> float:
    """The part's own best radius; only asked of parts whose pips fit, so never None."""
    return best_radius(area, part.count, grouped) or 0.0


def structure_diagram(ink: Ink, box: Box, mech: Mech, style: Style, grouped: bool
                      ) -> list[Region]:
    inner = titled_box(ink, box, style.block_titles["structure"], style.block_title_size)
    inner = type_caption(ink, inner, component_types(mech)["structure"])
    structure = mech.structure or {loc: 0 for loc in mech.locations}
    figure = outlines.figure(mech.weight_class, mech.locations)
    front = outlines.fit(figure, outlines.FRONT_SIZE, inner)
    parts = [_Part(loc, loc.value, shape, structure[loc], False, style.label_size)
             for loc, shape in front.outlines.items()]
    return _diagram(ink, parts, style, grouped)


def _diagram(ink: Ink, parts: list[_Part], style: Style, grouped: bool) -> list[Region]:
    """Outlines, labels of one form, and pips of one radius in every part."""
    items, regions = _drawn(tuple(parts), grouped, style.pip_radius, style.pip_shape)
    ink.items.extend(items)
    return list(regions)


# A diagram is a function of its parts (outlines and counts) and the pip style, and the
# same one recurs: every 'Mech of a tonnage has the same structure diagram, a unit
# printed twice the same armor diagram. Items and regions are immutable, so a drawn
# diagram is kept and reused (a bounded number: memory stays flat in any print run).
@lru_cache(maxsize=128)
def _drawn(parts: tuple[_Part, ...], grouped: bool, pip_radius: float, pip_shape: str
           ) -> tuple[tuple[Item, ...], tuple[Region, ...]]:
    ink = Ink()
    for part in parts:
        ink.polygon(part.outline, line_width=1.1)
    forms = _label_form(list(parts), False)  # the plain pips' labels and size (issue 22)
    areas = {part.key: _label(ink, part, forms[str(part.rear)]) for part in parts}
    radius = _common_radius(list(parts), areas, False, pip_radius)
    placed: dict[str, tuple[Pip, ...]] = {}
    regions = []
    for part in parts:
        lines = _label_lines(part, forms[str(part.rear)])
        pips = _mirrored(part, list(parts), placed) or _pips(ink, part, areas[part.key],
                                                              radius, grouped)
        # A mirrored twin keeps its twin's groups, mirrored too (same pip order).
        source = placed.get(_twin_key(part, list(parts)) or "", pips)
        source = source if len(source) == len(pips) else pips
        tints = tinted(source) if grouped else [False] * len(pips)
        for pip, tint in zip(pips, tints, strict=True):
            ink.pip(pip.cx, pip.cy, pip.r, pip_shape, fill=GROUP_TINT if tint else None)
        placed[part.key] = pips
        regions.append(Region(part.key, part.outline, lines, part.count, pips))
    return tuple(ink.items), tuple(regions)


# Labels -------------------------------------------------------------------------------

_FORMS = ("one_line", "two_lines", "short", "short_two_lines")
LABEL_DROP = 0.3  # a label may sit this share of its part's height below the top


def _label_lines(part: _Part, form: str) -> tuple[str, ...]:
    """'Left Arm (13)'; 'Left Arm' over '(13)'; 'LA (13)'; 'LT Rear' over '(8)'."""
    return _lines(part.location, part.rear, part.count, form)


@lru_cache(maxsize=4096)  # bounded: flat memory in any run
def _lines(location: Location, rear: bool, count: int, form: str) -> tuple[str, ...]:
    name = location.title if form in ("one_line", "two_lines") else location.abbreviation
    name += " Rear" if rear else ""
    value = f"({count})"
    return (name, value) if form.endswith("two_lines") else (f"{name} {value}",)


def _label_form(parts: list[_Part], grouped: bool) -> dict[str, str]:
    """Per group of parts (the figure, the rear panels), the first form in which every
    label fits its part and leaves room for its pips: one form for a group, so the
    diagram reads uniformly."""
    forms = {}
    for rear in (False, True):
        group = [p for p in parts if p.rear is rear]
        forms[str(rear)] = next(
            (form for form in _FORMS if all(_fits(p, form, grouped) for p in group)),
            _FORMS[-1])
    return forms


def _fits(part: _Part, form: str, grouped: bool) -> bool:
    placed, area = _below_label(part.outline, _label_lines(part, form), part.label_size)
    if not placed:
        return False
    return _pips_fit(area, part.count, grouped)


def _pips_fit(area: tuple[tuple[float, float], ...], count: int, grouped: bool) -> bool:
    """Room for the pips at all: they fit at the smallest radius. (`best_radius` is None
    exactly when they do not; searching the best radius for a label form or a plan that
    loses is wasted work.)"""
    return count <= 0 or arrange(area, count, grouped, MIN_RADIUS) is not None


@lru_cache(maxsize=4096)  # bounded: flat memory in any run
def _top_of(outline: outlines.Outline, lines: tuple[str, ...], size: float) -> float | None:
    """The highest y at which the label's lines all fit across the outline, or None."""
    widths = tuple(round(fonts.text_width(line, "bold", size) + 4, 2) for line in lines)
    return _top_for(outline, widths, size)


@lru_cache(maxsize=4096)  # bounded: flat memory in any run
def _below_label(outline: outlines.Outline, lines: tuple[str, ...], size: float
                 ) -> tuple[bool, tuple[tuple[float, float], ...]]:
    """Whether the label fits the outline at all, and the area below it: where the pips
    go."""
    y = _label_y(outline, lines, size)
    return (_top_of(outline, lines, size) is not None,
            tuple(clip_below(outline, y + len(lines) * _lead(size) + 1.5)))


def _lead(size: float) -> float:
    return round(size * LABEL_LEAD / LABEL_SIZE, 2)


def _label_y(outline: outlines.Outline, lines: tuple[str, ...], size: float) -> float:
    """Where the label starts: its highest fitting y, else just below the outline's top
    (the label is then shrunk to fit)."""
    # Never 0: a label starts 1.5 pt below its outline's top, which is on the page.
    return _top_of(outline, lines, size) or min(y for _, y in outline) + 1.5


@lru_cache(maxsize=4096)  # bounded: flat memory in any run
def _top_for(outline: outlines.Outline, widths: tuple[float, ...], size: float
             ) -> float | None:
    ys = [y for _, y in outline]
    top, height = min(ys), max(ys) - min(ys)
    y0 = top + 1.5
    lead = _lead(size)
    while y0 <= top + height * LABEL_DROP:
        if all(_room(outline, y0 + (i + 1) * lead, size) >= w for i, w in enumerate(widths)):
            return y0
        y0 += 1.0
    return None


def _room(outline: outlines.Outline, baseline: float, size: float) -> float:
    """The width across the outline over a text line's height."""
    return min(_width_at(outline, baseline - size), _width_at(outline, baseline + 1))


def _label_area(part: _Part, form: str) -> tuple[tuple[float, float], ...]:
    """The part below its label: where the pips go."""
    return _below_label(part.outline, _label_lines(part, form), part.label_size)[1]


def _label(ink: Ink, part: _Part, form: str) -> tuple[tuple[float, float], ...]:
    """Write the label at the top of the part; returns the area left for pips."""
    lines = _label_lines(part, form)
    size = part.label_size
    y = _label_y(part.outline, lines, size)
    for line in lines:
        y += _lead(size)
        interval = widest_interval(part.outline, y - size / 2) or (0.0, 0.0)
        ink.text((interval[0] + interval[1]) / 2, y, line, "bold", size,
                 anchor="middle", max_width=max(4.0, _room(part.outline, y, size) - 4))
    return _label_area(part, form)


def _width_at(outline: outlines.Outline, y: float) -> float:
    interval = widest_interval(outline, y)
    return interval[1] - interval[0] if interval else 0.0


# Pips ---------------------------------------------------------------------------------


def _common_radius(parts: list[_Part], areas: dict[str, tuple[tuple[float, float], ...]],
                   grouped: bool, largest: float) -> float:
    """The largest radius (up to the style's) at which every part holds its count
    (over-full parts of an illegal design aside): one pip size across the diagram, as
    on printed sheets."""
    found = {p.key: best_radius(areas[p.key], p.count, grouped, largest) for p in parts
             if p.count > 0}
    radii = {key: r for key, r in found.items() if r is not None}
    fitting = [p for p in parts if p.key in radii]
    radius = min((radii[p.key] for p in fitting), default=largest)
    # Room does not always grow as pips shrink (rows fall differently): step down until
    # every part that fits on its own fits at the common size too.
    while radius > MIN_RADIUS and not all(
            arrange(areas[p.key], p.count, grouped, radius) is not None for p in fitting):
        radius = round(radius - RADIUS_STEP, 2)
    return radius


def _pips(ink: Ink, part: _Part, area: tuple[tuple[float, float], ...], radius: float,
          grouped: bool) -> tuple[Pip, ...]:
    """All the part's pips, spread to fill a roomy part; an illegal, over-full part gets
    what fits and a note."""
    pips = spread_pips(area, part.count, grouped, radius)
    if pips is not None:
        return pips
    room = min(part.count, capacity(area, MIN_RADIUS, grouped))
    pips = arrange(area, room, grouped, MIN_RADIUS) or ()
    xs, ys = [p[0] for p in area], [p[1] for p in area]
    ink.text((min(xs) + max(xs)) / 2, max(ys) - 2, f"+{part.count - room} over", "bold", 6,
             anchor="middle")
    return pips


def _mirrored(part: _Part, parts: list[_Part], placed: dict[str, tuple[Pip, ...]]
              ) -> tuple[Pip, ...] | None:
    """A right-hand part with its left twin's count gets the twin's pips, mirrored."""
    twin_key = _twin_key(part, parts)
    if twin_key is None or twin_key not in placed:
        return None
    other = next(p for p in parts if p.key == twin_key)
    axis = (min(x for x, _ in other.outline) + max(x for x, _ in part.outline)) / 2
    return tuple(Pip(round(2 * axis - p.cx, 2), p.cy, p.r) for p in placed[twin_key])


def _twin_key(part: _Part, parts: list[_Part]) -> str | None:
    """The key of a right-hand part's left twin with the same count, if any."""
    twin = outlines.TWINS.get(part.location)
    if twin is None:
        return None
    twin_key = part.key.replace(part.location.value, twin.value)
    other = next((p for p in parts if p.key == twin_key), None)
    return twin_key if other is not None and other.count == part.count else None
