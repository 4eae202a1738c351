"""One verdict policy for every command that reads a design (issue 18): an illegal design
gets one line on stderr naming it and its first error codes, and the command exits 1
after writing its outputs (0 when every design is legal)."""

from __future__ import annotations

from collections.abc import Iterable

import click

from mechlab.assess import Assessment
from mechlab.cli.common import EXIT_ILLEGAL, clip

SHOWN_CODES = 5  # codes named on the line; the rest counted


def illegal_line(label: str, assessed: Assessment) -> str:
    """`mechlab: my.yaml: ILLEGAL under intro: E-ARMOR-CAP, E-TONNAGE-OVER (+2 more)`; a
    printed design's known violation is marked `E-TONNAGE-OVER [known (as printed)]`."""
    codes = assessed.error_codes
    known = {f.code for f in assessed.errors if f.waived}
    named = ", ".join(code + (" [known (as printed)]" if code in known else "")
                      for code in codes[:SHOWN_CODES])
    more = f" (+{len(codes) - SHOWN_CODES} more)" if len(codes) > SHOWN_CODES else ""
    return clip(f"mechlab: {label}: ILLEGAL under {assessed.mech.ruleset.name}: {named}{more}")


def verdict_line(label: str, assessed: Assessment) -> str | None:
    """The line an illegal design gets, None for a legal one: what a long print run keeps
    of each unit (not the unit itself) until it tells the verdicts."""
    return None if assessed.legal else illegal_line(label, assessed)


def tell_lines(lines: Iterable[str | None]) -> int:
    """Each verdict line on stderr; the exit code (1 if there is any)."""
    code = 0
    for line in lines:
        if line is not None:
            click.echo(line, err=True)
            code = EXIT_ILLEGAL
    return code


def tell_verdicts(judged: Iterable[tuple[str, Assessment]]) -> int:
    """The line of every illegal design on stderr; the exit code (1 if any is illegal)."""
    return tell_lines(verdict_line(label, assessed) for label, assessed in judged)
