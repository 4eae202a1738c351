"""What a record sheet says, before any geometry: rows and labels (RULES.md 4.1; the
critical table's runs of slots are slots.py's).

Pure functions of a resolved 'Mech and its assessment. The layout module places these; the painters
draw the result. Nothing here knows a coordinate.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mechlab.core.equipment import ItemKind, Weapon
from mechlab.core.findings import Finding, Severity
from mechlab.core.locations import Location
from mechlab.model.mech import Mech, MountedItem
from mechlab.model.movement import movement
from mechlab.rulesets.content_level import rules_level

if TYPE_CHECKING:
    from mechlab.assess import Values


@dataclass(frozen=True)
class InventoryRow:
    quantity: int
    type: str
    location: str
    heat: str
    damage: str
    minimum: str
    short: str
    medium: str
    long: str
    # A line of the weapon above it (an MML's LRM and SRM modes): no quantity, location
    # or heat of its own.
    mode: bool = False

    @property
    def quantity_text(self) -> str:
        return "" if self.mode else str(self.quantity)

    @property
    def display_type(self) -> str:
        """The Type cell: a mode's line indented under its weapon's."""
        return f"   {self.type}" if self.mode else self.type


@dataclass(frozen=True)
class AmmoRow:
    type: str
    location: str
    shots: int


NO_RANGE = "—"


def _bracket(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def range_texts(weapon: Weapon) -> tuple[str, str, str]:
    if weapon.category == "artillery" and weapon.ranges is None and weapon.extreme_range:
        # ADVANCED_EQUIPMENT.md §2: tube artillery and Arrow IV reach in mapsheets (the
        # table's extreme range), printed "maps 18" over the medium and long cells (each
        # as narrow as "6-10"); artillery cannons print their hex bands.
        return (NO_RANGE, "maps", str(weapon.extreme_range))
    return band_texts(weapon.ranges)


def band_texts(ranges: tuple[int, int, int] | None) -> tuple[str, str, str]:
    """'1-3', '4-6', '7-9': each band from the hex after the last one's end to its own. A
    band that ends where the one before it does adds no hex and prints "—", as published
    sheets print it (a heavy machine gun's 1/2/2: `1`, `2`, `—`; an AMS's 1/1/1: `1`, `—`,
    `—`), so no cell's low end exceeds its high end; no ranges at all: "—" in each."""
    if ranges is None:
        return (NO_RANGE, NO_RANGE, NO_RANGE)
    texts, low = [], 1
    for end in ranges:
        texts.append(_bracket(low, end) if end >= low else NO_RANGE)
        low = max(low, end + 1)
    return (texts[0], texts[1], texts[2])


def damage_text(mech: Mech, mount: MountedItem) -> str:
    weapon = mount.item.weapon
    attack = mech.ruleset.weapon_attack(mount.item, mech.tonnage)
    if attack is not None:  # hatchet, sword, mace, claws…: damage by the rule (issue 31)
        return str(attack.damage)
    if mount.item.kind is not ItemKind.WEAPON:
        return "—"
    printed = mech.ruleset.printed_damage(weapon)
    if printed is not None:
        return printed
    if weapon.missiles:
        return f"{weapon.damage}/Msl"
    return str(weapon.damage)


def location_text(mount: MountedItem) -> str:
    return "/".join(loc.abbreviation for loc in mount.locations)


def inventory(mech: Mech) -> list[InventoryRow]:
    """Weapons, then the equipment the design lists (CASE, ECM, MASC, swords…: no sinks,
    jets or structure and armor slots), identical ones in one location aggregated, rear
    mounts marked (R); a weapon with firing modes (an MML) followed by a line per mode."""
    keys: list[tuple[str, str, bool]] = []
    rows: dict[tuple[str, str, bool], InventoryRow] = {}
    counts: Counter[tuple[str, str, bool]] = Counter()
    modes: dict[tuple[str, str, bool], tuple[InventoryRow, ...]] = {}
    listed = [m for m in mech.mounts_of(ItemKind.EQUIPMENT, ItemKind.PHYSICAL)
              if m.path.startswith("equipment") and not m.piece]
    for mount in (*mech.weapons, *listed):
        # MegaMekLab's inventory marks a turret mount "(T)" as the critical table does
        # (ADVANCED_EQUIPMENT.md §4.4): a player reads the arc from the weapon's line.
        key = (mount.name + (" (T)" if mount.turret else ""), _where(mech, mount), mount.rear)
        counts[key] += 1
        if key in rows:
            continue
        keys.append(key)
        weapon = mount.item.weapon
        short, medium, long = range_texts(weapon)
        rows[key] = InventoryRow(
            quantity=0,
            type=key[0] + (" (R)" if mount.rear else ""),
            location=key[1],
            # a vibroblade's heat when active (Tactical Operations; MegaMekLab prints it)
            heat=str(weapon.heat) if mount.item.kind is ItemKind.WEAPON or (
                mount.item.kind is ItemKind.PHYSICAL and weapon.heat) else "—",
            damage=damage_text(mech, mount),
            minimum=str(weapon.minimum) if weapon.minimum else "—",
            short=short,
            medium=medium,
            long=long,
        )
        modes[key] = _mode_rows(mech, weapon)
        if modes[key]:  # the modes' lines say what it does (MegaMekLab's MML line)
            rows[key] = replace(rows[key], damage="", minimum="", short="", medium="", long="")
    return [line for key in keys
            for line in (_with_quantity(rows[key], counts[key]), *modes[key])]


