"""Patchwork armor (issue 27, lane patchwork; Tactical Operations; docs/advanced.md
"Patchwork armor"): a type of armor per location. The corpus's four patchwork files
(tests/data/megamek-advanced/, PATCHWORK_FILES of tests/data/vendor.py) are judged with
MegaMek's BV and the Master Unit List's cost and Alpha Strike cards
(tests/data/advanced_patchwork_values.tsv, alpha_strike_patchwork.tsv); each single-fact
mistake is found with its own code; the file, the design file, the sheet and the engine JSON
carry each location's type."""

from __future__ import annotations

import json
from copy import deepcopy
from fractions import Fraction as F
from typing import Any

import pytest
from tests_support import DATA, fields, published, read_table

from mechlab.assess import Assessment, assess
from mechlab.core.errors import DesignError
from mechlab.core.locations import Location
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import design_to_mtf, import_mtf_bytes
from mechlab.files.mtf.parse import decode
from mechlab.files.yaml_in import load_yaml
from mechlab.files.yaml_out import dump_design
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Text
from mechlab.rulesets import get_ruleset
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

FILES = DATA / "megamek-advanced"
PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_patchwork_values.tsv")}
CARDS = {row["path"].rsplit("/", 1)[-1]: row
         for row in read_table(DATA / "alpha_strike_patchwork.tsv")}
# The codes the tests below break (tests/test_battledroids_rules.py gathers every lane's).
BROKEN = {"E-PATCHWORK-TYPE", "E-PATCHWORK-SLOTS"}
ZEUS = "Zeus X ZEU-X2.mtf"


def judged_file(name: str) -> Assessment:
    imported = import_mtf_bytes((FILES / name).read_bytes(), name)
    return assess(resolve(design_from_dict(imported.design, name)), imported.facts)


def design_of(name: str) -> dict[str, Any]:
    return deepcopy(import_mtf_bytes((FILES / name).read_bytes(), name).design)


def judged(design: dict[str, Any]) -> Assessment:
    return assess(resolve(design_from_dict(design, "unit.yaml")))


def errors(assessed: Assessment) -> list[tuple[str, str]]:
    return [(f.code, f.path) for f in assessed.errors]


# The files: legal where they keep the rules, with MegaMek's BV and the MUL's cost ----------
@pytest.mark.parametrize("name", ["Zeus X ZEU-X2.mtf", "Aquagladius AQS-5 MAM.mtf"])
def test_patchwork_files_are_legal_with_megameks_bv_and_the_muls_cost(name: str) -> None:
    row = PUBLISHED[name]
    assessed = judged_file(name)
    assert assessed.legal, errors(assessed)
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    if row["mul_cost"]:  # the MUL prices no AQS-5 MAM
        assert assessed.values.cost.total == int(row["mul_cost"])


def test_zeus_x_is_illegal_only_for_its_weapons_list_and_valued_as_megamek_values_it() -> None:
    # Its `Weapons:` list puts both X-pulse lasers in the center torso; its slots hold one
    # in the left torso (the file states it twice, differently: RULES.md §7).
    assessed = judged_file("Zeus X ZEU-X.mtf")
    assert set(assessed.error_codes) == {"E-MTF-WEAPONS"}
    row = PUBLISHED["Zeus X ZEU-X.mtf"]
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    assert assessed.values.cost.total == int(row["mul_cost"])


def test_the_spindrift_lacks_its_reactive_and_reflective_slots() -> None:
    # Tactical Operations, MegaMek's ArmorType (IS reactive and reflective: 2 slots in each
    # location wearing them); the XTRO file places none. Its BV is still MegaMek's.
    assessed = judged_file("Spindrift Aquatic SecurityMech SDT-1.mtf")
    assert errors(assessed) == [("E-PATCHWORK-SLOTS", f"armor.slots.{where}") for where in
                                ("left_arm", "right_arm", "left_torso", "right_torso")]
    assert assessed.values is not None
    assert assessed.values.bv == int(PUBLISHED["Spindrift Aquatic SecurityMech SDT-1.mtf"][
        "megamek_bv"])


