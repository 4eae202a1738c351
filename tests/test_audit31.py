"""Issue 31 audited as a user meets it (lane audit31): each item tried from the command
line, and the neighbouring cases its items imply. The expected numbers are worked by hand
from the rules cited beside each, not computed by the code under test."""

from __future__ import annotations

import json

import yaml
from tests_support import DATA

from mechlab.assess import assess_design
from mechlab.export.engine import engine_json
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes


def _physical(mtf: str) -> dict[str, object]:
    name = DATA / "megamek-advanced" / mtf
    design = import_mtf_bytes(name.read_bytes(), mtf).design
    physical: dict[str, object] = json.loads(
        engine_json(assess_design(design_from_dict(design))))["physical_attacks"]
    return physical


def test_talons_make_a_kick_half_again_as_hard():
    # Turkina X (MegaMek's file): 95 t, talons in both legs. Tactical Operations (MegaMek
    # KickAttackAction: Math.round of the kick × 1.5): ⌊95 ÷ 5⌋ = 19, × 1.5 = 28.5 → 29.
    # A death from above: ⌈95 ÷ 10 × 3⌉ = 29, × 1.5 = 43.5 → 43 (DfaAttackAction, down);
    # the attacker's own legs still take a plain kick's 19 (Total Warfare).
    physical = _physical("Turkina X.mtf")
    assert physical["kick"] == 29
    assert physical["death_from_above"] == {"target_damage": 43, "attacker_leg_damage": 19}
    assert physical["club"] is None  # no hands: no club


def test_a_kick_without_talons_is_a_fifth_of_the_tonnage():
    atlas = yaml.safe_load((DATA / "standard" / "atlas-as7-k.yaml").read_text())
    physical = json.loads(engine_json(assess_design(design_from_dict(atlas))))[
        "physical_attacks"]
    assert (physical["kick"], physical["club"]) == (20, 20)  # ⌊100 ÷ 5⌋, RULES.md 1.8
    assert physical["death_from_above"] == {"target_damage": 30, "attacker_leg_damage": 20}
