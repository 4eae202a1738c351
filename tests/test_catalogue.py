"""One catalogue, rulesets as restrictions of it (issue 26).

The oracles: MegaMek's own Introductory files (legal in MegaMek at rules level 1, and so
at level 2: the Standard rules include every Introductory item, TechManual p. 33), and
the Introductory values the library publishes, which the Standard rules must not move.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest
from tests_support import CORPUS, MEGAMEK, REPO, needs_corpus, sweep, swept

from mechlab.assess import Assessment, assess_design
from mechlab.cards.assessed import alpha_strike_of
from mechlab.cards.ccg import ccg_card
from mechlab.files.load import read_source
from mechlab.rulesets import RULESETS, get_ruleset, ladder, least_admitting

# MegaMek's level-1 files vendored in tests/data/megamek/ (their `Rules Level:1` line).
INTRO_FILES = ("Catapult CPLT-C1.mtf", "Locust LCT-1V.mtf", "Warhammer WHM-6R.mtf")


def _judged(path: Path, ruleset: str | None) -> Assessment:
    source = read_source(path)
    return assess_design(source.design, get_ruleset(ruleset) if ruleset else None,
                         source.facts)


def _values(assessed: Assessment) -> tuple[object, ...]:
    """BV, cost and both cards, without the fields that name the ruleset."""
    values = assessed.values
    assert values is not None
    card = alpha_strike_of(assessed)
    assert card is not None
    ccg = ccg_card(assessed, "x")
    return (values.bv, values.cost.total, values.cost.dry,
            dataclasses.replace(card, ruleset="", illegal=()),
            dataclasses.replace(ccg, ruleset="", illegal=()))


def _same_under_standard(path: Path) -> None:
    intro, standard = _judged(path, None), _judged(path, "standard")
    assert intro.mech.ruleset.name == "intro", path.name
    assert intro.legal, (path.name, intro.error_codes)
    assert standard.legal, (path.name, [str(f) for f in standard.errors])
    assert _values(standard) == _values(intro), path.name


@pytest.mark.parametrize("name", INTRO_FILES)
def test_an_introductory_megamek_file_is_legal_under_standard_with_the_same_values(name):
    """No false E-MTF-WEAPONS (the symptom of issue 26: Archer ARC-2K under --ruleset
    standard): one reader and one set of source rules, whichever ruleset judges."""
    _same_under_standard(MEGAMEK / name)


@needs_corpus
@pytest.mark.slow
@sweep
def test_all_282_introductory_megamek_files_are_legal_under_standard_with_the_same_values():
    files = sorted(CORPUS.glob("*.mtf"))
    assert len(files) == 282
    for path in swept(files):
        _same_under_standard(path)


def test_the_reader_labels_a_design_with_the_least_ruleset_that_admits_it():
    """STANDARD_RULES.md §0.1: a file wholly on the Introductory tables is an intro design;
    a Clan one (Balius D, MegaMek level 2) a Standard one."""
    assert read_source(MEGAMEK / "Catapult CPLT-C1.mtf").design.ruleset == "intro"
    balius = read_source(MEGAMEK / "Balius D.mtf").design
    assert balius.ruleset == "standard"
    assert least_admitting(lambda ruleset: balius).name == "standard"


def test_the_ladder_is_intro_standard_advanced_experimental():
    assert [r.name for r in ladder()] == ["intro", "standard", "advanced", "experimental"]
    # each admits what the one below it admits (a restriction chain, python-chess variants)
    for lower, higher in zip(ladder(), ladder()[1:], strict=False):
        assert isinstance(higher, type(lower)) or lower.ladder_level == 1
    catapult = read_source(MEGAMEK / "Catapult CPLT-C1.mtf").design
    assert all(not r.admission_problems(catapult) for r in ladder())


# Ruleset names and aliases: a string constant a module compares with, or asks the
# registry for, is a branch on a ruleset's name.
_NAMES = {n for cls in RULESETS for n in (cls.name, *cls.aliases)}
_PACKAGE = REPO / "mechlab"


def _name_branches(text: str, where: str) -> list[str]:
    tree = ast.parse(text)
    found = []
    for node in ast.walk(tree):
        constants: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            constants = [node.left, *node.comparators]
            involved = ast.unparse(node)
            if "ruleset" not in involved.lower():
                continue
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("get_ruleset"):
            constants = list(node.args)
        elif isinstance(node, ast.MatchValue):
            constants = [node.value]
        for constant in constants:
            elements = (constant.elts if isinstance(constant, ast.Tuple | ast.Set | ast.List)
                        else [constant])
            if any(isinstance(e, ast.Constant) and e.value in _NAMES for e in elements):
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_outside_rulesets_branches_on_a_ruleset_name():
    """Generic code asks the ruleset (its facts, methods, `ladder_level`), never its name:
    no comparison of a ruleset with a name or alias, no `get_ruleset("…")` by name."""
    files = [p for p in _PACKAGE.rglob("*.py") if "rulesets" not in p.relative_to(_PACKAGE).parts]
    assert len(files) > 100
    branches = [b for path in files for b in _name_branches(
        path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))]
    assert branches == []


def test_the_name_branch_scan_finds_a_branch():
    """The scan above can fail: it finds each kind of branch in a module that has them."""
    sample = ('def f(mech, get_ruleset):\n'
              '    if mech.ruleset.name == "standard":\n'
              '        return get_ruleset("intro")\n'
              '    return mech.design.ruleset in ("tw", "x")\n')
    assert len(_name_branches(sample, "sample.py")) == 3


def _xl_design(tech_base: str) -> dict[str, object]:
    return {"ruleset": "standard", "chassis": "Test", "model": "XL", "tonnage": 50,
            "walking_mp": 5, "tech_base": tech_base, "engine": {"type": "xl", "tech": "clan"},
            "heat_sinks": 10, "equipment": [{"item": "Medium Laser", "location": "left_arm"}]}


def test_a_version_the_tech_base_cannot_have_is_a_finding_not_dropped():
    """STANDARD_RULES.md §1.3: only a Mixed unit chooses a component's version; a Clan XL
    on an Inner Sphere 'Mech is reported (it was ignored, and export wrote `XL (Clan)`)."""
    from tests_support import findings_of

    codes = [f"{f.code} {f.path}" for f in findings_of(_xl_design("inner_sphere"))]
    assert "E-TECHBASE engine.tech" in codes
    mixed = [f"{f.code} {f.path}" for f in findings_of(_xl_design("mixed_is"))]
    assert not any(c.startswith("E-TECHBASE") for c in mixed)
