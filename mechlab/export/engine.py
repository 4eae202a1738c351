"""Mech → the JSON that game engines load (`mechlab build` writes `X.json`).

Deterministic: the same design gives byte-identical JSON (fixed key order, no
timestamps, exact half-ton weights).
"""

from __future__ import annotations

import json
from typing import Any

from mechlab.assess import Assessment
from mechlab.core.record import dump
from mechlab.core.state import DamageState
from mechlab.core.tons import json_tons
from mechlab.export import schema as s
from mechlab.export.engine_gear import slot_refs, slots_and_gear
from mechlab.model.mech import Mech
from mechlab.model.movement import movement
from mechlab.values.bv_report import bv_dict


def engine_unit(assessed: Assessment, state: DamageState | None = None) -> s.EngineUnit:
    """The engine JSON's model of an assessed 'Mech: what it is, how it is built, where
    its slots and weapons are, its values, and what it has lost in play when a `state` is
    given (the schema fixes the key order)."""
    mech = assessed.mech
    pilot = mech.design.pilot
    gunnery, piloting = mech.ruleset.pilot_skills(pilot)
    return s.EngineUnit(
        **_identity(assessed),
        **_construction(mech),
        **slots_and_gear(mech),
        pilot=s.PilotData(name=pilot.name if pilot else "", gunnery=gunnery, piloting=piloting),
        **_values(assessed, gunnery, piloting),
        alpha_strike=_alpha_strike(assessed, gunnery),
        state=None if state is None else s.StateData.model_validate(
            state.model_dump(mode="json")),
    )


def _identity(assessed: Assessment) -> dict[str, Any]:
    """The format, the names, the ruleset's words for the design, and the verdict."""
    mech = assessed.mech
    design = mech.design
    ruleset = mech.ruleset
    return {
        "format": "mechlab-engine",
        "format_version": s.FORMAT_VERSION,
        "chassis": design.chassis,
        "model": design.model,
        "name": mech.name,
        "tonnage": mech.tonnage,
        "weight_class": mech.weight_class,
        "ruleset": ruleset.name,
        "source": design.source,
        "mul_id": design.mul_id,
        "quirks": list(design.quirks),
        "weapon_quirks": [s.WeaponQuirkData.model_validate(dump(q))
                          for q in design.weapon_quirks],
        "tech_base": design.tech_base,
        "tech_base_title": ruleset.tech_base_title(design),
        "rules_level": assessed.rules_level.level,
        "rules_level_set_by": list(assessed.rules_level.set_by),
        "declared_rules_level": assessed.declared_rules_level,
        "year": design.era,
        "unit_type": design.unit,
        "configuration": design.config,
        "omni": design.omni,
        "legal": assessed.legal,
        "findings": [s.FindingData.model_validate(f.to_dict()) for f in assessed.findings],
    }


def _movement(mech: Mech) -> s.Movement:
    """Walking, running and jumping MP as the 'Mech moves (model/movement.py, the sheet's
    numbers): a partial wing's jump MP, what shields take, the UMU MP, a QuadVee's
    vehicle mode, a LAM's other modes."""
    mp = movement(mech)
    vehicle = None
    if mp.vehicle is not None:
        vehicle = s.VehicleMovement(
            motive="wheels" if mp.vehicle.motive == "Wheels" else "tracks",
            cruise_mp=mp.vehicle.cruise_mp, flank_mp=mp.vehicle.flank_mp,
            flank_boosted_mp=mp.vehicle.flank_boosted_mp)
    config = mech.design.config
    airmech = mech.ruleset.airmech_mp(config, mech.walking_mp, mech.jumping_mp)
    fighter = mech.ruleset.fighter_mp(config, mech.jumping_mp)
    return s.Movement(walking_mp=mp.walking_mp, running_mp=mp.running_mp,
                      running_boosted_mp=mp.sprint_mp, jumping_mp=mp.jumping_mp,
                      partial_wing_jump_mp=mp.partial_wing_jump_mp,
                      umu_mp=mp.umu_mp, shield_walking_mp=mp.shield_walking_mp,
                      shield_jumping_mp=mp.shield_jumping_mp, vehicle=vehicle,
                      airmech=None if airmech is None else s.AirMechMovement(
                          walking_mp=airmech.walk, running_mp=airmech.run,
                          cruise_mp=airmech.cruise, flank_mp=airmech.flank),
                      fighter=None if fighter is None else s.FighterMovement(
                          safe_thrust=fighter.safe_thrust, max_thrust=fighter.max_thrust,
                          locations=_fighter_locations(mech),
                          structural_integrity=_fighter_si(mech)))


def _fighter_locations(mech: Mech) -> dict[str, list[Any]]:
    """lane lam: fighter mode's locations by name (`nose`, `left_wing` …)."""
    return {name.lower().replace(" ", "_"): [loc.value for loc in locations]
            for name, locations in mech.ruleset.fighter_locations(mech.design.config)}


