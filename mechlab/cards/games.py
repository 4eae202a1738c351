"""The card-game registry: every game mechlab makes unit cards for, found by name
(`mechlab card --game NAME`). A new game is one module (its conversion and its layout)
and one `register` call here; the command's choices and help follow.

A game converts an assessed 'Mech (its verdict and values computed once) into its card,
lays a card out, and says when its conversion does not apply to a ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from mechlab.cards.as_card import AlphaStrikeCard
from mechlab.cards.ccg import CcgCard

if TYPE_CHECKING:
    from mechlab.assess import Assessment
    from mechlab.cards.layout import CardLayout
    from mechlab.model.mech import Mech

Card = CcgCard | AlphaStrikeCard  # every card type; the cards JSON holds any mix
C = TypeVar("C", CcgCard, AlphaStrikeCard)


@dataclass(frozen=True)
class CardGame(Generic[C]):
    name: str  # as `--game` takes it
    help: str  # one line for `mechlab card --help`
    title: str  # the printed document's title
    # (assessed 'Mech, label, skill or None) → card; the skill only where `skill` is True
    convert: Callable[[Assessment, str, int | None], C]
    layout: Callable[[C], CardLayout]
    # None when the game converts this 'Mech's ruleset, else why not (bad input, exit 2)
    refusal: Callable[[Mech], str | None]
    skill: bool = False  # takes a pilot skill (`--gunnery`)
    # The unit types (a design's `unit:`) the conversion covers; another is refused.
    unit_types: frozenset[str] = frozenset({"battlemech"})

    def refuses(self, mech: Mech) -> str | None:
        """Why this game makes no card of `mech` (its unit type, then `refusal`), or None."""
        if mech.unit_type not in self.unit_types:
            return (f"{self.title} cover {', '.join(sorted(self.unit_types))} units, not "
                    f"{mech.unit_type} units yet")
        return self.refusal(mech)


_GAMES: dict[str, CardGame[Any]] = {}


def register(game: CardGame[Any]) -> CardGame[Any]:
    _GAMES[game.name] = game
    return game


def game_names() -> list[str]:
    return list(_GAMES)


def get_game(name: str) -> CardGame[Any]:
    return _GAMES[name]


# The games mechlab ships ------------------------------------------------------------


def _ccg(assessed: Assessment, label: str, skill: int | None) -> CcgCard:
    from mechlab.cards.ccg import ccg_card

    return ccg_card(assessed, label)


def _ccg_layout(card: CcgCard) -> CardLayout:
    from mechlab.cards.ccg_layout import ccg_layout  # the drawing stack only when drawn

    return ccg_layout(card)


def _cluster_refusal(game: str, mech: Mech) -> str | None:
    """A rack the conversion cannot count (bad input for this game, exit 2, no card)."""
    from mechlab.cards.alpha_strike import off_cluster_table
    from mechlab.cards.as_constants import constants

    racks = off_cluster_table(mech)
    if not racks:
        return None
    sizes = ", ".join(map(str, sorted(constants().cluster_hits_on_7)))
    return (f"the {game} conversion cannot count {', '.join(racks)} yet (its cluster table "
            f"has racks of {sizes}); mechlab validate and sheet take the design")


def _ccg_refusal(mech: Mech) -> str | None:
    """A rack off the cluster table, or a weapon whose Alpha Strike values (the trading
    card's inputs, RULES.md §5.2) mechlab has not yet (an Advanced weapon, issue 27)."""
    from mechlab.cards.as_variants import alpha_strike_rules
    from mechlab.cards.as_weapons import MissingWeaponValues

    racks = _cluster_refusal("trading-card", mech)
    if racks is not None:
        return racks
    from mechlab.cards.ccg import rules

    modes = rules().unconverted_configurations.get(mech.design.config)
    if modes is not None:  # lane lam: RULES.md §5.2 gives a unit one speed
        return (f"the trading-card conversion has no card for {modes} (one speed a unit); "
                "mechlab card --game alpha-strike, validate and sheet take the design")
    try:
        alpha_strike_rules(mech.ruleset).alpha_strike_unit(mech)
    except MissingWeaponValues as missing:
        return (f"the trading-card conversion has {missing.args[0]} yet (issue 27); "
                "mechlab validate and sheet take the design")
    return None


def _alpha_strike(assessed: Assessment, label: str, skill: int | None) -> AlphaStrikeCard:
    from mechlab.cards.alpha_strike import ConversionUndefined
    from mechlab.cards.assessed import alpha_strike_of, at_skill, why_no_card

    card = alpha_strike_of(assessed)  # converted once, whatever else prints it
    if card is None:
        raise ConversionUndefined(why_no_card(assessed.mech))
    return at_skill(card, card.skill if skill is None else skill, label)


def _alpha_strike_layout(card: AlphaStrikeCard) -> CardLayout:
    from mechlab.cards.as_layout import alpha_strike_layout

    return alpha_strike_layout(card)


def _alpha_strike_refusal(mech: Mech) -> str | None:
    from mechlab.cards.alpha_strike import applies

    if applies(mech):
        # No rack check: the Standard conversion values each launcher by ALPHA_STRIKE.md
        # §5.2's table, and the Introductory racks are all on the Cluster Hits Table.
        return None
    return (f"the Alpha Strike conversion is not defined for the {mech.ruleset.name!r} "
            "ruleset (RULES.md §6 converts standard 'Mechs); use --game ccg")


# Both convert IndustrialMechs: Alpha Strike as type IM (alpha_strike.yaml), the trading
# card from the same inputs as a BattleMech's (RULES.md §5.2 needs nothing they lack).
_MECHS = frozenset({"battlemech", "industrialmech"})
register(CardGame("ccg", "the trading-card game (mechlab's conversion)", "Trading cards",
                  _ccg, _ccg_layout, _ccg_refusal, unit_types=_MECHS))
register(CardGame("alpha-strike", "the official Alpha Strike conversion",
                  "Alpha Strike cards", _alpha_strike, _alpha_strike_layout,
                  _alpha_strike_refusal, skill=True, unit_types=_MECHS))
