"""MegaMek .mtf files: read every corpus file, round-trip, and fail cleanly on junk."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests_support import EXAMPLES, corpus_files, needs_corpus, sweep, swept

from mechlab.core.errors import DesignError
from mechlab.files.load import load_design, parse_design
from mechlab.files.mtf import (
    MtfError,
    design_dict_from_mtf_bytes,
    design_to_mtf,
    import_mtf_bytes,
    parse_mtf,
    read_mtf,
    write_mtf,
)
from mechlab.files.mtf.model import MtfUnit
from mechlab.files.mtf.names import FIXED, item_for, strip_markers
from mechlab.files.yaml_out import dump_design
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset

SMALL = """Version:1.0
Locust
LCT-1V

Config:Biped
TechBase:Inner Sphere
Rules Level:1
Mass:20
Engine:160 Fusion Engine
Structure:Standard
Myomer:Standard
Heat Sinks:10 Single
Walk MP:8
Jump MP:0
Armor:Standard(Inner Sphere)
LA Armor:4
RA Armor:4
LT Armor:8
RT Armor:8
CT Armor:10
HD Armor:8
LL Armor:8
RL Armor:8
RTL Armor:2
RTR Armor:2
RTC Armor:2

Weapons:3
Medium Laser, Center Torso
Machine Gun, Left Arm
Machine Gun, Right Arm

Left Arm:
Shoulder
Upper Arm Actuator
Machine Gun
-Empty-

Right Arm:
Shoulder
Upper Arm Actuator
Machine Gun

Left Torso:
Heat Sink
Heat Sink

Right Torso:
Heat Sink
Heat Sink

Center Torso:
Fusion Engine
Fusion Engine
Fusion Engine
Gyro
Gyro
Gyro
Gyro
Fusion Engine
Fusion Engine
Fusion Engine
Medium Laser
IS Ammo MG - Full

Head:
Life Support
Sensors
Cockpit
-Empty-
Sensors
Life Support

Left Leg:
Hip
Upper Leg Actuator
Lower Leg Actuator
Foot Actuator

