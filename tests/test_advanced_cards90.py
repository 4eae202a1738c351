"""The Alpha Strike conversion's Advanced and Experimental pieces (issues 27 and 28, lane
cards90): the UMU's `s` move with UMU and SUBS#/SUBW#, the QuadVee's `qt`/`qw` move, QV
and TUR block, a superheavy's LG in the defense factor, a shield's SHLD point-value terms,
REL as a damage special, the Blue Shield, modular armor's jump, the Mek taser's point in S,
the TUR block's own specials, RSD# — each vendored design's card against the Master Unit
List's (tests/data/alpha_strike_cards90.tsv), and each rule broken alone moving the card as
the rule says (ALPHA_STRIKE.md §2, ADVANCED_BV.md §6–§8, MegaMek's ASMovementConverter,
ASDamageConverter and ASPointValueConverter read as facts)."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from pathlib import Path

import pytest
from tests_support import AS_FIELDS, DATA, card_of, fields, judged_mtf, published, read_table

from mechlab.files.mtf import design_to_mtf
from mechlab.files.mtf.parse import decode

FOLDERS = (DATA / "megamek-advanced", DATA / "megamek-configurations")
CARDS = {Path(row["path"]).name: row for row in read_table(DATA / "alpha_strike_cards90.tsv")}
# docs/VALUES_DIFFERENCES.md, the fields that differ (Quasimodo QSM-3D's card is the MUL's
# since the one catalogue types its variable-speed pulse lasers once: issue 26);
# Cauldron-Born U's two LRT-15 with 8 shots each: ×0.75 for short ammunition, 1.35 → TOR1/1/1
# as MegaMek's converter rounds, where the MUL prints TOR2/2/2 (its torpedo cards round
# neither way throughout: docs/cards.md).
MUL_DIFFERS = {"Cauldron-Born (Ebon Jaguar) U.mtf": {"pv", "specials"}}


def text_of(name: str) -> str:
    path = next(folder / name for folder in FOLDERS if (folder / name).is_file())
    return decode(path.read_bytes())


def without(text: str, pattern: str) -> str:
    """The file with every line matching `pattern` dropped (its slots left `-Empty-`)."""
    return re.sub(rf"(?m)^{pattern}\r?$", "-Empty-\r", text)


@pytest.mark.parametrize("name", sorted(set(CARDS) - set(MUL_DIFFERS)))
def test_a_lane_design_converts_to_the_muls_card(name: str) -> None:
    assert fields(card_of(text_of(name))) == published(CARDS[name])


@pytest.mark.parametrize("name", sorted(MUL_DIFFERS))
def test_a_listed_difference_is_only_where_the_docs_say(name: str) -> None:
    mine, theirs = fields(card_of(text_of(name))), published(CARDS[name])
    assert {f for f in AS_FIELDS if mine[f] != theirs[f]} == MUL_DIFFERS[name]


def test_umus_move_underwater_in_their_own_mode() -> None:
    # ALPHA_STRIKE.md §2 step 3: 2" a UMU MP, `/#"s`, never merged with the ground move;
    # SUBW# / SUBS# from the TMM difference, as JMPW/JMPS (Mad Cat U: 10"/8"s, SUBW1).
    text = text_of("Mad Cat (Timber Wolf) U.mtf")
    card = card_of(text)
    assert (card.ground, card.umu, card.mv) == (10, 8, '10"/8"s')
    assert {"UMU", "SUBW1"} <= set(card.specials)
    dry = card_of(without(text, r"CLUMU \(omnipod\)"))
    assert (dry.umu, dry.mv) == (0, '10"')
    assert not {"UMU", "SUBW1"} & set(dry.specials)


def test_the_fastest_mode_is_the_umus_when_it_is_faster() -> None:
    # ASPointValueConverter: the defensive value counts the highest move of any mode.
    from mechlab.cards.point_value import defensive

    card = card_of(text_of("Aquagladius AQS-3.mtf"))
    faster = dataclasses.replace(card, umu=card.ground + 8)
    assert faster.highest_move == card.ground + 8
    assert defensive(faster) - defensive(card) == Fraction(8, 8)


def test_a_quadvee_moves_in_its_vehicle_modes_letters_and_prints_qv() -> None:
    # ADVANCED_BV.md §6, §7.1, §7.3: `qw` on wheels, `qt` on tracks (the motive item in its
    # legs, as its sheet's vehicle mode), QV, and every weapon in the TUR block.
    text = text_of("Notos A.mtf")
    wheeled = card_of(text)
    assert wheeled.mv == '10"qw' and "QV" in wheeled.specials
    tracked = card_of(re.sub(r"(?m)^Wheels\r?$", "Tracks\r", text))
    assert tracked.mv == '10"qt'
    turret = next(s for s in wheeled.specials if s.startswith("TUR("))
    assert turret.startswith(f"TUR({wheeled.s}/{wheeled.m}/{wheeled.l}")


@pytest.mark.parametrize(("name", "line"), [("Notos A.mtf", "Motive:Wheel"),
                                            ("Arion (Standard).mtf", "Motive:Track")])
def test_a_quadvees_motive_line_is_written_from_its_legs(name: str, line: str) -> None:
    # MegaMek reads a QuadVee's motive from the `Motive:` line (without it: tracks), so the
    # export writes it, after `Myomer:`, from the tracks or wheels the legs mount.
    written = design_to_mtf(judged_mtf(text_of(name)).mech.design).splitlines()
    assert line in written
    assert written.index(line) == next(
        i for i, w in enumerate(written) if w.startswith("Myomer:")) + 1
    assert card_of("\r\n".join(written)).mv == card_of(text_of(name)).mv


def test_a_superheavy_defends_one_step_lower() -> None:
    # ASPointValueConverter: LG takes 1 from the defense factor's r (OMEGA SHP-4X: 61).
    from mechlab.cards.point_value import defense_factor

    card = card_of(text_of("OMEGA SHP-4X.mtf"))
    assert "LG" in card.specials
    light = dataclasses.replace(card, specials=tuple(s for s in card.specials if s != "LG"))
    r = card.tmm
    assert defense_factor(light) == 1 + Fraction(1, 10) * r
    assert defense_factor(card) == 1 + Fraction(1, 10) * (r - 1)


def test_a_shield_costs_offense_and_adds_a_third_of_the_armor() -> None:
    # ASPointValueConverter: SHLD × 0.9 on the offensive value, + ⌊A ÷ 3⌋ defensive.
    from mechlab.cards.point_value import defensive, offensive

    card = card_of(text_of("Colossus CLS-4S.mtf"))
    bare = dataclasses.replace(card, specials=tuple(s for s in card.specials if s != "SHLD"))
    assert offensive(card) == offensive(bare) * Fraction(9, 10)
    assert defensive(card) - defensive(bare) == card.armor // 3


def test_rel_needs_the_re_engineered_lasers_m_to_reach_1() -> None:
    # MegaMek's ASDamageConverter: REL qualifies as LRM does. Victor VTR-12D: two medium
    # (1.2): REL; Marauder II MAD-10D: one large (0.9), heat-scaled: none.
    assert "REL" in card_of(text_of("Victor VTR-12D.mtf")).specials
    assert "REL" not in card_of(text_of("Marauder II MAD-10D.mtf")).specials
    victor = text_of("Victor VTR-12D.mtf")
    one = re.sub(r"(?m)^Medium Re-engineered Laser\r?$", "-Empty-\r", victor, count=2)
    assert "REL" not in card_of(one).specials  # one medium: 0.6


def test_the_blue_shield_explodes_on_the_card() -> None:
    # MegaMek counts the Blue Shield explosive: the MUL's Quasimodo QSM-3D prints no ENE.
    text = text_of("Quasimodo QSM-3D.mtf")
    assert "ENE" not in card_of(text).specials
    assert "ENE" in card_of(without(text, "Blue Shield Particle Field Damper")).specials


def test_modular_armor_costs_a_jumping_mp_and_no_move_goes_below_0() -> None:
    # MegaMek's jump MP with modular armor; ASMovementConverter's floor (PXH-99: 0"/2"j).
    text = text_of("Phoenix Hawk PXH-99.mtf")
    card = card_of(text)
    assert (card.ground, card.jump) == (0, 2)
    bare = card_of(without(text, "ISModularArmor"))
    assert bare.jump == card.jump + 2


def test_the_mek_taser_deals_its_point_in_s() -> None:
    # Aquagladius AQS-3: the taser alone reaches S: 0*.
    card = card_of(text_of("Aquagladius AQS-3.mtf"))
    assert str(card.s) == "0*" and "MTAS1" in card.specials


def test_a_turret_block_carries_its_items_specials() -> None:
    # MegaMek assigns TAG, TSEMP#, HT to every block an item counts in (the MUL's Ares
    # ARS-V1 Aphrodite TUR(7/7/5,IF1,TAG), Poseidon TUR(…,TSEMP1), Sarath TUR(…,HT2/2/-)).
    for name, inner in (("Ares ARS-V1 Aphrodite.mtf", "TAG"),
                        ("Poseidon PSD-V2.mtf", "TSEMP1"),
                        ("Sarath SRTH-1OB.mtf", "HT2/2/-")):
        turret = next(s for s in card_of(text_of(name)).specials if s.startswith("TUR("))
        assert inner in turret[4:-1].split(","), (name, turret)


def test_rsd_counts_the_dispensers() -> None:
    text = text_of("Revenant UBM-2R4.mtf")
    assert "RSD2" in card_of(text).specials
    one = re.sub(r"(?m)^RemoteSensorDispenser\r?$", "-Empty-\r", text, count=1)
    assert "RSD1" in card_of(one).specials


def test_no_card_for_a_weapon_without_values_says_which() -> None:
    from mechlab.cards.assessed import alpha_strike_of, why_no_card

    assessed = judged_mtf(text_of("Bull Shark BSK-M3.mtf"))
    assert alpha_strike_of(assessed) is None
    assert "Improved Autocannon" in why_no_card(assessed.mech)
