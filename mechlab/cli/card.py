"""`mechlab card`: unit cards (trading-card game or Alpha Strike) as PDF, HTML or JSON."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, BinaryIO

import click

from mechlab import writers
from mechlab.assess import Assessment
from mechlab.cards.games import Card, CardGame, game_names, get_game
from mechlab.cli.common import (
    bad_input_exits_2,
    clip,
    force_option,
    progress,
    warn_undrawable,
)
from mechlab.cli.verdict import tell_verdicts
from mechlab.core.errors import DesignError
from mechlab.files.inputs import Input
from mechlab.force.roster import Force, Member, input_paths, read_groups
from mechlab.render.frame import PAPER


class NoCard(DesignError):
    """A unit the game has no card for: left out, and said so, while others have cards."""


def convert(entry: Input | Member, game: CardGame[Any], gunnery: int | None
            ) -> tuple[Card, Assessment]:
    """One unit's card and its assessment. A force file's unit plays at its own pilot's
    gunnery; other units at --gunnery (default 4). A ruleset the game does not apply to
    has no card (`NoCard`)."""
    if isinstance(entry, Member):
        assessed = entry.assessment
        skill: int | None = assessed.mech.ruleset.pilot_skills(entry.pilot)[0]
    else:
        assessed, skill = entry.assess(), gunnery
    refusal = game.refuses(assessed.mech)
    if refusal is not None:
        raise NoCard(entry.label, [refusal])
    return game.convert(assessed, entry.label, skill), assessed


def convert_all(units: list[Input | Member], game: CardGame[Any], gunnery: int | None
                ) -> list[tuple[Input | Member, Card, Assessment]]:
    """Every unit's card; a unit the game has no card for (a 1984 design in Alpha Strike)
    is left out with a line on stderr, unless no unit has a card (bad input, exit 2)."""
    converted: list[tuple[Input | Member, Card, Assessment]] = []
    missing: list[DesignError] = []
    for unit in progress(units, "Converting"):
        try:
            converted.append((unit, *convert(unit, game, gunnery)))
        except NoCard as exc:
            missing.append(exc)
    if missing and not converted:
        raise DesignError.combine(missing)
    for left_out in missing:
        click.echo(clip(f"mechlab: {left_out.source}: left out, no card: "
                        f"{left_out.problems[0]}"), err=True)
    return converted


def entries(groups: list[Force | list[Input]]) -> list[Input | Member]:
    """Every unit in the order given, a force file's units in its order."""
    return [unit for group in groups
            for unit in (group.members if isinstance(group, Force) else group)]


def render(cards: list[Card], game: CardGame[Any], writer: writers.Writer, paper: str,
           handle: BinaryIO) -> None:
    """The cards into `handle`: as data (JSON), or imposed nine to a page (PDF, HTML),
    written page by page as a print run of sheets is."""
    if writer.cards is not None:
        handle.write(writer.cards(cards))
        return
    from mechlab.cards.layout import lay_out

    assert writer.stream is not None
    document = lay_out(cards, paper, game.title, game.layout)
    writer.stream(warn_undrawable(document.pages), document.title, handle)


def _forces_game(groups: list[Force | list[Input]]) -> str:
    """The game force files play (`game: alpha-strike`), when every input is one; else
    `--game` is required (a usage error, exit 2)."""
    if groups and all(isinstance(g, Force) and g.alpha_strike for g in groups):
        return "alpha-strike"
    raise click.UsageError("Missing option '--game' (choose from "
                           f"{', '.join(game_names())}): only force files that say "
                           "game: alpha-strike choose it themselves")


def _suffixes() -> list[str]:
    return [s for w in writers.writers("stream") + writers.writers("cards")
            for s in w.suffixes]


@click.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--game", type=click.Choice(game_names()),
              help="; ".join(f"{name}: {get_game(name).help}" for name in game_names())
              + " (default: alpha-strike when every file is a force file that says "
                "game: alpha-strike; otherwise required).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The file to write: .pdf or .html (nine cards to a page), or .json.")
@click.option("--paper", type=click.Choice(sorted(PAPER)), default="letter", show_default=True,
              help="Page size.")
@click.option("--gunnery", type=click.IntRange(0, 8),
              help="Alpha Strike skill (default 4; a force file's units use their own "
                   "pilots); the point value is adjusted.")
@force_option
@bad_input_exits_2
def card(files: tuple[str, ...], game: str | None, output: Path, paper: str,
         gunnery: int | None, force: bool) -> None:
    """Unit cards for the trading-card game or Alpha Strike, in the given order.

    FILES are design files, library names or force files (force:, units: with a pilot
    each): a force's Alpha Strike cards take each pilot's gunnery as the skill.

    Exit 0: written; 1: written, but a design breaks a rule (named on stderr); 2: bad input
    or a ruleset the game does not apply to, nothing written.
    """
    from mechlab.files.output import Guard, atomic_file

    groups = read_groups(list(files))  # every bad input reported before anything is drawn
    chosen = get_game(game or _forces_game(groups))
    writer = (writers.by_suffix(output.suffix, "cards")
              or writers.by_suffix(output.suffix, "stream"))
    if writer is None:
        raise DesignError(str(output), [f"the output must end in {', '.join(_suffixes())}"])
    if gunnery is not None and not chosen.skill:
        skilled = [name for name in game_names() if get_game(name).skill]
        raise DesignError("--gunnery", ["the skill is an Alpha Strike value; use it with "
                                        + " or ".join(f"--game {n}" for n in skilled)])
    guard = Guard(tuple(input_paths(groups)), force)
    guard.check([output])
    converted = convert_all(entries(groups), chosen, gunnery)
    cards = [card for _, card, _ in converted]
    with atomic_file(output, guard) as handle:
        render(cards, chosen, writer, paper, handle)
    click.echo(clip(f"wrote {output} ({len(cards)} card{'s' if len(cards) != 1 else ''})"),
               err=True)
    # As `build`: the cards are written, and an illegal design makes the exit code 1.
    sys.exit(tell_verdicts((unit.label, assessed) for unit, _, assessed in converted))

