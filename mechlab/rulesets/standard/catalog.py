"""The Standard ruleset's equipment: tech/equipment.tsv (vendored beside this module) and
the construction items of standard.yaml (heat sinks, jump jets), found by id, name or
any MegaMek spelling.

Names that IS and Clan share ("ER Large Laser") resolve by the 'Mech's tech base
(STANDARD_RULES.md §1.3): an explicit `IS`/`Clan`/`CL` prefix or a `(Clan)` suffix
names the version; otherwise the chassis base's version, then the one legal for both.
The Introductory spellings (`Ammo (LRM 15)`, `Med. Laser`, `LRM 15 (OS)`) name the
same rows, so every Introductory design reads unchanged.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from functools import cache, cached_property
from typing import Any

from mechlab.core.equipment import (
    _AMMO,
    _HALF,
    _ONE_SHOT,
    AmmoSpec,
    Catalog,
    CatalogRules,
    Feed,
    Item,
    ItemKind,
    UnknownItemError,
    Weapon,
    _key,
)
from mechlab.core.tons import HALF, tons

TABLE = "equipment.tsv"
# ADVANCED_EQUIPMENT.md §2: artillery (Arrow IV, tube artillery, artillery cannons) fires.
WEAPON_CATEGORIES = ("energy", "ballistic", "missile", "artillery")
# The tech a name prefers on a 'Mech of each tech base: its own, then both, then the other.
PREFERENCE = {
    "inner_sphere": ("IS", "All", "Clan"), "mixed_is": ("IS", "All", "Clan"),
    "clan": ("Clan", "All", "IS"), "mixed_clan": ("Clan", "All", "IS"),
}
_PREFIX = re.compile(r"^(?:(is|inner sphere)\s+|(clan|cl)\s+)(.+)$", re.IGNORECASE)
# A variable-size item's tons in its name: `Cargo:SIZE:2.0`, `Cargo (2 tons)`.
_SIZE = re.compile(r":size:(\d+(?:\.\d+)?)|\((\d+(?:\.\d+)?) tons?\)", re.IGNORECASE)
_SUFFIX = re.compile(r"^(.+?)\s*[\(\[](is|inner sphere|clan)[\)\]]\s*$", re.IGNORECASE)


class MisplacedComponentError(ValueError):
    """A construction component (TSM, endo steel, ferro-fibrous) listed as equipment."""


# The catalogue's rows (equipment.tsv) and their spellings.
from mechlab.rulesets.catalogue import table_rows  # noqa: E402, F401 - the rows, as read here
from mechlab.rulesets.standard.catalog_index import CatalogIndex, is_decimal  # noqa: E402


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() else None


_LEADING_INT = re.compile(r"-?\d+")


def _int_or_zero(text: str) -> int:
    match = _LEADING_INT.match(text)
    return int(match.group()) if match else 0


def weapon_from_tsv(row: dict[str, str], ammo: AmmoSpec | None = None) -> Weapon:
    """One table row as a `Weapon` (the catalog's row type); formulas kept as text."""
    tons_cell, slots_cell = row["tons"], row["slots"]
    short, medium, long = (_number(row[k]) for k in ("short_range", "medium_range", "long_range"))
    ranges = ((short, medium, long) if short is not None and medium is not None
              and long is not None else None)
    lot = row["lot_tons"]
    if row["category"] == "ammo" and row["shots_per_lot"].isdigit():
        # An ammunition row is its own lot: shots as mounted (half-ton lots included).
        ammo = AmmoSpec(shots=int(row["shots_per_lot"]), bv=_int_or_zero(row["battle_value"]),
                        cost=_int_or_zero(row["cost"]), half_ton=lot == "0.5")
    return Weapon(
        name=row["name"], type=row["category"], heat=_int_or_zero(row["heat"]),
        damage=_int_or_zero(row["damage"]),
        tons=tons(tons_cell) if is_decimal(tons_cell) else Fraction(0),
        slots=int(slots_cell) if slots_cell.isdigit() else 0,
        bv=_int_or_zero(row["battle_value"]) if is_decimal(row["battle_value"]) else 0,
        cost=_int_or_zero(row["cost"]) if row["cost"].isdigit() else 0,
        missiles=_number(row["cluster"]), minimum=_number(row["min_range"]),
        ranges=ranges,
        ammo=ammo, splittable=row["spreadable"] == "split",
        id=row["id"], tech_base=row["tech_base"], rules_level=row["rules_level"],
        category=row["category"], subcategory=row["subcategory"],
        tons_formula=None if is_decimal(tons_cell) else tons_cell,
        slots_formula=None if slots_cell.isdigit() else slots_cell,
        explosive=row["explosive"] or "no", spreadable=row["spreadable"] or "no",
        location_restrictions=row["location_restrictions"] or "any",
        intro_year=_number(row["intro_year"]),
        mtf_names=tuple(n for n in row["mtf_names"].split("|") if n),
        ammo_for=tuple(n for n in row["ammo_for"].split("|") if n),
        lot_tons=tons(lot) if lot else None, mm_name=row["mm_internal_name"],
        extreme_range=_number(row["extreme_range"]), damage_text=row["damage"],
        bv_text=row["battle_value"], defensive_bv_text=row["defensive_bv"],
        cost_text=row["cost"],
    )


def _kind(weapon: Weapon, weapon_like: frozenset[str]) -> ItemKind:
    if weapon.category not in (*WEAPON_CATEGORIES, "ammo") and (
            weapon.id in weapon_like or weapon.subcategory in weapon_like):
        return ItemKind.WEAPON  # AMS, TAG: equipment that fires (standard.yaml)
    if weapon.sink_type:
        return ItemKind.HEAT_SINK
    if weapon.jet_type:
        return ItemKind.JUMP_JET
    if weapon.category == "ammo":
        return ItemKind.AMMO
    if weapon.category in WEAPON_CATEGORIES:
        return ItemKind.WEAPON
    if weapon.category == "physical":
        return ItemKind.HATCHET if weapon.name == "Hatchet" else ItemKind.PHYSICAL
    return ItemKind.EQUIPMENT


class StandardCatalog(Catalog):
    """The items of the Standard ruleset, with the lookup of the intro `Catalog` plus
    the tech-base resolution of STANDARD_RULES.md §1.3.

    Spellings are indexed from the table's rows; each row is made a `Weapon` (its
    numbers, formulas and lot) when first named: a design names a dozen of the ~750
    rows, and making them all was a third of `validate`'s time for a Standard design
    (issue 31: start-up). `weapons` and `by_id` make every row, for the few products that
    walk the whole table."""

    def __init__(self, construction: list[dict[str, Any]], intro_aliases: dict[str, str],
                 components: dict[str, str], rules: CatalogRules | None = None,
                 weapon_like: frozenset[str] = frozenset(),
                 display_names: dict[str, str] | None = None,
                 formulas: dict[str, dict[str, str]] | None = None) -> None:
        super().__init__([], rules or CatalogRules())
        # The rows and their spellings (catalog_index.py).
        index = CatalogIndex(construction, intro_aliases, components, display_names or {},
                             formulas or {})
        self._index = index
        self._rows = index.rows
        self._construction_rows = index.construction_rows
        self._order = index.order
        self._tech = index.tech
        self._spellings = index.spellings
        self._components = index.components
        self._spread = index.spread
        self._weapon_like = weapon_like
        self._made: dict[str, Item] = {}

    @property
    def weapons(self) -> tuple[Weapon, ...]:
        """Every row, in the table's order (each made now if not yet)."""
        return tuple(self.by_id.values())

    def feeds(self) -> tuple[Feed, ...]:
        """Every row's `Feed`, read from the rows: making every row a `Weapon` for it was
        ~50 ms of the first Battle Value of a run, before `-j`'s workers fork (issue 31)."""
        return self._index.feeds

    @property
    def fed_ids(self) -> frozenset[str]:
        """The ids of the weapons some ammunition row feeds (`ammo_for`), read from the
        rows (no row made a `Weapon` for it; a construction row feeds none)."""
        return self._index.fed_ids

    @cached_property
    def by_id(self) -> dict[str, Weapon]:
        return {item_id: self.item(item_id).weapon for item_id in self._order}

    @cached_property
    def _lots(self) -> dict[str, AmmoSpec]:
        """Each launcher's plain full-ton lot (the shortest-named row feeding it), which
        makes it an ammunition-using weapon as intro's `ammo` column does."""
        lots: dict[str, AmmoSpec] = {}
        for row in self._ammo_rows:
            for weapon_id in row["ammo_for"].split("|"):
                if weapon_id and weapon_id not in lots and row["shots_per_lot"].isdigit():
                    lots[weapon_id] = AmmoSpec(
                        shots=int(row["shots_per_lot"]),
                        bv=_int_or_zero(row["battle_value"]), cost=_int_or_zero(row["cost"]),
                        half_ton=row["lot_tons"] == "0.5")
        return lots

    @property
    def _ammo_rows(self) -> tuple[dict[str, str], ...]:
        """The ammunition rows, shortest name first (then by id)."""
        return self._index.ammo_rows

    @staticmethod
    def _construction(row: dict[str, Any]) -> Weapon:
        return Weapon(
            name=row["name"], type=row["kind"], heat=0, damage=0, tons=tons(row["tons"]),
            slots=row["slots"], bv=0, cost=row.get("cost", 0),
            aliases=tuple(row.get("aliases", ())), id=row["id"], tech_base=row["tech_base"],
            rules_level=row["rules_level"], category="construction",
            subcategory=row["kind"], mtf_names=tuple(row.get("mtf_names", ())),
            sink_type=row.get("sink_type", ""), jet_type=row.get("jet_type", ""),
            explosive=row.get("explosive", "no"),
        )

    def mountable(self) -> list[Item]:
        """Every row a design may list (not the spread components' slots)."""
        return [self.item(item_id) for item_id in self._order if item_id not in self._spread]

    def spellings(self, item: Item) -> tuple[str, ...]:
        return tuple(dict.fromkeys((item.weapon.id, *item.weapon.mtf_names,
                                    *item.weapon.aliases)))

    def item(self, item_id: str) -> Item:
        """The item of a row, made when first asked for (`KeyError`: no such row)."""
        made = self._made.get(item_id)
        if made is None:
            row = self._rows.get(item_id)
            weapon = (weapon_from_tsv(row, self._lots.get(item_id)) if row is not None
                      else self._construction(self._construction_rows[item_id]))
            made = self._made[item_id] = Item(_kind(weapon, self._weapon_like), weapon,
                                              rules=self.rules)
        return made

    def names(self) -> list[str]:
        return sorted({str(row["name"]) for row in (*self._rows.values(),
                                                    *self._construction_rows.values())})

    @cache  # noqa: B019 - items are immutable; the catalog lives as long as its ruleset
    def lookup(self, name: str, tech_base: str = "inner_sphere") -> Item:
        """The item a design or a crit slot names, or `UnknownItemError` with the
        closest names."""
        text = name.strip()
        component = self._components.get(_key(text))
        if component:
            raise MisplacedComponentError(f"{text!r} is not equipment: {component}")
        found_id = self._find(text, tech_base)
        if found_id is None:
            raise self._unknown(text)
        item = self.item(found_id)
        found = item.weapon
        size = _SIZE.search(text)
        if size and "size" in f"{found.tons_formula}{found.slots_formula}":
            return replace(item, size=Fraction(size.group(1) or size.group(2)))
        return item

    def _find(self, text: str, tech_base: str) -> str | None:
        """The id of the row the text names on a 'Mech of this tech base, or None."""
        preference = PREFERENCE.get(tech_base, PREFERENCE["inner_sphere"])
        direct = self._best(self._spellings.get(_key(text), []), preference)
        if direct is not None:
            return direct
        for pattern, group in ((_PREFIX, 3), (_SUFFIX, 1)):
            match = pattern.match(text)
            if match:
                said = match.group(2) or ""
                tech = "Clan" if said.lower() in ("clan", "cl") else "IS"
                own = (tech, "All")
                found = self._best(self._spellings.get(_key(match.group(group)), []), own)
                if found is not None:
                    return found
        # MegaMek's fallback: the name with the unit's own prefix.
        prefix = "Clan " if preference[0] == "Clan" else "IS "
        fallback = self._best(self._spellings.get(_key(prefix + text), []), preference)
        if fallback is not None:
            return fallback
        return self._intro_spelling(text, preference)

    def _best(self, candidates: list[str], preference: tuple[str, ...]) -> str | None:
        for tech in preference:
            for item_id in candidates:
                if self._tech[item_id] == tech:
                    return item_id
        return None

    def _intro_spelling(self, text: str, preference: tuple[str, ...]) -> str | None:
        """`Ammo (LRM 15)`, `Ammo (Machine Gun) (1/2)`, `LRM 15 [one-shot]`: RULES.md §3."""
        half = bool(_HALF.search(text))
        bare = _HALF.sub("", text)
        ammo = _AMMO.match(bare)
        if ammo:
            base = (ammo.group(1) or ammo.group(2) or "").strip(" ()")
            launcher = self._find(base, "clan" if preference[0] == "Clan" else "inner_sphere")
            if launcher is None or self._category(launcher) == "ammo":
                return None
            lots = [row["id"] for row in self._ammo_rows
                    if launcher in row["ammo_for"].split("|")
                    and (bool(row["lot_tons"]) and tons(row["lot_tons"]) == HALF) == half]
            return self._best(lots, preference)
        if _ONE_SHOT.search(bare):
            base = _ONE_SHOT.sub("", bare)
            return self._best(self._spellings.get(_key(f"{base} (OS)"), []), preference)
        return None

    def _category(self, item_id: str) -> str:
        row = self._rows.get(item_id)
        return row["category"] if row is not None else "construction"

    def _unknown(self, name: str) -> UnknownItemError:
        def closest() -> list[str]:  # searched only if shown (UnknownItemError)
            by_key = {_key(n): n for w in self.weapons for n in (w.name, *w.mtf_names)}
            import difflib  # only when a name is missed (start-up: issue 31)

            close = difflib.get_close_matches(_key(name), list(by_key), n=3, cutoff=0.6)
            return list(dict.fromkeys(by_key[k] for k in close))

        return UnknownItemError(name, closest)


# Every Standard catalogue made, with what it was made of.
_MADE: list[tuple[tuple[Any, ...], StandardCatalog]] = []


def shared_catalog(construction: list[dict[str, Any]], intro_aliases: dict[str, str],
                   components: dict[str, str], rules: CatalogRules,
                   weapon_like: frozenset[str], display_names: dict[str, str],
                   formulas: dict[str, dict[str, str]]) -> StandardCatalog:
    """The catalogue of these tables and rules: the one made before from equal ones, else a
    new one. `standard`, `advanced` and `experimental` read the same tables and size items
    alike, so they share one catalogue (the one catalogue of issue 26; a book restricts it,
    `Ruleset.admission_problems`), whose items are then made, and names looked up, once for
    all three (issue 31: start-up made them three times)."""
    made_of = (construction, intro_aliases, components, rules, weapon_like, display_names,
               formulas)
    for seen, catalog in _MADE:
        if seen == made_of:
            return catalog
    catalog = StandardCatalog(construction, intro_aliases, components, rules, weapon_like,
                              display_names, formulas)
    _MADE.append((made_of, catalog))
    return catalog
