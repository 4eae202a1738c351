"""`mechlab build` and `mechlab sheet`: outputs beside each design, or one print run."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import click

from mechlab.cli.common import EXIT_ILLEGAL, F, bad_input_exits_2, progress
from mechlab.cli.validate import RULESET_HELP, checked, ruleset_option
from mechlab.export.engine import engine_json
from mechlab.force import Force, is_force_file, load_force
from mechlab.inputs import Input, read_inputs
from mechlab.load import DesignError
from mechlab.mech import Mech
from mechlab.output import refuse_own_inputs, refuse_shared_names, write_all
from mechlab.readout import explain_weights, technical_readout
from mechlab.resolve import resolve
from mechlab.sheet.force_page import force_pages
from mechlab.sheet.frame import PAPER
from mechlab.sheet.geometry import Document
from mechlab.sheet.layout import SheetOptions, layout_document
from mechlab.sheet.pdf import render_pdf
from mechlab.sheet.style import style_names
from mechlab.sheet.svg import render_html
from mechlab.validate import Finding, is_legal

FORMATS = ("json", "pdf", "html")


def _sheet_options(paper: str, pips: str, pilot: str | None, gunnery: int | None,
                   piloting: int | None, style: str | None) -> SheetOptions:
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
@click.option("--ruleset", "ruleset_name", help=RULESET_HELP)
@sheet_options
@bad_input_exits_2
def build(files: tuple[str, ...], out_dir: Path | None, formats: str, explain: bool,
          quiet: bool, ruleset_name: str | None, paper: str, style: str | None, pips: str,
          pilot: str | None,
          gunnery: int | None, piloting: int | None) -> None:
    """Check designs and write X.json, X.pdf and X.html beside each input."""
    ruleset = ruleset_option(ruleset_name)
    wanted = _formats(formats)
    options = _sheet_options(paper, pips, pilot, gunnery, piloting, style)
    inputs = read_inputs(list(files))
    bases = [(out_dir or (item.path.parent if item.path else Path.cwd())) / item.stem
             for item in inputs]
    claims = [(base.with_suffix(f".{f}"), item.label)
              for item, base in zip(inputs, bases, strict=True) for f in wanted]
    refuse_shared_names(claims)  # before anything is rendered or written
    refuse_own_inputs([path for path, _ in claims], [i.path for i in inputs if i.path])
    outputs: dict[Path, bytes] = {}
    legal = True
    for item, base in progress(list(zip(inputs, bases, strict=True)), "Building"):
        mech, findings = checked(item, ruleset)
        legal &= is_legal(findings)
        outputs.update(_outputs(base, mech, findings, wanted, options))
        if not quiet:
            click.echo(technical_readout(mech, findings))
            if explain:
                click.echo("\n" + explain_weights(mech))
            click.echo()
    write_all(outputs)
    if not quiet:
        for path in outputs:
            click.echo(f"wrote {path}")
    sys.exit(0 if legal else EXIT_ILLEGAL)


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
        outputs[base.with_suffix(".json")] = engine_json(mech, findings).encode()
    if "pdf" in wanted or "html" in wanted:
        document = layout_document([mech], options)
        if "pdf" in wanted:
            outputs[base.with_suffix(".pdf")] = render_pdf(document)
        if "html" in wanted:
            outputs[base.with_suffix(".html")] = render_html(document).encode()
    return outputs


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The PDF (or .html) to write: one sheet per page, in the given order.")
@sheet_options
@bad_input_exits_2
def sheet(files: tuple[str, ...], output: Path, paper: str, style: str | None, pips: str,
          pilot: str | None, gunnery: int | None, piloting: int | None) -> None:
    """Print many units into one PDF or HTML file (a lance for game night).

    A force file (force:, units: with a pilot each) prints its summary page and then
    each unit's sheet with that unit's own pilot."""
    suffix = output.suffix.lower()
    if suffix not in (".pdf", ".html", ".htm"):
        raise DesignError(str(output), ["the output must end in .pdf or .html"])
    options = _sheet_options(paper, pips, pilot, gunnery, piloting, style)
    pages, sheets = [], 0
    for group in _print_groups(list(files)):
        if isinstance(group, Force):
            own = replace(options, style=style or group.style)
            pages += force_pages(group, own)
            sheets += len(group.members)
        else:
            mechs = [resolve(item.design) for item in progress(group, "Laying out")]
            pages += list(layout_document(mechs, options).pages)
            sheets += len(mechs)
    title = pages[0].title if len(pages) == 1 else f"{sheets} record sheets"
    document = Document(tuple(pages), title)
    data = render_pdf(document) if suffix == ".pdf" else render_html(document).encode()
    write_all({output: data})
    click.echo(f"wrote {output} ({sheets} sheet{'s' if sheets != 1 else ''})", err=True)


def _print_groups(args: list[str]) -> list[Force | list[Input]]:
    """Force files and runs of other inputs, in the order given; every bad input of
    every argument reported at once."""
    groups: list[Force | list[Input]] = []
    errors: list[DesignError] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            try:
                groups.append(read_inputs(run.copy()))
            except DesignError as exc:
                errors.append(exc)
            run.clear()

    for arg in args:
        if is_force_file(Path(arg)):
            flush()
            try:
                groups.append(load_force(Path(arg)))
            except DesignError as exc:
                errors.append(exc)
        else:
            run.append(arg)
    flush()
    if errors:
        raise DesignError.combine(errors)
    return groups
