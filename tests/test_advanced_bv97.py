"""Lane bv97 (issue 27: BV = MegaMek's on 97 % of the level-3/4 biped and quad files):
large engines, …, judged on MegaMek's own files (tests/data/megamek-advanced/, BV97_FILES of
tests/data/vendor.py) against MegaMek's BV and the Master Unit List's cost
(tests/data/advanced_bv97_values.tsv); each rule broken by a design and found with its own
code; each file written back to `.mtf` and read again unchanged."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from tests_support import DATA, judged_mtf, read_table

from mechlab.assess import Assessment, assess
from mechlab.core.locations import Location
from mechlab.core.weight_groups import WeightGroup
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import design_to_mtf, import_mtf_bytes
from mechlab.files.mtf.parse import decode
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset

PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_bv97_values.tsv")}
ADVANCED = DATA / "megamek-advanced"
SASQUATCH = "Sasquatch SQS-TH-002.mtf"  # 85 t, `Engine:425 Large XXL Engine`
KUMA = "Kuma 3.mtf"  # 60 t Clan, `Engine:420 Large XXL (Clan) Engine`

# docs/VALUES_DIFFERENCES.md lists why these files' cost differs from the MUL's.
COST_DIFFERS = {"Turkina U.mtf", "Vulture (Mad Dog) U.mtf", "Excalibur EXC-B2b-EC.mtf"}

# The codes this lane's tests break (tests/test_battledroids_rules.py checks every code of
# every ruleset has a design breaking it).
BROKEN = {"E-LARGE-ENGINE-TYPE"}


def vendored(name: str) -> str:
    return decode((ADVANCED / name).read_bytes())


# A `.mtf` read by the one reader and judged as `mechlab check` judges it.
judged = judged_mtf


def design_of(name: str) -> dict[str, Any]:
    return dict(import_mtf_bytes(vendored(name).encode("utf-8"), name).design)


def judged_design(design: dict[str, Any]) -> Assessment:
    return assess(resolve(design_from_dict(design, "unit.yaml")))


def errors(assessed: Assessment) -> list[str]:
    return [str(f) for f in assessed.findings if f.severity.name == "ERROR"]


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_lane_files_are_legal_with_megameks_bv_and_the_muls_cost(name: str) -> None:
    row = PUBLISHED[name]
    assessed = judged(vendored(name), name)
    assert assessed.legal, errors(assessed)
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    if row["mul_cost"] and name not in COST_DIFFERS:
        assert assessed.values.cost.total == int(row["mul_cost"])


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_lane_files_write_back_to_mtf_and_read_the_same(name: str) -> None:
    first = judged(vendored(name), name)
    again = judged(design_to_mtf(first.mech.design), name)
    assert again.legal, errors(again)
    assert again.values is not None and first.values is not None
    assert (again.values.bv, again.values.cost.total) == (first.values.bv,
                                                         first.values.cost.total)


# Large engines (ADVANCED_COMPONENTS.md §1.1) --------------------------------------------------
def test_a_large_engine_weighs_its_table_weight_times_its_types_factor() -> None:
    # Tactical Operations' table: 425 → 79.5 t standard; XXL ⌈79.5 ÷ 3⌉½ = 26.5 t, the
    # weight the Sasquatch's file sums to its Mass: with.
    assessed = judged(vendored(SASQUATCH), SASQUATCH)
    assert assessed.mech.engine_rating == 425
    assert assessed.mech.engine is not None and float(assessed.mech.engine.tons) == 26.5
    kuma = judged(vendored(KUMA), KUMA).mech
    assert kuma.engine is not None and float(kuma.engine.tons) == 24.5  # 72.5 ÷ 3 → 24.5


def test_a_large_engine_takes_eight_center_torso_slots() -> None:
    mech = judged(vendored(SASQUATCH), SASQUATCH).mech
    center = [s.name for s in mech.critical_slots[Location.CENTER_TORSO]]
    assert center[:3] == ["Fusion Engine"] * 3 and center[3:7] == ["Gyro"] * 4
    assert center[7:] == ["Fusion Engine"] * 5  # as the file's slots say


def test_a_large_engine_is_experimental_and_refused_below() -> None:
    design = judged(vendored(SASQUATCH)).mech.design
    assert judged(vendored(SASQUATCH)).mech.ruleset.name == "experimental"
    refused = [text for code, _, text in get_ruleset("advanced").refusals(design)
               if code == "R-COMPONENT"]
    assert any("large engine" in text for text in refused)


def test_a_large_engine_costs_twice_its_types_price() -> None:
    # MUL's cost of the Sasquatch SQS-TH-002 (184,736,159) holds only with the engine
    # priced 2 × 100,000 × 425 × 85 ÷ 75.
    lines = dict(judged(vendored(SASQUATCH)).values.cost.components)  # type: ignore[union-attr]
    assert lines["Engine"] == Fraction(2 * 100_000 * 425 * 85, 75)


def test_a_compact_engine_cannot_be_large() -> None:
    design = design_of(SASQUATCH)
    design["engine"] = {**design["engine"], "type": "compact"}
    assert "E-LARGE-ENGINE-TYPE" in judged_design(design).error_codes


def test_a_large_engine_line_says_large_when_written() -> None:
    text = design_to_mtf(judged(vendored(KUMA)).mech.design)
    assert "Engine:420 Large XXL (Clan) Engine" in text


# MTF spellings ---------------------------------------------------------------------------------
def test_a_sized_pod_item_reads_its_pod_suffix_before_the_size() -> None:
    from mechlab.files.mtf.crits import read_crit

    crit = read_crit("Liquid Storage (OMNIPOD):SIZE:1.0 (ARMORED)")
    assert (crit.name, crit.size, crit.pod, crit.armored) == ("Liquid Storage", "1.0", True, True)


# BV corrections (docs/advanced.md "Lane bv97") ---------------------------------------------
def test_prototype_rocket_launchers_are_one_shot_in_bv() -> None:
    # Crosscut ED-X2 (Rocket): eight RL 10 prototypes, heat 3 ÷ 4 each, within its 7 heat
    # efficiency: none halved (MegaMek 406; 368 with the heat counted whole).
    assessed = judged(vendored("Crosscut ED-X2 (Rocket).mtf"))
    assert assessed.values is not None and assessed.values.bv == 406


# The primitive industrial cockpit (ADVANCED_COMPONENTS.md §2.1, §7.1) ------------------------
LUMBERJACK = "Lumberjack LM1A.mtf"  # 60 t IndustrialMech, Walk 3, `Engine:220 ICE Engine(IS)`


def test_a_primitive_industrial_cockpit_rates_the_engine_as_a_primitive_one() -> None:
    assessed = judged(vendored(LUMBERJACK))
    assert assessed.legal, errors(assessed)
    assert assessed.mech.ruleset.name == "advanced"
    assert assessed.mech.engine_rating == 220  # 5⌈1.2 × 60 × 3 ÷ 5⌉, not 180
    design = design_of(LUMBERJACK)
    design["engine_rating"] = 180
    assert not judged_design(design).legal


def test_a_primitive_industrial_cockpit_weighs_five_tons_and_has_no_fire_control() -> None:
    design = design_of(LUMBERJACK)
    standard = judged_design({**design, "cockpit": "industrial", "engine_rating": 180})
    primitive = judged(vendored(LUMBERJACK))
    assert standard.values is not None and primitive.values is not None

    def cockpit_tons(a: Assessment) -> Fraction:
        return sum((line.tons or Fraction(0) for line in a.mech.weights
                    if line.group is WeightGroup.COCKPIT), Fraction(0))

    assert (cockpit_tons(primitive), cockpit_tons(standard)) == (5, 3)
    # × 0.9 without advanced fire control, as the industrial cockpit (MegaMek's BV 311).
    assert primitive.values.bv == 311
    design["equipment"] = [*design["equipment"],
                           {"item": "Targeting Computer", "location": "right_torso"}]
    assert "E-INDUSTRIAL-FIRE-CONTROL" in judged_design(design).error_codes


def test_a_battlemech_cannot_take_a_primitive_industrial_cockpit() -> None:
    design = design_of(SASQUATCH)
    design["cockpit"] = "primitive_industrial"
    assert not judged_design(design).legal


def test_the_standard_rules_refuse_the_primitive_industrial_cockpit() -> None:
    design = judged(vendored(LUMBERJACK)).mech.design
    refused = {path for code, path, _ in get_ruleset("standard").refusals(design)
               if code == "R-COMPONENT"}
    assert "cockpit" in refused


# Compact heat sinks (ADVANCED_COMPONENTS.md §6.1) -------------------------------------------
HORNET = "Hornet HNT-181.mtf"  # 20 t, `Engine:100 XL`, `Heat Sinks:10 Compact`, 1 pair slot


def sink_tons(a: Assessment) -> Fraction:
    return sum((line.tons or Fraction(0) for line in a.mech.weights
                if line.group is WeightGroup.HEAT_SINKS), Fraction(0))


def test_the_engine_holds_twice_as_many_compact_sinks_and_pairs_take_one_slot() -> None:
    assessed = judged(vendored(HORNET))
    assert assessed.legal, errors(assessed)
    mech = assessed.mech
    assert mech.integral_heat_sinks == 8  # 2 × ⌊100 ÷ 25⌋
    assert [(m.item.weapon.id, m.slot_count) for m in mech.slotted_heat_sinks] == [
        ("is_compact_heat_sink_pair", 1)]
    assert sink_tons(assessed) == 0  # 1.5 × 10 − 15


def test_compact_sinks_beyond_ten_weigh_one_and_a_half_tons_and_go_in_pairs() -> None:
    design = design_of(HORNET)
    design["heat_sinks"] = {**design["heat_sinks"], "count": 13}
    assessed = judged_design(design)
    assert sink_tons(assessed) == Fraction(9, 2)
    held = sorted(m.item.weapon.id for m in assessed.mech.slotted_heat_sinks)
    assert held == ["is_compact_heat_sink", "is_compact_heat_sink_pair",
                    "is_compact_heat_sink_pair"]  # 8 inside, 2 pairs and 1 single
    assert "E-HEATSINK-TYPE" not in assessed.error_codes
    listed = {**design, "equipment": [*design["equipment"],
                                      {"item": "1 Compact Heat Sink", "location": "left_torso"}]}
    one = judged_design(listed)
    assert "E-HEATSINK-TYPE" not in one.error_codes
    assert sum(m.item.weapon.id == "is_compact_heat_sink" for m in one.mech.slotted_heat_sinks) == 1


def test_compact_sinks_dissipate_one_each_and_cost_as_doubles() -> None:
    assessed = judged(vendored(HORNET))
    assert assessed.values is not None
    assert assessed.values.bv == 398 and assessed.values.cost.total == 1_993_900
    lines = dict(assessed.values.cost.components)
    assert lines["Heat sinks"] == 6000 * 10


def test_a_compact_pair_on_a_mech_of_other_sinks_is_the_wrong_type() -> None:
    design = design_of(HORNET)
    design["heat_sinks"] = {**design["heat_sinks"], "type": "single"}
    assert "E-HEATSINK-TYPE" in judged_design(design).error_codes


def test_the_standard_rules_refuse_compact_heat_sinks() -> None:
    design = judged(vendored(HORNET)).mech.design
    refused = {path for code, path, _ in get_ruleset("standard").refusals(design)
               if code == "R-COMPONENT"}
    assert "heat_sinks.type" in refused


def test_compact_sinks_write_back_as_megamek_spells_them() -> None:
    text = design_to_mtf(judged(vendored(HORNET)).mech.design)
    assert "Heat Sinks:10 Compact" in text and "2 Compact Heat Sinks" in text


# Artemis and improved LRMs (ADVANCED_EQUIPMENT.md) -------------------------------------------
def test_an_artemis_iv_may_serve_an_improved_lrm() -> None:
    excalibur = "Excalibur EXC-B2b-EC.mtf"
    assessed = judged(vendored(excalibur))
    assert assessed.legal, errors(assessed)
    assert assessed.values is not None and assessed.values.bv == 2008  # MegaMek's, linked
    unlinked = vendored(excalibur).replace("CLArtemisIV", "-Empty-")
    assert judged(unlinked).values.bv < 2008  # type: ignore[union-attr]


def test_the_sheet_names_a_large_engine_and_compact_sinks() -> None:
    from mechlab.sheet.content import technology

    def lines(name: str) -> dict[str, str]:
        return {label: value for row in technology(judged(vendored(name)).mech)
                for label, value, _ in row}

    assert lines(SASQUATCH)["Engine:"] == "425 Large XXL"
    assert lines(HORNET)["Heat Sinks:"] == "10 (10) Compact"
    assert lines(LUMBERJACK)["Cockpit:"] == "Primitive Industrial"



# Mechanical jump boosters (ADVANCED_EQUIPMENT.md §4.3) ---------------------------------------
THUNDER_FOX = "Thunder Fox TFT-C3.mtf"  # 55 t quad, no jets, `Jump MP:4`, 8 `Jump Booster`


def test_a_jump_booster_jumps_its_size_and_weighs_by_it() -> None:
    assessed = judged(vendored(THUNDER_FOX))
    assert assessed.legal, errors(assessed)
    mech = assessed.mech
    assert mech.jumping_mp == 0 and not mech.jump_jets  # the line is the booster's MP
    booster = [m for m in mech.mounts if m.item.weapon.id == "is_mech_mechanical_jump_boosters"]
    assert booster and booster[0].item.size == 4
    assert booster[0].tons == Fraction(11)  # ⌈55 × 4 × 0.05⌉½
    legs = {m.location for m in booster}
    assert sum(1 for cells in mech.critical_slots.values() for s in cells
               if s.mount is not None
               and s.mount.item.weapon.id == "is_mech_mechanical_jump_boosters") \
        == 8 and len(legs) >= 1  # 2 in each of the four legs
    from mechlab.sheet.content import jumping_cell

    assert jumping_cell(mech) == ("Jumping MP:", "4")


def test_a_jump_booster_counts_its_mp_in_bv_and_costs_150_t_mp_squared() -> None:
    assessed = judged(vendored(THUNDER_FOX))
    assert assessed.values is not None and assessed.values.bv == 1104  # jump 4 in mpSF
    fwltur = judged(vendored("Fwltur FWL-3V SalvageMech.mtf"))
    assert fwltur.values is not None and fwltur.values.cost.total == 1_537_181


def test_a_jump_booster_writes_its_mp_on_the_jump_line() -> None:
    text = design_to_mtf(judged(vendored(THUNDER_FOX)).mech.design)
    assert "Jump MP:4" in text
