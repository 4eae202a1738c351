"""The MegaMek `.mtf` text format, as read: a plain record of its technical lines.

Fluff paragraphs (overview, capabilities, deployment, history, …) are not kept:
mechlab imports technical data only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

# Location block headers in the order MegaMek writes them, with mechlab's names.
LOCATION_BLOCKS = (
    ("Left Arm", "left_arm"),
    ("Right Arm", "right_arm"),
    ("Left Torso", "left_torso"),
    ("Right Torso", "right_torso"),
    ("Center Torso", "center_torso"),
    ("Head", "head"),
    ("Left Leg", "left_leg"),
    ("Right Leg", "right_leg"),
)
# A quad's blocks (STANDARD_RULES.md §10): MegaMek stores the front legs in the arm slots.
QUAD_BLOCKS = (
    ("Front Left Leg", "front_left_leg"),
    ("Front Right Leg", "front_right_leg"),
    ("Left Torso", "left_torso"),
    ("Right Torso", "right_torso"),
    ("Center Torso", "center_torso"),
    ("Head", "head"),
    ("Rear Left Leg", "rear_left_leg"),
    ("Rear Right Leg", "rear_right_leg"),
)
# A tripod's (CONFIGURATIONS.md §1.2): the biped's and `Center Leg:`, which MegaMek writes last.
TRIPOD_BLOCKS = (*LOCATION_BLOCKS, ("Center Leg", "center_leg"))
# The blocks of each configuration, by the design's `config` word.
CONFIG_BLOCKS = {"biped": LOCATION_BLOCKS, "quad": QUAD_BLOCKS, "tripod": TRIPOD_BLOCKS,
                 "quadvee": QUAD_BLOCKS, "lam": LOCATION_BLOCKS, "lam_bimodal": LOCATION_BLOCKS}
# The configurations a file's blocks tell apart (`MtfUnit.config`); the others (a QuadVee,
# a LAM) say so on their `Config:` line and must write their own configuration's blocks.
BLOCK_CONFIGS = frozenset({"biped", "quad", "tripod"})

# Armor line keys in MegaMek order → (mechlab location, rear?); RTL/RTR/RTC are the rear
# of LT/RT/CT.
ARMOR_LOCATIONS: dict[str, tuple[str, bool]] = {
    "LA": ("left_arm", False), "RA": ("right_arm", False), "LT": ("left_torso", False),
    "RT": ("right_torso", False), "CT": ("center_torso", False), "HD": ("head", False),
    "LL": ("left_leg", False), "RL": ("right_leg", False), "RTL": ("left_torso", True),
    "RTR": ("right_torso", True), "RTC": ("center_torso", True),
}
ARMOR_KEYS = tuple(ARMOR_LOCATIONS)
QUAD_ARMOR_LOCATIONS: dict[str, tuple[str, bool]] = {
    "FLL": ("front_left_leg", False), "FRL": ("front_right_leg", False),
    "LT": ("left_torso", False), "RT": ("right_torso", False), "CT": ("center_torso", False),
    "HD": ("head", False), "RLL": ("rear_left_leg", False), "RRL": ("rear_right_leg", False),
    "RTL": ("left_torso", True), "RTR": ("right_torso", True), "RTC": ("center_torso", True),
}
TRIPOD_ARMOR_LOCATIONS: dict[str, tuple[str, bool]] = {
    **{k: v for k, v in ARMOR_LOCATIONS.items() if not v[1]}, "CL": ("center_leg", False),
    **{k: v for k, v in ARMOR_LOCATIONS.items() if v[1]}}
CONFIG_ARMOR_LOCATIONS = {"biped": ARMOR_LOCATIONS, "quad": QUAD_ARMOR_LOCATIONS,
                          "tripod": TRIPOD_ARMOR_LOCATIONS, "quadvee": QUAD_ARMOR_LOCATIONS,
                          "lam": ARMOR_LOCATIONS, "lam_bimodal": ARMOR_LOCATIONS}
# Every armor key a file may carry, biped, quad and tripod, in the order they are kept.
ALL_ARMOR_KEYS = (*ARMOR_KEYS, "FLL", "FRL", "RLL", "RRL", "CL")

# Header keys (lower case) in the order the writer emits them, with the spelling used.
HEADER_KEYS = (
    ("config", "Config"), ("techbase", "TechBase"), ("era", "Era"), ("source", "Source"),
    ("rules level", "Rules Level"), ("mass", "Mass"), ("engine", "Engine"),
    ("structure", "Structure"), ("myomer", "Myomer"), ("lam", "LAM"), ("motive", "Motive"),
    ("gyro", "Gyro"), ("cockpit", "Cockpit"), ("ejection", "Ejection"),
    ("heat sinks", "Heat Sinks"),
    ("base chassis heat sinks", "Base Chassis Heat Sinks"), ("walk mp", "Walk MP"),
    ("jump mp", "Jump MP"), ("armor", "Armor"),
)


@dataclass(frozen=True)
class WeaponLine:
    """One line of the `Weapons:` list: `[count ]Name, Location[, Ammo:N]`."""

    name: str
    location: str
    count: int = 1
    ammo: int | None = None
    rear: bool = False  # "(R)" after the location


@dataclass(frozen=True)
class MtfUnit:
    """A `.mtf` file's lines, as written: header, armor, weapons and slots."""

    version: str
    chassis: str
    model: str
    mul_id: str | None = None
    header: tuple[tuple[str, str], ...] = ()  # (lower-case key, value), file order
    armor: tuple[tuple[str, int], ...] = ()  # (MTF armor key, points)
    # Patchwork armor (`LA armor:Reactive(Inner Sphere):26`): (MTF armor key, armor type);
    # empty for the one-type files of the standard rules.
    armor_types: tuple[tuple[str, str], ...] = ()
    weapons: tuple[WeaponLine, ...] = ()
    locations: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (block name, slot lines)
    systems: tuple[tuple[str, str, str], ...] = field(default=())  # (kind, system, value)
    # MegaMek's `quirk:NAME` and `weaponquirk:NAME:LOC:SLOT:WEAPON` lines: (key, value) in
    # file order (MegaMek's `MtfFile` reads any number of each).
    quirks: tuple[tuple[str, str], ...] = ()
    # Where each fact was read, for messages: ("walk mp", 15), ("Left Arm", 40) (the block's
    # first slot line), ("weapons", 34). Not part of the unit's value.
    line_numbers: tuple[tuple[str, int], ...] = field(default=(), compare=False)

    @property
    def is_quad(self) -> bool:
        return any(name == "Front Left Leg" for name, _ in self.locations)

    # A unit is frozen: what is read from it many times a file is worked out once (the
    # reader and the source rules ask for blocks, slot lines and line numbers of each
    # location and item: issue 31).
    @cached_property
    def config(self) -> str:
        """The configuration its blocks are of: `quad`, `tripod` or `biped`."""
        names = {name for name, _ in self.locations}
        return ("quad" if "Front Left Leg" in names
                else "tripod" if "Center Leg" in names else "biped")

    @property
    def blocks(self) -> tuple[tuple[str, str], ...]:
        """(block name, mechlab location) of this unit's configuration."""
        return CONFIG_BLOCKS[self.config]

    @cached_property
    def _line_numbers(self) -> dict[str, int]:
        return dict(self.line_numbers)

    @cached_property
    def _slot_lines(self) -> dict[str, tuple[str, ...]]:
        return dict(self.locations)

    def line_of(self, key: str) -> int | None:
        return self._line_numbers.get(key)

    def get(self, key: str, default: str | None = None) -> str | None:
        for k, v in self.header:
            if k == key:
                return v
        return default

    def slots(self, block: str) -> tuple[str, ...]:
        return self._slot_lines.get(block, ())

    def system(self, kind: str, system: str) -> str | None:
        for k, s, v in self.systems:
            if k == kind and s == system:
                return v
        return None
