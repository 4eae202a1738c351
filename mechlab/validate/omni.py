"""OmniMech rules of the Standard ruleset (STANDARD_RULES.md §11): pod-mounted equipment,
base-chassis heat sinks and the arms that carry heavy weapons.

A rule takes a resolved `Mech` and yields findings; one function, one code; the facts come
from the ruleset (standard.yaml's `derived` sets).
"""

from __future__ import annotations

from collections.abc import Iterator

from mechlab.core.equipment import ItemKind
from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech
from mechlab.validate.standard import _std, _where


def pods_only_on_omnis(mech: Mech) -> Iterator[Finding]:
    """E-OMNI-POD-NONOMNI: only an OmniMech has pod-mounted equipment.

    STANDARD_RULES.md §11.2. Path: each entry with `pod: true`, once per entry:
    `equipment[i]`."""
    if mech.design.omni:
        return
    for mount in mech.one_per_entry:
        if mount.pod:
            yield error("E-OMNI-POD-NONOMNI", mount.path,
                        f"{mount.name} is pod-mounted on a 'Mech that is no OmniMech",
                        expected="pod: false", actual="pod: true",
                        hint="drop `pod`, or set omni: true")


def fixed_items_not_podded(mech: Mech) -> Iterator[Finding]:
    """E-OMNI-POD-FIXED: equipment that is always base-chassis equipment is not pod-mounted.

    STANDARD_RULES.md §11.2: MASC, triple-strength myomer (industrial too) and environmental
    sealing (standard.yaml's derived set `omni_fixed_only`); engine, gyro, actuators,
    structure and armor are never design entries that could be podded. Path: the entry with
    `pod: true`, once per entry: `equipment[i]`."""
    fixed_only = _std(mech).derived["omni_fixed_only"]
    for mount in mech.one_per_entry:
        if mount.pod and mount.item.weapon.id in fixed_only:
            yield error("E-OMNI-POD-FIXED", mount.path,
                        f"{mount.name} is base-chassis equipment; it cannot be pod-mounted",
                        expected="pod: false", actual="pod: true", hint="drop `pod`")


def omni_arms_free_for_heavy_weapons(mech: Mech) -> Iterator[Finding]:
    """E-OMNI-ARM: a biped OmniMech's arm that carries an autocannon, Gauss rifle or PPC has no
    lower arm or hand actuator.

    STANDARD_RULES.md §11.4: the weapon families of standard.yaml's derived set
    `omni_arm_heavy` (every autocannon, Gauss rifles, HAGs, PPCs). Quads and 'Mechs that are
    not Omni are not checked. Path: the weapon's entry, once per entry: `equipment[i]`; the
    hint names the `actuators.<arm>` to change."""
    if not mech.design.omni or mech.is_quad:
        return
    heavy = _std(mech).derived["omni_arm_heavy"]
    for mount in mech.one_per_entry:
        arm = mount.location
        if (not arm.is_arm or mount.item.kind is not ItemKind.WEAPON
                or mount.item.weapon.subcategory not in heavy):
            continue
        kept = [name for name in ("Lower Arm Actuator", "Hand Actuator")
                if mech.has_actuator(arm, name)]
        if kept:
            yield error(
                "E-OMNI-ARM", mount.path,
                f"{mount.name} in {_where(arm)} of an OmniMech that keeps its "
                f"{' and '.join(k.removesuffix(' Actuator').lower() for k in kept)} actuator",
                expected="no lower arm or hand actuator", actual=", ".join(kept),
                hint=f"actuators.{arm.value}: {{lower_arm: false, hand: false}}")


def omni_base_chassis_sinks(mech: Mech) -> Iterator[Finding]:
    """E-OMNI-HEATSINKS: base-chassis heat sinks are stated only for an OmniMech, and at most its
    total.

    STANDARD_RULES.md §11.3: the base chassis's sinks are part of the 'Mech's total, and
    they decide how many sinks an OmniMech's engine holds. Path: `base_chassis_heat_sinks`."""
    design = mech.design
    base = design.base_chassis_heat_sinks
    if base is None:
        return
    if not design.omni:
        yield error("E-OMNI-HEATSINKS", "base_chassis_heat_sinks",
                    "base-chassis heat sinks on a 'Mech that is no OmniMech",
                    expected="omni: true", actual="omni: false",
                    hint="drop base_chassis_heat_sinks, or set omni: true")
    elif base > mech.heat_sinks:
        yield error("E-OMNI-HEATSINKS", "base_chassis_heat_sinks",
                    f"the base chassis carries {base} heat sinks, the 'Mech {mech.heat_sinks}",
                    expected=f"≤ {mech.heat_sinks}", actual=str(base),
                    hint="the base chassis's sinks are part of the total")
