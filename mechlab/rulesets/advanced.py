"""The `advanced` ruleset: Tactical Operations' construction rules, rules level 3.

What mechlab implements of level 3 today is what the Standard rules have: `Advanced`
states only what its book changes, and so far that is its place on the ladder (MegaMek's
rules level 3, TechManual p. 33) and its name. A design is labelled `advanced` only when
no lower ruleset admits it; until the level-3 items and components have their data
(the catalogue's progression columns) the Standard refusals still name them (R-ITEM,
R-COMPONENT): mechlab never pretends to judge what it does not implement.

How to add a ruleset: subclass the ruleset whose book yours extends, set `name`,
`aliases`, `title` and `ladder_level`, override the facts and methods the book changes,
give it a data file that `extends:` its parent's with only the rows that differ, and
register the class in `rulesets/registry.py` `_REGISTRY` (docs/architecture.md).
"""

from __future__ import annotations

from typing import ClassVar

from mechlab.rulesets.standard import Standard


class Advanced(Standard):
    """Tactical Operations (rules level 3): the Standard rules, and what TO changes."""

    name: ClassVar[str] = "advanced"
    aliases: ClassVar[tuple[str, ...]] = ("to", "tacops", "tactical operations", "level 3")
    title: ClassVar[str] = "Advanced (Tactical Operations, rules level 3)"
    ladder_level: ClassVar[int | None] = 3
    data_file: ClassVar[str] = "advanced.yaml"
    # Armored components and turrets (docs/advanced.md, lane armored); ADVANCED_EQUIPMENT.md
    # §3, §4.1 (shields, talons, AES; lane physical); lane stealth (ADVANCED_EQUIPMENT.md
    # §4.2, §5, §6): signature systems, partial wing, HarJel, modular armor, MASS (the UMU's
    # rules are the Standard ones: its row is level 2); the superheavy rules
    # (validate/configurations.py, lane configs).
    # lane artillery (ADVANCED_EQUIPMENT.md §2, §5, §6): artillery, C3 networks, Nova CEWS,
    # laser insulators, the remote drone command console.
    rules: ClassVar[tuple[str, ...]] = (
        *Standard.rules, "E-ARMORED-SLOT", "E-COCKPIT-ARMORED", "E-TURRET-HEAD",
        "E-TURRET-SHOULDER", "E-TURRET-QUAD", "E-TURRET-CONTENT",
        "E-SHIELD-COUNT", "E-TALON-LEGS", "E-AES-LOCATION", "E-AES-COUNT",
        "E-AES-LEGS", "E-AES-SLOTS", "E-AES-MASC", "E-AES-TC", "W-AES-MYOMER",
        "E-STEALTH-COMBO", "E-VOID-ECM", "E-SPREAD-COUNT", "E-WING-BOOSTER",
        "E-WING-QUAD", "E-HARJEL-LOCATION", "E-HARJEL-MIXED", "E-HARJEL-COUNT",
        "E-HARJEL-ARMOR", "E-MODULAR-LOCATION", "E-MODULAR-COUNT", "E-MASS-LOCATION",
        # lane primitive: ADVANCED_COMPONENTS.md §7.1, primitive 'Mechs (validate/primitive.py).
        "E-PRIMITIVE-OMNI", "E-PRIMITIVE-STRUCTURE", "E-PRIMITIVE-ENGINE",
        "E-PRIMITIVE-MYOMER", "E-ARMOR-PRIMITIVE",
        # lane configs: CONFIGURATIONS.md (superheavies, shared slots).
        "E-SUPERHEAVY-GYRO", "E-SUPERHEAVY-JUMP", "E-SHARED-SLOT",
        # lane artillery
        "E-ARTILLERY-LOCATION", "E-C3-MIXED", "E-FUSION-ITEM", "E-LASER-INSULATOR",
        "E-COCKPIT-ITEM", "E-DRONE-CONSOLE",
        # lane sheets3: each configuration's cockpit (validate/configurations.py)
        "E-COCKPIT-CONFIG",
        # lane lam: what a configuration may build (validate/config_rules.py, lam.yaml).
        "E-CONFIG-TONNAGE", "E-CONFIG-JUMP", "E-CONFIG-OMNI", "E-CONFIG-COMPONENT",
        "E-CONFIG-ITEM", "E-CONFIG-SPLIT", "E-CONFIG-ACTUATOR",
        # lane patchwork: patchwork armor, the ram plate, the RISC laser pulse module
        # (validate/patchwork.py, ram_plate.py)
        "E-PATCHWORK-TYPE", "E-PATCHWORK-SLOTS", "E-RAMPLATE-QUAD", "E-RAMPLATE-STRUCTURE",
        "E-PULSE-MODULE")
