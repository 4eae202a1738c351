"""The stealth systems and the mobility and survival equipment of Tactical Operations and
Interstellar Operations (issue 27, lane stealth; ADVANCED_EQUIPMENT.md §4.2, §4.6, §5, §6;
ADVANCED_BV.md; docs/advanced.md): null-signature, void-signature and chameleon systems, the
Blue Shield, the partial wing, UMUs, HarJel I/II/III, modular armor and the radical heat sink
system. MegaMek's own files are legal with MegaMek's BV and the MUL's cost
(tests/data/advanced_stealth_values.tsv), and each single-fact mistake is found with its own
code."""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest
from tests_support import DATA, fields, judged_mtf, published, read_table

from mechlab.assess import assess
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes
from mechlab.files.mtf.parse import decode
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset

FILES = DATA / "megamek-advanced"
PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_stealth_values.tsv")}


PRICED_BY_THE_JUMP_LINE = {"Jade Hawk JHK-03.mtf"}
# The codes these tests break (tests/test_battledroids_rules.py checks every rule has one):
# the UMU's are Standard rules (its row is level 2), the others Advanced.
BROKEN_STANDARD = {"E-UMU-JUMP", "E-UMU-LOCATION"}
BROKEN = {"E-STEALTH-COMBO", "E-VOID-ECM", "E-SPREAD-COUNT", "E-WING-BOOSTER", "E-WING-QUAD",
          "E-HARJEL-LOCATION", "E-HARJEL-MIXED", "E-HARJEL-COUNT", "E-HARJEL-ARMOR",
          "E-MODULAR-LOCATION", "E-MODULAR-COUNT", "E-MASS-LOCATION"}


# A `.mtf` read by the one reader and judged as `mechlab check` judges it.
judged = judged_mtf


def text_of(name: str) -> str:
    return decode((FILES / name).read_bytes())


def design_of(name: str) -> dict[str, Any]:
    """The design a vendored file states, as a dict to change one fact of."""
    return deepcopy(import_mtf_bytes((FILES / name).read_bytes(), name).design)


def errors_of(design: dict[str, Any]) -> set[str]:
    return assess(resolve(design_from_dict(design, "unit.yaml"))).error_codes


def entry(item: str, location: str) -> dict[str, Any]:
    return {"item": item, "location": location}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_stealth_lane_files_are_legal_with_megameks_bv_and_the_muls_cost(name: str) -> None:
    row = PUBLISHED[name]
    assessed = judged(text_of(name), name)
    assert assessed.legal, [str(f) for f in assessed.findings if f.severity.name == "ERROR"]
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    # Jade Hawk JHK-03: the MUL prices 4 jump MP of jets (its `Jump MP:4` line, the wing's
    # 1 in it), MegaMek's BV and mechlab count its 3 jets (docs/VALUES_DIFFERENCES.md)
    if row["mul_cost"] and name not in PRICED_BY_THE_JUMP_LINE:
        assert assessed.values.cost.total == int(row["mul_cost"])


@pytest.mark.parametrize("name", ["Dark Crow 3.mtf", "Jenner JR10-X.mtf",
                                  "Raptor II RPT-2X.mtf", "Quasimodo QSM-3D.mtf",
                                  "Lament LMT-2R.mtf", "Kuma 4.mtf", "Phoenix Hawk PXH-99.mtf"])
def test_the_standard_rules_refuse_each_advanced_item(name: str) -> None:
    design = judged(text_of(name), name).mech.design
    codes = {code for code, _, _ in get_ruleset("standard").refusals(design)}
    assert "R-ITEM" in codes


def test_a_partial_wing_fills_three_or_four_slots_in_each_side_torso() -> None:
    # ADVANCED_EQUIPMENT.md §4.2: Clan ⌈0.05 T⌉½ t, 3 + 3 slots; IS ⌈0.07 T⌉½ t, 4 + 4.
    for name, per, tons in (("Dark Crow 3.mtf", 3, 3), ("Spider SDR-8X.mtf", 4, 2.5)):
        mech = judged(text_of(name)).mech
        wing = next(m for m in mech.mounts if "Partial Wing" in m.name and not m.piece)
        where = [loc.value for loc, _ in wing.placement]
        assert sorted(set(where)) == ["left_torso", "right_torso"]
        assert where.count("left_torso") == where.count("right_torso") == per
        assert wing.tons == tons  # 55 t × 0.05 = 2.75 → 3; 30 t × 0.07 = 2.1 → 2.5


