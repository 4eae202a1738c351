"""Battle Value of shields, vibroblades and the actuator enhancement system (issue 27;
ADVANCED_BV.md §1, §3.1, §3.3; MegaMek's `MekBVCalculator.processWeight`,
`HeatTrackingBVCalculator.processWeapons`, `BVCalculator.processWeapon`, as facts).

The numbers are rows of values.yaml (`shield_bv_walk`, `shield_bv_jump`, `shield_no_jump`,
`aes_weight`, `aes_arm_factor`, `vibroblade_heat_arm`); the item subcategories that name
the items (`shield`, `vibroblade`, `aes`) are the catalogue's (rulesets/catalogue/equipment.tsv).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from mechlab.core.locations import Location
from mechlab.values.standard_tables import exact, values

if TYPE_CHECKING:
    from mechlab.model.mech import Mech, MountedItem

AES = "aes"
VIBROBLADE = "vibroblade"


def shield_movement(mech: Mech, walk: int, jump: int) -> tuple[int, int]:
    """(walk, jump) for BV: a medium or large shield costs walking MP, a medium shield
    jumping MP, a large shield every jumping MP (ADVANCED_BV.md §1; MegaMek `Mek` MP)."""
    v = values()
    ids = [m.item.weapon.id for m in mech.mounts]
    walk += sum(int(v["shield_bv_walk"].get(i, 0)) for i in ids)
    if any(i in v["shield_no_jump"] for i in ids):
        return max(walk, 0), 0
    jump += sum(int(v["shield_bv_jump"].get(i, 0)) for i in ids)
    return max(walk, 0), max(jump, 0)


def aes_limbs(mech: Mech) -> set[Location]:
    """The locations holding an actuator enhancement system."""
    return {m.location for m in mech.mounts if m.item.weapon.subcategory == AES}


def aes_weight_factor(mech: Mech) -> Fraction:
    """`1 + 0.1 per AES arm + 0.2 (biped legs) or 0.4 (quad legs)` (MegaMek
    `processWeight`: the legs count once, when a leg holds one)."""
    table, limbs = values()["aes_weight"], aes_limbs(mech)
    factor = Fraction(1) + sum((exact(table["arm"]) for loc in limbs if loc.is_arm),
                               Fraction(0))
    if any(loc.is_leg for loc in limbs):
        factor += exact(table["quad_legs" if mech.is_quad else "biped_legs"])
    return factor


def aes_factor(mech: Mech, mount: MountedItem) -> Fraction:
    """× 1.25 for a weapon or physical weapon in an arm with an AES (`processWeapon`)."""
    if mount.location.is_arm and mount.location in aes_limbs(mech):
        return exact(values()["aes_arm_factor"])
    return Fraction(1)


def is_vibroblade(mount: MountedItem) -> bool:
    return mount.item.weapon.subcategory == VIBROBLADE


def vibroblade_heat(mech: Mech) -> Fraction:
    """Each vibroblade's BV heat: the heat of the blade in the left arm, whichever arm
    holds it (MegaMek reads the left arm for both; ADVANCED_BV.md §3.1), 0 without one."""
    arm = Location(values()["vibroblade_heat_arm"])
    return next((Fraction(m.item.weapon.heat) for m in mech.mounts
                 if is_vibroblade(m) and m.location is arm), Fraction(0))


def ram_plate_facts(mech: Mech, run: int) -> dict[str, Fraction | int]:
    """The words of the ram plate's BV formula (equipment.tsv, MegaMek's MiscType getBV):
    the BV running MP (MASC included) and the torso locations that hold spikes."""
    spiked = {loc for m in mech.mounts if m.item.weapon.subcategory == "spikes"
              for loc in m.locations if loc.is_torso}
    return {"run_mp": run, "torso_spike_locations": len(spiked)}
