"""What a game and a record sheet are told of a design: `PlayRules`, the part of
`Ruleset` (base.py) that play engines, sheets and cards ask and construction does not.

Movement heat and pilot skills (RULES.md 1.8), the sheet's texts and hit boxes (RULES.md
4.1), the hit location table (RULES.md 4.2), how the design's components are titled, what
explodes or can be hit (RULES.md 1.6), and physical attack damage (RULES.md 1.8). The
defaults are the Introductory Rulebook's; a variant overrides what its book changes,
exactly as for the rest of `Ruleset`, which inherits all of this.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from mechlab.core.equipment import Item, ItemKind, Weapon
from mechlab.core.locations import Location

if TYPE_CHECKING:
    from mechlab.core.design import Design, Pilot


@dataclass(frozen=True)
class FiringMode:
    """One of a weapon's ways to fire as its own record-sheet line (an MML's LRM and SRM
    ammunition): the line's name, damage text, minimum range and range bands."""

    name: str
    damage: str
    minimum: int | None
    ranges: tuple[int, int, int]


@dataclass(frozen=True)
class WeaponAttack:
    """A physical weapon's attack: its damage, what it adds to the to-hit number, the hit
    location table it rolls on, and whether working triple-strength myomer doubles it."""

    damage: int
    to_hit_modifier: int
    hit_table: str  # "punch" or "kick"
    tsm_doubles: bool