def _mode_rows(mech: Mech, weapon: Weapon) -> tuple[InventoryRow, ...]:
    """A line per firing mode the ruleset names for the weapon (MegaMekLab's MML: "LRM",
    "SRM" under the launcher), with the mode's damage, minimum range and bands."""
    return tuple(InventoryRow(0, mode.name, "", "", mode.damage,
                              str(mode.minimum) if mode.minimum else "—",
                              *band_texts(mode.ranges), mode=True)
                 for mode in mech.ruleset.firing_modes(weapon))


def _where(mech: Mech, mount: MountedItem) -> str:
    """The location column: `All` for an item with a slot in every location
    (environmental sealing); one or two locations by name ("LT/RT": a partial wing); a
    quad's four legs "Legs", the three torsos "R/L/CT", any other spread "*" (MegaMekLab's
    inventory joins at most two location names: a chameleon shield's seven would not fit
    the column; the critical table says where its slots are)."""
    if spans_all(mech, mount):
        return "All"
    locations = mount.locations
    if len(locations) <= 2:
        return location_text(mount)
    if all(loc.is_leg for loc in locations) and len(locations) == 4:
        return "Legs"
    if all(loc.is_torso for loc in locations) and len(locations) == 3:
        return "R/L/CT"
    return "*"


def spans_all(mech: Mech, mount: MountedItem) -> bool:
    """An item with a slot in every location (environmental sealing)."""
    return len(mount.locations) > 1 and set(mount.locations) == set(mech.locations)


def _with_quantity(row: InventoryRow, quantity: int) -> InventoryRow:
    return replace(row, quantity=quantity)


def ammunition(mech: Mech) -> list[AmmoRow]:
    """Shots per ammunition type and location, in the order the lots appear."""
    shots: dict[tuple[str, str], int] = {}
    for lot in mech.ammo:
        # Half-ton lots count with the full ones: "Ammo (Machine Gun)", "LRM 20 Ammo".
        key = (lot.name.replace(" (1/2)", ""), lot.location.abbreviation)
        shots[key] = shots.get(key, 0) + (lot.item.shots or 0)
    return [AmmoRow(name, where, n) for (name, where), n in shots.items()]


def ammo_type(weapon: Weapon) -> str:
    """The weapon an ammunition lot feeds, as the Quick-Start sheet's Ammo Type column and
    the 1984 spellings name it: `LRM 20` for the Introductory `Ammo (LRM 20)` (whose weapon
    is the launcher) and for the Standard catalogue's `LRM 20 Ammo` alike; a special kind
    keeps its word (`Armor-Piercing AC/10`)."""
    return weapon.name.replace(" (1/2)", "").removesuffix(" Ammo")


def armor_label(location: Location, value: int, rear: bool = False) -> str:
    """'Left Arm (13)', 'Center Torso Rear (11)'."""
    return f"{location.title}{' Rear' if rear else ''} ({value})"


def component_types(mech: Mech) -> dict[str, str]:
    """Each component's type as a Technical Readout prints it beside its weight ("XL",
    "Endo Steel", "(34) Double"; the readout and the 1984-style sheet); blank where the
    ruleset's readout states none (the Introductory one: RULES.md's 'Mech has one of each)
    and for a standard part."""
    keys = ("engine", "structure", "armor", "heat_sinks", "gyro", "cockpit")
    if not mech.ruleset.sheet_states_technology:
        return dict.fromkeys(keys, "")
    titles = mech.ruleset.component_titles(mech.design)
    out = {key: "" if titles[key][0] == "standard" else titles[key][1] for key in keys}
    out["engine"] = titles["engine"][1]
    out["heat_sinks"] = f"({mech.heat_dissipation}) {titles['heat_sinks'][1]}"
    return out


def armor_type_groups(mech: Mech) -> tuple[str, ...]:
    """Patchwork armor (Tactical Operations: a type per location): each type with the
    locations that wear it, in the order of the 'Mech's locations ("Reactive: LA, RA, LL,
    RL"); empty for a 'Mech of one armor type."""
    types = mech.ruleset.armor_types_by_location(mech.design)
    groups: dict[str, list[str]] = {}
    for location in mech.locations:
        if location in types:
            groups.setdefault(types[location][1], []).append(location.abbreviation)
    return tuple(f"{title}: {', '.join(where)}" for title, where in groups.items())


def walking_text(mech: Mech) -> str:
    """The walking MP the 'Mech moves with: a medium or large shield's MP taken off
    (MegaMekLab's sheet prints MegaMek's getWalkMP; model/movement.py)."""
    return str(movement(mech).walking_mp)


