"""The BV method on BV_STANDARD.md §7's worked examples, every intermediate number.

Each 'Mech is written as its ruleset hands it to the method (`ValueUnit`): the item BVs
and heats, the type multipliers and the penalized locations as the example states them.
This proves the method (BV_STANDARD.md §2–§4); the Standard ruleset's own reading of
those facts from a design is tested in test_values_standard.py.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

from mechlab.values.bv import BattleValue, battle_value_of
from mechlab.values.value_unit import Role, ValueMount, ValueUnit

BIPED = ("HD", "CT", "LT", "RT", "LA", "RA", "LL", "RL")


def w(name: str, loc: str, bv: Any, heat: Any, **more: Any) -> ValueMount:
    return ValueMount(name, loc, Role.WEAPON, bv=F(bv), heat=F(heat),
                      in_arm=loc in ("LA", "RA"), **more)


def ammo(name: str, loc: str, bv: Any, key: str, explosive: int = 15) -> ValueMount:
    return ValueMount(name, loc, Role.AMMO, bv=F(bv), ammo_key=key, explosive=F(explosive))


def unit(mounts: list[ValueMount], *, protected: str = "", **facts: Any) -> ValueUnit:
    penalized = frozenset(loc for loc in (*BIPED, "FLL", "FRL", "RLL", "RRL")
                          if loc not in protected.split())
    return ValueUnit(mounts=tuple(mounts), penalized=penalized, **facts)


def check(bv: BattleValue, defensive: str, offensive: str, base: int) -> None:
    assert bv.defensive == F(defensive)
    assert bv.offensive == F(offensive)
    assert bv.base == base


def test_griffin_grf_3m_is_xl_side_torso_case_saves_nothing():  # 7.1
    bv = battle_value_of(unit(
        [w("ER PPC", "RA", 229, 15), w("Small Laser", "LT", 9, 1),
         w("LRM 20", "RT", 181, 6, ammo_key="LRM:20"),
         ammo("LRM 20 Ammo", "LT", 23, "LRM:20"), ammo("LRM 20 Ammo", "LT", 23, "LRM:20")],
        tonnage=55, walk=5, run=8, jump=5, armor_points=160, structure_points=91,
        heat_sinks=13, heat_capacity=26, move_heat=5, engine_factor=F(1, 2)))
    assert (bv.armor, bv.structure, bv.gyro) == (400, F("68.25"), F("27.5"))
    assert (bv.explosive_bins, bv.explosive_penalty, bv.defensive_base) == (2, 30, F("465.75"))
    assert (bv.run_tmm, bv.jump_tmm, bv.defensive_factor) == (3, 3, F("1.3"))
    assert bv.heat_efficiency == 27
    assert [w.counted for w in bv.weapons] == [229, 181, 9]
    assert (bv.ammo_total, bv.mp_sf, bv.speed_factor) == (46, 11, F("1.76"))
    check(bv, "605.475", "915.2", 1521)


def test_timber_wolf_prime_clan_case_protects_the_side_torsos():  # 7.2
    bv = battle_value_of(unit(
        [w("ER Large Laser", "LA", 248, 12), w("ER Medium Laser", "LA", 108, 5),
         w("ER Large Laser", "RA", 248, 12), w("ER Medium Laser", "RA", 108, 5),
         w("Medium Pulse Laser", "LT", 111, 4), w("LRM 20", "LT", 220, 6, ammo_key="LRM:20"),
         w("LRM 20", "RT", 220, 6, ammo_key="LRM:20"), w("Machine Gun", "RT", 5, 0,
                                                         ammo_key="MG"),
         w("Machine Gun", "CT", 5, 0, ammo_key="MG"),
         ammo("LRM 20 Ammo", "LT", 27, "LRM:20"), ammo("LRM 20 Ammo", "RT", 27, "LRM:20"),
         ammo("MG Ammo", "RT", 1, "MG")],
        protected="LT RT LA RA", tonnage=75, walk=5, run=8, jump=0, armor_points=230,
        structure_points=114, heat_sinks=17, heat_capacity=34, move_heat=2,
        engine_factor=F(3, 4)))
    assert (bv.structure, bv.explosive_penalty, bv.defensive_base) == (F("128.25"), 0,
                                                                       F("740.75"))
    assert bv.heat_efficiency == 38
    assert [w.running_heat for w in bv.weapons] == [0, 0, 12, 24, 30, 36, 40, 45, 50]
    assert [w.counted for w in bv.weapons] == [5, 5, 248, 248, 220, 220, 111, 54, 54]
    assert (bv.weapons_total, bv.ammo_total) == (1165, 55)
    check(bv, "962.975", "1774.15", 2737)


def test_penetrator_ptr_4f_artemis_and_ams():  # 7.3
    artemis = {"ammo_key": "LRM:10", "fire_control": F("1.2"), "fire_control_name": "Artemis IV"}
    bv = battle_value_of(unit(
        [w("LRM 10", "LA", 90, 4, **artemis), w("LRM 10", "RA", 90, 4, **artemis),
         *(w("Medium Pulse Laser", loc, 48, 4) for loc in ("LT", "LT", "RT", "RT")),
         ammo("LRM 10 Artemis Ammo", "LT", 11, "LRM:10"),
         ammo("LRM 10 Artemis Ammo", "RT", 11, "LRM:10"),
         ValueMount("AMS", "CT", Role.DEFENSIVE, bv=F(32), ammo_key="AMS"),
         ValueMount("AMS Ammo", "CT", Role.DEFENSIVE_AMMO, bv=F(11), ammo_key="AMS",
                    explosive=F(15))],
        tonnage=75, walk=4, run=6, jump=4, armor_points=208, structure_points=114,
        heat_sinks=12, heat_capacity=24, move_heat=4))
    assert bv.defensive_equipment_total == 43
    assert (bv.explosive_penalty, bv.defensive_base) == (45, F("726.5"))
    assert bv.heat_efficiency == 26
    assert [w.bv for w in bv.weapons] == [108, 108, 48, 48, 48, 48]
    assert [(a.key, a.bv, a.cap) for a in bv.ammo] == [("LRM:10", 22, 180)]
    assert "Artemis IV × 1.2" in bv.weapons[0].modifiers
    check(bv, "871.8", "691.85", 1564)


def test_black_knight_bl_12_knt_targeting_computer():  # 7.4
    bv = battle_value_of(unit(
        [w("ER Medium Laser", "LA", 62, 5, direct_fire=True),
         w("ER PPC", "RA", 229, 15, direct_fire=True),
         w("ER Medium Laser", "RA", 62, 5, direct_fire=True),
         w("Large Laser", "LT", 123, 8, direct_fire=True),
         w("ER Medium Laser", "LT", 62, 5, direct_fire=True),
         w("Large Laser", "RT", 123, 8, direct_fire=True),
         w("ER Medium Laser", "RT", 62, 5, direct_fire=True)],
        targeting_computer=True, tonnage=75, walk=4, run=6, jump=0, armor_points=208,
        structure_points=114, heat_sinks=16, heat_capacity=32, move_heat=2))
    assert bv.heat_efficiency == 36
    assert [w.counted for w in bv.weapons] == [
        F("286.25"), F("153.75"), F("153.75"), F("77.5"), F("38.75"), F("38.75"), F("38.75")]
    assert bv.weapons_total == F("787.5")
    check(bv, "874.2", "966", 1840)


def test_centurion_cn9_d5_masc_runs_twelve_rotary_heat_six():  # 7.5
    bv = battle_value_of(unit(
        [w("Rotary AC/5", "RA", 247, 6, direct_fire=True, ammo_key="AC_ROTARY:5"),
         w("ER Medium Laser", "CT", 62, 5, direct_fire=True),
         w("ER Medium Laser", "CT", 62, 5, direct_fire=True),
         *(ammo("Rotary AC/5 Ammo", "RT", 31, "AC_ROTARY:5") for _ in range(3)),
         ValueMount("C3 Slave", "HD", Role.NONE)],
        targeting_computer=True, tonnage=50, walk=6, run=12, jump=0, armor_points=152,
        structure_points=83, heat_sinks=10, heat_capacity=20, move_heat=2,
        engine_factor=F(1, 2)))
    assert (bv.structure, bv.explosive_penalty, bv.defensive_base) == (F("62.25"), 45,
                                                                       F("422.25"))
    assert (bv.run_tmm, bv.defensive_factor) == (4, F("1.4"))
    assert [w.counted for w in bv.weapons] == [F("308.75"), F("77.5"), F("77.5")]
    assert (bv.ammo_total, bv.mp_sf, bv.speed_factor) == (93, 12, F("1.89"))
    check(bv, "591.15", "1146.7575", 1738)


def test_vindicator_vnd_5l_tsm_weight_and_sword():  # 7.6
    bv = battle_value_of(unit(
        [w("ER PPC", "RA", 229, 15), ValueMount("Sword", "LA", Role.OFFENSIVE, bv=F("20.7")),
         w("ER Medium Laser", "LT", 62, 5), w("Medium Pulse Laser", "LT", 48, 4),
         w("Small Laser", "LT", 9, 1), w("ER Medium Laser", "RT", 62, 5),
         w("Medium Pulse Laser", "RT", 48, 4), w("Small Pulse Laser", "RT", 12, 2)],
        tonnage=45, walk=5, run=8, jump=4, armor_points=152, structure_points=75,
        heat_sinks=10, heat_capacity=20, move_heat=4, weight_factor=F("1.5")))
    assert (bv.defensive_base, bv.run_tmm, bv.jump_tmm) == (515, 3, 2)
    assert bv.heat_efficiency == 22
    assert [w.halved for w in bv.weapons] == [False] * 3 + [True] * 4
    assert (bv.weapons_total, bv.equipment_total, bv.weight) == (F("411.5"), F("20.7"),
                                                                 F("67.5"))
    assert (bv.mp_sf, bv.speed_factor) == (10, F("1.63"))
    check(bv, "669.5", "814.511", 1484)


def test_barghest_bgs_1t_quad_legs_always_penalized():  # 7.7
    bv = battle_value_of(unit(
        [w("ER Large Laser", "LT", 163, 12), w("ER Large Laser", "LT", 163, 12),
         w("LB 20-X AC", "RT", 237, 6, ammo_key="AC_LBX:20", locations=("RT", "CT")),
         *(ammo("LB 20-X Ammo", loc, 30, "AC_LBX:20") for loc in ("RLL", "RLL", "RRL", "RRL"))],
        protected="LT RT", tonnage=70, walk=5, run=8, jump=0, armor_points=208,
        structure_points=115, heat_sinks=10, heat_capacity=20, move_heat=2,
        engine_factor=F(1, 2)))
    assert (bv.structure, bv.explosive_penalty, bv.defensive_base) == (F("86.25"), 60,
                                                                       F("581.25"))
    assert [w.counted for w in bv.weapons] == [237, 163, 163]
    assert bv.ammo_total == 120
    check(bv, "755.625", "1031.61", 1787)


def test_raven_rvn_4l_stealth_ecm_and_probe():  # 7.8
    bv = battle_value_of(unit(
        [w("ER Medium Laser", "RA", 62, 5), w("ER Medium Laser", "RA", 62, 5),
         w("Narc", "LA", 30, 0, ammo_key="NARC"), w("SRM 6", "RT", 59, 4, ammo_key="SRM:6"),
         ValueMount("TAG", "RT", Role.WEAPON),
         ValueMount("Guardian ECM", "LT", Role.DEFENSIVE, bv=F(61)),
         ValueMount("Beagle Active Probe", "CT", Role.DEFENSIVE, bv=F(10)),
         ammo("SRM 6 Narc Ammo", "LT", 7, "SRM:6"), ammo("Narc Pods", "LT", 0, "NARC"),
         ammo("Narc Pods", "LT", 0, "NARC")],
        tonnage=35, walk=6, run=9, jump=0, armor_points=96, structure_points=58,
        heat_sinks=10, heat_capacity=20, move_heat=2, engine_factor=F(1, 2), tmm_bonus=2,
        heat_efficiency_bonus=-10))
    assert (bv.defensive_equipment_total, bv.explosive_penalty) == (71, 45)
    assert (bv.run_tmm, bv.tmm_bonus, bv.defensive_factor) == (3, 2, F("1.5"))
    assert bv.heat_efficiency == 14
    assert [w.name for w in bv.weapons] == ["Narc", "ER Medium Laser", "ER Medium Laser",
                                            "SRM 6"]
    assert (bv.weapons_total, bv.ammo_total) == (213, 7)
    check(bv, "490.5", "382.5", 873)


def test_quickdraw_qkd_5m_rear_lasers_and_one_shot():  # 7.9
    bv = battle_value_of(unit(
        [w("LRM 10", "LT", 90, 4, ammo_key="LRM:10"), ammo("LRM 10 Ammo", "LT", 11, "LRM:10"),
         w("SRM 4 (OS)", "CT", 8, F(3, 4), one_shot=True),
         w("Medium Laser", "RT", 46, 3, rear=True), w("Medium Laser", "RT", 46, 3, rear=True),
         w("Medium Laser", "LA", 46, 3), w("Medium Laser", "RA", 46, 3)],
        protected="LT", tonnage=60, walk=5, run=8, jump=5, armor_points=143,
        structure_points=99, heat_sinks=13, heat_capacity=26, move_heat=5))
    assert (bv.defensive_base, bv.explosive_penalty, bv.rear_switched) == (536, 0, False)
    assert [(w.name, w.counted) for w in bv.weapons] == [
        ("LRM 10", 90), ("Medium Laser", 46), ("Medium Laser", 46), ("Medium Laser", 23),
        ("Medium Laser", 23), ("SRM 4 (OS)", 8)]
    assert bv.weapons[-1].running_heat == F("16.75")
    assert (bv.weapons_total, bv.ammo_total) == (236, 11)
    check(bv, "696.8", "540.32", 1237)


def test_commando_com_7b_small_cockpit():  # 7.10
    bv = battle_value_of(unit(
        [w("ER Medium Laser", "LA", 62, 5), w("Flamer", "LA", 6, 3), w("Flamer", "LA", 6, 3),
         w("SRM 4", "CT", 39, 3, ammo_key="SRM:4"), w("SRM 4", "CT", 39, 3, ammo_key="SRM:4"),
         ammo("SRM 4 Ammo", "RT", 5, "SRM:4")],
        protected="RT", tonnage=25, walk=6, run=9, jump=4, armor_points=72,
        structure_points=43, heat_sinks=10, heat_capacity=20, move_heat=4,
        engine_factor=F(3, 4), cockpit_factor=F("0.95")))
    assert bv.defensive_base == F("240.875")
    assert (bv.weapons_total, bv.weapons[-1].running_heat) == (152, 17)
    assert bv.defensive + bv.offensive == F("633.4575")
    check(bv, "313.1375", "320.32", 602)


def test_atlas_as7_k_gauss_one_per_slot_and_gauss_ammo_not_explosive():  # 7.11
    bv = battle_value_of(unit(
        [w("ER Large Laser", "LA", 163, 12), ValueMount("AMS", "LA", Role.DEFENSIVE,
                                                        bv=F(32), ammo_key="AMS"),
         w("ER Large Laser", "RA", 163, 12),
         ammo("Gauss Ammo", "RA", 40, "GAUSS", explosive=0),
         ammo("Gauss Ammo", "RA", 40, "GAUSS", explosive=0),
         w("LRM 20", "LT", 181, 6, ammo_key="LRM:20"),
         ammo("LRM 20 Ammo", "LT", 23, "LRM:20"), ammo("LRM 20 Ammo", "LT", 23, "LRM:20"),
         ValueMount("AMS Ammo", "LT", Role.DEFENSIVE_AMMO, bv=F(11), ammo_key="AMS",
                    explosive=F(15)),
         w("Gauss Rifle", "RT", 320, 1, ammo_key="GAUSS", explosive=F(1), slots=7),
         w("Medium Pulse Laser", "CT", 48, 4, rear=True),
         w("Medium Pulse Laser", "CT", 48, 4, rear=True)],
        tonnage=100, walk=3, run=5, jump=0, armor_points=304, structure_points=152,
        heat_sinks=20, heat_capacity=20, move_heat=2, engine_factor=F(1, 2)))
    assert [(e.name, e.penalty) for e in bv.explosive] == [
        ("LRM 20 Ammo", 15), ("LRM 20 Ammo", 15), ("AMS Ammo", 15), ("Gauss Rifle", 7)]
    assert (bv.defensive_equipment_total, bv.explosive_penalty, bv.defensive_base) == (
        43, 52, 915)
    assert [w.counted for w in bv.weapons] == [320, 181, 163, 163, 12, 12]
    assert [(a.key, a.counted) for a in bv.ammo] == [("GAUSS", 80), ("LRM:20", 46)]
    check(bv, "1098", "1077", 2175)


def test_loki_a_ultra_heat_doubled_and_ct_ammo_penalized():  # 7.12
    bv = battle_value_of(unit(
        [w("ER Large Laser", "LA", 248, 12), w("ER Large Laser", "LA", 248, 12),
         w("Ultra AC/5", "RA", 122, 2, ammo_key="AC_ULTRA:5"),
         ammo("Ultra AC/5 Ammo", "RA", 15, "AC_ULTRA:5"),
         w("Narc", "LT", 30, 0, ammo_key="NARC"),
         ValueMount("Active Probe", "LT", Role.DEFENSIVE, bv=F(12)),
         ammo("Narc Pods", "LT", 0, "NARC"),
         w("LRM 20", "RT", 220, 6, ammo_key="LRM:20"),
         w("Machine Gun", "RT", 5, 0, ammo_key="MG"), w("Machine Gun", "RT", 5, 0,
                                                        ammo_key="MG"),
         ammo("LRM 20 Narc Ammo", "RT", 27, "LRM:20"), ammo("MG Ammo", "CT", 1, "MG"),
         w("ER Medium Laser", "HD", 108, 5)],
        protected="LA RA LT RT", tonnage=65, walk=5, run=8, jump=0, armor_points=128,
        structure_points=104, heat_sinks=13, heat_capacity=26, move_heat=2,
        engine_factor=F(3, 4)))
    assert (bv.explosive_penalty, bv.defensive_base) == (15, F("466.5"))
    assert [w.counted for w in bv.weapons] == [30, 5, 5, 248, 248, 220, 61, 54]
    assert (bv.weapons_total, bv.ammo_total) == (871, 43)
    check(bv, "606.45", "1341.23", 1948)


def test_crusader_crd_7m_case_ii_mml_artemis_and_streak():  # 7.13
    mml = {"ammo_key": "MML:7", "fire_control": F("1.2"), "fire_control_name": "Artemis IV"}
    bv = battle_value_of(unit(
        [w("MML 7", "LA", 67, 4, **mml), w("MML 7", "RA", 67, 4, **mml),
         w("Light PPC", "LA", 88, 5), w("Light PPC", "RA", 88, 5),
         w("Streak SRM 4", "LL", 59, F(3, 2), ammo_key="SRM_STREAK:4"),
         w("Streak SRM 4", "RL", 59, F(3, 2), ammo_key="SRM_STREAK:4"),
         ValueMount("AMS", "HD", Role.DEFENSIVE, bv=F(32), ammo_key="AMS"),
         *(ammo("MML 7 Ammo", loc, 8, "MML:7") for loc in ("LT", "LT", "RT", "RT")),
         ammo("Streak SRM 4 Ammo", "RT", 7, "SRM_STREAK:4"),
         ValueMount("AMS Ammo", "LT", Role.DEFENSIVE_AMMO, bv=F(11), ammo_key="AMS",
                    explosive=F(15))],
        protected="LT RT", tonnage=65, walk=4, run=6, jump=4, armor_points=184,
        structure_points=104, heat_sinks=10, heat_capacity=20, move_heat=4,
        engine_factor=F(1, 2)))
    assert (bv.defensive_base, bv.explosive_penalty) == (F("613.5"), 0)
    assert [w.counted for w in bv.weapons] == [88, 88, F("80.4"), F("80.4"), 59, 59]
    assert [w.running_heat for w in bv.weapons] == [5, 10, 14, 18, F("19.5"), 21]
    assert bv.ammo_total == 39
    check(bv, "736.2", "765.556", 1502)


def test_black_lanner_i_tc_skips_missiles_and_masc_runs_fourteen():  # 7.14
    bv = battle_value_of(unit(
        [w("ER Medium Laser", "LA", 108, 5, direct_fire=True),
         w("ER Medium Laser", "LA", 108, 5, direct_fire=True),
         w("Medium VSP Laser", "RA", 56, 7, direct_fire=True),
         w("Streak SRM 4", "LT", 79, F(3, 2), ammo_key="SRM_STREAK:4"),
         ammo("Streak SRM 4 Ammo", "LT", 10, "SRM_STREAK:4"),
         *(w("Heavy Machine Gun", "RT", 6, 0, ammo_key="HMG") for _ in range(3)),
         ammo("Heavy MG Ammo (1/2)", "RT", F(1, 2), "HMG")],
        protected="LA RA LT RT", targeting_computer=True, tonnage=55, walk=7, run=14, jump=0,
        armor_points=153, structure_points=91, heat_sinks=10, heat_capacity=20, move_heat=2,
        engine_factor=F(3, 4)))
    assert bv.defensive_base == F("512.375")
    assert [w.counted for w in bv.weapons] == [6, 6, 6, 135, 135, 79, 70]
    assert (bv.weapons_total, bv.ammo_total, bv.speed_factor) == (437, F("10.5"), F("2.16"))
    check(bv, "717.325", "1085.4", 1803)
