"""What a configuration may build (lane lam, issue 28; CONFIGURATIONS.md §3, MegaMek's
TestMek): its heaviest tonnage, least jump MP, Omni or not, components, items, whole
(unsplit) items and arm actuators. The facts are the ruleset's (`config_rules` of
lam.yaml: a land-air 'Mech's); a configuration without a row builds as a biped or quad,
and these rules report nothing for it. One function and one code per rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mechlab.core.findings import Finding, error
from mechlab.core.locations import Location
from mechlab.model.mech import Mech, MountedItem
from mechlab.validate.industrial import design_entries
from mechlab.validate.standard import _std as standard_ruleset


def _rules(mech: Mech) -> tuple[str, dict[str, Any]]:
    """The configuration's title and its `config_rules` row (empty: nothing to judge)."""
    ruleset, config = standard_ruleset(mech), mech.design.config
    row = ruleset.config_types.get(config)
    title = row.title if row is not None else config
    return title, ruleset.config_rules.get(config) or {}


def config_tonnage(mech: Mech) -> Iterator[Finding]:
    """E-CONFIG-TONNAGE: a configuration's heaviest 'Mech.

    CONFIGURATIONS.md §3.5 (TestMek: "LAMs cannot be larger than 55 tons"); the row's
    `max_tonnage`. Path: `tonnage`."""
    title, rules = _rules(mech)
    most = rules.get("max_tonnage")
    if most is not None and mech.design.tonnage > int(most):
        yield error("E-CONFIG-TONNAGE", "tonnage",
                    f"a {mech.design.tonnage} t {title}; a {title} weighs at most {most} t",
                    expected=f"≤ {most}", actual=str(mech.design.tonnage),
                    hint=f"set tonnage: {most} or less")


def config_jump(mech: Mech) -> Iterator[Finding]:
    """E-CONFIG-JUMP: a configuration's least jumping MP.

    CONFIGURATIONS.md §3.6 (TestMek correctMovement: a LAM jumps at least 3; its jump MP
    is its fighter thrust); the row's `min_jump`. Path: `jumping_mp`."""
    title, rules = _rules(mech)
    least = rules.get("min_jump")
    if least is not None and mech.jumping_mp < int(least):
        yield error("E-CONFIG-JUMP", "jumping_mp",
                    f"jumping MP {mech.jumping_mp} on a {title}, which needs at least {least}",
                    expected=f"≥ {least}", actual=str(mech.jumping_mp),
                    hint=f"set jumping_mp: {least} or more (with the jump jets)")


def config_omni(mech: Mech) -> Iterator[Finding]:
    """E-CONFIG-OMNI: a configuration that is never an OmniMech.

    CONFIGURATIONS.md §1.1 (TestMek: "LAMs may not be constructed as OmniMeks"); the row's
    `omni: false`. Path: `omni`."""
    title, rules = _rules(mech)
    if rules.get("omni", True) is False and mech.design.omni:
        yield error("E-CONFIG-OMNI", "omni", f"an OmniMech {title}; a {title} is never Omni",
                    expected="false", actual="true", hint="set omni: false")


def config_components(mech: Mech) -> Iterator[Finding]:
    """E-CONFIG-COMPONENT: the engine, gyro, cockpit, structure and armor a configuration
    may choose.

    CONFIGURATIONS.md §3.1–§3.3 (TestMek, legalArmorsFor): the row's `components` (the
    words allowed), `slotless` (a component that takes no slots) and `excluded`. A LAM:
    standard or compact fusion, a standard, compact or heavy-duty gyro, structure and
    armor without slots, never hardened armor. Path: the component's field."""
    title, rules = _rules(mech)
    if not rules:
        return
    ruleset, design = standard_ruleset(mech), mech.design
    allowed: dict[str, list[str]] = rules.get("components", {})
    excluded: dict[str, list[str]] = rules.get("excluded", {})
    slotless = set(rules.get("slotless", ()))
    for path, what, word, rows in ruleset.component_choices(design):
        row = rows.get(word)
        if row is None or row.refused:
            continue
        tech = ruleset.component_tech(design, getattr(getattr(design, path.split(".")[0]),
                                                      "tech", None))
        why = ("" if path not in allowed or word in allowed[path]
               else f"only {', '.join(allowed[path])}")
        why = why or ("never this one" if word in excluded.get(path, ()) else "")
        why = why or ("only one that takes no slots"
                      if path in slotless and row.slots_for(tech) else "")
        if why:
            yield error("E-CONFIG-COMPONENT", path,
                        f"a {title} cannot use this {what}: {row.title} ({why})",
                        expected=why, actual=row.title,
                        hint=f"choose another {what} ({path})")


