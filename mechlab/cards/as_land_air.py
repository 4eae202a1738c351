"""What a land-air 'Mech adds to its Alpha Strike card (lane lam, issue 28; ADVANCED_BV.md
§7.4, §8; MegaMek's ASSpecialAbilityConverter): its `LAM(g"g/a a)` or `BIM(a a)` special,
`FUEL#` and `BOMB#`, and the AirMech and fighter moves that join the element's movement
for the point value. The modes' MP are the ruleset's (`airmech_mp`, `fighter_mp`)."""

from __future__ import annotations

import math
from fractions import Fraction

from mechlab.cards.as_constants import AlphaStrikeConstants
from mechlab.core.rounding import round_half_up
from mechlab.model.mech import Mech

Moves = tuple[tuple[int, str], ...]


def land_air(mech: Mech, r: AlphaStrikeConstants) -> tuple[list[str], Moves]:
    """(specials, other moves) of a LAM's card; nothing for any other 'Mech. A move is
    (value, code): `g` in inches (the AirMech cruise), `a` in thrust points."""
    facts, config = r.land_air, mech.design.config
    if config not in facts.specials:
        return [], ()
    fighter = mech.ruleset.fighter_mp(config, mech.jumping_mp)
    airmech = mech.ruleset.airmech_mp(config, mech.walking_mp, mech.jumping_mp)
    thrust = fighter.safe_thrust if fighter is not None else 0
    moves: list[tuple[int, str]] = []
    if airmech is not None:
        moves.append((airmech.cruise * r.inches_per_mp, "g"))
    moves.append((thrust, "a"))
    text = "/".join(f'{value}"{code}' if code == "g" else f"{value}{code}"
                    for value, code in moves)
    fuel = int(round_half_up(facts.fuel_points * facts.fuel_factor))
    specials = [f"{facts.specials[config]}({text})", f"FUEL{fuel}"]
    bays = sum(m.item.weapon.id in facts.bomb_items for m in mech.mounts)
    if bays:
        specials.append(f"BOMB{math.ceil(Fraction(bays, facts.bomb_bays_per_bomb))}")
    return specials, tuple(moves)
