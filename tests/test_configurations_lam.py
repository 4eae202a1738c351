"""Land-air 'Mechs (issue 28, lane lam; CONFIGURATIONS.md, ADVANCED_BV.md §2.6–§3.3, §5,
§7.4, §8): the corpus's 21 LAM files judged against MegaMek's BV, the MUL's cost and
Alpha Strike cards (tests/data/lam_values.tsv, from INDEX.tsv and the MUL); the
conversion equipment's slots and weight, the other modes' movement, the `.mtf` round
trip, and a design that breaks each construction rule a LAM adds."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from tests_support import read_table

from mechlab.assess import assess, assess_design
from mechlab.core.locations import Location
from mechlab.files.load import design_from_dict, load_design
from mechlab.files.mtf import design_to_mtf
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.values.bv import battle_value
from mechlab.values.cost import cost

DATA = Path(__file__).parent / "data"
FILES = DATA / "megamek-lams"
VALUES = {row["file_name"]: row for row in read_table(DATA / "lam_values.tsv")}
# The one LAM file that stays illegal, and why: Wasp LAM WSP-110 (TRO 3085) weighs 33 t on a
# 30 t chassis by MegaMek's own weights (composite structure 1.5, engine 5.5, cockpit 3, gyro 2,
# jets 2.5, armor 6.5, medium VSP laser 4, five bomb bays 5, conversion equipment 3).
ILLEGAL = {"Wasp LAM WSP-110.mtf": "E-TONNAGE-OVER"}
# The one card that differs from the MUL's: Waneta S-WN-2LAM's long damage (mechlab 3, the
# MUL 2); docs/advanced.md "Land-air 'Mechs".
CARD_DIFFERS = {"Waneta S-WN-2LAM.mtf"}
# The codes of the rules a LAM adds that the tests below break
# (tests/test_battledroids_rules.py counts them).
BROKEN = {"E-CONFIG-TONNAGE", "E-CONFIG-JUMP", "E-CONFIG-OMNI", "E-CONFIG-COMPONENT",
          "E-CONFIG-ITEM", "E-CONFIG-SPLIT", "E-CONFIG-ACTUATOR"}


def _mech(name: str) -> Mech:
    return resolve(load_design(FILES / name))


@pytest.mark.parametrize("name", sorted(set(VALUES) - set(ILLEGAL)))
def test_the_corpus_lams_are_legal_with_megameks_bv(name: str) -> None:
    assessed = assess(_mech(name))
    assert assessed.legal, [str(f) for f in assessed.findings]
    assert battle_value(assessed.mech).base == int(VALUES[name]["megamek_bv"])


def test_the_wasp_wsp_110_is_three_tons_over_as_megamek_weighs_it() -> None:
    assessed = assess(_mech("Wasp LAM WSP-110.mtf"))
    assert assessed.error_codes == (ILLEGAL["Wasp LAM WSP-110.mtf"],)
    assert "33 t > 30 t" in str(assessed.errors[0])
    assert battle_value(assessed.mech).base == int(VALUES["Wasp LAM WSP-110.mtf"]["megamek_bv"])


@pytest.mark.parametrize("name", sorted(n for n, row in VALUES.items() if row["mul_cost"]))
def test_a_lams_cost_is_the_muls(name: str) -> None:
    # MekCostCalculator: the conversion equipment costs (structure + equipment) × ¾, a bimodal
    # LAM's × 0.65; bomb bays are not priced.
    assert cost(_mech(name)).total == int(VALUES[name]["mul_cost"])


def test_a_lam_has_landing_gear_and_avionics_in_its_fixed_slots() -> None:
    mech = _mech("Phoenix Hawk LAM PHX-HK2.mtf")
    slots = {loc: [s.name if s.mount is None else s.mount.name
                   for s in mech.critical_slots[loc]] for loc in mech.locations}
    for torso in (Location.LEFT_TORSO, Location.RIGHT_TORSO):
        assert slots[torso][:2] == ["Landing Gear", "Avionics"]
    assert slots[Location.HEAD][3] == "Avionics"
    assert slots[Location.CENTER_TORSO][10] == "Landing Gear"  # after engine and gyro
    # A small cockpit's second Sensors moves down to slot 5 (every corpus small cockpit).
    small = _mech("Yurei S-YR-1LAM.mtf")
    head = [s.name for s in small.critical_slots[Location.HEAD]]
    assert head[:5] == ["Life Support", "Sensors", "Cockpit", "Avionics", "Sensors"]


@pytest.mark.parametrize(("name", "tons"), [("Phoenix Hawk LAM PHX-HK2.mtf", 5),
                                            ("Shadow Hawk LAM SHD-X1.mtf", 9)])
def test_the_conversion_equipment_weighs_a_tenth_or_a_bimodals_three_twentieths(
        name: str, tons: int) -> None:
    # TestMek getWeightMisc: ⌈50 × 0.1⌉ = 5; a bimodal LAM's ⌈55 × 0.15⌉ = 9.
    weights = {str(w.group): w.tons for w in _mech(name).weights}
    assert weights["Conversion equipment"] == tons


def test_airmech_and_fighter_movement_in_the_engine_json_and_readout() -> None:
    from mechlab.export.engine import engine_json
    from mechlab.readout import technical_readout

    assessed = assess(_mech("Phoenix Hawk LAM PHX-HK2.mtf"))
    movement = json.loads(engine_json(assessed))["movement"]
    # LandAirMek: AirMech walk ⌈5 × 0.33⌉ = 2, run 3, cruise 3 × 5 = 15, flank ⌈22.5⌉ = 23
    # (ADVANCED_BV.md §9.2); fighter safe thrust = jump MP 5, maximum ⌈7.5⌉ = 8.
    assert movement["airmech"] == {"walking_mp": 2, "running_mp": 3, "cruise_mp": 15,
                                   "flank_mp": 23}
    # LandAirMek getAeroLocation; SI: the center torso's structure, 16 at 50 t.
    assert movement["fighter"] == {
        "safe_thrust": 5, "max_thrust": 8, "structural_integrity": 16,
        "locations": {"nose": ["head", "center_torso"], "left_wing": ["left_torso", "left_arm"],
                      "right_wing": ["right_torso", "right_arm"],
                      "aft": ["left_leg", "right_leg"]}}
    assert "AirMech MP: walk 2, run 3, cruise 15, flank 23" in technical_readout(assessed)
    bimodal = json.loads(engine_json(assess(_mech("Shadow Hawk LAM SHD-X1.mtf"))))
    assert bimodal["configuration"] == "lam_bimodal"
    assert bimodal["movement"]["airmech"] is None
    assert (bimodal["movement"]["fighter"]["safe_thrust"],
            bimodal["movement"]["fighter"]["max_thrust"]) == (3, 5)


@pytest.mark.parametrize("name", sorted(VALUES))
def test_a_lam_written_back_to_mtf_reads_as_the_same_design(name: str) -> None:
    from mechlab.files.mtf import design_from_mtf_bytes

    design = load_design(FILES / name)
    text = design_to_mtf(design)
    kind = "Bimodal" if design.config == "lam_bimodal" else "Standard"
    assert "Config:LAM" in text and f"LAM:{kind}" in text
    assert design_from_mtf_bytes(text.encode(), name) == design


CARD_FIELDS = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure")


@pytest.mark.parametrize("name", sorted(n for n, row in VALUES.items() if row["pv"]))
def test_a_lams_alpha_strike_card_is_the_muls(name: str) -> None:
    from mechlab.cards.assessed import alpha_strike_of

    card = alpha_strike_of(assess(_mech(name)))
    assert card is not None
    row = VALUES[name]
    ours = (str(card.pv), str(card.sz), card.mv, str(card.tmm), str(card.s), str(card.m),
            str(card.l), str(card.ov), str(card.armor), str(card.structure))
    # the MUL's specials keep its own order (`LAM(…),JMPW1`): compare them as a set
    same = (ours == tuple(row[f] for f in CARD_FIELDS)
            and set(card.specials) == set(row["specials"].split(",")))
    assert same != (name in CARD_DIFFERS), (ours, card.specials, row)
    assert any(re.fullmatch(r'(LAM\(\d+"g/\d+a\)|BIM\(\d+a\))', s) for s in card.specials)


def test_the_trading_card_game_refuses_a_lam_in_one_line() -> None:
    from mechlab.cards.games import get_game

    why = get_game("ccg").refuses(_mech("Phoenix Hawk LAM PHX-HK2.mtf"))
    assert why is not None and "land-air 'Mech" in why and "\n" not in why


def _lam(**changes: Any) -> dict[str, Any]:
    design: dict[str, Any] = {"chassis": "L", "model": "1", "ruleset": "advanced",
                              "tonnage": 50, "walking_mp": 5, "jumping_mp": 5, "config": "lam"}
    design.update(changes)
    return design


def test_a_plain_lam_is_legal_and_the_standard_rules_refuse_it() -> None:
    from mechlab.core.errors import DesignError

    assert assess_design(design_from_dict(_lam())).legal
    assert assess_design(design_from_dict(_lam(config="lam_bimodal"))).legal
    with pytest.raises(DesignError, match=r"R-COMPONENT .*Advanced rules.*Land-Air 'Mech"):
        design_from_dict(_lam(ruleset="standard"))


@pytest.mark.parametrize(("changes", "code"), [
    # TestMek: "LAMs cannot be larger than 55 tons"; correctMovement: jump MP ≥ 3.
    ({"tonnage": 60, "walking_mp": 4, "jumping_mp": 4}, "E-CONFIG-TONNAGE"),
    ({"jumping_mp": 2}, "E-CONFIG-JUMP"),
    ({"omni": True}, "E-CONFIG-OMNI"),
    # standard or compact fusion; standard, compact or heavy-duty gyro; no slot-taking
    # structure or armor; never hardened armor; no torso-mounted or many-slot cockpit
    ({"engine": {"type": "xl"}}, "E-CONFIG-COMPONENT"),
    ({"gyro": "xl"}, "E-CONFIG-COMPONENT"),
    ({"structure": {"type": "endo_steel"}}, "E-CONFIG-COMPONENT"),
    ({"armor": {"type": "ferro_fibrous"}}, "E-CONFIG-COMPONENT"),
    ({"armor": {"type": "hardened"}}, "E-CONFIG-COMPONENT"),
    ({"cockpit": "command_console"}, "E-CONFIG-COMPONENT"),
    # no physical weapon, no supercharger; at most 20 bomb bays
    ({"equipment": [{"item": "Hatchet", "location": "right_arm"}]}, "E-CONFIG-ITEM"),
    ({"equipment": [{"item": "Supercharger", "location": "center_torso"}]}, "E-CONFIG-ITEM"),
    ({"tonnage": 55, "walking_mp": 4, "jumping_mp": 4, "equipment": [
        {"item": "Bomb Bay", "location": loc} for loc in ("left_torso", "right_torso",
                                                          "left_arm", "right_arm")
        for _ in range(6)][:21]}, "E-CONFIG-ITEM"),
    # nothing split between locations; spreadable TSM in one location only
    ({"equipment": [{"item": "AC/20", "location": "right_torso",
                     "split": {"location": "right_arm", "slots": 2}}]}, "E-CONFIG-SPLIT"),
    ({"myomer": {"type": "tsm"}}, "E-CONFIG-SPLIT"),
    # upper and lower arm actuators in both arms
    ({"actuators": {"left_arm": {"lower_arm": False, "hand": False}}}, "E-CONFIG-ACTUATOR"),
])
def test_a_lam_breaking_a_construction_rule_is_illegal(changes: dict[str, Any],
                                                       code: str) -> None:
    assert code in assess_design(design_from_dict(_lam(**changes))).error_codes


@pytest.mark.parametrize("name", ["Phoenix Hawk LAM PHX-HK2.mtf", "Shadow Hawk LAM SHD-X1.mtf",
                                  "Waneta S-WN-1LAM.mtf"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_lam_sheet_prints_its_modes_fighter_block_and_si_pips(name: str,
                                                                  paper: str) -> None:
    from test_sheet_geometry import check_sheet, check_texts

    from mechlab.render.geometry import Circle, Text
    from mechlab.sheet.options import SheetOptions
    from mechlab.sheet.styles import layout_sheet

    mech = _mech(name)
    sheet = layout_sheet(assess(mech), SheetOptions(paper=paper))
    check_sheet(mech, sheet)  # every pip inside its part, counts equal to the values
    check_texts(sheet)
    texts = [t.text for t in sheet.page.of_type(Text)]
    bimodal = mech.design.config == "lam_bimodal"
    # MegaMekLab's PrintMek: "Land-Air 'Mech Record Sheet", "Bimodal …"; a bimodal LAM's
    # AirMech fields are em dashes.
    title = ("BIMODAL " if bimodal else "") + "LAND-AIR 'MECH RECORD SHEET"
    assert title in texts and "FIGHTER MODE" in texts
    cruise = texts[texts.index("AirMech C/F:") + 1]
    assert (cruise == "\u2014") == bimodal and texts[texts.index("Thrust S/M:") + 1] == (
        f"{mech.jumping_mp} / {-(-mech.jumping_mp * 3 // 2)}")
    assert "Avionics Hits" in texts and "Landing Gear" in texts
    assert "Aero Gunnery:" in texts and "Aero Piloting:" in texts  # the LAM crew panel
    # LandAirMek getAeroLocation: the nose is the head and the center torso, …
    nose = texts.index("Nose")
    assert texts[nose + 1] == "HD+CT" and texts[nose + 2] == str(
        mech.armor_front(Location.HEAD) + mech.armor_front(Location.CENTER_TORSO))
    # … and its structural integrity the center torso's structure (PrintMek drawSIPips), a
    # circle at each of the sheet's SI pips.
    assert mech.structure is not None and "SI" in texts
    assert len(sheet.si_pips) == mech.structure[Location.CENTER_TORSO]
    circles = {(c.cx, c.cy) for c in sheet.page.of_type(Circle)}
    assert set(sheet.si_pips) <= circles


@pytest.mark.parametrize("style", ["quickstart", "battledroids"])
def test_the_other_sheets_refuse_a_lam_in_one_line_naming_the_standard_style(style: str
                                                                             ) -> None:
    from mechlab.core.errors import DesignError
    from mechlab.sheet.options import SheetOptions
    from mechlab.sheet.styles import layout_sheet

    with pytest.raises(DesignError, match=r"cannot print a bimodal land-air 'Mech .*"
                                          r"--style standard"):
        layout_sheet(assess(_mech("Shadow Hawk LAM SHD-X1.mtf")), SheetOptions(style=style))


def test_the_bv_explanation_names_the_airmech_flank_it_reads() -> None:
    from mechlab.values.bv_report import explain_bv

    text = "\n".join(explain_bv(battle_value(_mech("Phoenix Hawk LAM PHX-HK2.mtf"))))
    # ADVANCED_BV.md §9.2: F = ⌈3 × 5 × 1.5⌉ = 23; TMM 5 + 1; speed 8 + round(11.5) = 20.
    assert "TMM(AirMech flank 23) + 1 = 6" in text
    assert "run 8 + round(AirMech flank 23 ÷ 2) = mpSF 20" in text


def test_a_lam_line_of_another_type_is_bad_input_in_one_line() -> None:
    from mechlab.core.errors import DesignError
    from mechlab.files.mtf import design_from_mtf_bytes

    text = (FILES / "Yurei S-YR-1LAM.mtf").read_bytes().replace(b"lam:Standard",
                                                                 b"lam:Trimodal")
    with pytest.raises(DesignError,
                       match=r"line 16: LAM: 'Trimodal' is not one of Standard, Bimodal"):
        design_from_mtf_bytes(text, "Yurei.mtf")


def test_a_lam_line_over_a_quads_blocks_is_bad_input_in_one_line() -> None:
    from test_mtf_standard_read import QUAD

    from mechlab.core.errors import DesignError
    from mechlab.files.mtf import design_from_mtf_bytes

    with pytest.raises(DesignError, match=r"Config: lam with a quad's location blocks"):
        design_from_mtf_bytes(QUAD.replace("Config:Quad", "Config:LAM").encode(), "x.mtf")


def test_a_lam_file_without_its_landing_gear_contradicts_its_configuration(tmp_path: Path
                                                                          ) -> None:
    from mechlab.files.load import read_source

    raw = (FILES / "Phoenix Hawk LAM PHX-HK2.mtf").read_bytes()
    bad = raw.replace(b"Left Torso:\r\nLanding Gear\r\n", b"Left Torso:\r\nHeat Sink\r\n", 1)
    assert bad != raw
    (tmp_path / "x.mtf").write_bytes(bad)
    source = read_source(tmp_path / "x.mtf")
    # LandAirMek's constructor: landing gear in slot 1 of each side torso (E-MTF-FIXED).
    assert "E-MTF-FIXED" in assess(resolve(source.design), source.facts).error_codes
