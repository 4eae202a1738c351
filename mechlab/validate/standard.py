"""Standard-rules checks of the chassis (STANDARD_RULES.md §0–§8, §11): refusals, tech
base, component slots, heat sinks, jump jets, myomer and OmniMech rules.

One function, one code; the numbers come from the 'Mech's ruleset (`Standard`), whose
tables are standard.yaml and tech/equipment.tsv.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, cast

from mechlab.core.equipment import ItemKind
from mechlab.core.findings import Finding, counted, error
from mechlab.core.locations import Location
from mechlab.model.mech import Mech, MountedItem
from mechlab.rulesets.construction import slots_named
from mechlab.validate.chassis import lifts_jump_caps

if TYPE_CHECKING:
    from mechlab.rulesets.standard import Standard
    from mechlab.rulesets.standard.components import Component

TECH_NAMES = {"IS": "Inner Sphere", "Clan": "Clan", "All": "both tech bases", "both": "both"}
MIXED_FOR = {"IS": "Mixed (IS Chassis)", "Clan": "Mixed (Clan Chassis)"}


def _std(mech: Mech) -> Standard:
    return cast("Standard", mech.ruleset)


def _where(location: Location) -> str:
    return f"the {location.title.lower()}"


# §0.3 Refusals ------------------------------------------------------------------------------

def components_within_standard(mech: Mech) -> Iterator[Finding]:
    """R-COMPONENT: every component is one of rules level 1–2; anything above is refused.

    STANDARD_RULES.md §0.3: a component type the tables mark refused (an XXL engine, a
    command console, …) is named with the rules level it needs, and so is a large engine
    (a rating of 405–500, tonnage × Walking MP when the design states none): the design is
    judged under a higher level than Standard. Path: the component's field (`engine.type`,
    `gyro`, `cockpit`, `structure.type`, `armor.type`, `heat_sinks.type`, `myomer.type`,
    `ejection`), or `walking_mp` for a large engine."""
    for code, path, text in mech.ruleset.refusals(mech.design):
        if code == "R-COMPONENT":
            yield error(code, path, text, expected="rules level 1–2",
                        hint="choose a Standard option, or judge the design elsewhere")


def items_within_standard(mech: Mech) -> Iterator[Finding]:
    """R-ITEM: every item is of rules level 1–2 and weighs a multiple of a quarter ton.

    STANDARD_RULES.md §0.3 with equipment.tsv `rules_level`: an item of level 3 or above is
    refused, naming the level it needs; so is an item whose weight is not a multiple of
    0.25 t, since a 'Mech mounts items in quarter tons. An item the catalogue does not know
    is not judged here (bad input, or E-ITEM-UNAVAILABLE for a design of another ruleset).
    Path: `equipment[i].item`."""
    for code, path, text in mech.ruleset.refusals(mech.design):
        if code == "R-ITEM":
            yield error(code, path, text, expected="rules level 1–2",
                        hint="replace it with a Standard item (mechlab items)")


# §1.2 Tech base -------------------------------------------------------------------------------

def tech_base_allows_everything(mech: Mech) -> Iterator[Finding]:
    """E-TECHBASE: an Inner Sphere unit mounts Inner Sphere or both-base parts, a Clan unit Clan or
    both; a Mixed unit anything.

    STANDARD_RULES.md §1.2. Each component type (engine, gyro, cockpit, structure, armor,
    heat sinks, myomer, ejection) must exist for the chassis's tech base; on a Mixed 'Mech
    only a component whose version the design names (`engine.tech`, `structure.tech`,
    `armor.tech`, `heat_sinks.tech`, §1.3) is checked, against that version. On a unit that
    is not Mixed, every item's equipment.tsv tech base is the chassis's or both; the
    retractable blade is allowed on either (§9.4 Decision). Refused components, and
    IndustrialMech-only ones on a BattleMech, are left to R-COMPONENT and
    E-INDUSTRIAL-ONLY. Path: the component's field
    (`engine.type`, `armor.type`, …) or, once per entry, the item's entry: `equipment[i]`
    (`heat_sinks`, `jumping_mp`, `structure`, `armor` or `myomer` for what mechlab places
    itself)."""
    rules, design = _std(mech), mech.design
    techs = {"engine": design.engine.tech, "structure": design.structure.tech,
             "armor": design.armor.tech, "heat sinks": design.heat_sinks.tech}
    for path, what, word, rows in rules.component_choices(design):
        row = rows.get(word)
        if row is None or row.refused or (row.industrial_only and not mech.is_industrial):
            continue
        named = techs.get(what)  # §1.3: only a Mixed 'Mech's named version counts
        if rules.is_mixed(design) and named is None:
            continue  # §1.2: a Mixed 'Mech mounts either version; unnamed is what exists
        tech = rules.component_tech(design, named)
        if not row.allows(tech):
            yield _tech_error(mech, path, f"{row.title} {what}", row.tech, tech)
    if rules.is_mixed(design):
        return
    own = rules.chassis_tech(design)
    yield from _foreign_versions(mech, techs, own)
    seen: set[str] = set()
    for mount in mech.mounts:
        tech = mount.item.weapon.tech_base
        if tech in ("All", own) or mount.path in seen:
            continue
        if mount.item.weapon.id in rules.derived.get("any_tech_base", ()):
            continue  # §9.4 Decision: the retractable blade on Clan 'Mechs
        seen.add(mount.path)
        yield _tech_error(mech, mount.path, mount.name, tech, own)


def _foreign_versions(mech: Mech, techs: Mapping[str, str | None], own: str
                      ) -> Iterator[Finding]:
    """A component whose `tech:` names the other base's version on a unit that is not
    Mixed (`engine: {type: xl, tech: clan}` on an Inner Sphere 'Mech): STANDARD_RULES.md
    §1.3, only a Mixed unit chooses a version (MegaMek's `TestEntity` fails a non-mixed
    unit with a component of the other tech base). Reported, never dropped."""
    for what, named in techs.items():
        if named is None:
            continue
        version = "Clan" if named == "clan" else "IS"
        if version != own:
            path = f"{what.replace(' ', '_')}.tech"
            yield error("E-TECHBASE", path,
                        f"{named} names the {TECH_NAMES[version]} version of the "
                        f"{what}; this unit is {TECH_NAMES[own]}, not Mixed",
                        expected=f"{TECH_NAMES[own]} (no tech:)", actual=named,
                        hint=f"remove {path}, or set tech_base: "
                             f"{'mixed_is' if own == 'IS' else 'mixed_clan'} "
                             f"({MIXED_FOR[own]})")


def _tech_error(mech: Mech, path: str, what: str, its: str, unit: str) -> Finding:
    its_name = TECH_NAMES.get(its, its)
    return error(
        "E-TECHBASE", path,
        f"{what} is {its_name} only; this unit is {TECH_NAMES[unit]}",
        expected=f"{TECH_NAMES[unit]} or both", actual=its_name,
        hint=f"use the {TECH_NAMES[unit]} version, or tech_base: "
             f"{'mixed_is' if unit == 'IS' else 'mixed_clan'} ({MIXED_FOR[unit]})")


def no_industrial_parts(mech: Mech) -> Iterator[Finding]:
    """E-INDUSTRIAL-ONLY: a BattleMech mounts no IndustrialMech-only component or item.

    STANDARD_RULES.md §0.3 and §8.2: the component types standard.yaml marks
    `industrial_only` (industrial structure, industrial cockpits, commercial armor,
    industrial TSM) and the items its derived set `industrial_only` lists (industrial
    TSM, environmental sealing, extended fuel tanks, the light fluid suction system,
    dumpers); an ICE, fuel-cell or fission engine on a BattleMech is refused
    (R-COMPONENT). Path: the component's field (`structure.type`, `cockpit`,
    `armor.type`, `myomer.type`) or, once per entry, the item's entry:
    `equipment[i]` (`myomer` for industrial TSM slots mechlab places itself). An
    IndustrialMech (`unit: industrialmech`) may use them."""
    rules = _std(mech)
    if mech.is_industrial:
        return
    for path, what, word, rows in rules.component_choices(mech.design):
        row = rows.get(word)
        if row is not None and row.industrial_only:
            yield error("E-INDUSTRIAL-ONLY", path,
                        f"{row.title.lower()} {what} is for IndustrialMechs only",
                        expected="a BattleMech component", actual=row.title,
                        hint=f"choose a BattleMech {what}, or set unit: industrialmech")
    for mount in mech.one_per_entry:
        if mount.item.weapon.id in rules.derived["industrial_only"]:
            yield error("E-INDUSTRIAL-ONLY", mount.path,
                        f"{mount.name} is for IndustrialMechs only",
                        expected="a BattleMech item", actual=mount.name,
                        hint="remove it, or set unit: industrialmech")


def _unique(mounts: tuple[MountedItem, ...]) -> Iterator[MountedItem]:
    """One mount per design entry (an entry with `count: 3` is reported once)."""
    seen: set[str] = set()
    for mount in mounts:
        if mount.path not in seen:
            seen.add(mount.path)
            yield mount


# §2.3, §6.2, §8.2 Spread slots ---------------------------------------------------------------

def _spread_count(mech: Mech, row: Component | None, tech_named: str | None
                  ) -> tuple[int, int]:
    """The fewest and most slots the pieces take: as many as there are pieces; on a
    superheavy (CONFIGURATIONS.md §1.3) two pieces may share a slot, so from half of them,
    rounded up (OMEGA SHP-4X: 7 of IS endo steel's 14; Poseidon PSD-V2: 8)."""
    if row is None or row.refused:
        return 0, 0
    pieces = row.slots_for(_std(mech).component_tech(mech.design, tech_named))
    return _std(mech).slots_on(mech.design, pieces), pieces


def structure_slots_as_table(mech: Mech) -> Iterator[Finding]:
    """E-STRUCTURE-SLOTS: the structure slots a design places add up to the count its structure type
    takes.

    STANDARD_RULES.md §2.2–§2.3: the count is the structure table's for the type and its
    tech (0 for a type without slots). Checked only when the design places the slots
    itself; without `structure.slots` mechlab places them. Path: `structure.slots`."""
    design = mech.design
    row = _std(mech).structure_type(design)
    yield from _spread_total(mech, "E-STRUCTURE-SLOTS", "structure.slots",
                             f"{row.title.lower() if row else design.structure.type} structure",
                             _spread_count(mech, row, design.structure.tech),
                             slots_named(design.structure.slots))


def armor_slots_as_table(mech: Mech) -> Iterator[Finding]:
    """E-ARMOR-SLOTS: the armor slots a design places add up to the count its armor type takes.

    STANDARD_RULES.md §6.1–§6.2: the count is the armor table's for the type and its tech
    (0 for a type without slots). Checked only when the design places the slots itself;
    without `armor.slots` mechlab places them. Stealth armor's per-location rule is
    E-STEALTH-SLOTS, patchwork armor's E-PATCHWORK-SLOTS. Path: `armor.slots`."""
    design = mech.design
    if _std(mech).is_patchwork(design):
        return  # each location's own count: E-PATCHWORK-SLOTS
    row = _std(mech).armor_type(design)
    yield from _spread_total(mech, "E-ARMOR-SLOTS", "armor.slots",
                             f"{row.title.lower() if row else design.armor.type} armor",
                             _spread_count(mech, row, design.armor.tech),
                             slots_named(design.armor.slots))


def tsm_has_six_slots(mech: Mech) -> Iterator[Finding]:
    """E-TSM-SLOTS: the triple-strength myomer slots a design places number exactly 6.

    STANDARD_RULES.md §8.2: TSM takes 6 one-slot pieces in any locations (the count is the
    TSM item's in equipment.tsv, an IndustrialMech's industrial TSM 12; a myomer without
    slots takes 0). Checked only when the
    design places the slots itself; without `myomer.slots` mechlab places them. Path:
    `myomer.slots`."""
    design = mech.design
    row = _std(mech).myomer_type(design)
    needed = 0
    if row is not None and row.item:
        needed = _std(mech).items.item(row.item["IS"]).weapon.slots
    yield from _spread_total(mech, "E-TSM-SLOTS", "myomer.slots",
                             f"{row.title.lower() if row else design.myomer.type} myomer",
                             needed, slots_named(design.myomer.slots))


def _spread_total(mech: Mech, code: str, path: str, what: str, needed: int | tuple[int, int],
                  given: int | None) -> Iterator[Finding]:
    least, most = needed if isinstance(needed, tuple) else (needed, needed)
    if given is not None and not least <= given <= most:
        takes = counted(most, "slot") if least == most else f"{least} to {most} slots"
        yield error(code, path, f"{what} takes {takes}; the design gives "
                    f"{given}", expected=str(most) if least == most else f"{least}–{most}",
                    actual=str(given),
                    hint=f"place {takes} in all, or drop `slots` to place them automatically")


def stealth_two_per_location(mech: Mech) -> Iterator[Finding]:
    """E-STEALTH-SLOTS: stealth armor fills exactly 2 slots in each arm, leg and side torso, and
    none elsewhere.

    STANDARD_RULES.md §6.2; a quad's are 2 in each leg and each side torso (§10). Counted
    per location over the armor's slots as placed (by the design or by mechlab); the total
    is E-ARMOR-SLOTS. Path: the location's slots, `armor.slots.<location>` (for example
    `armor.slots.left_arm`)."""
    row = _std(mech).armor_type(mech.design)
    if row is None or not row.per_location:
        return
    spread = next((s for s in mech.ruleset.spread_items(mech.design) if s.path == "armor"),
                  None)
    if spread is None:
        return
    held = Counter(m.location for m in mech.mounts if m.path == "armor" and m.placed)
    for location in spread.locations:
        if held[location] != row.per_location:
            yield error(
                "E-STEALTH-SLOTS", f"armor.slots.{location.value}",
                f"{_where(location)} holds {counted(held[location], 'stealth slot')}, needs "
                f"{row.per_location}", expected=str(row.per_location),
                actual=str(held[location]),
                hint="stealth armor takes 2 slots in each arm, leg and side torso")
    for location, count in held.items():
        if location not in spread.locations:
            yield error("E-STEALTH-SLOTS", f"armor.slots.{location.value}",
                        f"{_where(location)} holds {counted(count, 'stealth slot')}, needs 0",
                        expected="0", actual=str(count),
                        hint="stealth slots go in the arms, legs and side torsos only")


def stealth_needs_ecm(mech: Mech) -> Iterator[Finding]:
    """E-STEALTH-ECM: stealth armor works only with an ECM suite on the 'Mech.

    STANDARD_RULES.md §6.3: any of the ECM suites standard.yaml's derived set `ecm` lists
    (Guardian, Clan, Angel, Watchdog CEWS), anywhere on the 'Mech. Path: `armor.type`."""
    rules = _std(mech)
    row = rules.armor_type(mech.design)
    if row is None or not row.per_location:
        return
    if not any(m.item.weapon.id in rules.derived["ecm"] for m in mech.mounts):
        yield error("E-STEALTH-ECM", "armor.type", "stealth armor without an ECM suite",
                    expected="an ECM suite", actual="none",
                    hint="mount a Guardian ECM Suite (or an Angel ECM Suite)")


# §7 Heat sinks ------------------------------------------------------------------------------

def heat_sinks_of_one_type(mech: Mech) -> Iterator[Finding]:
    """E-HEATSINK-TYPE: every heat sink in a slot is of the type and tech `heat_sinks` declares.

    STANDARD_RULES.md §7 rule 3: one type per 'Mech; a Mixed 'Mech may use the other base's
    double sinks only if `heat_sinks.tech` names them. The sinks mechlab places itself are of
    the declared kind, so the listed ones are checked. Path: the sink's entry, once per
    entry: `equipment[i]`."""
    declared = mech.ruleset.heat_sink_item(mech.design)
    kind = _std(mech).heat_sink_kind(mech.design)
    # §7.2: prototype doubles by singles; ADVANCED_COMPONENTS.md §6.1: a single compact sink
    # by the pairs (the type's `holds`).
    beside = {**kind.beside, **kind.holds} if kind is not None else {}
    for mount in mech.one_per_entry:
        if mount.item.kind is ItemKind.HEAT_SINK and mount.item != declared \
                and mount.item.weapon.id not in beside:
            yield error(
                "E-HEATSINK-TYPE", mount.path,
                f"{_tech_name(mount)} {mount.name.lower()} on a 'Mech of "
                f"{_tech_name_of(declared.weapon.tech_base)} "
                f"{declared.name.lower()}s", expected=declared.name, actual=mount.name,
                hint="one kind of heat sink per 'Mech: list the declared kind, or change "
                     "heat_sinks.type")


def _tech_name(mount: MountedItem) -> str:
    return _tech_name_of(mount.item.weapon.tech_base)


def _tech_name_of(tech: str) -> str:
    return {"IS": "Inner Sphere", "Clan": "Clan"}.get(tech, "").strip() or "standard"


# §8.1 Jump jets ---------------------------------------------------------------------------------

def _jet_kinds(mech: Mech) -> set[str]:
    return {m.item.weapon.jet_type for m in mech.jump_jets}


def jump_not_over_run(mech: Mech) -> Iterator[Finding]:
    """E-JUMP-GT-RUN: with improved jump jets, Jumping MP is at most Running MP.

    STANDARD_RULES.md §8.1: Running MP is ⌈1.5 × Walking MP⌉, and MASC or a supercharger
    never raise the limit. Standard jets are held to Walking MP (E-JUMP-GT-WALK). Path:
    `jumping_mp`."""
    if "improved" in _jet_kinds(mech) and mech.jumping_mp > mech.running_mp \
            and not lifts_jump_caps(mech):
        yield error("E-JUMP-GT-RUN", "jumping_mp",
                    f"Jumping MP {mech.jumping_mp} > Running MP {mech.running_mp}",
                    expected=f"≤ {mech.running_mp}", actual=str(mech.jumping_mp),
                    hint="remove improved jump jets, or walk faster")


def jump_jets_of_one_kind(mech: Mech) -> Iterator[Finding]:
    """E-JUMP-MIXED: a 'Mech's jump jets are all standard or all improved.

    STANDARD_RULES.md §8.1 (MegaMek takes the first jet's kind for the whole 'Mech). Path:
    the first improved jet's entry, `equipment[i]` (`jumping_mp` for jets mechlab places
    itself)."""
    if len(_jet_kinds(mech)) > 1:
        jet = next(m for m in mech.jump_jets if m.item.weapon.jet_type == "improved")
        yield error("E-JUMP-MIXED", jet.path, "standard and improved jump jets together",
                    expected="one kind", actual="standard and improved",
                    hint="use one kind of jump jet")