def test_each_location_weighs_at_its_own_types_points_per_ton_rounded_once() -> None:
    # Zeus X ZEU-X: 120 reactive points at 16 a ton and 127 standard at 16 = 15.4375 t, 15.5 t
    # bought (rounded per location it would be 18.5 t, and the 80 t file 3 t over).
    mech = judged_file("Zeus X ZEU-X.mtf").mech
    assert mech.ruleset.armor_weight(mech.design) == F(247, 16)
    assert mech.armor_tons == F(31, 2)
    # Aquagladius AQS-5 MAM: 96 hardened points at 8 a ton, 48 standard at 16: 15 t.
    mech = judged_file("Aquagladius AQS-5 MAM.mtf").mech
    assert mech.armor_tons == 15


def test_hardened_locations_do_not_slow_the_bv_running_mp() -> None:
    # MegaMek's BV tests the 'Mech's one armor type: AQS-5 MAM's 1,946 is running MP 11 (6
    # walking, TSM), not 10 as a hardened 'Mech's would be. Hardened in every location: the
    # same armor BV as hardened armor, a faster BV running MP.
    design = design_of("Aquagladius AQS-5 MAM.mtf")
    design["armor"]["patchwork"] = dict.fromkeys(design["armor"]["patchwork"], "hardened")
    patchwork = judged(design).values
    design["armor"] = {**design["armor"], "type": "hardened"}
    del design["armor"]["patchwork"]
    hardened = judged(design).values
    assert patchwork is not None and hardened is not None
    assert patchwork.battle_value.armor == hardened.battle_value.armor
    assert patchwork.bv > hardened.bv


# The Spindrift SDT-1's card is left out: it is illegal here (E-PATCHWORK-SLOTS), and its
# armor special is the last test's (none: its reactive and reflective slots are missing). The
# ram plate's file has its own tests (test_advanced_patchwork_ramplate.py).
@pytest.mark.parametrize("name", ["Aquagladius AQS-5 MAM.mtf", "Zeus X ZEU-X2.mtf"])
def test_alpha_strike_cards_are_the_muls(name: str) -> None:
    # Each location's points at its type's factor (AQS-5 MAM: hardened × 2, armor 8); the
    # armor specials of the types whose slots a location holds (ZEU-X2: RCA).
    from mechlab.cards.assessed import alpha_strike_of

    card = alpha_strike_of(judged_file(name))
    assert card is not None
    assert fields(card) == published(CARDS[name])


# Single-fact mistakes, each with its own code ---------------------------------------------
def test_a_location_without_a_type_is_e_patchwork_type() -> None:
    design = design_of(ZEUS)
    del design["armor"]["patchwork"]["head"]
    assert errors(judged(design)) == [("E-PATCHWORK-TYPE", "armor.patchwork.head")]


def test_types_by_location_on_armor_of_one_type_is_e_patchwork_type() -> None:
    design = design_of("Aquagladius AQS-5 MAM.mtf")
    design["armor"]["type"] = "standard"
    assert ("E-PATCHWORK-TYPE", "armor.patchwork") in errors(judged(design))


def test_a_typed_armor_line_in_a_file_of_one_armor_type_is_e_patchwork_type() -> None:
    text = decode((FILES / "Aquagladius AQS-5 MAM.mtf").read_bytes())
    text = text.replace("armor:Patchwork", "armor:Standard(Inner Sphere)", 1)
    imported = import_mtf_bytes(text.encode(), "unit.mtf")
    assessed = assess(resolve(design_from_dict(imported.design, "unit.mtf")), imported.facts)
    assert ("E-PATCHWORK-TYPE", "armor.patchwork") in errors(assessed)


def test_a_location_cannot_itself_be_patchwork() -> None:
    design = design_of("Aquagladius AQS-5 MAM.mtf")
    design["armor"]["patchwork"]["head"] = "patchwork"
    assert ("E-PATCHWORK-TYPE", "armor.patchwork.head") in errors(judged(design))


def test_a_reactive_arm_without_its_two_slots_is_e_patchwork_slots() -> None:
    design = design_of(ZEUS)
    design["armor"]["slots"]["left_arm"] = [7]
    assert errors(judged(design)) == [("E-PATCHWORK-SLOTS", "armor.slots.left_arm")]


def test_reactive_slots_left_in_an_arm_declared_standard_are_e_patchwork_slots() -> None:
    design = design_of(ZEUS)
    design["armor"]["patchwork"]["left_arm"] = "standard"
    assert errors(judged(design)) == [("E-PATCHWORK-SLOTS", "armor.slots.left_arm")]


def test_a_clan_only_type_on_an_inner_sphere_location_is_e_techbase() -> None:
    design = design_of(ZEUS)
    design["armor"]["patchwork"]["head"] = "ferro_lamellor"
    assert ("E-TECHBASE", "armor.patchwork.head") in errors(judged(design))


