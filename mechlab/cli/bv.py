"""`mechlab bv`: Battle Value and cost, optionally step by step."""

from __future__ import annotations

import click

from mechlab.cli.common import bad_input_exits_2
from mechlab.inputs import read_inputs
from mechlab.resolve import resolve


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--explain", is_flag=True, help="Every step of the calculation.")
@click.option("--gunnery", type=click.IntRange(0, 8), help="Pilot gunnery for adjusted BV.")
@click.option("--piloting", type=click.IntRange(0, 8), help="Pilot piloting for adjusted BV.")
@bad_input_exits_2
def bv(files: tuple[str, ...], explain: bool, gunnery: int | None,
       piloting: int | None) -> None:
    """Battle Value (BV2) and C-bill cost, optionally step by step."""
    from mechlab.bv import battle_value
    from mechlab.bv_report import explain_bv, explain_cost
    from mechlab.cost import cost

    for item in read_inputs(list(files)):
        mech = resolve(item.design)
        value, price = battle_value(mech), cost(mech)
        pilot = item.design.pilot
        g = gunnery if gunnery is not None else (pilot.gunnery if pilot else 4)
        p = piloting if piloting is not None else (pilot.piloting if pilot else 5)
        click.echo(f"{mech.name}: BV {value.base:,}, pilot {g}/{p}: "
                   f"{value.adjusted(mech, g, p):,}; cost {price.total:,} C-bills "
                   f"(dry {price.dry:,})")
        if explain:
            click.echo("\n".join(["", *explain_bv(value), "", *explain_cost(price), ""]))
