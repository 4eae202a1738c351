"""Issue 27 and 31 (lane checkspeed): what made `mechlab check` faster must not change any
answer. No timing here (benchmarks/ measures): each test proves that a faster path gives
the same answer as the plain one, checked on MegaMek's own files vendored in tests/data.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from tests_support import DATA

from mechlab.check import check_file
from mechlab.core.design import Design
from mechlab.core.design_schema import validate as validate_design
from mechlab.core.formula import _evaluate, parse
from mechlab.core.record import dump
from mechlab.core.tons import total
from mechlab.files.design_data import read_design_bytes
from mechlab.files.load import read_source
from mechlab.files.mtf import import_mtf_bytes
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset
from mechlab.rulesets.catalogue import table_rows
from mechlab.rulesets.content_level import rules_level
from mechlab.validate import Severity, validate

# MegaMek files of every level the tests vendor (Introductory to Experimental).
FILES = sorted([*(DATA / "megamek").glob("*.mtf"), *(DATA / "megamek-advanced").glob("*.mtf")])


def _read(path: Path):  # type: ignore[no-untyped-def]
    try:
        return read_source(path)
    except ValueError:  # refused or bad input: no design to judge
        return None


def test_the_vendored_files_are_there() -> None:
    assert len(FILES) > 150


def test_a_labelled_design_is_the_design_its_data_validates_into() -> None:
    """The reader hands over the `Design` labelling validated (not validating the labelled
    data again) only where that data validates into an equal design."""
    handed = 0
    for path in FILES:
        try:
            imported = import_mtf_bytes(read_design_bytes(path), str(path))
        except ValueError:
            continue
        if imported.validated is None:
            continue
        handed += 1
        again = validate_design(Design, imported.design)
        assert again == imported.validated, path.name
        assert (dump(again, exclude_defaults=True)
                == dump(imported.validated, exclude_defaults=True)), path.name
    assert handed > 100  # the Standard and Advanced files: most of them


def test_check_without_warnings_has_the_errors_of_every_finding() -> None:
    """`mechlab check` shows no warning and does not work them out: its verdict, codes and
    first error are those of the whole assessment, and the warnings are there when asked
    for."""
    judged, warned = 0, 0
    for path in FILES[::3]:
        source = _read(path)
        if source is None:
            continue
        judged += 1
        mech = resolve(source.design)
        every = validate(mech, source.facts)
        assert validate(mech, source.facts, warnings=False) == [
            f for f in every if f.severity is Severity.ERROR], path.name
        quick, full = check_file(path), check_file(path, warnings=True)
        assert quick == replace(full, warnings=()), path.name
        warned += bool(full.warnings)
    assert judged > 40 and warned > 0  # W-RULES-LEVEL at least


def test_the_static_rules_level_is_the_level_with_its_year_left_out() -> None:
    for path in FILES[::3]:
        source = _read(path)
        if source is None:
            continue
        mech = resolve(source.design)
        with_year = rules_level(mech.design, mech.ruleset)
        static = rules_level(mech.design, mech.ruleset, in_year=False)
        assert static == replace(with_year, in_year=None), path.name


def test_a_sum_of_weights_by_denominator_is_the_exact_sum() -> None:
    draw = random.Random(31)
    for _ in range(500):
        weights = [Fraction(draw.randint(-400, 400), draw.choice([1, 2, 4, 3, 1000]))
                   for _ in range(draw.randint(0, 9))]
        assert total(weights) == sum(weights, Fraction(0))
        assert isinstance(total(weights), Fraction)
    assert total([2, 3]) == 5 and isinstance(total([2, 3]), Fraction)


def test_a_formula_asked_again_gives_what_it_gave_worked_out_anew() -> None:
    """Every formula of the equipment table, at every tonnage, with the remembered
    values and worked out from its tree."""
    formulas = {row[column] for row in table_rows() for column in ("tons", "slots")
                if row[column] and not row[column].replace(".", "").isdigit()
                and " " not in row[column]}
    assert len(formulas) > 10
    for text in sorted(formulas):
        formula = parse(text)
        for tonnage in (10, 25, 55, 100, 150):
            facts: dict[str, Fraction | int] = {
                "tonnage": tonnage, "engine_rating": tonnage * 4, "engine_tons": Fraction(17, 2),
                "df_weapon_tons": Fraction(23, 2), "size": Fraction(3, 2), "cargo_tons": 4,
                "legs": 2, "leg": 0, "turret_tons": Fraction(5, 2), "tons": 3}
            for _ in range(2):  # the second answer is the remembered one
                assert formula(facts) == _evaluate(formula.tree, facts), text


def test_a_division_by_zero_in_a_formula_is_zero_and_nothing_else_is_worked_out() -> None:
    assert parse("tonnage/engine_rating")({"tonnage": 50, "engine_rating": 0}) == 0
    assert parse("tonnage-engine_rating*2")({"tonnage": 50, "engine_rating": 5}) == 40


def test_refusals_remembered_for_one_design_are_not_another_designs() -> None:
    standard = get_ruleset("standard")
    plain = validate_design(Design, {"chassis": "A", "tonnage": 50, "walking_mp": 4,
                                   "ruleset": "standard"})
    xxl = plain.replace(engine=plain.engine.replace(type="xxl"))
    first = standard.refusals(xxl)
    assert first and standard.refusals(plain) == []
    assert standard.refusals(xxl) == first


@pytest.mark.parametrize("name", ["Atlas AS7-K.mtf", "Banshee BNC-5S.mtf"])
def test_what_a_mech_remembers_is_what_it_would_work_out(name: str) -> None:
    source = _read(DATA / "megamek" / name)
    assert source is not None
    mech = resolve(source.design)
    lines = [line.tons for line in mech.weights]
    assert mech.total_tons == sum((t for t in lines if t is not None), Fraction(0))
    assert mech.max_armor == mech.ruleset.max_armor(mech.structure or {})
    paths = [m.path for m in mech.mounts]
    first = [m for i, m in enumerate(mech.mounts) if m.path not in paths[:i]]
    assert list(mech.one_per_entry) == first
    assert mech.item_ids == {m.item.weapon.id for m in mech.mounts}
