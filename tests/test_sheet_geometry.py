"""Record-sheet geometry, checked on the display list (no PDF parsing): circle counts
equal the values, no two circles overlap, every circle lies inside its outline, twins
mirror each other, rows are tidy with no orphan, grouped pips keep the plain size and
are tinted every other five in reading order, no text is under
6 pt or wider than the room it was given, and heat rows are big enough to mark."""

from __future__ import annotations

import functools
import itertools
import math
from typing import Any

import pytest
from tests_support import sweep, swept

from mechlab.assess import assess
from mechlab.core.locations import BIPED_LOCATIONS, Location
from mechlab.files.library import library
from mechlab.files.load import design_from_dict, load_design
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.render import fonts
from mechlab.render.geometry import Circle, Rect, Text
from mechlab.rulesets import get_ruleset
from mechlab.sheet import content, slots
from mechlab.sheet.diagrams import GROUP_TINT, Region
from mechlab.sheet.options import Sheet, SheetOptions
from mechlab.sheet.pip_groups import group_of
from mechlab.sheet.pips import GROUP_GAP, MARGIN, Pip, circles_overlap, place_pips
from mechlab.sheet.polygon import point_in_polygon
from mechlab.sheet.styles import layout_sheet


def max_armor_design(tonnage: int, rear_share: float) -> dict[str, Any]:
    """Every location at its cap; `rear_share` of each torso's cap on its rear."""
    structure = get_ruleset("intro").structure(tonnage)
    assert structure is not None
    armor: dict[str, Any] = {"head": 9}
    for loc in BIPED_LOCATIONS:
        cap = 2 * structure[loc]
        if loc.has_rear_armor:
            rear = round(cap * rear_share)
            armor[loc.value] = {"front": cap - rear, "rear": rear}
        elif loc is not Location.HEAD:
            armor[loc.value] = cap
    return {"chassis": "Maximum", "model": f"MX-{tonnage}", "tonnage": tonnage,
            "walking_mp": 1, "armor": armor}


