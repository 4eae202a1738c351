"""An assessed 'Mech's Alpha Strike card, converted once: the engine JSON, the force roster
(its summary, page and JSON) and `mechlab card` all read this one card, so a command
converts each design once however many of them print its point value.

The conversion itself is `cards/alpha_strike.py`; this module only keeps its result on the
`Assessment` (`Assessment.derived`) and says when there is none.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mechlab.cards.as_card import AlphaStrikeCard

if TYPE_CHECKING:
    from mechlab.assess import Assessment
    from mechlab.model.mech import Mech


def no_card_reason(mech: Mech) -> str | None:
    """None when the 'Mech has an Alpha Strike card, else why not: its ruleset's book has no
    conversion (the 1984 rules). (`mechlab card`'s own refusal of racks off the Cluster Hits
    Table guards the trading-card conversion, which counts them by it; the Alpha Strike
    conversion of the Standard rules values each weapon by ALPHA_STRIKE.md §5.2 instead.)"""
    from mechlab.cards.alpha_strike import applies
    from mechlab.cards.as_constants import constants

    if not applies(mech):
        return f"the {mech.ruleset.name!r} ruleset has no Alpha Strike conversion"
    design = mech.design
    chosen = {"engine.type": design.engine.type, "armor.type": design.armor.type,
              "cockpit": design.cockpit}
    for path, words in constants().unconverted.items():
        if chosen.get(path) in words:
            return (f"mechlab does not convert {path} {chosen[path]!r} to Alpha Strike yet "
                    "(issue 27)")
    items = constants().unconverted.get("equipment", ())
    item = next((m.item for m in mech.mounts if m.item.weapon.id in items), None)
    if item is not None:
        return f"mechlab does not convert the {item.name} to Alpha Strike yet (issue 27)"
    return None


def why_no_card(mech: Mech) -> str:
    """Why a 'Mech whose card did not convert has none: its components' reason, else the
    weapon the conversion has no values for yet (an Advanced weapon, issue 27)."""
    from mechlab.cards.alpha_strike import alpha_strike_card
    from mechlab.cards.as_weapons import MissingWeaponValues

    reason = no_card_reason(mech)
    if reason is not None:
        return reason
    try:
        alpha_strike_card(mech, mech.name)
    except MissingWeaponValues as missing:
        return f"mechlab does not convert it to Alpha Strike yet: {missing.args[0]} (issue 27)"
    return "no Alpha Strike card"


def _convert(assessed: Assessment) -> AlphaStrikeCard | None:
    from mechlab.cards.alpha_strike import alpha_strike_card
    from mechlab.cards.as_weapons import MissingWeaponValues

    mech = assessed.mech
    if no_card_reason(mech) is not None:
        return None
    try:
        card = alpha_strike_card(mech, mech.name)
    except MissingWeaponValues:  # an Advanced weapon not in the table yet: no card, no crash
        return None
    return replace(card, illegal=assessed.error_codes)


def alpha_strike_of(assessed: Assessment) -> AlphaStrikeCard | None:
    """The skill-4 card (the MUL's), or None where the 'Mech has none (`no_card_reason`)."""
    return assessed.derived("alpha_strike", _convert)


def at_skill(card: AlphaStrikeCard, skill: int, label: str | None = None) -> AlphaStrikeCard:
    """The card played at `skill` (ALPHA_STRIKE.md §8's skill table), labelled `label`."""
    from mechlab.cards.point_value import skill_adjusted

    return replace(card, pv=skill_adjusted(card.base_pv, skill), skill=skill,
                   source=card.source if label is None else label)


def point_value(assessed: Assessment, skill: int) -> int | None:
    """The PV at `skill`, or None where the 'Mech has no card."""
    card = alpha_strike_of(assessed)
    return None if card is None else at_skill(card, skill).pv
