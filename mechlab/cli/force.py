"""`mechlab force`: a force file's summary on the terminal."""

from __future__ import annotations

from pathlib import Path

import click

from mechlab.cli.common import bad_input_exits_2
from mechlab.force.roster import load_force, summary_text


@click.command()
@click.argument("force_file", type=click.Path(dir_okay=False, path_type=Path))
@bad_input_exits_2
def force(force_file: Path) -> None:
    """Summarise a force file: each unit's tonnage, pilot, skills, BV and adjusted BV."""
    click.echo(summary_text(load_force(force_file)))
