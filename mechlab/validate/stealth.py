"""The construction rules of the stealth systems and the mobility and survival equipment
(ADVANCED_EQUIPMENT.md §4.2, §4.6, §5, §6; docs/advanced.md): signature systems, partial
wing, UMUs, HarJel and modular armor. Facts are the rulesets' tables (advanced.yaml
`signature_exclusions`, `needs_ecm`, `jump_boosters`, `harjel`, `modular_armor`,
`spread_equipment`; standard.yaml `umu`); MegaMek's TestMek and TestEntity as facts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from mechlab.core.findings import Finding, error
from mechlab.core.locations import Location
from mechlab.model.mech import Mech, MountedItem
from mechlab.validate.standard import _std


def _rules(mech: Mech) -> dict[str, Any]:
    return getattr(_std(mech), "equipment_rules", {})


def _listed(mech: Mech) -> list[MountedItem]:
    """The design's own mounts (not the pieces of a spread item)."""
    return [m for m in mech.mounts if not m.piece]


def _ids(mech: Mech) -> set[str]:
    return {m.item.weapon.id for m in _listed(mech)}


def _words(mech: Mech) -> set[str]:
    """What the 'Mech has, in the words of `signature_exclusions`."""
    rules, ruleset = _rules(mech), _std(mech)
    ids = _ids(mech)
    words = set(ids)
    if mech.design.armor.type == "stealth":
        words.add("stealth_armor")
    if ids & set(ruleset.derived["targeting_computer"]):
        words.add("targeting_computer")
    if ids & set(rules.get("c3") or ()):
        words.add("c3")
    return words


_SAID = {"stealth_armor": "stealth armor", "targeting_computer": "a targeting computer",
         "c3": "a C3 system"}


def signature_systems_alone(mech: Mech) -> Iterator[Finding]:
    """E-STEALTH-COMBO: a signature system shares the 'Mech with none of what it excludes.

    ADVANCED_EQUIPMENT.md §5 (MegaMek's TestMek and TestEntity): null-signature never with
    stealth armor, void-signature, a targeting computer or a C3 system; void-signature
    never with stealth armor, a targeting computer or a C3 system; chameleon never with
    stealth armor or void-signature (advanced.yaml `signature_exclusions`). Path: the
    system's entry, `equipment[i]`."""
    exclusions = _rules(mech).get("signature_exclusions") or {}
    words = _words(mech)
    for mount in _listed(mech):
        excluded = exclusions.get(mount.item.weapon.id, ())
        for word in excluded:
            if word in words:
                other = _SAID.get(word) or next(
                    m.name for m in _listed(mech) if m.item.weapon.id == word)
                yield error("E-STEALTH-COMBO", mount.path,
                            f"{mount.name} with {other}",
                            expected=f"no {other}", actual=other,
                            hint=f"remove {other} or the {mount.name}")


def void_signature_needs_ecm(mech: Mech) -> Iterator[Finding]:
    """E-VOID-ECM: a void-signature system works only with an ECM suite on the 'Mech.

    ADVANCED_EQUIPMENT.md §5 (MegaMek's TestEntity: any item with the ECM flag: Guardian,
    Clan, Angel, Watchdog, Nova CEWS, EW equipment). Null-signature and chameleon need none.
    Path: the system's entry, `equipment[i]`."""
    rules, ruleset = _rules(mech), _std(mech)
    ecm = {*ruleset.derived["ecm"], *(rules.get("more_ecm") or ())}
    ids = _ids(mech)
    if ids & ecm:
        return
    for mount in _listed(mech):
        if mount.item.weapon.id in (rules.get("needs_ecm") or ()):
            yield error("E-VOID-ECM", mount.path, f"{mount.name} without an ECM suite",
                        expected="an ECM suite", actual="none",
                        hint="mount a Guardian ECM Suite (or an Angel ECM Suite)")


def one_of_each_spread_item(mech: Mech) -> Iterator[Finding]:
    """E-SPREAD-COUNT: a partial wing or a signature system is mounted once.

    ADVANCED_EQUIPMENT.md §4.2, §5 (MegaMek's TestMek: one system fills its slots in every
    location it names; a second has no slot to go to). Path: the second entry,
    `equipment[i]`."""
    spread = getattr(_std(mech), "spread_equipment", {})
    seen: Counter[str] = Counter()
    for index, entry in enumerate(mech.design.equipment):
        item = next((m.item for m in _listed(mech) if m.path == f"equipment[{index}]"), None)
        if item is None or item.weapon.id not in spread:
            continue
        seen[item.weapon.id] += entry.count
        if seen[item.weapon.id] > 1:
            yield error("E-SPREAD-COUNT", f"equipment[{index}]",
                        f"{seen[item.weapon.id]} {item.name} systems; a 'Mech mounts one",
                        expected="1", actual=str(seen[item.weapon.id]),
                        hint=f"list the {item.name} once (count 1)")


