"""Any design that loads, under any ruleset, goes through the whole pipeline without a
crash: resolve, validate, engine JSON, BV, cost, record-sheet layout and both painters."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mechlab.assess import assess
from mechlab.core.errors import DesignError
from mechlab.core.locations import BIPED_LOCATIONS
from mechlab.export.engine import engine_json
from mechlab.files.load import design_from_dict
from mechlab.model.resolve import resolve
from mechlab.render.pdf import render_pdf
from mechlab.render.svg import render_html
from mechlab.rulesets import get_ruleset, ruleset_names
from mechlab.sheet.styles import layout_document
from mechlab.validate import validate

# Every ruleset's items (a design may name one its ruleset lacks: that is a finding).
NAMES = sorted({name for ruleset in ruleset_names()
                for name in get_ruleset(ruleset).catalog.names()}
               | {"Heat Sink", "Jump Jet", "Hatchet", "Ammo (Machine Gun) (1/2)"})
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
        "armor": armor, "equipment": entries, "ruleset": draw(st.sampled_from(ruleset_names())),
        "actuators": {"left_arm": {"lower_arm": draw(st.booleans()),
                                   "hand": draw(st.booleans())}},
    }


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(designs())
def test_any_loadable_design_builds_every_output(data):
    try:
        design = design_from_dict(data)
    except DesignError:
        return  # bad input is reported, not built
    mech = resolve(design)
    validate(mech)
    # The engine JSON (schema v3) carries every design, Standard technology and quads too.
    assert engine_json(assess(mech)).endswith("\n")
    document = layout_document([assess(mech)])
    assert render_pdf(document).startswith(b"%PDF")
    assert "<svg" in render_html(document)
