"""Standard-rules checks of the equipment (STANDARD_RULES.md §8.2–§10, §14.1): MASC,
superchargers, targeting computers, CASE, Artemis, physical weapons, quads, location
restrictions and introduction years."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from mechlab.core.equipment import ItemKind
from mechlab.core.findings import Finding, counted, error, warning
from mechlab.core.locations import Location
from mechlab.model.mech import Mech, MountedItem
from mechlab.validate.standard import _std, _unique, _where

# equipment.tsv `location_restrictions` → (allowed?, what the finding says).
_RESTRICTIONS: dict[str, tuple[Callable[[Location], bool], str]] = {
    "torso": (lambda loc: loc.is_torso, "a torso"),
    "side_torso": (lambda loc: loc in (Location.LEFT_TORSO, Location.RIGHT_TORSO),
                   "a side torso"),
    "leg": (lambda loc: loc.is_leg, "a leg"),
    "arm": (lambda loc: loc.is_arm, "an arm"),
    "head": (lambda loc: loc is Location.HEAD, "the head"),
    "not_head;not_leg": (lambda loc: loc is not Location.HEAD and not loc.is_leg,
                         "a torso or an arm"),
}


# §8.2 MASC, TSM, supercharger -----------------------------------------------------------------

def _of(mech: Mech, key: str) -> list[MountedItem]:
    ids = _std(mech).derived[key]
    if mech.item_ids.isdisjoint(ids):
        return []  # most 'Mechs mount none of them
    return [m for m in mech.mounts if m.item.weapon.id in ids]


def one_masc(mech: Mech) -> Iterator[Finding]:
    """E-MASC-COUNT: a 'Mech mounts at most one MASC.

    STANDARD_RULES.md §8.2. Every MASC mounted counts (an entry with `count: 2` is two).
    Path: the last MASC's entry, `equipment[i]`."""
    yield from _at_most_one(_of(mech, "masc"), "E-MASC-COUNT", "MASC")


def one_supercharger(mech: Mech) -> Iterator[Finding]:
    """E-SUPERCHARGER-COUNT: a 'Mech mounts at most one supercharger.

    STANDARD_RULES.md §8.2. Every supercharger mounted counts (an entry with `count: 2` is
    two). Path: the last supercharger's entry, `equipment[i]`."""
    yield from _at_most_one(_of(mech, "supercharger"), "E-SUPERCHARGER-COUNT", "supercharger")


def one_targeting_computer(mech: Mech) -> Iterator[Finding]:
    """E-TC-COUNT: a 'Mech mounts at most one targeting computer.

    STANDARD_RULES.md §9.3. Each entry counts once; one computer written as parts in
    several locations whose stated `slots` add up to its size is E-TC-LOCATION instead.
    Path: the last targeting computer's entry, `equipment[i]`."""
    if _split_computer(mech) is None:
        yield from _at_most_one(list(_unique(tuple(_of(mech, "targeting_computer")))),
                                "E-TC-COUNT", "targeting computer")


def targeting_computer_in_one_location(mech: Mech) -> Iterator[Finding]:
    """E-TC-LOCATION: a targeting computer keeps all its slots in one location.

    STANDARD_RULES.md §9.3. Reported when the design writes one computer as entries in
    several locations whose stated `slots` add up to its size. Path: the last part's entry,
    `equipment[i]`."""
    parts = _split_computer(mech)
    if parts is not None:
        where = ", ".join(dict.fromkeys(m.location.value for m in parts))
        yield error("E-TC-LOCATION", parts[-1].path,
                    f"the targeting computer is split over {where}",
                    expected="one location", actual=where,
                    hint="put all its slots in one location")


def _split_computer(mech: Mech) -> list[MountedItem] | None:
    """The entries of one targeting computer written in parts (their stated slots add up to
    its size) over several locations, or None."""
    parts = list(_unique(tuple(_of(mech, "targeting_computer"))))
    if len(parts) < 2 or len({m.location for m in parts}) < 2:
        return None
    stated = [mech.design.equipment[_index(m)].slots for m in parts]
    if None in stated or sum(s or 0 for s in stated) != _needed_slots(mech, parts[0]):
        return None
    return parts


def _index(mount: MountedItem) -> int:
    return int(mount.path.removeprefix("equipment[").rstrip("]"))


def _at_most_one(mounts: list[MountedItem], code: str, what: str) -> Iterator[Finding]:
    if len(mounts) > 1:
        yield error(code, mounts[-1].path, f"{len(mounts)} {what}s; a 'Mech mounts at most one",
                    expected="≤ 1", actual=str(len(mounts)), hint=f"remove the extra {what}")


