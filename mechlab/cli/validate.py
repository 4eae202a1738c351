"""`mechlab validate` and `mechlab check`: verdicts, one file or a folder."""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from mechlab.cli.batch import Skipped, jobs_option, run
from mechlab.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_ILLEGAL,
    bad_input_exits_2,
    clip,
    force_option,
    progress,
    report_bad_input,
)
from mechlab.cli.verdict import tell_lines, verdict_line
from mechlab.core.errors import DesignError
from mechlab.files.inputs import read_input
from mechlab.files.output import Guard, write_all
from mechlab.rulesets import Ruleset, UnknownRulesetError, get_ruleset

if TYPE_CHECKING:
    from mechlab.assess import Assessment
    from mechlab.check import CheckReport

RULESET_HELP = ("Judge every design under this ruleset (intro, battledroids, or an alias) "
                "instead of the one it names.")


def ruleset_option(name: str | None) -> Ruleset | None:
    """The ruleset a `--ruleset` option names, or None for each design's own."""
    if name is None:
        return None
    try:
        return get_ruleset(name)
    except UnknownRulesetError as exc:
        raise DesignError("--ruleset", [str(exc)]) from None


# Findings printed per design on the terminal; --json has them all.
MAX_SHOWN = 30


@click.command("validate")
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Findings as JSON on stdout.")
@click.option("--warnings/--no-warnings", default=True, help="Show warnings too.")
@click.option("--ruleset", "ruleset_name", help=RULESET_HELP)
@jobs_option
@bad_input_exits_2
def validate_command(files: tuple[str, ...], as_json: bool, warnings: bool,
                     ruleset_name: str | None, jobs: int | None) -> None:
    """Check designs against their ruleset: exit 0 all legal, 1 any illegal, 2 bad input.

    A file that cannot be read does not stop the others: they are judged, then exit 2.
    """
    ruleset_option(ruleset_name)  # an unknown name: bad input before anything is read
    work = functools.partial(_judge, ruleset_name, warnings, as_json)
    errors: list[DesignError] = []
    data: list[dict[str, object]] = []
    verdicts: list[str | None] = []
    for result in progress(run(work, files, files, jobs), "Validating", len(files)):
        if isinstance(result, Skipped):
            errors.append(result.error())
            continue
        verdicts.append(result.verdict)
        if as_json:
            data.append(result.data)
        else:
            click.echo(result.text)
    if as_json:
        import json  # only for --json: a verdict's start-up does without it (issue 31)

        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    illegal = tell_lines(verdicts) != 0
    if errors:
        report_bad_input(DesignError.combine(errors))
    sys.exit(exit_code(bad_input=bool(errors), illegal=illegal))


def rules_level_fields(assessed: Assessment) -> dict[str, object]:
    """Issue 26: the computed rules level, what sets it, and a file's declared level."""
    level = assessed.rules_level
    fields: dict[str, object] = {"rules_level": level.level,
                                 "rules_level_set_by": list(level.set_by)}
    if level.in_year is not None:  # IO pp. 33-34: each part at its stage in the year
        fields["rules_level_in_year"] = level.in_year
    if assessed.declared_rules_level is not None:
        fields["declared_rules_level"] = assessed.declared_rules_level
    return fields


@dataclass(frozen=True)
class Judged:
    """One design's verdict: its lines for the terminal, its JSON and its verdict line."""

    text: str
    data: dict[str, object]  # empty unless asked for (--json)
    verdict: str | None


def _judge(ruleset_name: str | None, warnings: bool, as_json: bool, arg: str) -> Judged:
    item = read_input(arg)
    assessed = item.assess(ruleset_option(ruleset_name))
    mech, findings = assessed.mech, assessed.findings
    shown = [f for f in findings if warnings or f.severity == "error"]
    verdict = "legal" if assessed.legal else "ILLEGAL"
    lines = [clip(f"{item.label}: {verdict} ({mech.name}, {mech.ruleset.name})"),
             *(finding.display() for finding in shown[:MAX_SHOWN])]
    if len(shown) > MAX_SHOWN:
        lines.append(f"  … and {len(shown) - MAX_SHOWN} more findings (--json lists all)")
    # The rules level reads the Standard tables and the progression (levels.py): only the
    # JSON shows it, so an Introductory design's verdict never loads them (issue 31).
    data: dict[str, object] = {
        "input": item.label, "name": mech.name, "ruleset": mech.ruleset.name,
        "legal": assessed.legal, **rules_level_fields(assessed),
        "findings": [f.to_dict() for f in findings]} if as_json else {}
    return Judged("\n".join(lines), data, verdict_line(item.label, assessed))


def exit_code(bad_input: bool, illegal: bool) -> int:
    """`validate` and `check` alike: 2 if any input could not be judged, else 1 if any
    design breaks a rule, else 0."""
    if bad_input:
        return EXIT_BAD_INPUT
    return EXIT_ILLEGAL if illegal else 0


@click.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the full machine-readable report here ('-' for stdout).")
@jobs_option
@force_option
@bad_input_exits_2
def check(folder: Path, json_path: Path | None, jobs: int | None, force: bool) -> None:
    """Validate every design (.yaml, .mtf) under FOLDER and summarise the outcomes.

    Exit codes as `validate`: 2 when a design is unreadable or uses unsupported
    technology (it cannot be judged), else 1 when one is illegal, else 0.
    """
    from mechlab.check import CheckReport, check_file, design_files, summary_table

    paths = design_files(folder)
    guard = Guard(tuple(paths), force)
    if json_path is not None and str(json_path) != "-":
        guard.check([json_path])
    report = CheckReport()
    labels = [str(path) for path in paths]
    for result in progress(run(check_file, paths, labels, jobs), "Checking", len(paths)):
        assert not isinstance(result, Skipped)  # check_file reports every file's outcome
        report.results.append(result)
    # The JSON report only when asked for (`--json`): encoding every file's outcome is
    # serial work after the workers are done (issue 31: -j 2).
    if json_path is not None and str(json_path) == "-":
        click.echo(_report_json(report), nl=False)
    else:
        click.echo(summary_table(report))
        if json_path is not None:
            write_all({json_path: _report_json(report).encode()}, guard)
            click.echo(clip(f"wrote {json_path}"), err=True)
    counts = report.counts()
    sys.exit(exit_code(bad_input=counts["unreadable"] + counts["unsupported"] > 0,
                       illegal=counts["illegal"] > 0))


def _report_json(report: CheckReport) -> str:
    import json

    return json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n"