def test_a_partial_wing_adds_jump_mp_and_heat_capacity_to_bv() -> None:
    # MegaMek's Mek: + 2 jump MP up to 55 t, + 1 above (only with jets), + 3 heat capacity;
    # the jump heat counts the jets only (Dark Crow 3: 6 jets, 55 t → BV jump 8).
    values = judged(text_of("Dark Crow 3.mtf")).values
    assert values is not None
    assert values.battle_value.jumping_mp == 8
    heavy = judged(text_of("Jade Hawk JHK-03.mtf"))  # 75 t, 3 jets
    assert heavy.mech.jumping_mp == 3  # `Jump MP:4` is the jets' 3 and the wing's 1
    assert heavy.values is not None and heavy.values.battle_value.jumping_mp == 4


def test_a_partial_wing_short_of_a_slot_in_the_file_is_illegal() -> None:
    text = text_of("Dark Crow 3.mtf")
    cut = text.replace("CLPartialWing\r\n", "-Empty-\r\n", 1)
    assert cut != text
    assert "E-MTF-SPREAD" in judged(cut).error_codes


def test_a_partial_wing_lifts_the_jump_caps() -> None:
    # ADVANCED_EQUIPMENT.md §4.6 (TestMek correctMovement): jets above Walking MP are legal
    # with a wing, and not without it.
    design = design_of("Dark Crow 3.mtf")
    design["equipment"].append(entry("Jump Jet", "center_torso"))
    design["jumping_mp"] = design["jumping_mp"] + 1
    assert "E-JUMP-GT-WALK" not in errors_of(design)
    design["equipment"] = [e for e in design["equipment"] if "Wing" not in e["item"]]
    assert "E-JUMP-GT-WALK" in errors_of(design)


def test_a_partial_wing_on_a_quad_is_illegal() -> None:
    quad: dict[str, Any] = {
        "chassis": "Wing", "model": "Q", "tonnage": 50, "walking_mp": 4, "config": "quad",
        "ruleset": "advanced", "tech_base": "clan", "heat_sinks": {"count": 10, "type": "double"},
        "equipment": [entry("CLPartialWing", "left_torso")]}
    assert "E-WING-QUAD" in errors_of(quad)
    quad["config"] = "biped"
    assert "E-WING-QUAD" not in errors_of(quad)


def test_two_partial_wings_are_illegal() -> None:
    design = design_of("Dark Crow 3.mtf")
    design["equipment"].append(entry("CLPartialWing", "right_torso"))
    assert "E-SPREAD-COUNT" in errors_of(design)


def test_null_signature_with_a_targeting_computer_is_illegal() -> None:
    design = design_of("Jenner JR10-X.mtf")
    assert "E-STEALTH-COMBO" not in errors_of(design)
    design["equipment"].append(entry("ISTargeting Computer", "right_arm"))
    assert "E-STEALTH-COMBO" in errors_of(design)


def test_null_signature_with_stealth_armor_is_illegal() -> None:
    design = design_of("Jenner JR10-X.mtf")
    design["armor"]["type"] = "stealth"
    design["armor"].pop("slots", None)
    assert "E-STEALTH-COMBO" in errors_of(design)


def test_chameleon_with_null_signature_is_legal_but_not_with_void_signature() -> None:
    # §5: MegaMek tests no chameleon + null-signature pair (Exterminator EXT-4C has both).
    assert judged(text_of("Exterminator EXT-4C.mtf")).legal
    design = design_of("Raptor II RPT-2X.mtf")
    design["equipment"].append(entry("Chameleon Light Polarization Shield", "right_torso"))
    assert "E-STEALTH-COMBO" in errors_of(design)


def test_void_signature_without_ecm_is_illegal() -> None:
    design = design_of("Raptor II RPT-2X.mtf")
    design["equipment"] = [e for e in design["equipment"] if "ECM" not in e["item"]]
    assert "E-VOID-ECM" in errors_of(design)


def test_stealth_armor_without_ecm_is_illegal_with_its_own_code() -> None:
    design = design_of("Raptor II RPT-2X.mtf")
    design["equipment"] = [e for e in design["equipment"] if "Void" not in e["item"]]
    design["armor"]["type"] = "stealth"
    design["armor"].pop("slots", None)
    assert "E-STEALTH-ECM" not in errors_of(design)
    design["equipment"] = [e for e in design["equipment"] if "ECM" not in e["item"]]
    assert "E-STEALTH-ECM" in errors_of(design)


