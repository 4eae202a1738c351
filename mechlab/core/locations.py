"""The hit locations of a 'Mech and the facts the rules attach to them.

A biped has the first eight; a quad (STANDARD_RULES.md §10) has the head, the three
torsos and four legs instead of arms and legs; a tripod (CONFIGURATIONS.md §2, MegaMek's
TripodMek) is a biped with a center leg. Code that walks a 'Mech's locations asks its
configuration (`mechlab.core.configurations`, `Mech.locations`), never the whole enum.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache


class Location(StrEnum):
    """A hit location, named as in the design file (`left_arm`, `center_torso`, …)."""

    HEAD = "head"
    CENTER_TORSO = "center_torso"
    LEFT_TORSO = "left_torso"
    RIGHT_TORSO = "right_torso"
    LEFT_ARM = "left_arm"
    RIGHT_ARM = "right_arm"
    LEFT_LEG = "left_leg"
    RIGHT_LEG = "right_leg"
    # STANDARD_RULES.md §10: a quad's legs (MegaMek's FLL, FRL, RLL, RRL).
    FRONT_LEFT_LEG = "front_left_leg"
    FRONT_RIGHT_LEG = "front_right_leg"
    REAR_LEFT_LEG = "rear_left_leg"
    REAR_RIGHT_LEG = "rear_right_leg"
    # CONFIGURATIONS.md §1.2: a tripod's third leg (MegaMek's CL).
    CENTER_LEG = "center_leg"

    @property
    def abbreviation(self) -> str:
        return _ABBREVIATIONS[self]

    @property
    def title(self) -> str:  # type: ignore[override]  # a property, not str.title()
        """The name printed on record sheets: "Left Arm", "Center Torso"."""
        return self.value.replace("_", " ").title()

    @property
    def is_torso(self) -> bool:
        return self in TORSOS

    @property
    def is_arm(self) -> bool:
        return self in (Location.LEFT_ARM, Location.RIGHT_ARM)

    @property
    def is_leg(self) -> bool:
        return self in (Location.LEFT_LEG, Location.RIGHT_LEG, Location.CENTER_LEG, *QUAD_LEGS)

    @property
    def has_rear_armor(self) -> bool:
        # RULES.md 1.5: only the three torsos carry rear armor.
        return self in TORSOS

    @property
    def transfers_to(self) -> Location | None:
        """Where damage goes once this location is destroyed (RULES.md 1.8)."""
        return _TRANSFER.get(self)

    @classmethod
    def parse(cls, text: str) -> Location:
        """Accept `left_arm`, `Left Arm`, `left-arm`, `LA` or the 1984 sheets' `Lt. Arm`."""
        return _parse(text)

    @classmethod
    def _parse_words(cls, text: str) -> Location:
        words = text.strip().lower().replace(".", " ").replace("-", " ").split()
        if len(words) > 1:
            words[0] = _SHORT_SIDES.get(words[0], words[0])
        key = "_".join(words)
        for location in cls:
            if key in (location.value, location.abbreviation.lower()):
                return location
        raise ValueError(
            f"unknown location {text!r}; use one of: "
            f"{', '.join(loc.value for loc in BIPED_LOCATIONS)} "
            f"(a quad: {', '.join(loc.value for loc in QUAD_LEGS)} for its legs; a tripod: "
            f"{Location.CENTER_LEG.value} too)"
        )


@lru_cache(maxsize=1024)
def _parse(text: str) -> Location:
    # A design names its locations ~40 times, in a few spellings: each spelling is read
    # once (issue 31: `check` of the corpus). Refusals raise and are not kept.
    return Location._parse_words(text)  # noqa: SLF001 - its own class's helper


# RULES.md §2: the 1984 sheets write "Rt./Lt./Ct. Torso", "Rt./Lt. Arm", "Rt./Lt. Leg".
_SHORT_SIDES = {"rt": "right", "lt": "left", "ct": "center"}

TORSOS = (Location.CENTER_TORSO, Location.LEFT_TORSO, Location.RIGHT_TORSO)
QUAD_LEGS = (Location.FRONT_LEFT_LEG, Location.FRONT_RIGHT_LEG, Location.REAR_LEFT_LEG,
             Location.REAR_RIGHT_LEG)
BIPED_LOCATIONS = (
    Location.HEAD, Location.CENTER_TORSO, Location.LEFT_TORSO, Location.RIGHT_TORSO,
    Location.LEFT_ARM, Location.RIGHT_ARM, Location.LEFT_LEG, Location.RIGHT_LEG)
QUAD_LOCATIONS = (Location.HEAD, Location.CENTER_TORSO, Location.LEFT_TORSO,
                  Location.RIGHT_TORSO, *QUAD_LEGS)
TRIPOD_LOCATIONS = (*BIPED_LOCATIONS, Location.CENTER_LEG)

_ABBREVIATIONS = {
    Location.HEAD: "HD",
    Location.CENTER_TORSO: "CT",
    Location.LEFT_TORSO: "LT",
    Location.RIGHT_TORSO: "RT",
    Location.LEFT_ARM: "LA",
    Location.RIGHT_ARM: "RA",
    Location.LEFT_LEG: "LL",
    Location.RIGHT_LEG: "RL",
    Location.FRONT_LEFT_LEG: "FLL",
    Location.FRONT_RIGHT_LEG: "FRL",
    Location.REAR_LEFT_LEG: "RLL",
    Location.REAR_RIGHT_LEG: "RRL",
    Location.CENTER_LEG: "CL",
}

_TRANSFER = {
    Location.LEFT_ARM: Location.LEFT_TORSO,
    Location.RIGHT_ARM: Location.RIGHT_TORSO,
    Location.LEFT_LEG: Location.LEFT_TORSO,
    Location.RIGHT_LEG: Location.RIGHT_TORSO,
    Location.FRONT_LEFT_LEG: Location.LEFT_TORSO,
    Location.REAR_LEFT_LEG: Location.LEFT_TORSO,
    Location.FRONT_RIGHT_LEG: Location.RIGHT_TORSO,
    Location.REAR_RIGHT_LEG: Location.RIGHT_TORSO,
    # Interstellar Operations: a destroyed center leg's damage goes to the center torso.
    Location.CENTER_LEG: Location.CENTER_TORSO,
    Location.LEFT_TORSO: Location.CENTER_TORSO,
    Location.RIGHT_TORSO: Location.CENTER_TORSO,
}

# RULES.md 1.6 Decision: an AC/20 may split between arm↔same-side torso,
# leg↔same-side torso, and side torso↔center torso.
ADJACENT: frozenset[frozenset[Location]] = frozenset(
    frozenset(pair)
    for pair in (
        (Location.LEFT_ARM, Location.LEFT_TORSO),
        (Location.RIGHT_ARM, Location.RIGHT_TORSO),
        (Location.LEFT_LEG, Location.LEFT_TORSO),
        (Location.RIGHT_LEG, Location.RIGHT_TORSO),
        (Location.LEFT_TORSO, Location.CENTER_TORSO),
        (Location.RIGHT_TORSO, Location.CENTER_TORSO),
        # STANDARD_RULES.md §10: a quad's legs split into their side torso.
        (Location.FRONT_LEFT_LEG, Location.LEFT_TORSO),
        (Location.REAR_LEFT_LEG, Location.LEFT_TORSO),
        (Location.FRONT_RIGHT_LEG, Location.RIGHT_TORSO),
        (Location.REAR_RIGHT_LEG, Location.RIGHT_TORSO),
        # A tripod's center leg joins the center torso.
        (Location.CENTER_LEG, Location.CENTER_TORSO),
    )
)
