"""The Standard ruleset's heat sinks and jump jets (STANDARD_RULES.md §3.5, §7, §8.1;
ADVANCED_COMPONENTS.md §6.1, §7.2): the sink item and its weight, compact sinks' pairs,
dissipation, the engine's sinks, the jet item and its weight. `Standard` inherits these
methods (moved here from `standard/__init__.py` unchanged)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from mechlab.core.equipment import Item, ItemKind
from mechlab.rulesets.standard.choices import ComponentChoices

if TYPE_CHECKING:
    from mechlab.core.design import Design
    from mechlab.rulesets.standard.catalog import StandardCatalog


class SinkAndJetRules(ComponentChoices):
    """Heat sinks and jump jets, as the Standard tables give them."""

    # Set by `Standard.__init__` from its data.
    items: StandardCatalog
    improved_jump_jet_factor: int
    jets_as_standard: frozenset[str]

    def heat_sink_item(self, design: Design) -> Item:
        kind = self.heat_sink_kind(design)
        tech = self.component_tech(design, design.heat_sinks.tech)
        item_id = kind.of(kind.item, tech) if kind and kind.item else None
        return self.items.item(item_id or "heat_sink")

    def heat_sink_tons(self, design: Design | None = None) -> Fraction:
        """ADVANCED_COMPONENTS.md §6.1 rule 2: a compact sink weighs 1.5 t (`tons_each`)."""
        kind = self.heat_sink_kind(design) if design is not None else None
        if kind is not None and kind.tons_each is not None:
            return kind.tons_each
        return super().heat_sink_tons(design)

    def sinks_held(self, item: Item) -> int:
        """ADVANCED_COMPONENTS.md §6.1: a `2 Compact Heat Sinks` slot is two sinks."""
        for kind in self.heat_sink_types.values():
            if item.weapon.id in kind.holds:
                return kind.holds[item.weapon.id]
        return 1

    def heat_sink_items(self, design: Design, count: int) -> list[tuple[Item, int]]:
        """Compact sinks go in pairs, one slot each, and a single one for an odd count
        (the type's `holds`: its items by how many sinks each holds, most first)."""
        kind = self.heat_sink_kind(design)
        if kind is None or not kind.holds:
            return super().heat_sink_items(design, count)
        out = []
        for item_id, held in sorted(kind.holds.items(), key=lambda kv: -kv[1]):
            if count >= held:
                out.append((self.items.item(item_id), count // held))
                count %= held
        return out

    def sink_dissipation(self, design: Design) -> int:
        kind = self.heat_sink_kind(design)
        return kind.dissipation if kind is not None and kind.dissipation else 1  # §7

    def dissipation_beside(self, design: Design, items: list[Item]) -> int:
        """ADVANCED_COMPONENTS.md §6.1 rule 4, §7.2: each prototype double heat sink beside
        singles dissipates 2 where a single dissipates 1 (its row's `beside`)."""
        kind = self.heat_sink_kind(design)
        if kind is None or not kind.beside:
            return 0
        return sum(kind.beside[i.weapon.id] - (kind.dissipation or 1) for i in items
                   if i.kind is ItemKind.HEAT_SINK and i.weapon.id in kind.beside)

    def heat_sink_title(self, design: Design) -> str:
        """§7: the sheet names the sink type as its table titles it (Single, Double)."""
        kind = self.heat_sink_kind(design)
        return kind.title if kind is not None else super().heat_sink_title(design)

    def jump_jet_item(self, design: Design) -> Item:
        """The kind the design lists (§8.1: one kind per 'Mech), else the standard jet."""
        for entry in design.equipment:
            try:
                item = self.catalog.lookup(entry.item, design.tech_base)
            except ValueError:
                continue
            if item.kind is ItemKind.JUMP_JET:
                return item
        return self.items.item("jump_jet")

    def jet_tons(self, item: Item, tonnage: int) -> Fraction:
        doubled = item.weapon.jet_type == "improved" \
            and item.weapon.id not in self.jets_as_standard
        factor = self.improved_jump_jet_factor if doubled else 1
        return self.jump_jet_tons(tonnage) * factor  # §8.1

    def jet_slots(self, item: Item) -> int:
        return item.weapon.slots

    def engine_heat_sinks(self, design: Design, rating: int, total: int) -> int:
        """§3.5: ⌊R ÷ 25⌋ sinks sit in the engine; §11.3: an OmniMech's engine holds
        min(C, B) when its base chassis states B ≥ 10 sinks."""
        kind = self.heat_sink_kind(design)
        # ADVANCED_COMPONENTS.md §6.1 rule 1: compact sinks, twice ⌊R ÷ 25⌋.
        times = kind.engine_capacity if kind is not None and not kind.refused else 1
        capacity = max(0, min(rating // 25 * times, total)) if times != 1 \
            else self.integral_heat_sinks(rating, total)
        base = design.base_chassis_heat_sinks
        if design.omni and base is not None and base >= 10:
            return min(capacity, base)
        return capacity
