"""A configuration's other modes of movement (lane lam, issue 28; CONFIGURATIONS.md §3.6):
what the rulesets answer and the products (engine JSON, readout, sheet, card) print."""

from __future__ import annotations

from dataclasses import dataclass


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
