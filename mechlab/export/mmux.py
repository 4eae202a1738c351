"""MakaMek's unit packages (`mechlab export X --to mmux`; docs/engine-json.md, "MakaMek").

A `.mmux` is a zip archive of three files, as MakaMek's unit cache reads them:
`unit.json` (its `UnitData`: chassis, model, mass, engine rating and type, armor front and
rear per location, and `equipment`, one entry per component with its `type` and slot
`assignments` — location, first slot (0-based), length — in the order MakaMek's own MTF
converter lists them), `unit.png` (the unit's map token, the sheet's silhouette: MakaMek
refuses a package without one) and `manifest.json` (format version, `unitId` = model,
author, source, the MakaMek version it needs).

MakaMek builds its units from MegaMek's `.mtf` slot lines, so mechlab maps the same
names: each slot of the resolved 'Mech is named as its `.mtf` would name it
(`files/mtf/names.py`) and looked up in MakaMek's component list below. MakaMek's scope is
the Introductory 'Mechs: a design with anything it has no component for (a quad, an
engine other than the standard fusion, an item off its list) is refused in one line.
"""

from __future__ import annotations

import io
import json
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass
from typing import Any

from mechlab.core.design import Design
from mechlab.core.errors import DesignError
from mechlab.core.locations import Location
from mechlab.model.mech import Mech, Slot, SlotKind

# MakaMek's `PartLocation` names, in the order its files list locations (MegaMek's block
# order: arms, torsos, head, legs).
MAKAMEK_LOCATIONS: tuple[tuple[Location, str], ...] = (
    (Location.LEFT_ARM, "LeftArm"), (Location.RIGHT_ARM, "RightArm"),
    (Location.LEFT_TORSO, "LeftTorso"), (Location.RIGHT_TORSO, "RightTorso"),
    (Location.CENTER_TORSO, "CenterTorso"), (Location.HEAD, "Head"),
    (Location.LEFT_LEG, "LeftLeg"), (Location.RIGHT_LEG, "RightLeg"),
)
# MegaMek's slot names → MakaMek's `MakaMekComponent` (the names its MTF converter maps).
COMPONENTS: dict[str, str] = {
    "IS Ammo AC/2": "ISAmmoAC2", "IS Ammo AC/5": "ISAmmoAC5", "IS Ammo AC/10": "ISAmmoAC10",
    "IS Ammo AC/20": "ISAmmoAC20", "IS Ammo SRM-2": "ISAmmoSRM2", "IS Ammo SRM-4": "ISAmmoSRM4",
    "IS Ammo SRM-6": "ISAmmoSRM6", "IS Ammo MG": "ISAmmoMG", "IS Machine Gun Ammo": "ISAmmoMG",
    "IS Ammo LRM-5": "ISAmmoLRM5", "IS Ammo LRM-10": "ISAmmoLRM10",
    "IS Ammo LRM-15": "ISAmmoLRM15", "IS Ammo LRM-20": "ISAmmoLRM20",
    "Small Laser": "SmallLaser", "ISSmallLaser": "SmallLaser", "Medium Laser": "MediumLaser",
    "ISMediumLaser": "MediumLaser", "Large Laser": "LargeLaser", "PPC": "PPC",
    "Flamer": "Flamer", "LRM 5": "LRM5", "LRM 10": "LRM10", "LRM 15": "LRM15",
    "LRM 20": "LRM20", "SRM 2": "SRM2", "SRM 4": "SRM4", "SRM 6": "SRM6",
    "Machine Gun": "MachineGun", "Autocannon/2": "AC2", "Autocannon/5": "AC5",
    "Autocannon/10": "AC10", "Autocannon/20": "AC20", "Heat Sink": "HeatSink",
    "Shoulder": "Shoulder", "Upper Arm Actuator": "UpperArmActuator",
    "Lower Arm Actuator": "LowerArmActuator", "Hand Actuator": "HandActuator",
    "Jump Jet": "JumpJet", "Fusion Engine": "Engine", "Gyro": "Gyro",
    "Life Support": "LifeSupport", "Sensors": "Sensors", "Cockpit": "Cockpit", "Hip": "Hip",
    "Upper Leg Actuator": "UpperLegActuator", "Lower Leg Actuator": "LowerLegActuator",
    "Foot Actuator": "FootActuator", "Hatchet": "Hatchet",
}
# How many slots each MakaMek component fills (its definitions' `Size`; 1 where they
# state none). A component whose slots here differ cannot be mounted by MakaMek, which
# refuses an assignment longer than its size, and its converter splits a longer run into
# several components: LRM 10 (2 slots by the rules, 1 in MakaMek) would become two
# launchers. Such designs are refused (docs/engine-json.md, "MakaMek").
MAKAMEK_SLOTS: dict[str, int] = {
    "AC5": 4, "AC10": 7, "AC20": 10, "LRM15": 3, "LRM20": 5, "SRM6": 2, "LargeLaser": 2,
    "PPC": 3, "Engine": 6, "Gyro": 4, "LifeSupport": 2, "Sensors": 2,
}
# Fixed components MakaMek counts as one component across all their slots.
WHOLE = frozenset({"Engine", "Gyro", "LifeSupport", "Sensors"})
MAKAMEK_VERSION = "0.43.2"  # the version its shipped packages require
MANIFEST_VERSION = "1.0"
_QUOTED = re.compile(r"^([^']+)'([^']+)'$")
_BRACKETED = re.compile(r"^([^(]+)\(([^)]+)\)$")
_ZIP_DATE = (2000, 1, 1, 0, 0, 0)  # fixed: the same design gives the same bytes