class PlayRules:
    """Play and sheet facts of one construction book (a base of `Ruleset`)."""

    # What `Ruleset` states and these answers read (RULES.md 1.4, 4.2; its data file).
    heat_sink_type: ClassVar[str]
    heat_sink_dissipation: ClassVar[int]
    tech_base: str
    hit_locations: dict[int, Location]

    # RULES.md 1.8 ------------------------------------------------------------------------
    walking_heat: ClassVar[int] = 1
    running_heat: ClassVar[int] = 2
    jumping_heat_per_hex: ClassVar[int] = 1
    minimum_jumping_heat: ClassVar[int] = 3
    heat_scale_top: ClassVar[int] = 30  # the scale runs top..0, then the overflow box
    default_gunnery: ClassVar[int] = 4  # also the base to-hit number (seed 004 l. 255–259)
    default_piloting: ClassVar[int] = 5

    def pilot_skills(self, pilot: Pilot | None = None, gunnery: int | None = None,
                     piloting: int | None = None) -> tuple[int, int]:
        """(gunnery, piloting): what the command line says, else what the pilot states,
        else this ruleset's defaults (RULES.md 1.8). A design states skills, never defaults."""
        if gunnery is None and pilot is not None:
            gunnery = pilot.gunnery
        if piloting is None and pilot is not None:
            piloting = pilot.piloting
        return (self.default_gunnery if gunnery is None else gunnery,
                self.default_piloting if piloting is None else piloting)

    # The sheet: a 12-slot location prints as blocks of six (die rolls 1–3 and 4–6).
    slots_per_block: ClassVar[int] = 6
    block_labels: ClassVar[tuple[str, ...]] = ("1-3", "4-6")
    empty_slot_text: ClassVar[str] = "Roll Again"
    # Whether the record sheet states the 'Mech's technology (tech base, rules level, engine,
    # structure, armor, sink types): RULES.md 4.1's Introductory sheet does not.
    sheet_states_technology: ClassVar[bool] = False
    # The sheet's hit boxes under the critical hit table: (label, boxes).
    hit_boxes: ClassVar[tuple[tuple[str, int], ...]] = (
        ("Engine Hits", 3), ("Gyro Hits", 2), ("Sensor Hits", 2), ("Life Support", 1))

    def unit_title(self, design: Design) -> str:
        """What the design is, as a sheet names it (intro: every design a BattleMech)."""
        return "BattleMech"

    def leg_roll_table(self, design: Design) -> dict[int, Location]:
        """1D6 → the leg hit where the hit table names a leg, for a configuration whose
        legs share rolls (a tripod's); empty for the others."""
        return {}

    def sheet_title_words(self, design: Design) -> str:
        """Words a sheet's title puts before the unit type (a configuration's; none here)."""
        return ""

    def walking_heat_of(self, design: Design) -> int:
        """Heat a turn of walking makes with this design's engine (`walking_heat`)."""
        return self.walking_heat

    def running_heat_of(self, design: Design) -> int:
        """Heat a turn of running makes with this design's engine (`running_heat`)."""
        return self.running_heat

    def bv_running_heat_of(self, design: Design) -> int:
        """Running heat BV counts (BV_STANDARD.md §3.5): the engine's, at least `running_heat`."""
        return max(self.running_heat_of(design), self.running_heat)

    def jumping_heat_rate(self, design: Design) -> tuple[int, int]:
        """(heat per hex jumped, least heat of a jump) with this design's engine."""
        return self.jumping_heat_per_hex, self.minimum_jumping_heat

    def jumping_heat_of(self, design: Design, jump_mp: int, improved: bool) -> int:
        """Heat of a jump of `jump_mp` hexes: max(minimum, hexes × per hex) (RULES.md 1.8;
        the Introductory rules have no improved jets)."""
        return max(self.minimum_jumping_heat, jump_mp * self.jumping_heat_per_hex)

    def jet_jumping_heat(self, jet_ids: Iterable[str], jump_mp: int) -> int | None:
        """The heat of a jump on jets with a heat of their own, else None (none here)."""
        return None

    def hit_location_table(self, design: Design) -> dict[int, Location]:
        """2D6 roll → location hit, attacks from the front (RULES.md 4.2)."""
        return self.hit_locations

    def sink_dissipation(self, design: Design) -> int:
        """Heat points one working sink of the design's type dissipates."""
        return self.heat_sink_dissipation

    def heat_sink_title(self, design: Design) -> str:
        """The design's heat sink type as the record sheet prints it (RULES.md 4.1: Single)."""
        return self.heat_sink_type

    # What play engines and sheets are told of the design (engine JSON v3, the sheet) -----
    def tech_base_title(self, design: Design) -> str:
        """The tech base as players say it (RULES.md 4.2: Inner Sphere)."""
        return self.tech_base

    def chassis_tech(self, design: Design) -> str:
        """IS or Clan: the Introductory rules know the Inner Sphere only (RULES.md 4.2)."""
        return "IS"

    def component_titles(self, design: Design) -> dict[str, tuple[str, str, str]]:
        """(type word, title, tech) of the engine, gyro, cockpit, structure, armor, heat
        sinks and myomer: an Introductory 'Mech has the fusion engine and standard parts of
        RULES.md §1, and the sink type its ruleset names."""
        tech = self.chassis_tech(design)
        return {"engine": (design.engine.type, "Fusion", tech),
                "gyro": (design.gyro, "Standard", tech),
                "cockpit": (design.cockpit, "Standard", tech),
                "structure": (design.structure.type, "Standard", tech),
                "armor": (design.armor.type, "Standard", tech),
                "heat_sinks": (design.heat_sinks.type, self.heat_sink_title(design), tech),
                "myomer": (design.myomer.type, "Standard", tech)}

    def explosive(self, item: Item) -> str:
        """Whether a hit on the item's slot explodes: `yes`, `no`, or the condition
        (tech/EQUIPMENT.md). RULES.md 1.6: ammunition explodes, nothing else does."""
        return "yes" if item.kind is ItemKind.AMMO else "no"

    def can_be_hit(self, item: Item) -> bool:
        """Whether a critical hit on the item's slot counts (else it is rolled again, as an
        empty slot is: RULES.md 1.6). Every Introductory item can be hit."""
        return True

    def slot_title(self, design: Design, name: str) -> str:
        """A fixed slot's name as the record sheet prints it (RULES.md 4.1: as named)."""
        return name

    def sprint_mp(self, walking_mp: int, items: list[Item]) -> int | None:
        """Running MP with the design's MASC or supercharger engaged, None without one
        (the Introductory rules have neither)."""
        return None

    def printed_damage(self, weapon: Weapon) -> str | None:
        """What the sheet's damage column prints for a weapon whose table gives no number
        (None: the number; every Introductory weapon has one)."""
        return None

    def firing_modes(self, weapon: Weapon) -> tuple[FiringMode, ...]:
        """The weapon's modes the sheet prints as lines of their own under its line
        (none in the Introductory rules)."""
        return ()

    # RULES.md 1.8: physical attacks ----------------------------------------------------------
    def punch_damage(self, tonnage: int, missing_arm_actuators: int) -> int:
        """⌈tonnage ÷ 10⌉, halved (down) for each missing upper or lower arm actuator."""
        damage = math.ceil(Fraction(tonnage, 10))
        for _ in range(missing_arm_actuators):
            damage //= 2
        return damage

    def kick_damage(self, tonnage: int, items: tuple[Item, ...] = ()) -> int:
        """RULES.md 1.8: ⌊tonnage ÷ 5⌋. `items`: the 'Mech's (a ruleset whose items change
        it says how: talons)."""
        return math.floor(Fraction(tonnage, 5))

    def hatchet_damage(self, tonnage: int) -> int:
        return math.floor(Fraction(tonnage, 5))

    def weapon_attack(self, item: Item, tonnage: int) -> WeaponAttack | None:
        """The attack a physical weapon makes, None for an item that makes none. RULES.md
        1.8: a hatchet deals tonnage ÷ 5; it rolls on the punch table at −1 to hit (Total
        Warfare's club attacks; MegaMek `ClubAttackAction.getHitModFor`)."""
        if item.kind is ItemKind.HATCHET:
            return WeaponAttack(self.hatchet_damage(tonnage), -1, "punch", True)
        return None

    def has_tsm(self, design: Design) -> bool:
        """Whether triple-strength myomer doubles the design's physical attacks when it
        works (heat 9+): the Introductory rules have none."""
        return False

    def charge_damage_per_hex(self, tonnage: int, items: tuple[Item, ...] = ()) -> Fraction:
        """`items`: the 'Mech's (a ruleset whose items change it says how: a ram plate)."""
        return Fraction(tonnage, 10)

    def charge_damage(self, tonnage: int, hexes: int, items: tuple[Item, ...] = ()) -> int:
        """RULES.md 1.8: the per-hex damage × hexes moved, rounded up."""
        return math.ceil(self.charge_damage_per_hex(tonnage, items) * hexes)

    def death_from_above_damage(self, tonnage: int, items: tuple[Item, ...] = ()) -> int:
        """`items`: the 'Mech's (a ruleset whose items change it says how: talons)."""
        return math.ceil(Fraction(tonnage, 10) * 3)
