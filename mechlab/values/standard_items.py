"""Item facts the Standard rules' Battle Value reads (BV_STANDARD.md §3): which launchers share
an ammunition key, the fire-control items and capacitors linked to weapons, MG arrays, and
an item's BV from equipment.tsv (a number, or a formula of the 'Mech). `StandardValues`
(mechlab.values.standard) and the Alpha Strike conversion use them."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from mechlab.core.equipment import Feed, Weapon
from mechlab.values.standard_tables import WEAPON_CATEGORIES, exact, values

if TYPE_CHECKING:
    from mechlab.model.mech import Mech, MountedItem


# Ammunition keys: launchers that share any ammunition row share a key (IS and Clan LRM 20
# ammo both feed `lrm_20`; MML LRM and SRM lots feed the same MML). --------------------------
@cache
def catalog_ammo_keys(catalog: Any) -> dict[str, str]:
    """`ammo_keys` of a ruleset's catalog, worked out once (the catalog lives as long as
    its cached ruleset)."""
    return ammo_keys(catalog.feeds())


def ammo_keys(feeds: Iterable[Feed]) -> dict[str, str]:
    """Weapon or ammunition id → its key, named after the key's first launcher."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    rows = tuple(feeds)
    for w in rows:
        for launcher in w.launchers:
            parent[find(w.id)] = find(launcher)
    names = {w.id: w.name for w in rows}
    groups: dict[str, list[str]] = {}
    for x in list(parent):
        groups.setdefault(find(x), []).append(x)
    out = {}
    for members in groups.values():
        launchers = sorted((m for m in members if m in names and not m.endswith("_ammo")
                            and "ammo" not in names[m].lower()),
                           key=lambda m: (len(names[m]), names[m]))
        label = names[launchers[0]] if launchers else names.get(members[0], members[0])
        out.update(dict.fromkeys(members, label))
    return out


@dataclass(frozen=True)
class Links:
    """3.2.1: each linked fire-control item or capacitor, by the weapon's mount id."""

    fire_control: dict[int, tuple[str, Fraction]]
    capacitor: dict[int, Fraction]
    mg_array: dict[int, Fraction]  # 3.2 step 1: an MG array's BV from the guns it links
    # lane patchwork: the heat a linked item adds (the RISC laser pulse module's 2)
    fire_heat: dict[int, int]


def links(mech: Mech, derived: dict[str, Any]) -> Links:
    compatible = set(derived["artemis_compatible"])
    fire: dict[int, tuple[str, Fraction]] = {}
    capacitor: dict[int, Fraction] = {}
    heat: dict[int, int] = {}
    guns = [m for m in mech.mounts if m.item.weapon.category in WEAPON_CATEGORIES]
    for mount in mech.mounts:
        spec = values()["fire_control"].get(mount.item.weapon.id)
        if spec is not None:
            families = set(spec.get("families", compatible))
            techs = set(spec.get("tech", ("IS", "Clan", "All")))
            target = next((g for g in guns if g.location is mount.location and g.id not in fire
                           and g.item.weapon.subcategory in families
                           and g.item.weapon.tech_base in techs), None)
            if target is not None:
                fire[target.id] = (spec["name"], exact(spec["factor"]))
                if spec.get("heat"):
                    heat[target.id] = int(spec["heat"])
        elif mount.item.weapon.id == "ppc_capacitor":
            bvs = values()["capacitor_bv"]
            target = next((g for g in guns if g.location is mount.location
                           and g.id not in capacitor and g.item.weapon.id in bvs), None)
            if target is not None:
                capacitor[target.id] = exact(bvs[target.item.weapon.id])
    return Links(fire, capacitor, mg_arrays(mech, guns), heat)


def mg_arrays(mech: Mech, guns: list[MountedItem]) -> dict[int, Fraction]:
    """3.2 step 1: an MG array links up to four not yet linked machine guns of its kind in
    its location, and its BV is 0.67 × theirs (the guns still count on their own). Two
    arrays share the guns (MegaMek: Black Lanner F 2154)."""
    v = values()
    share = exact(v["mg_array_share"])
    taken: set[int] = set()
    out = {}
    for array in guns:
        w = array.item.weapon
        if not w.name.endswith(" Array"):
            continue
        gun = w.name.removesuffix(" Array")
        linked = [g for g in guns if g.location is array.location and g.id not in taken
                  and g.item.weapon.name == gun
                  and g.item.weapon.tech_base in (w.tech_base, "All")][: v["mg_array_guns"]]
        taken.update(g.id for g in linked)
        out[array.id] = share * sum((table_bv(g.item.weapon) for g in linked), Fraction(0))
    return out


def formula_value(text: str, facts: dict[str, Fraction | int]) -> Fraction:
    from mechlab.core.formula import parse

    result: Fraction = parse(text)(facts)
    return result


def table_bv(weapon: Weapon) -> Fraction:
    """The table's BV as written (a half-ton lot's 0.5 kept exactly)."""
    text = weapon.bv_text
    return exact(text) if text and text.replace(".", "", 1).isdigit() else Fraction(weapon.bv)


def item_bv(weapon: Weapon, facts: dict[str, Fraction | int], physical: Fraction) -> Fraction:
    """The table's BV: a number, or a formula of the 'Mech (3.8: × 2 with TSM, 3 decimals)."""
    text = weapon.bv_text
    if not text or text.replace(".", "", 1).isdigit():
        return exact(text or weapon.bv)
    value = formula_value(text, facts) * physical
    return Fraction(math.floor(value * 1000 + Fraction(1, 2)), 1000)
