"""What Battle Value and cost read from a 'Mech: a plain record its ruleset builds.

The BV method (BV_STANDARD.md, of which BV_COST.md's Introductory rules are the special
case with standard armor, structure, engine and gyro, single sinks and no CASE) is one
code in `mechlab.values.bv`. What it needs to know about a 'Mech — the multipliers of its armor,
structure, engine and gyro types, its BV movement, its heat capacity, which locations
lose BV for explosive equipment and each item's BV, heat and ammunition key — depends on
the construction rules, so the value rules of the 'Mech's ruleset work it out
(`mechlab.values.registry.value_rules(ruleset).value_unit`) and hand it over as a
`ValueUnit`. The record carries the reasons too, so `bv --explain` can say why a location
is or is not penalized.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction


class Role(StrEnum):
    """Where an item counts in BV_STANDARD.md: the side and the step."""

    WEAPON = "weapon"  # 3.1: offensive weapon (heat-sorted, perhaps halved)
    AMMO = "ammo"  # 3.7: capped by the weapons of its key
    DEFENSIVE = "defensive"  # 2.4: AMS, ECM, probes ... (an AMS weapon has an ammo key)
    DEFENSIVE_AMMO = "defensive_ammo"  # 2.4: AMS ammunition, capped by the AMS weapons
    OFFENSIVE = "offensive"  # 3.8: physical weapons and other offensive equipment
    NONE = "none"  # counts nowhere (heat sinks, CASE, C3, TAG ...) but may explode or cost


@dataclass(frozen=True)
class ValueMount:
    """One mounted item as BV sees it. `bv` is the item's BV for this 'Mech (a formula
    such as the hatchet's already evaluated; a half-ton bin's BV already halved);
    `heat` is its heat for BV (BV_STANDARD.md 3.4 already applied)."""

    name: str
    location: str  # abbreviation: "LA", "CT"
    role: Role
    bv: Fraction = Fraction(0)
    heat: Fraction = Fraction(0)
    rear: bool = False
    in_arm: bool = False  # 3.3: arm weapons never take part in the front/rear switch
    turret: bool = False  # ADVANCED_EQUIPMENT.md §4.4: nor do turret-mounted ones
    ammo_key: str | None = None  # a weapon's ammunition, an ammo bin's key (3.7)
    one_shot: bool = False  # 3.7: a one-shot launcher never raises an ammo cap
    explosive: Fraction = Fraction(0)  # 2.5: penalty per slot (15 ammo, 1 Gauss ...)
    explosive_once: bool = False  # 2.5: HVAC: 1 in total, whatever its slots
    slots: int = 1
    locations: tuple[str, ...] = ()  # every location it occupies (a split weapon: two)
    direct_fire: bool = False  # 3.2 step 6: gets the targeting computer's bonus
    fire_control: Fraction = Fraction(1)  # 3.2 step 5: linked Artemis IV × 1.2 ...
    fire_control_name: str = ""  # "Artemis IV", for the explanation
    capacitor_bv: Fraction = Fraction(0)  # 3.2 step 4: a linked PPC capacitor
    aes: Fraction = Fraction(1)  # ADVANCED_BV.md §3.1: × 1.25 in an AES arm, before step 4
    heat_note: str = ""  # how 3.4 changed the heat ("Ultra × 2", "one-shot ÷ 4")

    @property
    def where(self) -> tuple[str, ...]:
        return self.locations or (self.location,)


@dataclass(frozen=True)
class ValueUnit:
    """A 'Mech as BV_STANDARD.md reads it; `notes` say why each factor is what it is."""

    tonnage: int
    walk: int  # §1: BV walk (TSM +1)
    run: int  # §1: BV run (MASC / supercharger)
    jump: int  # §1: BV jump
    armor_points: int
    structure_points: int
    heat_sinks: int  # the number of sinks, for the explanation
    heat_capacity: int  # 3.5: single 1, double 2 each
    move_heat: int  # 3.5
    mounts: tuple[ValueMount, ...]
    # 2.5: the locations where explosive equipment costs BV; the others are protected.
    penalized: frozenset[str]
    armor_factor: Fraction = Fraction(1)  # 2.1: armor type multiplier × BAR ÷ 10
    structure_factor: Fraction = Fraction(1)  # 2.2: structure type
    engine_factor: Fraction = Fraction(1)  # 2.2: by the engine's side-torso slots
    gyro_factor: Fraction = Fraction(1, 2)  # 2.3: per ton of 'Mech
    tmm_bonus: int = 0  # 2.7: stealth armor +2
    heat_efficiency_bonus: int = 0  # 3.5: stealth −10, coolant pods ...
    targeting_computer: bool = False  # 3.2 step 6
    weight_factor: Fraction = Fraction(1)  # 3.9: TSM 1.5
    fire_control_factor: Fraction = Fraction(1)  # 3.11: industrial without AFC 0.9
    cockpit_factor: Fraction = Fraction(1)  # §4: small cockpit 0.95
    weapon_factor: Fraction = Fraction(1)  # ADVANCED_BV.md §3.1: drone OS × 0.8
    # 2.4 (ADVANCED_BV.md §2.4): each armored component, (name, location, BV it adds).
    armored: tuple[tuple[str, str, Fraction], ...] = ()
    # ADVANCED_BV.md §1, §2.1, §2.6 (mechlab.values.stealth): UMU MP (its TMM without the
    # jump's +1), void-signature's TMM floor, modular armor and HarJel II/III points.
    umu: int = 0
    void_signature: bool = False
    armor_extra: Fraction = Fraction(0)
    # lane lam (ADVANCED_BV.md §2.6, §3.3): a standard LAM's AirMech flank MP, its TMM's
    # airborne bonus and the divisor of its speed-factor share; 0 for every other 'Mech.
    airborne_flank: int = 0
    airborne_tmm: int = 0
    airborne_speed_divisor: int = 2
    # Words for `--explain`, by topic: "armor", "structure", "engine", "gyro", "run",
    # "jump", "heat", "cockpit", "weight", and a location abbreviation for its CASE.
    notes: dict[str, str] = field(default_factory=dict)
