"""What a record-sheet layout takes and gives: the options, and the laid-out sheet with the
regions the tests check. Below every frame and the style registry, so all can import it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mechlab.core.locations import Location
from mechlab.render.frame import Box
from mechlab.render.geometry import Page
from mechlab.sheet import outlines
from mechlab.sheet.pips import Pip

if TYPE_CHECKING:
    from mechlab.core.state import DamageState


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "letter"
    grouped_pips: bool = False
    pilot_name: str | None = None  # None: the design's pilot, else blank lines
    gunnery: int | None = None
    piloting: int | None = None
    extra: tuple[tuple[str, str], ...] = ()  # more 'Mech Data lines: ("BV:", "1,399"), …
    # A name in the style registry (mechlab/sheet/styles.py); None: the style the design's
    # ruleset prints in (`default_sheet_style`: the 1984 sheet for 1984 designs).
    style: str | None = None
    # The unit's damage state, marked on its sheet (issue 30); None: a fresh sheet.
    state: DamageState | None = None


@dataclass(frozen=True)
class Region:
    """One location's outline on the sheet and what is drawn in it (kept for tests)."""

    key: str  # "left_arm", "center_torso_rear", …
    outline: outlines.Outline
    label: tuple[str, ...]
    count: int
    pips: tuple[Pip, ...]


@dataclass(frozen=True)
class Sheet:
    page: Page
    armor: tuple[Region, ...]
    structure: tuple[Region, ...]
    transfer: dict[Location, tuple[float, float]]  # Damage Transfer box centres
    heat_rows: tuple[tuple[int, Box], ...] = ()  # each heat level and its row
    # Where a player pencils damage (issue 30; `mechlab.sheet.damage_marks`): each critical
    # slot's text row (location, 0-based slot, row), the MechWarrior's Hits Taken boxes, and
    # the hit boxes under the critical table (label, boxes). Empty where a style has none.
    slots: tuple[tuple[Location, int, Box], ...] = ()
    pilot_hits: tuple[Box, ...] = ()
    hit_boxes: tuple[tuple[str, tuple[Box, ...]], ...] = ()
    # A style that ticks off shots: each bin's (location, 0-based slot) and its tick boxes.
    ammo_ticks: tuple[tuple[Location, int, tuple[Box, ...]], ...] = ()
    # lane lam: a LAM's structural-integrity pips in its fighter-mode block (their centres).
    si_pips: tuple[tuple[float, float], ...] = ()
