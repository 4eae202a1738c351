"""What every command shares: exit codes, turning bad input into exit 2, progress bars."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import click

from mechlab.inputs import Input
from mechlab.load import DesignError

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
