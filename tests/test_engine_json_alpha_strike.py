"""Engine JSON v4 carries the Alpha Strike card (issue 21): each field equal to the Master
Unit List's published card (tests/data/alpha_strike_mul.tsv for Introductory designs,
tests/data/alpha_strike_standard.tsv for the vendored Standard MegaMek files), the PV at
the pilot's skill by ALPHA_STRIKE.md §8's skill table, and null for the 1984 rules."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from tests_support import DATA, MEGAMEK, library_designs, read_table, sweep, swept

from mechlab.assess import assess, assess_design
from mechlab.core.design import Pilot
from mechlab.export.engine import engine_json
from mechlab.export.schema import FORMAT_VERSION
from mechlab.files.load import load_design
from mechlab.files.mtf import read_design
from mechlab.model.resolve import resolve

SCHEMA = json.loads((DATA / f"engine-v{FORMAT_VERSION}.schema.json").read_text())
CARD = {"pv": "pv", "sz": "sz", "mv": "mv", "tmm": "tmm", "dmg_s": "s", "dmg_m": "m",
        "dmg_l": "l", "ov": "ov", "armor": "armor", "structure": "structure"}


def _fields(data: dict) -> dict[str, str]:
    card = data["alpha_strike"]
    fields = {column: str(card[key]) for column, key in CARD.items()}
    # ALPHA_STRIKE.md §7.5: the MUL appends a few tokens out of order; compared as a set.
    return {**fields, "specials": ",".join(sorted(card["specials"]))}


def _published(row: dict[str, str]) -> dict[str, str]:
    specials = ",".join(sorted(t.strip() for t in row["specials"].split(",") if t.strip()))
    return {**{column: row[column] for column in CARD}, "specials": specials}


def _json(assessed) -> dict:
    data = json.loads(engine_json(assessed))
    jsonschema.Draft202012Validator(SCHEMA).validate(data)
    return data


STANDARD = read_table(DATA / "alpha_strike_standard.tsv")


@pytest.mark.parametrize("row", STANDARD, ids=lambda r: r["file_name"])
def test_standard_designs_carry_the_published_card(row):
    data = _json(assess(resolve(read_design(MEGAMEK / row["file_name"]))))
    assert data["rules_level"] in ("introductory", "standard")
    assert _fields(data) == _published(row)
    assert data["alpha_strike"]["skill"] == 4 and data["alpha_strike"]["type"] == "BM"


def test_standard_vendored_table_covers_clan_omnis_a_quad_and_inner_sphere():
    names = {row["file_name"] for row in STANDARD}
    assert {"Mad Cat (Timber Wolf) Prime.mtf", "Barghest BGS-1T.mtf",
            "Atlas AS7-K.mtf"} <= names and len(STANDARD) >= 30


@sweep
def test_every_published_introductory_card_is_in_the_engine_json():
    rows = swept(read_table(DATA / "alpha_strike_mul.tsv"))
    designs = library_designs()
    wrong = {}
    for row in rows:
        got = _fields(_json(assess_design(designs[row["file_name"]])))
        if got != _published(row):
            wrong[row["file_name"]] = (got, _published(row))
    assert wrong == {}


def _skill_table(pv: int, skill: int) -> int:
    """ALPHA_STRIKE.md §8 (typed from the text, not from mechlab's code): better than 4 adds
    (4 − s) × (1 + ⌊(PV − 3) ÷ 5⌋) when PV > 7, else (4 − s); worse subtracts (s − 4) × (1 +
    ⌊(PV − 5) ÷ 10⌋) when PV > 14, else (s − 4); never below 1."""
    if skill < 4:
        return pv + (4 - skill) * (1 + (pv - 3) // 5 if pv > 7 else 1)
    return max(1, pv - (skill - 4) * (1 + (pv - 5) // 10 if pv > 14 else 1))


@pytest.mark.parametrize("gunnery", [0, 2, 3, 4, 5, 7])
def test_the_pilot_point_value_follows_the_skill_table(gunnery):
    design = read_design(MEGAMEK / "Mad Cat (Timber Wolf) Prime.mtf").replace(
        pilot=Pilot(name="Natasha", gunnery=gunnery, piloting=4))
    card = _json(assess_design(design))["alpha_strike"]
    assert (card["pv"], card["pilot_skill"]) == (54, gunnery)
    assert card["pv_pilot"] == _skill_table(54, gunnery)


def test_role_is_the_designs_own():
    path = Path(__file__).parents[1] / "examples" / "timber-wolf-prime.yaml"
    design = load_design(path)
    card = _json(assess_design(design.replace(role="Brawler")))["alpha_strike"]
    assert card["role"] == "Brawler"  # the MUL's role for the Prime (alpha_strike_standard.tsv)
    assert _json(assess_design(design.replace(role=None)))[
        "alpha_strike"]["role"] is None


def test_the_1984_rules_have_no_card_and_say_so_with_null():
    from mechlab.files.library import library

    droid = next(u for u in library() if u.ruleset == "battledroids")
    data = _json(assess_design(load_design(droid.path)))
    assert data["battle_value"] is None and data["alpha_strike"] is None


def test_build_gunnery_sets_the_pilot_point_value(tmp_path):
    from click.testing import CliRunner

    from mechlab.cli import main

    design = tmp_path / "catapult.yaml"
    design.write_bytes((Path(__file__).parents[1] / "examples" / "catapult.yaml").read_bytes())
    result = CliRunner().invoke(main, ["build", "-q", "-f", "json", "--gunnery", "2",
                                       str(design), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    card = json.loads((tmp_path / "catapult.json").read_text())["alpha_strike"]
    # The MUL's CPLT-C1: PV 32 at skill 4 (alpha_strike_mul.tsv), at skill 2 by §8's table.
    assert (card["pv"], card["pilot_skill"], card["pv_pilot"]) == (32, 2, _skill_table(32, 2))
