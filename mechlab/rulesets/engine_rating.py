"""The engine of RULES.md 1.2 as a ruleset answers for it: the rating a design needs (tonnage
× Walking MP, or what its cockpit's factor makes it), the Walking MP a stated rating gives,
the engine's row of the ruleset's table, the gyro it turns and the Running MP it gives.
`EngineRating` is a base of `Ruleset` (base.py), as `ConstructionFacts` is; a variant
overrides what its book changes (the Standard engine types' weights, a primitive
cockpit's rating factor)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

from mechlab.rulesets.construction import EngineRow

if TYPE_CHECKING:
    from mechlab.core.design import Design


class EngineRating:
    """RULES.md 1.2: the engine's rating, row, gyro and Running MP (a base of `Ruleset`)."""

    # What `Ruleset` reads from its data file and these answers read.
    engines: dict[int, EngineRow]

    def gyro_tons(self, rating: int) -> Fraction:
        return Fraction(math.ceil(Fraction(rating, 100)))  # ⌈rating ÷ 100⌉

    def running_mp(self, walking_mp: int) -> int:
        return math.ceil(Fraction(3, 2) * walking_mp)  # ⌈1.5 × walk⌉

    @property
    def max_engine_rating(self) -> int:
        """RULES.md 1.2: the Fusion Engine Table's highest rating (400; Tactical Operations'
        large engines take a ruleset's table on to 500)."""
        return max(self.engines)

    def engine_row(self, design: Design, rating: int) -> EngineRow | None:
        """The engine of this rating, weighing what the design's engine type weighs."""
        return self.engines.get(rating)

    def rating_factor(self, cockpit: str) -> Fraction:
        """How much larger than tonnage × Walking MP this cockpit's engine is rated."""
        return Fraction(1)

    def rated_engine(self, design: Design, walking_mp: int) -> int:
        """The engine rating a design of this Walking MP needs (RULES.md 1.2: tonnage ×
        Walking MP); a primitive 'Mech's is 5⌈1.2 × T × W ÷ 5⌉ (ADVANCED_COMPONENTS.md §7.1:
        Interstellar Operations' primitive engines; every corpus file holds it)."""
        return self._rated(design.cockpit, design.tonnage, walking_mp)

    def _rated(self, cockpit: str, tonnage: int, walking_mp: int) -> int:
        factor = self.rating_factor(cockpit)
        if factor == 1:
            return tonnage * walking_mp
        return 5 * math.ceil(factor * tonnage * walking_mp / 5)

    def walking_mp_of_rating(self, cockpit: str, tonnage: int, rating: int) -> int | None:
        """The Walking MP an engine of this rating gives a 'Mech of this cockpit and
        tonnage (a `.mtf` states the rating), None when no whole Walking MP does."""
        if self.rating_factor(cockpit) == 1:
            return rating // tonnage if rating % tonnage == 0 else None
        return next((walk for walk in range(1, rating // tonnage + 1)
                     if self._rated(cockpit, tonnage, walk) == rating), None)

    def engine_rating_of(self, design: Design) -> int:
        """The design's engine rating: the one it states, else the one it needs."""
        if design.engine_rating is not None:
            return design.engine_rating
        return self.rated_engine(design, design.walking_mp)
