"""Lane bvfix (issue 27): the legal level-3/4 files whose BV differed from MegaMek's, each
for a rule now corrected, judged on MegaMek's own files (tests/data/megamek-advanced/,
BVFIX_FILES of tests/data/vendor.py) against MegaMek's BV (tests/data/advanced_bvfix_values.tsv,
copied from ../shared/corpus/megamek-all/INDEX.tsv); each rule also checked on its own."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests_support import DATA, read_table

from mechlab.assess import Assessment, assess
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes
from mechlab.files.mtf.parse import decode
from mechlab.model.resolve import resolve
from mechlab.values.bv import BattleValue, battle_value

PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "advanced_bvfix_values.tsv")}
ADVANCED = DATA / "megamek-advanced"
OSPREY = "Osprey OSP-36.mtf"  # two RISC APDS, a ton of their ammunition each
CARBINE = "Carbine CON-7M ConstructionMech MOD.mtf"  # ICE IndustrialMech, five rocket launchers


def vendored(name: str) -> str:
    return decode((ADVANCED / name).read_bytes())


def judged(text: str, name: str = "unit.mtf") -> Assessment:
    imported = import_mtf_bytes(text.encode("utf-8"), name)
    return assess(resolve(design_from_dict(imported.design, name)), imported.facts)


def bv_of(text: str) -> BattleValue:
    return battle_value(judged(text).mech)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_lane_files_are_legal_with_megameks_bv(name: str) -> None:
    assessed = judged(vendored(name), name)
    assert assessed.legal, [str(f) for f in assessed.errors]
    assert assessed.values is not None
    assert assessed.values.bv == int(PUBLISHED[name]["megamek_bv"])


def test_apds_ammunition_counts_on_the_defensive_side_capped_by_the_apds() -> None:
    # Interstellar Operations p. 91 / MegaMek's BVCalculator: APDS ammunition is AMS-type
    # ammunition, its 22 a ton counted with the defensive equipment (up to the APDS' own
    # 64 each), never with the offensive ammunition.
    bv = bv_of(vendored(OSPREY))
    apds = [e for e in bv.defensive_equipment if "Point Defense" in e.name]
    assert sum((e.bv for e in apds), Fraction(0)) == 128
    assert bv.defensive_equipment_total == 128 + 44
    assert not [a for a in bv.ammo if "Point Defense" in a.key and a.counted]


def test_an_ice_industrialmech_makes_no_running_heat_for_bv() -> None:
    # TechManual p. 233 (an ICE makes no movement heat) and MegaMek's Engine.getRunHeat: an
    # ICE or fuel cell on IndustrialMech structure runs cold, so the Carbine's heat efficiency
    # is 6 and its five one-shot rocket launchers (1 heat each) all count in full.
    bv = bv_of(vendored(CARBINE))
    assert (bv.move_heat, bv.heat_efficiency) == (0, 6)
    assert all(not w.halved for w in bv.weapons)


def test_an_ice_on_standard_structure_still_counts_the_running_heat_of_two() -> None:
    # MegaMek's Engine.getRunHeat spares only industrial structure: the same engine on a
    # standard-structure 'Mech counts the standard 2.
    text = vendored(CARBINE).replace("Structure:IS Industrial", "Structure:IS Standard")
    assert bv_of(text).move_heat == 2
