"""Rulesets: construction tables (one data file each) plus the few rules that differ.

Chosen by name the way python-chess picks a board variant: `get_ruleset("intro")`.
`Intro` is the base; a variant subclasses it and overrides only what its rulebook
changes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any, ClassVar

from mechlab.equipment import Catalog, Weapon
from mechlab.locations import Location
from mechlab.shipped_yaml import load_shipped
from mechlab.tons import tons


@dataclass(frozen=True)
class EngineRow:
    rating: int
    maker: str
    tons: Fraction


class UnknownRulesetError(ValueError):
    pass


class Intro:
    """The Introductory Rulebook construction rules (RULES.md §1), mechlab's default."""

    name: ClassVar[str] = "intro"
    title: ClassVar[str] = "Introductory (Classic BattleTech Introductory Rulebook, 2006)"
    data_file: ClassVar[str] = "intro.yaml"
    # The record-sheet style a design of this ruleset prints in unless --style says otherwise.
    default_sheet_style: ClassVar[str] = "standard"

    def __init__(self) -> None:
        data = _load_table(self.data_file)
        bounds = data["tonnages"]
        self.tonnages = range(bounds["min"], bounds["max"] + 1, bounds["step"])
        self._structure: dict[int, tuple[int, int, int, int]] = {
            int(t): tuple(row) for t, row in data["structure"].items()
        }
        self.engines: dict[int, EngineRow] = {
            int(r): EngineRow(int(r), maker, tons(t)) for r, (maker, t) in data["engines"].items()
        }
        self._jump_jet_tons = sorted((int(k), tons(v)) for k, v in data["jump_jet_tons"].items())
        self.catalog = Catalog([Weapon.from_row(row) for row in data["equipment"]])
        self.heat_scale: dict[int, str] = {int(k): v for k, v in data["heat_scale"].items()}
        self.consciousness: tuple[int, ...] = tuple(data["consciousness"])
        # Multipliers read exactly ("1.32" → 33/25): BV arithmetic stays exact.
        self.pilot_skill_multipliers = tuple(
            tuple(Fraction(str(m)) for m in row) for row in data["pilot_skill_multipliers"]
        )
        self.costs: dict[str, int] = dict(data["costs"])
        # RULES.md 4.2: play facts printed on the Quick-Start sheet.
        self.tech_base: str = data["tech_base"]
        self.base_to_hit: int = data["base_to_hit"]
        self.range_modifiers: tuple[int, int, int] = tuple(data["range_modifiers"])
        self.hit_locations: dict[int, Location] = {
            int(roll): Location(where) for roll, where in data["hit_locations"].items()}
        # RULES.md §2: the 1984 record sheet's spellings ({} where a book has none).
        self.sheet_spellings: dict[str, Any] = data.get("sheet_spellings", {})

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}>"

    # RULES.md 1.1 --------------------------------------------------------------
    def structure(self, tonnage: int) -> dict[Location, int] | None:
        """Internal structure points per location, or None for a tonnage off the table."""
        row = self._structure.get(tonnage)
        if row is None:
            return None
        ct, side_torso, arm, leg = row
        return {
            Location.HEAD: 3,
            Location.CENTER_TORSO: ct,
            Location.LEFT_TORSO: side_torso,
            Location.RIGHT_TORSO: side_torso,
            Location.LEFT_ARM: arm,
            Location.RIGHT_ARM: arm,
            Location.LEFT_LEG: leg,
            Location.RIGHT_LEG: leg,
        }

    def structure_tons(self, tonnage: int) -> Fraction:
        return Fraction(tonnage, 10)  # RULES.md 1.1: 10 % of tonnage, exact

    cockpit_tons: ClassVar[Fraction] = Fraction(3)

    # RULES.md 1.2 --------------------------------------------------------------
    min_engine_rating: ClassVar[int] = 10
    max_engine_rating: ClassVar[int] = 400

    def gyro_tons(self, rating: int) -> Fraction:
        return Fraction(math.ceil(Fraction(rating, 100)))  # RULES.md 1.2: ⌈rating ÷ 100⌉

    @staticmethod
    def running_mp(walking_mp: int) -> int:
        return math.ceil(Fraction(3, 2) * walking_mp)  # RULES.md 1.2: ⌈1.5 × walk⌉

    # RULES.md 1.3 --------------------------------------------------------------
    def jump_jet_tons(self, tonnage: int) -> Fraction:
        for upper, weight in self._jump_jet_tons:
            if tonnage <= upper:
                return weight
        return self._jump_jet_tons[-1][1]

    jump_jets_take_slots: ClassVar[bool] = True
    jump_limited_by_walk: ClassVar[bool] = True

    # RULES.md 1.4 --------------------------------------------------------------
    free_heat_sinks: ClassVar[int] = 10

    def integral_heat_sinks(self, rating: int, total: int) -> int:
        """Sinks inside the engine, needing no slot: ⌊rating ÷ 25⌋, never more than the total."""
        return max(0, min(rating // 25, total))

    # RULES.md 1.5 --------------------------------------------------------------
    armor_points_per_ton: ClassVar[int] = 16
    head_armor_cap: ClassVar[int] = 9
    armor_per_structure: ClassVar[int] = 2

    def armor_cap(self, location: Location, structure: int) -> int:
        """Most armor a location may carry (a torso's front + rear): 2 × structure, head 9."""
        if location is Location.HEAD:
            return self.head_armor_cap
        return self.armor_per_structure * structure
    # Intro: a torso's front + rear together ≤ 2 × structure. Battledroids caps each side alone.
    torso_armor_capped_together: ClassVar[bool] = True

    # RULES.md 1.6 --------------------------------------------------------------
    arm_actuators_removable: ClassVar[bool] = True

    # RULES.md 1.1 / 2: whether a design may weigh less than its tonnage.
    underweight_allowed: ClassVar[bool] = False

    # RULES.md 1.7: ammunition minimum per class (machine guns may use a half ton).
    minimum_ammo_allows_half_ton: ClassVar[bool] = True

    # RULES.md §6: the official Alpha Strike conversion is defined for its standard 'Mechs.
    alpha_strike: ClassVar[bool] = True

    # BV_COST.md: Battle Value 2 is defined for this ruleset (a variant whose book has
    # none says False, and sheets and force summaries print "—" instead of a number).
    has_battle_value: ClassVar[bool] = True


RULESETS: dict[str, type[Intro]] = {Intro.name: Intro}


@cache
def get_ruleset(name: str) -> Intro:
    """The ruleset called `name` (`intro`)."""
    try:
        return RULESETS[name]()
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRulesetError(f"unknown ruleset {name!r}; known rulesets: {known}") from None


def _load_table(file_name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(file_name).read_text(encoding="utf-8")
    return load_shipped(text)
