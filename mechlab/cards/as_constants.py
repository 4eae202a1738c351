"""alpha_strike.yaml typed once: the Alpha Strike conversion's constants as frozen dataclasses,
read exactly (fractions "3/4" as `Fraction`) and checked field by field when first asked for
(`constants()`); the conversion, its point value and the card read attributes, never keys."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from mechlab.cards.constants import typed_table

Bands3 = tuple[Fraction, Fraction, Fraction]


@dataclass(frozen=True)
class DamageSpecialRule:
    """§7.2: the bands a damage special prints, whether 0* is allowed, when it qualifies
    (`medium`: the tenth-rounded M reaches 1; `any`: any band above 0)."""

    bands: int
    minimal: bool
    qualifies: str


@dataclass(frozen=True)
class WeaponFamily:
    """§5.2 / §7.2: what a weapon family is on the card."""

    kind: str = ""  # the damage special it feeds (AC, FLK, LRM, SRM, MML, TOR)
    indirect: bool = False  # feeds IF
    tc: bool = False  # gets the targeting computer's bonus
    heat_multiplier: int = 1  # §6 step 2 (Ultra 2, Rotary 6)
    ammo_threshold: int = 10  # §5.3: shots per weapon for full value
    heat_damage: bool = False  # HT: its TW damage in the bands it reaches


@dataclass(frozen=True)
class PointValueRules:
    """§8 (ASC p. 138–141, errata 1.4): the point value's constants, step by step."""

    size_factor: Fraction
    overheat_base: Fraction
    overheat_step: Fraction
    ovl_per_ov: Fraction
    mel: Fraction
    offense_specials: Mapping[str, Fraction]
    ht_medium_bonus: Fraction
    defense_specials: Mapping[str, Fraction]
    armor_third_specials: Mapping[str, Fraction]  # × ⌊A ÷ 3⌋ (× ½ with BAR)
    offense_counted: Mapping[str, tuple[Fraction, int]]  # [per count, cap (0: none)]
    no_jump_defense_specials: tuple[str, ...]
    structure_specials: Mapping[str, tuple[int, Fraction]]  # [least S, term]
    stealth_r: int
    mas_r: int
    rhs: Mapping[str, Fraction]
    harjel: Mapping[str, Fraction]
    jmps_step: Fraction
    c3_specials: tuple[str, ...]
    c3_share: Fraction
    brawler_exempt: tuple[str, ...]
    force_specials: Mapping[str, int]
    mhq_full: int
    mhq_rate: Fraction
    move_divisor: int
    jump_bonus: Fraction
    armor_factor: int
    structure_factor: int
    low_k: Fraction
    low_k_max_tmm: int
    high_k: Fraction
    brawler_short_only_fast: Fraction
    brawler_short_only_slow: Fraction
    brawler_no_long_slow: Fraction
    brawler_min_move: int
    brawler_fast_move: tuple[int, int]
    # Step 7: BAR halves the armor factor; a BAR unit's or a weak type's structure counts less.
    bar_armor_share: Fraction
    weak_structure_factor: Fraction
    weak_structure_types: tuple[str, ...]
    # Step 4, last: the blanket offensive factor by fire control.
    fire_control_factor: Mapping[str, Fraction]
    fire_control_types: tuple[str, ...]
    fire_control_specials: tuple[str, ...]
    no_fire_control_factor: Fraction
    # Step 6: defensive terms that count only from a size up (ARM).
    sized_defense_specials: Mapping[str, Fraction]
    sized_defense_min_size: int
    # Step 4: damage specials whose long band adds to the offensive value (IATM).
    long_band_specials: tuple[str, ...] = ()
    # Step 4: numbered specials that add their number to the offensive value (MDS#).
    counted_offense_specials: tuple[str, ...] = ()
    # Step 7: specials that lower the defense factor's r (LG: 1).
    defense_factor_specials: Mapping[str, int] = field(default_factory=dict)
    # Step 4, last: offensive value × this with the special (SHLD: 0.9).
    blanket_specials: Mapping[str, Fraction] = field(default_factory=dict)


@dataclass(frozen=True)
class SkillStep:
    threshold: int
    offset: int
    divisor: int


@dataclass(frozen=True)
class SkillRules:
    """ASCE: the PV change per skill step better or worse than `base`."""

    base: int
    better: SkillStep
    worse: SkillStep


@dataclass(frozen=True)
class CriticalHit:
    name: str
    boxes: int
    effect: str


@dataclass(frozen=True)
class PrintedCard:
    """What the unit card prints besides the unit's values."""

    range_modifiers: Mapping[str, str]
    heat_scale: tuple[str, ...]
    critical_hits: tuple[CriticalHit, ...]


@dataclass(frozen=True)
class IndustrialRules:
    """What an IndustrialMech's card adds (alpha_strike.yaml `industrial`)."""

    fire_control: Mapping[str, str]  # cockpit type → AFC
    basic_fire_control: str  # every other cockpit
    sealing: tuple[str, ...]  # item ids that seal the 'Mech (SEAL)
    air_breathing_engines: tuple[str, ...]  # engines that deny SOA
    cargo: tuple[str, ...]  # item ids counted for CT#
    communications: tuple[str, ...]  # item ids counted for MHQ# and RCN
    recon_share: int  # RCN: a mount of at least tonnage ÷ this


