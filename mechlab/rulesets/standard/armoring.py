"""Armored components and turrets (Tactical Operations; docs/advanced.md): the facts of
standard.yaml's `armored_components`, `turrets` and `never_in_turret`, typed once and asked
by the resolver, the validator and the value rules. Both options are Advanced: the
Standard rules refuse them (R-COMPONENT), a ruleset whose level admits them judges them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.core.locations import Location

if TYPE_CHECKING:
    from mechlab.core.design import Design


@dataclass(frozen=True)
class Turret:
    """Where one turret item goes and whose `(T)` items it turns (ADVANCED_EQUIPMENT.md
    §4.4)."""

    item_id: str
    kind: str  # head, shoulder, quad
    locations: tuple[Location, ...]
    configs: tuple[str, ...]
    turns: Location | None  # the location whose items it weighs; None: its own
    cockpit: str | None  # the cockpit it needs (a head turret: torso-mounted)

    def turned(self, location: Location) -> Location:
        """The location whose turret-mounted items this turret, mounted at `location`, turns."""
        return self.turns or location


@dataclass(frozen=True)
class Armoring:
    """The armored-component and turret facts of a ruleset's data."""

    level: str
    slot_tons: Fraction
    cockpit_slot_tons: Fraction
    cockpit_slot: str
    not_with_cockpits: frozenset[str]
    turrets: dict[str, Turret]
    never_in_turret: frozenset[str]

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Armoring:
        armored = data["armored_components"]
        turrets = {
            item_id: Turret(item_id, str(row["kind"]), tuple(Location(x) for x in row["locations"]),
                            tuple(row["config"]),
                            Location(row["turns"]) if "turns" in row else None,
                            row.get("cockpit"))
            for item_id, row in data["turrets"].items()}
        return cls(str(armored["level"]), Fraction(str(armored["slot_tons"])),
                   Fraction(str(armored["cockpit_slot_tons"])), str(armored["cockpit_slot"]),
                   frozenset(armored["not_with_cockpits"]), turrets,
                   frozenset(data["never_in_turret"]))

    def slot_weight(self, name: str) -> Fraction:
        """ADVANCED_COMPONENTS.md §5: an armored slot's tons (a `Cockpit` slot 1 t)."""
        return self.cockpit_slot_tons if name == self.cockpit_slot else self.slot_tons


def uses_armoring(design: Design) -> bool:
    """Whether the design armors any slot (a fixed component's or an entry's)."""
    return any((design.armored_slots or {}).values()) or any(
        e.armored for e in design.equipment)


def uses_turret_mounting(design: Design) -> bool:
    return any(e.turret for e in design.equipment)
