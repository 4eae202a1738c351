"""Patchwork armor (Tactical Operations, advanced armor; docs/advanced.md "Patchwork armor"):
a type of armor per location. Each location's points weigh at its own type's points per
ton, its slots are its type's patchwork slots in that location, and its Battle Value and
cost are its type's. The `patchwork` row (patchwork.yaml) is the design's `armor.type`;
the locations' types are `armor.patchwork.<location>`, each a row of the same armor table.

`Standard` inherits these methods; a ruleset whose tables refuse the `patchwork` row
(standard.yaml) refuses the design (R-COMPONENT) before any of them matters.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.core.locations import Location
from mechlab.rulesets.construction import Spread
from mechlab.rulesets.standard.choices import ComponentChoices
from mechlab.rulesets.standard.components import Component

if TYPE_CHECKING:
    from mechlab.core.design import Design
    from mechlab.rulesets.standard.catalog import StandardCatalog

PATCHWORK = "patchwork"


@dataclass(frozen=True)
class LocationArmor:
    """One location's armor type under patchwork armor, as its table has it."""

    location: Location
    word: str  # the design's type word (`reactive`)
    row: Component | None  # None: a word on no table (bad input, told by the reader)
    tech: str  # IS or Clan: the version it is built in (STANDARD_RULES.md §1.3)
    per_ton: Fraction  # its points per ton (the ruleset's 16 for a word on no table)


class PatchworkArmor(ComponentChoices):
    """The methods patchwork armor adds to the Standard ruleset's component tables."""

    patchwork_slot_table: dict[str, dict[str, int]]  # patchwork.yaml `patchwork_slots`
    items: StandardCatalog  # set by `Standard.__init__`

    def load_patchwork(self, data: dict[str, Any]) -> None:
        self.patchwork_slot_table = {
            word: {tech: int(n) for tech, n in slots.items()}
            for word, slots in data.get("patchwork_slots", {}).items()}

    @staticmethod
    def is_patchwork(design: Design) -> bool:
        return design.armor.type == PATCHWORK

    def location_armor(self, design: Design) -> dict[Location, LocationArmor]:
        """Each location's type as the design names it (none unless `type: patchwork`)."""
        if not self.is_patchwork(design):
            return {}
        out = {}
        for location, kind in (design.armor.patchwork or {}).items():
            if location not in design.locations:
                continue
            row, tech = self.armor_types.get(kind.type), self.component_tech(design, kind.tech)
            per_ton = row.of(row.per_ton, tech) if row is not None and not row.refused else None
            out[location] = LocationArmor(location, kind.type, row, tech, Fraction(
                self.armor_points_per_ton if per_ton is None else per_ton))
        return out

    def patchwork_slots(self, armor: LocationArmor) -> int:
        """The slots a location's type takes in it (patchwork.yaml `patchwork_slots`)."""
        by_tech = self.patchwork_slot_table.get(armor.word, {})
        return int(Component.of(by_tech, armor.tech) or 0)

    def component_choices(self, design: Design) -> list[tuple[str, str, str, dict[str, Component]]]:
        """Each location's type is a choice on the armor table too: its level, tech base and
        unit type are judged as the one type's are (`armor.patchwork.<location>`)."""
        out = super().component_choices(design)
        out += [(f"armor.patchwork.{location.value}", "armor", armor.word, self.armor_types)
                for location, armor in self.location_armor(design).items()]
        return out

    def armor_types_by_location(self, design: Design) -> dict[Location, tuple[str, str, str]]:
        """Each location's type as the sheet and the engine JSON give it: (word, title,
        tech)."""
        return {location: (armor.word, armor.row.title if armor.row else armor.word,
                           armor.tech)
                for location, armor in self.location_armor(design).items()}

    def armor_weight(self, design: Design) -> Fraction:
        """Tons the armor points need, exactly: each location's front and rear points at its
        own type's points per ton (MegaMek's Entity getArmorWeight by location), summed."""
        if not self.is_patchwork(design):
            return super().armor_weight(design)
        armor, per_location = design.armor, self.location_armor(design)
        total = Fraction(0)
        for location in design.locations:
            points = armor.front(location) + armor.rear(location)
            kind = per_location.get(location)  # none: E-PATCHWORK-TYPE, at the ruleset's rate
            total += Fraction(points) / (kind.per_ton if kind else self.armor_points_per_ton)
        return total

    def armor_per_ton(self, design: Design) -> Fraction:
        """Patchwork: the points a ton of this 'Mech's armor holds on average (all points ÷
        their exact tons), so that the tons bought are judged against the tons needed."""
        if not self.is_patchwork(design):
            return super().armor_per_ton(design)
        needed = self.armor_weight(design)
        return (Fraction(design.armor.points) / needed if needed
                else Fraction(self.armor_points_per_ton))

    def patchwork_spread(self, design: Design) -> list[Spread]:
        """Each location's type's slots, in that location only (placed where the design
        says, `armor.slots.<location>`, else in that location's first free slots)."""
        out = []
        given = design.armor.slots
        for location, armor in self.location_armor(design).items():
            row, slots = armor.row, None
            count = self.patchwork_slots(armor)
            if given is not None:  # as many pieces as the design places (E-PATCHWORK-SLOTS)
                spots = given.get(location, 0)
                count = len(spots) if isinstance(spots, list) else spots
                slots = {location: spots}
            if not count or row is None or row.refused or not row.item:
                continue
            item = self.items.item(row.of(row.item, armor.tech) or next(iter(row.item.values())))
            out.append(Spread(item, count, "armor", slots, count, (location,)))
        return out