def masc_sized_by_tonnage(mech: Mech) -> Iterator[Finding]:
    """E-MASC-SIZE: MASC fills the slots its formula gives: tonnage ÷ 20 (IS) or ÷ 25 (Clan),
    rounded half up, at least 1.

    STANDARD_RULES.md §8.2 and its table by tonnage; MASC weighs as many tons as it takes
    slots. Checked where the entry states `slots` (otherwise mechlab sizes it). Path: the
    MASC's entry, once per entry: `equipment[i]`."""
    yield from _sized_as_formula(mech, "masc", "E-MASC-SIZE")


def targeting_computer_sized_by_weapons(mech: Mech) -> Iterator[Finding]:
    """E-TC-SIZE: a targeting computer fills ⌈direct-fire weapon tons ÷ 4⌉ slots (IS) or ⌈÷ 5⌉
    (Clan).

    STANDARD_RULES.md §9.3: the direct-fire weapons are energy and ballistic weapons other
    than machine guns, flamers, fluid guns, rivet guns and grenade launchers, counted over
    the whole 'Mech; the computer weighs as many tons as it takes slots. Checked where the
    entry states `slots` (otherwise mechlab sizes it); a computer split over locations is
    E-TC-LOCATION. Path: the computer's entry, once per entry: `equipment[i]`."""
    yield from _sized_as_formula(mech, "targeting_computer", "E-TC-SIZE")


def targeting_computer_aids_a_weapon(mech: Mech) -> Iterator[Finding]:
    """W-TC-NO-DIRECT-FIRE: a targeting computer with no direct-fire weapon to aim.

    STANDARD_RULES.md §9.3 and TechManual p. 238: the computer aids direct-fire weapons
    only (energy and ballistic weapons other than machine guns, flamers, fluid guns, rivet
    guns and grenade launchers) and weighs ⌈their tons ÷ 4⌉ (÷ 5 Clan): with none it
    weighs 0 t, takes no slot and does nothing. Legal by the formula, so a warning. Path:
    the computer's entry, `equipment[i]`."""
    computers = list(_unique(tuple(_of(mech, "targeting_computer"))))
    if not computers:
        return
    facts = _std(mech).size_facts(mech.design, mech.engine, [
        m.item for m in mech.mounts if m.path.startswith("equipment")])
    if facts["df_weapon_tons"] == 0:
        for mount in computers:
            yield warning("W-TC-NO-DIRECT-FIRE", mount.path,
                          f"{mount.name} with no direct-fire weapon: it weighs 0 t and "
                          "aids nothing", expected="a direct-fire weapon (laser, PPC, "
                          "autocannon, Gauss rifle…)", actual="none",
                          hint="mount a direct-fire weapon, or remove the computer")


def _sized_as_formula(mech: Mech, key: str, code: str) -> Iterator[Finding]:
    if key == "targeting_computer" and _split_computer(mech) is not None:
        return  # E-TC-LOCATION
    for mount in _unique(tuple(_of(mech, key))):
        stated = mech.design.equipment[_index(mount)].slots
        needed = _needed_slots(mech, mount)
        if stated is not None and stated != needed:
            yield error(code, mount.path,
                        f"{mount.name} fills {counted(stated, 'slot')}; on this 'Mech it "
                        f"takes {needed}", expected=str(needed), actual=str(stated),
                        hint=f"give it {needed} slots (or drop `slots`)")


def _needed_slots(mech: Mech, mount: MountedItem) -> int:
    facts = _std(mech).size_facts(mech.design, mech.engine, [
        m.item for m in mech.mounts if m.path.startswith("equipment")])
    # CONFIGURATIONS.md §1.3: halved on a superheavy.
    return _std(mech).slots_on(mech.design, mount.item.sized(facts)[1])


def masc_not_with_tsm(mech: Mech) -> Iterator[Finding]:
    """E-MYOMER-CONFLICT: MASC and triple-strength myomer are never on one 'Mech.

    STANDARD_RULES.md §8.2 (MASC and a supercharger together are legal). Path: the first
    MASC's entry, `equipment[i]`."""
    masc = _of(mech, "masc")
    tsm = any(m.path == "myomer" for m in mech.mounts)
    if masc and tsm:
        yield error("E-MYOMER-CONFLICT", masc[0].path,
                    "MASC with triple-strength myomer", expected="one of them", actual="both",
                    hint="remove the MASC, or set myomer: standard")


