"""A force and its members: the plain objects every force reader builds (a force file,
`force/roster.py`; a MegaMek unit list, `force/mul.py`) and every force product reads."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from mechlab.assess import Assessment
from mechlab.core.design import Pilot
from mechlab.core.state import DamageState
from mechlab.model.mech import Mech

MAX_UNITS = 100  # a force is a lance or a company, not a library
# What the force plays: classic BattleTech (BV, record sheets) or Alpha Strike (PV at each
# pilot's skill, the card's numbers).
Game = Literal["classic", "alpha-strike"]


@dataclass(frozen=True)
class Member:
    """One unit of a force, resolved and judged once, with its own pilot."""

    assessment: Assessment
    pilot: Pilot
    label: str  # as written in the force file
    path: Path | None = None  # the file it was read from (a library unit's too)
    state: DamageState | None = None  # its damage, checked against the 'Mech

    @property
    def mech(self) -> Mech:
        return self.assessment.mech


@dataclass(frozen=True)
class Force:
    name: str
    members: tuple[Member, ...]
    style: str | None
    source: Path
    game: Game = "classic"
    # What was read but is not used, said on stderr rather than dropped in silence (a
    # MegaMek unit list's damage: mechlab reads units and pilots only).
    notes: tuple[str, ...] = ()

    @property
    def alpha_strike(self) -> bool:
        """An Alpha Strike force: PV at each pilot's skill, never BV."""
        return self.game == "alpha-strike"
