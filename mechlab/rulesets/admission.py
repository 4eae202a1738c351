"""What a ruleset admits: the design fields, components and items on its level (issue 26).

`AdmissionRules` is a base of `Ruleset` (base.py), as `PlayRules` is: the reader labels a
design with the least ruleset on the ladder that admits it (`registry.least_admitting`),
in that ruleset's words (`own_item_name`); `validate/level.py` names what a ruleset's own
tables lack (E-RULES-LEVEL).
"""

from __future__ import annotations

from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, ClassVar

from mechlab.core.equipment import Catalog, Item, ItemKind
from mechlab.core.tons import HALF
from mechlab.rulesets.catalogue import item_names
from mechlab.rulesets.play import PlayRules

if TYPE_CHECKING:
    from mechlab.core.design import Design
    from mechlab.rulesets.levels import Part


@cache
def _launcher_names() -> dict[str, str]:
    """Each catalogue item's name by id (an ammunition lot's spelling names its launcher),
    made once: `check` asks for it for every lot it reads (issue 31)."""
    return item_names()


class AdmissionRules(PlayRules):
    """Which designs, components and items a ruleset's tables have (a base of `Ruleset`)."""

    # What `Ruleset` states and these answers read.
    name: ClassVar[str]
    catalog: Catalog
    tonnages: range

    def tonnages_of(self, design: Design) -> range:
        """The tonnages a design of this kind may have (RULES.md 1.1: `tonnages`)."""
        return self.tonnages

    # Reading a design: what this ruleset cannot build ---------------------------------------------
    # The design fields only another ruleset's book has (STANDARD_RULES.md §14.6), with
    # their plain values: an Introductory or 1984 'Mech is an Inner Sphere biped with
    # standard components. (The field, its plain value; `engine.type` is named `engine`
    # in messages, as players write it.)
    absent_choices: ClassVar[tuple[tuple[str, object], ...]] = (
        ("unit", "battlemech"), ("tech_base", "inner_sphere"), ("config", "biped"),
        ("omni", False), ("engine.type", "standard"), ("gyro", "standard"),
        ("cockpit", "standard"), ("structure.type", "standard"), ("armor.type", "standard"),
        ("heat_sinks.type", "single"), ("myomer.type", "standard"), ("ejection", None),
        ("base_chassis_heat_sinks", None), ("armored_slots", None))
    _SAID: ClassVar[dict[str, str]] = {"engine.type": "engine", "structure.type": "structure",
                                        "myomer.type": "myomer"}

    def design_problems(self, design: Design) -> list[str]:
        """Bad input under this ruleset: choices its book does not have."""
        chosen = [(self._SAID.get(path, path), value) for path, plain in self.absent_choices
                  if (value := attrgetter(path)(design)) != plain]
        chosen += [(f"equipment[{i}].{flag}", True) for i, e in enumerate(design.equipment)
                   for flag in ("pod", "armored", "turret") if getattr(e, flag)]
        return [f"{path}: {_as_written(value)} is not in the {self.name} rules"
                for path, value in chosen]

    def admits(self, design: Design, part: Part) -> bool:
        """Whether this ruleset's own tables have a part of the design (issue 26,
        E-RULES-LEVEL): an item on its table, a choice it does not call bad input."""
        if part.item is not None:
            try:
                self.catalog.lookup(part.item, design.tech_base)
            except ValueError:
                return False
            return True
        kind = part.path.split(".")[0]
        return not any(problem.split(":")[0].split(".")[0] == kind
                       for problem in self.design_problems(design))

    def admission_problems(self, design: Design) -> list[str]:
        """Why this ruleset does not admit the design (nothing when it does): a component
        or item not on its level (the reader labels a design with the least ruleset that
        admits it, `mechlab.rulesets.least_admitting`)."""
        problems = self.design_problems(design) + [text for _, _, text in self.refusals(design)]
        lightest = min(self.tonnages_of(design), default=0)
        if design.tonnage < lightest:  # an ultralight: a ruleset up the ladder's (§8.1)
            problems.append(f"tonnage: {design.tonnage} t is under the {self.name} ruleset's "
                            f"{lightest} t")
        for index, entry in enumerate(design.equipment):
            try:
                self.catalog.lookup(entry.item, design.tech_base)
            except ValueError:
                problems.append(f"equipment[{index}]: {entry.item} is not on the {self.name} "
                                "equipment table")
        return problems

    def own_item_name(self, item: Item, tech_base: str) -> str | None:
        """The name this ruleset's table gives a catalogue item (`LRM 15 Ammo` is the
        Introductory table's `Ammo (LRM 15)`), None when the item is not on its table: a
        design read is written in its own ruleset's words."""
        weapon = item.weapon
        spellings = [weapon.name, *weapon.aliases, *weapon.mtf_names]
        if item.kind is ItemKind.AMMO:
            # RULES.md §3: a lot is spelt by its launcher, `(1/2)` for a half-ton lot.
            half = " (1/2)" if weapon.lot_tons == HALF else ""
            launchers = _launcher_names()
            spellings[:0] = [f"Ammo ({launchers[i]}){half}" for i in weapon.ammo_for
                             if i in launchers]
        for spelling in spellings:
            try:
                found = self.catalog.lookup(spelling, tech_base)
            except ValueError:
                continue
            if found.kind is item.kind:
                return found.name
        return None

    def admits_item_level(self, level: str) -> bool:
        """Whether this ruleset judges catalogue items of this `rules_level` (else R-ITEM);
        intro reads only its own table, so its table decides."""
        return True

    def is_large_engine(self, rating: int) -> bool:
        """Whether this rating makes a large engine (intro's table stops at 400: never)."""
        return False

    def refusals(self, design: Design) -> list[tuple[str, str, str]]:
        """(code, path, text) of the technology beyond this ruleset's rules level that the
        design uses (R-COMPONENT, R-ITEM); intro reads only its own table."""
        return []


def _as_written(value: object) -> str:
    """A design's value as its file writes it (`true`, `{left_torso: [1, 2]}`), not as
    Python shows it (`True`, `{<Location.LEFT_TORSO: 'left_torso'>: [1, 2]}`)."""
    from mechlab.core.record import dump

    value = dump(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_as_written(entry)}"
                               for key, entry in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_as_written(entry) for entry in value) + "]"
    return str(value)