def supercharger_beside_engine(mech: Mech) -> Iterator[Finding]:
    """E-SUPERCHARGER-LOCATION: the supercharger sits in a location that holds engine slots.

    STANDARD_RULES.md §8.2: the center torso, or a side torso of an engine with side-torso
    slots (XL, light). Path: the supercharger's entry, `equipment[i]`."""
    engine_at = {loc for loc, slots in mech.critical_slots.items()
                 if any(s.name == "Fusion Engine" for s in slots)}
    for mount in _of(mech, "supercharger"):
        if mount.location not in engine_at:
            places = ", ".join(loc.value for loc in mech.locations if loc in engine_at)
            yield error("E-SUPERCHARGER-LOCATION", mount.path,
                        f"supercharger in {_where(mount.location)}, which holds no engine slot",
                        expected=places, actual=mount.location.value,
                        hint=f"move it to {places}")


# §9.1 CASE ------------------------------------------------------------------------------------

def _explosive_at(mech: Mech) -> set[Location]:
    return {loc for m in mech.mounts if m.item.weapon.explosive != "no" for loc in m.locations}


def case_in_a_torso(mech: Mech) -> Iterator[Finding]:
    """E-CASE-LOCATION: Inner Sphere CASE goes in a torso location.

    STANDARD_RULES.md §9.1: the center or a side torso, quads too. CASE II may go anywhere,
    and Clan CASE is built in, never listed. Path: the CASE's entry, `equipment[i]`."""
    for mount in _of(mech, "case"):
        if not mount.location.is_torso:
            yield error("E-CASE-LOCATION", mount.path,
                        f"CASE in {_where(mount.location)}; CASE must be in a torso",
                        expected="a torso", actual=mount.location.value,
                        hint="move it to the torso holding the ammunition, or use CASE II")


def one_case_per_location(mech: Mech) -> Iterator[Finding]:
    """W-CASE-DUPLICATE: a second CASE or CASE II in one location protects nothing more.

    STANDARD_RULES.md §9.1: more than one CASE-type item in a location. Path: the
    location's last CASE entry, `equipment[i]`."""
    cases = _of(mech, "case") + _of(mech, "case_ii")
    per_location = Counter(m.location for m in cases)
    for location, count in per_location.items():
        if count > 1:
            mount = [m for m in cases if m.location is location][-1]
            yield warning("W-CASE-DUPLICATE", mount.path,
                          f"{count} CASE items in {_where(location)}; one protects it",
                          expected="1", actual=str(count), hint="remove the extra one")


def case_protects_something(mech: Mech) -> Iterator[Finding]:
    """W-CASE-UNUSED: CASE or CASE II where nothing can explode is weight wasted.

    STANDARD_RULES.md §9.1: legal, but the location holds no explosive item (equipment.tsv
    `explosive` other than `no`: ammunition, Gauss rifles, …). Path: the CASE's entry,
    `equipment[i]`."""
    explosive = _explosive_at(mech)
    for mount in _of(mech, "case") + _of(mech, "case_ii"):
        if mount.location not in explosive:
            yield warning("W-CASE-UNUSED", mount.path,
                          f"{mount.name} in {_where(mount.location)}, which holds nothing "
                          "explosive", expected="ammunition or another explosive item",
                          actual="none", hint="move it beside the ammunition, or remove it")


# §9.2 Artemis ------------------------------------------------------------------------------------

def _artemis(mech: Mech) -> list[MountedItem]:
    kinds = _std(mech).derived["artemis"]
    return [m for m in mech.mounts if m.item.weapon.id in kinds]


def artemis_one_per_launcher(mech: Mech) -> Iterator[Finding]:
    """E-ARTEMIS-LINK: with any Artemis on board, each location holds one Artemis per Artemis-
    compatible launcher.

    STANDARD_RULES.md §9.2: the launchers of standard.yaml's derived set
    `artemis_compatible` (LRM, SRM, MML, torpedoes, …), counted per location; pod-mounted
    Artemis serve pod-mounted launchers and fixed ones fixed launchers. Path: an Artemis
    entry in that location, `equipment[i]` (the first Artemis entry when the location has
    none)."""
    artemis = _artemis(mech)
    if not artemis:
        return
    compatible = _std(mech).derived["artemis_compatible"]
    for pod in (False, True):
        launchers = Counter(m.location for m in mech.weapons if m.pod == pod
                            and m.item.weapon.subcategory in compatible)
        units = Counter(m.location for m in artemis if m.pod == pod)
        for location in mech.locations:
            if launchers[location] != units[location]:
                where = next((m.path for m in artemis if m.location is location),
                             artemis[0].path)
                kind = "pod-mounted " if pod else ""
                yield error(
                    "E-ARTEMIS-LINK", where,
                    f"{_where(location)} holds {units[location]} {kind}Artemis for "
                    f"{launchers[location]} compatible {kind}launchers",
                    expected=str(launchers[location]), actual=str(units[location]),
                    hint="one Artemis beside each compatible launcher, in the same location")