def test_void_signature_raises_the_bv_tmm_to_three() -> None:
    # ADVANCED_BV.md §2.6: Raptor II RPT-2X runs 8 (MASC 12 → TMM 4)… its defensive factor
    # is that of TMM max(run, jump) unchanged above 3; a slower copy gets TMM 3.
    design = design_of("Raptor II RPT-2X.mtf")
    design["walking_mp"] = 2
    design["equipment"] = [e for e in design["equipment"] if e["item"] != "MASC"]
    values = assess(resolve(design_from_dict(design, "x"))).values
    assert values is not None
    assert values.battle_value.defensive_factor == pytest.approx(1.3)


def test_umus_with_jump_jets_or_in_an_arm_are_illegal() -> None:
    design = design_of("Aquagladius AQS-3.mtf")
    design["equipment"].append(entry("Jump Jet", "center_torso"))
    design["jumping_mp"] = 1
    assert "E-UMU-JUMP" in errors_of(design)
    design = design_of("Aquagladius AQS-3.mtf")
    design["equipment"].append(entry("ISUMU", "right_arm"))
    assert "E-UMU-LOCATION" in errors_of(design)


def test_umus_move_a_mech_for_bv_and_cost_as_jump_jets() -> None:
    # ADVANCED_BV.md §1, §2.6: Aquagladius AQS-3 (50 t, 5 UMUs): UMU TMM 2 without the jump
    # +1; the MUL prices UMUs as jump jets (200 × 50 × 5²).
    assessed = judged(text_of("Aquagladius AQS-3.mtf"))
    assert assessed.mech.jumping_mp == 0
    assert assessed.values is not None
    costs = dict(assessed.values.cost.components)
    assert costs["UMUs"] == 200 * 50 * 25


def test_harjel_in_the_cockpit_location_is_illegal() -> None:
    design = design_of("Aquagladius AQS-3.mtf")
    design["equipment"].append(entry("IS HarJel", "head"))
    assert "E-HARJEL-LOCATION" in errors_of(design)


def test_harjel_ii_with_harjel_iii_or_twice_in_a_location_is_illegal() -> None:
    design = design_of("Kuma 4.mtf")
    design["equipment"].append(entry("HarJel III Self-Repair System", "left_leg"))
    assert "E-HARJEL-MIXED" in errors_of(design)
    design = design_of("Kuma 4.mtf")
    design["equipment"].append(entry("HarJel II Self-Repair System", "left_arm"))
    assert "E-HARJEL-COUNT" in errors_of(design)


def test_harjel_ii_over_hardened_armor_is_illegal() -> None:
    design = design_of("Kuma 4.mtf")
    design["armor"]["type"] = "hardened"
    design["armor"].pop("slots", None)
    assert "E-HARJEL-ARMOR" in errors_of(design)


def test_modular_armor_in_the_head_or_twice_in_a_location_is_illegal() -> None:
    design = design_of("Phoenix Hawk PXH-99.mtf")
    design["equipment"].append(entry("ISModularArmor", "head"))
    assert "E-MODULAR-LOCATION" in errors_of(design)
    design = design_of("Phoenix Hawk PXH-99.mtf")
    design["equipment"].append(entry("ISModularArmor", "left_leg"))
    assert "E-MODULAR-COUNT" in errors_of(design)


