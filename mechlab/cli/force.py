"""`mechlab force`: a force file's summary on the terminal, or the force in another format
(`--to mul`: MegaMek's unit list)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from mechlab.cli.common import bad_input_exits_2, force_option, require_suffix, tell_notes
from mechlab.cli.verdict import tell_verdicts
from mechlab.core.errors import DesignError
from mechlab.force.model import Force
from mechlab.force.roster import input_paths, load_force, summary_text
from mechlab.writers import writers


@click.command()
@click.argument("force_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True,
              help="Print the force as JSON (format mechlab-force; `mechlab schema "
                   "--force-file` gives its schema) instead of the table.")
@click.option("--to", "target", type=click.Choice([w.name for w in writers("force")]),
              help="Write the force in this format instead: mul, MegaMek's unit list "
                   "(a custom unit's .mtf is written beside it).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="With --to: the file to write (default: beside the force file).")
@force_option
@bad_input_exits_2
def force(force_file: Path, as_json: bool, target: str | None, output: Path | None,
          force: bool) -> None:
    """Summarise a force file (YAML, or a MegaMek .mul): each unit's tonnage, pilot,
    skills, BV, adjusted BV and Alpha Strike PV at the pilot's skill, and the totals (an
    Alpha Strike force, `game: alpha-strike`: skill and PV only).

    An illegal unit is marked in the listing and named on stderr; the exit code is then 1.
    """
    if target is not None and as_json:
        raise DesignError("--to", ["give --json (print the force JSON) or --to (write a "
                                   "file), not both"])
    if target is None and output is not None:
        raise DesignError("-o", ["names the file --to writes; add --to mul"])
    loaded = tell_notes(load_force(force_file))
    if target is not None:
        _write(loaded, target, output, force)
    elif as_json:
        from mechlab.force.export import force_json

        click.echo(force_json(loaded), nl=False)
    else:
        click.echo(summary_text(loaded))
    sys.exit(tell_verdicts((m.label, m.assessment) for m in loaded.members))


def _write(loaded: Force, target: str, output: Path | None, force: bool) -> None:
    """The force in `target`'s format, with the files that travel beside it; a file
    beside it that already holds the same bytes is left as it is."""
    from mechlab.files.output import Guard, write_all

    writer = next(w for w in writers("force") if w.name == target)
    assert writer.force is not None
    require_suffix(output, writer.suffix)
    path = output or loaded.source.with_suffix(writer.suffix)
    main, beside = writer.force(loaded)
    outputs = {path: main}
    for name, data in beside.items():
        companion = path.parent / name
        if not (companion.is_file() and companion.read_bytes() == data):
            outputs[companion] = data
    guard = Guard(tuple(input_paths([loaded])), force)
    guard.check(outputs)
    write_all(outputs, guard)
    extra = f" and {len(outputs) - 1} unit file{'s' if len(outputs) != 2 else ''}" \
        if len(outputs) > 1 else ""
    click.echo(f"wrote {path}{extra}", err=True)
    damaged = [m.label for m in loaded.members if m.state is not None]
    if damaged:  # said, never dropped silently
        click.echo(f"note: the damage states of {', '.join(damaged)} are not in the list: "
                   f"a {writer.suffix} written by mechlab carries units and pilots; print "
                   "them with mechlab sheet", err=True)
