"""The engine JSON's shape, as pydantic models: one definition gives both the
document and its published JSON Schema (`mechlab schema`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, SerializerFunctionWrapHandler, model_serializer

# What each version added or changed: docs/engine-json.md, "Versions" (a field added,
# removed or changed in meaning moves it; each version's schema is in tests/data/).
FORMAT_VERSION = 6
LocationName = Literal[
    "head", "center_torso", "left_torso", "right_torso",
    "left_arm", "right_arm", "left_leg", "right_leg",
    "front_left_leg", "front_right_leg", "rear_left_leg", "rear_right_leg", "center_leg",
]
SlotKindName = Literal["fixed", "weapon", "ammo", "heat_sink", "jump_jet", "hatchet",
                       "physical", "equipment", "empty"]
# tech/EQUIPMENT.md's `explosive` words: always, never, or only in that state.
Explosive = Literal["yes", "no", "capacitor_only", "jammed_only", "loaded_only"]
ArcName = Literal["front", "rear", "left_arm", "right_arm"]


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SlotRef(_Out):
    location: LocationName
    slot: int  # 1-based, 1–12 (the sheet prints 1–6 per block of six)


class VehicleMovement(_Out):
    """A QuadVee's vehicle mode (CONFIGURATIONS.md §3.6; MegaMek's QuadVee getCruiseMP)."""

    motive: Literal["tracks", "wheels"]
    cruise_mp: int  # the walking MP, one more on wheels
    flank_mp: int  # ⌈1.5 × cruise⌉
    flank_boosted_mp: int | None  # 2 × cruise with a supercharger engaged; null without


class AirMechMovement(_Out):
    """A standard LAM's AirMech mode (CONFIGURATIONS.md §3.6): walking and running on the
    ground, cruising and flanking in flight."""

    walking_mp: int
    running_mp: int
    cruise_mp: int
    flank_mp: int


class FighterMovement(_Out):
    """A LAM's fighter mode (CONFIGURATIONS.md §3.6): safe and maximum thrust; each
    aerospace location with the 'Mech locations it is (MegaMek's LandAirMek
    getAeroLocation: `nose` the head and center torso, a wing its side torso and arm, `aft`
    the legs), whose armor and structure it uses; its structural integrity (the center
    torso's structure)."""

    safe_thrust: int
    max_thrust: int
    locations: dict[str, list[LocationName]]
    structural_integrity: int


class Movement(_Out):
    walking_mp: int  # as the 'Mech moves: a shield's MP taken off (MegaMek's getWalkMP)
    running_mp: int
    # Running MP with MASC or a supercharger engaged (both: ⌈2.5 × walking⌉), the number the
    # sheet prints in brackets after running_mp; null without either (format 6, audit32).
    running_boosted_mp: int | None
    jumping_mp: int  # a partial wing's MP included (standard atmosphere), a shield's taken off
    partial_wing_jump_mp: int  # of jumping_mp, the wing's: no jump heat (ADVANCED_EQUIPMENT §4.2)
    umu_mp: int  # underwater MP of the UMUs (ADVANCED_EQUIPMENT.md §4.6)
    shield_walking_mp: int  # what medium and large shields take from walking (lane sheets3)
    shield_jumping_mp: int  # …and from jumping (a large shield: every jumping MP)
    vehicle: VehicleMovement | None  # a QuadVee's vehicle mode; null for other 'Mechs
    # A LAM's other modes (lane lam); null for a 'Mech without them.
    airmech: AirMechMovement | None
    fighter: FighterMovement | None


class MovementHeat(_Out):
    """Heat a turn of movement builds (RULES.md 1.8; the 1984 rules: §2)."""

    walking: int
    running: int
    jumping_per_hex: int
    jumping_minimum: int  # jumping builds max(minimum, hexes × per hex)
    # The heat of a jump of each distance the jets reach, "1" up to the jets' MP (format 6,
    # audit32): improved jets count half the hexes (rounded up), prototype improved jets
    # max(6, 2 × hexes), an XXL engine its own rate; a partial wing's hexes make none.
    jumping_by_mp: dict[str, int]


class Component(_Out):
    """One chosen component: the design file's type word, its title, its tech (IS, Clan)."""

    type: str
    title: str
    tech: str


class Components(_Out):
    engine: Component
    gyro: Component
    cockpit: Component
    structure: Component
    armor: Component
    heat_sinks: Component
    myomer: Component


class EngineData(_Out):
    type: str  # the design's engine type word: standard (fusion), xl, light, compact
    rating: int
    maker: str | None
    tons: float | None


class HeatSinks(_Out):
    type: str  # single, double
    count: int
    integral: int  # inside the engine, no slot (RULES.md 1.4)
    dissipation: int  # heat points removed per turn with all sinks working
    partial_wing_dissipation: int  # what a working partial wing adds (3; not in dissipation)
    slotted: list[SlotRef]


class LocationArmor(_Out):
    front: int
    rear: int | None = None  # torsos only
    # Patchwork armor (lane patchwork, Tactical Operations): the location's own type; left
    # out for a 'Mech of one armor type (`components.armor`).
    type: Component | None = None

    @model_serializer(mode="wrap")
    def _without_one_type(self, handler: SerializerFunctionWrapHandler) -> object:
        out = handler(self)
        if isinstance(out, dict) and out.get("type") is None:
            out.pop("type", None)
        return out


class CriticalSlot(_Out):
    slot: int
    kind: SlotKindName
    name: str | None
    mount: int | None = None  # the id of the weapon / ammo lot / sink / jet filling it
    shots: int | None = None  # ammunition lots only
    mm_internal_name: str | None = None  # MegaMek's name of the item filling it
    hittable: bool  # False: a critical hit here is rolled again (empty, endo steel, ferro…)
    explosive: Explosive  # a hit here explodes (ammunition, Gauss rifles…)
    pod: bool = False  # an OmniMech's pod-mounted item
    armored: bool = False  # an armored component's slot (ADVANCED_COMPONENTS.md §5)


class RangeBracket(_Out):
    min: int
    max: int


class Ranges(_Out):
    short: RangeBracket
    medium: RangeBracket
    long: RangeBracket


class WeaponData(_Out):
    id: int
    name: str
    mm_internal_name: str | None
    pod: bool
    type: str  # energy, ballistic, missile, artillery, physical
    location: LocationName
    rear: bool
    arc: ArcName
    heat: int
    damage: int
    damage_per: Literal["shot", "missile"]
    missiles: int | None
    minimum_range: int | None
    ranges: Ranges | None
    # Tube artillery and Arrow IV (ADVANCED_EQUIPMENT.md §1): the reach in mapsheets, where
    # `ranges` is null; null for every other weapon (artillery cannons have hex ranges).
    artillery_mapsheets: int | None
    one_shot: bool
    ammo: list[int]  # ids of the ammunition lots it may draw from
    slots: list[SlotRef]
    turret: LocationName | None  # the location whose turret it is in (ADVANCED_EQUIPMENT §4.4)


class AmmoLot(_Out):
    id: int
    name: str
    mm_internal_name: str | None
    pod: bool
    weapon: str
    location: LocationName
    slot: int | None
    shots: int
    tons: float


class EquipmentData(_Out):
    """A mounted item that is no weapon or ammunition: sinks, jets, CASE, ECM, MASC…"""

    id: int
    name: str
    mm_internal_name: str | None
    kind: SlotKindName
    location: LocationName
    rear: bool
    pod: bool
    explosive: Explosive
    slots: list[SlotRef]
    turret: LocationName | None  # the location whose turret it is in; null: none


class Punch(_Out):
    damage: int
    to_hit_modifier: int  # +1 without a hand actuator (RULES.md 1.8)


class PhysicalWeapon(_Out):
    """A physical weapon's attack (hatchet, sword, mace, claws, retractable blade, flail,
    'Mech-mounted industrial tools): damage by the rule, to-hit modifier, hit table."""

    id: int  # the mount's id, as in `weapons` or `equipment`
    name: str
    mm_internal_name: str | None
    location: LocationName
    damage: int
    damage_with_tsm: int | None  # doubled by working triple-strength myomer; None: no TSM
    to_hit_modifier: int
    hit_table: Literal["punch", "kick"]


class DeathFromAbove(_Out):
    target_damage: int
    attacker_leg_damage: int


class PhysicalAttacks(_Out):
    punch: dict[str, Punch]
    kick: int
    club: int | None  # None when a hand is missing: clubs need both hands
    weapons: list[PhysicalWeapon]
    charge_damage_per_hex: float  # × hexes moved, rounded up (RULES.md 1.8)
    death_from_above: DeathFromAbove


class PilotData(_Out):
    name: str
    gunnery: int
    piloting: int


class WeightLine(_Out):
    component: str
    tons: float | None


class WeaponQuirkData(_Out):
    quirk: str  # MegaMek's name
    location: LocationName
    slot: int  # 1-based
    weapon: str  # MegaMek's name of the weapon


class ArmorLostData(_Out):
    front: int
    rear: int


class AmmoSpentData(_Out):
    location: LocationName
    slot: int  # 1-based: the bin's slot
    shots: int


class StateData(_Out):
    """What the unit has lost in play (docs/engine-json.md, the state file's fields)."""

    armor: dict[str, ArmorLostData]
    structure: dict[str, int]
    critical_hits: dict[str, list[int]]  # 1-based slots hit, per location
    ammo_spent: list[AmmoSpentData]
    pilot_hits: int


class FindingData(_Out):
    code: str
    severity: Literal["error", "warning"]
    path: str
    message: str
    expected: str | None
    actual: str | None
    hint: str | None
    waived: str | None = None


class AlphaStrikeData(_Out):
    """The Alpha Strike card as the Master Unit List prints it (ALPHA_STRIKE.md): its
    spellings, its order of specials, its skill-4 PV; and the PV at the pilot's skill."""

    type: Literal["BM"]
    sz: int
    tmm: int
    mv: str  # the MUL's form: 8"  8"j (jump = ground)  14"/10"j (ground/jump)
    ground_move: int  # inches
    jump_move: int  # inches, 0 without jump jets
    s: str  # damage at short range: "3", or "0*" (minimal damage)
    m: str
    l: str  # noqa: E741 — the card's own name for the long band
    ov: int
    armor: int
    structure: int
    specials: list[str]  # the MUL's spelling and order: ["CASE", "IF2", "LRM1/1/2", "OMNI"]
    role: str | None  # the design's `role:` (assigned by hand, never derived)
    pv: int  # the point value at skill 4, as the MUL publishes it
    skill: Literal[4]
    pv_pilot: int  # at the pilot's skill (ALPHA_STRIKE.md §8's skill table)
    pilot_skill: int  # the pilot's gunnery, as Alpha Strike's one skill


class EngineUnit(_Out):
    """A 'Mech as a game engine needs it, with no construction rules to know."""

    format: Literal["mechlab-engine"]
    format_version: int
    chassis: str
    model: str
    name: str
    tonnage: int
    weight_class: str  # the ruleset's class names (RULES.md 4.2: light, medium, heavy, assault)
    ruleset: str
    source: str | None
    mul_id: int | None  # the Master Unit List's id (MegaMek's `mul id:`)
    quirks: list[str]  # MegaMek's quirk names
    weapon_quirks: list[WeaponQuirkData]
    tech_base: str  # inner_sphere, clan, mixed_is, mixed_clan
    tech_base_title: str  # as players say it: Inner Sphere, Clan, Mixed (IS Chassis)…
    rules_level: str  # introductory, standard, advanced or experimental (issue 26)
    # Issue 26: the parts that set the computed level; the level the design's file
    # declares (a .mtf's `rules level:` line), null where it declares none.
    rules_level_set_by: list[str]
    declared_rules_level: str | None
    year: int | None  # the design's year (era), when its file states one
    # BattleMech or IndustrialMech (issue 21; added to format 3, backward compatible)
    unit_type: Literal["battlemech", "industrialmech"]
    configuration: Literal["biped", "quad", "tripod", "quadvee", "lam", "lam_bimodal"]
    omni: bool
    legal: bool
    findings: list[FindingData]
    movement: Movement
    movement_heat: MovementHeat
    components: Components
    engine: EngineData
    heat_sinks: HeatSinks
    armor: dict[str, LocationArmor]
    armor_tons: float
    internal_structure: dict[str, int] | None
    critical_slots: dict[str, list[CriticalSlot]]
    hit_locations: dict[str, LocationName]  # 2D6 roll (2–12) → location hit from the front
    # Format 6 (issue 28): a tripod's leg roll: where `hit_locations` names a leg, 1D6 (1–6)
    # on this table picks the leg (MegaMek's TripodMek); null for other configurations.
    leg_roll: dict[str, LocationName] | None
    builtin_case: list[LocationName]  # CASE no slot shows (STANDARD_RULES.md §9.1: Clan)
    weapons: list[WeaponData]
    ammunition: list[AmmoLot]
    equipment: list[EquipmentData]
    physical_attacks: PhysicalAttacks
    pilot: PilotData
    weights: list[WeightLine]
    total_tons: float | None
    # Battle Value and cost are null when the ruleset defines none (battledroids).
    battle_value: int | None  # BV2, base (BV_COST.md §1)
    battle_value_pilot: int | None  # adjusted for the pilot's gunnery and piloting (1.4)
    battle_value_breakdown: dict[str, Any] | None
    cost: int | None  # C-bills with ammunition, as the Master Unit List publishes it
    cost_dry: int | None  # without ammunition
    cost_breakdown: dict[str, Any] | None
    # Null when the ruleset has no Alpha Strike conversion (battledroids), as for BV.
    alpha_strike: AlphaStrikeData | None
    # The damage state the unit was written with (`build --state`), else null (format 5).
    state: StateData | None


def json_schema() -> dict[str, object]:
    schema = EngineUnit.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://mechlab.invalid/schema/engine-v{FORMAT_VERSION}.json"
    return schema
