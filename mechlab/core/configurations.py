"""A 'Mech's configuration as location data: which locations it has, which are legs and
which arms (STANDARD_RULES.md §10 quads; CONFIGURATIONS.md §2 tripods).

This is vocabulary, not rules: what a configuration weighs, costs or may mount is its
ruleset's table (`config_types` in the ruleset data). Code asks the configuration for
its locations, legs and arms and never branches on its name.
"""

from __future__ import annotations

from dataclasses import dataclass

from mechlab.core.locations import (
    BIPED_LOCATIONS,
    QUAD_LEGS,
    QUAD_LOCATIONS,
    TRIPOD_LOCATIONS,
    Location,
)


@dataclass(frozen=True)
class Configuration:
    """One configuration: its name as the design file writes it and its locations."""

    name: str
    locations: tuple[Location, ...]
    words: str = ""  # what a message calls one ("land-air 'Mech"); default "<name> 'Mech"

    @property
    def called(self) -> str:
        return self.words or f"{self.name} 'Mech"

    @property
    def legs(self) -> tuple[Location, ...]:
        return tuple(loc for loc in self.locations if loc.is_leg)

    @property
    def arms(self) -> tuple[Location, ...]:
        return tuple(loc for loc in self.locations if loc.is_arm)

    @property
    def has_arms(self) -> bool:
        return bool(self.arms)

    def has(self, location: Location) -> bool:
        return location in self.locations

    @property
    def four_legged(self) -> bool:
        """A quad's legs (STANDARD_RULES.md §10): quads and QuadVees."""
        return self.legs == QUAD_LEGS


CONFIGURATIONS: dict[str, Configuration] = {
    "biped": Configuration("biped", BIPED_LOCATIONS),
    "quad": Configuration("quad", QUAD_LOCATIONS),
    "tripod": Configuration("tripod", TRIPOD_LOCATIONS),
    # CONFIGURATIONS.md §2: a QuadVee has a quad's locations.
    "quadvee": Configuration("quadvee", QUAD_LOCATIONS),
    # CONFIGURATIONS.md §2: a land-air 'Mech (standard or bimodal) has a biped's locations in
    # 'Mech mode; its fighter-mode armor is read off them (`FIGHTER_ARMOR` below).
    "lam": Configuration("lam", BIPED_LOCATIONS, "land-air 'Mech"),
    "lam_bimodal": Configuration("lam_bimodal", BIPED_LOCATIONS, "bimodal land-air 'Mech"),
}
CONFIGURATION_NAMES = tuple(CONFIGURATIONS)
FOUR_LEGS = QUAD_LEGS


def locations_of(config: str) -> tuple[Location, ...]:
    """The locations of a configuration, in sheet order."""
    return configuration(config).locations


def configuration(name: str) -> Configuration:
    """The configuration a design names (`biped`, `quad`, `tripod`)."""
    try:
        return CONFIGURATIONS[name]
    except KeyError:
        raise ValueError(f"unknown configuration {name!r}; use one of: "
                         f"{', '.join(CONFIGURATION_NAMES)}") from None
