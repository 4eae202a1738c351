"""Monotonicity over the library (RULES.md §5.1, §6): more armor never lowers armor or
structure; another weapon or heat sink never lowers the trading card's attack; another heat
sink never lowers Alpha Strike damage. Hypothesis picks the unit and the change."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_pipeline_fuzz import designs

from mechlab.assess import assess
from mechlab.cards import alpha_strike, ccg
from mechlab.core.locations import BIPED_LOCATIONS
from mechlab.core.record import dump
from mechlab.files.library import library
from mechlab.files.load import design_from_dict, load_design
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
WEAPONS = [w.name for w in get_ruleset("intro").catalog.weapons
           if w.type in ("energy", "ballistic", "missile")]


def unit_data(data: st.DataObject) -> dict[str, Any]:
    # The conversions are defined for the rulesets that say so (not the 1984 droids).
    units = [u for u in library() if get_ruleset(u.ruleset).alpha_strike]
    unit = data.draw(st.sampled_from(units), label="unit")
    return dump(load_design(unit.path), exclude_none=True)


def cards_of(design: dict[str, Any]) -> tuple[alpha_strike.AlphaStrikeCard, ccg.CcgCard]:
    mech = resolve(design_from_dict(design))
    return alpha_strike.alpha_strike_card(mech, "x"), ccg.ccg_card(assess(mech), "x")


@SETTINGS
@given(st.data(), st.sampled_from(list(BIPED_LOCATIONS)), st.integers(1, 40))
def test_more_armor_never_lowers_armor_or_structure(data, location, points):
    before = unit_data(data)
    after = {**before, "armor": dict(before["armor"])}
    value = after["armor"].get(location.value, 0)
    if isinstance(value, dict):
        after["armor"][location.value] = {**value, "front": value.get("front", 0) + points}
    else:
        after["armor"][location.value] = value + points
    after["armor"].pop("tons", None)
    (as_before, ccg_before), (as_after, ccg_after) = cards_of(before), cards_of(after)
    assert as_after.armor >= as_before.armor and as_after.structure == as_before.structure
    assert ccg_after.armor >= ccg_before.armor
    assert ccg_after.structure >= ccg_before.structure


@SETTINGS
@given(st.data(), st.sampled_from(WEAPONS), st.sampled_from(list(BIPED_LOCATIONS)))
def test_another_weapon_never_lowers_attack(data, weapon, location):
    before = unit_data(data)
    after = {**before, "equipment": [*before.get("equipment", ()),
                                     {"item": weapon, "location": location.value}]}
    assert cards_of(after)[1].attack >= cards_of(before)[1].attack


@SETTINGS
@given(st.data(), st.integers(1, 6))
def test_another_heat_sink_never_lowers_attack_or_damage(data, sinks):
    before = unit_data(data)
    after = {**before, "heat_sinks": before.get("heat_sinks", 10) + sinks}
    (as_before, ccg_before), (as_after, ccg_after) = cards_of(before), cards_of(after)
    assert ccg_after.attack >= ccg_before.attack
    for band in ("s", "m", "l"):
        assert getattr(as_after, band).points >= getattr(as_before, band).points, band
    assert as_after.ov <= as_before.ov


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(designs())
def test_any_loadable_design_gets_both_cards_laid_out(data):
    from test_cards_layout import check_alpha_strike, check_ccg

    from mechlab.cards.alpha_strike import off_cluster_table
    from mechlab.cards.export import cards_json
    from mechlab.cards.games import get_game
    from mechlab.core.errors import DesignError

    try:
        mech = resolve(design_from_dict(data))
    except DesignError:
        return  # bad input is reported, not converted
    refusal = get_game("ccg").refusal(mech)
    if refusal is not None:  # a rack off its cluster table, or a weapon with no values yet
        assert off_cluster_table(mech) or "no Alpha Strike values for" in refusal
        return
    ccg_card = ccg.ccg_card(assess(mech), "x")
    check_ccg(ccg_card)
    if not alpha_strike.applies(mech):  # RULES.md §6 converts standard 'Mechs, not droids
        assert cards_json([ccg_card]).endswith("\n")
        return
    from mechlab.cards.as_weapons import MissingWeaponValues
    from mechlab.cards.assessed import why_no_card

    try:
        as_card = alpha_strike.alpha_strike_card(mech, "x")
    except MissingWeaponValues:  # issue 27: an Advanced weapon without Alpha Strike values
        assert "no Alpha Strike values" in why_no_card(mech)  # has no card, with its reason
        return
    assert cards_json([as_card, ccg_card]).endswith("\n")
    check_alpha_strike(as_card)
