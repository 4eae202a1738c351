"""MASC and superchargers: the readout and every sheet print the running MP with the boost
engaged in brackets, as published record sheets do (`Running MP: 9 [12]`; issue 31).
TechManual: MASC or a supercharger doubles the walking MP; both give ⌈2.5 × walking⌉."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from tests_support import mech_of

from mechlab.assess import assess
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.readout import technical_readout
from mechlab.render.geometry import Text
from mechlab.sheet import content
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

TESTS = Path(__file__).parent
CENTURION = TESTS / "data" / "megamek" / "Centurion CN9-D5.mtf"  # walk 6, MASC


def _texts(mech, style):
    sheet = layout_sheet(assess(mech), SheetOptions(style=style))
    return [item.text for item in sheet.page.items if isinstance(item, Text)]


def test_masc_prints_its_sprint_on_the_readout():
    readout = technical_readout(assess(resolve(load_design(CENTURION))))
    assert "Running MP: 9 [12]" in readout


@pytest.mark.parametrize("style", ["standard", "quickstart"])
def test_masc_prints_its_sprint_on_the_sheet(style):
    assert "9 [12]" in _texts(resolve(load_design(CENTURION)), style)


def _cataphract(*extra: dict[str, object]):
    """The Cataphract CTF-5D (70 t, walk 4, light engine) with `extra` equipment."""
    data = yaml.safe_load((TESTS / "data" / "standard" / "cataphract-ctf-5d.yaml").read_text())
    data["equipment"] = [e for e in data["equipment"] if "Jump" not in str(e["item"])]
    data["jumping_mp"] = 0
    data["equipment"] += list(extra)
    return mech_of(data)


def test_a_supercharger_doubles_the_walking_mp():
    mech = _cataphract({"item": "Supercharger", "location": "center_torso"})
    assert content.running_text(mech) == "6 [8]"


def test_masc_and_a_supercharger_give_two_and_a_half_times_the_walking_mp():
    mech = _cataphract({"item": "Supercharger", "location": "center_torso"},
                       {"item": "MASC", "location": "left_torso"})
    assert content.running_text(mech) == "6 [10]"


def test_no_boost_no_bracket():
    assert content.running_text(_cataphract()) == "6"
