"""`mechlab bv`: Battle Value and cost, optionally step by step."""

from __future__ import annotations

import sys

import click

from mechlab.cli.common import EXIT_BAD_INPUT, bad_input_exits_2, clip, report_bad_input
from mechlab.cli.verdict import tell_verdicts
from mechlab.core.errors import DesignError
from mechlab.files.inputs import read_input


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--explain", is_flag=True, help="Every step of the calculation.")
@click.option("--gunnery", type=click.IntRange(0, 8), help="Pilot gunnery for adjusted BV.")
@click.option("--piloting", type=click.IntRange(0, 8), help="Pilot piloting for adjusted BV.")
@bad_input_exits_2
def bv(files: tuple[str, ...], explain: bool, gunnery: int | None,
       piloting: int | None) -> None:
    """Battle Value (BV2) and C-bill cost, optionally step by step.

    A design whose ruleset defines no Battle Value (battledroids), or that cannot be read
    or judged, gets a line saying so on stderr, the others their values, and the command
    then exits 2: mechlab never invents the numbers. An illegal design's
    numbers are printed marked ILLEGAL (and the design named on stderr): exit 1.
    """
    from mechlab.values.bv_report import explain_bv, explain_cost

    undefined, judged = [], []
    for arg in files:
        try:  # a design that cannot be read or judged: its lines, and the others' values
            item = read_input(arg)
            assessed = item.assess()
        except DesignError as exc:
            report_bad_input(exc)
            undefined.append(arg)
            continue
        mech, values = assessed.mech, assessed.values
        judged.append((item.label, assessed))
        if values is None:
            undefined.append(item.label)
            from mechlab.assess import no_values_reason

            # The command cannot do what was asked: bad input, on stderr like any other.
            click.echo(clip(f"mechlab: {item.label}: no Battle Value or cost: "
                            f"{no_values_reason(mech)}"), err=True)
            continue
        g, p = mech.ruleset.pilot_skills(item.design.pilot, gunnery, piloting)
        mark = "" if assessed.legal else " [ILLEGAL]"
        click.echo(f"{mech.name}{mark}: BV {values.bv:,}, pilot {g}/{p}: "
                   f"{assessed.adjusted_bv(g, p):,}; cost {values.cost.total:,} C-bills "
                   f"(dry {values.cost.dry:,})")
        if explain:
            click.echo("\n".join(["", *explain_bv(values.battle_value), "",
                                   *explain_cost(values.cost), ""]))
    illegal = tell_verdicts(judged)
    sys.exit(EXIT_BAD_INPUT if undefined else illegal)