def test_the_radical_heat_sink_system_adds_four_tenths_of_the_sinks() -> None:
    # ADVANCED_BV.md §3.2 (MegaMek's getHeatCapacity): Lament LMT-2R, 15 double sinks:
    # 30 + ⌈0.4 × 15⌉ = 36.
    values = judged(text_of("Lament LMT-2R.mtf")).values
    assert values is not None
    bv = values.battle_value
    assert bv.heat_capacity == 2 * bv.heat_sinks + -(-2 * bv.heat_sinks // 5)


def test_the_blue_shield_fills_a_slot_in_every_location_but_the_head() -> None:
    mech = judged(text_of("Quasimodo QSM-3D.mtf")).mech
    shield = next(m for m in mech.mounts if "Blue Shield" in m.name and not m.piece)
    assert sorted(loc.value for loc, _ in shield.placement) == sorted(
        loc.value for loc in mech.design.locations if loc.value != "head")


def test_a_signature_system_file_writes_back_as_megamek_reads_it(tmp_path: Path) -> None:
    from mechlab.files.mtf import design_to_mtf

    for name in ("Jenner JR10-X.mtf", "Dark Crow 3.mtf"):
        text = design_to_mtf(judged(text_of(name)).mech.design)
        again = judged(text)
        assert again.legal and again.values is not None
        assert again.values.bv == int(PUBLISHED[name]["megamek_bv"])


# The UMU's and the Blue Shield's cards (they had none until lane cards90): tests/
# test_advanced_cards90.py checks them against the MUL's.


CARDS = {Path(row["path"]).name: row for row in read_table(DATA / "alpha_strike_stealth.tsv")}


@pytest.mark.parametrize("name", sorted(CARDS))
def test_alpha_strike_cards_are_the_muls(name: str) -> None:
    # ADVANCED_BV.md §6–§7: STL and the signature heat (null-signature, chameleon), MAS
    # (void-signature), the partial wing's jump and heat, RHS, BHJ2, modular armor's points
    # and MV.
    from mechlab.cards.assessed import alpha_strike_of

    card = alpha_strike_of(judged(text_of(name)))
    assert card is not None
    assert fields(card) == published(CARDS[name])


def test_harjel_gives_the_alpha_strike_special_bhj() -> None:
    # ADVANCED_BV.md §7.3 (the MUL's Blackjack BJ2-OU: BHJ, no PV term).
    from mechlab.cards.assessed import alpha_strike_of

    design = design_of("Kuma 4.mtf")
    design["equipment"] = [entry("Clan HarJel", e["location"]) if "HarJel" in e["item"] else e
                           for e in design["equipment"]]
    card = alpha_strike_of(assess(resolve(design_from_dict(design, "x"))))
    assert card is not None and "BHJ" in card.specials


def test_engine_json_moves_with_the_partial_wing_and_the_umus() -> None:
    import json

    import jsonschema

    from mechlab.export.engine import engine_json
    from mechlab.export.schema import FORMAT_VERSION

    schema = json.loads((DATA / f"engine-v{FORMAT_VERSION}.schema.json").read_text())
    for name, move in (("Dark Crow 3.mtf", (6, 8, 2, 0)), ("Aquagladius AQS-3.mtf", (6, 0, 0, 5))):
        data = json.loads(engine_json(judged(text_of(name))))
        jsonschema.validate(data, schema)
        got = data["movement"]
        assert (got["walking_mp"], got["jumping_mp"], got["partial_wing_jump_mp"],
                got["umu_mp"]) == move


def test_mass_outside_the_cockpit_location_is_illegal() -> None:
    # ADVANCED_EQUIPMENT.md §6: the head here; the center torso with a torso-mounted cockpit.
    design = design_of("Aquagladius AQS-3.mtf")
    design["equipment"].append(entry("ISMASS", "head"))
    assert "E-MASS-LOCATION" not in errors_of(design)
    design["equipment"][-1] = entry("ISMASS", "left_leg")
    assert "E-MASS-LOCATION" in errors_of(design)
    torso = design_of("Jenner JR10-X.mtf")  # a torso-mounted cockpit
    torso["equipment"].append(entry("ISMASS", "head"))
    assert "E-MASS-LOCATION" in errors_of(torso)


def test_a_partial_wing_with_a_mechanical_jump_booster_is_illegal() -> None:
    # ADVANCED_EQUIPMENT.md §4.2. The booster's own row cannot be sized yet (its weight is a
    # phrase in equipment.tsv: lane physical), so the booster joins a resolved 'Mech's mounts.
    from dataclasses import replace

    from mechlab.validate.stealth import partial_wing_not_with_booster

    mech = judged(text_of("Dark Crow 3.mtf")).mech
    assert not list(partial_wing_not_with_booster(mech))
    booster = mech.ruleset.catalog.item("is_mech_mechanical_jump_boosters")
    leg = next(m for m in mech.mounts if m.item.kind.name == "JUMP_JET")
    boosted = replace(mech, mounts=(*mech.mounts, replace(leg, id=999, item=booster)))
    assert [f.code for f in partial_wing_not_with_booster(boosted)] == ["E-WING-BOOSTER"]
