"""Movement in the Standard rules' Battle Value (BV_STANDARD.md 3.5, ADVANCED_BV.md §1-§3):
the walking, running and jumping MP BV reads, the movement heat, and a standard LAM's
AirMech movement. `StandardValues.value_unit` asks these."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from mechlab.core.rounding import round_half_up
from mechlab.values import patchwork, physical_bv
from mechlab.values.standard_tables import row, values

if TYPE_CHECKING:
    from mechlab.model.mech import Mech
    from mechlab.rulesets.standard import Standard


class Movement(NamedTuple):
    """The MP BV reads, and whether the jets are improved ones (their heat, the notes)."""

    walk: int
    run: int
    jump: int
    improved: bool


def bv_movement(ruleset: Standard, mech: Mech) -> Movement:
    """Walking MP with its myomer's extra, running MP (a sprint's, else ⌈1.5 × walk⌉) and
    jumping MP, as BV reads them."""
    myomer = row("myomer", mech.design.myomer.type)
    # ADVANCED_BV.md §1: a medium or large shield slows the 'Mech (walk, jump).
    # ADVANCED_BV.md §1: a mechanical jump booster's MP if it is more than the jets'.
    jets = max(mech.jumping_mp, ruleset.jump_booster_mp(m.item for m in mech.mounts))
    walk, jump = physical_bv.shield_movement(
        mech, mech.walking_mp + int(myomer.get("walk", 0)), jets)
    sprint = ruleset.sprint_mp(walk, [m.item for m in mech.mounts])
    run = sprint if sprint is not None else math.ceil(Fraction(3, 2) * walk)
    run += patchwork.running_mp_change(mech, ruleset)  # ADVANCED_BV.md §1: hardened
    improved = any(m.item.weapon.jet_type == "improved" for m in mech.jump_jets)
    return Movement(walk, run, jump, improved)


def movement_heat(ruleset: Standard, mech: Mech, move: Movement,
                  airborne: dict[str, int]) -> int:
    """3.5: the engine's running heat, or its jump heat where the 'Mech jumps and that is
    more (ADVANCED_BV.md §3.2: an XXL engine runs at 6 and jumps at max(6, 2J))."""
    design = mech.design
    run_heat = ruleset.bv_running_heat_of(design)
    jump_heat = ruleset.jet_jumping_heat((m.item.weapon.id for m in mech.jump_jets),
                                         move.jump)
    if jump_heat is None:
        jump_heat = ruleset.jumping_heat_of(design, move.jump, move.improved)
    move_heat = max(jump_heat, run_heat) if move.jump > 0 else run_heat
    if airborne:  # ADVANCED_BV.md §3.2: a standard LAM's AirMech movement heat
        move_heat = airborne["move_heat"]
    return move_heat


def airborne(ruleset: Standard, mech: Mech, walk: int, jump: int) -> dict[str, int]:
    """ADVANCED_BV.md §2.6, §3.2, §3.3 (values.yaml `airmech_bv`): a standard LAM's
    AirMech flank F, its movement heat round(F ÷ 3) and heat-efficiency bonus; empty
    for a 'Mech without an AirMech mode."""
    facts = values().get("airmech_bv", {}).get(mech.design.config)
    airmech = ruleset.airmech_mp(mech.design.config, walk, jump)
    if not facts or airmech is None:
        return {}
    flank = airmech.flank
    return {"flank": flank, "tmm": int(facts["airborne_tmm"]),
            "move_heat": int(round_half_up(Fraction(flank, int(facts["move_heat_divisor"])))),
            "heat_efficiency": int(facts["heat_efficiency"]),
            "speed_divisor": int(facts["speed_divisor"])}
