"""The rules level computed from a design's content, what sets it, and files judged by
their content rather than their `rules level:` line (issue 26).

Expected values come from outside the code: MegaMek's static levels as tech/PROGRESSION.md
and its worked examples state them, MegaMek's own Battle Values of the vendored files
(megamek-all/INDEX.tsv `megamek_bv`), and the equipment MegaMek has moved into Standard
(the issue: CASE II, X-pulse lasers, Angel ECM, superchargers, coolant pods)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_mtf_standard_read import QUAD
from tests_support import MEGAMEK, mech_of

from mechlab.assess import assess_design
from mechlab.cli import main
from mechlab.files.design_data import design_from_dict
from mechlab.files.load import read_source
from mechlab.files.mtf import import_mtf_bytes
from mechlab.rulesets import get_ruleset
from mechlab.rulesets.content_level import rules_level
from mechlab.rulesets.progression import progression
from mechlab.validate import Severity


def _assessed(name: str, ruleset: str | None = None):
    source = read_source(MEGAMEK / name)
    chosen = get_ruleset(ruleset) if ruleset else None
    return assess_design(source.design, chosen, source.facts)


# (file, declared level, MegaMek's BV, an item that sets the Standard level): each file
# declares level 3 or 4 and mounts only what MegaMek now rates Standard.
STALE = [
    ("Juggernaut JG-R9T2.mtf", "experimental", 1916, "Large X-Pulse Laser"),
    ("Gravedigger GDR-1D.mtf", "advanced", 1707, "CASE II"),
    ("Super Wasp WSP-2A-X.mtf", "experimental", 635, "Supercharger"),
]


@pytest.mark.parametrize(("name", "declared", "bv", "item"), STALE)
def test_a_stale_level_line_is_judged_by_its_content_with_one_warning(name, declared, bv,
                                                                       item):
    assessed = _assessed(name)
    assert assessed.legal and assessed.mech.ruleset.name == "standard"
    assert assessed.values is not None and assessed.values.bv == bv  # MegaMek's BV
    assert (assessed.rules_level.level, assessed.declared_rules_level) == ("standard",
                                                                           declared)
    assert item in assessed.rules_level.set_by
    warnings = [f for f in assessed.findings if f.code == "W-RULES-LEVEL"]
    assert len(warnings) == 1 and warnings[0].severity is Severity.WARNING
    text = str(warnings[0])
    assert "declares rules level" in text and "its content is Standard (level 2" in text
    assert item in text


def test_a_level_1_quad_declared_level_3_is_introductory_content():
    """A file whose content is all Introductory: level introductory, warned, legal."""
    stale = QUAD.replace("rules level:1", "rules level:3")
    imported = import_mtf_bytes(stale.encode(), "q.mtf")
    assessed = assess_design(design_from_dict(imported.design), None, imported.facts)
    assert assessed.rules_level.level == "introductory"
    assert assessed.rules_level.set_by == ()
    assert assessed.declared_rules_level == "advanced"
    assert [f.code for f in assessed.findings if f.code == "W-RULES-LEVEL"] == ["W-RULES-LEVEL"]


def test_a_file_declaring_its_level_truly_gets_no_warning():
    assessed = _assessed("Crab CRB-27b.mtf")
    assert (assessed.rules_level.level, assessed.declared_rules_level) == ("standard",
                                                                           "standard")
    assert "W-RULES-LEVEL" not in [f.code for f in assessed.findings]


def test_what_sets_a_standard_level_is_named_components_and_items_once():
    """PROGRESSION.md's worked example: the Crab CRB-27b is Standard by its ferro-fibrous
    armor, double heat sinks and ER large lasers (its sink slots are not named twice)."""
    level = _assessed("Crab CRB-27b.mtf").rules_level
    assert level.set_by == ("Ferro-Fibrous armor", "Double heat sinks", "ER Large Laser")


def test_the_level_in_the_year_follows_the_progression_stages():
    """PROGRESSION.md: the Crab of 2719 is Standard by static levels but Advanced under
    variable tech levels (its parts in production, not yet common); an Introductory
    'Mech whose parts were all common long before its year stays Introductory."""
    assert _assessed("Crab CRB-27b.mtf").rules_level.in_year == "advanced"
    catapult = _assessed("Catapult CPLT-C1.mtf").rules_level
    assert (catapult.level, catapult.in_year) == ("introductory", "introductory")


