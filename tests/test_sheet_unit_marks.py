"""What MegaMekLab's record sheet template states of a unit and mechlab's sheet lacked
(issue 31): an OmniMech says so in its title ("OmniMech Record Sheet"), the armor and
structure types other than standard are captioned under their diagrams ("Endo Steel"),
and a design's role (the Master Unit List's, `role:`) has a "Role:" line."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from tests_support import REPO, mech_of

from mechlab.assess import assess
from mechlab.files.load import load_design
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Text
from mechlab.sheet.options import Sheet, SheetOptions
from mechlab.sheet.styles import layout_sheet

DATA = Path(__file__).parent / "data" / "standard"


def _mech(name: str) -> Mech:
    return resolve(load_design(DATA / f"{name}.yaml"))


def _sheet(mech: Mech, style: str = "standard") -> Sheet:
    return layout_sheet(assess(mech), SheetOptions(style=style))


def _texts(sheet: Sheet) -> list[Text]:
    return [t for t in sheet.page.items if isinstance(t, Text)]


def test_an_omnimech_sheet_is_titled_omnimech():
    wolf = _sheet(_mech("timber-wolf-prime"))  # MegaMek: Config:Biped Omnimech
    assert "OMNIMECH RECORD SHEET" in {t.text for t in _texts(wolf)}
    plain = _sheet(_mech("cataphract-ctf-5d"))
    assert "BATTLEMECH RECORD SHEET" in {t.text for t in _texts(plain)}


@pytest.mark.parametrize("style", ["standard", "quickstart", "battledroids"])
def test_armor_and_structure_types_are_captioned_under_their_diagrams(style):
    # The Timber Wolf Prime: ferro-fibrous armor, endo steel structure.
    sheet = _sheet(_mech("timber-wolf-prime"), style)
    below = {}
    for regions, caption in ((sheet.armor, "Ferro-Fibrous"), (sheet.structure, "Endo Steel")):
        if not regions:
            continue  # the Quick-Start sheet has no structure diagram
        bottom = max(y for region in regions for _, y in region.outline)
        xs = [x for region in regions for x, _ in region.outline]
        below[caption] = [t for t in _texts(sheet) if t.text == caption and t.y > bottom
                          and min(xs) <= t.x <= max(xs)]
    assert below and all(len(found) == 1 for found in below.values()), below


def test_standard_types_get_no_caption():
    atlas = _sheet(_mech("atlas-as7-k"))  # standard armor and structure
    assert not {"Standard", "Ferro-Fibrous", "Endo Steel"} & {
        t.text for t in _texts(atlas) if t.x > atlas.page.width / 2}


def test_the_role_is_printed_where_the_design_states_it():
    catapult = load_design(REPO / "units" / "heavy-catapult-cplt-c1.yaml")  # role: Missile Boat
    texts = [t.text for t in _texts(_sheet(resolve(catapult)))]
    assert texts[texts.index("Role:") + 1] == "Missile Boat"
    data = yaml.safe_load((DATA / "atlas-as7-k.yaml").read_text())
    assert "role" not in data
    assert "Role:" not in {t.text for t in _texts(_sheet(mech_of(data)))}