def artemis_of_one_kind(mech: Mech) -> Iterator[Finding]:
    """E-ARTEMIS-MIXED: all Artemis fire-control systems are IV or all are V.

    STANDARD_RULES.md §9.2. Path: the last Artemis entry, `equipment[i]`."""
    kinds = _std(mech).derived["artemis"]
    artemis = _artemis(mech)
    if len({kinds[m.item.weapon.id] for m in artemis}) > 1:
        yield error("E-ARTEMIS-MIXED", artemis[-1].path, "Artemis IV and Artemis V together",
                    expected="one kind", actual="IV and V", hint="use one kind of Artemis")


def items_where_they_may_go(mech: Mech) -> Iterator[Finding]:
    """E-ITEM-LOCATION: an item that equipment.tsv restricts to some locations sits in one of them.

    STANDARD_RULES.md §14.1: `location_restrictions` of torso, side torso, leg, arm, head,
    or neither head nor leg; a quad's industrial arm tools go in a side torso (§10).
    Physical weapons, hatchets, CASE and a quad's biped-only tools have rules of their own
    (E-PHYSICAL-LOCATION, E-HATCHET-LOCATION, E-CASE-LOCATION, E-QUAD-ARM-ITEM). Path: the
    item's entry, once per entry: `equipment[i]`."""
    rules = _std(mech)  # asked once a 'Mech, not once an entry (issue 31)
    biped_only, case = rules.derived["biped_only_tools"], rules.derived["case"]
    unrestricted = rules.superheavy_unrestricted(mech.design)
    for mount in mech.one_per_entry:
        restriction = mount.item.weapon.location_restrictions
        if restriction not in _RESTRICTIONS:
            continue  # most items go anywhere (an industrial tool's "arm" is a key too)
        if mount.item.kind in (ItemKind.PHYSICAL, ItemKind.HATCHET) or (
                mech.is_quad and mount.item.weapon.id in biped_only):
            continue  # E-PHYSICAL-LOCATION, E-HATCHET-LOCATION, E-QUAD-ARM-ITEM
        if restriction == "arm" and mount.item.weapon.category == "industrial":
            # §9.4: industrial tools in an arm; a quad's in a side torso (E-QUAD-ARM-ITEM
            # for the biped-only ones)
            restriction = "side_torso" if mech.is_quad else "arm"
        rule = _RESTRICTIONS.get(restriction)
        if mount.item.weapon.id in unrestricted:
            continue  # CONFIGURATIONS.md §3.5: heavy Gauss anywhere on a superheavy
        if rule is None or mount.item.weapon.id in case:
            continue  # CASE: E-CASE-LOCATION; physical weapons: E-PHYSICAL-LOCATION
        allowed, where = rule
        if not allowed(mount.location):
            yield error("E-ITEM-LOCATION", mount.path,
                        f"{mount.name} in {_where(mount.location)}; it goes in {where}",
                        expected=where, actual=mount.location.value, hint=f"move it to {where}")


# §14.2 step 12: introduction years --------------------------------------------------

def items_exist_in_the_era(mech: Mech) -> Iterator[Finding]:
    """W-INTRO-YEAR: an item appears more than 5 years after the design's era.

    STANDARD_RULES.md §14.2 step 12 (MegaMek's `hasIncorrectIntroYear`): checked only when
    the design states `era`, against equipment.tsv `intro_year`, with standard.yaml's
    `intro_year_margin` of 5 years. Path: the item's entry, once per entry:
    `equipment[i]`."""
    era = mech.design.era
    if era is None:
        return
    margin = _std(mech).derived["intro_year_margin"]
    for mount in mech.one_per_entry:
        year = mount.item.weapon.intro_year
        if year is not None and era + margin < year:
            yield warning("W-INTRO-YEAR", mount.path,
                          f"{mount.name} appears in {year}, after the design's era {era}",
                          expected=f"≤ {era + margin}", actual=str(year),
                          hint="check the era, or pick an item of the time")
