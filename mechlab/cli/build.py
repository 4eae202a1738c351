"""`mechlab build`: outputs beside each design; the options every sheet command takes."""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from mechlab import writers
from mechlab.cli.batch import Skipped, jobs_option, nothing_done, run, tell_skipped
from mechlab.cli.common import (
    EXIT_BAD_INPUT,
    F,
    bad_input_exits_2,
    clip,
    force_option,
    long_lived,
    progress,
    undrawable_warnings,
)
from mechlab.cli.verdict import tell_lines, verdict_line
from mechlab.core.errors import DesignError
from mechlab.files.inputs import Located, locate, read_input
from mechlab.files.output import Guard, OutputBatch, refuse_shared_names
from mechlab.force.model import Force
from mechlab.render.frame import PAPER
from mechlab.render.geometry import Document
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_document, style_names

if TYPE_CHECKING:
    from mechlab.assess import Assessment
    from mechlab.core.design import Design
    from mechlab.core.state import DamageState

# What only some commands or formats need is imported where it is used: `mechlab sheet`
# does not pay for the JSON schema models, the readout or Jinja2.

# The formats `build` writes for each design: every writer of one unit's file.
FORMATS = tuple(w.name for w in writers.writers("unit"))


def sheet_options_from(paper: str, pips: str, pilot: str | None, gunnery: int | None,
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
              help="Write outputs here instead of beside each input file (a unit "
                   "given by name: the current folder).")
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
@jobs_option
@force_option
@bad_input_exits_2
def build(files: tuple[str, ...], out_dir: Path | None, formats: str, explain: bool,
          quiet: bool, ruleset_name: str | None, state_file: Path | None, paper: str,
          style: str | None, pips: str, pilot: str | None, gunnery: int | None,
          piloting: int | None, jobs: int | None, force: bool) -> None:
    """Check designs and write X.json, X.pdf and X.html beside each input file (a unit
    given by name, from the library or a MegaMek folder: in the current folder).

    A design that cannot be read or judged is skipped (one line says why) and the others
    are built; the exit code is then 2."""
    from mechlab.cli.validate import ruleset_option

    ruleset_option(ruleset_name)  # an unknown name: bad input before anything is read
    wanted = _formats(formats)
    options = sheet_options_from(paper, pips, pilot, gunnery, piloting, style)
    located, skipped = _locate_each(files)
    if not located:
        raise nothing_done(skipped)
    if state_file is not None:
        options = replace(options, state=one_state(state_file, [located]))
    bases, guard = _claim_outputs(located, out_dir, wanted, force, state_file)
    job = BuildJob(wanted, options, ruleset_name, quiet, explain, pilot, gunnery, piloting)
    verdicts, written = _write_outputs(job, located, bases, guard, jobs, skipped)
    if not quiet:
        for path in written:
            click.echo(clip(f"wrote {path}"))
    code = tell_lines(verdicts)
    tell_skipped(skipped)
    sys.exit(EXIT_BAD_INPUT if skipped else code)


def _claim_outputs(located: list[Located], out_dir: Path | None, wanted: list[str],
                   force: bool, state_file: Path | None = None) -> tuple[list[Path], Guard]:
    """Each design's output path without its suffix (in `out_dir`, else beside its input;
    a unit given by name: the current folder), and the guard its files pass: two inputs
    that would write one file, an input, or a file mechlab did not write (without
    --force) is refused before anything is rendered or written. The state file is an
    input too (`--state X.json` beside X.yaml: never replaced, even with --force)."""
    bases = [(out_dir or (item.path.parent if item.path else Path.cwd())) / item.stem
             for item in located]
    claims = [(base.with_suffix(f".{f}"), item.arg)
              for item, base in zip(located, bases, strict=True) for f in wanted]
    refuse_shared_names(claims)  # before anything is rendered or written
    inputs = [i.origin for i in located if i.origin]
    guard = Guard(tuple(inputs + ([state_file] if state_file else [])), force, out_dir=True)
    guard.check(path for path, _ in claims)
    return bases, guard


