"""`mechlab sheet`: many units printed into one PDF or HTML file, page by page."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from mechlab import writers
from mechlab.cli.batch import (
    Skipped,
    jobs_option,
    located_groups,
    nothing_done,
    run,
    tell_skipped,
)
from mechlab.cli.build import one_state, sheet_options, sheet_options_from
from mechlab.cli.common import (
    EXIT_BAD_INPUT,
    bad_input_exits_2,
    clip,
    force_option,
    long_lived,
    progress,
    warn_undrawable,
)
from mechlab.cli.verdict import tell_lines, verdict_line
from mechlab.core.errors import DesignError
from mechlab.files.inputs import Located, read_input
from mechlab.files.output import Guard, atomic_file
from mechlab.force.model import Force
from mechlab.force.page import force_pages
from mechlab.force.roster import input_paths
from mechlab.render.geometry import Page
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.pips import PLACES
from mechlab.sheet.styles import layout_sheet

if TYPE_CHECKING:
    from mechlab.render.pdf_stream import DrawnPage


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The PDF (or .html) to write: one sheet per page, in the given order.")
@click.option("--state", "state_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A damage state file (YAML: armor and structure lost, critical hits, ammo "
                   "spent, pilot hits) to mark on the one unit's sheet; in a force file, "
                   "each unit's state: block.")
@sheet_options
@jobs_option
@force_option
@bad_input_exits_2
def sheet(files: tuple[str, ...], output: Path, state_file: Path | None, paper: str,
          style: str | None, pips: str, pilot: str | None, gunnery: int | None,
          piloting: int | None, jobs: int | None, force: bool) -> None:
    """Print many units into one PDF or HTML file (a lance for game night).

    A force file (force:, units: with a pilot each) prints its summary page and then
    each unit's sheet with that unit's own pilot (and its damage, from its state:). A unit
    that cannot be read or judged is skipped (one line says why) and the others are
    printed; the exit code is then 2."""
    writer = writers.by_suffix(output.suffix, "stream")
    if writer is None or writer.stream is None:
        raise DesignError(str(output),
                          [f"the output must end in {writers.suffix_list('stream')}"])
    options = sheet_options_from(paper, pips, pilot, gunnery, piloting, style)
    groups, skipped = located_groups(files)
    if not groups:
        raise nothing_done(skipped)
    given = [name for name, value in (("--pilot", pilot), ("--gunnery", gunnery),
                                      ("--piloting", piloting)) if value is not None]
    if given and all(isinstance(g, Force) for g in groups):
        # Said, not ignored in silence: a force's units have its pilots (docs/forces.md).
        click.echo(f"mechlab: warning: {', '.join(given)} left unused: every unit is a "
                   "force file's, with the pilot it names", err=True)
    if state_file is not None:
        options = replace(options, state=one_state(state_file, groups))
    # The state file is an input too: never written over, even with --force.
    guard = Guard((*input_paths(groups), *([state_file] if state_file else [])), force)
    guard.check([output])
    sheets = sum(len(g.members) if isinstance(g, Force) else len(g) for g in groups)
    title = (groups[0].name if isinstance(groups[0], Force)
             else read_input(groups[0][0].arg).design.name if sheets == 1
             else f"{sheets} record sheets")
    verdicts: list[str | None] = []
    not_found = len(skipped)  # never among the `sheets`: only those skipped when printed are
    pages = warn_undrawable(_pages(groups, options, style, verdicts, skipped, jobs,
                                   writer.ahead))
    with long_lived(), atomic_file(output, guard) as handle:  # the units read, all run long
        # Page by page, straight into the file: flat memory for any print run; the file
        # appears (complete) only when the last page is in.
        writer.stream(pages, title, handle)
    click.echo(clip(f"wrote {output} ({_printed(groups, sheets - (len(skipped) - not_found))})"),
               err=True)
    code = tell_lines(verdicts)
    tell_skipped(skipped)
    sys.exit(EXIT_BAD_INPUT if skipped else code)


def _printed(groups: list[Force | list[Located]], units: int) -> str:
    """`4 sheets`, or for an Alpha Strike force's units printed as cards `4 Alpha Strike
    cards` (and the sheets of any unit without one)."""
    from mechlab.cards.assessed import alpha_strike_of

    cards = sum(1 for g in groups if isinstance(g, Force) and g.alpha_strike
                for m in g.members if alpha_strike_of(m.assessment) is not None)
    parts = [f"{n} {word}{'s' if n != 1 else ''}"
             for n, word in ((units - cards, "sheet"), (cards, "Alpha Strike card")) if n]
    return ", ".join(parts)


@dataclass(frozen=True)
class Laid:
    """One unit's record sheet, laid out (in a worker with -j) and drawn there when the
    writer can (`Writer.ahead`: a PDF page crosses as its compressed content stream, not
    as a display list), and its verdict line."""

    page: Page | DrawnPage
    verdict: str | None


Ahead = Callable[[Page], "Page | DrawnPage"]


def _lay_out_one(options: SheetOptions, ahead: Ahead | None, arg: str) -> Laid:
    item = read_input(arg)
    assessed = item.assess()
    page = layout_sheet(assessed, options).page
    return Laid(page if ahead is None else ahead(page), verdict_line(item.label, assessed))


def _pages(groups: list[Force | list[Located]], options: SheetOptions, style: str | None,
           verdicts: list[str | None], skipped: list[Skipped], jobs: int | None,
           ahead: Ahead | None) -> Iterator[Page | DrawnPage]:
    """Page after page: a force's summary and its units with their own pilots (in the
    force's style unless --style says otherwise), other units with the options' pilot.
    Each unit's verdict line (None when legal) is kept as its page is laid out; the unit
    itself is not (flat memory in any print run). A unit that cannot be read or judged
    is skipped; if every one is, no file is written (bad input, exit 2)."""
    printed = False
    for group in groups:
        if isinstance(group, Force):
            verdicts.extend(verdict_line(m.label, m.assessment) for m in group.members)
            yield from force_pages(group, replace(options, style=style or group.style))
            printed = True
            continue
        args = [item.arg for item in group]
        # The same in one process as in workers: -j 1 writes what -j N writes.
        work = functools.partial(_lay_out_one, options, ahead)
        for result in progress(run(work, args, args, jobs, PLACES), "Printing", len(args)):
            if isinstance(result, Skipped):
                skipped.append(result)
                continue
            verdicts.append(result.verdict)
            printed = True
            yield result.page
    if not printed:
        raise nothing_done(skipped)
