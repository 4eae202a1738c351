"""What an IndustrialMech's Alpha Strike card adds (alpha_strike.yaml `industrial`): its
unit type (IM), its fire control (AFC / BFC), its engine (EE / FC), commercial armor (BAR,
half the armor points), industrial TSM (I-TSM), environmental sealing (SEAL, SOA), cargo
(CT#), and the equipment specials every 'Mech earns from industrial equipment
(`equipment_specials`: MEL, ENG, SAW, SRCH, ES) and communications equipment (MHQ#, RCN).

The rules are MegaMek's Alpha Strike conversion (ASSpecialAbilityConverter, its Mek
subclass, ASArmStrConverter), checked against the Master Unit List's IM cards; where the
MUL's cards disagree the difference is listed in docs/VALUES_DIFFERENCES.md.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mechlab.cards.as_constants import AlphaStrikeConstants
    from mechlab.model.mech import Mech


def unit_type(mech: Mech, r: AlphaStrikeConstants) -> str:
    """The card's type: BM, or IM for an IndustrialMech."""
    return r.unit_types.get(mech.unit_type, r.unit_type)


def armor_factor(mech: Mech, r: AlphaStrikeConstants) -> Fraction:
    """§3: commercial armor counts half its points (ASArmStrConverter). Patchwork armor
    (lane patchwork): each location's points at its own type's factor, as the points-weighted
    mean (Aquagladius AQS-5 MAM: 96 hardened points × 2 + 48 standard = 240 → armor 8, the
    MUL's card)."""
    armor = mech.design.armor
    types = mech.ruleset.armor_types_by_location(mech.design)
    if not types or not armor.points:
        return r.armor_factor.get(armor.type, Fraction(1))
    weighted = sum((r.armor_factor.get(word, Fraction(1))
                    * (armor.front(location) + armor.rear(location))
                    for location, (word, _, _) in types.items()), Fraction(0))
    return weighted / armor.points


def _armor_specials(mech: Mech, r: AlphaStrikeConstants) -> list[str | None]:
    """The armor's special (RCA, RFA, CR, BAR). Patchwork armor (lane patchwork): the
    specials of the types whose slots a location holds, as MegaMek reads them from the armor's
    slots: Zeus X ZEU-X2's reactive arms and legs give RCA (the MUL's card); the Spindrift
    SDT-1's reactive and reflective locations without their slots, and hardened armor (no
    slots), give none (the MUL's SDT-1 and Aquagladius AQS-5 MAM cards)."""
    types = mech.ruleset.armor_types_by_location(mech.design)
    if not types:
        return [r.armor_specials.get(mech.design.armor.type)]
    slotted = {m.location for m in mech.mounts if m.path == "armor" and m.placed}
    words = dict.fromkeys(word for location, (word, _, _) in types.items()
                          if location in slotted)
    return [r.armor_specials.get(word) for word in words]


def industrial_specials(mech: Mech, r: AlphaStrikeConstants) -> list[str]:
    """The specials of the 'Mech's construction: engine, armor, myomer, and on an
    IndustrialMech its fire control and environmental sealing."""
    spec, design = r.industrial, mech.design
    out = [r.engine_specials.get(design.engine.type), *_armor_specials(mech, r),
           r.myomer_specials.get(design.myomer.type)]
    if mech.is_industrial:
        # AFC: an IndustrialMech whose cockpit has advanced fire control; else BFC.
        out.append(spec.fire_control.get(design.cockpit, spec.basic_fire_control))
        ids = {m.item.weapon.id for m in mech.mounts}
        if ids & set(spec.sealing):
            out.append("SEAL")
            # SOA: sealed, and an engine that needs no air (not an ICE).
            if design.engine.type not in spec.air_breathing_engines:
                out.append("SOA")
    return [s for s in out if s]


def cargo_tons(mech: Mech, r: AlphaStrikeConstants) -> Fraction:
    """CT: the tons of the cargo the 'Mech carries."""
    items = set(r.industrial.cargo)
    return sum((m.tons for m in mech.mounts if m.item.weapon.id in items), Fraction(0))


def cargo_special(mech: Mech, r: AlphaStrikeConstants) -> str | None:
    """`CT#`: up to 1 ton as it is (`CT0.5`), above it in whole tons, rounded down
    (the MUL's cards: 2.5 t → `CT2`, 4.5 t → `CT4`)."""
    tons = cargo_tons(mech, r)
    if tons <= 0:
        return None
    value = tons if tons <= 1 else Fraction(math.floor(tons))
    return f"CT{float(value):g}"


def communications(mech: Mech, r: AlphaStrikeConstants) -> tuple[Fraction, list[str]]:
    """Communications equipment: MHQ adds its tons (each mount rounded down); RCN when a
    mount weighs at least the 'Mech's tonnage ÷ 20."""
    items = set(r.industrial.communications)
    mounts = [m for m in mech.mounts if m.item.weapon.id in items]
    mhq = sum((Fraction(math.floor(m.tons)) for m in mounts), Fraction(0))
    recon = any(m.tons >= Fraction(mech.tonnage, r.industrial.recon_share)
                for m in mounts)
    return mhq, ["RCN"] if recon else []
