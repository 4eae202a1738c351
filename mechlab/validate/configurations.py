"""The configurations' construction rules (issue 28; CONFIGURATIONS.md §3): superheavy
'Mechs' gyro, jumping and shared slots. Facts are the ruleset's (configurations.yaml);
a ruleset that builds no superheavies reports nothing here."""

from __future__ import annotations

from collections.abc import Iterator

from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech
from mechlab.validate.standard import _std as standard_ruleset


def superheavy_gyro(mech: Mech) -> Iterator[Finding]:
    """E-SUPERHEAVY-GYRO: a superheavy 'Mech has the superheavy gyro, and only it does.

    CONFIGURATIONS.md §3.3 (MegaMek's TestMek): the superheavy gyro is the one gyro of a
    'Mech over 100 t, and illegal on any other. Path: `gyro`."""
    ruleset, design = standard_ruleset(mech), mech.design
    facts = ruleset.superheavy
    if facts is None:
        return
    heavy, wanted = ruleset.is_superheavy(design), str(facts["gyro"])
    if heavy and design.gyro != wanted:
        yield error("E-SUPERHEAVY-GYRO", "gyro",
                    f"a {design.tonnage} t 'Mech with a {design.gyro} gyro; a superheavy "
                    f"'Mech needs the {wanted} gyro", expected=wanted, actual=design.gyro,
                    hint=f"set gyro: {wanted}")
    elif not heavy and design.gyro == wanted:
        yield error("E-SUPERHEAVY-GYRO", "gyro",
                    f"the {wanted} gyro on a {design.tonnage} t 'Mech; only a 'Mech over "
                    "100 t takes it", expected="not superheavy", actual=design.gyro,
                    hint="choose another gyro (standard, xl, compact, heavy_duty)")


def superheavy_jump(mech: Mech) -> Iterator[Finding]:
    """E-SUPERHEAVY-JUMP: a superheavy 'Mech does not jump.

    CONFIGURATIONS.md §3.6 (MegaMek's TestMek maxJumpMP: 0 for a superheavy). Path:
    `jumping_mp`."""
    ruleset = standard_ruleset(mech)
    if ruleset.superheavy is None or not ruleset.is_superheavy(mech.design):
        return
    if mech.jumping_mp or mech.jump_jets:
        yield error("E-SUPERHEAVY-JUMP", "jumping_mp",
                    f"jumping MP {mech.jumping_mp} on a superheavy 'Mech, which cannot jump",
                    expected="0", actual=str(mech.jumping_mp),
                    hint="remove the jump jets and set jumping_mp: 0")


def shared_slots(mech: Mech) -> Iterator[Finding]:
    """E-SHARED-SLOT: two items share a slot only on a superheavy, both of one slot.

    CONFIGURATIONS.md §1.3 (MegaMek's Mek: a second mount in a superheavy's slot): an
    entry with `shared: true` names the slot (`slot`) of a one-slot item listed before it
    in the same location, itself one slot, and that slot holds no other shared item.
    Path: the shared entry, `equipment[i]`."""
    ruleset, design = standard_ruleset(mech), mech.design
    heavy = ruleset.superheavy is not None and ruleset.is_superheavy(design)
    taken: set[tuple[str, int]] = set()
    for index, entry in enumerate(design.equipment):
        if not entry.shared:
            continue
        path = f"equipment[{index}]"
        spot = (entry.location, (entry.slot or 0) - 1)
        host = next((m for m in mech.mounts if m.shared_slot is None and m.slot_count == 1
                     and m.placement == (spot,)), None)
        size = next((m.item.slots(design.tonnage) for m in mech.mounts if m.path == path), 1)
        key = (entry.location.value, entry.slot or 0)
        why = ("only a superheavy 'Mech puts two items in a slot" if not heavy
               else f"{entry.item} takes {size} slots; only one-slot items share"
               if size != 1 else "no one-slot item of its own holds that slot"
               if host is None else "a slot holds at most two items" if key in taken else "")
        taken.add(key)
        if why:
            yield error("E-SHARED-SLOT", path, f"{entry.item} shares slot {entry.slot} of "
                        f"the {entry.location.value.replace('_', ' ')}: {why}",
                        expected="two one-slot items in a superheavy's slot",
                        actual="shared: true", hint="drop `shared` and give it a slot of its own")


def _cockpit_fits(row: dict[str, object], config: str, heavy: bool) -> bool:
    configs = row.get("configs")
    return isinstance(configs, list) and config in configs and bool(row["superheavy"]) == heavy


def cockpit_matches_configuration(mech: Mech) -> Iterator[Finding]:
    """E-COCKPIT-CONFIG: a tripod, QuadVee or superheavy 'Mech has its own cockpit, and
    that cockpit goes on nothing else.

    Interstellar Operations (MegaMek's TestMek, MegaMekLab's cockpit choices): a tripod takes
    the tripod cockpit (a superheavy tripod the superheavy tripod cockpit), a QuadVee the
    QuadVee cockpit, a superheavy biped or quad the superheavy cockpit; configurations.yaml
    `cockpit_configurations`. Path: `cockpit`."""
    ruleset, design = standard_ruleset(mech), mech.design
    rows: dict[str, dict[str, object]] = ruleset.cockpit_configurations
    if not rows:
        return
    heavy = ruleset.superheavy is not None and ruleset.is_superheavy(design)
    size = "superheavy " if heavy else ""
    wanted = [name for name, row in rows.items() if _cockpit_fits(row, design.config, heavy)]
    own = rows.get(design.cockpit)
    if wanted and design.cockpit not in wanted:
        why = f"a {size}{design.config} 'Mech needs the {' or '.join(wanted)} cockpit"
    elif own is not None and not _cockpit_fits(own, design.config, heavy):
        why = f"the {design.cockpit} cockpit is not for a {size}{design.config} 'Mech"
    else:
        return
    yield error("E-COCKPIT-CONFIG", "cockpit",
                f"a {design.cockpit} cockpit on a {design.tonnage} t {design.config}: {why}",
                expected=" or ".join(wanted) or "a cockpit of this configuration",
                actual=design.cockpit,
                hint=f"set cockpit: {wanted[0]}" if wanted else "choose another cockpit "
                "(standard, small, torso_mounted …)")
