"""The cards JSON (`"format": "mechlab-cards"`) as pydantic models: one definition gives both
the document and its published JSON Schema (`mechlab schema --cards`)."""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from mechlab.cards.as_card import AlphaStrikeCard
from mechlab.cards.ccg import CcgCard

FORMAT = "mechlab-cards"
FORMAT_VERSION = 1


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CostData(_Out):
    base: int
    assets: str  # asset costs as printed ("+1A+1M"); mechlab's conversion gives none: ""


class OptionData(_Out):
    """`{"name": "Jump"}`, `{"name": "Overheat", "x": 1, "y": 1}`, `{"name": "Alpha Strike",
    "y": 2}`, `{"name": "Missile", "n": 1}`: only the numbers an option has are written."""

    name: Literal["Overheat", "Alpha Strike", "Missile", "Jump"]
    x: int | None = None
    y: int | None = None
    n: int | None = None


class CcgCardData(_Out):
    game: Literal["ccg"]
    chassis: str
    model: str
    source: str
    ruleset: str
    # Absent when the ruleset has no Battle Value: the cost is never invented.
    cost: CostData | None = None
    speed: Literal["slow", "moderate", "fast"]
    attack: int
    armor: int
    structure: int
    options: list[OptionData]
    conversion: Literal["mechlab"]


class AlphaStrikeCardData(_Out):
    game: Literal["alpha-strike"]
    chassis: str
    model: str
    source: str
    ruleset: str
    type: Literal["BM", "IM"]  # BattleMech, IndustrialMech
    sz: int
    mv: str  # 8"  8"j  14"/10"j  12"/10"s (UMU)  12"qt (QuadVee)
    tmm: int
    s: str  # "2", "0*"
    m: str
    l: str  # noqa: E741 — the card's own name for the long band
    ov: int
    armor: int
    structure: int
    specials: list[str]  # MUL order: ["AC2/2/-", "IF1", "LRM1/1/1", "REAR1/1/-"]
    pv: int
    role: str | None
    skill: int


Card = Annotated[CcgCardData | AlphaStrikeCardData, Field(discriminator="game")]


class CardsDocument(_Out):
    format: Literal["mechlab-cards"]
    format_version: Literal[1]
    cards: list[Card]


def ccg_data(card: CcgCard) -> CcgCardData:
    return CcgCardData(
        game="ccg", chassis=card.chassis, model=card.model, source=card.source,
        ruleset=card.ruleset,
        cost=None if card.cost is None else CostData(base=card.cost, assets=card.assets),
        speed=card.speed,  # type: ignore[arg-type]  # the conversion's speeds are the schema's
        attack=card.attack, armor=card.armor,
        structure=card.structure,
        options=[OptionData(name=o.name,  # type: ignore[arg-type]  # Option names: the schema's
                            x=o.x, y=o.y, n=o.n)
                 for o in card.options],
        conversion="mechlab")


def alpha_strike_data(card: AlphaStrikeCard) -> AlphaStrikeCardData:
    return AlphaStrikeCardData(
        game="alpha-strike", chassis=card.chassis, model=card.model, source=card.source,
        ruleset=card.ruleset, type=card.type, sz=card.sz,  # type: ignore[arg-type]  # BM or IM
        mv=card.mv, tmm=card.tmm, s=str(card.s),
        m=str(card.m), l=str(card.l), ov=card.ov, armor=card.armor, structure=card.structure,
        specials=list(card.specials), pv=card.pv, role=card.role, skill=card.skill)


def _card_dict(card: CcgCard | AlphaStrikeCard) -> dict[str, object]:
    if isinstance(card, AlphaStrikeCard):
        return alpha_strike_data(card).model_dump(mode="json")
    model = ccg_data(card)
    data = model.model_dump(mode="json")
    data["options"] = [option.model_dump(exclude_none=True) for option in model.options]
    if model.cost is None:
        del data["cost"]  # no Battle Value, no cost: never an invented number
    return data


def cards_json(cards: list[CcgCard | AlphaStrikeCard]) -> str:
    """The document's text: stable key order, two-space indent, final newline."""
    document = {"format": FORMAT, "format_version": FORMAT_VERSION,
                "cards": [_card_dict(card) for card in cards]}
    CardsDocument.model_validate(document)  # what we write is what the schema says
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def cards_schema() -> dict[str, object]:
    schema = CardsDocument.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://mechlab.invalid/schema/cards-v{FORMAT_VERSION}.json"
    return schema