def _wing(mech: Mech) -> MountedItem | None:
    ruleset = _std(mech)
    if not hasattr(ruleset, "has_partial_wing"):
        return None
    return next((m for m in _listed(mech) if ruleset.has_partial_wing([m.item])), None)


def partial_wing_not_with_booster(mech: Mech) -> Iterator[Finding]:
    """E-WING-BOOSTER: a partial wing is never mounted with a mechanical jump booster.

    ADVANCED_EQUIPMENT.md §4.2 (MegaMek's TestMek hasIllegalEquipmentCombinations). Path:
    the wing's entry, `equipment[i]`."""
    wing = _wing(mech)
    boosters = set(_rules(mech).get("jump_boosters") or ())
    if wing is not None and _ids(mech) & boosters:
        yield error("E-WING-BOOSTER", wing.path,
                    "a partial wing with a mechanical jump booster",
                    expected="no jump booster", actual="mechanical jump booster",
                    hint="remove the jump booster or the partial wing")


def partial_wing_not_on_quads(mech: Mech) -> Iterator[Finding]:
    """E-WING-QUAD: a quad mounts no partial wing.

    ADVANCED_EQUIPMENT.md §4.2, a Decision (Tactical Operations writes the wing for biped
    'Mechs; MegaMek tests none; no corpus quad mounts one). Path: the wing's entry,
    `equipment[i]`."""
    wing = _wing(mech)
    if wing is not None and mech.is_quad:
        yield error("E-WING-QUAD", wing.path, "a partial wing on a quad 'Mech",
                    expected="a biped", actual="quad", hint="remove the partial wing")


def umus_not_with_jump_jets(mech: Mech) -> Iterator[Finding]:
    """E-UMU-JUMP: a 'Mech with UMUs mounts no jump jets.

    ADVANCED_EQUIPMENT.md §4.6 (MegaMek's TestMek: UMUs with any jump type). Path: the first
    UMU's entry, `equipment[i]`."""
    umus = [m for m in _listed(mech) if m.item.weapon.id in _std(mech).umu_ids]
    if umus and (mech.jump_jets or mech.jumping_mp):
        yield error("E-UMU-JUMP", umus[0].path, "UMUs and jump jets on one 'Mech",
                    expected="no jump jets", actual=f"Jumping MP {mech.jumping_mp}",
                    hint="remove the jump jets or the UMUs")


def umus_in_torso_or_legs(mech: Mech) -> Iterator[Finding]:
    """E-UMU-LOCATION: UMUs go in a torso or a leg.

    ADVANCED_EQUIPMENT.md §4.6 (MegaMek's TestMek isValidMekLocation). Path: the UMU's
    entry, `equipment[i]`."""
    for mount in _listed(mech):
        if mount.item.weapon.id in _std(mech).umu_ids and not (
                mount.location.is_leg or mount.location in _TORSOS):
            yield error("E-UMU-LOCATION", mount.path,
                        f"a UMU in the {mount.location.title.lower()}",
                        expected="a torso or a leg", actual=mount.location.value,
                        hint="move it to a torso or a leg")


_TORSOS = (Location.LEFT_TORSO, Location.RIGHT_TORSO, Location.CENTER_TORSO)


def _harjel(mech: Mech, key: str) -> list[MountedItem]:
    ids = set((_rules(mech).get("harjel") or {}).get(key, ()))
    return [m for m in _listed(mech) if m.item.weapon.id in ids]


def _cockpit_location(mech: Mech) -> Location:
    """The head, or the center torso of a torso-mounted cockpit (its `center` slots)."""
    cockpit = _std(mech).cockpit_type(mech.design)
    return Location.CENTER_TORSO if cockpit is not None and cockpit.center else Location.HEAD


def harjel_not_in_cockpit_location(mech: Mech) -> Iterator[Finding]:
    """E-HARJEL-LOCATION: HarJel (I) is never in the location that holds the cockpit.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestMek isValidMekLocation): the head, or the center
    torso with a torso-mounted cockpit; any other location. Path: the HarJel's entry,
    `equipment[i]`."""
    where = _cockpit_location(mech)
    for mount in _harjel(mech, "first"):
        if mount.location is where:
            yield error("E-HARJEL-LOCATION", mount.path,
                        f"HarJel in the {where.title.lower()}, which holds the cockpit",
                        expected="a location without the cockpit", actual=where.value,
                        hint="move the HarJel to another location")


