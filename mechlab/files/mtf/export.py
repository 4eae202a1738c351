"""mechlab design → MegaMek unit (`mechlab export X.yaml --to mtf`)."""

from __future__ import annotations

import mechlab.files.mtf.names as names
from mechlab.core.equipment import ItemKind
from mechlab.core.locations import Location
from mechlab.files.mtf.model import ARMOR_LOCATIONS, LOCATION_BLOCKS, MtfUnit, WeaponLine
from mechlab.files.mtf.parse import SLOTS_PER_BLOCK
from mechlab.files.mtf.standard_export import mtf_unit
from mechlab.files.mtf.standard_write import provenance_lines
from mechlab.model.mech import Mech, SlotKind

_BLOCK = {Location(loc): block for block, loc in LOCATION_BLOCKS}

def mtf_from_mech(mech: Mech) -> MtfUnit:
    header: list[tuple[str, str]] = [("config", "Biped"), ("techbase", "Inner Sphere"),
                                      *provenance_lines(mech.design)]
    header += [
        ("rules level", "1"), ("mass", str(mech.tonnage)),
        ("engine", f"{mech.engine_rating} Fusion Engine"), ("structure", "Standard"),
        ("myomer", "Standard"), ("heat sinks", f"{mech.heat_sinks} Single"),
        ("walk mp", str(mech.walking_mp)), ("jump mp", str(mech.jumping_mp)),
        ("armor", "Standard(Inner Sphere)"),
    ]
    armor = tuple(
        (key, mech.armor_rear(Location(loc)) if rear else mech.armor_front(Location(loc)))
        for key, (loc, rear) in ARMOR_LOCATIONS.items()
    )
    # MegaMek's list names weapons only (a hatchet is physical equipment, not listed).
    weapons = tuple(
        WeaponLine(names.mtf_name(m.item), _BLOCK[m.location], rear=m.rear)
        for m in mech.mounts_of(ItemKind.WEAPON)
    )
    return mtf_unit(mech, header, armor, weapons,
                    tuple((_BLOCK[loc], _slot_lines(mech, loc)) for loc in _BLOCK))


def _slot_lines(mech: Mech, location: Location) -> tuple[str, ...]:
    lines = []
    for slot in mech.critical_slots[location]:
        if slot.kind is SlotKind.EMPTY:
            lines.append(names.EMPTY)
        elif slot.mount is None:
            lines.append(slot.name)
        else:
            text = names.mtf_name(slot.mount.item)
            if slot.mount.rear:
                text += " (R)"
            if slot.mount.item.kind is ItemKind.WEAPON and len(slot.mount.locations) > 1:
                text += " (Split)"
            lines.append(text)
    # MegaMek writes twelve lines for every location, padding heads and legs.
    return tuple(lines + [names.EMPTY] * (SLOTS_PER_BLOCK - len(lines)))
