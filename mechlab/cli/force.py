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
@bad_input_exits_2
def force(force_file: Path) -> None:
    """Summarise a force file: each unit's tonnage, pilot, skills, BV and adjusted BV.

    An illegal unit is marked in the listing and named on stderr; the exit code is then 1.
    """
    loaded = load_force(force_file)
    click.echo(summary_text(loaded))
    sys.exit(tell_verdicts((m.label, m.assessment) for m in loaded.members))