Right Leg:
Hip
Upper Leg Actuator
Lower Leg Actuator
Foot Actuator
"""


@needs_corpus
@pytest.mark.slow
@sweep
def test_every_corpus_file_parses_and_round_trips_through_the_writer():
    files = corpus_files()
    assert len(files) == 282
    for path in swept(files):
        unit = read_mtf(path)
        assert parse_mtf(write_mtf(unit), str(path)) == unit, path.name


@needs_corpus
@pytest.mark.slow
@sweep
def test_every_corpus_design_round_trips_mtf_design_mtf_design():
    for path in swept(corpus_files()):
        design = design_dict_from_mtf_bytes(path.read_bytes(), str(path))
        again = design_dict_from_mtf_bytes(
            design_to_mtf(parse_design(dump_design(design))).encode(), "x.mtf")
        assert again == design, path.name


def _technical_facts(unit: MtfUnit) -> dict[str, object]:
    """What an .mtf says about the 'Mech, spelling aside: header numbers, armor, and every
    slot line as (catalog name or fixed component, rear)."""
    catalog = get_ruleset("intro").catalog

    def slot(line: str) -> tuple[str, bool]:
        text, rear, _ = strip_markers(line)
        if text.lower() in FIXED:
            return FIXED[text.lower()], rear
        item = item_for(text, catalog)
        return (item.name if item else text), rear

    return {
        "header": [unit.get(k) for k in ("mass", "walk mp", "jump mp")],
        "engine rating": (unit.get("engine") or "").split()[0],
        "heat sinks": (unit.get("heat sinks") or "").split()[0],
        "armor": dict(unit.armor),
        "slots": {block: _unpadded([slot(line) for line in lines])
                  for block, lines in unit.locations},
    }


def _unpadded(slots: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """Heads and legs are written with 12 lines or 6: trailing empty lines say nothing."""
    while slots and slots[-1] == ("-Empty-", False):
        slots = slots[:-1]
    return slots


@needs_corpus
@pytest.mark.slow
@sweep
def test_library_exports_say_what_megameks_own_files_say():
    """Each library unit (a design file) exported to .mtf states the same technical facts,
    slot by slot, as the MegaMek file it came from: an oracle mechlab did not write."""
    from mechlab.files.library import library

    originals = {}
    for path in corpus_files():
        unit = read_mtf(path)
        originals[f"{unit.chassis} {unit.model}".strip()] = unit
    # A 1984 design has no .mtf (tests/test_rulesets.py: the export says why).
    units = [unit for unit in library() if unit.ruleset == "intro"]
    assert len(units) == 282
    for unit in swept(units):
        exported = parse_mtf(design_to_mtf(load_design(unit.path)), "x.mtf")
        original = originals[unit.name]
        assert _technical_facts(exported) == _technical_facts(original), unit.name


def test_hand_written_design_keeps_its_slot_table_through_mtf():
    design = load_design(EXAMPLES / "catapult.yaml")
    back = parse_design(dump_design(design_dict_from_mtf_bytes(
        design_to_mtf(design).encode(), "x.mtf")))
    slots = {loc: [s.name for s in cells] for loc, cells in resolve(design).critical_slots.items()}
    again = {loc: [s.name for s in cells] for loc, cells in resolve(back).critical_slots.items()}
    assert slots == again


def test_quirks_crlf_lowercase_keys_comments_and_short_blocks():
    text = SMALL.replace("Mass:20", "mass:20").replace("\n", "\r\n")
    text = "# written by hand\r\n" + text
    unit = parse_mtf(text, "locust.mtf")
    assert (unit.chassis, unit.model, unit.get("mass")) == ("Locust", "LCT-1V", "20")
    design = design_dict_from_mtf_bytes(text.encode(), "locust.mtf")
    assert design["heat_sinks"] == 10 and design["walking_mp"] == 8
    assert {"item": "Ammo (Machine Gun)", "location": "center_torso"} in design["equipment"]


def test_chassis_and_model_keys_instead_of_bare_lines():
    text = SMALL.replace("Locust\nLCT-1V\n", "chassis:Locust\nmodel:LCT-1V\n")
    assert parse_mtf(text).model == "LCT-1V"


def test_rear_markers_are_read():
    text = SMALL.replace("Medium Laser\nIS Ammo", "Medium Laser (R)\nIS Ammo")
    design = design_dict_from_mtf_bytes(text.encode(), "x.mtf")
    laser = next(e for e in design["equipment"] if e["item"] == "Medium Laser")
    assert laser.get("rear") is True


@pytest.mark.parametrize(("spelling", "name"), [
    ("ISMediumLaser", "Medium Laser"), ("IS Ammo LRM-15", "Ammo (LRM 15)"),
    ("ISLRM15 Ammo", "Ammo (LRM 15)"), ("IS Ammo MG - Full", "Ammo (Machine Gun)"),
    ("ISMG Ammo (200)", "Ammo (Machine Gun)"), ("IS Ammo MG - Half", "Ammo (Machine Gun) (1/2)"),
    ("Autocannon/20", "AC/20"), ("ISAC10", "AC/10"), ("Particle Cannon", "PPC"),
    ("ISMachine Gun", "Machine Gun"), ("Hatchet", "Hatchet"),
])
def test_megamek_spellings_map_to_mechlab_names(spelling, name):
    item = item_for(spelling, get_ruleset("intro").catalog)
    assert item is not None and item.name == name


@pytest.mark.parametrize(("change", "words"), [
    (("Medium Laser\nIS Ammo", "ER Medium Laser\nIS Ammo"), {"equipment": "ER Medium Laser"}),
    (("Heat Sinks:10 Single", "Heat Sinks:10 Double"), {"heat_sinks": "double"}),
    (("Engine:160 Fusion Engine", "Engine:160 XL Engine"), {"engine": "xl"}),
    (("Structure:Standard", "Structure:Endo Steel"), {"structure": "endo_steel"}),
    (("TechBase:Inner Sphere", "TechBase:Clan"), {"tech_base": "clan"}),
])
def test_technology_beyond_the_intro_tables_reads_as_a_standard_design(change, words):
    """STANDARD_RULES.md §0.1: only a file wholly on the intro tables is an intro design."""
    assert design_dict_from_mtf_bytes(SMALL.encode(), "x.mtf").get("ruleset", "intro") == "intro"
    imported = import_mtf_bytes(SMALL.replace(*change).encode(), "x.mtf")
    design = imported.design
    assert design["ruleset"] == "standard"
    (field, value), = words.items()
    if field == "equipment":
        assert any(e["item"] == "ER Medium Laser" for e in design["equipment"])
    else:
        stated = design[field]
        assert (stated["type"] if isinstance(stated, dict) else stated) == value


@pytest.mark.parametrize(("text", "message"), [
    ("", "missing 'Version:' line"),
    (SMALL.replace("LA Armor:4", "LA Armor:four"), "LA armor: expected a whole number"),
    (SMALL.replace("Weapons:3", "Weapons:9"), "expected 9 weapon lines"),
    (SMALL.replace("Head:\n", ""), "expected 'Key:value' or a location header"),
    (SMALL.replace("Medium Laser\nIS Ammo", "Medium Laser\nGyro\nIS Ammo"),
     "more than 12 slot lines"),
    (SMALL[: SMALL.index("Left Leg:")], "missing location block 'Left Leg'"),
])
def test_malformed_mtf_gives_file_line_and_what_was_expected(text, message):
    with pytest.raises(MtfError) as error:
        parse_mtf(text, "bad.mtf")
    assert str(error.value).startswith("bad.mtf:")
    assert message in str(error.value)


def _mutations() -> st.SearchStrategy[str]:
    lines = SMALL.splitlines()
    cut = st.integers(0, len(lines)).map(lambda n: "\n".join(lines[:n]))
    truncate = st.tuples(st.integers(0, len(lines) - 1), st.integers(0, 20)).map(
        lambda t: "\n".join([*lines[:t[0]], lines[t[0]][:t[1]], *lines[t[0] + 1:]]))
    swap = st.tuples(st.integers(0, len(lines) - 1), st.integers(0, len(lines) - 1)).map(
        lambda t: "\n".join(_swapped(lines, *t)))
    junk = st.tuples(st.integers(0, len(lines)), st.text(max_size=30)).map(
        lambda t: "\n".join([*lines[:t[0]], t[1], *lines[t[0]:]]))
    return st.one_of(cut, truncate, swap, junk, st.binary(max_size=200).map(
        lambda b: b.decode("latin-1")))


def _swapped(lines: list[str], a: int, b: int) -> list[str]:
    copy = list(lines)
    copy[a], copy[b] = copy[b], copy[a]
    return copy


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutations())
def test_mutated_mtf_gives_only_clean_errors(text):
    # DesignError covers unsupported technology and MtfError; anything else fails the test.
    with contextlib.suppress(DesignError):
        design_dict_from_mtf_bytes(text.encode("utf-8", "surrogatepass"), "fuzz.mtf")
