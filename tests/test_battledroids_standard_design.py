"""The 1984-style sheet of a Standard design lists every component and item with its type
(issue 31): the targeting computer, C3, MASC and CASE in the Weapons/Ammo table, the
engine as 'Vlar 300 XL', the structure, armor and heat sink types; its tons add up to the
'Mech's (the Centurion CN9-D5 listed 42.5 of its 50 t)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from mechlab.assess import assess
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Text
from mechlab.sheet.battledroids import spellings_for
from mechlab.sheet.droid_data import data_lines, weapon_lines
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import get_style, layout_sheet

DATA = Path(__file__).parent / "data"
DESIGNS = [DATA / "megamek" / "Centurion CN9-D5.mtf",
           *sorted((DATA / "standard").glob("*.yaml")),
           DATA / "megamek" / "Black Knight BL-12-KNT.mtf"]


def _tons(text: str) -> Fraction:
    return Fraction(0) if text in ("", "—") else Fraction(text)


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.stem)
def test_every_ton_of_a_standard_design_is_on_the_1984_sheet(path):
    mech = resolve(load_design(path))
    spellings = spellings_for(get_style("battledroids"))
    components = sum(_tons(line.tons) for line in data_lines(mech)[1:])
    items = sum(_tons(line.tons) for line in weapon_lines(mech, spellings))
    assert components + items == mech.total_tons


def test_the_centurion_sheet_names_its_equipment_and_component_types():
    mech = resolve(load_design(DESIGNS[0]))
    sheet = layout_sheet(assess(mech), SheetOptions(style="battledroids"))
    texts = {item.text for item in sheet.page.items if isinstance(item, Text)}
    assert {"Targeting Computer", "MASC", "CASE", "C3 Computer (Slave)"} <= texts
    assert {"Vlar 300 XL", "Endo Steel", "10 (20) Double"} <= texts


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.stem)
def test_the_types_take_a_line_of_their_own_rather_than_shrink(path, paper, shrunk):
    mech = resolve(load_design(path))
    if mech.design.config == "quad":
        pytest.skip("the 1984 style prints no quad")
    layout_sheet(assess(mech), SheetOptions(style="battledroids", paper=paper))
    assert shrunk == []
