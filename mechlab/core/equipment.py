"""Equipment: the weapons table rows of a ruleset, and the items a design names.

A `Weapon` is one row of the ruleset's equipment table. An `Item` is what one
equipment entry of a design names: a weapon, its one-shot variant, an ammunition
lot, a heat sink, a jump jet or a hatchet. Items are found by name through a
`Catalog`, which accepts the aliases of RULES.md §3.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from mechlab.core.tons import HALF, tons

if TYPE_CHECKING:
    from mechlab.core.formula import Formula


class ItemKind(StrEnum):
    WEAPON = "weapon"
    AMMO = "ammo"
    HEAT_SINK = "heat_sink"
    JUMP_JET = "jump_jet"
    HATCHET = "hatchet"
    # STANDARD_RULES.md §9.4: swords, maces, claws, … (hatchets keep their own kind).
    PHYSICAL = "physical"
    # Everything mounted that is no weapon, ammunition, sink or jet: CASE, ECM, Artemis,
    # targeting computers, MASC, … (tech/equipment.tsv categories other than weapons).
    EQUIPMENT = "equipment"


@dataclass(frozen=True)
class AmmoSpec:
    """An ammunition lot of a weapon: shots, Battle Value and price (RULES.md 1.7)."""

    shots: int
    bv: int
    cost: int
    half_ton: bool = False


@dataclass(frozen=True)
class OneShotSpec:
    """A weapon's one-shot version: its Battle Value and price."""

    bv: int
    cost: int


@dataclass(frozen=True)
class Weapon:
    """One row of the weapons and equipment table (RULES.md 1.7, BV_COST.md §2)."""

    name: str
    type: str
    heat: int
    damage: int
    tons: Fraction
    slots: int
    bv: int
    cost: int
    missiles: int | None = None
    minimum: int | None = None
    ranges: tuple[int, int, int] | None = None
    ammo: AmmoSpec | None = None
    one_shot: OneShotSpec | None = None
    splittable: bool = False
    aliases: tuple[str, ...] = ()
    # The Standard ruleset's rows (tech/equipment.tsv, EQUIPMENT.md); intro rows keep
    # these defaults. A size formula, when there is one, replaces `tons` / `slots`.
    id: str = ""
    tech_base: str = "All"  # IS, Clan or All (both)
    rules_level: str = "intro"
    category: str = ""
    subcategory: str = ""
    tons_formula: str | None = None
    slots_formula: str | None = None
    explosive: str = "no"
    spreadable: str = "no"
    location_restrictions: str = "any"
    intro_year: int | None = None
    mtf_names: tuple[str, ...] = ()
    ammo_for: tuple[str, ...] = ()  # ids of the weapons an ammunition row feeds
    lot_tons: Fraction | None = None
    mm_name: str = ""
    extreme_range: int | None = None
    # The table's own text where it is not a number ("10|8|5", "1.5*ceil(tonnage/5)").
    damage_text: str = ""
    bv_text: str = ""
    defensive_bv_text: str = ""
    cost_text: str = ""
    # Heat sinks and jump jets of the Standard rules (STANDARD_RULES.md §7, §8.1).
    sink_type: str = ""  # single, double
    jet_type: str = ""  # standard, improved

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Weapon:
        ammo = row.get("ammo")
        one_shot = row.get("one_shot")
        return cls(
            name=row["name"],
            type=row["type"],
            heat=row["heat"],
            damage=row["damage"],
            tons=tons(row["tons"]),
            slots=row["slots"],
            bv=row["bv"],
            cost=row["cost"],
            missiles=row.get("missiles"),
            minimum=row.get("minimum"),
            ranges=tuple(row["ranges"]) if "ranges" in row else None,
            ammo=AmmoSpec(**ammo) if ammo else None,
            one_shot=OneShotSpec(**one_shot) if one_shot else None,
            splittable=row.get("splittable", False),
            aliases=tuple(row.get("aliases", ())),
        )


@dataclass(frozen=True)
class CatalogRules:
    """The ruleset's facts about item sizes (RULES.md 1.7), handed to every item it names."""

    ammo_lot_tons: Fraction = Fraction(1)
    ammo_lot_slots: int = 1
    half_ton_lots: bool = True  # may ammunition marked `half_ton` be bought by the half ton
    one_shots: bool = True  # are one-shot launchers ("LRM 20 (OS)") on this ruleset's table
    one_shot_extra_tons: Fraction = HALF
    hatchet_tons_divisor: int = 15  # a hatchet weighs (and fills) ⌈tonnage ÷ this⌉


