"""The Advanced and Experimental weapons whose rules are the Standard rules' (issue 27,
ADVANCED_EQUIPMENT.md §1: re-engineered and variable-speed pulse lasers, Bombast laser,
Blazer, Enhanced PPC, HVAC/10, the Clan improved weapons, TSEMP, the Mek taser): catalogue
rows admitted at their own rules level, judged on MegaMek's own files and checked against
MegaMek's BV and the Master Unit List's cost (tests/data/advanced_equipment_values.tsv)."""

from __future__ import annotations

import pytest
from test_advanced import judged, vendored
from tests_support import DATA, read_table

from mechlab.rulesets import catalogue_ruleset, get_ruleset

PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_equipment_values.tsv")}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_files_with_advanced_weapons_are_legal_with_megameks_bv_and_the_muls_cost(
        name: str) -> None:
    row = PUBLISHED[name]
    assessed = judged(vendored(name), name)
    assert assessed.legal, [str(f) for f in assessed.findings if f.severity.name == "ERROR"]
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    assert assessed.values.cost.total == int(row["mul_cost"])


def _item_refusals(ruleset: str, name: str) -> set[str]:
    design = judged(vendored(name), name).mech.design
    return {text for code, _, text in get_ruleset(ruleset).refusals(design) if code == "R-ITEM"}


def test_the_standard_rules_refuse_a_re_engineered_laser_and_the_advanced_rules_admit_it() -> None:
    assert any("Re-engineered" in text for text in _item_refusals("standard", "Ebony MEB-13.mtf"))
    assert not _item_refusals("advanced", "Ebony MEB-13.mtf")


def test_the_advanced_rules_refuse_an_experimental_weapon_and_experimental_admits_it() -> None:
    # ADVANCED_EQUIPMENT.md §1, equipment_advanced.tsv: the Mek taser is rules level 4.
    assert any("Taser" in text for text in _item_refusals("advanced", "Morrigan 3.mtf"))
    assert not _item_refusals("experimental", "Morrigan 3.mtf")


def test_the_level_3_files_spellings_name_their_rows() -> None:
    # tech/equipment_aliases.tsv: MegaMek's further spellings, in the catalogue's rows.
    catalog = catalogue_ruleset().catalog
    assert catalog.lookup("ISAngelECM", "inner_sphere").weapon.id == "angel_ecm_suite"
    assert catalog.lookup("Heavy Rifle", "inner_sphere").weapon.id == "is_rifle_cannon_heavy"
    # The catalogue types the large VSP laser once (issue 26): MegaMek's spellings of it
    # all name that row.
    assert catalog.lookup("Large VSP", "inner_sphere").weapon.id == "is_large_vsp_laser"
