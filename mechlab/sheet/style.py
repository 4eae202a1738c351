"""Sheet styles: how a record sheet looks, apart from what it says (content.py).

A `Style` is a plain object: the frame function that lays out a page, which blocks it
shows, its titles and location labels, the pip shape (circle or square box), how the
critical table numbers its slots and which heat levels the scale prints. Styles are a
registry picked by name (`--style standard`), as rulesets are.

The frame function receives the style, so one frame can serve several styles that
differ only in data (labels, pip shape, numbering).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mechlab.core.locations import Location
from mechlab.sheet.pips import PREFERRED_RADIUS

if TYPE_CHECKING:
    from mechlab.assess import Assessment
    from mechlab.sheet.options import Sheet, SheetOptions

Frame = Callable[["Assessment", "Style", "SheetOptions"], "Sheet"]

# Every block a style may show (RULES.md 4.1–4.3).
BLOCKS = frozenset({
    "mech_data", "warrior_data", "critical_table", "damage_transfer", "armor_rear",
    "structure", "heat", "values",
})


class UnknownStyleError(ValueError):
    pass


def standard_crit_number(slots: int, index: int, per_block: int) -> tuple[int | None, str]:
    """RULES.md 4.1: 12-slot locations print two die-roll blocks (the ruleset's labels,
    1–3 / 4–6), each numbered 1–6."""
    block = index // per_block if slots > per_block else None
    return block, str(index % per_block + 1)


def battledroids_crit_number(slots: int, index: int, per_block: int
                             ) -> tuple[int | None, str]:
    """RULES.md 4.3: head and legs 1–6; torsos and arms 11–16 / 21–26, no block labels."""
    if slots > per_block:
        return None, f"{index // per_block + 1}{index % per_block + 1}"
    return None, str(index + 1)


def full_label(location: Location, value: int, rear: bool = False) -> tuple[str, ...]:
    """'Left Arm (13)' on one line; the layout may break it after the name."""
    return (f"{location.title}{' Rear' if rear else ''} ({value})",)


@dataclass(frozen=True)
class Style:
    name: str
    description: str
    frame: Frame
    title: str = "BATTLEMECH RECORD SHEET"
    # The title for another unit (the ruleset's unit title in lower case: industrialmech,
    # omnimech), where the style names it.
    unit_titles: dict[str, str] = field(default_factory=dict)
    blocks: frozenset[str] = BLOCKS
    pip_shape: str = "circle"  # "circle" or "square"
    pip_radius: float = PREFERRED_RADIUS  # the largest pip; smaller where crowded
    # (the location's slot count, 0-based slot, the ruleset's slots per block) → (its die-roll
    # block, None for none printed; the number printed beside the slot)
    crit_number: Callable[[int, int, int], tuple[int | None, str]] = standard_crit_number
    heat_levels: tuple[int, int] = (0, 30)  # lowest level (and the usual top) of the scale
    spellings: str | None = None  # the ruleset whose sheet spellings it prints (RULES.md §2)
    block_title_size: float = 8.0  # the diagrams' title bars, as the style's other blocks
    label_size: float = 6.5  # the diagrams' location labels ('Left Arm (13)'), bold
    # The configurations it draws (STANDARD_RULES.md §10 quads; CONFIGURATIONS.md tripods).
    configurations: frozenset[str] = frozenset({"biped"})
    # Whether it prints superheavy 'Mechs (the 1984 sheet's charts and one-row-per-lot list
    # do not hold a superheavy's: lane sheets3).
    superheavies: bool = True
    block_titles: dict[str, str] = field(default_factory=lambda: {
        "mech_data": "'MECH DATA", "warrior_data": "WARRIOR DATA",
        "critical_table": "CRITICAL HIT TABLE", "armor": "ARMOR DIAGRAM",
        "structure": "INTERNAL STRUCTURE DIAGRAM", "heat": "HEAT DATA",
    })

    def shows(self, block: str) -> bool:
        if block not in BLOCKS:
            raise ValueError(f"unknown sheet block {block!r}")
        return block in self.blocks
