"""Tech progression: when each item and component is a prototype, in production, common and
extinct, per tech base, and the rules level of each stage (TechManual p. 33 ff.;
Interstellar Operations pp. 33–34; MegaMek's `TechAdvancement`).

The facts are the catalogue's progression columns (catalogue/equipment.tsv, each item's
row; catalogue/components.tsv, the components, chassis types, OmniMechs and mixed tech),
read from MegaMek's TechAdvancement (columns: tech/PROGRESSION.md). Read on first use,
once: nothing is loaded at import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# MegaMek's `TechAdvancement.getDate`: an approximate ("~") date is used 5 years earlier,
# an approximate extinction 5 years later.
APPROXIMATE_SHIFT = 5
STAGES = ("prototype", "production", "common", "extinct", "reintroduced")


@dataclass(frozen=True)
class Dates:
    """One tech base's stage years (None: the stage never comes), approximations applied."""

    prototype: int | None = None
    production: int | None = None
    common: int | None = None
    extinct: int | None = None
    reintroduced: int | None = None

    @property
    def available(self) -> bool:
        return any(y is not None for y in (self.prototype, self.production, self.common))


@dataclass(frozen=True)
class Progression:
    """One part's progression: dates per tech base, the level of each stage and the
    static level (MegaMek's words, lower case: intro, standard, advanced, experimental,
    unofficial)."""

    id: str
    tech_base: str  # IS, Clan or both
    inner_sphere: Dates
    clan: Dates
    prototype_level: str
    production_level: str
    common_level: str
    static_level: str

    def dates(self, clan: bool | None) -> Dates:
        """A tech base's dates; None (a Mixed unit): the universe-wide, earliest of both
        (tech/PROGRESSION.md, Tech base)."""
        if clan is not None:
            return self.clan if clan else self.inner_sphere
        return Dates(*(_earliest(getattr(self.inner_sphere, s), getattr(self.clan, s))
                       for s in STAGES))

    def prototype_in(self, year: int, clan: bool | None) -> bool:
        """IO p. 33: in `year` the part exists only as a prototype for this tech base
        (prototyped, not yet in production)."""
        dates = self.dates(clan)
        if dates.prototype is None or year < dates.prototype:
            return False
        return dates.production is None or year < dates.production

    def level_in(self, year: int, clan: bool | None) -> str | None:
        """MegaMek's `getSimpleLevel(year)`: the stage's level in `year`, None before the
        prototype (not yet in the universe) or on a base that never has it."""
        dates = self.dates(clan)
        if self.static_level == "unofficial":
            return "unofficial"
        for start, level in ((dates.common, self.common_level),
                             (dates.production, self.production_level),
                             (dates.prototype, self.prototype_level)):
            if start is not None and year >= start:
                return level
        return None


def _earliest(a: int | None, b: int | None) -> int | None:
    return min((y for y in (a, b) if y is not None), default=None)


def _year(text: str, extinct: bool = False) -> int | None:
    text = text.strip()
    if not text:
        return None
    if text.startswith("~"):
        shift = APPROXIMATE_SHIFT if extinct else -APPROXIMATE_SHIFT
        return int(text[1:]) + shift
    return int(text)


def _dates(row: dict[str, str], base: str) -> Dates:
    return Dates(*(_year(row[f"{base}_{stage}_year"], extinct=stage == "extinct")
                   for stage in STAGES))


# An item row's tech base in the catalogue's words → the progression's.
_BASES = {"IS": "IS", "Clan": "Clan", "All": "both"}


@cache
def progressions() -> dict[str, Progression]:
    """Every part's progression by id: the catalogue's item rows that state one, then its
    components (read once, on first use)."""
    from mechlab.rulesets.catalogue import COMPONENTS, catalogue_tsv, table_rows

    out = {}
    items = [{**row, "tech_base": _BASES.get(row["tech_base"], row["tech_base"])}
             for row in table_rows() if row["progression_source"]]
    for row in (*items, *catalogue_tsv(COMPONENTS)):
        out[row["id"]] = Progression(
            id=row["id"], tech_base=row["tech_base"], inner_sphere=_dates(row, "is"),
            clan=_dates(row, "clan"), prototype_level=row["prototype_level"].lower(),
            production_level=row["production_level"].lower(),
            common_level=row["common_level"].lower(), static_level=row["static_level"].lower())
    return out


def progression(part_id: str) -> Progression | None:
    """An item's (catalogue id) or a component's progression; None if it has none."""
    return progressions().get(part_id)


# The component tables' words (standard.yaml, by design path) → progression ids, per tech
# (one id: both bases share it).
_COMPONENTS: dict[str, dict[str, dict[str, str] | str]] = {
    "engine": {"standard": "engine_standard_fusion",
               "xl": {"IS": "is_engine_xl", "Clan": "cl_engine_xl"},
               "xxl": {"IS": "is_engine_xxl", "Clan": "cl_engine_xxl"},
               "light": "is_engine_light", "compact": "is_engine_compact",
               "ice": "engine_ice", "fuel_cell": "engine_fuel_cell",
               "fission": "engine_fission"},
    "structure": {"standard": "structure_standard",
                  "endo_steel": {"IS": "is_endo_steel", "Clan": "cl_endo_steel"},
                  "endo_composite": {"IS": "is_endo_composite", "Clan": "cl_endo_composite"},
                  "composite": "is_composite_structure", "reinforced": "reinforced_structure",
                  "industrial": "industrial_structure",
                  "endo_steel_prototype": "is_endo_steel_prototype"},
    "gyro": {"standard": "gyro_standard", "xl": "is_gyro_xl", "compact": "is_gyro_compact",
             "heavy_duty": "is_gyro_heavy_duty", "superheavy": "is_gyro_superheavy",
             "none": "gyro_none"},
    "cockpit": {"standard": "cockpit_standard", "small": "cockpit_small",
                "industrial": "cockpit_industrial", "industrial_afc": "cockpit_industrial",
                "command_console": "cockpit_command_console",
                "torso_mounted": "cockpit_torso_mounted", "primitive": "cockpit_primitive"},
    "armor": {"standard": "armor_standard",
              "ferro_fibrous": {"IS": "is_ferro_fibrous", "Clan": "cl_ferro_fibrous"},
              "light_ferro": "is_light_ferro_fibrous", "heavy_ferro": "is_heavy_ferro_fibrous",
              "stealth": "is_stealth_armor", "industrial": "industrial_armor",
              "heavy_industrial": "heavy_industrial_armor", "commercial": "commercial_armor",
              "primitive": "primitive_armor", "patchwork": "patchwork_armor",
              "ferro_fibrous_prototype": "is_ferro_fibrous_prototype"},
    "heat_sinks": {"single": "heat_sink_single",
                   "double": {"IS": "is_double_heat_sink", "Clan": "cl_double_heat_sink"}},
    "myomer": {"tsm": "is_triple_strength_myomer",
               "industrial_tsm": "is_industrial_triple_strength_myomer"},
    "ejection": {"full_head": "full_head_ejection_system"},
}


def component_ids(kind: str, word: str, tech: str) -> tuple[str, ...]:
    """The progression id of a component (`engine`, `xl`, `Clan`); () if it has none."""
    ids = _COMPONENTS.get(kind, {}).get(word)
    if ids is None:
        return ()
    if isinstance(ids, str):
        return (ids,)
    found = ids.get(tech) or next(iter(ids.values()))
    return (found,)
