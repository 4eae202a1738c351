"""The Alpha Strike conversion of the Advanced components (issue 27; ADVANCED_BV.md §6–§8,
MegaMek's ASArmStrConverter, ASPointValueConverter and ASSpecialAbilityConverter read as
facts): each vendored Advanced design's card equals the Master Unit List's, field by
field (tests/data/alpha_strike_advanced.tsv), and each rule broken alone moves the card as
the rule says."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction as F
from pathlib import Path

import pytest
from tests_support import ALL, DATA, MEGAMEK, NO_ALL, read_table

from mechlab.assess import Assessment, assess
from mechlab.cards.alpha_strike import alpha_strike_card
from mechlab.cards.as_card import AlphaStrikeCard
from mechlab.cards.export import alpha_strike_data
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes
from mechlab.files.mtf.parse import decode
from mechlab.model.resolve import resolve

ADVANCED = MEGAMEK.parent / "megamek-advanced"
CARDS = {Path(row["path"]).name: row for row in read_table(DATA / "alpha_strike_advanced.tsv")}
FIELDS = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
          "specials")
# docs/VALUES_DIFFERENCES.md: Epimetheus Prime's file is no OmniMech (`Config:Biped`), the
# MUL's card says OMNI; Morrigan 3's card prints MTAS without its count (5 MUL cards print
# MTAS1) and leaves out its PV term (41, not 42); Ebony MEB-13's card prints REL for one
# large re-engineered laser (M 0.9), which the MUL's Marauder II MAD-10D and MegaMek's
# converter do not (REL qualifies as LRM does, at M ≥ 1: lane cards90). Every other field
# equals the MUL's.
MUL_DIFFERS = {"Epimetheus Prime.mtf", "Morrigan 3.mtf", "Ebony MEB-13.mtf"}


def judged(text: str, name: str = "unit.mtf") -> Assessment:
    imported = import_mtf_bytes(text.encode("utf-8"), name)
    return assess(resolve(design_from_dict(imported.design, name)), imported.facts)


def vendored(name: str) -> str:
    return decode((ADVANCED / name).read_bytes())


def card_of(text: str) -> AlphaStrikeCard:
    return alpha_strike_card(judged(text).mech, "test")


def fields(card: AlphaStrikeCard) -> dict[str, str]:
    data = alpha_strike_data(card).model_dump(mode="json")
    names = {"dmg_s": "s", "dmg_m": "m", "dmg_l": "l"}
    out = {f: str(data[names.get(f, f)]) for f in FIELDS if f != "specials"}
    out["specials"] = ",".join(sorted(data["specials"]))
    return out


def published(name: str) -> dict[str, str]:
    row = CARDS[name]
    return {**{f: row[f] for f in FIELDS},
            "specials": ",".join(sorted(s for s in row["specials"].split(",") if s))}


@pytest.mark.parametrize("name", sorted(set(CARDS) - MUL_DIFFERS))
def test_an_advanced_design_converts_to_the_muls_card(name: str) -> None:
    assert fields(card_of(vendored(name))) == published(name)


def test_the_xxl_engines_have_their_own_structure_rows() -> None:
    # ADVANCED_BV.md §9.1 (Volkh VKH-68): "S IS XXL 45 t → 1"; §6's table: at 45 t IS XL
    # 2; at 35 t Clan XXL 1, Clan XL (the IS light row) 2; at 100 t IS XXL 3, Clan XXL 4.
    from mechlab.cards.alpha_strike import structure
    from mechlab.cards.as_unit import ASUnit

    def at(tons: int, row: str) -> int:
        return structure(ASUnit(tonnage=tons, walking_mp=4, jumping_mp=0, armor_points=F(0),
                                structure_row=row, heat_capacity=10, weapons=()))

    assert [at(45, r) for r in ("is_xxl", "xl")] == [1, 2]
    assert [at(35, r) for r in ("clan_xxl", "light")] == [1, 2]
    assert [at(100, r) for r in ("is_xxl", "clan_xxl")] == [3, 4]


def test_hardened_armor_counts_twice_and_costs_a_walking_mp() -> None:
    # ADVANCED_BV.md §6: armor points × 2; MV − 1 after MASC (Hitotsume Kozo HKZ-1F:
    # walking 5 → 10", not 12"; the MUL's card A 8).
    hardened = vendored("Hitotsume Kozo HKZ-1F.mtf")
    plain = re.sub(r"(?m)^Armor:.*$", "Armor:Standard(Inner Sphere)\r", hardened)
    hard, soft = judged(hardened).mech, judged(plain).mech
    assert hard.armor_points == soft.armor_points
    hard_card, soft_card = alpha_strike_card(hard, "x"), alpha_strike_card(soft, "x")
    assert hard_card.ground == soft_card.ground - 2
    assert hard_card.armor == round(hard.armor_points * 2 / 30)
    assert soft_card.armor == round(soft.armor_points / 30)
    assert "CR" in hard_card.specials and "CR" not in soft_card.specials


def test_the_armor_specials_add_their_defensive_terms() -> None:
    # ASPointValueConverter: RCA + ⌊A ÷ 3⌋ to the defensive value, BRA + ¾ of it.
    from mechlab.cards.point_value import armor_terms, defensive

    card = card_of(vendored("Longshot LNG-2.mtf"))
    assert "RCA" in card.specials
    assert armor_terms(card, bar=False) == card.armor // 3
    without = dataclasses.replace(card, specials=tuple(s for s in card.specials if s != "RCA"))
    assert defensive(card) - defensive(without) == card.armor // 3


def test_a_command_console_is_mhq1_and_an_interface_cockpit_dn() -> None:
    # ADVANCED_BV.md §7.3 (ASSpecialAbilityConverter); the MUL's Atlas AS7-D-DC: MHQ1.
    atlas = card_of(vendored("Atlas AS7-D-DC.mtf"))
    assert "MHQ1" in atlas.specials
    plain = re.sub(r"(?m)^Cockpit:.*$", "Cockpit:Standard Cockpit\r",
                   vendored("Atlas AS7-D-DC.mtf"))
    assert "MHQ1" not in card_of(plain).specials
    ryoken = card_of(vendored("Ryoken III-XP B.mtf"))
    assert "DN" in ryoken.specials


def test_tsemp_and_the_mek_taser_do_no_damage_and_print_their_count() -> None:
    # ADVANCED_BV.md §7.1, §7.3, §8: no damage; TSEMP# + 5 # to the offense, MTAS# + #.
    from mechlab.cards.point_value import counted_terms

    cat = card_of(vendored("Shadow Cat F.mtf"))
    assert "TSEMP1" in cat.specials and counted_terms(cat) == 5
    morrigan = card_of(vendored("Morrigan 3.mtf"))
    assert "MTAS1" in morrigan.specials and counted_terms(morrigan) == 1
    assert fields(morrigan) | {"pv": "41", "specials": "CASE,MTAS"} == published(
        "Morrigan 3.mtf")


# Measured by benchmarks/advanced_values.py (2026-11-29, main with every lane of issues 27 and
# 28 merged): of the legal level-3/4 BattleMech files, cost = the MUL's on 790 of 825 (95.8 %),
# all eleven card fields on 873 of 948 (92.1 %; every one converts since lane cards90: the
# UMU, the Blue Shield, the prototype Streak SRM; 874 of 949 until lane sheets3's
# E-COCKPIT-CONFIG judged Orca OC-1X, whose card equals the MUL's, illegal);
# docs/VALUES_DIFFERENCES.md "Advanced values" lists the rest. Lane bvfix measured 802 of 838
# and 889 of 963 on its branch (primitive AC/10 ammunition's price; large engines' structure;
# Stalker II STK-9A judged legal). After the bvfix and patchwork merges, main measured 804 of
# 840 and 892 of 966 (the two patchwork files and the ram plate's Rhino equal the MUL's cards).
LEAST_COST, LEAST_CARDS = 804, 892


@pytest.mark.slow
@pytest.mark.skipif(not ALL.is_dir(), reason=NO_ALL)
def test_advanced_corpus_cost_and_cards_equal_the_muls() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from advanced_values import measure

    rows = measure()  # each file read once
    priced = [r for r in rows if "mul_cost" in r]
    carded = [r for r in rows if "mul_card" in r]
    assert sum(r["cost"] == r["mul_cost"] for r in priced) >= LEAST_COST
    assert sum(r["card"] == r["mul_card"] for r in carded) >= LEAST_CARDS
    assert sum(r["cost"] == r["mul_cost"] for r in priced) >= 0.9 * len(priced)
    converted = [r for r in carded if r["card"] is not None]
    assert sum(r["card"] == r["mul_card"] for r in converted) >= 0.9 * len(converted)
    # Every difference is listed with its cause (docs/VALUES_DIFFERENCES.md).
    assert {r["path"] for r in priced if r["cost"] != r["mul_cost"]} == listed("Advanced cost")
    assert {r["path"] for r in carded if r["card"] != r["mul_card"]} == listed("Advanced cards")


def listed(section: str) -> set[str]:
    """The files docs/VALUES_DIFFERENCES.md lists under `### <section>` (lane advvalues)."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "VALUES_DIFFERENCES.md").read_text(
        encoding="utf-8")
    part = text.split(f"### {section}\n", 1)[1].split("\n#", 1)[0]
    return set(re.findall(r"^\| `([^`]+\.mtf)`", part, re.MULTILINE))
