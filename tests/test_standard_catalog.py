"""The Standard ruleset's equipment catalog (tech/equipment.tsv) and its size formulas,
checked against STANDARD_RULES.md's tables and tech/EQUIPMENT.md's worked examples."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from tests_support import SHARED

from mechlab.core.equipment import ItemKind, UnknownItemError
from mechlab.core.formula import FormulaError, parse
from mechlab.files.design_data import DesignError, design_from_dict
from mechlab.rulesets import get_ruleset
from mechlab.rulesets.standard import Standard
from mechlab.rulesets.standard.catalog import (
    MisplacedComponentError,
    StandardCatalog,
    table_rows,
)

SHARED_TABLE = SHARED / "tech" / "equipment.tsv"


@pytest.fixture(scope="module")
def catalog() -> StandardCatalog:
    ruleset = get_ruleset("standard")
    assert isinstance(ruleset, Standard)
    return ruleset.catalog


def test_standard_is_found_by_the_names_players_use() -> None:
    assert get_ruleset("tw") is get_ruleset("techmanual") is get_ruleset("standard")


def test_the_catalogue_is_the_shared_tables_rows_once() -> None:
    # The one catalogue (issue 26): tech/equipment.tsv's 691 rows, then the 34 level-3/4
    # weapon and ammunition rows of tech/equipment_advanced.tsv less the three that typed an
    # item of the first a second time (tests/test_catalogue_one.py), then one block per lane
    # of issue 27 (`# lane …`).
    text = (Path(__file__).parents[1] / "mechlab" / "rulesets" / "catalogue"
            / "equipment.tsv").read_text(encoding="utf-8")
    assert text.startswith("# The one catalogue of items (issue 26)")
    rows = text.splitlines()
    first_lane = next(i for i, r in enumerate(rows) if r.startswith("# lane"))
    lanes = [r for r in rows[first_lane:] if not r.startswith("#")]
    assert len(table_rows()) == 691 + 34 - 3 + len(lanes)
    if SHARED_TABLE.exists():
        shared = SHARED_TABLE.read_text(encoding="utf-8").splitlines()
        assert text.count("\n# equipment: " + shared[0].lstrip("# ")) == 1  # its source line


@pytest.mark.parametrize(("text", "facts", "value"), [
    # tech/EQUIPMENT.md's examples
    ("ceil(tonnage/15)", {"tonnage": 75}, 5),
    ("ceil(df_weapon_tons/4)", {"df_weapon_tons": 19}, 5),
    ("max(1,round(tonnage*0.05))", {"tonnage": 55}, 3),  # 2.75 → 3
    ("max(1,round(tonnage/20))", {"tonnage": 50}, 3),  # 2.5 rounds half up
    ("max(1,round(tonnage*0.04))", {"tonnage": 20}, 1),
    ("0.5+ceil_half(tonnage/20)", {"tonnage": 55}, Fraction(7, 2)),  # blade, §9.4 table
    ("1+ceil(tonnage/20)", {"tonnage": 55}, 4),
    ("ceil_half(engine_tons/10)", {"engine_tons": Fraction(19, 2)}, 1),
    ("1.725*ceil(tonnage/10+1)", {"tonnage": 50}, Fraction(1035, 100)),
])
def test_formulas_evaluate_exactly(text: str, facts: dict[str, int], value: Fraction) -> None:
    assert parse(text)(facts) == value


@pytest.mark.parametrize("text", ["__import__('os')", "tonnage**2", "see notes", "foo(1)"])
def test_anything_else_is_no_formula(text: str) -> None:
    with pytest.raises(FormulaError):
        parse(text)


def test_every_size_cell_of_the_table_is_a_number_a_formula_or_a_phrase() -> None:
    for row in table_rows():
        for column in ("tons", "slots"):
            cell = row[column]
            if " " in cell or cell.replace(".", "").isdigit():
                continue
            parse(cell)


@pytest.mark.parametrize(("name", "tech", "item_id"), [
    ("ER Large Laser", "inner_sphere", "is_er_large_laser"),
    ("ER Large Laser", "clan", "cl_er_large_laser"),
    ("ER Large Laser", "mixed_clan", "cl_er_large_laser"),
    ("CLERLargeLaser", "inner_sphere", "cl_er_large_laser"),  # the prefix names the version
    ("Clan ER Large Laser", "inner_sphere", "cl_er_large_laser"),
    ("ER Medium Laser (Clan)", "mixed_is", "cl_er_medium_laser"),
    ("is_er_large_laser", "clan", "is_er_large_laser"),  # an id is exact
    ("ISAntiPersonnelPod", "clan", "anti_personnel_pods_a_pods"),  # §1.2: `All` despite IS
    ("Medium Laser", "clan", "medium_laser"),
    ("Med. Laser", "inner_sphere", "medium_laser"),  # RULES.md §3 spellings
    ("Ammo (LRM 15)", "inner_sphere", "lrm_15_ammo"),
    ("Ammo (LRM 15)", "clan", "cl_lrm_15_ammo"),
    ("Ammo (Machine Gun) (1/2)", "inner_sphere", "half_machine_gun_ammo"),
    ("LRM 15 (OS)", "inner_sphere", "lrm_15_os"),
    ("Double Heat Sink", "inner_sphere", "is_double_heat_sink"),
    ("Double Heat Sink", "clan", "cl_double_heat_sink"),
    ("CLDouble Heat Sink", "inner_sphere", "cl_double_heat_sink"),
    ("Improved Jump Jet", "clan", "cl_improved_jump_jet"),
    ("ISMASC", "inner_sphere", "is_masc"),
    ("MASC", "clan", "cl_masc"),
    ("ISCASE", "inner_sphere", "is_case"),
    ("Supercharger (Clan)", "clan", "supercharger"),
    # MegaMek's `Weapons:` list names (its display names)
    ("AMS", "clan", "cl_anti_missile_system"),
    ("C3 Master with TAG", "inner_sphere", "is_c3_computer_master"),
    ("Clan TAG", "clan", "cl_tag_clan"),
])
def test_names_resolve_by_tech_base(catalog: StandardCatalog, name: str, tech: str,
                                    item_id: str) -> None:
    assert catalog.lookup(name, tech).weapon.id == item_id


def test_every_megamek_spelling_resolves_to_its_row(catalog: StandardCatalog) -> None:
    for row in table_rows():
        if row["id"] in ("is_triple_strength_myomer", "is_industrial_triple_strength_myomer"):
            continue  # a spread component: `myomer: tsm`, never listed (tested below)
        for spelling in filter(None, row["mtf_names"].split("|")):
            tech = "clan" if row["tech_base"] == "Clan" else "inner_sphere"
            assert catalog.lookup(spelling, tech).weapon.id == row["id"], spelling


def test_items_carry_the_tables_columns(catalog: StandardCatalog) -> None:
    gauss = catalog.lookup("Gauss Rifle", "clan")
    assert (gauss.kind, gauss.weapon.tons, gauss.weapon.slots) == (ItemKind.WEAPON, 12, 6)
    assert gauss.weapon.explosive == "yes" and gauss.weapon.tech_base == "Clan"
    masc = catalog.lookup("MASC", "inner_sphere")
    assert masc.kind is ItemKind.EQUIPMENT
    assert masc.sized({"tonnage": 55}) == (3, 3)  # §8.2 table
    assert catalog.lookup("MASC", "clan").sized({"tonnage": 65}) == (3, 3)
    sword = catalog.lookup("Sword")
    assert sword.kind is ItemKind.PHYSICAL and sword.sized({"tonnage": 75}) == (4, 5)
    ammo = catalog.lookup("Ammo (AC/10)")
    assert ammo.kind is ItemKind.AMMO and ammo.shots == 10 and ammo.name == "AC/10 Ammo"
    lrm = catalog.lookup("LRM 15", "clan")
    assert lrm.uses_ammo and catalog.lookup("LRM 15 Ammo", "clan").feeds(lrm)


def test_unknown_items_suggest_the_closest_names(catalog: StandardCatalog) -> None:
    with pytest.raises(UnknownItemError, match="did you mean 'Gauss Rifle'"):
        catalog.lookup("Gaus Rifle")
    with pytest.raises(MisplacedComponentError, match="set structure: endo_steel"):
        catalog.lookup("Endo Steel")
    with pytest.raises(MisplacedComponentError, match="set myomer: tsm"):
        catalog.lookup("TSM")


BASE = {"chassis": "Test", "model": "T-1", "tonnage": 50, "walking_mp": 4,
        "ruleset": "standard"}


def test_the_standard_design_fields_have_intro_defaults() -> None:
    design = design_from_dict(dict(BASE, ruleset="intro"))
    assert (design.tech_base, design.config, design.omni, design.engine.type, design.gyro,
            design.cockpit, design.structure.type, design.armor.type,
            design.heat_sinks.count, design.heat_sinks.type, design.myomer.type) == (
        "inner_sphere", "biped", False, "standard", "standard", "standard", "standard",
        "standard", 10, "single", "standard")


def test_the_standard_design_fields_read_as_players_write_them() -> None:
    design = design_from_dict(dict(
        BASE, tech_base="clan", omni=True, base_chassis_heat_sinks=12, engine="XL",
        structure="Endo Steel", armor={"type": "ferro-fibrous", "head": 9},
        heat_sinks={"count": 15, "type": "double"}, myomer="standard", gyro="standard",
        equipment=[{"item": "ER Large Laser", "location": "right_arm", "pod": True}]))
    assert design.engine.type == "xl" and design.structure.type == "endo_steel"
    assert design.armor.type == "ferro_fibrous" and design.heat_sinks.type == "double"
    assert design.equipment[0].pod and design.base_chassis_heat_sinks == 12


def test_a_quad_has_four_legs_and_no_arms() -> None:
    quad = design_from_dict(dict(BASE, config="quad", armor={"front_left_leg": 10},
                                 equipment=[{"item": "Medium Laser", "location": "FRL"}]))
    assert quad.equipment[0].location.value == "front_right_leg"
    with pytest.raises(DesignError, match="a quad has no such location: equipment"):
        design_from_dict(dict(BASE, config="quad",
                              equipment=[{"item": "Medium Laser", "location": "left_arm"}]))
    with pytest.raises(DesignError, match=r"a biped has no such location: armor\.front_left_leg"):
        design_from_dict(dict(BASE, armor={"front_left_leg": 10}))


@pytest.mark.parametrize(("config", "part", "where"), [
    ("quad", "structure", "left_arm"), ("quad", "myomer", "right_arm"),
    ("quad", "armor", "left_arm"), ("biped", "structure", "front_left_leg")])
def test_spread_slots_in_a_location_the_configuration_lacks_are_bad_input(
        config: str, part: str, where: str) -> None:
    """Issue 31: a quad's `structure.slots` naming an arm crashed in the slot placement."""
    types = {"structure": "endo_steel", "myomer": "tsm", "armor": "ferro_fibrous"}
    with pytest.raises(DesignError, match=rf"a {config} has no such location: "
                                          rf"{part}\.slots\.{where} "):
        design_from_dict(dict(BASE, config=config,
                              **{part: {"type": types[part], "slots": {where: 2}}}))


def test_an_unknown_item_in_a_standard_design_is_bad_input_with_suggestions() -> None:
    with pytest.raises(DesignError, match="did you mean 'ER Large Laser'"):
        design_from_dict(dict(BASE, equipment=[{"item": "ER Lrge Laser",
                                                "location": "right_arm"}]))
