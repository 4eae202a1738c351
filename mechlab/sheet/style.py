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

from mechlab.locations import Location
from mechlab.sheet.pips import PREFERRED_RADIUS

if TYPE_CHECKING:
    from mechlab.mech import Mech
    from mechlab.sheet.layout import Sheet, SheetOptions

Frame = Callable[["Mech", "Style", "SheetOptions"], "Sheet"]

# Every block a style may show (RULES.md 4.1–4.3).
BLOCKS = frozenset({
    "mech_data", "warrior_data", "critical_table", "damage_transfer", "armor_rear",
    "structure", "heat", "values",
})


class UnknownStyleError(ValueError):
    pass


def standard_crit_number(slots: int, index: int) -> tuple[int | None, str]:
    """RULES.md 4.1: 12-slot locations print two die-roll blocks (the ruleset's labels,
    1–3 / 4–6), each numbered 1–6."""
    block = index // 6 if slots > 6 else None
    return block, str(index % 6 + 1)


def battledroids_crit_number(slots: int, index: int) -> tuple[int | None, str]:
    """RULES.md 4.3: head and legs 1–6; torsos and arms 11–16 / 21–26, no block labels."""
    if slots > 6:
        return None, f"{index // 6 + 1}{index % 6 + 1}"
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
    blocks: frozenset[str] = BLOCKS
    pip_shape: str = "circle"  # "circle" or "square"
    pip_radius: float = PREFERRED_RADIUS  # the largest pip; smaller where crowded
    # (the location's slot count, 0-based slot) → (its die-roll block, None for none printed;
    # the number printed beside the slot)
    crit_number: Callable[[int, int], tuple[int | None, str]] = standard_crit_number
    heat_levels: tuple[int, int] = (0, 30)  # lowest level (and the usual top) of the scale
    spellings: str | None = None  # the ruleset whose sheet spellings it prints (RULES.md §2)
    block_titles: dict[str, str] = field(default_factory=lambda: {
        "mech_data": "'MECH DATA", "warrior_data": "WARRIOR DATA",
        "critical_table": "CRITICAL HIT TABLE", "armor": "ARMOR DIAGRAM",
        "structure": "INTERNAL STRUCTURE DIAGRAM", "heat": "HEAT DATA",
    })

    def shows(self, block: str) -> bool:
        if block not in BLOCKS:
            raise ValueError(f"unknown sheet block {block!r}")
        return block in self.blocks


_STYLES: dict[str, Style] = {}


def register(style: Style) -> Style:
    if style.pip_shape not in ("circle", "square"):
        raise ValueError(f"style {style.name}: unknown pip shape {style.pip_shape!r}")
    unknown = style.blocks - BLOCKS
    if unknown:
        raise ValueError(f"style {style.name}: unknown blocks {sorted(unknown)}")
    _STYLES[style.name] = style
    return style


def _builtin() -> None:
    """Register the styles mechlab ships (imported late: the frames import the layout)."""
    if "standard" in _STYLES:
        return
    from mechlab.sheet.battledroids import battledroids_frame
    from mechlab.sheet.layout import standard_frame
    from mechlab.sheet.quickstart import quickstart_frame

    register(Style("standard", "The Introductory Rulebook record sheet (RULES.md 4.1).",
                   standard_frame))
    # RULES.md 4.2: front armor and damage transfer only; no rear armor, structure, heat,
    # critical table, warrior block, BV or cost.
    register(Style("quickstart", "The Quick-Start rules' record sheet (RULES.md 4.2).",
                   quickstart_frame, title="'MECH RECORD SHEET",
                   blocks=frozenset({"mech_data", "damage_transfer"}), pip_radius=5.6))
    # RULES.md 4.3: boxes, not circles; charts numbered 1–6 / 11–16 / 21–26; heat 1–30;
    # no damage transfer diagram, no BV or cost (the 1984 book has neither).
    register(Style("battledroids", "The 1984 Battledroids record sheet (RULES.md 4.3).",
                   battledroids_frame, title="BATTLEDROIDS RECORD SHEET",
                   blocks=BLOCKS - {"damage_transfer", "values"}, pip_shape="square",
                   crit_number=battledroids_crit_number, heat_levels=(1, 30),
                   spellings="battledroids",
                   block_titles={"mech_data": "DROID DATA", "warrior_data": "DROIDWARRIOR",
                                 "critical_table": "CRITICAL HIT CHARTS",
                                 "armor": "ARMOR DIAGRAM",
                                 "structure": "INTERNAL STRUCTURE DIAGRAM",
                                 "heat": "HEAT"}))


def style_names() -> list[str]:
    _builtin()
    return sorted(_STYLES)


def get_style(name: str) -> Style:
    _builtin()
    try:
        return _STYLES[name]
    except KeyError:
        raise UnknownStyleError(
            f"unknown sheet style {name!r}; choose from {', '.join(sorted(_STYLES))}"
        ) from None
