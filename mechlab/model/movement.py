"""The MP a 'Mech moves with in play, as its record sheet prints them (MegaMekLab's
PrintMek: MegaMek's Mek getWalkMP, getJumpMP; QuadVee getCruiseMP): what its shields take,
what a partial wing adds, and a QuadVee's vehicle mode. One function, read by the sheet,
the readout and the engine JSON, so the three say the same numbers.

The facts are the ruleset's (advanced.yaml `shield_movement`, `partial_wing`;
configurations.yaml `vehicle_modes`); a ruleset without them answers nothing here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from mechlab.model.mech import Mech


@dataclass(frozen=True)
class VehicleMode:
    """A QuadVee in vehicle mode (CONFIGURATIONS.md §3.6): its motive and MP."""

    motive: str  # "Tracks" or "Wheels", as MegaMekLab's sheet labels the line
    cruise_mp: int
    flank_mp: int
    flank_boosted_mp: int | None  # with a supercharger engaged; None without one


@dataclass(frozen=True)
class Movement:
    """Walking, running and jumping MP as the 'Mech moves (shields and wing counted)."""

    walking_mp: int
    running_mp: int
    sprint_mp: int | None  # running with MASC or a supercharger engaged
    jumping_mp: int
    partial_wing_jump_mp: int  # of jumping_mp: the wing's, which makes no jump heat
    umu_mp: int
    shield_walking_mp: int  # what shields take from the walking MP
    shield_jumping_mp: int  # what they take from the jumping MP (a large shield: all)
    partial_wing_heat: int  # the heat a partial wing dissipates (standard atmosphere)
    vehicle: VehicleMode | None


def movement(mech: Mech) -> Movement:
    """The 'Mech's MP in play (Tactical Operations shields, partial wing; the QuadVee)."""
    ruleset = mech.ruleset
    items = [m.item for m in mech.mounts]
    shield_walk, shield_jump = ruleset.shield_mp_loss(items)
    walk = max(mech.walking_mp - shield_walk, 0)
    running = mech.running_mp if not shield_walk else ruleset.running_mp(walk)
    wing = ruleset.partial_wing_jump_bonus(mech.tonnage, mech.jumping_mp, items)
    flying = mech.jumping_mp + wing
    jump = 0 if shield_jump is None else max(flying - shield_jump, 0)
    return Movement(
        walking_mp=walk, running_mp=running, sprint_mp=ruleset.sprint_mp(walk, items),
        jumping_mp=jump, partial_wing_jump_mp=min(wing, jump), umu_mp=ruleset.umu_mp(items),
        shield_walking_mp=mech.walking_mp - walk, shield_jumping_mp=flying - jump,
        partial_wing_heat=ruleset.partial_wing_heat_capacity(items),
        vehicle=_vehicle_mode(mech))


def _vehicle_mode(mech: Mech) -> VehicleMode | None:
    """MegaMek's QuadVee getCruiseMP: the walking MP, one more on wheels; flank ⌈1.5 ×
    cruise⌉, 2 × cruise with a supercharger (MASC does not work in vehicle mode)."""
    mode = mech.ruleset.vehicle_mode(mech.design.config)
    if mode is None:
        return None
    ids = {m.item.weapon.id for m in mech.mounts}
    motive = next((row for key, row in mode["motives"].items() if key in ids), None)
    if motive is None:  # no tracks or wheels: E-QUADVEE-MOTIVE says so; nothing to print
        return None
    cruise = mech.walking_mp + int(motive["cruise"])
    boosted = ids & set(mode["boosters"])
    return VehicleMode(motive=str(motive["title"]), cruise_mp=cruise,
                       flank_mp=math.ceil(cruise * Fraction(str(mode["flank"]))),
                       flank_boosted_mp=2 * cruise if boosted else None)
