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
    return [m for m in mech.mounts if m.item.weapon.id in ids]


def one_masc(mech: Mech) -> Iterator[Finding]:
    """E-MASC-COUNT: at most one MASC (§8.2).

    Path: the equipment entry (`equipment[i]`) of the last MASC."""
    yield from _at_most_one(_of(mech, "masc"), "E-MASC-COUNT", "MASC")


def one_supercharger(mech: Mech) -> Iterator[Finding]:
    """E-SUPERCHARGER-COUNT: at most one supercharger (§8.2).

    Path: the equipment entry (`equipment[i]`) of the last supercharger."""
    yield from _at_most_one(_of(mech, "supercharger"), "E-SUPERCHARGER-COUNT", "supercharger")


def one_targeting_computer(mech: Mech) -> Iterator[Finding]:
    """E-TC-COUNT: at most one targeting computer (§9.3).

    Path: the equipment entry (`equipment[i]`) of the last targeting computer."""
    if _split_computer(mech) is None:
        yield from _at_most_one(list(_unique(tuple(_of(mech, "targeting_computer")))),
                                "E-TC-COUNT", "targeting computer")


def targeting_computer_in_one_location(mech: Mech) -> Iterator[Finding]:
    """E-TC-LOCATION: a targeting computer keeps all its slots in one location (§9.3).

    Path: the equipment entry (`equipment[i]`) of its last part."""
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
    """E-MASC-SIZE: MASC fills the slots its formula gives (§8.2: ⌈T ÷ 20⌉ IS, ⌈T ÷ 25⌉ Clan,
    rounded half up).

    Path: the equipment entry (`equipment[i]`) of the MASC."""
    yield from _sized_as_formula(mech, "masc", "E-MASC-SIZE")


def targeting_computer_sized_by_weapons(mech: Mech) -> Iterator[Finding]:
    """E-TC-SIZE: a targeting computer fills ⌈direct-fire tons ÷ 4⌉ (IS) or ÷ 5 (Clan) slots
    (§9.3).

    Path: the equipment entry (`equipment[i]`) of the targeting computer."""
    yield from _sized_as_formula(mech, "targeting_computer", "E-TC-SIZE")


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
    return mount.item.sized(facts)[1]


def masc_not_with_tsm(mech: Mech) -> Iterator[Finding]:
    """E-MYOMER-CONFLICT: MASC and triple-strength myomer never together (§8.2).

    Path: the equipment entry (`equipment[i]`) of the MASC."""
    masc = _of(mech, "masc")
    tsm = any(m.path == "myomer" for m in mech.mounts)
    if masc and tsm:
        yield error("E-MYOMER-CONFLICT", masc[0].path,
                    "MASC with triple-strength myomer", expected="one of them", actual="both",
                    hint="remove the MASC, or set myomer: standard")


def supercharger_beside_engine(mech: Mech) -> Iterator[Finding]:
    """E-SUPERCHARGER-LOCATION: the supercharger sits where engine slots are (§8.2).

    Path: the equipment entry (`equipment[i]`) of the supercharger."""
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
    """E-CASE-LOCATION: (IS) CASE goes in a torso location (§9.1).

    Path: the equipment entry (`equipment[i]`) of the CASE."""
    for mount in _of(mech, "case"):
        if not mount.location.is_torso:
            yield error("E-CASE-LOCATION", mount.path,
                        f"CASE in {_where(mount.location)}; CASE must be in a torso",
                        expected="a torso", actual=mount.location.value,
                        hint="move it to the torso holding the ammunition, or use CASE II")


def one_case_per_location(mech: Mech) -> Iterator[Finding]:
    """W-CASE-DUPLICATE: a second CASE or CASE II in one location protects nothing (§9.1).

    Path: the equipment entry (`equipment[i]`) of the second CASE."""
    cases = _of(mech, "case") + _of(mech, "case_ii")
    per_location = Counter(m.location for m in cases)
    for location, count in per_location.items():
        if count > 1:
            mount = [m for m in cases if m.location is location][-1]
            yield warning("W-CASE-DUPLICATE", mount.path,
                          f"{count} CASE items in {_where(location)}; one protects it",
                          expected="1", actual=str(count), hint="remove the extra one")


def case_protects_something(mech: Mech) -> Iterator[Finding]:
    """W-CASE-UNUSED: CASE or CASE II where nothing explodes (§9.1): weight wasted.

    Path: the equipment entry (`equipment[i]`) of the CASE."""
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
    """E-ARTEMIS-LINK: with any Artemis, each location holds one per compatible launcher,
    pod following pod (§9.2).

    Path: the equipment entry (`equipment[i]`) of an Artemis in the location."""
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
    """E-ARTEMIS-MIXED: all Artemis systems are IV or all are V (§9.2).

    Path: the equipment entry (`equipment[i]`) of the last Artemis."""
    kinds = _std(mech).derived["artemis"]
    artemis = _artemis(mech)
    if len({kinds[m.item.weapon.id] for m in artemis}) > 1:
        yield error("E-ARTEMIS-MIXED", artemis[-1].path, "Artemis IV and Artemis V together",
                    expected="one kind", actual="IV and V", hint="use one kind of Artemis")


# §9.4 Physical weapons, §10 quads ---------------------------------------------------------------

def _physical(mech: Mech) -> list[MountedItem]:
    needs = _std(mech).physical_weapons
    return [m for m in _unique(mech.mounts) if m.item.weapon.id in needs
            and m.item.kind is ItemKind.PHYSICAL]