@dataclass(frozen=True)
class Item:
    """What one equipment entry names. Sizes that depend on the 'Mech take its tonnage."""

    kind: ItemKind
    weapon: Weapon
    one_shot: bool = False
    half_ton: bool = False
    rules: CatalogRules = CatalogRules()
    # A variable-size item's declared tons (tech/EQUIPMENT.md `size`: cargo, liquid storage).
    size: Fraction | None = None

    @property
    def name(self) -> str:
        if self.weapon.category:  # a Standard row is named as the table names it
            return self.weapon.name
        if self.kind is ItemKind.AMMO:
            return f"Ammo ({self.weapon.name})" + (" (1/2)" if self.half_ton else "")
        if self.one_shot:
            return f"{self.weapon.name} (OS)"
        return self.weapon.name

    @property
    def uses_ammo(self) -> bool:
        # An anti-missile system (equipment, not a weapon) is fed too (STANDARD_RULES.md).
        return (self.kind in (ItemKind.WEAPON, ItemKind.EQUIPMENT) and self.weapon.ammo is not None
                and not self.one_shot)

    def feeds(self, launcher: Item) -> bool:
        """Whether this ammunition lot can be fired by `launcher`."""
        if self.kind is not ItemKind.AMMO:
            return False
        if self.weapon.category:
            return launcher.weapon.id in self.weapon.ammo_for
        return launcher.weapon.name == self.weapon.name and launcher.uses_ammo

    @property
    def ammo_class(self) -> str:
        """The name that groups launchers with their ammunition in findings."""
        return self.weapon.name

    def sized(self, facts: dict[str, Fraction | int]) -> tuple[Fraction, int]:
        """(tons, slots) for a 'Mech with these facts (tonnage, engine_tons, …): the
        table's formula where it has one (tech/EQUIPMENT.md), else `tons` / `slots`."""
        tonnage = int(facts["tonnage"])
        if self.size is not None:
            facts = {**facts, "size": self.size}
        weight = (_formula(self.weapon.tons_formula)(facts) if self.weapon.tons_formula
                  else self.tons(tonnage))
        slots = (int(_formula(self.weapon.slots_formula)(facts)) if self.weapon.slots_formula
                 else self.slots(tonnage))
        return weight, slots

    @property
    def is_weapon(self) -> bool:
        return self.kind in (ItemKind.WEAPON, ItemKind.HATCHET)

    def slots(self, tonnage: int) -> int:
        if self.weapon.slots_formula:
            return int(_formula(self.weapon.slots_formula)({"tonnage": tonnage}))
        if self.kind is ItemKind.HATCHET:
            return math.ceil(Fraction(tonnage, self.rules.hatchet_tons_divisor))  # slots = tons
        if self.kind is ItemKind.AMMO:
            return self.rules.ammo_lot_slots  # RULES.md 1.7: each lot takes one slot
        return self.weapon.slots

    def tons(self, tonnage: int) -> Fraction:
        if self.weapon.tons_formula:
            return _formula(self.weapon.tons_formula)({"tonnage": tonnage})
        if self.weapon.lot_tons is not None and self.kind is ItemKind.AMMO:
            return self.weapon.lot_tons
        if self.kind is ItemKind.HATCHET:
            return Fraction(self.slots(tonnage))  # RULES.md 1.7: ⌈tonnage ÷ 15⌉
        if self.kind is ItemKind.AMMO:
            return self.rules.ammo_lot_tons / (2 if self.half_ton else 1)
        if self.one_shot:
            return self.weapon.tons + self.rules.one_shot_extra_tons  # RULES.md 1.7
        return self.weapon.tons

    @property
    def shots(self) -> int | None:
        """Shots in one ammunition lot (RULES.md 1.7: halved for half-ton lots)."""
        if self.kind is not ItemKind.AMMO or self.weapon.ammo is None:
            return None
        return self.weapon.ammo.shots // 2 if self.half_ton else self.weapon.ammo.shots


def _formula(text: str) -> Formula:
    from mechlab.core.formula import parse

    return parse(text)


class UnknownItemError(ValueError):
    """A design names equipment that the ruleset does not have.

    The closest known names ("did you mean …") are searched only when the message or
    `suggestions` is asked for: most lookups that fail are questions (is this spelling an
    item?) whose answer is never shown, and the search was a quarter of `check`'s time
    over MegaMek's files (issue 31)."""

    def __init__(self, name: str,
                 suggestions: list[str] | Callable[[], list[str]] | None = None) -> None:
        super().__init__(name)
        self.name = name
        self._suggest = suggestions
        self._suggestions: list[str] | None = None

    @property
    def suggestions(self) -> list[str]:
        if self._suggestions is None:
            found = self._suggest() if callable(self._suggest) else self._suggest
            self._suggestions = list(found or [])
        return self._suggestions

    def __str__(self) -> str:
        close = self.suggestions
        hint = f" (did you mean {', '.join(repr(s) for s in close)}?)" if close else ""
        return f"unknown item {self.name!r}{hint}"


