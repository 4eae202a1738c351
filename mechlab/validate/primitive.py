"""Primitive 'Mechs (ADVANCED_COMPONENTS.md §7.1; docs/advanced.md): Interstellar Operations'
primitive BattleMechs, as MegaMek's TestMek judges them (`hasIllegalEquipmentCombinations`
when the 'Mech `isPrimitive`, that is, has a primitive cockpit). What a primitive 'Mech may
choose is advanced.yaml's `primitive_construction`; each restriction is its own rule."""

from __future__ import annotations

from collections.abc import Iterator

from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech
from mechlab.validate.standard import _std as standard_ruleset


def _is_primitive(mech: Mech) -> bool:
    cockpit = standard_ruleset(mech).cockpit_type(mech.design)
    return cockpit is not None and cockpit.primitive and not cockpit.refused


def _chosen(mech: Mech, path: str, what: str, code: str) -> Iterator[Finding]:
    """The finding when a primitive 'Mech's `path` word is not one it may choose."""
    ruleset = standard_ruleset(mech)
    allowed = ruleset.primitive_construction.get(path)
    if not _is_primitive(mech) or allowed is None:
        return
    word = {"structure.type": mech.design.structure.type, "engine.type": mech.design.engine.type,
            "myomer.type": mech.design.myomer.type,
            "armor.type": mech.design.armor.type}[path]
    if word in allowed:
        return
    yield error(code, path, f"a primitive 'Mech cannot use {what} {word!r}",
                expected=" or ".join(allowed), actual=word,
                hint=f"a primitive cockpit's 'Mech takes {what} {', '.join(allowed)} "
                     "(Interstellar Operations); or choose another cockpit")


def primitive_structure(mech: Mech) -> Iterator[Finding]:
    """E-PRIMITIVE-STRUCTURE: a primitive 'Mech has standard internal structure.

    ADVANCED_COMPONENTS.md §7.1 (MegaMek's TestMek). Path: `structure.type`."""
    yield from _chosen(mech, "structure.type", "structure", "E-PRIMITIVE-STRUCTURE")


def primitive_engine(mech: Mech) -> Iterator[Finding]:
    """E-PRIMITIVE-ENGINE: a primitive 'Mech has no XL, light, compact or XXL engine.

    ADVANCED_COMPONENTS.md §7.1 (MegaMek's TestMek): a standard fusion engine (or ICE, fuel
    cell, fission), rated 5⌈1.2 × T × W ÷ 5⌉. Path: `engine.type`."""
    yield from _chosen(mech, "engine.type", "engine", "E-PRIMITIVE-ENGINE")


def primitive_myomer(mech: Mech) -> Iterator[Finding]:
    """E-PRIMITIVE-MYOMER: a primitive 'Mech has standard myomer (no triple-strength).

    ADVANCED_COMPONENTS.md §7.1 (MegaMek's TestMek: no TSM, industrial TSM or SCM). Path:
    `myomer.type`."""
    yield from _chosen(mech, "myomer.type", "myomer", "E-PRIMITIVE-MYOMER")


def primitive_armor(mech: Mech) -> Iterator[Finding]:
    """E-ARMOR-PRIMITIVE: a primitive BattleMech wears primitive (or industrial) armor.

    ADVANCED_COMPONENTS.md §4.2, §7.1 (MegaMek's TestMek). Path: `armor.type`."""
    yield from _chosen(mech, "armor.type", "armor", "E-ARMOR-PRIMITIVE")


def primitive_not_omni(mech: Mech) -> Iterator[Finding]:
    """E-PRIMITIVE-OMNI: a primitive 'Mech is not an OmniMech.

    ADVANCED_COMPONENTS.md §7.1 (MegaMek's TestMek). Path: `omni`."""
    if _is_primitive(mech) and mech.design.omni:
        yield error("E-PRIMITIVE-OMNI", "omni", "a primitive 'Mech cannot be an OmniMech",
                    expected="omni: false", actual="omni: true",
                    hint="remove omni: true, or choose another cockpit")
