"""A configuration's other modes of movement (lane lam, issue 28; CONFIGURATIONS.md §3.6):
what the rulesets answer and the products (engine JSON, readout, sheet, card) print."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mechlab.core.equipment import Item
    from mechlab.core.locations import Location


@dataclass(frozen=True)
class AirMechMP:
    """A standard LAM's AirMech mode (MegaMek's LandAirMek): walk and run on the ground,
    cruise and flank in flight."""

    walk: int
    run: int
    cruise: int
    flank: int


@dataclass(frozen=True)
class FighterMP:
    """A LAM's fighter mode (MegaMek's LandAirMek; MegaMekLab's sheet): safe and maximum
    thrust."""

    safe_thrust: int
    max_thrust: int


class MovementModes:
    """What a ruleset answers about movement beyond walking and jumping (a base of
    `Ruleset`): partial wings, UMUs, shields, a configuration's vehicle, AirMech and
    fighter modes. The Introductory rules have none of them; the Advanced rulesets
    override these."""

    def partial_wing_jump_bonus(self, tonnage: int, jets_mp: int, items: Iterable[Item]) -> int:
        """The jump MP a partial wing adds (no wing in intro: Advanced rulesets)."""
        return 0

    def partial_wing_heat_capacity(self, items: Iterable[Item]) -> int:
        """The heat a partial wing dissipates (none in intro)."""
        return 0

    def umu_mp(self, items: Iterable[Item]) -> int:
        """UMU MP (no UMUs in intro)."""
        return 0

    def jump_booster_mp(self, items: Iterable[Item]) -> int:
        """A mechanical jump booster's jump MP (none in intro)."""
        return 0

    def shield_mp_loss(self, items: Iterable[Item]) -> tuple[int, int | None]:
        """(walking, jumping) MP shields take (no shields in intro)."""
        return 0, 0

    def vehicle_mode(self, config: str) -> dict[str, Any] | None:
        """A configuration's vehicle mode (none in intro: QuadVees are Advanced)."""
        return None

    def airmech_mp(self, config: str, walk: int, jump: int) -> AirMechMP | None:
        """A configuration's AirMech mode (a standard LAM's; none here)."""
        return None

    def fighter_mp(self, config: str, jump: int) -> FighterMP | None:
        """A configuration's fighter mode (a LAM's; none here)."""
        return None

    def fighter_locations(self, config: str) -> tuple[tuple[str, tuple[Location, ...]], ...]:
        """Fighter mode's locations (a LAM's; none here)."""
        return ()

    def fighter_si_location(self, config: str) -> Location | None:
        return None

    def config_hit_boxes(self, config: str) -> tuple[tuple[str, int], ...]:
        """A configuration's own hit boxes on the sheet (none here)."""
        return ()
