"""`mechlab card`: unit cards (trading-card game or Alpha Strike) as PDF, HTML or JSON."""

from __future__ import annotations

import functools
import itertools
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import click

from mechlab import writers
from mechlab.assess import Assessment
from mechlab.cards.alpha_strike import ConversionUndefined
from mechlab.cards.games import Card, CardGame, game_names, get_game
from mechlab.cli.batch import (
    Skipped,
    jobs_option,
    located_groups,
    nothing_done,
    run,
    tell_skipped,
    workers_for,
)
from mechlab.cli.common import (
    EXIT_BAD_INPUT,
    bad_input_exits_2,
    clip,
    force_option,
    progress,
    warn_undrawable,
)
from mechlab.cli.verdict import tell_lines, verdict_line
from mechlab.core.errors import DesignError
from mechlab.files.inputs import Input, Located, read_input
from mechlab.force.model import Force, Member
from mechlab.force.roster import input_paths
from mechlab.render.frame import PAPER

if TYPE_CHECKING:
    from mechlab.render.geometry import Page


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
    try:
        return game.convert(assessed, entry.label, skill), assessed
    except ConversionUndefined as exc:  # a component or weapon not converted yet (issue 27)
        raise NoCard(entry.label, [str(exc)]) from None


@dataclass(frozen=True)
class Converted:
    """One unit's card and its verdict line (None when legal)."""

    card: Card
    verdict: str | None


@dataclass(frozen=True)
class LeftOut:
    """A unit the game has no card for, and why."""

    source: str
    why: str


def _convert_one(game_name: str, gunnery: int | None, entry: Input | Member | str
                 ) -> Converted | LeftOut:
    """One unit (a design or library name: read here, in a worker with -j)."""
    unit = read_input(entry) if isinstance(entry, str) else entry
    try:
        card, assessed = convert(unit, get_game(game_name), gunnery)
    except NoCard as exc:
        return LeftOut(exc.source, exc.problems[0])
    return Converted(card, verdict_line(unit.label, assessed))


class Converting:
    """The units' cards as they are converted (in workers with -j), in the order given
    (a force file's units in its order); what was left out, skipped or judged on the way.
    A unit the game has no card for (a 1984 design in Alpha Strike) is left out; a unit
    that cannot be judged is skipped."""

    def __init__(self, groups: list[Force | list[Located]], game: str, gunnery: int | None,
                 skipped: list[Skipped], jobs: int | None) -> None:
        self.groups, self.game, self.gunnery, self.jobs = groups, game, gunnery, jobs
        self.skipped = skipped
        self.missing: list[LeftOut] = []
        self.verdicts: list[str | None] = []
        self.converted = 0

    def cards(self) -> Iterator[Card]:
        """Each card as soon as its unit is converted: the file is written meanwhile."""
        for group in self.groups:
            work = functools.partial(_convert_one, self.game, self.gunnery)
            # A force's units are read and judged already; other units are read in their
            # turn (in the workers with -j: a unit's design is not sent to them).
            units: list[Member | str]
            if isinstance(group, Force):
                units, parallel = list(group.members), False
            else:
                parallel = workers_for(self.jobs, len(group)) > 0
                units = [i.arg for i in group]
            labels = [u if isinstance(u, str) else u.label for u in units]
            jobs_here = self.jobs if parallel else 1
            for result in progress(run(work, units, labels, jobs_here), "Converting",
                                   len(units)):
                if isinstance(result, Skipped):
                    self.skipped.append(result)
                elif isinstance(result, LeftOut):
                    self.missing.append(result)
                else:
                    self.verdicts.append(result.verdict)
                    self.converted += 1
                    yield result.card

    def nothing_converted(self) -> DesignError:
        """No unit has a card: every reason (bad input, exit 2; nothing is written)."""
        if self.missing:
            return DesignError.combine([NoCard(m.source, [m.why]) for m in self.missing]
                                       + [s.error() for s in self.skipped])
        return nothing_done(self.skipped)

    def tell_left_out(self) -> None:
        for left_out in self.missing:
            click.echo(clip(f"mechlab: {left_out.source}: left out, no card: {left_out.why}"),
                       err=True)


