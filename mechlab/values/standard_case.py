"""CASE and explosive equipment in the Standard rules' Battle Value (BV_STANDARD.md 2.5):
what explodes and how much a slot of it costs, where a 'Mech gets automatic Clan CASE, and
which locations' explosives cost BV. `StandardValues` inherits this (and its cost, 6.x,
asks the same questions)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mechlab.core.equipment import Weapon
from mechlab.core.locations import Location
from mechlab.values.standard_tables import WEAPON_CATEGORIES, exact, family, one_shot, values

if TYPE_CHECKING:
    from mechlab.model.mech import Mech
    from mechlab.rulesets.standard import Standard


class StandardCase:
    """2.5: explosive equipment and CASE, for `StandardValues`."""

    ruleset: Standard

    @staticmethod
    def _explosive(weapon: Weapon, v: dict[str, Any]) -> Fraction:
        """2.5: 15 a slot for explosive ammunition, 1 a slot for the other explosives."""
        # B- and M-pods explode only loaded, and a mounted pod is loaded.
        if weapon.explosive not in ("yes", "loaded_only") or weapon.id in v.get(
                "not_explosive_ids", ()):
            return Fraction(0)
        if weapon.category == "ammo" and weapon.subcategory != "coolant_pod":
            return exact(v["explosive_ammo_per_slot"])
        if weapon.id in v["explosive_per_slot_ids"]:
            return exact(v["explosive_per_slot_ids"][weapon.id])
        if family(weapon) in v["not_explosive_families"]:
            return Fraction(0)
        return exact(v["explosive_item_per_slot"])

    def gets_clan_case(self, mech: Mech) -> bool:
        """2.5: a Clan chassis, or any 'Mech mounting a Clan CASE, gets automatic Clan CASE."""
        return (self.ruleset.chassis_tech(mech.design) == "Clan"
                or any(m.item.weapon.id == "cl_case" for m in mech.mounts))

    def clan_case_locations(self, mech: Mech) -> tuple[Location, ...]:
        """2.5: the locations that get an automatic Clan CASE: on a Clan chassis (or with
        any Clan CASE mounted), every location with explosive equipment and no CASE."""
        v = values()
        if not self.gets_clan_case(mech):
            return ()
        cased = {m.location for m in mech.mounts
                 if m.item.weapon.id in ("is_case", "cl_case", *self.ruleset.derived["case_ii"])}
        # A one-shot launcher's hidden shot is an explosive ammunition mount where the
        # launcher is: it gets a CASE too (MUL prices of Kraken 3, Daishi C: a Streak SRM 4
        # (OS) in the head), though it costs no BV (2.5: the shot has no location).
        hot = {loc for m in mech.mounts
               if self._explosive(m.item.weapon, v) or (
                   one_shot(m.item) and m.item.weapon.category in WEAPON_CATEGORIES)
               for loc in m.locations}
        return tuple(loc for loc in mech.locations if loc in hot and loc not in cased)

    def _penalized(self, mech: Mech, side: int) -> tuple[frozenset[str], dict[str, str]]:
        """2.5: where explosive equipment costs BV, and why each location is (not)."""
        case_ii = {m.location for m in mech.mounts
                   if m.item.weapon.id in self.ruleset.derived["case_ii"]}
        auto = set(self.clan_case_locations(mech))
        case = {m.location for m in mech.mounts
                if m.item.weapon.id in ("is_case", "cl_case")} | auto
        notes: dict[str, str] = {}
        penalized = set()
        for loc in mech.locations:
            word = "automatic Clan CASE" if loc in auto else "CASE"
            if loc in case_ii:
                notes[loc.abbreviation] = "CASE II"
                continue
            if loc is Location.HEAD or loc is Location.CENTER_TORSO or loc.is_leg:
                penalized.add(loc)
                notes[loc.abbreviation] = ("CASE does not protect the head, centre torso or legs"
                                           if loc in case else "no CASE")
            elif loc in (Location.LEFT_TORSO, Location.RIGHT_TORSO):
                if loc in case and side <= 2:
                    notes[loc.abbreviation] = word
                else:
                    penalized.add(loc)
                    notes[loc.abbreviation] = (f"{word}, but the engine fills {side} side-torso "
                                               "slots" if loc in case else "no CASE")
        for arm in (Location.LEFT_ARM, Location.RIGHT_ARM):
            if arm not in mech.locations or arm in case_ii:
                continue
            torso = arm.transfers_to
            assert torso is not None
            if arm in case:
                notes[arm.abbreviation] = "automatic Clan CASE" if arm in auto else "CASE"
            elif torso in penalized:
                penalized.add(arm)
                notes[arm.abbreviation] = f"no CASE here or protecting {torso.abbreviation}"
            else:
                notes[arm.abbreviation] = f"protected by {torso.abbreviation}'s CASE"
        return frozenset(loc.abbreviation for loc in penalized), notes