def _write_outputs(job: BuildJob, located: list[Located], bases: list[Path], guard: Guard,
                   jobs: int | None, skipped: list[Skipped]
                   ) -> tuple[list[str | None], list[Path]]:
    """Every design built (in `jobs` worker processes) and its files written, its warnings
    and readout printed: (verdict lines, files written). A design that cannot be read or
    judged is added to `skipped`; if none is built, nothing is written (exit 2)."""
    work = functools.partial(_build_one, job)
    verdicts: list[str | None] = []
    written: list[Path] = []
    # Each design's files are staged as soon as they are made and nothing of it is kept
    # (flat memory in any run); they are renamed into place together at the end, all or
    # nothing (files/output.py).
    with long_lived(), OutputBatch(guard) as batch:
        results = run(work, [i.arg for i in located], [i.arg for i in located], jobs)
        for base, result in zip(bases, progress(results, "Building", len(located)),
                                strict=True):
            if isinstance(result, Skipped):
                skipped.append(result)
                continue
            for line in result.warnings:
                click.echo(line, err=True)
            if result.readout is not None:
                click.echo(result.readout)
            verdicts.append(result.verdict)
            for suffix, data in result.outputs:
                batch.add(base.with_suffix(suffix), data)
                written.append(base.with_suffix(suffix))
        if not written:
            raise nothing_done(skipped)
    return verdicts, written


def _locate_each(files: tuple[str, ...]) -> tuple[list[Located], list[Skipped]]:
    located: list[Located] = []
    skipped: list[Skipped] = []
    for arg in files:
        try:
            located.append(locate(arg))
        except DesignError as exc:
            skipped.append(Skipped.of(arg, exc))
    return located, skipped


@dataclass(frozen=True)
class BuildJob:
    """What `build` asks of each design (sent to the worker processes)."""

    wanted: list[str]
    options: SheetOptions
    ruleset_name: str | None
    quiet: bool
    explain: bool
    pilot: str | None
    gunnery: int | None
    piloting: int | None


@dataclass(frozen=True)
class Built:
    """One design's files (suffix, bytes), its readout and its verdict line."""

    outputs: list[tuple[str, bytes]]
    readout: str | None
    verdict: str | None
    warnings: list[str]


def _build_one(job: BuildJob, arg: str) -> Built:
    """One design read, judged once, and turned into every wanted file."""
    from mechlab.cli.validate import ruleset_option

    item = read_input(arg)
    item = replace(item, design=_with_pilot(item.design, job.pilot, job.gunnery,
                                            job.piloting))
    assessed = item.assess(ruleset_option(job.ruleset_name))
    warnings: list[str] = []
    outputs = _outputs(assessed, job.wanted, job.options, warnings)
    readout = None
    if not job.quiet:
        from mechlab.readout import explain_weights, technical_readout

        readout = technical_readout(assessed)
        if job.explain:
            readout += "\n\n" + explain_weights(assessed.mech)
        readout += "\n"
    return Built(outputs, readout, verdict_line(item.label, assessed), warnings)


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
    return design.replace(pilot=pilot)


def _formats(text: str) -> list[str]:
    wanted = [f.strip().lower() for f in text.split(",") if f.strip()]
    unknown = [f for f in wanted if f not in FORMATS]
    if unknown or not wanted:
        raise DesignError("--format", [f"unknown format {', '.join(unknown) or '(none)'}; "
                                       f"choose from {', '.join(FORMATS)}"])
    return wanted


def _outputs(assessed: Assessment, wanted: list[str], options: SheetOptions,
             warnings: list[str]) -> list[tuple[str, bytes]]:
    """Every wanted file of one design (suffix, bytes), in the registry's order; its
    sheet is laid out once for all the page formats."""
    document = _LaidOut(assessed, options, warnings)
    return [(writer.suffix, writer.unit(assessed, document))
            for writer in writers.writers("unit")
            if writer.name in wanted and writer.unit is not None]


class _LaidOut:
    """One design's sheets, laid out on first call (`writers.DocumentOf`); the warning of
    each page with text its font cannot draw is kept for the command to print."""

    def __init__(self, assessed: Assessment, options: SheetOptions, warnings: list[str]
                 ) -> None:
        self.assessed, self.options, self.state = assessed, options, options.state
        self.warnings = warnings
        self.laid_out: list[Document] = []

    def __call__(self) -> Document:
        if not self.laid_out:
            self.laid_out.append(layout_document([self.assessed], self.options))
            for page in self.laid_out[0].pages:
                self.warnings.extend(undrawable_warnings(page))
        return self.laid_out[0]


def one_state(path: Path, groups: list[Force | list[Located]]) -> DamageState:
    """The state `--state` names, checked against the one unit it marks."""
    from mechlab.files.state_file import checked, read_state
    from mechlab.model.resolve import resolve

    if len(groups) != 1 or isinstance(groups[0], Force) or len(groups[0]) != 1:
        raise DesignError("--state", ["marks one unit's sheet: give one design (for a lance, "
                                      "give each unit of a force file a state: block)"])
    return checked(read_state(path), resolve(read_input(groups[0][0].arg).design), str(path))
