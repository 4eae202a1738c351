"""The sheet-style registry: every style mechlab ships, found by name (`--style`).

Above the frames (the frames import `Style` from style.py; this module imports the
frames), so registering a style creates no import cycle.
"""

from __future__ import annotations

from mechlab.assess import Assessment
from mechlab.core.configurations import configuration
from mechlab.core.errors import DesignError
from mechlab.render.geometry import Document
from mechlab.sheet import quickstart
from mechlab.sheet.battledroids import battledroids_frame
from mechlab.sheet.layout import standard_frame
from mechlab.sheet.options import Sheet, SheetOptions
from mechlab.sheet.quickstart import quickstart_frame
from mechlab.sheet.style import (
    BLOCKS,
    Style,
    UnknownStyleError,
    battledroids_crit_number,
)

_STYLES: dict[str, Style] = {}
DEFAULT_OPTIONS = SheetOptions()


def register(style: Style) -> Style:
    if style.pip_shape not in ("circle", "square"):
        raise ValueError(f"style {style.name}: unknown pip shape {style.pip_shape!r}")
    unknown = style.blocks - BLOCKS
    if unknown:
        raise ValueError(f"style {style.name}: unknown blocks {sorted(unknown)}")
    _STYLES[style.name] = style
    return style


# The styles mechlab ships.
register(Style("standard", "The Introductory Rulebook record sheet (RULES.md 4.1).",
               standard_frame,
               configurations=frozenset({"biped", "quad", "tripod", "quadvee", "lam",
                                         "lam_bimodal"}),
               unit_titles={"industrialmech": "INDUSTRIALMECH RECORD SHEET",
                            "omnimech": "OMNIMECH RECORD SHEET",
                            "land-air 'mech": "LAND-AIR 'MECH RECORD SHEET"}))
# RULES.md 4.2: front armor and damage transfer only; no rear armor, structure, heat,
# critical table, warrior block, BV or cost.
register(Style("quickstart", "The Quick-Start rules' record sheet (RULES.md 4.2).",
               quickstart_frame, title="'MECH RECORD SHEET",
               configurations=frozenset({"biped", "quad", "quadvee", "tripod"}),
               blocks=frozenset({"mech_data", "damage_transfer"}), pip_radius=5.6,
               block_title_size=11.0, label_size=quickstart.LABEL))
# RULES.md 4.3: boxes, not circles; charts numbered 1–6 / 11–16 / 21–26; heat 1–30;
# no damage transfer diagram, no BV or cost (the 1984 book has neither).
register(Style("battledroids", "The 1984 Battledroids record sheet (RULES.md 4.3).",
               battledroids_frame, title="BATTLEDROIDS RECORD SHEET",
               configurations=frozenset({"biped", "tripod"}), superheavies=False,
               blocks=BLOCKS - {"damage_transfer", "values"}, pip_shape="square",
               crit_number=battledroids_crit_number, heat_levels=(1, 30),
               spellings="battledroids",
               block_titles={"mech_data": "DROID DATA", "warrior_data": "DROIDWARRIOR",
                             "critical_table": "CRITICAL HIT CHARTS",
                             "armor": "ARMOR DIAGRAM",
                             "structure": "INTERNAL STRUCTURE DIAGRAM",
                             "heat": "HEAT"}))


def style_names() -> list[str]:
    return sorted(_STYLES)


def get_style(name: str) -> Style:
    try:
        return _STYLES[name]
    except KeyError:
        raise UnknownStyleError(
            f"unknown sheet style {name!r}; choose from {', '.join(sorted(_STYLES))}"
        ) from None


def layout_sheet(assessed: Assessment, options: SheetOptions = DEFAULT_OPTIONS) -> Sheet:
    """One page for an assessed 'Mech in the style `options.style` names (else its
    ruleset's): the page prints the verdict and values it is given."""
    mech = assessed.mech
    style = get_style(options.style or mech.ruleset.default_sheet_style)
    if mech.config not in style.configurations:
        # Each style draws the figures it has (the 1984 sheet: a biped only).
        others = sorted(s.name for s in _STYLES.values() if mech.config in s.configurations)
        called = configuration(mech.config).called
        raise DesignError(mech.name, [
            f"the {style.name} record sheet cannot print a {called} (it has no figure for "
            f"one); print it with --style {' or '.join(others)}; mechlab validate judges it"])
    if not style.superheavies and mech.ruleset.is_superheavy(mech.design):
        others = sorted(s.name for s in _STYLES.values()
                        if s.superheavies and mech.config in s.configurations)
        raise DesignError(mech.name, [
            f"the {style.name} record sheet cannot print a superheavy 'Mech (its charts and "
            f"weapons list have no room for its slots); print it with --style "
            f"{' or '.join(others)}; mechlab validate judges it"])
    sheet = style.frame(assessed, style, options)
    if options.state is not None:
        from mechlab.sheet.damage_marks import mark_damage

        sheet = mark_damage(sheet, mech, options.state, style.pip_shape)
    return sheet


def layout_document(assessed: list[Assessment], options: SheetOptions = DEFAULT_OPTIONS
                    ) -> Document:
    pages = tuple(layout_sheet(one, options).page for one in assessed)
    title = assessed[0].mech.name if len(assessed) == 1 else f"{len(assessed)} record sheets"
    return Document(pages, title)
