"""Any design that loads goes through the whole pipeline without a crash: resolve,
validate, engine JSON, BV, cost, record-sheet layout and both painters."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mechlab.bv import battle_value
from mechlab.cost import cost
from mechlab.export.engine import engine_json
from mechlab.load import DesignError, design_from_dict
from mechlab.locations import BIPED_LOCATIONS
from mechlab.resolve import resolve
from mechlab.rulesets import get_ruleset
from mechlab.sheet.pdf import render_pdf
from mechlab.sheet.styles import layout_document
from mechlab.sheet.svg import render_html
from mechlab.validate import validate

NAMES = [*get_ruleset("intro").catalog.names(), "Heat Sink", "Jump Jet", "Hatchet",
         "Ammo (Machine Gun) (1/2)"]
LOCATIONS = [loc.value for loc in BIPED_LOCATIONS]


@st.composite
def designs(draw: st.DrawFn) -> dict[str, Any]:
    entries = draw(st.lists(st.fixed_dictionaries(
        {"item": st.sampled_from(NAMES), "location": st.sampled_from(LOCATIONS)},
        optional={"count": st.integers(1, 4), "rear": st.booleans(),
                  "slot": st.integers(1, 12)}), max_size=8))
    armor: dict[str, Any] = {}
    for loc in BIPED_LOCATIONS:
        if loc.has_rear_armor:
            armor[loc.value] = {"front": draw(st.integers(0, 80)),
                                "rear": draw(st.integers(0, 80))}
        else:
            armor[loc.value] = draw(st.integers(0, 80))
    return {
        "chassis": draw(st.text(max_size=40)), "model": draw(st.text(max_size=12)),
        "tonnage": draw(st.integers(1, 200)), "walking_mp": draw(st.integers(0, 40)),
        "jumping_mp": draw(st.integers(0, 12)), "heat_sinks": draw(st.integers(0, 40)),
        "armor": armor, "equipment": entries,
        "actuators": {"left_arm": {"lower_arm": draw(st.booleans()),
                                   "hand": draw(st.booleans())}},
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(designs())
def test_any_loadable_design_builds_every_output(data):
    try:
        design = design_from_dict(data)
    except DesignError:
        return  # bad input is reported, not built
    mech = resolve(design)
    findings = validate(mech)
    assert engine_json(mech, findings).endswith("\n")
    battle_value(mech)
    cost(mech)
    document = layout_document([mech])
    assert render_pdf(document).startswith(b"%PDF")
    assert "<svg" in render_html(document)