# Every tonnage on both papers in both pip modes; the rear share of the torso armor
# rotates through none, a quarter and all, so every combination of extremes is seen.
SHARES = (0.0, 0.25, 1.0)
GENERATED = [(t, SHARES[(t // 5 + i) % 3], paper, grouped)
             for t in range(20, 101, 5)
             for i, (paper, grouped) in enumerate(
                 (p, g) for p in ("letter", "a4") for g in (False, True))]
MM = 72 / 25.4
TWIN_KEYS = {"right_arm": "left_arm", "right_torso": "left_torso", "right_leg": "left_leg",
             "right_torso_rear": "left_torso_rear"}


def check_regions(regions: tuple[Region, ...], expected: dict[str, int], grouped: bool) -> None:
    by_key = {region.key: region for region in regions}
    for region in regions:
        assert len(region.pips) == expected[region.key], region.key
        # with the clearance the placer keeps (issue 22: spread pips too)
        assert pips_outside(region.outline, region.pips, MARGIN - 0.05) == [], region.key
        for a, b in near_pairs(region.pips, 3 * max((p.r for p in region.pips), default=1.0)):
            assert not circles_overlap(a, b), region.key
        check_tidy(region, grouped)
    assert len({pip.r for region in regions for pip in region.pips}) <= 1  # one pip size
    for right, left in TWIN_KEYS.items():
        if right in by_key:
            check_mirrored(by_key[left], by_key[right])


def pips_outside(outline: tuple[tuple[float, float], ...], pips: tuple[Pip, ...],
                 margin: float) -> list[Pip]:
    """The pips `circle_inside(outline, centre, r, margin)` refuses (the plain predicate,
    edge by edge), with each edge's vector and bounding box worked out once for all the
    outline's pips, and the edges whose box lies `r + margin` or more from a centre skipped:
    no point of such an edge comes nearer, so the answer is circle_inside's (test_pip_shapes
    holds this check to it on random pips)."""
    n = len(outline)
    edges = []
    for i in range(n):
        (ax, ay), (bx, by) = outline[i], outline[(i + 1) % n]
        dx, dy = bx - ax, by - ay
        edges.append((ax, ay, dx, dy, dx * dx + dy * dy, min(ax, bx), max(ax, bx),
                      min(ay, by), max(ay, by)))
    outside = []
    for pip in pips:
        x, y, reach = pip.cx, pip.cy, pip.r + margin
        if not point_in_polygon(outline, (x, y)):
            outside.append(pip)
            continue
        for ax, ay, dx, dy, length2, left, right, top, bottom in edges:
            if left - x >= reach or x - right >= reach or top - y >= reach or y - bottom >= reach:
                continue
            t = 0.0 if length2 == 0 else max(
                0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
            if math.hypot(x - (ax + t * dx), y - (ay + t * dy)) < reach - 1e-6:
                outside.append(pip)
                break
    return outside


def check_mirrored(left: Region, right: Region) -> None:
    """Twins are drawn as mirror images; with equal counts, so are their pips."""
    axis = (min(x for x, _ in left.outline) + max(x for x, _ in right.outline)) / 2
    assert _same(sorted((2 * axis - x, y) for x, y in left.outline), sorted(right.outline))
    assert min(x for x, _ in left.outline) < axis  # the left twin on the reader's left
    if left.count == right.count:
        assert _same(sorted((p.cy, 2 * axis - p.cx) for p in left.pips),
                     sorted((p.cy, p.cx) for p in right.pips))


def _same(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    return len(a) == len(b) and all(math.dist(p, q) < 0.03 for p, q in zip(a, b, strict=True))


def rows_of(region: Region) -> list[list[float]]:
    rows: dict[float, list[float]] = {}
    for pip in region.pips:
        rows.setdefault(pip.cy, []).append(pip.cx)
    return [sorted(rows[y]) for y in sorted(rows)]


def check_tidy(region: Region, grouped: bool) -> None:
    """Rows never grow downwards; either every row but the last is equally long, or the
    rows share the count evenly (lengths differ by at most one). No orphan: the last row
    never holds a single pip when the row above it holds three or more (issue 22)."""
    lengths = [len(r) for r in rows_of(region)]
    assert lengths == sorted(lengths, reverse=True), (region.key, lengths)
    assert (all(n == lengths[0] for n in lengths[:-1])
            or max(lengths) - min(lengths) <= 1), (region.key, lengths)
    if len(lengths) > 1 and lengths[-1] == 1:
        assert lengths[-2] <= 2, (region.key, lengths)


def check_groups(sheet: Sheet, grouped: bool) -> list[str]:
    """One group shape on the whole sheet (issue 22): a grouped part of more than five
    pips shows its groups of five as straight runs (along a row or down a column), each
    five but the last, evenly spaced, tinted as a checkerboard (no two neighbouring
    groups share a tint); a part too narrow and short for runs of five at the plain size
    is left plain. Nothing else is tinted. A right twin with its left twin's count shows
    the left twin's groups, mirrored. Returns the parts left plain."""
    fills = {(c.cx, c.cy): c.fill for c in sheet.page.of_type(Circle)
             if isinstance(c, Circle)}
    plain = []
    for name, regions in (("armor", sheet.armor), ("structure", sheet.structure)):
        by_key = {region.key: region for region in regions}
        for region in regions:
            twin = by_key.get(TWIN_KEYS.get(region.key, ""))
            source = twin if twin is not None and twin.count == region.count else region
            tints = [fills[(p.cx, p.cy)] == GROUP_TINT for p in region.pips]
            assert all(f in (None, GROUP_TINT) for f in (fills[(p.cx, p.cy)]
                                                         for p in region.pips))
            groups = group_of(source.pips) if grouped and region.count > 5 else None
            if groups is None:
                assert not any(tints), region.key
                if grouped and region.count > 5 and source is region:
                    plain.append(f"{name}.{region.key}")
                continue
            check_runs(region, groups, tints)
    return plain


def check_runs(region: Region, groups: list[tuple[int, int]], tints: list[bool]) -> None:
    runs: dict[tuple[int, int], list[Pip]] = {}
    tint_of: dict[tuple[int, int], bool] = {}
    for pip, group, tint in zip(region.pips, groups, tints, strict=True):
        runs.setdefault(group, []).append(pip)
        assert tint_of.setdefault(group, tint) == tint, region.key  # one tint a group
    sizes = [len(run) for run in runs.values()]
    assert max(sizes) <= 5 and sum(1 for n in sizes if n < 5) <= 1, (region.key, sizes)
    for run in runs.values():
        assert len({p.cy for p in run}) == 1 or len({p.cx for p in run}) == 1, region.key
        steps = [math.dist((a.cx, a.cy), (b.cx, b.cy)) for a, b in itertools.pairwise(sorted(run))]
        assert max(steps, default=0) - min(steps, default=0) < 0.05, region.key  # no gap
        # at most GROUP_GAP closer than plain pips: still a clear gap between circles
        assert all(step >= 2 * run[0].r + GROUP_GAP - 0.02 for step in steps), region.key
    pitch = min((math.dist((a.cx, a.cy), (b.cx, b.cy)) for a, b in
                 itertools.combinations(region.pips, 2)), default=0.0)
    for (g, a_run), (h, b_run) in itertools.combinations(runs.items(), 2):
        touching = any(math.dist((a.cx, a.cy), (b.cx, b.cy)) < 1.05 * pitch
                       for a in a_run for b in b_run)
        assert not touching or tint_of[g] != tint_of[h], region.key  # a checkerboard


def near_pairs(pips: tuple[Pip, ...], reach: float) -> list[tuple[Pip, Pip]]:
    """Every pair of pips closer than `reach` (a grid of buckets: not all n² pairs)."""
    buckets: dict[tuple[int, int], list[int]] = {}
    for i, p in enumerate(pips):
        buckets.setdefault((int(p.cx // reach), int(p.cy // reach)), []).append(i)
    pairs = []
    for (bx, by), members in buckets.items():
        for i in members:
            for dx, dy in itertools.product((-1, 0, 1), repeat=2):
                for j in buckets.get((bx + dx, by + dy), ()):
                    a, b = pips[i], pips[j]
                    if i < j and math.dist((a.cx, a.cy), (b.cx, b.cy)) < reach:
                        pairs.append((a, b))
    return pairs


def armor_values(mech: Mech) -> dict[str, int]:
    values = {loc.value: mech.armor_front(loc) for loc in mech.locations}
    values.update({f"{loc.value}_rear": mech.armor_rear(loc) for loc in mech.locations
                   if loc.has_rear_armor})
    return values


def check_sheet(mech: Mech, sheet: Sheet, grouped: bool = False) -> None:
    check_regions(sheet.armor, armor_values(mech), grouped)
    assert mech.structure is not None
    check_regions(sheet.structure, {loc.value: n for loc, n in mech.structure.items()}, grouped)
    levels = [level for level, _ in sheet.heat_rows]
    assert levels == list(range(30, -1, -1))  # the full 30…0 column
    assert all(row.h >= 3.5 * MM for _, row in sheet.heat_rows)
    circles = sheet.page.of_type(Circle)
    pips = sum(len(r.pips) for r in sheet.armor + sheet.structure)
    # plus one circle per heat sink, and a LAM's structural-integrity pips (lane lam), and
    # the dot before each armored slot's name in the critical table (lane sheets4)
    armored = sum(sum(run.armored or ()) for loc in mech.locations
                  for run in slots.slot_runs(mech, loc))
    assert len(circles) == pips + mech.heat_sinks + len(sheet.si_pips) + armored
    check_groups(sheet, grouped)
    check_texts(sheet)


def check_texts(sheet: Sheet) -> None:
    page = sheet.page
    for text in page.of_type(Text):
        assert isinstance(text, Text)
        width = fonts.text_width(text.text, text.font, text.size)
        assert text.size >= 6.0, text.text
        if text.max_width is not None:
            assert width <= text.max_width + 0.01, text.text
        left = {"start": text.x, "middle": text.x - width / 2, "end": text.x - width}[text.anchor]
        assert left >= 0 and left + width <= page.width, text.text
        assert 0 <= text.y <= page.height


@pytest.mark.slow
@pytest.mark.parametrize(("tonnage", "rear_share", "paper", "grouped"), GENERATED)
def test_maximum_armor_at_every_tonnage_fits_exactly(tonnage, rear_share, paper, grouped):
    mech = resolve(design_from_dict(max_armor_design(tonnage, rear_share)))
    check_sheet(mech, layout_sheet(assess(mech), SheetOptions(paper=paper, grouped_pips=grouped)),
                grouped)


def test_grouped_pips_keep_counts_and_stay_inside(catapult):
    mech = resolve(design_from_dict(catapult))
    sheet = layout_sheet(assess(mech), SheetOptions(grouped_pips=True))
    check_sheet(mech, sheet, grouped=True)
    plain = layout_sheet(assess(mech))
    assert pip_radii(sheet) == pip_radii(plain)  # issue 22: groups at the plain size


def pip_radii(sheet: Sheet) -> tuple[set[float], set[float]]:
    return ({p.r for region in sheet.armor for p in region.pips},
            {p.r for region in sheet.structure for p in region.pips})


@pytest.mark.slow
@sweep
def test_grouped_pips_are_the_plain_size_on_every_library_unit():
    """Issue 22: grouping never shrinks a pip, on either paper (groups take no extra
    room), and every group is a straight run of five. The parts too narrow for a row of
    five and too short for columns of five at the plain size are left plain; they are
    listed in tests/data/grouped_plain_parts.tsv (tests/layout_digests.py records it).
    And each unit's sheet is exact (`check_sheet`) on one of these layouts."""
    from layout_digests import PLAIN_PARTS

    cases = plain_parts_cases()  # each unit on both papers, unit after unit
    taken = set(swept(dict.fromkeys(unit for unit, _, _ in cases)))  # the run's share
    listed = [line for line in PLAIN_PARTS.read_text().splitlines()[1:]
              if line.partition("\t")[0] in taken]
    found = []
    for i, (unit, paper, assessment) in enumerate(cases):
        if unit not in taken:
            continue
        plain = layout_sheet(assessment, SheetOptions(paper=paper, style="standard"))
        grouped = layout_sheet(assessment, SheetOptions(paper=paper, grouped_pips=True,
                                                        style="standard"))
        # Every unit's sheet exact once, papers and pip modes taken in turn (all four over
        # the library); a 1984 design's own sheet is checked by its style's tests.
        number, on_paper = divmod(i, 2)
        if on_paper == number % 2:
            check_sheet(assessment.mech, grouped if number // 2 % 2 else plain,
                        bool(number // 2 % 2))
        assert pip_radii(grouped) == pip_radii(plain), (unit, paper)
        # and one text size per row on both (issue 22)
        assert mixed_rows(plain.page) == mixed_rows(grouped.page) == [], (unit, paper)
        found += [f"{unit}\t{paper}\t{part}" for part in check_groups(grouped, True)]
    assert found == listed


def plain_parts_cases() -> list[tuple[str, str, Any]]:
    from tests_support import library_assessed

    from mechlab.files.library import units_dir
    assessed = library_assessed()
    return [(unit.path.relative_to(units_dir()).as_posix(), paper, assessment)
            for unit, assessment in assessed for paper in ("letter", "a4")]


@pytest.mark.parametrize("count", [6, 11, 13, 16, 24])
def test_groups_in_a_narrow_part_run_down_its_columns(count):
    """Issue 22: an arm too narrow for a row of five holds its groups as columns of five
    (a tint run never wraps from one row to the next); a wide part keeps rows of five."""
    arm = [(0.0, 0.0), (34.0, 0.0), (34.0, 150.0), (0.0, 150.0)]
    pips = place_pips(arm, count, grouped=True, max_radius=4.2)
    groups = group_of(pips)
    assert groups is not None
    for group in set(groups):
        run = [p for p, g in zip(pips, groups, strict=True) if g == group]
        assert len({p.cx for p in run}) == 1 and len(run) <= 5
    wide = [(0.0, 0.0), (80.0, 0.0), (80.0, 60.0), (0.0, 60.0)]
    pips = place_pips(wide, 13, grouped=True, max_radius=4.2)
    assert sorted({sum(1 for p in pips if p.cy == y) for y in {p.cy for p in pips}}) == [3, 5]


def test_rows_are_balanced_without_an_orphan():
    """CPLT-C1's left torso (19 pips, rows of 6) was 6 + 6 + 6 + 1: now 5 + 5 + 5 + 4."""
    from mechlab.sheet.pips import _row_lengths
    assert _row_lengths(19, 6) == [5, 5, 5, 4]
    assert _row_lengths(13, 6) == [5, 4, 4]
    assert _row_lengths(10, 4) == [4, 4, 2]  # half a row is not an orphan
    assert _row_lengths(12, 4) == [4, 4, 4]
    assert _row_lengths(47, 5, grouped=True) == [5] * 9 + [2]  # groups stay in rows
    assert _row_lengths(46, 5, grouped=True) == [5] * 6 + [4] * 4  # but no orphan


@pytest.mark.parametrize("count", [0, 1, 2, 5, 9, 17, 40])
def test_pip_placement_is_exact_and_deterministic(count):
    square = [(0.0, 0.0), (60.0, 0.0), (60.0, 60.0), (0.0, 60.0)]
    first, second = place_pips(square, count), place_pips(square, count)
    assert first == second and len(first) == count
    rows = {p.cy for p in first}
    for y in rows:  # every row is centred on the outline
        xs = [p.cx for p in first if p.cy == y]
        assert abs((min(xs) + max(xs)) / 2 - 30) < 0.02


def test_long_names_fit_unclipped(catapult):
    catapult["chassis"], catapult["model"] = "Hermes II", "HER-2S"
    catapult["equipment"] += [{"item": "Flamer (Vehicle)", "location": "left_torso"},
                              {"item": "LRM 20 (OS)", "location": "right_torso"}]
    mech = resolve(design_from_dict(catapult))
    sheet = layout_sheet(assess(mech))
    texts = [t.text for t in sheet.page.of_type(Text)]
    for name in ("Hermes II HER-2S", "Flamer (Vehicle)", "LRM 20 (OS)"):
        assert name in texts
    assert not any(t.endswith("…") for t in texts)
    check_texts(sheet)


def test_critical_table_prints_every_slot_in_order_with_brackets(catapult):
    mech = resolve(design_from_dict(catapult))
    for location in BIPED_LOCATIONS:
        runs = slots.slot_runs(mech, location)
        assert sum(len(r.texts) for r in runs) == mech.ruleset.slot_counts[location]
        assert [r.first for r in runs] == sorted(r.first for r in runs)
    arm = slots.slot_runs(mech, Location.LEFT_ARM)
    lrm = next(r for r in arm if r.texts[0] == "LRM 15")
    assert lrm.bracketed and len(lrm.texts) == 3
    torso = [t for r in slots.slot_runs(mech, Location.LEFT_TORSO) for t in r.texts]
    assert "Ammo (LRM 15) 8" in torso
    texts = [t.text for t in layout_sheet(assess(mech)).page.of_type(Text)]
    assert texts.count("Roll Again") == sum(
        1 for cells in mech.critical_slots.values() for s in cells if s.kind == "empty")


def test_inventory_aggregates_identical_weapons_and_marks_rear():
    mech = resolve(load_design(next(u.path for u in library() if u.model == "AS7-D")))
    rows = {(r.type, r.location): r.quantity for r in content.inventory(mech)}
    assert rows[("Medium Laser (R)", "CT")] == 2
    assert rows[("LRM 20", "LT")] == 1
    assert content.inventory(mech)[0].damage in ("5", "1/Msl", "2/Msl", "20")


# Issue 22: one text size per row --------------------------------------------------------
STYLES = ("standard", "quickstart", "battledroids")
PIP_MODES = (False, True)


def mixed_rows(page: Any) -> list[list[tuple[str, float]]]:
    """Rows whose texts differ in size. A row: the texts on one baseline inside the same
    innermost frame (block, box or cell); the title line (the page's largest text and the
    unit's name beside it) is a heading, not a row."""
    texts = [t for t in page.items if isinstance(t, Text)]
    # A frame lower than every text's box (less the 0.01 pt allowed each side) holds none:
    # the 1984 sheet's pip boxes.
    lowest = min(0.9 * t.size for t in texts) - 0.03
    rects = [(r.x, r.y, r.x + r.w, r.y + r.h) for r in page.items
             if type(r) is Rect and r.h >= lowest]
    near = _rects_by_cell(rects)
    title_y = max(texts, key=lambda t: t.size).y
    rows: dict[tuple[float, Any], list[Text]] = {}
    for text in texts:
        if abs(text.y - title_y) < 0.01:
            continue
        size = text.size
        width = _text_width(text.text, text.font, size)
        left = _LEFT[text.anchor](text.x, width)
        top, right, bottom = text.y - 0.7 * size, left + width, text.y + 0.2 * size
        # The innermost frame around the text's box: the first of the least area.
        frame, area = None, math.inf
        for r in near.get((math.floor(left / CELL), math.floor(top / CELL)), ()):
            if (r[0] <= left + 0.01 and r[1] <= top + 0.01 and right <= r[2] + 0.01
                    and bottom <= r[3] + 0.01 and (r[2] - r[0]) * (r[3] - r[1]) < area):
                frame, area = r, (r[2] - r[0]) * (r[3] - r[1])
        rows.setdefault((round(text.y, 1), frame), []).append(text)
    return [[(t.text, round(t.size, 2)) for t in row] for row in rows.values()
            if len({round(t.size, 2) for t in row}) > 1]


# A text's left edge from its anchor and width.
_LEFT = {"start": lambda x, w: x, "middle": lambda x, w: x - w / 2, "end": lambda x, w: x - w}
# The sweeps measure the same texts on page after page (bounded: memory stays flat).
_text_width = functools.lru_cache(maxsize=50_000)(fonts.text_width)


CELL = 40.0  # pt: the grid `mixed_rows` files the frames in


def _cell(x: float, y: float) -> tuple[int, int]:
    return math.floor(x / CELL), math.floor(y / CELL)


def _rects_by_cell(rects: list[tuple[float, float, float, float]]
                   ) -> dict[tuple[int, int], list[tuple[float, float, float, float]]]:
    """Each frame under every grid cell it (with the 0.01 pt the test allows) covers, in
    page order: a frame around a text covers the text's top left corner, so only the frames
    of that corner's cell are looked at (the same answer as looking at every frame)."""
    cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
    for rect in rects:
        (left, top), (right, bottom) = (_cell(rect[0] - 0.02, rect[1] - 0.02),
                                        _cell(rect[2] + 0.02, rect[3] + 0.02))
        for column in range(left, right + 1):
            for row in range(top, bottom + 1):
                cells.setdefault((column, row), []).append(rect)
    return cells


def check_rows(mech: Mech, step: int = 1) -> None:
    combos = [(s, p, g) for s in STYLES for p in ("letter", "a4") for g in PIP_MODES]
    for style, paper, grouped in combos[::step]:
        page = layout_sheet(assess(mech), SheetOptions(style=style, paper=paper,
                                               grouped_pips=grouped)).page
        assert mixed_rows(page) == [], (mech.name, style, paper, grouped)


def test_one_text_size_per_row_on_every_style(catapult):
    """A long text takes the short form or the row's table picks one size for all; nothing
    is shrunk beside its neighbours ('Walking MP:', 'Ammo (LRM 15) 8', 'Inner Sphere')."""
    catapult["chassis"] = "Centurion"
    catapult["model"] = "CN9-YLW 'Yen Lo Wang'"
    catapult["equipment"] += [{"item": "Medium Laser", "location": "left_torso", "rear": True},
                              {"item": "Ammo (LRM 10)", "location": "left_arm"},
                              {"item": "LRM 10", "location": "left_arm"}]
    check_rows(resolve(design_from_dict(catapult)))


# One text size per row on every library unit, in every style, on both papers, in both pip
# modes: the Standard sheets in test_grouped_pips_are_the_plain_size_on_every_library_unit,
# the Quick-Start and 1984 ones in test_sheet_text_sizes'
# test_nothing_shrinks_on_any_library_unit (each sheet laid out once for all its checks).


def test_a_light_mechs_few_arm_pips_fill_their_arm():
    """Issue 22: the Locust's four arm pips stood huddled in the middle of a large arm; they
    now stand apart (laid out as if larger, drawn at the diagram's size) and spread over
    the arm, every one inside it with the placer's clearance (check_sheet)."""
    from mechlab.sheet.pips import gap_for

    mech = resolve(load_design(next(u.path for u in library() if u.model == "LCT-1V")))
    sheet = layout_sheet(assess(mech))
    check_sheet(mech, sheet)
    arm = next(region for region in sheet.armor if region.key == "left_arm")
    r = arm.pips[0].r
    tight = 2 * r + gap_for(r)
    nearest = min(math.dist((a.cx, a.cy), (b.cx, b.cy))
                  for a, b in itertools.combinations(arm.pips, 2))
    assert nearest >= 1.5 * tight
    ys = [y for _, y in arm.outline]
    assert max(p.cy for p in arm.pips) - min(p.cy for p in arm.pips) >= 1.5 * tight
    assert min(ys) < min(p.cy for p in arm.pips) < max(p.cy for p in arm.pips) < max(ys)
