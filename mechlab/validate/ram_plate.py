"""The ram plate and the RISC laser pulse module (Interstellar Operations; lane patchwork,
docs/advanced.md "Ram plate", "RISC laser pulse module"). The ram plate: a
quad's plate over its torso, on reinforced structure (MegaMek's TestMek
hasIllegalEquipmentCombinations, as facts). Which items are ram plates and the structure they
need are rulesets/patchwork.yaml's `ram_plate`; one rule, one code each. Its one slot in each
torso location is its placement (`spread_equipment`: mechlab places it so, a `.mtf` that
places it otherwise is E-MTF-SPREAD), and a second plate is E-SPREAD-COUNT."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech, MountedItem
from mechlab.validate.links import unlinked
from mechlab.validate.standard import _std


def _plates(mech: Mech) -> list[MountedItem]:
    ids = set(getattr(_std(mech), "ram_plate_rules", {}).get("ids", ()))
    return [m for m in mech.mounts if not m.piece and m.item.weapon.id in ids]


def ram_plate_on_a_quad(mech: Mech) -> Iterator[Finding]:
    """E-RAMPLATE-QUAD: only a quad mounts a ram plate.

    Interstellar Operations (MegaMek's TestMek: "can only be mounted on a quad"). Path: the
    plate's entry, `equipment[i]`."""
    for plate in _plates(mech):
        if not mech.is_quad:
            yield error("E-RAMPLATE-QUAD", plate.path, f"a ram plate on a {mech.design.config}",
                        expected="a quad", actual=mech.design.config,
                        hint="remove the ram plate: only a quad 'Mech mounts one")


def ram_plate_on_reinforced_structure(mech: Mech) -> Iterator[Finding]:
    """E-RAMPLATE-STRUCTURE: a ram plate needs reinforced internal structure.

    Interstellar Operations (MegaMek's TestMek: "requires reinforced structure"; the
    structures are rulesets/patchwork.yaml's `ram_plate.structure`). Path: the plate's entry,
    `equipment[i]`."""
    allowed = tuple(getattr(_std(mech), "ram_plate_rules", {}).get("structure", ()))
    for plate in _plates(mech):
        if mech.design.structure.type not in allowed:
            yield error("E-RAMPLATE-STRUCTURE", plate.path,
                        f"a ram plate on {mech.design.structure.type.replace('_', ' ')} "
                        "structure", expected=" or ".join(allowed),
                        actual=mech.design.structure.type,
                        hint="use reinforced structure, or remove the ram plate")


def pulse_modules_on_lasers(mech: Mech) -> Iterator[Finding]:
    """E-PULSE-MODULE: each RISC laser pulse module links a laser of its own location that no
    other module links: an Inner Sphere laser that is no pulse laser.

    Interstellar Operations (MegaMek links the module to the laser before it in its
    location; the lasers it may link are rulesets/patchwork.yaml's `pulse_modules`): a
    location holds no more modules than such lasers. Path: the first module too many,
    `equipment[i]`."""
    rules = _std(mech).equipment_rules.get("pulse_modules") or {}
    ids, kinds, techs = (set(rules.get(key, ())) for key in ("ids", "lasers", "tech"))
    lasers = Counter(m.location for m in mech.mounts if not m.piece
                     and m.item.weapon.subcategory in kinds
                     and m.item.weapon.tech_base in techs)
    modules = (m for m in mech.mounts if not m.piece and m.item.weapon.id in ids)
    for mount, seen in unlinked(modules, lasers):
        yield error("E-PULSE-MODULE", mount.path,
                    f"{mount.name} in the {mount.location.title.lower()} has no laser of "
                    f"its own: {lasers[mount.location]} Inner Sphere non-pulse laser(s) there",
                    expected=f"≤ {lasers[mount.location]} modules", actual=f"{seen} modules",
                    hint="put it beside the Inner Sphere laser it links, or remove it")
