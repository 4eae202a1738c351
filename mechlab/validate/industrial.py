"""Standard-rules checks of IndustrialMechs (`unit: industrialmech`): what the TechManual's
IndustrialMech construction rules allow, as MegaMek's TestMek applies them.

One function, one code; which components and items an IndustrialMech may use is
standard.yaml's `unit_types` table and the engine and cockpit rows of its component
tables, never this module.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech, MountedItem

if TYPE_CHECKING:
    from mechlab.rulesets.standard import Standard


def _std(mech: Mech) -> Standard:
    return cast("Standard", mech.ruleset)


def design_entries(mech: Mech) -> Iterator[MountedItem]:
    """One mount per design entry (an entry with `count: 3` is reported once)."""
    seen: set[str] = set()
    for mount in mech.mounts:
        if mount.path.startswith("equipment[") and mount.path not in seen:
            seen.add(mount.path)
            yield mount


def industrial_components(mech: Mech) -> Iterator[Finding]:
    """E-INDUSTRIAL-COMPONENT: an IndustrialMech uses only the components its unit type allows.

    TechManual IndustrialMech construction, as MegaMek's TestMek and MegaMekLab apply it
    (standard.yaml `unit_types`): industrial internal structure (what makes a 'Mech an
    IndustrialMech to MegaMek), a standard fusion, ICE, fuel-cell or fission engine, a
    standard gyro, a standard or industrial cockpit, single heat sinks, standard or
    industrial triple-strength myomer. Path: the component's field (`structure.type`,
    `engine.type`, `gyro`, `cockpit`, `heat_sinks.type`, `myomer.type`)."""
    rules = _std(mech)
    unit = rules.unit_type(mech.design)
    for path, what, word, rows in rules.component_choices(mech.design):
        allowed = unit.components.get(path)
        row = rows.get(word)
        if allowed is None or row is None or row.refused or word in allowed:
            continue
        titles = ", ".join(rows[w].title for w in allowed if w in rows)
        yield error("E-INDUSTRIAL-COMPONENT", path,
                    f"an {unit.title} cannot use this {what}: {row.title}",
                    expected=titles, actual=row.title,
                    hint=f"choose one of: {', '.join(allowed)}")


def industrial_items(mech: Mech) -> Iterator[Finding]:
    """E-INDUSTRIAL-ITEM: an IndustrialMech mounts no BattleMech-only item.

    MegaMek's TestMek: an IndustrialMech mounts no MASC (a supercharger it may) and only
    standard jump jets (standard.yaml `unit_types.industrialmech.battlemech_only`);
    triple-strength myomer and double heat sinks are components (E-INDUSTRIAL-COMPONENT).
    Path: `equipment[i]`, once per entry."""
    unit = _std(mech).unit_type(mech.design)
    for mount in design_entries(mech):
        if mount.item.weapon.id in unit.battlemech_only:
            yield error("E-INDUSTRIAL-ITEM", mount.path,
                        f"an {unit.title} cannot mount {mount.name}",
                        expected="an item IndustrialMechs may mount", actual=mount.name,
                        hint="remove it")


def industrial_fire_control(mech: Mech) -> Iterator[Finding]:
    """E-INDUSTRIAL-FIRE-CONTROL: without advanced fire control, no fire-control electronics.

    TechManual (MegaMek's TestMek): an IndustrialMech whose cockpit lacks advanced fire
    control (`cockpit: industrial`; standard.yaml's cockpit row `fire_control: false`)
    mounts no targeting computer, Artemis, active probe or C3 equipment
    (`unit_types.industrialmech.fire_control_items`). Path: `equipment[i]`."""
    rules = _std(mech)
    if rules.advanced_fire_control(mech.design):
        return
    unit = rules.unit_type(mech.design)
    for mount in design_entries(mech):
        if mount.item.weapon.id in unit.fire_control_items:
            yield error("E-INDUSTRIAL-FIRE-CONTROL", mount.path,
                        f"{mount.name} needs advanced fire control; the industrial cockpit "
                        "has none",
                        expected="cockpit: industrial_afc (or standard)",
                        actual=str(mech.design.cockpit),
                        hint="choose cockpit: industrial_afc, or remove it")


def jump_needs_engine(mech: Mech) -> Iterator[Finding]:
    """E-JUMP-ENGINE: jump jets need a fusion or fission engine.

    MegaMek's TestMek (maxJumpMP): a 'Mech whose engine is an ICE or a fuel cell
    (standard.yaml engine rows `jump: false`) cannot jump. Path: `jumping_mp`."""
    engine = _std(mech).engine_type(mech.design)
    if engine is None or engine.jump or not (mech.jumping_mp or mech.jump_jets):
        return
    yield error("E-JUMP-ENGINE", "jumping_mp",
                f"Jumping MP {mech.jumping_mp}, but a {engine.title} engine cannot power "
                "jump jets", expected="0", actual=str(mech.jumping_mp),
                hint="remove the jump jets, or choose a fusion or fission engine")