def test_progression_stages_of_the_xl_engine():
    """progression.tsv is_engine_xl: prototype 2556, production 2579, common 3045."""
    xl = progression("is_engine_xl")
    assert xl is not None
    assert (xl.inner_sphere.prototype, xl.inner_sphere.production,
            xl.inner_sphere.common) == (2556, 2579, 3045)
    assert [xl.level_in(year, clan=False) for year in (2500, 2560, 2600, 3050)] == [
        None, "experimental", "advanced", "standard"]
    assert xl.prototype_in(2560, clan=False) and not xl.prototype_in(2600, clan=False)


def test_an_approximate_date_is_used_five_years_early():
    """tech/PROGRESSION.md: `~2610` is used as 2605 (is_er_large_laser's prototype)."""
    laser = progression("is_er_large_laser")
    assert laser is not None and laser.inner_sphere.prototype == 2605


def test_clan_and_omni_designs_are_never_introductory(catapult):
    """PROGRESSION.md: a Clan unit never gets INTRO; MegaMek's TA_OMNI is Standard."""
    catapult["ruleset"] = "standard"
    assert rules_level(mech_of(catapult).design).level == "introductory"
    omni = rules_level(mech_of({**catapult, "omni": True}).design)
    assert (omni.level, omni.set_by) == ("standard", ("OmniMech",))
    clan = rules_level(mech_of({**catapult, "tech_base": "clan"}).design)
    assert clan.level == "standard" and clan.set_by[0] == "Clan tech base"


def test_under_a_lower_ruleset_the_content_above_it_is_one_finding():
    """`--ruleset intro` on a Standard file: one E-RULES-LEVEL naming each part the intro
    tables lack, not a pile of unknown items and weight errors."""
    assessed = _assessed("Crab CRB-27b.mtf", "intro")
    assert [f.code for f in assessed.findings] == ["E-RULES-LEVEL"]
    text = str(assessed.findings[0])
    for part in ("Ferro-Fibrous armor (Standard)", "Double heat sinks (Standard)",
                 "ER Large Laser (Standard)"):
        assert part in text
    assert "standard ruleset" in assessed.findings[0].hint


def test_an_intro_file_under_the_standard_ruleset_keeps_its_verdict_and_values():
    """Issue 26: a level-1 file is legal under --ruleset standard, same BV and cost."""
    own, standard = _assessed("Catapult CPLT-C1.mtf"), _assessed("Catapult CPLT-C1.mtf",
                                                                  "standard")
    assert own.legal and standard.legal
    assert own.values is not None and standard.values is not None
    assert (own.values.bv, own.values.cost) == (standard.values.bv, standard.values.cost)


def test_validate_json_names_the_levels():
    result = CliRunner().invoke(main, ["validate", "--json",
                                       str(MEGAMEK / "Juggernaut JG-R9T2.mtf")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)[0]
    assert data["rules_level"] == "standard"
    assert data["declared_rules_level"] == "experimental"
    assert "Coolant Pod" in data["rules_level_set_by"]
    assert data["rules_level_in_year"] in ("introductory", "standard", "advanced",
                                           "experimental", "unofficial")


def test_the_engine_json_carries_the_same_levels():
    from mechlab.export.engine import engine_json

    data = json.loads(engine_json(_assessed("Gravedigger GDR-1D.mtf")))
    assert (data["rules_level"], data["declared_rules_level"]) == ("standard", "advanced")
    assert "CASE II" in data["rules_level_set_by"]
