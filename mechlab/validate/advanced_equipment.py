"""The construction rules of artillery and the advanced electronics and equipment
(ADVANCED_EQUIPMENT.md §2, §5, §6; docs/advanced.md): one rule, one function, one code. The
facts are advanced.yaml's `artillery_and_electronics` table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech, MountedItem
from mechlab.rulesets.data import load_table
from mechlab.validate.links import unlinked

TABLE = "artillery_and_electronics"


def _facts(mech: Mech) -> dict[str, Any]:
    facts: dict[str, Any] = load_table(mech.ruleset.data_file).get(TABLE, {})
    return facts


def _unique(mech: Mech, ids: list[str]) -> list[MountedItem]:
    """Each mounted item of `ids` once (a split item has one mount)."""
    if mech.item_ids.isdisjoint(ids):
        return []  # most 'Mechs mount none of them
    return [m for m in mech.mounts if m.item.weapon.id in ids]


def artillery_in_torso_or_arm(mech: Mech) -> Iterator[Finding]:
    """E-ARTILLERY-LOCATION: artillery goes in a torso or an arm.

    ADVANCED_EQUIPMENT.md §2 (Tactical Operations' artillery on BattleMechs; MegaMek's TestMek
    has no test, and all 604 artillery slots of the corpus sit in torsos and arms): neither in
    the head nor in a leg, either part of a split piece. Path: the piece's entry,
    `equipment[i]`."""
    for mount in _unique(mech, _facts(mech).get("artillery", [])):
        wrong = [loc for loc in mount.locations if not (loc.is_torso or loc.is_arm)]
        if wrong:
            yield error("E-ARTILLERY-LOCATION", mount.path,
                        f"{mount.name} in {wrong[0].title}; artillery goes in a torso or an arm",
                        expected="a torso or an arm", actual=wrong[0].value,
                        hint="move it to a torso or an arm")


def c3_networks_do_not_mix(mech: Mech) -> Iterator[Finding]:
    """E-C3-MIXED: a 'Mech belongs to one C3 network at most.

    ADVANCED_EQUIPMENT.md §5 (MegaMek's TestEntity hasIllegalEquipmentCombinations): every C3
    slave, boosted slave and emergency master together make one network; each C3i and each
    Nova CEWS one more; each C3 or boosted master one more only beside a C3i or a Nova and no
    slave-type item. More than one is illegal (C3i with any C3, a Nova with any C3, C3i with a
    Nova). Path: the last C3-family entry, `equipment[i]`."""
    facts = _facts(mech)
    slaves = _unique(mech, facts.get("c3_slaves", []))
    own = _unique(mech, facts.get("c3_own_network", []))
    masters = _unique(mech, facts.get("c3_masters", []))
    networks = (1 if slaves else 0) + len(own) + (len(masters) if own and not slaves else 0)
    if networks <= 1:
        return
    last = max((*slaves, *own, *masters), key=lambda m: m.id)
    kinds = Counter(m.name for m in (*slaves, *own, *masters))
    said = ", ".join(f"{n} × {name}" if n > 1 else name for name, n in sorted(kinds.items()))
    yield error("E-C3-MIXED", last.path,
                f"{said}: {networks} C3 networks; a 'Mech joins one (C3 slaves and masters, "
                "or one C3i, or one Nova CEWS)",
                expected="one C3 network", actual=f"{networks} networks",
                hint="keep one kind: C3 (slaves and masters), C3i, or a Nova CEWS")


def fusion_only_items(mech: Mech) -> Iterator[Finding]:
    """E-FUSION-ITEM: a Nova CEWS needs a fusion engine.

    ADVANCED_EQUIPMENT.md §5 (MegaMek's TestEntity): not with an ICE, fuel-cell or fission
    engine. Path: the item's entry, `equipment[i]`."""
    facts = _facts(mech)
    engine = mech.design.engine.type
    if engine not in facts.get("not_fusion", []):
        return
    for mount in _unique(mech, facts.get("fusion_only", [])):
        yield error("E-FUSION-ITEM", mount.path,
                    f"{mount.name} needs a fusion engine; the engine is {engine}",
                    expected="a fusion engine", actual=f"engine: {engine}",
                    hint="choose a fusion engine, or drop the item")


def laser_insulators_on_lasers(mech: Mech) -> Iterator[Finding]:
    """E-LASER-INSULATOR: each laser insulator insulates a laser of its own location.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestEntity and MekFileParser: an insulator links the
    first laser in its location no other insulator links): a location holds no more
    insulators than lasers. Path: the first insulator too many, `equipment[i]`."""
    facts = _facts(mech)
    lasers = Counter(loc for m in mech.mounts if m.item.weapon.subcategory in
                     facts.get("lasers", []) and m.item.weapon.category == "energy"
                     for loc in m.locations[:1])
    for mount, seen in unlinked(_unique(mech, facts.get("laser_insulators", [])), lasers):
        yield error("E-LASER-INSULATOR", mount.path,
                    f"{mount.name} in {mount.location.title} has no laser of its own: "
                    f"{lasers[mount.location]} laser(s) there",
                    expected=f"≤ {lasers[mount.location]} insulators", actual=f"{seen} insulators",
                    hint="put it beside a laser it insulates, or drop it")


def _cockpit_locations(mech: Mech) -> set[Any]:
    """The locations whose fixed slots hold the cockpit (the head; the center torso with a
    torso-mounted cockpit: advanced.yaml, experimental.yaml `cockpit_types`)."""
    layout = mech.ruleset.fixed_layout(mech.design)
    return {loc for loc, names in layout.items() if "Cockpit" in names}


def items_in_the_cockpit_location(mech: Mech) -> Iterator[Finding]:
    """E-COCKPIT-ITEM: MASS and the remote drone command console go where the cockpit is.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestMek isValidMekLocation): in the location that
    holds the cockpit, the head or, with a torso-mounted cockpit, the center torso (the
    corpus: 9 MASS and 1 console, all there). Path: the item's entry, `equipment[i]`."""
    where = _cockpit_locations(mech)
    for mount in _unique(mech, _facts(mech).get("cockpit_location_items", [])):
        if where and mount.location not in where:
            home = sorted(where, key=lambda loc: loc.value)[0]
            yield error("E-COCKPIT-ITEM", mount.path,
                        f"{mount.name} in {mount.location.title}; it goes with the cockpit, "
                        f"in {home.title}", expected=home.value, actual=mount.location.value,
                        hint=f"move it to {home.title}")


def drone_console_without_command_console(mech: Mech) -> Iterator[Finding]:
    """E-DRONE-CONSOLE: a remote drone command console is never mounted with a command
    console cockpit.

    ADVANCED_EQUIPMENT.md §6 (MegaMek's TestMek). Path: the console's entry, `equipment[i]`."""
    facts = _facts(mech)
    if mech.design.cockpit not in facts.get("console_cockpits", []):
        return
    for mount in _unique(mech, facts.get("drone_consoles", [])):
        yield error("E-DRONE-CONSOLE", mount.path,
                    f"{mount.name} with a {mech.design.cockpit.replace('_', ' ')} cockpit",
                    expected="another cockpit", actual=f"cockpit: {mech.design.cockpit}",
                    hint="drop the remote drone command console, or choose another cockpit")