def test_the_standard_rules_refuse_patchwork_armor() -> None:
    design = design_from_dict(design_of(ZEUS), "unit.yaml")
    refused = {(code, path) for code, path, _ in get_ruleset("standard").refusals(design)}
    assert ("R-COMPONENT", "armor.type") in refused


def test_a_type_word_on_no_table_is_bad_input() -> None:
    design = design_of(ZEUS)
    design["armor"]["patchwork"]["head"] = "mithril"
    with pytest.raises(DesignError, match=r"armor\.patchwork\.head"):
        design_from_dict(design, "unit.yaml")


def test_without_placed_slots_each_types_slots_go_in_its_own_location() -> None:
    design = design_of(ZEUS)
    del design["armor"]["slots"]
    mech = judged(design).mech
    held = sorted(m.location.value for m in mech.mounts if m.path == "armor")
    assert held == sorted(["left_arm", "right_arm", "left_leg", "right_leg"] * 2)
    assert judged(design).legal


# The file, the design file, the sheet and the engine JSON ----------------------------------
def test_export_writes_each_locations_type_and_reads_back_the_same() -> None:
    assessed = judged_file(ZEUS)
    text = design_to_mtf(assessed.mech.design)
    assert "Armor:Patchwork" in text
    assert "LA Armor:Reactive(Inner Sphere):23" in text
    assert "CT Armor:Standard(IS/Clan):37" in text and "RTC Armor:12" in text
    again = assess(resolve(design_from_dict(
        import_mtf_bytes(text.encode(), "again.mtf").design, "again.mtf")))
    assert again.mech.design.armor == assessed.mech.design.armor
    assert again.values is not None and assessed.values is not None
    assert (again.values.bv, again.values.cost.total) == (assessed.values.bv,
                                                          assessed.values.cost.total)


def test_the_design_file_states_each_locations_type() -> None:
    design = design_of("Aquagladius AQS-5 MAM.mtf")
    text = dump_design(design)
    assert "patchwork:" in text
    again = design_from_dict(load_yaml(text), "unit.yaml")
    assert again.armor.patchwork is not None
    assert again.armor.patchwork[Location.LEFT_LEG].type == "standard"
    assert again.armor.patchwork[Location.HEAD].type == "hardened"


def test_the_sheet_names_each_type_with_its_locations_unshrunk() -> None:
    from mechlab.sheet.diagrams import CAPTION_SIZE

    sheet = layout_sheet(judged_file(ZEUS), SheetOptions())
    texts = {t.text: t for t in sheet.page.of_type(Text)}
    line = "Standard: HD, CT, LT, RT; Reactive: LA, RA, LL, RL"
    assert line in texts and "Patchwork" in texts
    assert texts[line].size == CAPTION_SIZE


def test_the_engine_json_gives_each_locations_type_and_nothing_for_one_type() -> None:
    from mechlab.export.engine import engine_json

    armor = json.loads(engine_json(judged_file(ZEUS)))["armor"]
    assert armor["left_arm"]["type"] == {"type": "reactive", "title": "Reactive", "tech": "IS"}
    assert armor["center_torso"] == {"front": 37, "rear": 12, "type": {
        "type": "standard", "title": "Standard", "tech": "IS"}}
    design = design_of(ZEUS)
    design["armor"] = {"type": "standard", **{k: v for k, v in design["armor"].items()
                                              if k not in ("type", "patchwork", "slots")}}
    plain = json.loads(engine_json(judged(design)))["armor"]
    assert "type" not in plain["left_arm"]


def test_types_without_their_slots_give_no_alpha_strike_armor_special() -> None:
    # The MUL's Spindrift SDT-1 card: AFC, BHJ, SEAL, TOR1/1/-, UMU, no RCA nor RFA (MegaMek
    # reads the special from the armor's slots, which the file does not place).
    from mechlab.cards.assessed import alpha_strike_of

    text = decode((FILES / "Spindrift Aquatic SecurityMech SDT-1.mtf").read_bytes())
    assert "LA Armor:Reactive(Inner Sphere):8" in text
    card = alpha_strike_of(judged_file("Spindrift Aquatic SecurityMech SDT-1.mtf"))
    assert card is not None
    published = set(CARDS["Spindrift Aquatic SecurityMech SDT-1.mtf"]["specials"].split(","))
    assert not {"RCA", "RFA"} & (set(card.specials) | published)