def render(converting: Converting, game: CardGame[Any], writer: writers.Writer, paper: str,
           handle: BinaryIO) -> int:
    """The cards into `handle` as they come: as data (JSON), or imposed nine to a page
    (PDF, HTML), each page written once its nine are converted (with -j, while the
    workers convert the next), as a print run of sheets is. The cards written."""
    if writer.cards is not None:
        cards = list(converting.cards())
        if not cards:
            raise converting.nothing_converted()
        handle.write(writer.cards(cards))
        return len(cards)
    assert writer.stream is not None
    pages = warn_undrawable(_card_pages(converting, game, paper))
    # The first page's nine cards before the writer starts: the workers fork after the
    # first unit, and the writer's imports (ReportLab, ~50 ms) are then the command's
    # own work beside theirs, not before it (issue 31): they draw nothing.
    first = next(pages)
    writer.stream(itertools.chain([first], pages), game.title, handle)
    return converting.converted


def _card_pages(converting: Converting, game: CardGame[Any], paper: str) -> Iterator[Page]:
    """Pages of nine cards, in order; no card at all: bad input, before the file is done."""
    batch: list[Card] = []
    for card in converting.cards():
        batch.append(card)
        if len(batch) == _per_page():
            yield from _imposed(batch, game, paper)
            batch = []
    if not converting.converted:
        raise converting.nothing_converted()
    yield from _imposed(batch, game, paper)


def _per_page() -> int:
    """Cards to a page. The card layout (and with it the fonts and ReportLab) is imported
    once a card has come: with -j, after the workers forked, who lay out nothing."""
    from mechlab.cards.layout import COLUMNS, ROWS

    return COLUMNS * ROWS


def _imposed(batch: list[Card], game: CardGame[Any], paper: str) -> tuple[Page, ...]:
    """A page of (at most) nine cards, as `lay_out` imposes a whole run's."""
    from mechlab.cards.layout import impose

    return impose([game.layout(card) for card in batch], paper, game.title).pages


def _forces_game(groups: list[Force | list[Located]]) -> str:
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
@jobs_option
@force_option
@bad_input_exits_2
def card(files: tuple[str, ...], game: str | None, output: Path, paper: str,
         gunnery: int | None, jobs: int | None, force: bool) -> None:
    """Unit cards for the trading-card game or Alpha Strike, in the given order.

    FILES are design files, library names or force files (force:, units: with a pilot
    each): a force's Alpha Strike cards take each pilot's gunnery as the skill.

    Exit 0: written; 1: written, but a design breaks a rule (named on stderr); 2: a unit
    that cannot be read or judged was skipped, or one the game has no card for was left
    out (one line each, the others' cards written; nothing is written if no unit has a
    card). The worst code wins.
    """
    from mechlab.files.output import Guard, atomic_file

    # A unit that cannot be read is skipped, said in one line, and the run exits 2.
    groups, skipped = located_groups(files)
    if not groups:
        raise nothing_done(skipped)
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
    converting = Converting(groups, chosen.name, gunnery, skipped, jobs)
    with atomic_file(output, guard) as handle:
        cards = render(converting, chosen, writer, paper, handle)
    converting.tell_left_out()
    click.echo(clip(f"wrote {output} ({cards} card{'s' if cards != 1 else ''})"), err=True)
    # As `build` and `sheet` (issue 31): the cards are written, an illegal design makes
    # the exit code 1, and a unit skipped or left out without a card makes it 2, as it
    # does alone: the worst code wins.
    code = tell_lines(converting.verdicts)
    tell_skipped(skipped)
    sys.exit(EXIT_BAD_INPUT if skipped or converting.missing else code)

