"""A design's rules level computed from its content and year, and what sets it (issue 26).

The words and the result type are levels.py's. A design's level is the highest level of
its parts (MegaMek's `CompositeTechLevel`: the chassis, each component and each item),
read from the one catalogue: the component tables of the least ruleset that has them all
(the Standard ruleset's standard.yaml `level` and `refused`) and the catalogue's items
(equipment.tsv `rules_level`), looked up by name, so any ruleset's design is measured the
same way. The level in the design's year (IO pp. 33–34, progression.py) is reported
beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mechlab.rulesets.levels import (
    LEVELS,
    NUMBERS,
    UNOFFICIAL,
    Part,
    RulesLevel,
    level_of,
    rank,
    word_level,
)
from mechlab.rulesets.registry import get_ruleset, ladder

if TYPE_CHECKING:
    from mechlab.core.design import Design
    from mechlab.core.equipment import Weapon
    from mechlab.rulesets.base import Ruleset
    from mechlab.rulesets.standard import Standard


def rules_level(design: Design, ruleset: Ruleset | None = None,
                in_year: bool = True) -> RulesLevel:
    """The design's rules level: the highest of its parts, and the parts at that level;
    with its year, the level under IO's variable tech levels too (`in_year`; left out
    when not asked for: a file's `rules level:` line is compared with the static level)."""
    found = parts(design, ruleset, progression=in_year)
    top = max((p.level for p in found), key=rank, default=LEVELS[0])
    year = None if design.era is None or not in_year else _level_in_year(found, design)
    if top == LEVELS[0]:
        return RulesLevel(top, in_year=year)
    return RulesLevel(top, tuple(dict.fromkeys(p.name for p in found if p.level == top)),
                      year)


def parts(design: Design, ruleset: Ruleset | None = None,
          progression: bool = True) -> list[Part]:
    """The chassis, each component and each item, with their levels. Items are read on
    the judging ruleset's table first (its book states their level: an intro design's
    items are Introductory), else on the one catalogue, the Standard ruleset's. Without
    `progression`, a component's progression ids are left out (only the level in a year
    reads them)."""
    from mechlab.rulesets.standard import Standard

    standard = get_ruleset(Standard.name)
    assert isinstance(standard, Standard)
    return [*_chassis(standard, design), *_components(standard, design, progression),
            *_armoring(standard, design), *_items(standard, ruleset or standard, design)]


def _armoring(standard: Standard, design: Design) -> list[Part]:
    """Armored components: an option of their own level (standard.yaml
    `armored_components`; MegaMek's TA_ARMORED_COMPONENT, catalogue/components.tsv)."""
    from mechlab.rulesets.standard.armoring import uses_armoring

    if not uses_armoring(design):
        return []
    return [Part("armored components", level_of(standard.armoring.level), "armored_slots",
                 ("armored_component",))]


def _level_in_year(found: list[Part], design: Design) -> str:
    """IO pp. 33–34 (MegaMek's `CompositeTechLevel` with variable tech levels): each part
    at the level of its stage in the design's year (progression.py); a part without a
    progression keeps its static level."""
    from mechlab.rulesets.progression import progression

    assert design.era is not None
    levels = []
    for part in found:
        rows = [row for pid in part.progression if (row := progression(pid)) is not None]
        if not rows:
            levels.append(part.level)
            continue
        stage = rows[0].level_in(design.era, _clan(design))
        levels.append(UNOFFICIAL if stage is None else word_level(stage))
    return max(levels, key=rank, default=LEVELS[0])


