"""The parts of a design file: armor, engine, structure, heat sinks, equipment entries,
the pilot, quirks and known violations, each a record (core/record.py) that `Design`
(design.py) is built of. What the user wrote, nothing derived."""

from __future__ import annotations

from typing import Annotated, Any

from mechlab.core.design_fields import (
    Before,
    LocationName,
    Note,
    OnceEach,
    Points,
    QuirkName,
    SpreadSlots,
    StrictBool,
    Tech,
    Text,
    Tons,
    TypeWord,
    WholeIn,
    _shorthand,
    _whole,
)
from mechlab.core.given import given_shown
from mechlab.core.locations import Location
from mechlab.core.record import Record


class TorsoArmor(Record):
    front: Points = 0
    rear: Points = 0



class Engine(Record):
    """The engine's type (STANDARD_RULES.md §3.1); its rating is tonnage × Walking MP."""

    type: TypeWord = "standard"
    tech: Tech = None


class Structure(Record):
    """Internal structure type (STANDARD_RULES.md §2.2), its spread slots if placed by hand."""

    type: TypeWord = "standard"
    tech: Tech = None
    slots: SpreadSlots | None = None


class Myomer(Record):
    """Myomer (STANDARD_RULES.md §8.2): standard or triple-strength (6 spread slots)."""

    type: TypeWord = "standard"
    slots: SpreadSlots | None = None


class HeatSinks(Record):
    """Total heat sinks (the 10 free ones included) and their type (STANDARD_RULES.md §7).
    `heat_sinks: 15` is `{count: 15, type: single}`."""

    count: Annotated[int, WholeIn(0, 99)] = 10
    type: TypeWord = "single"
    tech: Tech = None

    def dumped(self, data: dict[str, Any]) -> object:
        # Written back as players write it: single sinks as a bare count.
        if self.type == "single" and self.tech is None:
            return self.count
        return data


def _heat_sinks(value: object) -> object:
    whole = _whole(value)  # `heat_sinks: 15.0` is 15, as every whole number is
    if isinstance(whole, bool | float):
        # A number, but not a count: said so, not "expected a mapping {count: N, …}".
        raise ValueError("expected the number of heat sinks (a whole number) or "
                         f"{{count: N, type: double}}, got {given_shown(value)}")
    # The count as written: its own rule makes it whole, and names it as the file wrote it
    # (`1.0e+300`, not the float's 309 digits).
    return {"count": value} if isinstance(whole, int) else value


class PatchworkType(Record):
    """One location's armor type under patchwork armor (Tactical Operations: a type per
    location); `reactive` is `{type: reactive}`."""

    type: TypeWord = "standard"
    tech: Tech = None


class Armor(Record):
    """Armor points per location; the three torsos have front and rear (RULES.md 1.5).
    A quad's legs are `front_left_leg` … (STANDARD_RULES.md §10)."""

    # STANDARD_RULES.md §6.1: the armor type, and its spread slots if placed by hand.
    type: TypeWord = "standard"
    tech: Tech = None
    slots: SpreadSlots | None = None
    # `type: patchwork`: each location's own type (Tactical Operations, patchwork armor).
    patchwork: Annotated[dict[LocationName, Annotated[PatchworkType, Before(_shorthand)]],
                         OnceEach()] | None = None
    head: Points = 0
    center_torso: TorsoArmor = TorsoArmor()
    left_torso: TorsoArmor = TorsoArmor()
    right_torso: TorsoArmor = TorsoArmor()
    left_arm: Points = 0
    right_arm: Points = 0
    left_leg: Points = 0
    right_leg: Points = 0
    front_left_leg: Points = 0
    front_right_leg: Points = 0
    rear_left_leg: Points = 0
    rear_right_leg: Points = 0
    center_leg: Points = 0  # a tripod's (CONFIGURATIONS.md §1.2)
    # Tons of armor bought; default: the least that holds the points (RULES.md 1.5).
    # Naming more lets a design carry points it cannot assign ("max armor, 7 lost").
    tons: Annotated[float | int, Tons(200)] | None = None

    def front(self, location: Location) -> int:
        value = getattr(self, _FIELD_OF[location])
        return value.front if isinstance(value, TorsoArmor) else value

    def rear(self, location: Location) -> int:
        value = getattr(self, _FIELD_OF[location])
        return value.rear if isinstance(value, TorsoArmor) else 0

    @property
    def points(self) -> int:
        total = 0
        for name in _FIELD_OF.values():
            value = getattr(self, name)
            total += value.front + value.rear if isinstance(value, TorsoArmor) else value
        return total


# Each location's field: `Location.value` is an enum property, ~3 µs a read, and `check`
# reads the armor of every location a few dozen times a design (issue 31).
_FIELD_OF = {location: location.value for location in Location}


class ArmActuators(Record):
    """RULES.md 1.6: the hand may be removed; the lower arm only with the hand."""

    lower_arm: StrictBool = True
    hand: StrictBool = True


class Actuators(Record):
    left_arm: ArmActuators = ArmActuators()
    right_arm: ArmActuators = ArmActuators()

    def of(self, location: Location) -> ArmActuators:
        return self.left_arm if location is Location.LEFT_ARM else self.right_arm


class Split(Record):
    """The part of an AC/20 placed in an adjacent location (RULES.md 1.6)."""

    location: LocationName
    slots: Annotated[int, WholeIn(1, 12)]
    slot: Annotated[int, WholeIn(1, 12)] | None = None


class Mount(Record):
    """One equipment entry: an item by name in a location, `count` times."""

    item: Text
    location: LocationName
    count: Annotated[int, WholeIn(1, 99)] = 1
    rear: StrictBool = False
    # First critical slot (1-based) of the run; auto-placed in listed order when absent.
    slot: Annotated[int, WholeIn(1, 12)] | None = None
    split: Split | None = None
    # STANDARD_RULES.md §11: an OmniMech's pod-mounted (not base-chassis) equipment.
    pod: StrictBool = False
    # The slots the entry fills as its source wrote them, for an item a formula sizes
    # (MASC, targeting computer): judged against the formula (E-MASC-SIZE, E-TC-SIZE).
    slots: Annotated[int, WholeIn(1, 12)] | None = None
    # A variable-size item's tons (tech/EQUIPMENT.md `size`: cargo, liquid storage).
    size: Annotated[float | int, Tons(100)] | None = None
    # ADVANCED_COMPONENTS.md §5: an armored component (every slot of the mount armored).
    armored: StrictBool = False
    # ADVANCED_EQUIPMENT.md §4.4: mounted in its location's turret (MegaMek's `(T)`; a head
    # turret turns the head's items).
    turret: StrictBool = False
    # CONFIGURATIONS.md §1.3: on a superheavy, a one-slot item in the slot `slot` of the
    # one-slot item listed there before it: two items in one slot (MegaMek's `A|B`).
    shared: StrictBool = False


class Pilot(Record):
    name: Text = ""
    # None: the ruleset's default (Ruleset.pilot_skills), known only once resolved.
    gunnery: Annotated[int, WholeIn(0, 8)] | None = None
    piloting: Annotated[int, WholeIn(0, 8)] | None = None



class WeaponQuirk(Record):
    """A quirk of one weapon (MegaMek's `weaponquirk:` line): the weapon in that slot."""

    quirk: QuirkName
    location: LocationName
    slot: Annotated[int, WholeIn(1, 12)]
    weapon: Text  # MegaMek's name of the weapon, as its file writes it


class KnownViolation(Record):
    """A rule the printed design breaks, kept as printed (units/README.md)."""

    code: Text
    why: Note

