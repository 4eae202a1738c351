"""MegaMek slot and equipment spellings ⇄ mechlab names.

MegaMek has written the same item many ways over the years (`Medium Laser`,
`ISMediumLaser`; `IS Ammo LRM-15`, `ISLRM15 Ammo`; `IS Ammo MG - Full`,
`ISMG Ammo (200)`). Each is folded to a mechlab catalog name; anything the
catalog does not know is technology outside the ruleset.
"""

from __future__ import annotations

import re

from mechlab.core.equipment import Catalog, Item, ItemKind, UnknownItemError

EMPTY = "-Empty-"

# Fixed components as MegaMek writes them → mechlab's critical-slot names.
FIXED = {
    "shoulder": "Shoulder",
    "upper arm actuator": "Upper Arm Actuator",
    "lower arm actuator": "Lower Arm Actuator",
    "hand actuator": "Hand Actuator",
    "hip": "Hip",
    "upper leg actuator": "Upper Leg Actuator",
    "lower leg actuator": "Lower Leg Actuator",
    "foot actuator": "Foot Actuator",
    "fusion engine": "Fusion Engine",
    "engine": "Fusion Engine",
    "gyro": "Gyro",
    "life support": "Life Support",
    "sensors": "Sensors",
    "cockpit": "Cockpit",
    "conversion gear": "Conversion Gear",  # CONFIGURATIONS.md §2: a QuadVee's legs
    # CONFIGURATIONS.md §2: a LAM's conversion equipment in its torsos and head.
    "landing gear": "Landing Gear",
    "avionics": "Avionics",
}

# mechlab item → the spelling the corpus uses, for writing.
_MTF_WEAPON = {"AC/2": "Autocannon/2", "AC/5": "Autocannon/5", "AC/10": "Autocannon/10",
               "AC/20": "Autocannon/20", "Flamer (Vehicle)": "Vehicle Flamer"}
_MTF_AMMO = {"Machine Gun": "MG", "Flamer (Vehicle)": "Vehicle Flamer"}

_REAR = re.compile(r"\s*\(R\)\s*$", re.IGNORECASE)
_SPLIT = re.compile(r"\s*\(Split\)\s*$", re.IGNORECASE)
_IS_PREFIX = re.compile(r"^IS\s*(?=[A-Z])")


def strip_markers(text: str) -> tuple[str, bool, bool]:
    """'Medium Laser (R)' → ('Medium Laser', rear, split); the markers in either order
    ('Autocannon/20 (R) (Split)' as mechlab writes a rear split AC/20)."""
    rear = split = False
    while True:
        if _REAR.search(text):
            rear, text = True, _REAR.sub("", text)
        elif _SPLIT.search(text):
            split, text = True, _SPLIT.sub("", text)
        else:
            return text.strip(), rear, split


def item_for(name: str, catalog: Catalog) -> Item | None:
    """The mechlab item an MTF equipment spelling names, or None if unsupported."""
    text = _IS_PREFIX.sub("", name.strip())
    half = bool(re.search(r"-\s*Half\b|\(100\)", text, re.IGNORECASE))
    text = re.sub(r"\s*-\s*(Full|Half)\b|\s*\((200|100)\)", "", text, flags=re.IGNORECASE)
    if half:
        text += " (1/2)"
    try:
        return catalog.lookup(text)
    except (UnknownItemError, ValueError):
        return None


def mtf_name(item: Item) -> str:
    """The corpus spelling of a mechlab item."""
    weapon = item.weapon.name
    if item.kind is ItemKind.AMMO:
        base = _MTF_AMMO.get(weapon, weapon.replace(" ", "-"))
        if weapon == "Machine Gun":
            return f"IS Ammo MG - {'Half' if item.half_ton else 'Full'}"
        return f"IS Ammo {base}"
    name = _MTF_WEAPON.get(weapon, weapon)
    return f"{name} (OS)" if item.one_shot else name