@dataclass(frozen=True)
class Component:
    type: str
    assignments: tuple[tuple[str, int, int], ...]  # (MakaMek location, first slot, length)
    rear: bool = False


def mmux_package(design: Design) -> bytes:
    """The `.mmux` of a design (`DesignError` for what MakaMek cannot represent)."""
    from mechlab.model.resolve import resolve

    mech = resolve(design)
    unit = unit_json(mech)
    manifest = {"version": MANIFEST_VERSION, "unitId": unit["model"],
                "author": "mechlab", "source": mech.design.source or "",
                "requiredMakaMekVersion": MAKAMEK_VERSION}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in (("unit.json", _json(unit)),
                           ("unit.png", token_png(mech.weight_class)),
                           ("manifest.json", _json(manifest))):
            package.writestr(zipfile.ZipInfo(name, _ZIP_DATE), data,
                             compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def _json(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def refusal(mech: Mech) -> str | None:
    """Why MakaMek cannot represent this 'Mech, or None."""
    if mech.is_quad:
        return "MakaMek has no quads"
    if mech.engine_type != "standard":
        return f"MakaMek has only the standard fusion engine, not {mech.engine_type}"
    if mech.unplaced:
        return "some equipment has no slot; fix the design first"
    for location, slots in mech.critical_slots.items():
        for slot in slots:
            name = _mtf_name(slot)
            if name is not None and name not in COMPONENTS:
                return (f"MakaMek has no component for {slot.name} "
                        f"({location.value.replace('_', ' ')})")
    for component in components(mech):
        filled = sum(length for _, _, length in component.assignments)
        theirs = MAKAMEK_SLOTS.get(component.type, 1)
        if filled != theirs:
            return (f"MakaMek's {component.type} fills {theirs} slot{'s' if theirs > 1 else ''}"
                    f", this design's fills {filled}: MakaMek would not mount it")
    return None


def unit_json(mech: Mech) -> dict[str, Any]:
    """MakaMek's `UnitData` of a resolved 'Mech, keys in the order its files give them."""
    why = refusal(mech)
    if why is not None:
        raise DesignError(mech.name, [f"no .mmux: {why}"])
    model, nickname = model_and_nickname(mech.design.model)
    armor = {name: {"frontArmor": mech.armor_front(loc), "rearArmor": mech.armor_rear(loc)}
             for loc, name in MAKAMEK_LOCATIONS}
    return {
        "id": None, "chassis": mech.design.chassis, "model": model, "nickname": nickname,
        "mass": mech.tonnage, "engineRating": mech.engine_rating,
        "engineType": "Fusion", "armorValues": armor,
        "equipment": [_component_json(c, mech) for c in components(mech)],
        # MakaMek's converter numbers a file's quirk lines: quirk1, quirk2, …
        "additionalAttributes": {},
        "quirks": {f"quirk{n}": quirk for n, quirk in enumerate(mech.design.quirks, 1)},
        "state": None,
    }


def model_and_nickname(model: str) -> tuple[str, str | None]:
    """MakaMek keeps a nickname apart from the model, as its converter splits MegaMek's
    `FS9-M 'Mirage'` and `AS7-D (Danielle)`; it keys its units by the model alone."""
    found = _QUOTED.match(model) or _BRACKETED.match(model)
    if found is None:
        return model, None
    return found.group(1).strip(), found.group(2).strip()


def _component_json(component: Component, mech: Mech) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "type": component.type,
        "assignments": [{"location": loc, "firstSlot": first, "length": length}
                        for loc, first, length in component.assignments],
        "isActive": True,
    }
    if component.type == "Engine":
        entry["specificData"] = {"$type": "Engine", "type": 0, "rating": mech.engine_rating}
    elif component.rear:
        entry["specificData"] = {"$type": "Weapon", "mountingOptions": 1}
    return entry


def components(mech: Mech) -> list[Component]:
    """Every component in MakaMek's order: by location (MAKAMEK_LOCATIONS), then by the
    first slot it fills; each with the runs of slots it fills, its first run first."""
    runs: dict[tuple[str, int], list[tuple[str, int, int]]] = {}  # key → runs
    first: dict[tuple[str, int], tuple[int, int]] = {}  # key → (location order, slot)
    kinds: dict[tuple[str, int], tuple[str, bool]] = {}
    for order, (location, name) in enumerate(MAKAMEK_LOCATIONS):
        for slot in mech.critical_slots.get(location, ()):
            mtf = _mtf_name(slot)
            if mtf is None:
                continue
            kind = COMPONENTS[mtf]
            key = _identity(slot, kind, order)
            kinds[key] = (kind, slot.mount.rear if slot.mount is not None else False)
            first.setdefault(key, (order, slot.index))
            spans = runs.setdefault(key, [])
            if spans and spans[-1][0] == name and spans[-1][1] + spans[-1][2] == slot.index:
                spans[-1] = (name, spans[-1][1], spans[-1][2] + 1)
            else:
                spans.append((name, slot.index, 1))
    return [Component(kinds[k][0], tuple(runs[k]), kinds[k][1])
            for k in sorted(runs, key=lambda k: first[k])]


def _identity(slot: Slot, kind: str, order: int) -> tuple[str, int]:
    """What makes one component: the mounted item; a fixed component MakaMek counts once
    (engine, gyro, life support, sensors) by its kind; any other fixed slot by itself."""
    if slot.mount is not None:
        return ("mount", slot.mount.id)
    if kind in WHOLE:
        return (kind, 0)
    return (kind, order * 100 + slot.index + 1)


def _mtf_name(slot: Slot) -> str | None:
    """The slot's MegaMek name, None for an empty one."""
    from mechlab.files.mtf.names import mtf_name

    if slot.kind == SlotKind.EMPTY:
        return None
    if slot.mount is None:
        return slot.name
    name = mtf_name(slot.mount.item)
    return name.removesuffix(" - Full")


# The map token -------------------------------------------------------------------------


def token_png(weight_class: str = "medium", size: int = 64) -> bytes:
    """The 'Mech's silhouette of the record sheet (sheet/outlines.py, its weight class's
    proportions) drawn as a map token, each location outlined: MakaMek needs an image,
    and this one is drawn here, pixel by pixel, with no image library."""
    from mechlab.sheet.outlines import front

    shapes = list(front(weight_class).values())
    scale = (size - 6) / 112  # the figure's grid is 100 wide and 112 high
    left = (size - 100 * scale) / 2

    def part(x: int, y: int) -> int:
        """The index of the location under pixel (x, y), or -1."""
        gx, gy = (x + 0.5 - left) / scale, (y + 0.5 - 3) / scale
        return next((i for i, shape in enumerate(shapes) if _inside(shape, gx, gy)), -1)

    grid = [[part(x, y) for x in range(size)] for y in range(size)]
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter: none
        for x in range(size):
            here = grid[y][x]
            edge = here >= 0 and any(
                not (0 <= ny < size and 0 <= nx < size) or grid[ny][nx] != here
                for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)))
            row += (bytes((0, 0, 0, 0)) if here < 0 else
                    bytes((24, 28, 32, 255)) if edge else bytes((120, 128, 136, 255)))
        rows.append(bytes(row))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _chunk(b"IEND", b""))


def _inside(shape: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    """Even-odd rule: a ray to the right crosses the outline an odd number of times."""
    inside = False
    for (x1, y1), (x2, y2) in zip(shape, shape[1:] + shape[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