@dataclass(frozen=True)
class AlphaStrikeConstants:
    """alpha_strike.yaml (its comments say what each constant does)."""

    unit_type: str
    unit_types: Mapping[str, str]  # a design's `unit:` → its card type
    size: tuple[tuple[int, int], ...]  # [upper bound (exclusive), SZ]
    size_max: int
    inches_per_mp: int
    tmm: tuple[tuple[int, int], ...]  # [upper bound (inclusive), TMM]
    tmm_max: int
    armor_divisor: int
    structure_tonnages: tuple[int, int, int]  # lowest, highest, step
    structure: Mapping[str, tuple[int, ...]]
    boosted_walk: Mapping[str, Fraction]  # one, both
    band_start: Mapping[str, int]
    damage_divisor: int
    minimum_range_base: int
    low_ammo_shots: int
    low_ammo_factor: Fraction
    one_shot_factor: Fraction
    cluster_hits_on_7: Mapping[int, int]
    heat_allowance: int
    run_heat: int
    engine_run_heat: Mapping[str, int]
    min_jump_heat: int
    max_overheat: int
    damage_specials: Mapping[str, DamageSpecialRule]
    mml_share: Mapping[str, Bands3]
    targeting_computer_factor: Fraction
    ht_thresholds: tuple[int, int]
    pv: PointValueRules
    skill: SkillRules
    card: PrintedCard
    families: Mapping[str, WeaponFamily]
    item_families: Mapping[str, str]
    heat_damage: Mapping[str, tuple[int, int, int]]
    equipment_specials: Mapping[str, tuple[str, ...]]
    mhq: Mapping[str, Fraction]
    explosive_families: tuple[str, ...]
    inert_ammo_families: tuple[str, ...]
    inert_items: tuple[str, ...]
    structure_rows: Mapping[str, Mapping[str, str]]
    large_structure_rows: Mapping[str, Mapping[str, str]]  # a large engine's (rating > 400)
    structure_factor: Mapping[str, Fraction]
    armor_factor: Mapping[str, Fraction]
    engine_specials: Mapping[str, str]
    armor_specials: Mapping[str, str]
    myomer_specials: Mapping[str, str]
    industrial: IndustrialRules
    signature_heat: Mapping[str, int]
    signature_heat_items: Mapping[str, int]
    signature_heat_added: Mapping[str, int]
    heat_capacity_items: Mapping[str, int]
    armor_points_items: Mapping[str, int]
    # Design path → the component words whose conversion mechlab does not implement yet.
    unconverted: Mapping[str, tuple[str, ...]]
    armor_walk_penalty: Mapping[str, int]
    engine_jump_heat: Mapping[str, Mapping[str, tuple[Fraction, int]]]
    cockpit_specials: Mapping[str, str]
    cockpit_mhq: Mapping[str, Fraction]
    counted_specials: tuple[str, ...]  # always printed with their count
    artemis_factor: Mapping[str, Fraction]  # linked fire control → × the Artemis IV values
    land_air: LandAirRules  # lane lam: land-air 'Mechs' specials and point value
    aes_weapon_factor: Fraction = Fraction(1)  # lane physical: ADVANCED_BV.md §7.1
    # Issue 28: the special of a superheavy 'Mech (ADVANCED_BV.md §7.4: SZ 4 and LG).
    superheavy_special: str = "LG"
    # Issue 28: configurations whose every weapon outside the legs forms the TUR block.
    # Issue 28: configurations whose weapons form the TUR block: `outside_legs` (a tripod's)
    # or `every` (a QuadVee's).
    turret_configurations: Mapping[str, str] = field(default_factory=dict)
    # Issue 28: the specials a configuration prints (QuadVee: QV) and its ground mode's
    # letters by the motive item it mounts (QuadVee: qt, qw; the first when it has none).
    configuration_specials: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    move_codes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # The equipment specials a TUR block carries of what it mounts (TAG, TSEMP#).
    turret_specials: tuple[str, ...] = ()
    # ADVANCED_BV.md §7.1, §7.3: artillery deals no damage on the card; each piece counts
    # in its special (`ARTAIS-2`), and that special adds this much offense per piece.
    artillery_specials: Mapping[str, str] = field(default_factory=dict)
    artillery_pv: Mapping[str, Fraction] = field(default_factory=dict)
    # Jumping MP a 'Mech with modular armor loses on the card.
    modular_jump_penalty: int = 0
    # Items explosive on the card whatever the equipment table says (the Blue Shield).
    explosive_items: tuple[str, ...] = ()

    def family(self, name: str) -> WeaponFamily:
        """A family's facts (an unlisted family has none)."""
        return self.families.get(name, NO_FAMILY)


NO_FAMILY = WeaponFamily()


@dataclass(frozen=True)
class LandAirRules:
    """lane lam: a land-air 'Mech's specials and their point value (ADVANCED_BV.md §7.4, §8)."""

    specials: Mapping[str, str]  # configuration → LAM or BIM
    fuel_points: int
    fuel_factor: Fraction
    bomb_items: tuple[str, ...]  # the items BOMB# counts (bomb bays)
    bomb_bays_per_bomb: int
    thrust_pv: Fraction  # defense: + this × the fighter move
    fast_thrust: int  # … and fast_thrust_pv more from this thrust on
    fast_thrust_pv: Fraction
    bomb_pv: Fraction  # offense per BOMB point


@cache
def constants() -> AlphaStrikeConstants:
    """alpha_strike.yaml, read and checked once."""
    return typed_table("alpha_strike", AlphaStrikeConstants)
