"""A resolved 'Mech as the one catalogue types it, for the value and card conversions.

An Introductory design resolves under its own book (its item table is a restriction of
the catalogue's rows, in the book's shape: one row per launcher, its ammunition and
one-shot form inside it); Battle Value, cost and the card conversions read every item as
the catalogue types it (its id, category, family, explosive flag, the ammunition row it
fires). `catalogued` gives the same 'Mech, resolved as its book says (weights, slots,
MPs, armor), with each mount's item looked up in the tables its ruleset names
(`rulesets.value_tables`): one value-input builder for every ruleset.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from mechlab.rulesets import value_tables

if TYPE_CHECKING:
    from mechlab.core.equipment import Item
    from mechlab.model.mech import Mech
    from mechlab.rulesets import Ruleset


def catalogued(mech: Mech) -> Mech:
    """`mech` with its ruleset's value tables and every item as they type it (itself when
    its ruleset's tables are its own)."""
    tables = value_tables(mech.ruleset)
    if tables is mech.ruleset:
        return mech
    mounts = tuple(replace(m, item=_typed(m.item, tables, mech.design.tech_base))
                   for m in mech.mounts)
    return replace(mech, ruleset=tables, mounts=mounts)


@cache
def _typed(item: Item, tables: Ruleset, tech_base: str) -> Item:
    """The catalogue's item for a book's item, found by the name the book gives it (the
    catalogue knows every book's spellings: `Ammo (LRM 5)`, `LRM 5 (OS)`, `Auto Cannon`)."""
    found = tables.catalog.lookup(item.name, tech_base)
    return found if item.size is None else replace(found, size=item.size)
