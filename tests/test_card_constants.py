"""The Alpha Strike constants (alpha_strike.yaml) typed once: every value of the type its
field states, exact fractions, read-only, and a file that misspells or drops a key refused
with the key's path."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import FrozenInstanceError, dataclass
from fractions import Fraction

import pytest

from mechlab.cards import constants as tables
from mechlab.cards.as_constants import AlphaStrikeConstants, WeaponFamily, constants


def test_alpha_strike_constants_are_typed_exact_and_read_only():
    c = constants()
    assert isinstance(c, AlphaStrikeConstants) and constants() is c  # read once
    assert c.pv.low_k == Fraction(1, 10) and c.one_shot_factor == Fraction(1, 10)
    assert c.mml_share["LRM"] == (0, Fraction(1, 2), 1)
    assert c.family("lrm") == WeaponFamily(kind="LRM", indirect=True)
    assert c.family("no_such_family") == WeaponFamily()
    assert c.skill.worse.divisor == 10 and c.card.critical_hits[0].boxes == 1
    assert c.cluster_hits_on_7[20] == 12 and c.size[0] == (40, 1)
    with pytest.raises(FrozenInstanceError):
        c.unit_type = "CV"  # type: ignore[misc]
    with pytest.raises(TypeError):
        c.families["lrm"] = WeaponFamily()  # type: ignore[index]


@dataclass(frozen=True)
class Step:
    bound: int
    factor: Fraction


@dataclass(frozen=True)
class Shape:
    steps: tuple[Step, ...]
    names: Mapping[str, tuple[str, ...]]


@pytest.mark.parametrize(("data", "message"), [
    ({"steps": [{"bound": 1, "factor": "1/2"}]}, "missing ['names']"),
    ({"steps": [], "names": {}, "extra": 1}, "unknown ['extra']"),
    ({"steps": [{"bound": 1, "factr": "1/2"}], "names": {}}, "t.yaml.steps[0]: unknown ['factr']"),
    ({"steps": [{"bound": "x", "factor": 1}], "names": {}},
     "t.yaml.steps[0].bound: 'x' is not int"),
    ({"steps": [{"bound": True, "factor": 1}], "names": {}}, "True is not int"),
    ({"steps": [], "names": {"a": "b"}}, "t.yaml.names.a: 'b' is not a list"),
])
def test_a_data_file_that_does_not_fit_its_shape_is_refused_with_the_path(monkeypatch, data,
                                                                           message):
    monkeypatch.setattr(tables, "table", lambda name: data)
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")
                       .replace("(", r"\(")):
        tables.typed_table("t", Shape)


def test_a_fitting_data_file_is_built_exactly(monkeypatch):
    monkeypatch.setattr(tables, "table", lambda name: {
        "steps": [{"bound": 4, "factor": "3/4"}], "names": {"x": ["a", "b"]}})
    assert tables.typed_table("t", Shape) == Shape((Step(4, Fraction(3, 4)),), {"x": ("a", "b")})
