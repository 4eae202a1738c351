"""`mechlab list`: the bundled unit library."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import click

from mechlab.cli.common import bad_input_exits_2
from mechlab.core.errors import DesignError
from mechlab.core.text import shown
from mechlab.files.library import LibraryUnit
from mechlab.library_index import listing
from mechlab.rulesets import UnknownRulesetError, get_ruleset


@click.command("list")
@click.option("--class", "weight_class", type=click.Choice(["light", "medium", "heavy", "assault"]),
              help="Only this weight class.")
@click.option("--tonnage", type=int, help="Only this tonnage.")
@click.option("--min-tons", type=int, help="At least this many tons.")
@click.option("--max-tons", type=int, help="At most this many tons.")
@click.option("--source", help="Only units whose source contains this text (e.g. 3039).")
@click.option("--ruleset", help="Only units of this ruleset (intro, battledroids, or an alias).")
@click.option("--min-bv", type=int, help="Battle Value at least this.")
@click.option("--max-bv", type=int, help="Battle Value at most this.")
@click.option("--max-cost", type=int, help="Cost (C-bills) at most this.")
@click.option("--sort", "sort_by", type=click.Choice(["tonnage", "name", "bv", "cost"]),
              default="tonnage", show_default=True,
              help="Order: tonnage, name and cost ascending; bv strongest first.")
@click.option("--reverse", is_flag=True, help="The other way round.")
@click.option("--megamek", is_flag=True,
              help="The units of the MegaMek data folders instead (--megamek-dir, "
                   "MECHLAB_MEGAMEK_DIR): name, tons and file, with the same filters "
                   "(--source: the file's Source: line or its path); a ruleset, BV or cost "
                   "filter or order reads each file.")
@bad_input_exits_2
def list_command(weight_class: str | None, tonnage: int | None, min_tons: int | None,
                 max_tons: int | None, source: str | None, ruleset: str | None,
                 min_bv: int | None, max_bv: int | None, max_cost: int | None, sort_by: str,
                 reverse: bool, megamek: bool) -> None:
    """The units of the bundled library, with Battle Value and cost (where the ruleset
    defines them; a unit of another ruleset than intro is named `ruleset/MODEL`)."""
    try:
        only = get_ruleset(ruleset).name if ruleset else None
    except UnknownRulesetError as exc:
        raise DesignError("--ruleset", [str(exc)]) from None
    keep = _Filters(weight_class, tonnage, min_tons, max_tons, source, only, min_bv, max_bv,
                    max_cost)
    if megamek:
        _list_megamek(keep, sort_by, reverse)
        return
    # The index's values where current (no design is read), else computed: the same numbers.
    rows = [
        (u, bv, price)
        for u, bv, price in ((e.unit, e.bv, e.cost) for e in listing())
        if keep.tons(u.tonnage, _class(u))
        and (source is None or source.lower() in u.source.lower())
        and keep.values(u.ruleset, bv, price)
    ]
    # A player looks for the strongest first; names break ties alphabetically either way.
    keys = {"name": lambda r: (r[0].name,), "bv": lambda r: (-(r[1] or 0), r[0].name),
            "cost": lambda r: (r[2] or 0, r[0].name),
            "tonnage": lambda r: (r[0].tonnage, r[0].name)}
    rows.sort(key=keys[sort_by])
    if reverse:
        rows.reverse()
    click.echo(f"{'Model':<22}{'Name':<30}{'Tons':>5}  {'Class':<8}{'BV':>6}{'Cost':>13}")
    for unit, bv, price in rows:
        click.echo(f"{unit.label:<22}{unit.name:<30}{unit.tonnage:>5}  "
                   f"{_class(unit):<8}{_number(bv, ''):>6}{_number(price):>13}")
    click.echo(f"{len(rows)} units")


@dataclass(frozen=True)
class _Filters:
    """What `list` keeps: the same options for the library and the MegaMek folders."""

    weight_class: str | None = None
    tonnage: int | None = None
    min_tons: int | None = None
    max_tons: int | None = None
    source: str | None = None
    ruleset: str | None = None
    min_bv: int | None = None
    max_bv: int | None = None
    max_cost: int | None = None

    def tons(self, tonnage: int, weight_class: str) -> bool:
        return ((self.tonnage is None or tonnage == self.tonnage)
                and (self.min_tons is None or tonnage >= self.min_tons)
                and (self.max_tons is None or tonnage <= self.max_tons)
                and (self.weight_class is None or weight_class == self.weight_class))

    def values(self, ruleset: str | None, bv: int | None, price: int | None) -> bool:
        """A unit whose ruleset has no BV or cost never passes a BV or cost filter."""
        return ((self.ruleset is None or ruleset == self.ruleset)
                and (self.min_bv is None or (bv is not None and bv >= self.min_bv))
                and (self.max_bv is None or (bv is not None and bv <= self.max_bv))
                and (self.max_cost is None or (price is not None and price <= self.max_cost)))

    @property
    def by_value(self) -> bool:
        return any(v is not None for v in (self.ruleset, self.min_bv, self.max_bv,
                                           self.max_cost))


def _list_megamek(keep: _Filters, sort_by: str, reverse: bool) -> None:
    """The units a MegaMek data folder holds, by the names `build`, `sheet`… accept. The
    files are listed from the folder's index, unread, unless a filter or the order asks for
    a ruleset, Battle Value or cost: then each unit the other filters keep is read."""
    from mechlab.files.megamek_dir import ENV, all_units, configured_dirs

    if not configured_dirs():
        raise DesignError("--megamek", [f"no MegaMek folder: give --megamek-dir DIR before "
                                        f"the command, or set {ENV}"])
    if not any(folder.is_dir() for folder in configured_dirs()):
        # (a name to look up passes over a folder that has gone; a listing of none is "0
        # units" said of folders that are not there)
        missing = ", ".join(str(folder) for folder in configured_dirs())
        raise DesignError(ENV, [f"{missing}: no such folder; give --megamek-dir DIR before "
                                f"the command, or set {ENV} to a MegaMek data folder"])
    intro = get_ruleset()  # weight classes: the default ruleset's (RULES.md 4.2)
    text = (keep.source or "").lower()
    units = [u for u in all_units() if keep.tons(u.tonnage, intro.weight_class(u.tonnage))
             and text in f"{u.source}\n{u.path}".lower()]
    read = keep.by_value or sort_by in ("bv", "cost")
    rows = [(u, *(_megamek_values(u.path) if read else (None, None, None))) for u in units]
    rows = [r for r in rows if keep.values(*r[1:])]
    orders = {"name": lambda r: (r[0].name,), "bv": lambda r: (-(r[2] or 0), r[0].name),
              "cost": lambda r: (r[3] or 0, r[0].name),
              "tonnage": lambda r: (r[0].tonnage, r[0].name)}
    rows.sort(key=orders[sort_by])
    if reverse:
        rows.reverse()
    if read:
        click.echo(f"{'Name':<40}{'Tons':>5}  {'Ruleset':<13}{'BV':>6}{'Cost':>13}  File")
    else:
        click.echo(f"{'Name':<40}{'Tons':>5}  File")
    for unit, ruleset, bv, price in rows:
        values = (f"{ruleset or '(refused)':<13}{_number(bv, ''):>6}{_number(price):>13}  "
                  if read else "")
        click.echo(shown(f"{unit.name:<40}{unit.tonnage:>5}  {values}{unit.path}"))
    click.echo(f"{len(rows)} units")


def _megamek_values(path: Path) -> tuple[str | None, int | None, int | None]:
    """A MegaMek file's ruleset, Battle Value and cost; a file mechlab refuses has none."""
    from mechlab.assess import values_of
    from mechlab.files.load import read_source
    from mechlab.model.resolve import resolve

    try:
        design = read_source(path).design
        mech = resolve(design)
    except DesignError:
        return None, None, None
    values = values_of(mech)
    return (mech.ruleset.name, values.bv if values else None,
            values.cost.total if values else None)


def _class(unit: LibraryUnit) -> str:
    return get_ruleset(unit.ruleset).weight_class(unit.tonnage)


def _number(value: int | None, grouping: str = ",") -> str:
    return "–" if value is None else f"{value:{grouping}}"

