"""Patchwork armor (Tactical Operations; docs/advanced.md "Patchwork armor"): each location
has its own armor type, and each type takes its patchwork slots in its own location
(MegaMek's ArmorType getPatchworkSlotsMekSV; MegaMekLab refuses a type whose slots do not
fit). One rule, one code each; the types' words, levels and tech bases are judged as the
one armor type's are (the ruleset lists each location's type among the design's choices)."""

from __future__ import annotations

from collections.abc import Iterator

from mechlab.core.findings import Finding, counted, error
from mechlab.model.mech import Mech
from mechlab.validate.standard import _std as standard_ruleset


def patchwork_types_named(mech: Mech) -> Iterator[Finding]:
    """E-PATCHWORK-TYPE: patchwork armor names one armor type for every location, and only
    patchwork armor names them.

    Tactical Operations (patchwork armor: a type per location); a location's type is any
    armor type but patchwork itself. Path: `armor.patchwork` or
    `armor.patchwork.<location>`."""
    design, rules = mech.design, standard_ruleset(mech)
    named = design.armor.patchwork or {}
    if not rules.is_patchwork(design):
        if named:
            yield error("E-PATCHWORK-TYPE", "armor.patchwork",
                        f"armor types by location, but the armor is {design.armor.type}",
                        expected="type: patchwork", actual=design.armor.type,
                        hint="set armor.type: patchwork, or remove armor.patchwork")
        return
    for location in design.locations:
        kind = named.get(location)
        if kind is None:
            yield error("E-PATCHWORK-TYPE", f"armor.patchwork.{location.value}",
                        f"patchwork armor names no type for the {location.title.lower()}",
                        expected="an armor type", actual="none",
                        hint=f"add armor.patchwork.{location.value}: standard (or another "
                             "type)")
        elif kind.type == design.armor.type:
            yield error("E-PATCHWORK-TYPE", f"armor.patchwork.{location.value}",
                        "a location's armor cannot itself be patchwork",
                        expected="one armor type", actual=kind.type,
                        hint="name the one type this location wears")


def patchwork_slots_in_place(mech: Mech) -> Iterator[Finding]:
    """E-PATCHWORK-SLOTS: each location holds exactly the slots its armor type takes there.

    Tactical Operations' patchwork armor; MegaMek's ArmorType getPatchworkSlotsMekSV (IS
    ferro-fibrous, reactive, reflective, stealth, ferro-lamellor, impact-resistant,
    ballistic-reinforced: 2; their Clan versions, light ferro, heat-dissipating,
    anti-penetrative ablation: 1; heavy ferro: 3; the others none). Checked where the design
    places its armor slots (a `.mtf` always does); else mechlab places them in the location
    and a location without room is E-SLOTS-FULL. Path: `armor.slots.<location>`."""
    rules, design = standard_ruleset(mech), mech.design
    given = design.armor.slots
    if not rules.is_patchwork(design) or given is None:
        return
    for location, armor in rules.location_armor(design).items():
        needed = rules.patchwork_slots(armor)
        spots = given.get(location, 0)
        held = len(spots) if isinstance(spots, list) else spots
        if held != needed:
            title = armor.row.title.lower() if armor.row else armor.word
            yield error("E-PATCHWORK-SLOTS", f"armor.slots.{location.value}",
                        f"the {location.title.lower()}'s {title} armor takes "
                        f"{counted(needed, 'slot')} there; the design gives {held}",
                        expected=str(needed), actual=str(held),
                        hint=f"place {counted(needed, 'armor slot')} in the "
                             f"{location.title.lower()}, or drop armor.slots to place them "
                             "automatically")
