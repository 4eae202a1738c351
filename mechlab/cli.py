"""The `mechlab` command line.

Exit codes: 0 success (all legal), 1 a design breaks a rule, 2 bad input (one
clear line per problem on stderr, no traceback, no output file written).
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import click
import yaml

from mechlab import __version__
from mechlab.export.engine import engine_json
from mechlab.export.schema import json_schema
from mechlab.inputs import Input, read_inputs
from mechlab.library import library
from mechlab.load import DesignError
from mechlab.mech import Mech
from mechlab.mech import weight_class as class_of
from mechlab.output import write_all
from mechlab.readout import explain_weights, technical_readout
from mechlab.resolve import resolve
from mechlab.rulesets import get_ruleset
from mechlab.sheet.frame import PAPER
from mechlab.sheet.layout import SheetOptions, layout_document
from mechlab.sheet.pdf import render_pdf
from mechlab.sheet.svg import render_html
from mechlab.starter import StarterError, starter_design
from mechlab.validate import Finding, is_legal, validate

F = TypeVar("F", bound=Callable[..., Any])

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


def bad_input_exits_2(command: F) -> F:
    """Turn every error a user can cause into its lines on stderr and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except DesignError as exc:
            for line in exc.lines:
                click.echo(f"mechlab: {line}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"mechlab: {where}{exc.strerror or exc}", err=True)
            sys.exit(EXIT_BAD_INPUT)

    return wrapper  # type: ignore[return-value]


def progress(items: list[Input], label: str) -> Iterable[Input]:
    """A progress bar on a terminal for runs of several units; silent otherwise."""
    if len(items) > 1 and sys.stderr.isatty():
        with click.progressbar(items, label=label, file=sys.stderr) as bar:
            yield from bar
    else:
        yield from items


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mechlab")
def main() -> None:
    """mechlab: BattleTech 'Mech designs in YAML → verdict, record sheets, engine JSON.

    FILE arguments take design files (.yaml, .mtf) or library unit names
    (`mechlab build CPLT-C1`; see `mechlab list`).
    """


def _checked(item: Input) -> tuple[Mech, list[Finding]]:
    mech = resolve(item.design)
    return mech, validate(mech)


FORMATS = ("json", "pdf", "html")


def _sheet_options(paper: str, pips: str, pilot: str | None, gunnery: int | None,
                   piloting: int | None) -> SheetOptions:
    return SheetOptions(paper=paper, grouped_pips=pips == "grouped", pilot_name=pilot,
                        gunnery=gunnery, piloting=piloting)


def sheet_options(command: F) -> F:
    """The options every command that prints record sheets takes."""
    for option in reversed((
        click.option("--paper", type=click.Choice(sorted(PAPER)), default="letter",
                     show_default=True, help="Page size."),
        click.option("--pips", type=click.Choice(["plain", "grouped"]), default="plain",
                     show_default=True, help="Armor circles in plain rows or groups of five."),
        click.option("--pilot", help="MechWarrior name for the Warrior Data."),
        click.option("--gunnery", type=click.IntRange(0, 8), help="Gunnery skill (0–8)."),
        click.option("--piloting", type=click.IntRange(0, 8), help="Piloting skill (0–8)."),
    )):
        command = option(command)
    return command


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--out-dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write outputs here instead of beside each input.")
@click.option("-f", "--format", "formats", default=",".join(FORMATS), show_default=True,
              help="Comma-separated outputs to write: json, pdf, html.")
@click.option("--explain", is_flag=True, help="Print the weight walk-through, step by step.")
@click.option("-q", "--quiet", is_flag=True, help="No summary on the terminal.")
@sheet_options
@bad_input_exits_2
def build(files: tuple[str, ...], out_dir: Path | None, formats: str, explain: bool,
          quiet: bool, paper: str, pips: str, pilot: str | None, gunnery: int | None,
          piloting: int | None) -> None:
    """Check designs and write X.json, X.pdf and X.html beside each input."""
    wanted = _formats(formats)
    options = _sheet_options(paper, pips, pilot, gunnery, piloting)
    inputs = read_inputs(list(files))
    outputs: dict[Path, bytes] = {}
    legal = True
    for item in progress(inputs, "Building"):
        mech, findings = _checked(item)
        legal &= is_legal(findings)
        base = (out_dir or (item.path.parent if item.path else Path.cwd())) / item.stem
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


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The PDF (or .html) to write: one sheet per page, in the given order.")
@sheet_options
@bad_input_exits_2
def sheet(files: tuple[str, ...], output: Path, paper: str, pips: str, pilot: str | None,
          gunnery: int | None, piloting: int | None) -> None:
    """Print many units into one PDF or HTML file (a lance for game night)."""
    suffix = output.suffix.lower()
    if suffix not in (".pdf", ".html", ".htm"):
        raise DesignError(str(output), ["the output must end in .pdf or .html"])
    options = _sheet_options(paper, pips, pilot, gunnery, piloting)
    inputs = read_inputs(list(files))
    mechs = [resolve(item.design) for item in progress(inputs, "Laying out")]
    document = layout_document(mechs, options)
    data = render_pdf(document) if suffix == ".pdf" else render_html(document).encode()
    write_all({output: data})
    click.echo(f"wrote {output} ({len(mechs)} sheet{'s' if len(mechs) != 1 else ''})", err=True)


@main.command("validate")
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Findings as JSON on stdout.")
@click.option("--warnings/--no-warnings", default=True, help="Show warnings too.")
@bad_input_exits_2
def validate_command(files: tuple[str, ...], as_json: bool, warnings: bool) -> None:
    """Check designs against their ruleset: exit 0 all legal, 1 any illegal, 2 bad input."""
    inputs = read_inputs(list(files))
    report = []
    for item in progress(inputs, "Validating"):
        mech, findings = _checked(item)
        shown = [f for f in findings if warnings or f.severity == "error"]
        report.append((item, mech, findings))
        if not as_json:
            verdict = "legal" if is_legal(findings) else "ILLEGAL"
            click.echo(f"{item.label}: {verdict} ({mech.name}, {mech.ruleset.name})")
            for finding in shown:
                click.echo(f"  {finding}")
    if as_json:
        data = [
            {"input": item.label, "name": mech.name, "legal": is_legal(findings),
             "findings": [f.to_dict() for f in findings]}
            for item, mech, findings in report
        ]
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    sys.exit(0 if all(is_legal(f) for _, _, f in report) else EXIT_ILLEGAL)


@main.command("list")
@click.option("--class", "weight_class", type=click.Choice(["light", "medium", "heavy", "assault"]),
              help="Only this weight class.")
@click.option("--tonnage", type=int, help="Only this tonnage.")
@click.option("--min-tons", type=int, help="At least this many tons.")
@click.option("--max-tons", type=int, help="At most this many tons.")
@click.option("--source", help="Only units whose source contains this text (e.g. 3039).")
@click.option("--min-bv", type=int, help="Battle Value at least this.")
@click.option("--max-bv", type=int, help="Battle Value at most this.")
@click.option("--max-cost", type=int, help="Cost (C-bills) at most this.")
@click.option("--sort", "sort_by", type=click.Choice(["tonnage", "name", "bv", "cost"]),
              default="tonnage", show_default=True)
@bad_input_exits_2
def list_command(weight_class: str | None, tonnage: int | None, min_tons: int | None,
                 max_tons: int | None, source: str | None, min_bv: int | None,
                 max_bv: int | None, max_cost: int | None, sort_by: str) -> None:
    """The units of the bundled library, with Battle Value and cost."""
    rows = [
        (u, *_values(u.path))
        for u in library()
        if (tonnage is None or u.tonnage == tonnage)
        and (source is None or source.lower() in u.source.lower())
        and (min_tons is None or u.tonnage >= min_tons)
        and (max_tons is None or u.tonnage <= max_tons)
        and (weight_class is None or class_of(u.tonnage) == weight_class)
    ]
    rows = [
        (u, bv, price) for u, bv, price in rows
        if (min_bv is None or bv >= min_bv) and (max_bv is None or bv <= max_bv)
        and (max_cost is None or price <= max_cost)
    ]
    keys = {"name": lambda r: (r[0].name,), "bv": lambda r: (r[1], r[0].name),
            "cost": lambda r: (r[2], r[0].name), "tonnage": lambda r: (r[0].tonnage, r[0].name)}
    rows.sort(key=keys[sort_by])
    click.echo(f"{'Model':<18}{'Name':<34}{'Tons':>5}  {'Class':<8}{'BV':>6}{'Cost':>13}")
    for unit, bv, price in rows:
        click.echo(f"{unit.model:<18}{unit.name:<34}{unit.tonnage:>5}  "
                   f"{class_of(unit.tonnage):<8}{bv:>6}{price:>13,}")
    click.echo(f"{len(rows)} units")


def _values(path: Path) -> tuple[int, int]:
    from mechlab.bv import battle_value
    from mechlab.cost import cost
    from mechlab.load import load_design

    mech = resolve(load_design(path))
    return battle_value(mech).base, cost(mech).total


@main.command()
@click.option("--tonnage", "-t", type=int, required=True, help="20–100 in steps of 5.")
@click.option("--walk", "-w", "walking_mp", type=int, required=True, help="Walking MP.")
@click.option("--jump", "-j", "jumping_mp", type=int, default=0, help="Jumping MP.")
@click.option("--chassis", default="Custom", help="Chassis name.")
@click.option("--model", default="", help="Model designation.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the design here (default: stdout).")
@bad_input_exits_2
def new(tonnage: int, walking_mp: int, jumping_mp: int, chassis: str, model: str,
        output: Path | None) -> None:
    """A starter design file for a tonnage and walking speed, legal as written."""
    try:
        design = starter_design(get_ruleset("intro"), tonnage, walking_mp, jumping_mp,
                                chassis, model)
    except StarterError as exc:
        raise DesignError("mechlab new", [str(exc)]) from None
    text = yaml.safe_dump(design, sort_keys=False, allow_unicode=True, width=100)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_all({output: text.encode()})
        click.echo(f"wrote {output}", err=True)


@main.command()
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the schema here (default: stdout).")
@bad_input_exits_2
def schema(output: Path | None) -> None:
    """The JSON Schema of the engine JSON that `build` writes."""
    text = json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        write_all({output: text.encode()})


@main.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the full machine-readable report here ('-' for stdout).")
@bad_input_exits_2
def check(folder: Path, json_path: Path | None) -> None:
    """Validate every design (.yaml, .mtf) under FOLDER and summarise the outcomes.

    Exit 0 when nothing is illegal or unreadable (unsupported technology is reported,
    not failed), 1 otherwise.
    """
    from mechlab.check import check_files, design_files, summary_table

    paths = design_files(folder)
    if len(paths) > 1 and sys.stderr.isatty():
        with click.progressbar(paths, label="Checking", file=sys.stderr) as bar:
            report = check_files(bar)
    else:
        report = check_files(paths)
    text = json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n"
    if json_path is not None and str(json_path) == "-":
        click.echo(text, nl=False)
    else:
        click.echo(summary_table(report))
        if json_path is not None:
            write_all({json_path: text.encode()})
    counts = report.counts()
    sys.exit(0 if counts["illegal"] == 0 and counts["unreadable"] == 0 else EXIT_ILLEGAL)


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--explain", is_flag=True, help="Every step of the calculation.")
@click.option("--gunnery", type=click.IntRange(0, 8), help="Pilot gunnery for adjusted BV.")
@click.option("--piloting", type=click.IntRange(0, 8), help="Pilot piloting for adjusted BV.")
@bad_input_exits_2
def bv(files: tuple[str, ...], explain: bool, gunnery: int | None,
       piloting: int | None) -> None:
    """Battle Value (BV2) and C-bill cost, optionally step by step."""
    from mechlab.bv import battle_value
    from mechlab.bv_report import explain_bv, explain_cost
    from mechlab.cost import cost

    for item in read_inputs(list(files)):
        mech = resolve(item.design)
        value, price = battle_value(mech), cost(mech)
        pilot = item.design.pilot
        g = gunnery if gunnery is not None else (pilot.gunnery if pilot else 4)
        p = piloting if piloting is not None else (pilot.piloting if pilot else 5)
        click.echo(f"{mech.name}: BV {value.base:,}, pilot {g}/{p}: "
                   f"{value.adjusted(mech, g, p):,}; cost {price.total:,} C-bills "
                   f"(dry {price.dry:,})")
        if explain:
            click.echo("\n".join(["", *explain_bv(value), "", *explain_cost(price), ""]))


# Commands defined in their own modules register themselves on `main`.
from mechlab import cli_mtf  # noqa: E402, F401