_ONE_SHOT = re.compile(r"\s*[\(\[]?\s*(os|one[- ]?shot)\s*[\)\]]?\s*$", re.IGNORECASE)
_HALF = re.compile(r"\s*[\(\[]?\s*(1/2|half|half[- ]ton)\s*[\)\]]?\s*$", re.IGNORECASE)
_AMMO = re.compile(r"^\s*(?:is\s+)?ammo\b\s*(.*)$|^(.*?)\s*\bammo\s*$", re.IGNORECASE)


_NOT_KEY = re.compile(r"[^a-z0-9]")


def _key(name: str) -> str:
    """Fold spelling: case, spaces, dots, hyphens, slashes. 'L.R.M. 15-pack' → 'lrm15pack'."""
    return _NOT_KEY.sub("", name.lower())


class Feed(NamedTuple):
    """A catalogue row's id and name, and the launchers it feeds (an ammunition row's
    `ammo_for`; none for any other row): what the ammunition keys of Battle Value are
    worked out from (values/standard_items.py)."""

    id: str
    name: str
    launchers: tuple[str, ...]


class Catalog:
    """The items of one ruleset, found by canonical name or alias."""

    def __init__(self, weapons: list[Weapon], rules: CatalogRules = CatalogRules()) -> None:
        self._weapons = tuple(weapons)
        self.rules = rules
        self._by_key: dict[str, Weapon] = {}
        for weapon in weapons:
            for spelling in (weapon.name, *weapon.aliases):
                self._by_key[_key(spelling)] = weapon

    @property
    def weapons(self) -> tuple[Weapon, ...]:
        """The table's rows, in its order."""
        return self._weapons

    def feeds(self) -> tuple[Feed, ...]:
        """Every row's `Feed`, in the table's order."""
        return tuple(Feed(w.id, w.name, w.ammo_for if w.category == "ammo" else ())
                     for w in self.weapons)

    def names(self) -> list[str]:
        """Every canonical item name, one-shot and ammunition variants included."""
        names: list[str] = []
        for weapon in self.weapons:
            names.append(weapon.name)
            if weapon.one_shot and self.rules.one_shots:
                names.append(f"{weapon.name} (OS)")
            if weapon.ammo:
                names.append(f"Ammo ({weapon.name})")
        return names

    def mountable(self) -> list[Item]:
        """Every item a design may list, once each (`mechlab items`)."""
        return [self.lookup(name) for name in self.names()]

    def spellings(self, item: Item) -> tuple[str, ...]:
        """The other names the catalog accepts for an item."""
        return item.weapon.aliases if item.kind is not ItemKind.AMMO else ()

    # Items are immutable and a catalog lives as long as its (cached) ruleset: a design
    # names each item once to load and again to resolve, the library thousands of times.
    @cache  # noqa: B019
    def lookup(self, name: str, tech_base: str = "inner_sphere") -> Item:
        """The item a design names, or `UnknownItemError` with the closest known names.
        (`tech_base` matters only to a catalog with Clan items: the Standard one.)"""
        text = name.strip()
        half = bool(_HALF.search(text))
        text = _HALF.sub("", text)
        ammo_match = _AMMO.match(text)
        if ammo_match:
            base = (ammo_match.group(1) or ammo_match.group(2) or "").strip(" ()")
            weapon = self._by_key.get(_key(base))
            if weapon is None or weapon.ammo is None:
                raise self._unknown(name)
            if half and not (weapon.ammo.half_ton and self.rules.half_ton_lots):
                raise ValueError(f"{weapon.name} ammunition is sold only in full tons")
            return Item(ItemKind.AMMO, weapon, half_ton=half, rules=self.rules)
        if half:
            raise self._unknown(name)
        one_shot = bool(_ONE_SHOT.search(text))
        text = _ONE_SHOT.sub("", text)
        weapon = self._by_key.get(_key(text))
        if weapon is None or (one_shot and not (weapon.one_shot and self.rules.one_shots)):
            raise self._unknown(name)
        kind = {
            "heat_sink": ItemKind.HEAT_SINK,
            "jump_jet": ItemKind.JUMP_JET,
            "physical": ItemKind.HATCHET,
        }.get(weapon.type, ItemKind.WEAPON)
        return Item(kind, weapon, one_shot=one_shot, rules=self.rules)

    def _unknown(self, name: str) -> UnknownItemError:
        def closest() -> list[str]:
            by_key = {_key(n): n for n in self.names()}
            import difflib  # only when a name is missed (start-up: issue 31)

            close = difflib.get_close_matches(_key(name), list(by_key), n=3, cutoff=0.5)
            return [by_key[k] for k in close]

        return UnknownItemError(name, closest)
