"""`mechlab list`: the bundled unit library."""

from __future__ import annotations

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
                   "MECHLAB_MEGAMEK_DIR): name, tons and file.")
@bad_input_exits_2
def list_command(weight_class: str | None, tonnage: int | None, min_tons: int | None,
                 max_tons: int | None, source: str | None, ruleset: str | None,
                 min_bv: int | None, max_bv: int | None, max_cost: int | None, sort_by: str,
                 reverse: bool, megamek: bool) -> None:
    """The units of the bundled library, with Battle Value and cost (where the ruleset
    defines them; a unit of another ruleset than intro is named `ruleset/MODEL`)."""
    if megamek:
        _list_megamek(tonnage, min_tons, max_tons, weight_class, source, sort_by, reverse)
        return
    try:
        only = get_ruleset(ruleset).name if ruleset else None
    except UnknownRulesetError as exc:
        raise DesignError("--ruleset", [str(exc)]) from None
    # The index's values where current (no design is read), else computed: the same numbers.
    rows = [
        (u, bv, price)
        for u, bv, price in ((e.unit, e.bv, e.cost) for e in listing())
        if (tonnage is None or u.tonnage == tonnage)
        and (source is None or source.lower() in u.source.lower())
        and (min_tons is None or u.tonnage >= min_tons)
        and (max_tons is None or u.tonnage <= max_tons)
        and (weight_class is None or _class(u) == weight_class)
        and (only is None or u.ruleset == only)
    ]
    # A unit whose ruleset has no BV or cost never passes a BV or cost filter.
    rows = [
        (u, bv, price) for u, bv, price in rows
        if (min_bv is None or (bv is not None and bv >= min_bv))
        and (max_bv is None or (bv is not None and bv <= max_bv))
        and (max_cost is None or (price is not None and price <= max_cost))
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


def _list_megamek(tonnage: int | None, min_tons: int | None, max_tons: int | None,
                  weight_class: str | None, text: str | None, sort_by: str,
                  reverse: bool) -> None:
    """The units a MegaMek data folder holds, by the names `build`, `sheet`… accept."""
    from mechlab.files.megamek_dir import ENV, all_units, configured_dirs

    if not configured_dirs():
        raise DesignError("--megamek", [f"no MegaMek folder: give --megamek-dir DIR before "
                                        f"the command, or set {ENV}"])
    if sort_by in ("bv", "cost"):
        raise DesignError("--sort", [f"MegaMek files are listed unread: no {sort_by}; "
                                     "sort by tonnage or name"])
    intro = get_ruleset("intro")
    units = [u for u in all_units()
             if (tonnage is None or u.tonnage == tonnage)
             and (min_tons is None or u.tonnage >= min_tons)
             and (max_tons is None or u.tonnage <= max_tons)
             and (weight_class is None or intro.weight_class(u.tonnage) == weight_class)
             and (text is None or text.lower() in str(u.path).lower())]
    units.sort(key=(lambda u: (u.name,)) if sort_by == "name" else (lambda u: (u.tonnage,
                                                                              u.name)))
    if reverse:
        units.reverse()
    click.echo(f"{'Name':<40}{'Tons':>5}  File")
    for unit in units:
        click.echo(shown(f"{unit.name:<40}{unit.tonnage:>5}  {unit.path}"))
    click.echo(f"{len(units)} units")


def _class(unit: LibraryUnit) -> str:
    return get_ruleset(unit.ruleset).weight_class(unit.tonnage)


def _number(value: int | None, grouping: str = ",") -> str:
    return "–" if value is None else f"{value:{grouping}}"

