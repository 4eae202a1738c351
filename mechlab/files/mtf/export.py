"""mechlab design → MegaMek unit (`mechlab export X.yaml --to mtf`)."""

from __future__ import annotations

import mechlab.files.mtf.names as names
from mechlab.core.equipment import ItemKind
from mechlab.core.locations import Location
from mechlab.files.mtf.model import ARMOR_LOCATIONS, LOCATION_BLOCKS, MtfUnit, WeaponLine
from mechlab.files.mtf.standard_export import mtf_unit, placement_marks
from mechlab.files.mtf.standard_write import provenance_lines
from mechlab.model.mech import Mech, MountedItem

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
    # MegaMek's list names weapons only (a hatchet is physical equipment, not listed).
    weapons = tuple(
        WeaponLine(names.mtf_name(m.item), _BLOCK[m.location], rear=m.rear)
        for m in mech.mounts_of(ItemKind.WEAPON)
    )
    return mtf_unit(mech, header, ARMOR_LOCATIONS, weapons, LOCATION_BLOCKS, _item_line)


def _item_line(mount: MountedItem) -> str:
    return names.mtf_name(mount.item) + placement_marks(mount)
