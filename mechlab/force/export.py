"""A force as JSON (`mechlab force FILE --json`; `"format": "mechlab-force"`): each unit
with its pilot, verdict, BV and skill-adjusted BV and its Alpha Strike PV at skill 4 and at
the pilot's skill, and the force's totals. Pydantic models give the document and its JSON
Schema (`mechlab schema --force`). Numbers are null where a unit's ruleset defines none,
never invented; a total sums the units that have the number and names those left out."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict

from mechlab.cards.assessed import alpha_strike_of, at_skill
from mechlab.force.model import Force, Game, Member

FORMAT: Literal["mechlab-force"] = "mechlab-force"
FORMAT_VERSION: Literal[1] = 1


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PilotData(_Out):
    name: str
    gunnery: int
    piloting: int


class UnitData(_Out):
    unit: str  # as the force file names it
    chassis: str
    model: str
    tonnage: int
    ruleset: str
    legal: bool
    error_codes: list[str]
    pilot: PilotData
    battle_value: int | None  # BV2; null where the ruleset has none (the 1984 rules)
    battle_value_pilot: int | None  # at the pilot's gunnery and piloting
    point_value: int | None  # Alpha Strike PV at skill 4 (the MUL's); null: no conversion
    point_value_pilot: int | None  # at the pilot's gunnery (ALPHA_STRIKE.md §8)


class Totals(_Out):
    units: int
    tonnage: int
    illegal: int  # units whose design breaks a rule
    battle_value: int | None  # the sum over the units that have one; null if none has
    battle_value_pilot: int | None
    point_value_pilot: int | None
    without_battle_value: list[str]  # units the BV totals leave out
    without_point_value: list[str]  # units the PV total leaves out


class ForceDocument(_Out):
    format: Literal["mechlab-force"]
    format_version: Literal[1]
    force: str
    game: Game  # classic (BV and record sheets) or alpha-strike (PV and cards)
    units: list[UnitData]
    totals: Totals


def unit_data(member: Member) -> UnitData:
    assessed, mech = member.assessment, member.mech
    gunnery, piloting = mech.ruleset.pilot_skills(member.pilot)
    values, card = assessed.values, alpha_strike_of(assessed)
    return UnitData(
        unit=member.label, chassis=mech.design.chassis, model=mech.design.model,
        tonnage=mech.tonnage, ruleset=mech.ruleset.name, legal=assessed.legal,
        error_codes=list(assessed.error_codes),
        pilot=PilotData(name=member.pilot.name, gunnery=gunnery, piloting=piloting),
        battle_value=values.bv if values else None,
        battle_value_pilot=assessed.adjusted_bv(gunnery, piloting),
        point_value=card.pv if card else None,
        point_value_pilot=at_skill(card, gunnery).pv if card else None)


def _total(numbers: list[int | None]) -> int | None:
    known = [n for n in numbers if n is not None]
    return sum(known) if known else None


def force_document(force: Force) -> ForceDocument:
    units = [unit_data(member) for member in force.members]
    names = [f"{u.chassis} {u.model}" for u in units]
    return ForceDocument(
        format=FORMAT, format_version=FORMAT_VERSION, force=force.name, game=force.game,
        units=units,
        totals=Totals(
            units=len(units), tonnage=sum(u.tonnage for u in units),
            illegal=sum(not u.legal for u in units),
            battle_value=_total([u.battle_value for u in units]),
            battle_value_pilot=_total([u.battle_value_pilot for u in units]),
            point_value_pilot=_total([u.point_value_pilot for u in units]),
            without_battle_value=[n for n, u in zip(names, units, strict=True)
                                  if u.battle_value is None],
            without_point_value=[n for n, u in zip(names, units, strict=True)
                                 if u.point_value is None]))


def force_json(force: Force) -> str:
    """The document's text: stable key order, two-space indent, final newline."""
    data = force_document(force).model_dump(mode="json")
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def force_schema() -> dict[str, object]:
    schema = ForceDocument.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://mechlab.invalid/schema/force-v{FORMAT_VERSION}.json"
    return schema
