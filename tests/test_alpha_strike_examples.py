"""ALPHA_STRIKE.md §11's worked examples through the conversion, every intermediate number.

Each 'Mech is written as its ruleset hands it to the conversion (`ASUnit`): §5.2's base
values and heats, the pools' shots, the equipment specials as the example states them.
The Standard ruleset's own reading of a design is tested with its resolved designs.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

from mechlab.cards import alpha_strike as a
from mechlab.cards import point_value as pv
from mechlab.cards.as_unit import ASUnit, ASWeapon


def w(name: str, s: Any, m: Any, l: Any, heat: Any, **more: Any) -> ASWeapon:  # noqa: E741
    return ASWeapon(name, (F(s), F(m), F(l)), F(heat), **more)


def card(unit: ASUnit) -> tuple[object, ...]:
    c = a.card_of(unit, "Test", "T", "test", "standard")
    return (c.pv, c.sz, c.mv, c.tmm, c.armor, c.structure, str(c.s), str(c.m), str(c.l), c.ov,
            ",".join(c.specials))


ML = {"name": "Medium Laser", "s": "0.5", "m": "0.5", "l": 0, "heat": 3, "tc": True}


def test_banshee_bnc_5s_rear_lasers_and_a_short_gauss():  # 11.1
    unit = ASUnit(
        tonnage=95, walking_mp=4, jumping_mp=0, armor_points=F(240), structure_row="xl",
        heat_capacity=28, explosive=True, ammo=(("SRM:6", 15), ("GAUSS", 8)),
        weapons=(w(**ML), w(**ML), w(**ML, rear=True), w(**ML, rear=True),
                 w("SRM 6", "0.8", "0.8", 0, 4, kind="SRM", ammo="SRM:6"),
                 w("Gauss Rifle", "1.245", "1.5", "1.5", 1, tc=True, ammo="GAUSS"),
                 w("ER PPC", 1, 1, 1, 15, tc=True), w("ER PPC", 1, 1, 1, 15, tc=True),
                 w("Small Laser", "0.3", 0, 0, 1), w("Small Laser", "0.3", 0, 0, 1)))
    gauss = unit.weapons[5]
    assert a.multiplier(gauss, unit) == F(3, 4)  # 8 shots < 10
    raw = a.raw(unit, a.front(unit))
    assert raw == {"s": F("5.33375"), "m": F("4.925"), "l": F("3.125")}
    assert a.heat(unit, a.front(unit)) == 45
    hot = a.overheat(unit, raw)
    assert (hot.factor, hot.ov, hot.ovl, hot.long_factor) == (F(28, 41), 1, False, None)
    assert card(unit) == (42, 4, '8"', 1, 8, 4, "4", "4", "4", 1, "REAR1/1/-")


def test_timber_wolf_prime_clan_case_if_and_lrm():  # 11.2
    lrm = {"s": "1.2", "m": "1.2", "l": "1.2", "heat": 6, "kind": "LRM", "indirect": True,
           "ammo": "LRM:20"}
    unit = ASUnit(
        tonnage=75, walking_mp=5, jumping_mp=0, armor_points=F(230), structure_row="light",
        heat_capacity=34, explosive=True, clan_case=True, specials=("OMNI",),
        ammo=(("LRM:20", 6), ("LRM:20", 6), ("MG", 200)),
        weapons=(w("ER Large Laser", 1, 1, 1, 12), w("ER Large Laser", 1, 1, 1, 12),
                 w("ER Medium Laser", "0.7", "0.7", 0, 5),
                 w("ER Medium Laser", "0.7", "0.7", 0, 5),
                 w("LRM 20", **lrm), w("LRM 20", **lrm),
                 w("Medium Pulse Laser", "0.77", "0.77", 0, 4),
                 w("Machine Gun", "0.2", 0, 0, 0, ammo="MG"),
                 w("Machine Gun", "0.2", 0, 0, 0, ammo="MG")))
    raw = a.raw(unit, a.front(unit))
    assert raw == {"s": F("6.37"), "m": F("5.97"), "l": F("3.8")}
    hot = a.overheat(unit, raw)
    assert (hot.factor, hot.ov, hot.long_factor) == (F(34, 48), 1, None)
    assert a.indirect_fire(unit, hot) is not None and str(a.indirect_fire(unit, hot)) == "2"
    assert card(unit) == (54, 3, '10"', 2, 8, 4, "5", "5", "4", 1, "CASE,IF2,LRM1/1/2,OMNI")


def test_loki_prime_ams_ecm_probe_and_targeting_computer():  # 11.3
    unit = ASUnit(
        tonnage=65, walking_mp=5, jumping_mp=0, armor_points=F(128), structure_row="light",
        heat_capacity=26, explosive=True, clan_case=True, targeting_computer=True,
        specials=("ECM", "OMNI", "PRB", "RCN"),
        ammo=(("SRM_STREAK:6", 15), ("MG", 100), ("AMS", 24)),
        weapons=(w("ER PPC", "1.5", "1.5", "1.5", 15, tc=True),
                 w("ER PPC", "1.5", "1.5", "1.5", 15, tc=True),
                 *(w("ER Medium Laser", "0.7", "0.7", 0, 5, tc=True) for _ in range(3)),
                 w("Streak SRM 6", "1.2", "1.2", 0, 4, ammo="SRM_STREAK:6"),
                 w("Machine Gun", "0.2", 0, 0, 0, ammo="MG"),
                 w("Machine Gun", "0.2", 0, 0, 0, ammo="MG"),
                 w("AMS", 0, 0, 0, 1, special="AMS")))
    raw = a.raw(unit, a.front(unit))
    assert raw == {"s": F("7.21"), "m": F("6.81"), "l": F("3.3")}
    hot = a.overheat(unit, raw)
    assert (hot.factor, hot.ov, hot.ovl) == (F(26, 48), 3, False)
    assert card(unit) == (45, 3, '10"', 2, 4, 4, "4", "4", "4", 3,
                          "AMS,CASE,ECM,OMNI,PRB,RCN")


def test_shugenja_sja_7d_c3_master():  # 11.4
    unit = ASUnit(
        tonnage=75, walking_mp=4, jumping_mp=0, armor_points=F(231), structure_row="xl",
        heat_capacity=30, explosive=True, specials=("C3M", "TAG"), mhq=F(5),
        ammo=(("MRM:30", 8), ("MRM:30", 8)),
        weapons=(w("ER PPC", 1, 1, 1, 15, tc=True), w("Large Laser", "0.8", "0.8", 0, 8),
                 w("Large Laser", "0.8", "0.8", 0, 8),
                 w("MRM 30", "1.71", "1.71", 0, 10, ammo="MRM:30")))
    raw = a.raw(unit, a.front(unit))
    assert raw == {"s": F("4.31"), "m": F("4.31"), "l": 1}
    assert a.overheat(unit, raw).factor == F(30, 39)
    assert card(unit) == (45, 3, '8"', 1, 8, 3, "4", "4", "1", 1, "C3M,MHQ5,TAG")


def test_cataphract_ctf_3d_ultra_threshold_flak_and_rear():  # 11.5
    unit = ASUnit(
        tonnage=70, walking_mp=4, jumping_mp=4, armor_points=F(176), structure_row="xl",
        heat_capacity=16, explosive=True, specials=("CASE",),
        ammo=(("AC_LBX:10", 10), ("AC_LBX:10", 10), ("AC_ULTRA:5", 20)),
        weapons=(w("Ultra AC/5", "0.625", "0.75", "0.75", 2, tc=True, ammo="AC_ULTRA:5",
                   ammo_threshold=20),
                 w("LB 10-X AC", "0.63", "0.63", "0.63", 2, kind="FLK", tc=True,
                   ammo="AC_LBX:10"),
                 w(**ML), w(**ML), w(**ML, rear=True), w(**ML, rear=True)))
    assert a.movement_heat(unit) == 4
    assert a.overheat(unit, a.raw(unit, a.front(unit))).factor is None  # 14 − 4 ≤ 16
    assert card(unit) == (31, 3, '8"j', 1, 6, 3, "3", "3", "2", 0,
                          "CASE,FLK1/1/1,REAR1/1/-")


def test_longbow_lgb_14c_mml_feeds_lrm_srm_and_if():  # 11.6
    mml = {"s": 1, "m": "0.75", "l": "0.5", "heat": 5, "kind": "MML", "indirect": True,
           "ammo": "MML:9"}
    unit = ASUnit(
        tonnage=85, walking_mp=3, jumping_mp=0, armor_points=F(224), structure_row="xl",
        heat_capacity=20, explosive=True, specials=("CASE",),
        ammo=(*(("MML:9", 13),) * 5, *(("MML:9", 11),) * 5),
        weapons=(*(w("MML 9", **mml) for _ in range(6)),
                 *(w("ER Medium Laser", "0.5", "0.5", 0, 5) for _ in range(3))))
    raw = a.raw(unit, a.front(unit))
    assert raw == {"s": F("7.5"), "m": 6, "l": 3}
    hot = a.overheat(unit, raw)
    assert (hot.factor, hot.ov, hot.ovl) == (F(20, 43), 3, False)
    assert card(unit) == (40, 4, '6"', 1, 7, 4, "4", "3", "3", 3,
                          "CASE,IF2,LRM-/1/2,SRM3/1")


def test_barghest_bgs_1t_quad_long_band_takes_its_own_factor():  # 11.7
    unit = ASUnit(
        tonnage=70, walking_mp=5, jumping_mp=0, armor_points=F(208), structure_row="xl",
        heat_capacity=20, explosive=True, ammo=(("AC_LBX:20", 5),) * 4,
        weapons=(w("ER Large Laser", "0.8", "0.8", "0.8", 12, tc=True),
                 w("ER Large Laser", "0.8", "0.8", "0.8", 12, tc=True),
                 w("LB 20-X AC", "1.26", "1.26", 0, 6, kind="FLK", tc=True,
                   ammo="AC_LBX:20")))
    hot = a.overheat(unit, a.raw(unit, a.front(unit)))
    assert (hot.factor, hot.ov, hot.long_factor) == (F(20, 28), 0, F(20, 22))
    assert card(unit) == (37, 3, '10"', 2, 7, 3, "3", "3", "2", 0, "FLK1/1/-")


def test_men_shen_ms1_o_masc_and_artemis():  # 11.8
    unit = ASUnit(
        tonnage=55, walking_mp=6, jumping_mp=0, masc=True, armor_points=F(176),
        structure_row="xl", heat_capacity=20, explosive=True,
        specials=("OMNI", "PRB", "RCN"), ammo=(("LRM:15", 8),),
        weapons=(*(w("Medium Pulse Laser", "0.66", "0.66", 0, 4) for _ in range(4)),
                 w("LRM 15", "0.6", "1.2", "1.2", 5, plain=(F("0.45"), F("0.9"), F("0.9")),
                   kind="LRM", indirect=True, artemis=True, ammo="LRM:15")))
    assert a.moves(unit) == (16, 0)  # 6 × 1.25 = 7.5 → 8
    assert a.raw(unit, a.front(unit)) == {"s": F("3.09"), "m": F("3.54"), "l": F("0.9")}
    assert card(unit) == (55, 2, '16"', 3, 6, 3, "4", "4", "1", 0, "IF1,OMNI,PRB,RCN")


def test_ti_tsang_tsg_9c_tsm_melee_plasma_no_explosives():  # 11.9
    unit = ASUnit(
        tonnage=60, walking_mp=6, jumping_mp=6, armor_points=F(200), structure_row="xl",
        heat_capacity=20, specials=("MEL", "TSM"), ammo=(("PLASMA", 10), ("PLASMA", 10)),
        weapons=(w("Plasma Rifle", 1, 1, 0, 10, tc=True, ammo="PLASMA",
                   heat_damage=(3, 3, 0)),
                 w("ER Medium Laser", "0.5", "0.5", 0, 5), w("ER Medium Laser", "0.5", "0.5", 0, 5),
                 w("ER Small Laser", "0.3", "0.3", 0, 2), w("ER Small Laser", "0.3", "0.3", 0, 2)))
    hot = a.overheat(unit, a.raw(unit, a.front(unit)))
    assert (hot.factor, hot.ov) == (F(20, 26), 1)
    assert a.heat_damage(unit) == (0, 0, 0)
    assert card(unit) == (35, 3, '12"j', 2, 7, 3, "2", "2", "0", 1, "ENE,MEL,TSM")


def test_timber_wolf_e_atm_and_light_tag():  # 11.10
    unit = ASUnit(
        tonnage=75, walking_mp=5, jumping_mp=0, armor_points=F(230), structure_row="light",
        heat_capacity=36, explosive=True, clan_case=True, specials=("OMNI",),
        ammo=(("ATM:9", 7),) * 6,
        weapons=(w("ER Large Laser", 1, 1, 1, 12), w("ER Large Laser", 1, 1, 1, 12),
                 w("ATM 9", "2.1", "1.4", "0.7", 6, ammo="ATM:9"),
                 w("ATM 9", "2.1", "1.4", "0.7", 6, ammo="ATM:9"),
                 w("Light TAG", 0, 0, 0, 0, special="LTAG")))
    assert a.overheat(unit, a.raw(unit, a.front(unit))).factor is None  # 34 ≤ 36
    assert card(unit) == (53, 3, '10"', 2, 8, 4, "7", "5", "4", 0, "CASE,LTAG,OMNI")


def test_thor_u_torpedoes_count_in_damage_but_not_in_the_agile_bonus():
    # The MUL's Thor (Summoner) U (3085u/ONN): PV 43, 3/3/3, OV 1, OVL, TOR1/1/1. §8 steps 1
    # and 11 read S/M/L with the torpedoes' TOR values; step 9 (agile) the standard damage only
    # ((2 − 1) × 3 = 3, not × 4: MegaMek's conversion; with TOR it gives 44).
    ppc = {"s": "1.5", "m": "1.5", "l": "1.5", "heat": 15, "tc": True}
    unit = ASUnit(
        tonnage=70, walking_mp=5, jumping_mp=5, armor_points=F(182), structure_row="light",
        heat_capacity=32, targeting_computer=True, explosive=True, clan_case=True,
        specials=("OMNI",), ammo=(("LRT 15", 8), ("LRT 15", 8)),
        weapons=(w("ER PPC", **ppc), w("ER PPC", **ppc),
                 w("LRT 15", "0.9", "0.9", "0.9", 5, kind="TOR", ammo="LRT 15")))
    assert a.front(unit) == unit.weapons[:2]  # torpedoes feed only TOR
    raw = a.raw(unit, a.front(unit))
    assert raw == {"s": F("3.3"), "m": F("3.3"), "l": F("3.3")}  # PPCs × 1.1 (TC)
    assert a.heat(unit, unit.weapons) == 40  # jump 5 + 15 + 15 + 5: the launcher heats
    hot = a.overheat(unit, raw)
    assert (hot.factor, hot.ov, hot.ovl) == (F(32, 36), 1, True)
    c = a.card_of(unit, "Thor", "U", "test", "standard")
    assert (pv.offensive(c), pv.defensive(c), pv.agile(c)) == (F(75, 4), F(83, 4), 3)
    assert card(unit) == (43, 3, '10"j', 2, 6, 4, "3", "3", "3", 1, "CASE,OMNI,OVL,TOR1/1/1")