def _chassis(standard: Standard, design: Design) -> list[Part]:
    """STANDARD_RULES.md §1.1: Clan technology exists only from level 2 (MegaMek: a Clan
    unit is never Introductory), Mixed tech is judged by the Standard rules (§0.1); an
    OmniMech (TechManual p. 45; MegaMek's TA_OMNI) and an IndustrialMech (TechManual
    p. 240) are Standard units."""
    out = []
    if design.tech_base != "inner_sphere":
        out.append(Part(f"{standard.tech_base_title(design)} tech base", "standard",
                        "tech_base"))
    if design.omni:
        out.append(Part("OmniMech", "standard", "omni", ("omnimech",)))
    if design.unit != "battlemech":
        out.append(Part(standard.unit_type(design).title, "standard", "unit",
                        ("mech_chassis_industrial",)))
    return out


def _components(standard: Standard, design: Design, progression: bool = True) -> list[Part]:
    """Each chosen component's level on its table (a refused row: the level it needs)."""
    out = []
    for path, what, word, rows in standard.component_choices(design):
        row = rows.get(word)
        if row is None:
            continue  # a word on no table is bad input, told by the reader
        level = row.refused_for(design.unit) or row.level
        out.append(Part(f"{row.title} {what}", level_of(level), path,
                        _component_ids(standard, path, word, design) if progression else ()))
    size = standard.unit_sizes.get("superheavy")
    if size is not None and design.tonnage > 100:  # CONFIGURATIONS.md §3
        out.append(Part(f"a superheavy 'Mech ({design.tonnage} t)",
                        level_of(size.refused or size.level), "tonnage"))
    rating = standard.engine_rating_of(design)
    large = standard.large_engine
    if standard.is_large_engine(rating):
        out.append(Part(f"a large engine (rating {rating})",
                        level_of(large.get("refused") or large["level"]),
                        "engine_rating"))
    return out


def _component_ids(standard: Standard, path: str, word: str, design: Design
                   ) -> tuple[str, ...]:
    from mechlab.rulesets.progression import component_ids

    tech = standard.component_tech(design, _named_tech(design, path))
    return component_ids(path.split(".")[0], word, tech)


def _named_tech(design: Design, path: str) -> str | None:
    return {"engine.type": design.engine.tech, "structure.type": design.structure.tech,
            "armor.type": design.armor.tech, "heat_sinks.type": design.heat_sinks.tech
            }.get(path)


def _items(standard: Standard, ruleset: Ruleset, design: Design) -> list[Part]:
    """Each item the design lists (equipment.tsv `rules_level`); a name on no table is
    told by the rules that judge the design (E-ITEM-UNAVAILABLE). A component's own
    slots (double heat sinks, endo steel) are named by the component."""
    own = {item_id for _, _, word, rows in standard.component_choices(design)
           if (row := rows.get(word)) is not None for item_id in row.item.values()}
    out = []
    for index, entry in enumerate(design.equipment):
        weapon = _weapon(ruleset, entry.item, design) or _weapon(standard, entry.item, design)
        if weapon is None or weapon.id in own:
            continue
        ids = (weapon.id,) if weapon.id else ()
        out.append(Part(weapon.name, level_of(str(weapon.rules_level)),
                        f"equipment[{index}]", ids, entry.item))
    return out


def _weapon(ruleset: Ruleset, name: str, design: Design) -> Weapon | None:
    try:
        return ruleset.catalog.lookup(name, design.tech_base).weapon
    except ValueError:
        return None


def _clan(design: Design) -> bool | None:
    """Whose dates (tech/PROGRESSION.md, Tech base): a non-mixed unit its own base's, a
    Mixed unit the universe-wide ones (None)."""
    return {"inner_sphere": False, "clan": True}.get(design.tech_base)


def admitted_level(ruleset: Ruleset) -> str:
    """The highest level a ruleset admits: its level on MegaMek's ladder
    (`Ruleset.ladder_level`); a book off the ladder (the 1984 rules) builds with
    Introductory technology."""
    return NUMBERS.get(ruleset.ladder_level or 1, UNOFFICIAL)


def least_ruleset(level: str) -> str | None:
    """The name of the least ruleset on the ladder that admits this level; None if none
    does."""
    return next((r.name for r in ladder() if rank(admitted_level(r)) >= rank(level)), None)
