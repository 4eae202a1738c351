"""Battle Value 2 and C-bill cost, equal to the published numbers (BV_COST.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import CORPUS, corpus_files, mech_of, needs_corpus
from hypothesis import given, settings
from hypothesis import strategies as st

from mechlab.bv import battle_value, round_half_up, speed_factor
from mechlab.cost import cost
from mechlab.library import find_unit
from mechlab.load import load_design
from mechlab.mtf import read_design
from mechlab.resolve import resolve


def unit(model: str):
    found = find_unit(model)
    assert found is not None
    return resolve(load_design(found.path))


def published_bv() -> dict[str, int]:
    rows = [line.rstrip("\n").split("\t")
            for line in (CORPUS / "BV.tsv").read_text().splitlines()
            if line and not line.startswith("#")]
    header, *body = rows
    assert header[:4] == ["file_name", "chassis", "model", "megamek_bv"]
    return {row[0]: int(row[3]) for row in body}


@needs_corpus
def test_every_corpus_design_has_its_published_battle_value():
    published = published_bv()
    assert len(published) == len(corpus_files()) == 282
    wrong = {}
    for path in corpus_files():
        got = battle_value(resolve(read_design(path))).base
        if got != published[path.name]:
            wrong[path.name] = (got, published[path.name])
    assert wrong == {}


def test_atlas_as7d_every_intermediate():
    bv = battle_value(unit("AS7-D"))
    assert (bv.armor, bv.structure, bv.gyro, bv.explosive_penalty) == (760, 228, 50, 75)
    assert bv.defensive == Fraction("1155.6")
    assert bv.heat_efficiency == 24
    assert [w.counted for w in bv.weapons] == [181, 178, 59, 46, 46, 23, Fraction("11.5")]
    assert bv.weapons_total == Fraction("544.5") and bv.ammo_total == 97
    assert bv.offensive == Fraction("741.5") and bv.base == 1897


def test_atlas_pilot_adjusted():
    mech = unit("AS7-D")
    assert battle_value(mech).adjusted(mech, 3, 4) == 2504
    assert battle_value(mech).adjusted(mech, 4, 5) == 1897
    assert battle_value(mech).adjusted(mech, -3, 12) == battle_value(mech).adjusted(mech, 0, 8)


def test_catapult_every_intermediate(catapult):
    bv = battle_value(mech_of(catapult))
    assert bv.defensive == Fraction("670.2")
    assert bv.heat_efficiency == 17
    assert [w.counted for w in bv.weapons] == [136, 136, 46, 46, 46, 23]
    assert bv.ammo_total == 34 and bv.speed_factor == Fraction("1.37")
    assert bv.offensive == Fraction("728.84") and bv.base == 1399


def test_locust_zero_heat_weapons_first():
    bv = battle_value(unit("LCT-1V"))
    assert [w.name for w in bv.weapons][:2] == ["Machine Gun", "Machine Gun"]
    assert bv.defensive == Fraction("286.3") and bv.base == 432


@pytest.mark.parametrize(("model", "total", "dry"), [
    ("AS7-D", 9_626_000, 9_412_000),
    ("CPLT-C1", 5_790_125, 5_691_125),
    ("LCT-1V", 1_512_400, 1_511_200),
])
def test_cost_with_and_without_ammunition(model, total, dry):
    price = cost(unit(model))
    assert (price.total, price.dry) == (total, dry)


def test_awesome_aws_8va_dry_cost():
    # BV_COST.md 4.9: 80 t, 240 engine, 12 sinks, 240 armor points, LRM 15 + 3 AC/5 + SL,
    # left arm full, right arm without hand.
    design = {
        "chassis": "Awesome", "model": "AWS-8Va", "tonnage": 80, "walking_mp": 3,
        "heat_sinks": 12, "actuators": {"right_arm": {"lower_arm": True, "hand": False}},
        "armor": {"head": 9, "center_torso": {"front": 40, "rear": 10},
                  "left_torso": {"front": 26, "rear": 8}, "right_torso": {"front": 26, "rear": 8},
                  "left_arm": 26, "right_arm": 26, "left_leg": 30, "right_leg": 31},
        "equipment": [{"item": "LRM 15", "location": "left_torso"},
                      {"item": "AC/5", "location": "right_arm"},
                      {"item": "AC/5", "location": "right_torso", "count": 2},
                      {"item": "Small Laser", "location": "head"}],
    }
    assert cost(mech_of(design)).dry == 6_450_570


def test_cyclops_cp_10_zr_dry_cost():
    design = {
        "chassis": "Cyclops", "model": "CP-10-Zr", "tonnage": 90, "walking_mp": 4,
        "heat_sinks": 15,
        "armor": {"head": 9, "center_torso": {"front": 40, "rear": 12},
                  "left_torso": {"front": 28, "rear": 8}, "right_torso": {"front": 28, "rear": 8},
                  "left_arm": 24, "right_arm": 24, "left_leg": 37, "right_leg": 38},
        "equipment": [{"item": "PPC", "location": "right_arm"},
                      {"item": "LRM 15", "location": "left_torso"},
                      {"item": "Medium Laser", "location": "center_torso", "count": 2},
                      {"item": "Medium Laser", "location": "left_arm", "count": 2}],
    }
    assert cost(mech_of(design)).dry == 9_149_260


def test_speed_factor_table():
    table = [0.44, 0.54, 0.65, 0.77, 0.88, 1.00, 1.12, 1.24, 1.37, 1.50, 1.63, 1.76, 1.89,
             2.02, 2.16, 2.30, 2.44, 2.58, 2.72, 2.86, 3.00]
    assert [speed_factor(mp) for mp in range(21)] == [Fraction(str(v)) for v in table]


def test_rounding_is_half_up_not_bankers():
    assert round_half_up(Fraction(5, 2)) == 3 and round(2.5) == 2
    assert round_half_up(Fraction(1, 2)) == 1
    assert round_half_up(Fraction("1.345"), 2) == Fraction("1.35")


def _with(catapult: dict, **changes) -> dict:
    return {**catapult, **changes}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["left_arm", "right_arm", "left_leg", "right_leg", "head"]),
       st.integers(1, 5))
def test_more_armor_never_lowers_bv(location, extra):
    import copy

    import yaml
    from conftest import EXAMPLES

    base = yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())
    more = copy.deepcopy(base)
    more["armor"][location] = more["armor"][location] + extra
    assert battle_value(mech_of(more)).base >= battle_value(mech_of(base)).base


@settings(max_examples=30, deadline=None)
@given(st.integers(10, 30))
def test_adding_a_heat_sink_never_lowers_bv(sinks):
    import yaml
    from conftest import EXAMPLES

    base = yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())
    base["equipment"] = [e for e in base["equipment"] if e["item"] != "Heat Sink"]
    lower = battle_value(mech_of({**base, "heat_sinks": sinks})).base
    higher = battle_value(mech_of({**base, "heat_sinks": sinks + 1})).base
    assert higher >= lower


@pytest.mark.parametrize("tonnage", [20, 50, 75, 100])
def test_cost_grows_with_engine_rating(tonnage):
    costs = [cost(mech_of({"chassis": "C", "tonnage": tonnage, "walking_mp": walk})).total
             for walk in range(1, 400 // tonnage + 1)]
    assert costs == sorted(costs) and len(set(costs)) == len(costs)
