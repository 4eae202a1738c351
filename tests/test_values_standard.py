"""Standard designs' Battle Value, cost and Alpha Strike card, read from MegaMek's files
and resolved under the `standard` ruleset: the worked examples of BV_STANDARD.md §7 and
ALPHA_STRIKE.md §11 (their published numbers), with the intermediate numbers that show
each Standard rule at work (CASE, engine side slots, double sinks, Artemis, TC, MASC…)."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest
from tests_support import DATA, MEGAMEK, read_table

from mechlab.cards.alpha_strike import alpha_strike_card
from mechlab.files.mtf import read_design
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.values.bv import battle_value
from mechlab.values.bv_report import explain_bv
from mechlab.values.cost import cost


def mech(path: str) -> Mech:
    # The vendored technical lines of ../shared/corpus/megamek-all/<path> (tests/data/vendor.py).
    return resolve(read_design(MEGAMEK / Path(path).name))


# MegaMek's BV and the MUL's cost of every design named here (tests/data/standard_values.tsv,
# from megamek-all's INDEX.tsv).
PUBLISHED = {row["path"]: row for row in read_table(DATA / "standard_values.tsv")}


def published(path: str, priced: bool = True) -> tuple[str, int, int | None]:
    """(file, MegaMek's BV, the MUL's cost, or None where it has none or is not compared)."""
    row = PUBLISHED[path]
    price = int(row["mul_cost"]) if priced and row["mul_cost"] else None
    return path, int(row["megamek_bv"]), price


# BV_STANDARD.md §7's worked examples: (file, BV, MUL cost or None).
BV_EXAMPLES = [published(path) for path in (
    "3085u/Phoenix/Griffin GRF-3M.mtf", "3050U/Mad Cat (Timber Wolf) Prime.mtf",
    "3055U/Penetrator PTR-4F.mtf", "3050U/Black Knight BL-12-KNT.mtf",
    "3050U/Centurion CN9-D5.mtf", "3050U/Vindicator VND-5L.mtf", "3060u/Barghest BGS-1T.mtf",
    "3050U/Raven RVN-4L.mtf", "3050U/Quickdraw QKD-5M.mtf", "3050U/Commando COM-7B.mtf",
    "3050U/Atlas AS7-K.mtf", "3050U/Loki (Hellbringer) A.mtf",
    "Recognition Guide ilClan/Vol 17/Crusader CRD-7M.mtf",
    "Recognition Guide ilClan/Vol 15/Black Lanner I.mtf")]


@pytest.mark.parametrize(("path", "bv", "price"), BV_EXAMPLES)
def test_worked_examples_get_their_published_bv_and_cost(path, bv, price):
    m = mech(path)
    assert m.ruleset.name == "standard"
    assert battle_value(m).base == bv
    if price is not None:
        assert cost(m).total == price


def test_griffin_is_xl_makes_side_torso_case_useless():  # BV_STANDARD.md 7.1
    bv = battle_value(mech("3085u/Phoenix/Griffin GRF-3M.mtf"))
    assert (bv.structure_factor, bv.structure) == (F(1, 2), F("68.25"))
    assert [(e.location, e.penalized, e.penalty) for e in bv.explosive] == [
        ("LT", True, 15), ("LT", True, 15)]
    assert "side-torso slots" in bv.explosive[0].reason
    assert (bv.heat_capacity, bv.move_heat, bv.heat_efficiency) == (26, 5, 27)
    assert (bv.defensive, bv.offensive) == (F("605.475"), F("915.2"))


def test_timber_wolf_clan_case_and_omni_cost():  # BV_STANDARD.md 7.2
    m = mech("3050U/Mad Cat (Timber Wolf) Prime.mtf")
    bv = battle_value(m)
    assert all(not e.penalized and e.reason == "automatic Clan CASE" for e in bv.explosive)
    assert [w.halved for w in bv.weapons][-2:] == [True, True]  # the ER mediums
    price = cost(m)
    assert price.multiplier == F(5, 4) * F(175, 100)
    assert price.component("Armor") == 12 * 20000  # Clan ferro: 230 ÷ 19.2 → 12 t
    assert price.component("Heat sinks") == 17 * 6000
    assert price.component("Internal structure") == 1600 * 75


def test_penetrator_artemis_raises_the_launcher_and_ams_ammo_counts_defensively():  # 7.3
    bv = battle_value(mech("3055U/Penetrator PTR-4F.mtf"))
    lrms = [w for w in bv.weapons if w.name == "LRM 10"]
    assert [w.bv for w in lrms] == [108, 108] and "Artemis IV × 1.2" in lrms[0].modifiers
    assert bv.defensive_equipment_total == 32 + 11


def test_centurion_masc_runs_twelve_and_tc_raises_direct_fire():  # 7.5
    bv = battle_value(mech("3050U/Centurion CN9-D5.mtf"))
    assert (bv.running_mp, bv.run_tmm, bv.mp_sf) == (12, 4, 12)
    rac = next(w for w in bv.weapons if w.name == "Rotary AC/5")
    assert (rac.bv, rac.heat) == (F("308.75"), 6)


def test_vindicator_tsm_weight_sword_and_walk():  # 7.6
    bv = battle_value(mech("3050U/Vindicator VND-5L.mtf"))
    assert (bv.weight, bv.running_mp) == (F("67.5"), 8)
    assert [(e.name, e.bv) for e in bv.equipment] == [("Sword", F("20.7"))]


def test_raven_stealth_adds_two_to_tmm_and_costs_ten_heat():  # 7.8
    bv = battle_value(mech("3050U/Raven RVN-4L.mtf"))
    assert (bv.tmm_bonus, bv.defensive_factor, bv.heat_efficiency) == (2, F("1.5"), 14)


def test_commando_small_cockpit_and_light_engine():  # 7.10
    m = mech("3050U/Commando COM-7B.mtf")
    bv = battle_value(m)
    assert (bv.cockpit_factor, bv.structure_factor) == (F("0.95"), F("0.75"))
    assert cost(m).component("Cockpit") == 175000


def test_quickdraw_one_shot_cost_includes_its_shot():  # 7.9
    price = cost(mech("3050U/Quickdraw QKD-5M.mtf"))
    assert price.total == 5789760  # without the shot's 27,000: 5,746,560


def test_explain_says_what_case_saved_and_which_weapons_heat_halved():
    lines = explain_bv(battle_value(mech("3050U/Mad Cat (Timber Wolf) Prime.mtf")))
    assert "  CASE saved  45" in lines
    assert sum("(halved: heat)" in line for line in lines) == 2
    assert any(line.startswith("  speed       run 8 ") for line in lines)


# ALPHA_STRIKE.md §11: (file, PV, MV, S/M/L, OV, A, S, specials) as the MUL publishes them.
AS_EXAMPLES = [
    ("3050U/Banshee BNC-5S.mtf", 42, '8"', "4/4/4", 1, 8, 4, "REAR1/1/-"),
    ("3050U/Mad Cat (Timber Wolf) Prime.mtf", 54, '10"', "5/5/4", 1, 8, 4,
     "CASE,IF2,LRM1/1/2,OMNI"),
    ("3050U/Loki (Hellbringer) Prime.mtf", 45, '10"', "4/4/4", 3, 4, 4,
     "AMS,CASE,ECM,OMNI,PRB,RCN"),
    ("3060u/Shugenja SJA-7D.mtf", 45, '8"', "4/4/1", 1, 8, 3, "C3M,MHQ5,TAG"),
    ("3085u/Phoenix/Longbow LGB-14C.mtf", 40, '6"', "4/3/3", 3, 7, 4,
     "CASE,IF2,LRM-/1/2,SRM3/1"),
    ("3060u/Barghest BGS-1T.mtf", 37, '10"', "3/3/2", 0, 7, 3, "FLK1/1/-"),
    ("3060u/Men Shen MS1-O.mtf", 55, '16"', "4/4/1", 0, 6, 3, "IF1,OMNI,PRB,RCN"),
    ("3060u/Ti Ts'ang TSG-9C.mtf", 35, '12"j', "2/2/0", 1, 7, 3, "ENE,MEL,TSM"),
    ("3050U/Mad Cat (Timber Wolf) E.mtf", 53, '10"', "7/5/4", 0, 8, 4, "CASE,LTAG,OMNI"),
]


@pytest.mark.parametrize(("path", "pv", "mv", "damage", "ov", "armor", "structure",
                          "specials"), AS_EXAMPLES)
def test_worked_examples_get_their_published_cards(path, pv, mv, damage, ov, armor,
                                                   structure, specials):
    card = alpha_strike_card(mech(path), path)
    assert (card.pv, card.mv, f"{card.s}/{card.m}/{card.l}", card.ov, card.armor,
            card.structure, ",".join(card.specials)) == (pv, mv, damage, ov, armor,
                                                          structure, specials)


# Rules the worked examples do not exercise, each on a published design that needs it:
# (file, MegaMek BV, MUL cost or None where mechlab's is not compared, rule).
RULE_EXAMPLES = [
    (*published("3050U/Flea FLE-19.mtf"), "MG arrays: 0.67 × the guns they link"),
    (*published("Recognition Guide ilClan/Vol 15/Black Lanner F.mtf", priced=False),
     "two arrays share six guns"),
    (*published("RS Unique/Hercules Julius.mtf"), "a weapon split arm/torso is a torso weapon"),
    (*published("3075/Deva C-DVA-OC Comminus.mtf"), "split weapon; small cockpit"),
    (*published("Recognition Guide ilClan/Vol 21/Kodiak 6.mtf", priced=False),
     "coolant pods: heat efficiency"),
    (*published("3050U/Loki (Hellbringer) D.mtf"),
     "loaded B-pods are explosive; their shots one more Clan CASE"),
    (*published("Recognition Guide ilClan/Vol 10/Crucible 3.mtf"),
     "a CASE II location gets its automatic Clan CASE priced too"),
    (*published("Recognition Guide ilClan/Vol 1/Commando COM-9S.mtf"),
     "an I-OS launcher's built-in shot priced as a lot of its launcher's ammunition"),
    (*published("Recognition Guide ilClan/Vol 3/Puma (Adder) T.mtf"),
     "PPC capacitors: BV explosive, no Clan CASE priced (uncharged when built)"),
    (*published("Shrapnel/Vol 7/Hatchetman HCT-5DT.mtf", priced=False),
     "a PPC with a capacitor is explosive"),
    (*published("3085u/Phoenix/Locust LCT-1V2.mtf"), "rocket launchers' built-in volley priced"),
    (*published("3060u/Cougar A.mtf"), "Omni × 1.25 then × weight, rounded as MegaMek's doubles"),
]


@pytest.mark.parametrize(("path", "bv", "price", "rule"), RULE_EXAMPLES)
def test_standard_rules_on_published_designs(path, bv, price, rule):
    m = mech(path)
    assert battle_value(m).base == bv, rule
    if price is not None:
        assert cost(m).total == price, rule


@pytest.mark.parametrize(("path", "cases", "where"), [
    # B-pods in both legs (2 locations) and their four shots, unplaced (1): 3 × 50,000
    ("3050U/Loki (Hellbringer) D.mtf", 3, "LL RL"),
    # HAG 20s in both arms and both side torsos, CASE II in the torsos: 4 × 50,000
    ("Recognition Guide ilClan/Vol 10/Crucible 3.mtf", 4, "LA RA"),
    # capacitors in both arms (uncharged when built: no CASE), a coolant pod in RT: 1 × 50,000
    ("Recognition Guide ilClan/Vol 3/Puma (Adder) T.mtf", 1, "RT LA RA"),
    # Clan standard engine, ammunition in both side torsos
    ("3050U/Mad Cat (Timber Wolf) Prime.mtf", 2, "LT RT"),
])
def test_automatic_clan_case_priced_as_megamek_counts_it(path, cases, where):
    # 6.6: the MUL's prices (MegaMek's) include one Clan CASE per explosive location, CASE II
    # no exception, and one for all one-shot shots; BV's automatic CASE (2.5, the locations
    # `where`) is another count.
    from mechlab.values.registry import value_rules

    m = mech(path)
    rules = value_rules(m.ruleset)
    assert rules.priced_clan_case(m) == cases  # type: ignore[attr-defined]
    assert " ".join(loc.abbreviation for loc in rules.clan_case_locations(m)) == where  # type: ignore[attr-defined]


def test_puma_t_capacitor_ppcs_take_their_charged_values_at_unchanged_heat():
    # ALPHA_STRIKE.md 5.2: a PPC with a linked capacitor counts (damage + 5) ÷ 2 a band:
    # Clan ER PPC (15 + 5) ÷ 2 = 10 → 1.0 (not 1.5), heat 15 unchanged; the MUL's card:
    # PV 24, 2/2/2, OV 0 (1.5 a PPC gave 3/3/3 and PV 29).
    from mechlab.cards import alpha_strike as a
    from mechlab.cards.as_variants import alpha_strike_rules

    path = "Recognition Guide ilClan/Vol 3/Puma (Adder) T.mtf"
    m = mech(path)
    unit = alpha_strike_rules(m.ruleset).alpha_strike_unit(m)
    ppcs = [w for w in unit.weapons if w.name == "ER PPC"]
    assert [(w.damage, w.heat) for w in ppcs] == [((F(1), F(1), F(1)), F(15))] * 2
    assert unit.heat_capacity == 23  # 11 double sinks × 2 + 1 coolant pod
    raw = a.raw(unit, a.front(unit))
    assert raw == {"s": F(11, 5), "m": F(2), "l": F(2)}  # + the flamer's 0.2 in S
    assert a.heat(unit, a.front(unit)) == 35  # run 2 + 15 + 15 + flamer 3
    hot = a.overheat(unit, raw)
    assert (hot.factor, hot.ov, hot.ovl, hot.long_factor) == (F(23, 31), 0, False, F(23, 28))
    card = alpha_strike_card(m, path)
    assert (card.pv, f"{card.s}/{card.m}/{card.l}", card.ov) == (24, "2/2/2", 0)


def test_carronade_silver_bullet_gauss_feeds_flak():
    # ALPHA_STRIKE.md 5.2 / 7.2: the Silver Bullet Gauss Rifle (0.788/0.945/0.945) feeds FLK,
    # rounded normally: FLK1/1/1, as the MUL's card of Carronade CRN-7M prints it.
    from mechlab.cards.as_variants import alpha_strike_rules

    path = "3145/Marik/Carronade CRN-7M.mtf"
    m = mech(path)
    unit = alpha_strike_rules(m.ruleset).alpha_strike_unit(m)
    sbg = next(w for w in unit.weapons if w.name == "Silver Bullet Gauss Rifle")
    assert (sbg.kind, sbg.damage) == ("FLK", (F("0.788"), F("0.945"), F("0.945")))
    card = alpha_strike_card(m, path)
    assert (card.pv, f"{card.s}/{card.m}/{card.l}", ",".join(card.specials)) == (
        36, "4/4/3", "CASEII,FLK1/1/1")


def test_commando_com_9s_i_os_launchers_price_their_shots():
    # 6.6: each SRM 2 (I-OS) costs 8,000 and its built-in shot a full SRM 2 lot, 27,000
    # (MUL 5,728,333 = (sum incl. 2 × 27,000) × 1.25, rounded as MegaMek's doubles).
    from mechlab.values.registry import value_rules

    m = mech("Recognition Guide ilClan/Vol 1/Commando COM-9S.mtf")
    rules = value_rules(m.ruleset)
    shots = [rules._built_in_shot(m, mt.item.weapon)  # type: ignore[attr-defined]
             for mt in m.mounts if mt.item.weapon.id == "is_srm_2_i_os"]
    assert shots == [27000, 27000]
    assert cost(m).total == 5728333
