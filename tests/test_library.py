"""The bundled unit library: the Introductory Rulebook's 'Mechs, all legal as printed."""

from __future__ import annotations

import pytest
from tests_support import library_assessed

from mechlab.files.library import find_unit, library
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.validate import is_legal, validate

INTRO_RULEBOOK = (
    "SDR-5V", "ASN-21", "CDA-2A", "CLNT-2-3T", "COM-2D", "JR7-D", "HER-2S", "GHR-5H",
    "QKD-4G", "ENF-4R", "DRG-1N", "WTH-1", "TBT-5N", "DV-6M", "CPLT-C1", "PNT-9R",
    "VND-1R", "JM6-S", "ZEU-6S", "AWS-8Q", "BNC-3E", "HBK-4G", "CP-10-Z", "AS7-D",
    "GRF-1N", "WVR-6R",
)


@pytest.mark.parametrize("model", INTRO_RULEBOOK)
def test_introductory_rulebook_mech_is_in_the_library_and_legal(model):
    unit = find_unit(model)
    assert unit is not None and unit.model == model
    assert is_legal(validate(resolve(load_design(unit.path))))


@pytest.mark.slow
def test_every_library_unit_validates_under_its_ruleset():
    """All but the three 1984 designs whose book errors are kept as printed (below)."""
    # each unit read as load_design reads it, resolved and judged (assess: every rule),
    # once a worker for every library sweep
    illegal = [u.label for u, assessed in library_assessed() if not assessed.legal]
    assert illegal == ["battledroids/STG-3R", "battledroids/WSP-1A", "battledroids/RFL-3N"]


@pytest.mark.slow
def test_no_intro_library_unit_needs_a_known_violation():
    """units/README.md: the intro designs all keep to the rules; the list is empty."""
    waived = {u.name: assessed.mech.design.known_violations  # as load_design reads it
              for u, assessed in library_assessed() if u.ruleset == "intro"}
    assert {name: v for name, v in waived.items() if v} == {}


def test_units_are_filed_by_weight_class():
    classes = {"light": range(20, 40), "medium": range(40, 60), "heavy": range(60, 80),
               "assault": range(80, 101)}
    for unit in library():
        assert unit.tonnage in classes[unit.group], unit.path.name


def test_library_names_match_loosely():
    assert find_unit("catapult cplt-c1").model == "CPLT-C1"
    assert find_unit("Atlas AS7-D").model == "AS7-D"


# RULES.md §2 reference designs: the book's own errors are kept and reported, each by its
# code; the other eight are legal (warnings allowed: under-weight, jump over walk).
BATTLEDROIDS = {
    "STG-3R": ["E-TONNAGE-OVER"], "WSP-1A": ["E-TONNAGE-OVER"], "PXH-1K": [],
    "SHD-2H": [], "GRF-1N": [], "RFL-3N": ["E-ENGINE-MISMATCH"], "CRD-3R": [],
    "ARC-2R": [], "WHM-6R": [], "MAD-3R": [], "Merlin": [],
}


@pytest.mark.parametrize(("model", "errors"), BATTLEDROIDS.items())
def test_the_1984_designs_give_the_books_verdicts(model, errors):
    unit = find_unit(f"battledroids/{model}")
    assert unit is not None and unit.ruleset == "battledroids"
    findings = validate(resolve(load_design(unit.path)))
    assert [f.code for f in findings if f.severity == "error"] == errors
    assert all(f.waived for f in findings if f.severity == "error")  # kept as printed


def test_the_printed_errors_carry_the_books_numbers():
    def errors(model: str) -> list[str]:
        unit = find_unit(f"bd/{model}")
        assert unit is not None
        return [str(f).split(" [")[0] for f in validate(resolve(load_design(unit.path)))
                if f.severity == "error"]

    assert errors("STG-3R") == ["E-TONNAGE-OVER tonnage: components weigh 21 t > 20 t (1 t over)"]
    assert errors("WSP-1A") == ["E-TONNAGE-OVER tonnage: components weigh 21 t > 20 t (1 t over)"]
    assert errors("RFL-3N") == [
        "E-ENGINE-MISMATCH engine_rating: engine rating 260 ≠ 60 t × 4 Walking MP = 240"]


def test_the_merlin_builds_to_the_books_numbers():
    mech = resolve(load_design(find_unit("1984/Merlin").path))
    weights = {line.label: line.tons for line in mech.weights}
    assert (mech.tonnage, mech.engine_maker, mech.engine_rating, mech.walking_mp) == (
        60, "Pitban", 240, 4)
    assert (mech.jumping_mp, weights["Jump jets"], mech.heat_sinks, weights["Heat sinks"]) == (
        4, 2, 18, 8)
    assert (weights["Armor"], mech.armor_points, mech.total_tons) == (12, 192, 60)
    # The book's walk-through order (seed 002): engine, cockpit, gyro, structure, jets, ...
    assert [line.label for line in mech.weights][:4] == [
        "Engine", "Cockpit", "Gyro", "Internal structure"]


def test_the_1984_archer_breaks_the_intro_armor_cap():
    from mechlab.rulesets import get_ruleset

    mech = resolve(load_design(find_unit("battledroids/ARC-2R").path), get_ruleset("intro"))
    caps = [str(f) for f in validate(mech) if f.code == "E-ARMOR-CAP"]
    assert caps[0] == ("E-ARMOR-CAP armor.center_torso: 35 front + 10 rear = 45 armor > 44 "
                       "(2 × 22 structure)")
    assert len(caps) == 3


def test_library_names_carry_a_ruleset_and_a_bare_name_means_intro_first():
    assert find_unit("GRF-1N").ruleset == "intro"
    assert find_unit("battledroids/GRF-1N").ruleset == "battledroids"
    assert find_unit("1984/Griffin GRF-1N").label == "battledroids/GRF-1N"
    assert find_unit("intro/GRF-1N").label == "GRF-1N"
    assert find_unit("Merlin").label == "battledroids/Merlin"  # only in 1984
    assert find_unit("intro/Merlin") is None and find_unit("nosuch/GRF-1N") is None
