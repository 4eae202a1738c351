"""`mechlab new`: every starter it agrees to write is legal as written."""

from __future__ import annotations

import pytest

from mechlab.load import design_from_dict
from mechlab.resolve import resolve
from mechlab.rulesets import get_ruleset
from mechlab.starter import StarterError, starter_design
from mechlab.validate import is_legal, validate

RULESET = get_ruleset("intro")


@pytest.mark.parametrize("tonnage", list(RULESET.tonnages))
def test_every_accepted_starter_is_legal(tonnage):
    written = 0
    for walk in range(1, RULESET.max_engine_rating // tonnage + 1):
        for jump in sorted({0, walk}):
            try:
                design = starter_design(RULESET, tonnage, walk, jump)
            except StarterError as refusal:
                assert "Walking MP" in str(refusal) or "slower engine" in str(refusal)
                continue
            mech = resolve(design_from_dict(design))
            assert is_legal(validate(mech)), (tonnage, walk, jump)
            assert mech.total_tons == tonnage
            written += 1
    assert written > 0


@pytest.mark.parametrize(("tonnage", "walk", "jump", "message"), [
    (67, 4, 0, "not on the table"),
    (50, 9, 0, "Walking MP must be 1–8"),
    (50, 4, 5, "Jumping MP 5 > Walking MP 4"),
])
def test_impossible_starters_are_refused_with_the_reason(tonnage, walk, jump, message):
    with pytest.raises(StarterError, match=message):
        starter_design(RULESET, tonnage, walk, jump)
