"""`mechlab new`: every starter is legal as written, judged against RULES.md's own text.

`starter_design` refuses what the validator rejects, so asking the validator whether
the starters it accepts are legal could never fail. These tests check the starters
against an independent oracle instead: the tables of RULES.md (typed as data in
tests/data/), and the book's arithmetic written out in the test.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from tests_support import DATA, read_table

from mechlab.rulesets import get_ruleset
from mechlab.starter import StarterError, starter_design

RULESET = get_ruleset("intro")
TONNAGES = range(20, 101, 5)  # RULES.md 1.1
OPEN_SLOTS = 1 + 2 + 12 + 12 + 8 + 8 + 2 + 2  # RULES.md 1.6 table, "open" column (all actuators)


def _rules_tables() -> tuple[dict[int, Fraction], dict[int, list[int]]]:
    """RULES.md's Fusion Engine Table (rating → tons) and Internal Structure Table, as
    typed in tests/data/ from RULES.md 1.2 and 1.1."""
    engines = {int(row["rating"]): Fraction(row["tons"])
               for row in read_table(DATA / "rules_fusion_engines.tsv")}
    structure = {int(row["tons"]): [int(row[k]) for k in ("center_torso", "side_torso", "arm",
                                                          "leg")]
                 for row in read_table(DATA / "rules_internal_structure.tsv")}
    assert len(engines) == 78 and len(structure) == 17  # the tables whole
    engines[305] = Fraction(39, 2)  # RULES.md's table drops 305; seed 000 p. 57: "305 GM 19.5"
    return engines, structure


def _jet_tons(tonnage: int) -> Fraction:  # RULES.md 1.3
    return Fraction(1, 2) if tonnage <= 55 else Fraction(1) if tonnage <= 85 else Fraction(2)


def _ceil_half(value: Fraction) -> Fraction:
    return Fraction(math.ceil(value * 2), 2)


def _armor_caps(structure: list[int]) -> dict[str, int]:
    """RULES.md 1.5: 2 × structure per location (torso front + rear together), head 9."""
    ct, side, arm, leg = structure
    return {"head": 9, "center_torso": 2 * ct, "left_torso": 2 * side,
            "right_torso": 2 * side, "left_arm": 2 * arm, "right_arm": 2 * arm,
            "left_leg": 2 * leg, "right_leg": 2 * leg}


_ITEM_TONS = {"Medium Laser": Fraction(1), "Small Laser": Fraction(1, 2)}  # RULES.md 1.7


@pytest.mark.parametrize("tonnage", list(TONNAGES))
def test_every_starter_weighs_its_tonnage_and_fits_by_the_books_arithmetic(tonnage):
    engines, structure_table = _rules_tables()
    caps = _armor_caps(structure_table[tonnage])
    accepted = set()
    for walk in range(1, 400 // tonnage + 1):
        for jump in sorted({0, walk}):
            rating = tonnage * walk
            base = (Fraction(tonnage, 10) + 3 + engines[rating] + math.ceil(rating / 100)
                    + _jet_tons(tonnage) * jump)
            try:
                design = starter_design(RULESET, tonnage, walk, jump)
            except StarterError:
                _assert_refusal_is_justified(tonnage, rating, base, caps)
                continue
            accepted.add(walk)
            armor = design["armor"]
            points = {loc: v if isinstance(v, int) else v["front"] + v["rear"]
                      for loc, v in armor.items()}
            assert all(points[loc] <= cap for loc, cap in caps.items()), (tonnage, walk)
            items = [(e["item"], e.get("count", 1)) for e in design["equipment"]]
            sinks = design["heat_sinks"]
            total = (base + (sinks - 10) + _ceil_half(Fraction(sum(points.values()), 16))
                     + sum(_ITEM_TONS[item] * n for item, n in items))
            assert total == tonnage, (tonnage, walk, jump)
            slotted_sinks = sinks - min(sinks, rating // 25)  # RULES.md 1.4
            assert sum(n for _, n in items) + slotted_sinks + jump <= OPEN_SLOTS
    assert len(accepted) >= 2  # every tonnage gets starters at several speeds


def _assert_refusal_is_justified(tonnage: int, rating: int, base: Fraction,
                                 caps: dict[str, int]) -> None:
    """A starter is refused only when no design of this speed exists (the engine leaves no
    half ton for armor), or when the tons left after maximum armor outnumber the open
    slots that one-ton lasers and sinks could fill."""
    free = tonnage - base
    if free < Fraction(1, 2):
        return
    left = free - _ceil_half(Fraction(sum(caps.values()), 16))
    # one-ton medium lasers, a small laser for an odd half ton, and the slotted free sinks
    needing_slots = math.ceil(left) + 10 - min(10, rating // 25)
    assert needing_slots > OPEN_SLOTS, (tonnage, rating, left)


@pytest.mark.parametrize(("tonnage", "walk", "jump", "message"), [
    (67, 4, 0, "not on the table"),
    (50, 9, 0, "Walking MP must be 1–8"),
    (50, 4, 5, "Jumping MP 5 > Walking MP 4"),
])
def test_impossible_starters_are_refused_with_the_reason(tonnage, walk, jump, message):
    with pytest.raises(StarterError, match=message):
        starter_design(RULESET, tonnage, walk, jump)
