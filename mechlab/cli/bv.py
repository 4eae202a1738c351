"""`mechlab bv`: Battle Value and cost, optionally step by step."""

from __future__ import annotations

import sys

import click

from mechlab.cli.common import EXIT_BAD_INPUT, bad_input_exits_2
from mechlab.files.inputs import read_inputs
from mechlab.model.resolve import resolve


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--explain", is_flag=True, help="Every step of the calculation.")
@click.option("--gunnery", type=click.IntRange(0, 8), help="Pilot gunnery for adjusted BV.")
@click.option("--piloting", type=click.IntRange(0, 8), help="Pilot piloting for adjusted BV.")
@bad_input_exits_2
def bv(files: tuple[str, ...], explain: bool, gunnery: int | None,
       piloting: int | None) -> None:
    """Battle Value (BV2) and C-bill cost, optionally step by step.

    A design whose ruleset defines no Battle Value (battledroids) gets a line saying so,
    and the command then exits 2: mechlab never invents the numbers.
    """
    from mechlab.values.bv import battle_value
    from mechlab.values.bv_report import explain_bv, explain_cost
    from mechlab.values.cost import cost

    undefined = []
    for item in read_inputs(list(files)):
        mech = resolve(item.design)
        ruleset = mech.ruleset
        if not (ruleset.has_battle_value and ruleset.has_cost):
            undefined.append(item.label)
            click.echo(f"{mech.name}: no Battle Value or cost: the {ruleset.name} ruleset "
                       "defines none")
            continue
        value, price = battle_value(mech), cost(mech)
        pilot = item.design.pilot
        g, p = ruleset.pilot_skills(pilot, gunnery, piloting)
        click.echo(f"{mech.name}: BV {value.base:,}, pilot {g}/{p}: "
                   f"{value.adjusted(mech, g, p):,}; cost {price.total:,} C-bills "
                   f"(dry {price.dry:,})")
        if explain:
            click.echo("\n".join(["", *explain_bv(value), "", *explain_cost(price), ""]))
    if undefined:
        sys.exit(EXIT_BAD_INPUT)
