"""`mechlab build` and `mechlab sheet`: outputs beside each design, or one print run."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from mechlab import writers
from mechlab.cli.common import (
    F,
    bad_input_exits_2,
    force_option,
    long_lived,
    progress,
    warn_undrawable,
)
from mechlab.cli.verdict import tell_lines, verdict_line
from mechlab.core.errors import DesignError
from mechlab.files.inputs import Input, read_inputs
from mechlab.files.output import Guard, atomic_file, refuse_shared_names, write_all
from mechlab.force.page import force_pages
from mechlab.force.roster import Force, input_paths, read_groups
from mechlab.render.frame import PAPER
from mechlab.render.geometry import Document, Page
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_document, layout_sheet, style_names

if TYPE_CHECKING:
    from mechlab.assess import Assessment
    from mechlab.core.design import Design
    from mechlab.core.state import DamageState

# What only some commands or formats need is imported where it is used: `mechlab sheet`
# does not pay for the JSON schema models, the readout or Jinja2.

# The formats `build` writes for each design: every writer of one unit's file.
FORMATS = tuple(w.name for w in writers.writers("unit"))


def _sheet_options(paper: str, pips: str, pilot: str | None, gunnery: int | None,
                   piloting: int | None, style: str | None) -> SheetOptions:
    if pilot is not None:
        from mechlab.core.design import MAX_NAME, check_text

        try:  # the bounds of a design file's pilot.name, however the name arrives
            check_text(pilot, MAX_NAME)
        except ValueError as exc:
            raise DesignError("--pilot", [str(exc)]) from None
    return SheetOptions(paper=paper, grouped_pips=pips == "grouped", pilot_name=pilot,
                        gunnery=gunnery, piloting=piloting, style=style)


def sheet_options(command: F) -> F:
    """The options every command that prints record sheets takes."""
    for option in reversed((
        click.option("--paper", type=click.Choice(sorted(PAPER)), default="letter",
                     show_default=True, help="Page size."),
        click.option("--style", type=click.Choice(style_names()),
                     help="Record-sheet style (default: a force file's style, else the "
                          "design's ruleset's: standard, battledroids for 1984 designs)."),
        click.option("--pips", type=click.Choice(["plain", "grouped"]), default="plain",
                     show_default=True, help="Armor circles in plain rows or groups of five."),
        click.option("--pilot", help="MechWarrior name for the Warrior Data."),
        click.option("--gunnery", type=click.IntRange(0, 8), help="Gunnery skill (0–8)."),
        click.option("--piloting", type=click.IntRange(0, 8), help="Piloting skill (0–8)."),
    )):
        command = option(command)
    return command


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--out-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write outputs here instead of beside each input.")
@click.option("-f", "--format", "formats", default=",".join(FORMATS), show_default=True,
              help="Comma-separated outputs to write: " + "; ".join(
                  f"{w.name} ({w.help})" for w in writers.writers("unit")) + ".")
@click.option("--explain", is_flag=True, help="Print the weight walk-through, step by step.")
@click.option("-q", "--quiet", is_flag=True, help="No summary on the terminal.")
@click.option("--ruleset", "ruleset_name",
              help="Judge every design under this ruleset (intro, battledroids, or an alias) "
                   "instead of the one it names.")
@click.option("--state", "state_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A damage state file to mark on the one design's sheets and carry in its "
                   "engine JSON.")
@sheet_options
@force_option
@bad_input_exits_2
def build(files: tuple[str, ...], out_dir: Path | None, formats: str, explain: bool,
          quiet: bool, ruleset_name: str | None, state_file: Path | None, paper: str,
          style: str | None, pips: str, pilot: str | None,
          gunnery: int | None, piloting: int | None, force: bool) -> None:
    """Check designs and write X.json, X.pdf and X.html beside each input."""
    from mechlab.cli.validate import ruleset_option
    from mechlab.readout import explain_weights, technical_readout

    ruleset = ruleset_option(ruleset_name)
    wanted = _formats(formats)
    options = _sheet_options(paper, pips, pilot, gunnery, piloting, style)
    inputs = read_inputs(list(files))
    if state_file is not None:
        options = replace(options, state=_one_state(state_file, [inputs]))
    bases = [(out_dir or (item.path.parent if item.path else Path.cwd())) / item.stem
             for item in inputs]
    claims = [(base.with_suffix(f".{f}"), item.label)
              for item, base in zip(inputs, bases, strict=True) for f in wanted]
    refuse_shared_names(claims)  # before anything is rendered or written
    guard = Guard(tuple(i.origin for i in inputs if i.origin), force)
    guard.check(path for path, _ in claims)
    outputs: dict[Path, bytes] = {}
    verdicts: list[str | None] = []
    with long_lived():  # the designs read, through every build
        for item, base in progress(list(zip(inputs, bases, strict=True)), "Building"):
            item = replace(item, design=_with_pilot(item.design, pilot, gunnery, piloting))
            assessed = item.assess(ruleset)  # validated and valued once, for every output
            verdicts.append(verdict_line(item.label, assessed))
            outputs.update(_outputs(base, assessed, wanted, options))
            if not quiet:
                click.echo(technical_readout(assessed))
                if explain:
                    click.echo("\n" + explain_weights(assessed.mech))
                click.echo()
    write_all(outputs, guard)
    if not quiet:
        for path in outputs:
            click.echo(f"wrote {path}")
    sys.exit(tell_lines(verdicts))


def _with_pilot(design: Design, name: str | None, gunnery: int | None,
                piloting: int | None) -> Design:
    """The design with the pilot the options name (each one given replaces the design's
    own): the engine JSON then states the pilot and the pilot-adjusted BV that the sheet
    prints."""
    if name is None and gunnery is None and piloting is None:
        return design
    from mechlab.core.design import Pilot

    own = design.pilot or Pilot()
    pilot = Pilot(name=own.name if name is None else name,
                  gunnery=own.gunnery if gunnery is None else gunnery,
                  piloting=own.piloting if piloting is None else piloting)
    return design.model_copy(update={"pilot": pilot})


def _formats(text: str) -> list[str]:
    wanted = [f.strip().lower() for f in text.split(",") if f.strip()]
    unknown = [f for f in wanted if f not in FORMATS]
    if unknown or not wanted:
        raise DesignError("--format", [f"unknown format {', '.join(unknown) or '(none)'}; "
                                       f"choose from {', '.join(FORMATS)}"])
    return wanted


def _outputs(base: Path, assessed: Assessment, wanted: list[str], options: SheetOptions
             ) -> dict[Path, bytes]:
    """Every wanted file of one design, in the registry's order; its sheet is laid out
    once for all the page formats."""
    document = _LaidOut(assessed, options)
    outputs: dict[Path, bytes] = {}
    for writer in writers.writers("unit"):
        if writer.name in wanted and writer.unit is not None:
            outputs[base.with_suffix(writer.suffix)] = writer.unit(assessed, document)
    return outputs


class _LaidOut:
    """One design's sheets, laid out on first call (`writers.DocumentOf`)."""

    def __init__(self, assessed: Assessment, options: SheetOptions) -> None:
        self.assessed, self.options, self.state = assessed, options, options.state
        self.laid_out: list[Document] = []

    def __call__(self) -> Document:
        if not self.laid_out:
            self.laid_out.append(layout_document([self.assessed], self.options))
            list(warn_undrawable(self.laid_out[0].pages))
        return self.laid_out[0]


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The PDF (or .html) to write: one sheet per page, in the given order.")
@click.option("--state", "state_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A damage state file (YAML: armor and structure lost, critical hits, ammo "
                   "spent, pilot hits) to mark on the one unit's sheet; in a force file, "
                   "each unit's state: block.")
