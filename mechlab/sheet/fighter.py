"""A land-air 'Mech's sheet blocks (lane lam, issue 28; MegaMekLab's LAM sheet): its other
modes' movement, in 'Mech Data's lines, and its fighter-mode block: each aerospace location
with the 'Mech locations it is and their armor, and the structural integrity pips. What
the modes are is the ruleset's (`airmech_mp`, `fighter_mp`, `fighter_locations`)."""

from __future__ import annotations

from mechlab.model.mech import Mech
from mechlab.render.frame import Box
from mechlab.sheet.draw import Ink, titled_box

DASH = "\u2014"  # MegaMekLab prints a bimodal LAM's AirMech fields as em dashes
FIGHTER_MIN = 66.0  # the least height the fighter block's five lines take


def mode_lines(mech: Mech) -> list[tuple[str, str]]:
    """'Mech Data's cells for a LAM's AirMech and fighter movement (none for others)."""
    config, ruleset = mech.design.config, mech.ruleset
    fighter = ruleset.fighter_mp(config, mech.jumping_mp)
    if fighter is None:
        return []
    airmech = ruleset.airmech_mp(config, mech.walking_mp, mech.jumping_mp)
    walk = f"{airmech.walk} / {airmech.run}" if airmech else DASH
    cruise = f"{airmech.cruise} / {airmech.flank}" if airmech else DASH
    return [("AirMech W/R:", walk), ("AirMech C/F:", cruise),
            ("Thrust S/M:", f"{fighter.safe_thrust} / {fighter.max_thrust}")]


def aero_skill_cells(mech: Mech) -> list[tuple[str, str]]:
    """Warrior Data's blank aerospace skills of a LAM's pilot (none for other 'Mechs)."""
    if mech.ruleset.fighter_mp(mech.design.config, mech.jumping_mp) is None:
        return []
    return [("Aero Gunnery:", ""), ("Aero Piloting:", "")]


def fighter_rows(mech: Mech) -> list[tuple[str, str, int]]:
    """(aerospace location, its 'Mech locations, their front armor) in fighter mode."""
    return [(name, "+".join(loc.abbreviation for loc in locations),
             sum(mech.armor_front(loc) for loc in locations))
            for name, locations in mech.ruleset.fighter_locations(mech.design.config)]


def fighter_si(mech: Mech) -> int:
    """The fighter's structural integrity: its SI location's structure (a LAM's CT)."""
    where = mech.ruleset.fighter_si_location(mech.design.config)
    return (mech.structure or {}).get(where, 0) if where is not None else 0


def fighter_block(ink: Ink, box: Box, mech: Mech) -> tuple[tuple[float, float], ...]:
    """The fighter-mode block: a line per aerospace location, then the SI pips (whose
    centres it returns)."""
    inner = titled_box(ink, box, "FIGHTER MODE", 7)
    y = inner.y + 7
    for name, where, points in fighter_rows(mech):
        ink.text(inner.x, y, name, "bold", 6, max_width=inner.w * 0.54)
        ink.text(inner.x + inner.w * 0.56, y, where, "regular", 6, max_width=inner.w * 0.3)
        ink.text(inner.right, y, str(points), "regular", 6, anchor="end")
        y += 8
    si = fighter_si(mech)
    ink.text(inner.x, y + 1, "SI", "bold", 6.5)
    per_row = max(1, (si + 1) // 2)
    step = min(6.0, (inner.w - 14) / per_row)
    centres = tuple((inner.x + 14 + col * step, y - 1 + row * 6)
                    for row, col in (divmod(i, per_row) for i in range(si)))
    for x, cy in centres:
        ink.circle(x, cy, min(2.2, step * 0.38), 0.5)
    return centres
