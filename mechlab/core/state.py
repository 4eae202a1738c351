"""A unit's damage state: what it has lost in play, as a player pencils it on the record
sheet (issue 30). A state file (or a force unit's `state:` block):

    armor:                          # points lost, per location (a torso: front and rear)
      center_torso: {front: 12, rear: 3}
      left_arm: 5                   # a location without rear armor: the front
    structure: {left_arm: 2}        # internal structure points lost
    critical_hits:                  # the slots hit (1-based, as the sheet numbers them)
      left_torso: [1, 2]
    ammo_spent:                     # shots fired from each ammunition bin
      - {location: left_torso, slot: 5, shots: 3}
    pilot_hits: 2

The model checks shapes only; whether the state can belong to its design (no more damage
than armor, no hit on an empty slot…) is `mechlab.model.damage`'s check, against the 'Mech.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict

from mechlab.core.design import MAX_ENTRIES, Entries, LocationName, WholeIn
from mechlab.core.design_fields import OnceEach

Points = Annotated[int, WholeIn(0, 999)]
SlotNumber = Annotated[int, WholeIn(1, 12)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class ArmorLost(_Strict):
    front: Points = 0
    rear: Points = 0


def _front(value: object) -> object:
    """`left_arm: 5` is `{front: 5}` (a location without rear armor); `true` is no number
    of points (its error named `armor.left_arm.front`, a field the file never wrote)."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return {"front": value} if number else value


class AmmoSpent(_Strict):
    """Shots fired from the bin in that slot."""

    location: LocationName
    slot: SlotNumber
    shots: Annotated[int, WholeIn(0, 999)]




class DamageState(_Strict):
    """What a unit has lost: armor and structure points per location, the critical slots
    hit, shots spent per ammunition bin, and the MechWarrior's hits."""

    armor: Annotated[dict[LocationName, Annotated[ArmorLost, BeforeValidator(_front)]],
                     OnceEach()] = {}
    structure: Annotated[dict[LocationName, Points], OnceEach()] = {}
    # Lists by the design file's rule (`Entries`): a list, never YAML's `!!set`.
    critical_hits: Annotated[dict[LocationName, Annotated[tuple[SlotNumber, ...],
                                                          Entries(12)]], OnceEach()] = {}
    ammo_spent: Annotated[tuple[AmmoSpent, ...], Entries(MAX_ENTRIES)] = ()
    pilot_hits: Annotated[int, WholeIn(0, 99)] = 0

    @property
    def empty(self) -> bool:
        return self == DamageState()
