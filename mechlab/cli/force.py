"""`mechlab force`: a force file's summary on the terminal."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from mechlab.cli.common import bad_input_exits_2
from mechlab.cli.verdict import tell_verdicts
from mechlab.force.roster import load_force, summary_text


@click.command()
@click.argument("force_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True,
              help="Print the force as JSON (format mechlab-force; `mechlab schema "
                   "--force-file` gives its schema) instead of the table.")
@bad_input_exits_2
def force(force_file: Path, as_json: bool) -> None:
    """Summarise a force file: each unit's tonnage, pilot, skills, BV, adjusted BV and
    Alpha Strike PV at the pilot's skill, and the totals (an Alpha Strike force, `game:
    alpha-strike`: skill and PV only).

    An illegal unit is marked in the listing and named on stderr; the exit code is then 1.
    """
    loaded = load_force(force_file)
    if as_json:
        from mechlab.force.export import force_json

        click.echo(force_json(loaded), nl=False)
    else:
        click.echo(summary_text(loaded))
    sys.exit(tell_verdicts((m.label, m.assessment) for m in loaded.members))
