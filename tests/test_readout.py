"""The terminal readout (`mechlab build`'s Technical-Readout-style text) of Standard 'Mechs:
the weapons and equipment table lists items, and the construction (endo steel, ferro-fibrous
and stealth slots) is named where the readout states the structure and armor types."""

from __future__ import annotations

import re
from pathlib import Path

from tests_support import DATA, MEGAMEK

from mechlab.assess import Assessment, assess
from mechlab.files.load import load_design
from mechlab.files.mtf import read_design
from mechlab.model.resolve import resolve
from mechlab.readout import technical_readout

TIMBER_WOLF = MEGAMEK / "Mad Cat (Timber Wolf) Prime.mtf"
ABBREVIATIONS = {"Left Arm": "LA", "Right Arm": "RA", "Left Torso": "LT", "Right Torso": "RT",
                 "Center Torso": "CT", "Head": "HD", "Left Leg": "LL", "Right Leg": "RL"}


def _readout(assessed: Assessment) -> list[str]:
    return technical_readout(assessed).splitlines()


def _item_rows(lines: list[str]) -> list[tuple[str, str]]:
    """(item, location) of each row of the weapons and equipment table, one per item:
    "2 Medium Laser  LA" counts twice."""
    header = next(x for x in lines if x.startswith("Weapons and Ammo"))
    table = lines[lines.index(header) + 1:lines.index(next(x for x in lines
                                                           if x.startswith("Total ")))]
    column = header.index("Location")
    rows = []
    for line in table:
        name, where = line[:column].strip(), line[column:column + 10].strip()
        count = re.match(r"(\d+) (.*)", name)
        rows += [(count[2], where)] * int(count[1]) if count else [(name, where)]
    return rows


def _megamek_weapons(path: Path) -> list[tuple[str, str]]:
    """The `Weapons:` block of a MegaMek file: (weapon, location) a line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Weapons:"))
    count = int(lines[start].split(":")[1])
    return [(name.strip(), ABBREVIATIONS[where.strip()]) for name, where in
            (line.split(",") for line in lines[start + 1:start + 1 + count])]


def test_the_items_table_lists_the_weapons_and_ammo_not_endo_steel_or_ferro_fibrous():
    lines = _readout(assess(resolve(read_design(TIMBER_WOLF))))
    rows = _item_rows(lines)
    ammo = [row for row in rows if row[0].endswith("Ammo")]
    assert sorted(set(rows) - set(ammo)) == sorted(set(_megamek_weapons(TIMBER_WOLF)))
    assert len(rows) - len(ammo) == len(_megamek_weapons(TIMBER_WOLF))  # 9, as MegaMek's
    # TRO 3050: 2 t of LRM 20 ammunition (one a side torso), 1 t of machine-gun ammunition
    assert ammo == [("LRM 20 Ammo", "LT"), ("LRM 20 Ammo", "RT"), ("Machine Gun Ammo", "RT")]
    # the 7 + 7 construction slots are the structure's and the armor's, stated once, there
    assert not [name for name, _ in rows if name in ("Endo Steel", "Ferro-Fibrous")]
    assert any(re.match(r"Internal Structure: +Endo Steel +4$", line) for line in lines)
    assert any(re.match(r"Armor Factor: +230 Ferro-Fibrous +12$", line) for line in lines)
    assert lines[lines.index(next(x for x in lines if x.startswith("Total ")))].split()[1:] \
        == ["75", "/", "75"]


def test_stealth_armor_slots_are_named_by_the_armor_row_not_listed_as_items():
    # Cataphract CTF-5D: stealth armor, two slots in each arm, side torso and leg
    assessed = assess(resolve(load_design(DATA / "standard" / "cataphract-ctf-5d.yaml")))
    lines = _readout(assessed)
    assert "Stealth" not in {name for name, _ in _item_rows(lines)}
    assert any(re.match(r"Armor Factor: +\d+ Stealth +\d+", line) for line in lines)
    stealth = [m for m in assessed.mech.mounts if m.path == "armor"]
    assert sum(m.slot_count for m in stealth) == 12  # still in the critical slots


def test_a_long_item_name_never_runs_into_its_location():
    # Vindicator VND-5L (its MegaMek file): triple-strength myomer, three slots a side torso
    lines = _readout(assess(resolve(read_design(MEGAMEK / "Vindicator VND-5L.mtf"))))
    assert [row for row in _item_rows(lines) if "Myomer" in row[0]] == \
        [("Triple Strength Myomer", "LT")] * 3 + [("Triple Strength Myomer", "RT")] * 3
    header = next(x for x in lines if x.startswith("Weapons and Ammo"))
    total = next(x for x in lines if x.startswith("Total "))
    assert len(total.split(" / ")[0]) == len(header)  # the total under the tonnage column