def _refused(mech: Mech, mount: MountedItem, refused: dict[str, Any]) -> bool:
    weapon = mount.item.weapon
    physical = bool(refused.get("physical")) and weapon.id in standard_ruleset(
        mech).physical_weapons
    return (physical or weapon.id in refused.get("ids", ())
            or weapon.category in refused.get("categories", ())
            or (bool(weapon.subcategory) and weapon.subcategory in refused.get(
                "subcategories", ())))


def config_items(mech: Mech) -> Iterator[Finding]:
    """E-CONFIG-ITEM: the items a configuration may not mount, and how many of others.

    CONFIGURATIONS.md §3.5 (TestMek hasIllegalEquipmentCombinations): the row's
    `refused_items` (a LAM: no supercharger, modular armor, jump booster, partial wing,
    dumper, bridge layer, backhoe, combine, physical weapon, artillery or heavy Gauss rifle)
    and `max_items` (at most 20 bomb bays). Path: `equipment[i]`."""
    title, rules = _rules(mech)
    refused: dict[str, Any] = rules.get("refused_items", {})
    most: dict[str, int] = rules.get("max_items", {})
    counts: dict[str, int] = {}
    for mount in design_entries(mech):
        counts[mount.item.weapon.id] = counts.get(mount.item.weapon.id, 0) + 1
        if refused and _refused(mech, mount, refused):
            yield error("E-CONFIG-ITEM", mount.path, f"a {title} cannot mount {mount.name}",
                        expected=f"an item a {title} may mount", actual=mount.name,
                        hint="remove it")
        elif mount.item.weapon.id in most and counts[mount.item.weapon.id] == int(
                most[mount.item.weapon.id]) + 1:
            limit = most[mount.item.weapon.id]
            yield error("E-CONFIG-ITEM", mount.path,
                        f"more than {limit} × {mount.name} on a {title}",
                        expected=f"≤ {limit}", actual=str(counts[mount.item.weapon.id]),
                        hint=f"remove {mount.name} beyond the {limit}th")


def config_whole_items(mech: Mech) -> Iterator[Finding]:
    """E-CONFIG-SPLIT: every item of a configuration in one location.

    CONFIGURATIONS.md §3.5 (TestMek: a LAM splits no item between locations, and a
    spreadable item, such as triple-strength myomer, sits in a single location); the row's
    `whole_items`. Path: the item's entry or component field."""
    title, rules = _rules(mech)
    if not rules.get("whole_items"):
        return
    where: dict[str, set[Location]] = {}
    names: dict[str, str] = {}
    for mount in mech.mounts:
        spread = mount.item.weapon.spreadable not in ("no", "")
        if mount.path.startswith("equipment[") or spread:
            where.setdefault(mount.path, set()).update(loc for loc, _ in mount.placement)
            names[mount.path] = mount.name
    for path, locations in where.items():
        if len(locations) > 1:
            yield error("E-CONFIG-SPLIT", path,
                        f"{names[path]} spread over {len(locations)} locations; a {title} "
                        "keeps each item in one", expected="one location",
                        actual=", ".join(sorted(loc.value for loc in locations)),
                        hint="place it in a single location")


def config_arm_actuators(mech: Mech) -> Iterator[Finding]:
    """E-CONFIG-ACTUATOR: the arm actuators a configuration keeps in both arms.

    CONFIGURATIONS.md §3.5 (TestMek: a LAM keeps upper and lower arm actuators in both
    arms); the row's `arm_actuators` (the upper arm is never removable, so the lower arm is
    the one a design may lack). Path: `actuators.<arm>.<actuator>`."""
    title, rules = _rules(mech)
    for name in rules.get("arm_actuators", ()):
        for arm in (Location.LEFT_ARM, Location.RIGHT_ARM):
            if getattr(mech.design.actuators.of(arm), name, True) is False:
                yield error("E-CONFIG-ACTUATOR", f"actuators.{arm.value}.{name}",
                            f"a {title} without its {name.replace('_', ' ')} actuator in the "
                            f"{arm.value.replace('_', ' ')}", expected="present",
                            actual="removed", hint=f"set actuators.{arm.value}.{name}: true")