def running_text(mech: Mech) -> str:
    """'8 [10]': the running MP, and in brackets the running MP with MASC or a
    supercharger engaged, as published record sheets print it; '8' without either."""
    mp = movement(mech)
    return f"{mp.running_mp}" + (f" [{mp.sprint_mp}]" if mp.sprint_mp is not None else "")


def jumping_cell(mech: Mech) -> tuple[str, str]:
    """The third movement cell: 'Jumping MP:' with a partial wing's MP in it and a
    shield's taken off (ADVANCED_EQUIPMENT.md §4.2: 2 up to 55 t, 1 above, in a standard
    atmosphere; its heat is the jets' only), or 'UMU MP:' on a 'Mech with UMUs (never with
    jets: E-UMU-JUMP)."""
    mp = movement(mech)
    if mp.umu_mp and not mech.jumping_mp:
        return "UMU MP:", str(mp.umu_mp)
    return "Jumping MP:", str(mp.jumping_mp)


def vehicle_cells(mech: Mech) -> list[tuple[str, str]]:
    """A QuadVee's vehicle-mode line (MegaMekLab's mek_quadvee sheet: the motive, cruise
    and flank MP, the flank with a supercharger in brackets); [] for other 'Mechs."""
    mode = movement(mech).vehicle
    if mode is None:
        return []
    boosted = f" [{mode.flank_boosted_mp}]" if mode.flank_boosted_mp is not None else ""
    return [("Vehicle Mode:", mode.motive), ("Cruise MP:", str(mode.cruise_mp)),
            ("Flank MP:", f"{mode.flank_mp}{boosted}")]


def heat_sink_text(mech: Mech) -> str:
    """RULES.md 4.1: sinks "15 (15)": count and dissipation, a partial wing's 3 in it
    (MegaMekLab's sheet: the count and MegaMek's heat capacity, wing included)."""
    return f"{mech.heat_sinks} ({mech.heat_dissipation + movement(mech).partial_wing_heat})"


def partial_wing_note(mech: Mech) -> str:
    """'(Partial Wing +3)' under the heat sinks, as MegaMekLab's sheet prints it; ''."""
    heat = movement(mech).partial_wing_heat
    return f"(Partial Wing +{heat})" if heat else ""


# (label, value, share of the row's width): one row of the technology lines.
TechRow = list[tuple[str, str, float]]


def technology(mech: Mech) -> list[TechRow]:
    """What a Standard sheet states of the 'Mech's technology (issue 20), in rows under the
    movement line: tech base, rules level and era; engine, structure and armor; heat sinks
    (double sinks so named), gyro and cockpit; myomer when not standard. [] where the
    ruleset's sheet states none (RULES.md 4.1: the Introductory sheet)."""
    ruleset, design = mech.ruleset, mech.design
    if not ruleset.sheet_states_technology:
        return []
    chassis = ruleset.chassis_tech(design)
    parts = ruleset.component_titles(design)

    def named(key: str) -> str:
        _, title, tech = parts[key]
        return title if tech == chassis else f"{title} ({tech})"

    level = rules_level(design, ruleset)  # computed from the content (issue 26)
    first = [("Tech Base:", ruleset.tech_base_title(design), 1.25),
             ("Rules Level:", level.title, 1.1)]
    if design.era is not None:
        first.append(("Era:", str(design.era), 0.65))
    rows = [first,
            # ADVANCED_COMPONENTS.md §1.1: a large engine says so (`420 Large XXL`).
            [("Engine:", f"{mech.engine_rating} "
              f"{'Large ' if ruleset.is_large_engine(mech.engine_rating) else ''}"
              f"{named('engine')}", 1.0),
             ("Structure:", named("structure"), 1.0), ("Armor:", named("armor"), 1.0)],
            [("Heat Sinks:", f"{heat_sink_text(mech)} {named('heat_sinks')}", 1.3),
             ("Gyro:", named("gyro"), 0.8), ("Cockpit:", named("cockpit"), 0.9)]]
    if parts["myomer"][0] != "standard":
        rows.append([("Myomer:", named("myomer"), 1.0)])
    return rows


def heat_effects(mech: Mech) -> dict[int, str]:
    """The ruleset's heat scale effects (RULES.md 1.8), by the level where each starts."""
    return dict(mech.ruleset.heat_scale)


def illegal_codes(findings: tuple[Finding, ...] | list[Finding]) -> list[str]:
    """The error codes of an illegal design (its file's own contradictions first), every
    one once, in order; [] when it is legal. The sheet prints the verdict it is given:
    it never validates."""
    return list(dict.fromkeys(f.code for f in findings if f.severity is Severity.ERROR))


def value_texts(values: Values | None, bv_adjusted: int | None) -> tuple[str, str, str]:
    """(BV, pilot-adjusted BV, cost) as the 'Mech Data block prints them; a ruleset without
    values (the 1984 book) gets a dash, never an invented number."""
    if values is None or bv_adjusted is None:
        return "—", "—", "—"
    return f"{values.bv:,}", f"{bv_adjusted:,}", f"{values.cost.total:,} C"
