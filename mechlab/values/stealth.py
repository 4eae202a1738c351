"""What the Advanced stealth systems and mobility/survival equipment add to BV2
(ADVANCED_BV.md §1, §2.1, §2.4–§2.6, §3.2; MegaMek's MekBVCalculator tmmFactor,
heatEfficiency, processArmor; Mek getJumpMP, getHeatCapacity). Numbers are values.yaml's
(`signature_systems`, `radical_heat_sink`, `blue_shield`, `harjel_armor`, `modular_armor`)
and the ruleset's (advanced.yaml `partial_wing`, `umu`)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from mechlab.core.locations import Location
from mechlab.model.mech import Mech
from mechlab.values.standard_tables import exact, values

if TYPE_CHECKING:
    from mechlab.rulesets.standard import Standard

# ADVANCED_BV.md §2.5: the locations whose want of CASE a Blue Shield pays for.
_BLUE_SHIELD_LOCATIONS = frozenset({"CT", "LT", "RT", "LA", "RA", "LL", "RL", "FLL", "FRL",
                                    "RLL", "RRL"})


@dataclass(frozen=True)
class AdvancedBV:
    """The changes to a 'Mech's BV inputs, each 0 where it mounts none of these items."""

    jump: int = 0  # partial wing MP (BV jump, not its heat)
    umu: int = 0  # UMU MP (its own TMM, no +1)
    heat_capacity: int = 0  # partial wing 3, radical heat sink ⌈0.4 × sinks⌉
    tmm_stealth: int = 0  # null-signature (+2, as stealth armor: not added to it)
    tmm_added: int = 0  # chameleon +2
    void: bool = False  # void-signature: TMM < 3 → 3, 3 → 4
    heat_efficiency: int = 0  # −10 null, −10 void, −6 chameleon
    armor_multiplier: Fraction = Fraction(0)  # Blue Shield + 0.2
    structure_multiplier: Fraction = Fraction(0)  # Blue Shield + 0.2
    armor_extra: Fraction = Fraction(0)  # modular armor points; HarJel II/III's × 1.1 / 1.2
    blue_shield: bool = False


def advanced_bv(mech: Mech, ruleset: Standard) -> AdvancedBV:
    """The stealth, mobility and survival items' share of the BV inputs."""
    table = values()
    items = [m.item for m in mech.mounts if not m.piece]
    ids = Counter(item.weapon.id for item in items)
    signatures = [row for key, row in table["signature_systems"].items() if ids[key]]
    rhs = table["radical_heat_sink"]
    sinks = math.ceil(exact(rhs["per_sink"]) * mech.heat_sinks) if any(
        ids[i] for i in rhs["ids"]) else 0
    shield = table["blue_shield"]
    blue = any(ids[i] for i in shield["ids"])
    return AdvancedBV(
        jump=ruleset.partial_wing_jump_bonus(mech.tonnage, mech.jumping_mp, items),
        umu=ruleset.umu_mp(items),
        heat_capacity=ruleset.partial_wing_heat_capacity(items) + sinks + sum(
            int(n) for i, n in table.get("heat_efficiency_ids", {}).items() if ids[i]),
        tmm_stealth=max((int(r.get("stealth_tmm", 0)) for r in signatures), default=0),
        tmm_added=sum(int(r.get("tmm", 0)) for r in signatures),
        void=any(r.get("void") for r in signatures),
        heat_efficiency=sum(int(r.get("heat_efficiency", 0)) for r in signatures),
        armor_multiplier=exact(shield["armor"]) if blue else Fraction(0),
        structure_multiplier=exact(shield["structure"]) if blue else Fraction(0),
        armor_extra=_modular_points(mech, ids) + _harjel_points(mech),
        blue_shield=blue)


def _modular_points(mech: Mech, ids: Counter[str]) -> Fraction:
    """ADVANCED_BV.md §2.1: each modular armor mount adds its 10 points."""
    row = values()["modular_armor"]
    return Fraction(sum(ids[i] for i in row["ids"]) * int(row["points"]))


def _harjel_points(mech: Mech) -> Fraction:
    """ADVANCED_BV.md §2.1: HarJel II / III multiply their location's armor multiplier by
    1.1 / 1.2, counted here as the points that many more (front and rear)."""
    factors = {k: exact(v) for k, v in values()["harjel_armor"].items()}
    extra = Fraction(0)
    done: set[Location] = set()
    for m in mech.mounts:
        factor = factors.get(m.item.weapon.id)
        if factor is None or m.location in done:
            continue
        done.add(m.location)
        points = mech.armor_front(m.location) + mech.armor_rear(m.location)
        extra += points * (factor - 1)
    return extra


def blue_shield_penalty(penalized: frozenset[str]) -> int:
    """ADVANCED_BV.md §2.5: −1 defensive BV for each location from the center torso to the
    legs that CASE does not protect (head never)."""
    per = int(values()["blue_shield"]["per_location"])
    return per * len(penalized & _BLUE_SHIELD_LOCATIONS)


def advanced_notes(extra: AdvancedBV, notes: dict[str, str]) -> dict[str, str]:
    """`bv --explain`'s words for what these items changed (appended to the topic's note)."""
    said: dict[str, list[str]] = {}
    if extra.armor_extra:
        said.setdefault("armor", []).append(
            f"+ {float(extra.armor_extra):g} points of modular armor and HarJel II/III")
    if extra.blue_shield:
        said.setdefault("armor", []).append("Blue Shield + 0.2")
        said.setdefault("structure", []).append("Blue Shield + 0.2")
    if extra.tmm_stealth or extra.tmm_added:
        said.setdefault("tmm", []).append("signature systems")
    if extra.void:
        said.setdefault("tmm", []).append("void-signature: a TMM under 3 counts 3, 3 counts 4")
    if extra.jump:
        said.setdefault("jump", []).append(f"partial wing + {extra.jump}")
    if extra.umu:
        said.setdefault("jump", []).append(f"UMU {extra.umu}: the larger of jump and UMU MP")
        said.setdefault("tmm", []).append(f"UMU MP {extra.umu}, no + 1")
    if extra.heat_capacity:
        said.setdefault("heat", []).append(f"partial wing / radical heat sink + "
                                           f"{extra.heat_capacity}")
    return {topic: "; ".join(x for x in (notes.get(topic, ""), *words) if x)
            for topic, words in said.items()}
