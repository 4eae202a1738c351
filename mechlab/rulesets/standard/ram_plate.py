"""The ram plate in play and its rules' data (Interstellar Operations; lane patchwork,
docs/advanced.md "Ram plate"): rulesets/patchwork.yaml's `ram_plate` (its items, the
structures it needs, the charge factor). `Standard` inherits these methods; its construction
rules are mechlab/validate/ram_plate.py, its values the catalogue row's."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from mechlab.core.equipment import Item
from mechlab.rulesets.standard.choices import ComponentChoices


class RamPlateRules(ComponentChoices):
    """A charge with a ram plate, and the plate's rule data."""

    ram_plate_rules: dict[str, Any]

    def load_ram_plate(self, data: dict[str, Any]) -> None:
        # the ram plate's items, structures and charge factor (mechlab.validate.ram_plate)
        self.ram_plate_rules = data.get("ram_plate", {})

    # The ram plate in play (lane patchwork; MegaMek's ChargeAttackAction, MegaMekLab's sheet):
    # a charge's damage × 1.5, rounded up (`ram_plate.charge_factor`, patchwork.yaml).
    def _ram_factor(self, items: tuple[Item, ...]) -> Fraction:
        rules = self.ram_plate_rules
        if rules and any(item.weapon.id in rules["ids"] for item in items):
            return Fraction(str(rules["charge_factor"]))
        return Fraction(1)

    def charge_damage_per_hex(self, tonnage: int, items: tuple[Item, ...] = ()) -> Fraction:
        return super().charge_damage_per_hex(tonnage, items) * self._ram_factor(items)

    def charge_damage(self, tonnage: int, hexes: int, items: tuple[Item, ...] = ()) -> int:
        plain = math.ceil(super().charge_damage_per_hex(tonnage, items) * hexes)
        return math.ceil(plain * self._ram_factor(items))
