"""`mechlab card`: unit cards (trading-card game or Alpha Strike) as PDF, HTML or JSON."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

import click

from mechlab.cli.common import (
    EXIT_ILLEGAL,
    bad_input_exits_2,
    force_option,
    progress,
    warn_undrawable,
)
from mechlab.force import Force, Member, input_paths, read_groups
from mechlab.inputs import Input
from mechlab.load import DesignError
from mechlab.sheet.frame import PAPER

GAMES = ("ccg", "alpha-strike")
SUFFIXES = (".pdf", ".html", ".htm", ".json")


def convert(entry: Input | Member, game: str, gunnery: int | None) -> tuple[object, bool]:
    """One unit's card and whether its design is legal. A force file's unit plays at its
    own pilot's gunnery; other units at --gunnery (default 4). A ruleset the game does not
    apply to is bad input (exit 2)."""
    from mechlab.cards import alpha_strike, ccg
    from mechlab.cli.validate import checked
    from mechlab.validate import Severity, is_legal, validate

    if isinstance(entry, Member):
        mech, findings = entry.mech, validate(entry.mech)
        skill = mech.ruleset.pilot_skills(entry.pilot)[0]
    else:
        (mech, findings), skill = checked(entry), gunnery
    legal = is_legal(findings)
    if not legal:
        errors = [f for f in findings if f.severity is Severity.ERROR]
        # A printed design's known violations still count: name one if nothing else is wrong.
        first = next((f for f in errors if not f.waived), errors[0])
        click.echo(f"mechlab: {entry.label}: not legal under {mech.ruleset.name} ({first}); "
                   "its card shows the design as written", err=True)
    if game == "ccg":
        return ccg.ccg_card(mech, entry.label), legal
    if not alpha_strike.applies(mech):
        raise NoCard(entry.label, [
            f"the Alpha Strike conversion is not defined for the {mech.ruleset.name!r} ruleset "
            "(RULES.md §6 converts standard 'Mechs); use --game ccg"])
    return alpha_strike.alpha_strike_card(mech, entry.label, skill), legal


class NoCard(DesignError):
    """A unit the game has no card for: left out, and said so, while others have cards."""


def convert_all(units: list[Input | Member], game: str, gunnery: int | None
                ) -> list[tuple[object, bool]]:
    """Every unit's card; a unit the game has no card for (a 1984 design in Alpha Strike)
    is left out with a line on stderr, unless no unit has a card (bad input, exit 2)."""
    converted, missing = [], []
    for unit in progress(units, "Converting"):
        try:
            converted.append(convert(unit, game, gunnery))
        except NoCard as exc:
            missing.append(exc)
    if missing and not converted:
        raise DesignError.combine(list(missing))
    for left_out in missing:
        click.echo(f"mechlab: {left_out.source}: left out, no card: {left_out.problems[0]}",
                   err=True)
    return converted


def entries(groups: list[Force | list[Input]]) -> list[Input | Member]:
    """Every unit in the order given, a force file's units in its order."""
    return [unit for group in groups
            for unit in (group.members if isinstance(group, Force) else group)]


def render(cards: list[object], game: str, suffix: str, paper: str,
           handle: BinaryIO) -> None:
    """The cards into `handle`: JSON, or pages of nine (PDF and HTML written page by page,
    as a print run of sheets)."""
    from mechlab.cards.export import cards_json

    if suffix == ".json":
        handle.write(cards_json(cards).encode())  # type: ignore[arg-type]
        return
    from mechlab.cards.as_layout import alpha_strike_layout
    from mechlab.cards.ccg_layout import ccg_layout
    from mechlab.cards.layout import lay_out

    card_layout = ccg_layout if game == "ccg" else alpha_strike_layout
    title = "Trading cards" if game == "ccg" else "Alpha Strike cards"
    document = lay_out(cards, paper, title, card_layout)  # type: ignore[arg-type]
    pages = warn_undrawable(document.pages)
    if suffix == ".pdf":
        from mechlab.sheet.pdf import open_pdf

        pdf = open_pdf(handle, title)
        for page in pages:
            pdf.add(page)
        pdf.close()
    else:
        from mechlab.sheet.svg import write_html

        write_html(pages, title, handle)


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--game", type=click.Choice(GAMES), required=True,
              help="ccg: the trading-card game (mechlab's conversion); alpha-strike: the "
                   "official Alpha Strike conversion.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The file to write: .pdf or .html (nine cards to a page), or .json.")
@click.option("--paper", type=click.Choice(sorted(PAPER)), default="letter", show_default=True,
              help="Page size.")
@click.option("--gunnery", type=click.IntRange(0, 8),
              help="Alpha Strike skill (default 4; a force file's units use their own "
                   "pilots); the point value is adjusted.")
@force_option
@bad_input_exits_2
def card(files: tuple[str, ...], game: str, output: Path, paper: str,
         gunnery: int | None, force: bool) -> None:
    """Unit cards for the trading-card game or Alpha Strike, in the given order.

    FILES are design files, library names or force files (force:, units: with a pilot
    each): a force's Alpha Strike cards take each pilot's gunnery as the skill.

    Exit 0: written; 1: written, but a design breaks a rule (named on stderr); 2: bad input
    or a ruleset the game does not apply to, nothing written.
    """
    from mechlab.output import Guard, atomic_file

    suffix = output.suffix.lower()
    if suffix not in SUFFIXES:
        raise DesignError(str(output), ["the output must end in .pdf, .html or .json"])
    if gunnery is not None and game != "alpha-strike":
        raise DesignError("--gunnery", ["the skill is an Alpha Strike value; "
                                        "use it with --game alpha-strike"])
    groups = read_groups(list(files))  # every bad input reported before anything is drawn
    guard = Guard(tuple(input_paths(groups)), force)
    guard.check([output])
    converted = convert_all(entries(groups), game, gunnery)
    cards = [card for card, _ in converted]
    with atomic_file(output, guard) as handle:
        render(cards, game, suffix, paper, handle)
    click.echo(f"wrote {output} ({len(cards)} card{'s' if len(cards) != 1 else ''})", err=True)
    # As `build`: the cards are written, and an illegal design makes the exit code 1.
    sys.exit(0 if all(legal for _, legal in converted) else EXIT_ILLEGAL)

