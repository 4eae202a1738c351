"""The groups of a 'Mech's weight breakdown (RULES.md 1.9), as one typed key.

Resolving writes one weight line per group; the readout and the 1984 sheet's data block
read them by this key, never by the printed label (the engine JSON prints the label).
"""

from __future__ import annotations

from enum import StrEnum


class WeightGroup(StrEnum):
    """A line of the weight breakdown; its value is the label printed for it."""

    STRUCTURE = "Internal structure"
    COCKPIT = "Cockpit"
    ENGINE = "Engine"
    GYRO = "Gyro"
    JUMP_JETS = "Jump jets"
    HEAT_SINKS = "Heat sinks"
    ARMOR = "Armor"
    EQUIPMENT = "Weapons and ammunition"
    # TechManual: energy weapons on an ICE or fuel-cell engine need power amplifiers.
    POWER_AMPLIFIERS = "Power amplifiers"
    # Tactical Operations: armored components (ADVANCED_COMPONENTS.md §5).
    ARMORED_COMPONENTS = "Armored components"
    # Interstellar Operations: a QuadVee's or LAM's conversion equipment (CONFIGURATIONS.md §3.4).
    CONVERSION = "Conversion equipment"