def harjel_repair_of_one_kind(mech: Mech) -> Iterator[Finding]:
    """E-HARJEL-MIXED: HarJel II and HarJel III are never on one 'Mech.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestMek hasIllegalEquipmentCombinations). Path: the
    first system of the second kind, `equipment[i]`."""
    repair = _harjel(mech, "repair")
    kinds = list(dict.fromkeys(m.item.weapon.id for m in repair))
    if len(kinds) > 1:
        second = next(m for m in repair if m.item.weapon.id == kinds[1])
        yield error("E-HARJEL-MIXED", second.path, "HarJel II and HarJel III on one 'Mech",
                    expected="one kind", actual="both", hint="use one kind of HarJel system")


def one_harjel_per_location(mech: Mech) -> Iterator[Finding]:
    """E-HARJEL-COUNT: at most one HarJel II or III in a location.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestMek). Path: the second system's entry,
    `equipment[i]`."""
    seen: Counter[Location] = Counter()
    for mount in _harjel(mech, "repair"):
        seen[mount.location] += 1
        if seen[mount.location] == 2:
            yield error("E-HARJEL-COUNT", mount.path,
                        f"two HarJel systems in the {mount.location.title.lower()}",
                        expected="1", actual="2", hint="one HarJel system per location")


def harjel_over_its_armors(mech: Mech) -> Iterator[Finding]:
    """E-HARJEL-ARMOR: HarJel II and III work only over standard, ferro-fibrous, light or
    heavy ferro-fibrous, or heavy industrial armor.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestMek isValidMekLocation; advanced.yaml `harjel`
    `armors`). Path: the system's entry, `equipment[i]`, once per entry."""
    armors = set((_rules(mech).get("harjel") or {}).get("armors", ()))
    armor = mech.design.armor.type
    paths = dict.fromkeys(m.path for m in _harjel(mech, "repair"))
    for path in paths if armor not in armors else ():
        yield error("E-HARJEL-ARMOR", path, f"a HarJel system over {armor.replace('_', ' ')} "
                    "armor", expected=", ".join(sorted(armors)), actual=armor,
                    hint="choose standard or ferro-fibrous armor, or remove the HarJel")


def _modular(mech: Mech) -> list[MountedItem]:
    ids = set(_rules(mech).get("modular_armor") or ())
    return [m for m in _listed(mech) if m.item.weapon.id in ids]


def modular_armor_not_in_head(mech: Mech) -> Iterator[Finding]:
    """E-MODULAR-LOCATION: modular armor is never in the head.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestMek isValidMekLocation). Path: the entry,
    `equipment[i]`."""
    for mount in _modular(mech):
        if mount.location is Location.HEAD:
            yield error("E-MODULAR-LOCATION", mount.path, "modular armor in the head",
                        expected="any location but the head", actual="head",
                        hint="move it to another location")


def one_modular_armor_per_location(mech: Mech) -> Iterator[Finding]:
    """E-MODULAR-COUNT: at most one modular armor in a location.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestEntity). Path: the second one's entry,
    `equipment[i]`."""
    seen: Counter[Location] = Counter()
    for mount in _modular(mech):
        seen[mount.location] += 1
        if seen[mount.location] == 2:
            yield error("E-MODULAR-COUNT", mount.path,
                        f"two modular armors in the {mount.location.title.lower()}",
                        expected="1", actual="2", hint="one modular armor per location")


def mass_in_cockpit_location(mech: Mech) -> Iterator[Finding]:
    """E-MASS-LOCATION: MASS sits in the location that holds the cockpit.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestMek isValidMekLocation): the head, or the center
    torso with a torso-mounted cockpit (advanced.yaml `in_cockpit_location`). Path: the
    entry, `equipment[i]`."""
    ids = set(_rules(mech).get("in_cockpit_location") or ())
    where = _cockpit_location(mech)
    for mount in _listed(mech):
        if mount.item.weapon.id in ids and mount.location is not where:
            yield error("E-MASS-LOCATION", mount.path,
                        f"{mount.name} in the {mount.location.title.lower()}; the cockpit is in "
                        f"the {where.title.lower()}", expected=where.value,
                        actual=mount.location.value, hint=f"move it to the {where.title.lower()}")
