"""What every command shares: exit codes, turning bad input into exit 2, progress bars."""

from __future__ import annotations

import functools
import gc
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from mechlab.core.errors import DesignError  # not mechlab.files.load: `list` never imports pydantic
from mechlab.core.text import shown
from mechlab.files.output import Terminated, stop_on_signals

if TYPE_CHECKING:
    from mechlab.force.model import Force
    from mechlab.render.geometry import Page

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")
P = TypeVar("P")  # a page: laid out (`Page`), or drawn ahead for the PDF (`DrawnPage`)

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE
# Echoed user input is clipped: a hostile 100,000-character value gives one short line.
MAX_LINE = 300


def bad_input_exits_2(command: F) -> F:
    """Turn every error a user can cause into its lines on stderr and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with stop_on_signals():  # SIGTERM, SIGHUP…: staged files removed, as for Ctrl-C
                return command(*args, **kwargs)
        except DesignError as exc:
            report_bad_input(exc)
            sys.exit(EXIT_BAD_INPUT)
        except BrokenPipeError:
            # The reader went away (`mechlab list | head`): stop quietly, as Unix tools do.
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing more is written
            sys.exit(EXIT_BROKEN_PIPE)
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(clip(f"mechlab: {where}{exc.strerror or exc}"), err=True)
            sys.exit(EXIT_BAD_INPUT)
        except KeyboardInterrupt:
            # Outputs are staged and renamed only when complete: nothing partial remains.
            click.echo("mechlab: interrupted; no partial file written", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except Terminated as exc:
            click.echo(f"mechlab: stopped by {exc.name}; no partial file written", err=True)
            sys.exit(128 + exc.signum)
        except RecursionError:
            click.echo("mechlab: input nested too deeply to read", err=True)
            sys.exit(EXIT_BAD_INPUT)

    return wrapper  # type: ignore[return-value]  # wraps keeps the signature of F


@contextmanager
def long_lived() -> Iterator[None]:
    """Within the block, everything alive at its start (modules, ruleset tables, the
    designs just read) is out of the cyclic garbage collector's rounds (`gc.freeze`).
    A print run makes ~750 objects a sheet, and every full collection they trigger
    would walk the ~100,000 read ones again (measured on the 282-sheet library: 435 ms
    of collections, 352 ms with this). Reference counting frees objects as ever; at the
    end they rejoin the collector (`gc.unfreeze`), so nothing is kept for good; unless
    the process had frozen what its start-up made (its own run: `mechlab.cli`
    `LazyGroup.__call__`), which ends with the command: what stays frozen is then not
    torn down by the interpreter's last collections either (issue 31: start-up).
    Where something else froze objects first (the program mechlab runs in; Python 3.12
    itself, which starts with a few hundred frozen) the collector is left as it is:
    `gc.unfreeze` would thaw theirs too, and without it what the block froze would stay
    frozen after it."""
    from mechlab.cli import LazyGroup

    if LazyGroup.start_up_frozen:
        gc.freeze()
        yield
        return
    if gc.get_freeze_count() > 0:
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def report_bad_input(exc: DesignError) -> None:
    """Each line of a `DesignError` on stderr, clipped."""
    for line in exc.lines:
        click.echo(clip(f"mechlab: {line}"), err=True)


def clip(line: str, limit: int = MAX_LINE) -> str:
    """At most `limit` characters, what a terminal would act on or cannot print escaped
    (`core/text.py` `shown`; O(n) once, however long the input). A longer line keeps its
    end, where the reason and what to do are: a 300-letter file name cut the line before
    "cannot write: File name too long"."""
    if len(line) > limit * 4:
        line = line[: limit * 2] + line[-limit * 2:]
    line = shown(line)
    if len(line) <= limit:
        return line
    tail = limit // 3
    return line[: limit - 1 - tail] + "…" + line[-tail:]


def require_suffix(output: Path | None, *suffixes: str) -> None:
    """A file written in a format mechlab reads back by its suffix is named for it:
    `export -o x.yaml` wrote a .mtf that no reader takes for YAML (a sheet's or card's
    output is chosen by its suffix, mechlab.writers)."""
    if output is not None and output.suffix.lower() not in suffixes:
        raise DesignError(str(output), [f"the output must end in {' or '.join(suffixes)}"])


def force_option(command: F) -> F:
    """`--force`: replace an existing file that mechlab did not write, or a design file
    (otherwise refused; never an input of the command: mechlab.files.output.Guard)."""
    return click.option("--force", is_flag=True,
                        help="Replace an existing file mechlab did not write (or a design "
                             "file); never one of the inputs.")(command)


def progress(items: Iterable[T], label: str, length: int | None = None) -> Iterable[T]:
    """A progress bar on a terminal for runs of several units; silent otherwise."""
    if length is None and isinstance(items, list):
        length = len(items)
    if (length or 0) > 1 and sys.stderr.isatty():
        with click.progressbar(items, length=length, label=label, file=sys.stderr) as bar:
            yield from bar
    else:
        yield from items


def undrawable_warnings(page: Page) -> list[str]:
    """The warning line of a page with text its font cannot draw (CJK, emoji), if any:
    they would be empty boxes found only in print."""
    from mechlab.render.fonts import undrawable
    from mechlab.render.geometry import Text

    missing = undrawable([(item.text, item.font) for item in page.items
                          if isinstance(item, Text)])
    if not missing:
        return []
    shown = ", ".join(f"{char!r} (U+{ord(char):04X})" for char in missing[:8])
    more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
    return [clip(f"mechlab: warning: {page.title or 'a page'}: the font (Bitstream "
                 f"Vera Sans) has no glyph for {shown}{more}; they print as empty boxes")]


def warn_undrawable(pages: Iterable[P]) -> Iterator[P]:
    """The pages, unchanged; for each page with text its font cannot draw, one warning
    line on stderr. A page drawn ahead (`DrawnPage`) has none: only a page whose every
    character has a fixed glyph is."""
    from mechlab.render.geometry import Page

    for page in pages:
        if isinstance(page, Page):
            for line in undrawable_warnings(page):
                click.echo(line, err=True)
        yield page


def tell_notes(force: Force) -> Force:
    """Say on stderr what of the force file was read but is not used (a unit list's
    damage), one line each, rather than drop it in silence."""
    for note in force.notes:
        click.echo(clip(f"mechlab: warning: {force.source}: {note}"), err=True)
    return force
