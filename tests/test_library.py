"""The bundled unit library: the Introductory Rulebook's 'Mechs, all legal as printed."""

from __future__ import annotations

import pytest

from mechlab.library import find_unit, library
from mechlab.load import load_design
from mechlab.resolve import resolve
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


def test_every_library_unit_validates_under_intro():
    illegal = [u.name for u in library() if not is_legal(validate(resolve(load_design(u.path))))]
    assert illegal == []


def test_no_library_unit_needs_a_known_violation():
    """units/README.md: the printed designs all keep to the rules; the list is empty."""
    waived = {u.name: load_design(u.path).known_violations for u in library()}
    assert {name: v for name, v in waived.items() if v} == {}


def test_units_are_filed_by_weight_class():
    classes = {"light": range(20, 40), "medium": range(40, 60), "heavy": range(60, 80),
               "assault": range(80, 101)}
    for unit in library():
        assert unit.tonnage in classes[unit.group], unit.path.name


def test_library_names_match_loosely():
    assert find_unit("catapult cplt-c1").model == "CPLT-C1"
    assert find_unit("Atlas AS7-D").model == "AS7-D"