@sheet_options
@force_option
@bad_input_exits_2
def sheet(files: tuple[str, ...], output: Path, state_file: Path | None, paper: str,
          style: str | None, pips: str, pilot: str | None, gunnery: int | None,
          piloting: int | None, force: bool) -> None:
    """Print many units into one PDF or HTML file (a lance for game night).

    A force file (force:, units: with a pilot each) prints its summary page and then
    each unit's sheet with that unit's own pilot (and its damage, from its state:)."""
    writer = writers.by_suffix(output.suffix, "stream")
    if writer is None or writer.stream is None:
        raise DesignError(str(output),
                          [f"the output must end in {writers.suffix_list('stream')}"])
    options = _sheet_options(paper, pips, pilot, gunnery, piloting, style)
    groups = read_groups(list(files))  # every bad input reported before anything is drawn
    if state_file is not None:
        options = replace(options, state=_one_state(state_file, groups))
    guard = Guard(tuple(input_paths(groups)), force)
    guard.check([output])
    sheets = sum(len(g.members) if isinstance(g, Force) else len(g) for g in groups)
    title = (groups[0].name if isinstance(groups[0], Force)
             else groups[0][0].design.name if sheets == 1 else f"{sheets} record sheets")
    verdicts: list[str | None] = []
    pages = warn_undrawable(_pages(groups, options, style, verdicts))
    with long_lived(), atomic_file(output, guard) as handle:  # the units read, all run long
        # Page by page, straight into the file: flat memory for any print run; the file
        # appears (complete) only when the last page is in.
        writer.stream(pages, title, handle)
    click.echo(f"wrote {output} ({_printed(groups, sheets)})", err=True)
    sys.exit(tell_lines(verdicts))


def _one_state(path: Path, groups: list[Force | list[Input]]) -> DamageState:
    """The state `--state` names, checked against the one unit it marks."""
    from mechlab.files.state_file import checked, read_state
    from mechlab.model.resolve import resolve

    if len(groups) != 1 or isinstance(groups[0], Force) or len(groups[0]) != 1:
        raise DesignError("--state", ["marks one unit's sheet: give one design (for a lance, "
                                      "give each unit of a force file a state: block)"])
    return checked(read_state(path), resolve(groups[0][0].design), str(path))


def _printed(groups: list[Force | list[Input]], units: int) -> str:
    """`4 sheets`, or for an Alpha Strike force's units printed as cards `4 Alpha Strike
    cards` (and the sheets of any unit without one)."""
    from mechlab.cards.assessed import alpha_strike_of

    cards = sum(1 for g in groups if isinstance(g, Force) and g.alpha_strike
                for m in g.members if alpha_strike_of(m.assessment) is not None)
    parts = [f"{n} {word}{'s' if n != 1 else ''}"
             for n, word in ((units - cards, "sheet"), (cards, "Alpha Strike card")) if n]
    return ", ".join(parts)


def _pages(groups: list[Force | list[Input]], options: SheetOptions, style: str | None,
           verdicts: list[str | None]) -> Iterator[Page]:
    """Page after page: a force's summary and its units with their own pilots (in the
    force's style unless --style says otherwise), other units with the options' pilot.
    Each unit's verdict line (None when legal) is kept as its page is laid out; the unit
    itself is not (flat memory in any print run)."""
    for group in groups:
        if isinstance(group, Force):
            verdicts.extend(verdict_line(m.label, m.assessment) for m in group.members)
            yield from force_pages(group, replace(options, style=style or group.style))
        else:
            for item in progress(group, "Printing"):
                assessed = item.assess()
                verdicts.append(verdict_line(item.label, assessed))
                yield layout_sheet(assessed, options).page

