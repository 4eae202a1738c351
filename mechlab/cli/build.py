"""`mechlab build` and `mechlab sheet`: outputs beside each design, or one print run."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from mechlab.cli.common import (
    EXIT_ILLEGAL,
    F,
    bad_input_exits_2,
    force_option,
    long_lived,
    progress,
    warn_undrawable,
)
from mechlab.force import Force, input_paths, read_groups
from mechlab.inputs import Input, read_inputs
from mechlab.load import DesignError
from mechlab.mech import Mech
from mechlab.output import Guard, atomic_file, refuse_shared_names, write_all
from mechlab.resolve import resolve
from mechlab.sheet.force_page import force_pages
from mechlab.sheet.frame import PAPER
from mechlab.sheet.geometry import Page
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.pdf import open_pdf, render_pdf
from mechlab.sheet.styles import layout_document, layout_sheet, style_names

if TYPE_CHECKING:
    from mechlab.design import Design
    from mechlab.validate import Finding

# What only some commands or formats need is imported where it is used: `mechlab sheet`
# does not pay for the JSON schema models, the readout or Jinja2.

FORMATS = ("json", "pdf", "html")


def _sheet_options(paper: str, pips: str, pilot: str | None, gunnery: int | None,
                   piloting: int | None, style: str | None) -> SheetOptions:
    if pilot is not None:
        from mechlab.design import MAX_NAME, check_text

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
              help="Comma-separated outputs to write: json, pdf, html.")
@click.option("--explain", is_flag=True, help="Print the weight walk-through, step by step.")
@click.option("-q", "--quiet", is_flag=True, help="No summary on the terminal.")
@click.option("--ruleset", "ruleset_name",
              help="Judge every design under this ruleset (intro, battledroids, or an alias) "
                   "instead of the one it names.")
@sheet_options
@force_option
@bad_input_exits_2
def build(files: tuple[str, ...], out_dir: Path | None, formats: str, explain: bool,
          quiet: bool, ruleset_name: str | None, paper: str, style: str | None, pips: str,
          pilot: str | None,
          gunnery: int | None, piloting: int | None, force: bool) -> None:
    """Check designs and write X.json, X.pdf and X.html beside each input."""
    from mechlab.cli.validate import checked, ruleset_option
    from mechlab.readout import explain_weights, technical_readout
    from mechlab.validate import is_legal

    ruleset = ruleset_option(ruleset_name)
    wanted = _formats(formats)
    options = _sheet_options(paper, pips, pilot, gunnery, piloting, style)
    inputs = read_inputs(list(files))
    bases = [(out_dir or (item.path.parent if item.path else Path.cwd())) / item.stem
             for item in inputs]
    claims = [(base.with_suffix(f".{f}"), item.label)
              for item, base in zip(inputs, bases, strict=True) for f in wanted]
    refuse_shared_names(claims)  # before anything is rendered or written
    guard = Guard(tuple(i.origin for i in inputs if i.origin), force)
    guard.check(path for path, _ in claims)
    outputs: dict[Path, bytes] = {}
    legal = True
    with long_lived():  # the designs read, through every build
        for item, base in progress(list(zip(inputs, bases, strict=True)), "Building"):
            item = replace(item, design=_with_pilot(item.design, pilot, gunnery, piloting))
            mech, findings = checked(item, ruleset)
            legal &= is_legal(findings)
            outputs.update(_outputs(base, mech, findings, wanted,
                                    replace(options, source_findings=item.findings)))
            if not quiet:
                click.echo(technical_readout(mech, findings))
                if explain:
                    click.echo("\n" + explain_weights(mech))
                click.echo()
    write_all(outputs, guard)
    if not quiet:
        for path in outputs:
            click.echo(f"wrote {path}")
    sys.exit(0 if legal else EXIT_ILLEGAL)


def _with_pilot(design: Design, name: str | None, gunnery: int | None,
                piloting: int | None) -> Design:
    """The design with the pilot the options name (each one given replaces the design's
    own): the engine JSON then states the pilot and the pilot-adjusted BV that the sheet
    prints."""
    if name is None and gunnery is None and piloting is None:
        return design
    from mechlab.design import Pilot

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


def _outputs(base: Path, mech: Mech, findings: list[Finding], wanted: list[str],
             options: SheetOptions) -> dict[Path, bytes]:
    outputs: dict[Path, bytes] = {}
    if "json" in wanted:
        from mechlab.export.engine import engine_json

        outputs[base.with_suffix(".json")] = engine_json(mech, findings).encode()
    if "pdf" in wanted or "html" in wanted:
        document = layout_document([mech], options)
        list(warn_undrawable(document.pages))
        if "pdf" in wanted:
            outputs[base.with_suffix(".pdf")] = render_pdf(document)
        if "html" in wanted:
            from mechlab.sheet.svg import render_html

            outputs[base.with_suffix(".html")] = render_html(document).encode()
    return outputs


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The PDF (or .html) to write: one sheet per page, in the given order.")
@sheet_options
@force_option
@bad_input_exits_2
def sheet(files: tuple[str, ...], output: Path, paper: str, style: str | None, pips: str,
          pilot: str | None, gunnery: int | None, piloting: int | None, force: bool) -> None:
    """Print many units into one PDF or HTML file (a lance for game night).

    A force file (force:, units: with a pilot each) prints its summary page and then
    each unit's sheet with that unit's own pilot."""
    suffix = output.suffix.lower()
    if suffix not in (".pdf", ".html", ".htm"):
        raise DesignError(str(output), ["the output must end in .pdf or .html"])
    options = _sheet_options(paper, pips, pilot, gunnery, piloting, style)
    groups = read_groups(list(files))  # every bad input reported before anything is drawn
    guard = Guard(tuple(input_paths(groups)), force)
    guard.check([output])
    sheets = sum(len(g.members) if isinstance(g, Force) else len(g) for g in groups)
    title = (groups[0].name if isinstance(groups[0], Force)
             else groups[0][0].design.name if sheets == 1 else f"{sheets} record sheets")
    pages = warn_undrawable(_pages(groups, options, style))
    with long_lived():  # the units read, through the whole print run
        _print_run(pages, title, output, guard, html=suffix != ".pdf")
    click.echo(f"wrote {output} ({sheets} sheet{'s' if sheets != 1 else ''})", err=True)


def _pages(groups: list[Force | list[Input]], options: SheetOptions, style: str | None
           ) -> Iterator[Page]:
    """Page after page: a force's summary and its units with their own pilots (in the
    force's style unless --style says otherwise), other units with the options' pilot."""
    for group in groups:
        if isinstance(group, Force):
            yield from force_pages(group, replace(options, style=style or group.style))
        else:
            for item in progress(group, "Printing"):
                yield layout_sheet(resolve(item.design),
                                   replace(options, source_findings=item.findings)).page


def _print_run(pages: Iterator[Page], title: str, output: Path, guard: Guard,
               html: bool) -> None:
    """One page at a time, straight into the file: flat memory for any print run; the
    file appears (complete) only when the last page is in."""
    with atomic_file(output, guard) as handle:
        if html:
            from mechlab.sheet.svg import write_html

            write_html(pages, title, handle)
            return
        pdf = open_pdf(handle, title)
        for page in pages:
            pdf.add(page)
        pdf.close()
