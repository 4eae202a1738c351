"""Patchwork armor in a `.mtf` (Tactical Operations; MegaMek's `MtfFile`): the header says
`Armor:Patchwork` and each armor line names its location's type before its points,
`LA Armor:Reactive(Inner Sphere):26` (rear lines carry no type: the location's front one
holds for them). Read here into the design's `armor.patchwork`, and written back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mechlab.files.mtf.header import Component, Header, armor_component
from mechlab.files.mtf.model import CONFIG_ARMOR_LOCATIONS, MtfUnit
from mechlab.files.mtf.spellings import ARMOR_TECH, ARMOR_TEXT

PATCHWORK = "patchwork"


def location_types(unit: MtfUnit, header: Header) -> dict[str, Component]:
    """Each location's armor type as its line states it, by the design's location word."""
    keys = CONFIG_ARMOR_LOCATIONS.get(unit.config, {})
    out = {}
    for key, text in unit.armor_types:
        location, rear = keys.get(key, (None, True))
        if location is not None and not rear:
            kind = armor_component(text, header.chassis_tech)
            if "(is/clan)" in text.lower():  # a type both bases build alike: the chassis's
                kind = replace(kind, tech=header.chassis_tech)
            out[location] = kind
    return out


def patchwork_design(unit: MtfUnit, header: Header) -> dict[str, Any]:
    """`armor.patchwork` of the design: `{left_arm: reactive}`, or `{type:, tech:}` where
    the type's version is not the chassis's (a Mixed 'Mech's, STANDARD_RULES.md §1.3)."""
    out: dict[str, Any] = {}
    for location, kind in location_types(unit, header).items():
        own = kind.tech == header.chassis_tech and not header.mixed
        out[location] = kind.kind if own else {"type": kind.kind, "tech": kind.tech}
    return out


def declared_armor(unit: MtfUnit, header: Header, location: str) -> Component:
    """The armor type a slot in `location` belongs to: the location's own under patchwork
    armor, else the header's."""
    if header.armor.kind != PATCHWORK:
        return header.armor
    return location_types(unit, header).get(location, header.armor)


def location_type_texts(design: Any, armor_keys: Mapping[str, tuple[str, bool]],
                        chassis_tech: str) -> tuple[tuple[str, str], ...]:
    """The `LA Armor:<type>:` texts of a patchwork design, front keys only, as MegaMek
    writes them: `Reactive(Inner Sphere)`, `Standard(IS/Clan)` (the standard type, which
    both bases build alike)."""
    armor = design.armor
    if armor.type != PATCHWORK or not armor.patchwork:
        return ()
    by_word = {str(getattr(loc, "value", loc)): kind for loc, kind in armor.patchwork.items()}
    out = []
    for key, (location, rear) in armor_keys.items():
        kind = by_word.get(location)
        if kind is None or rear:
            continue
        tech = "IS/Clan" if kind.type == "standard" else ARMOR_TECH[kind.tech or chassis_tech]
        out.append((key, f"{ARMOR_TEXT[kind.type]}({tech})"))
    return tuple(out)


def slot_type(design: Any, location: Any) -> Any:
    """What an armor slot in `location` is a piece of: the location's type under patchwork
    armor (`{type: reactive}`), else the design's armor."""
    armor = design.armor
    if armor.type != PATCHWORK or not armor.patchwork:
        return armor
    return armor.patchwork.get(location, armor)