def _fighter_si(mech: Mech) -> int:
    where = mech.ruleset.fighter_si_location(mech.design.config)
    return (mech.structure or {}).get(where, 0) if where is not None else 0


def _jump_heat(mech: Mech) -> dict[str, int]:
    """The heat of a jump of 1 … J hexes on the jets (J: the jumping MP less a partial
    wing's, whose hexes make no heat): MegaMek's Mek getJumpHeat, the ruleset's numbers
    (improved jets count ⌈hexes ÷ 2⌉, TechManual; prototype improved jets their own)."""
    ruleset, mp = mech.ruleset, movement(mech)
    improved = any(m.item.weapon.jet_type == "improved" for m in mech.jump_jets)
    jets = [m.item.weapon.id for m in mech.jump_jets]
    table: dict[str, int] = {}
    for hexes in range(1, mp.jumping_mp - mp.partial_wing_jump_mp + 1):
        own = ruleset.jet_jumping_heat(jets, hexes)
        table[str(hexes)] = (own if own is not None
                             else ruleset.jumping_heat_of(mech.design, hexes, improved))
    return table


def _construction(mech: Mech) -> dict[str, Any]:
    """Movement and its heat, the components, engine, heat sinks, armor and structure."""
    design = mech.design
    ruleset = mech.ruleset
    return {
        "movement": _movement(mech),
        "movement_heat": s.MovementHeat(
            walking=ruleset.walking_heat_of(design), running=ruleset.running_heat_of(design),
            jumping_per_hex=ruleset.jumping_heat_rate(design)[0],
            jumping_minimum=ruleset.jumping_heat_rate(design)[1],
            jumping_by_mp=_jump_heat(mech),
        ),
        "components": s.Components(**{
            key: s.Component(type=word, title=title, tech=tech)
            for key, (word, title, tech) in ruleset.component_titles(design).items()
            if key in s.Components.model_fields}),
        "engine": s.EngineData(
            type=mech.engine_type,
            rating=mech.engine_rating,
            maker=mech.engine_maker,
            tons=json_tons(mech.engine.tons) if mech.engine else None,
        ),
        "heat_sinks": _heat_sinks(mech),
        "armor": _armor(mech),
        "armor_tons": json_tons(mech.armor_tons),
        "internal_structure": (
            {loc.value: n for loc, n in mech.structure.items()} if mech.structure else None
        ),
    }


def _values(assessed: Assessment, gunnery: int, piloting: int) -> dict[str, Any]:
    """Battle Value and cost; null where the ruleset's book has none (RULES.md §2: the
    1984 book has no BV or prices), never invented."""
    values = assessed.values
    bv = values.battle_value if values else None
    price = values.cost if values else None
    return {
        "battle_value": bv.base if bv else None,
        "battle_value_pilot": assessed.adjusted_bv(gunnery, piloting) if bv else None,
        "battle_value_breakdown": bv_dict(bv) if bv else None,
        "cost": price.total if price else None,
        "cost_dry": price.dry if price else None,
        "cost_breakdown": price.to_dict() if price else None,
    }


def _alpha_strike(assessed: Assessment, gunnery: int) -> s.AlphaStrikeData | None:
    """The card (converted once per assessment); None where the ruleset has no conversion."""
    from mechlab.cards.assessed import alpha_strike_of, at_skill

    card = alpha_strike_of(assessed)
    if card is None:
        return None
    return s.AlphaStrikeData(
        type="BM", sz=card.sz, tmm=card.tmm, mv=card.mv, ground_move=card.ground,
        jump_move=card.jump, s=str(card.s), m=str(card.m), l=str(card.l), ov=card.ov,
        armor=card.armor, structure=card.structure, specials=list(card.specials),
        role=card.role, pv=card.pv, skill=4, pv_pilot=at_skill(card, gunnery).pv,
        pilot_skill=gunnery)


def engine_json(assessed: Assessment, state: DamageState | None = None) -> str:
    """The engine JSON text: stable key order, two-space indent, final newline."""
    data = engine_unit(assessed, state).model_dump(mode="json")
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _heat_sinks(mech: Mech) -> s.HeatSinks:
    return s.HeatSinks(
        type=mech.heat_sink_type,
        count=mech.heat_sinks,
        integral=mech.integral_heat_sinks,
        dissipation=mech.heat_dissipation,
        partial_wing_dissipation=movement(mech).partial_wing_heat,
        slotted=[ref for m in mech.slotted_heat_sinks for ref in slot_refs(m)],
    )


def _armor(mech: Mech) -> dict[str, s.LocationArmor]:
    types = mech.ruleset.armor_types_by_location(mech.design)  # patchwork armor's
    return {
        loc.value: s.LocationArmor(
            front=mech.armor_front(loc),
            rear=mech.armor_rear(loc) if loc.has_rear_armor else None,
            type=s.Component(type=types[loc][0], title=types[loc][1], tech=types[loc][2])
            if loc in types else None,
        )
        for loc in mech.locations
    }