def physical_weapons_in_arms(mech: Mech) -> Iterator[Finding]:
    """E-PHYSICAL-LOCATION: swords, maces, claws, blades and flails go in an arm (§9.4).

    Path: the equipment entry (`equipment[i]`) of the weapon."""
    if mech.is_quad:
        return  # E-QUAD-ARM-ITEM
    for mount in _physical(mech):
        if not mount.location.is_arm:
            yield error("E-PHYSICAL-LOCATION", mount.path,
                        f"{mount.name} in {_where(mount.location)}; it goes in an arm",
                        expected="an arm", actual=mount.location.value, hint="move it to an arm")


def physical_weapons_have_actuators(mech: Mech) -> Iterator[Finding]:
    """E-PHYSICAL-ACTUATOR: the arm keeps (or gives up) the actuators the weapon needs (§9.4).

    Path: the equipment entry (`equipment[i]`) of the weapon."""
    needs = _std(mech).physical_weapons
    for mount in _physical(mech):
        arm = mount.location
        if not arm.is_arm:
            continue
        need = needs[mount.item.weapon.id]
        hand, lower = mech.has_hand(arm), mech.has_actuator(arm, "Lower Arm Actuator")
        wrong = None
        if not lower:
            wrong = ("a lower arm actuator", "none", f"actuators.{arm.value}.lower_arm: true")
        elif need == "hand" and not hand:
            wrong = ("a hand actuator", "none", f"actuators.{arm.value}.hand: true")
        elif need == "no_hand" and hand:
            wrong = ("no hand actuator (it replaces the hand)", "a hand actuator",
                     f"actuators.{arm.value}.hand: false")
        if wrong is not None:
            expected, actual, fix = wrong
            yield error("E-PHYSICAL-ACTUATOR", mount.path,
                        f"{mount.name} in {_where(arm)} needs {expected}", expected=expected,
                        actual=actual, hint=fix)


def one_physical_weapon_per_arm(mech: Mech) -> Iterator[Finding]:
    """E-PHYSICAL-COUNT: at most one physical weapon per location, hatchets included (§9.4).

    Path: the equipment entry (`equipment[i]`) of the second weapon."""
    weapons = [m for m in mech.mounts if m.item.kind in (ItemKind.PHYSICAL, ItemKind.HATCHET)]
    per_location = Counter(m.location for m in weapons)
    for location, count in per_location.items():
        if count > 1 and any(m.item.kind is ItemKind.PHYSICAL for m in weapons
                             if m.location is location):
            mount = [m for m in weapons if m.location is location][-1]
            yield error("E-PHYSICAL-COUNT", mount.path,
                        f"{count} physical weapons in {_where(location)}; at most one",
                        expected="≤ 1", actual=str(count), hint="remove one of them")


def quads_mount_no_arm_items(mech: Mech) -> Iterator[Finding]:
    """E-QUAD-ARM-ITEM: a quad has no arms for arm-mounted items (§10).

    Path: the equipment entry (`equipment[i]`) of the item."""
    if not mech.is_quad:
        return
    biped_only = _std(mech).derived["biped_only_tools"]
    for mount in _unique(mech.mounts):
        weapon = mount.item.weapon
        arm_item = (weapon.location_restrictions == "arm" and (
            weapon.category != "industrial" or weapon.id in biped_only)
                    ) or mount.item.kind is ItemKind.HATCHET
        if arm_item:
            yield error("E-QUAD-ARM-ITEM", mount.path,
                        f"{mount.name} needs an arm; a quad has none",
                        expected="no arm-mounted item", actual=mount.name, hint="remove it")


def items_where_they_may_go(mech: Mech) -> Iterator[Finding]:
    """E-ITEM-LOCATION: items with a location restriction in equipment.tsv sit there (§14.1).

    Path: the equipment entry (`equipment[i]`) of the item."""
    for mount in _unique(mech.mounts):
        restriction = mount.item.weapon.location_restrictions
        if mount.item.kind in (ItemKind.PHYSICAL, ItemKind.HATCHET) or (
                mech.is_quad and mount.item.weapon.id in _std(mech).derived["biped_only_tools"]):
            continue  # E-PHYSICAL-LOCATION, E-HATCHET-LOCATION, E-QUAD-ARM-ITEM
        if restriction == "arm" and mount.item.weapon.category == "industrial":
            # §9.4: industrial tools in an arm; a quad's in a side torso (E-QUAD-ARM-ITEM
            # for the biped-only ones)
            restriction = "side_torso" if mech.is_quad else "arm"
        rule = _RESTRICTIONS.get(restriction)
        if rule is None or mount.item.weapon.id in _std(mech).derived["case"]:
            continue  # CASE: E-CASE-LOCATION; physical weapons: E-PHYSICAL-LOCATION
        allowed, where = rule
        if not allowed(mount.location):
            yield error("E-ITEM-LOCATION", mount.path,
                        f"{mount.name} in {_where(mount.location)}; it goes in {where}",
                        expected=where, actual=mount.location.value, hint=f"move it to {where}")


# §14.2 step 12: introduction years --------------------------------------------------

def items_exist_in_the_era(mech: Mech) -> Iterator[Finding]:
    """W-INTRO-YEAR: an item introduced after the design's era (5 years' margin).

    Path: the equipment entry (`equipment[i]`) of the item; the message gives its year."""
    era = mech.design.era
    if era is None:
        return
    margin = _std(mech).derived["intro_year_margin"]
    for mount in _unique(mech.mounts):
        year = mount.item.weapon.intro_year
        if year is not None and era + margin < year:
            yield warning("W-INTRO-YEAR", mount.path,
                          f"{mount.name} appears in {year}, after the design's era {era}",
                          expected=f"≤ {era + margin}", actual=str(year),
                          hint="check the era, or pick an item of the time")
