"""What the partial wing and UMUs add to a 'Mech's movement and heat (ADVANCED_EQUIPMENT.md
§4.2, §4.6; MegaMek's Mek getJumpMP, getPartialWingJumpBonus, getHeatCapacity, getActiveUMUCount).
Facts are advanced.yaml's `partial_wing` and `umu` (the Standard rules have neither: they
refuse both items, so these answer 0 there)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from mechlab.core.equipment import Item
from mechlab.core.locations import Location
from mechlab.rulesets.modes import AirMechMP, FighterMP


def _ceil(value: Fraction) -> int:
    return math.ceil(value)


class MobilityRules:
    """The partial wing's jump MP and heat capacity, the UMU MP."""

    # Set by `Standard.__init__` from the data file (empty where the book has no such item).
    partial_wing: dict[str, Any]
    umu_ids: frozenset[str]
    shield_movement: dict[str, Any]
    vehicle_modes: dict[str, Any]
    config_rules: dict[str, dict[str, Any]]

    # lane lam: a configuration's other modes (lam.yaml `config_rules.<config>.airmech`,
    # `fighter`; CONFIGURATIONS.md §3.6) ------------------------------------------------------
    def airmech_mp(self, config: str, walk: int, jump: int) -> AirMechMP | None:
        """AirMech mode: walk ⌈W × 0.33⌉, run ⌈1.5 × that⌉; cruise 3 × jump MP, flank
        ⌈1.5 × cruise⌉ (LandAirMek getAirMekWalkMP, getAirMekCruiseMP, getAirMekFlankMP);
        None for a configuration without it (a bimodal LAM, any other 'Mech)."""
        facts = (self.config_rules.get(config) or {}).get("airmech")
        if not facts:
            return None
        ground = _ceil(walk * Fraction(facts["walk"]))
        cruise = jump * int(facts["cruise_per_jump"])
        return AirMechMP(ground, _ceil(Fraction(3, 2) * ground), cruise,
                         _ceil(Fraction(3, 2) * cruise))

    def fighter_locations(self, config: str) -> tuple[tuple[str, tuple[Location, ...]], ...]:
        """Fighter mode's locations, each with the 'Mech locations it is (LandAirMek
        getAeroLocation); empty for a configuration without a fighter mode."""
        rows = (self.config_rules.get(config) or {}).get("fighter_locations", {})
        return tuple((name, tuple(Location(loc) for loc in locs)) for name, locs in rows.items())

    def fighter_si_location(self, config: str) -> Location | None:
        """The location whose structure is the fighter's structural integrity (a LAM's CT)."""
        where = (self.config_rules.get(config) or {}).get("fighter_si")
        return Location(where) if where else None

    def config_hit_boxes(self, config: str) -> tuple[tuple[str, int], ...]:
        """A configuration's own hit boxes on the sheet (a LAM's avionics, landing gear)."""
        rows = (self.config_rules.get(config) or {}).get("hit_boxes", ())
        return tuple((str(label), int(count)) for label, count in rows)

    def fighter_mp(self, config: str, jump: int) -> FighterMP | None:
        """Fighter mode: safe thrust = jump MP, maximum ⌈1.5 × safe⌉ (LandAirMek; the
        thrust MegaMekLab prints); None for a configuration without it."""
        facts = (self.config_rules.get(config) or {}).get("fighter")
        if not facts:
            return None
        safe = jump * int(facts["thrust_per_jump"])
        return FighterMP(safe, _ceil(Fraction(3, 2) * safe))

    def has_partial_wing(self, items: Iterable[Item]) -> bool:
        ids = set(self.partial_wing.get("ids", ()))
        return any(item.weapon.id in ids for item in items)

    def partial_wing_jump_bonus(self, tonnage: int, jets_mp: int, items: Iterable[Item]) -> int:
        """The jump MP a partial wing adds: 2 up to 55 t, 1 above, and only to a 'Mech that
        jumps with jets (MegaMek's Mek.getJumpMP, standard atmosphere)."""
        if jets_mp <= 0 or not self.has_partial_wing(items):
            return 0
        wing = self.partial_wing
        return int(wing["jump_light"] if tonnage <= int(wing["light_up_to"])
                   else wing["jump_heavy"])

    def partial_wing_heat_capacity(self, items: Iterable[Item]) -> int:
        """The heat a partial wing dissipates (3 in a standard atmosphere)."""
        return int(self.partial_wing.get("heat_capacity", 0)) if self.has_partial_wing(
            items) else 0

    def umu_mp(self, items: Iterable[Item]) -> int:
        """UMU MP: one per UMU mounted (ADVANCED_BV.md §1, MegaMek's setUmuMP)."""
        return sum(item.weapon.id in self.umu_ids for item in items)

    # lane sheets3 ----------------------------------------------------------------------
    def shield_mp_loss(self, items: Iterable[Item]) -> tuple[int, int | None]:
        """(walking MP, jumping MP) the shields take (advanced.yaml `shield_movement`:
        Tactical Operations; MegaMek's Mek getWalkMP, getJumpMP); None: it cannot jump."""
        walk, jump = 0, 0
        grounded = False
        for item in items:
            row = self.shield_movement.get(item.weapon.id)
            if row is None:
                continue
            walk += int(row["walk"])
            if row["jump"] == "all":
                grounded = True
            else:
                jump += int(row["jump"])
        return walk, None if grounded else jump

    def vehicle_mode(self, config: str) -> dict[str, Any] | None:
        """A configuration's vehicle mode (configurations.yaml `vehicle_modes`: a QuadVee's
        motives, flank factor and the boosters that work in it), None for a 'Mech without."""
        mode: dict[str, Any] | None = self.vehicle_modes.get(config)
        return mode
