"""The standard record sheet of a Standard 'Mech says what a player needs (issue 20): tech
base, rules level, era, engine type and rating, structure and armor types, heat sinks with
their type; XL and light engine slots named as engine in every torso; equipment listed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests_support import mech_of

from mechlab.assess import assess
from mechlab.core.locations import Location
from mechlab.files.load import load_design
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Text
from mechlab.rulesets import get_ruleset
from mechlab.sheet import content, slots
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

DATA = Path(__file__).parent / "data" / "standard"


def _mech(name: str) -> Mech:
    return resolve(load_design(DATA / f"{name}.yaml"))


def _facts(mech: Mech) -> dict[str, str]:
    return {label: value for row in content.technology(mech) for label, value, _ in row}


def _texts(mech: Mech, style: str = "standard") -> list[str]:
    sheet = layout_sheet(assess(mech), SheetOptions(style=style))
    return [item.text for item in sheet.page.items if isinstance(item, Text)]


def test_clan_omni_sheet_states_its_technology():
    # Timber Wolf Prime (its MegaMek file): Clan, 375 XL, endo steel, ferro-fibrous, 17 doubles
    facts = _facts(_mech("timber-wolf-prime"))
    assert facts == {"Tech Base:": "Clan", "Rules Level:": "Standard", "Era:": "2945",
                     "Engine:": "375 XL", "Structure:": "Endo Steel",
                     "Armor:": "Ferro-Fibrous", "Heat Sinks:": "17 (34) Double",
                     "Gyro:": "Standard", "Cockpit:": "Standard"}


def test_inner_sphere_sheet_states_light_engine_stealth_armor_and_small_cockpit():
    facts = _facts(_mech("cataphract-ctf-5d"))
    assert (facts["Tech Base:"], facts["Engine:"], facts["Armor:"], facts["Cockpit:"],
            facts["Heat Sinks:"]) == ("Inner Sphere", "280 Light", "Stealth", "Small",
                                      "14 (28) Double")


def test_the_facts_are_printed_on_the_page():
    texts = _texts(_mech("atlas-as7-k"))
    for text in ("Tech Base:", "Inner Sphere", "Engine:", "300 XL", "20 (20) Single", "3049"):
        assert text in texts


def test_an_introductory_sheet_states_no_technology(catapult):
    assert content.technology(mech_of(catapult)) == []  # RULES.md 4.1's sheet: unchanged


@pytest.mark.parametrize(("name", "engine", "side"), [
    ("atlas-as7-k", "XL Fusion Engine", 3),  # STANDARD_RULES.md §3.4: IS XL, 3 per side
    ("timber-wolf-prime", "XL Fusion Engine", 2),  # Clan XL, 2
    ("cataphract-ctf-5d", "Light Fusion Engine", 2),  # light, 2
])
def test_engine_slots_print_as_the_engine_in_every_torso(name, engine, side):
    mech = _mech(name)
    for torso in (Location.LEFT_TORSO, Location.RIGHT_TORSO):
        first = slots.slot_runs(mech, torso)[0]
        assert first.texts == (engine,) * side and first.bracketed
    center = [t for run in slots.slot_runs(mech, Location.CENTER_TORSO) for t in run.texts]
    assert center.count(engine) == 6


def test_standard_fusion_engine_slots_keep_their_name(catapult):
    center = slots.slot_runs(mech_of(catapult), Location.CENTER_TORSO)
    assert center[0].texts == ("Fusion Engine",) * 3


def test_structure_armor_and_clan_items_print_as_players_read_them():
    wolf = _mech("timber-wolf-prime")
    texts = {t for loc in wolf.locations for run in slots.slot_runs(wolf, loc)
             for t in run.texts}
    assert {"Endo Steel", "Ferro-Fibrous", "ER Large Laser", "Double Heat Sink"} <= texts
    assert not any(t.startswith(("CL", "IS")) and " " not in t for t in texts)


def test_inventory_lists_equipment_beside_the_weapons():
    rows = {row.type: row for row in content.inventory(_mech("cataphract-ctf-5d"))}
    assert rows["ECM Suite (Guardian)"].location == "LT"
    assert rows["CASE"].damage == "—" and rows["CASE"].heat == "—"
    assert "Stealth" not in rows  # armor slots are not equipment a player lists


def test_quick_start_names_the_tech_base_and_prints_a_quad():
    assert "Clan" in _texts(_mech("timber-wolf-prime"), "quickstart")
    # Issue 28: the Quick-Start sheet draws the four-legged figure (it refused quads);
    # tests/test_quad_figure.py checks its pips and texts.
    texts = _texts(_mech("tarantula-zph-1a"), "quickstart")
    assert "Front Left Leg" in texts and "Left Arm" not in texts


def test_readout_names_the_component_types_of_a_standard_mech(catapult):
    from mechlab.readout import technical_readout

    wolf = technical_readout(assess(_mech("timber-wolf-prime"))).splitlines()
    assert "Tech Base: Clan   Rules Level: Standard   Era: 2945" in wolf
    assert any(line.startswith("Engine:") and "375 XL" in line for line in wolf)
    assert any(line.startswith("Heat Sinks:") and "17 (34) Double" in line for line in wolf)
    intro = technical_readout(assess(mech_of(catapult)))
    assert "Tech Base" not in intro and "Magna 260 " in intro  # RULES.md's readout: unchanged


def test_a_quad_prints_four_legs_in_the_diagrams_and_the_critical_table():
    # STANDARD_RULES.md §10: HD, CT, LT, RT and four legs of 6 slots (hip, upper leg,
    # lower leg, foot actuators first)
    quad = _mech("tarantula-zph-1a")
    sheet = layout_sheet(assess(quad))
    legs = ("front_left_leg", "front_right_leg", "rear_left_leg", "rear_right_leg")
    assert {region.key for region in sheet.armor} >= set(legs)
    assert {region.key for region in sheet.structure} >= set(legs)
    texts = [item.text for item in sheet.page.items if isinstance(item, Text)]
    for heading in ("Front Left Leg", "Front Right Leg", "Rear Left Leg", "Rear Right Leg"):
        assert heading in texts
    assert "Left Arm" not in texts and "LA" not in texts
    for leg in legs:
        from mechlab.core.locations import Location as L

        runs = slots.slot_runs(quad, L(leg))
        assert [t for run in runs for t in run.texts][:4] == [
            "Hip", "Upper Leg Actuator", "Lower Leg Actuator", "Foot Actuator"]


@pytest.mark.parametrize("name", [p.stem for p in sorted(DATA.glob("*.yaml"))])
def test_every_standard_test_design_sheet_is_exact(name):
    from test_sheet_geometry import check_sheet

    mech = _mech(name)  # every pip inside its outline, counts exact, every text fits
    check_sheet(mech, layout_sheet(assess(mech)))


@pytest.mark.parametrize("tonnage", [20, 55, 100])
def test_a_quad_at_maximum_armor_fits_exactly(tonnage):
    from test_sheet_geometry import check_sheet

    from mechlab.files.load import design_from_dict

    structure = get_ruleset("standard").structure_of(design_from_dict(
        {"chassis": "Q", "model": "1", "ruleset": "standard", "config": "quad",
         "tonnage": tonnage, "walking_mp": 3}))
    assert structure is not None
    armor: dict[str, object] = {"head": 9}
    for loc, points in structure.items():
        if loc.value == "head":
            continue
        cap = 2 * points  # STANDARD_RULES.md §6.4: every location ≤ 2 × its structure
        armor[loc.value] = {"front": cap - cap // 4, "rear": cap // 4} if loc.has_rear_armor \
            else cap
    design = design_from_dict({"chassis": "Q", "model": "1", "ruleset": "standard",
                               "config": "quad", "tonnage": tonnage, "walking_mp": 3,
                               "armor": armor})
    mech = resolve(design)
    check_sheet(mech, layout_sheet(assess(mech)))


def test_technology_rows_keep_one_size_with_long_component_names():
    """Issue 22: 'Armor: Light Ferro-Fibrous' was cut to 'Light Ferro-Fibr…' at 6 pt and
    'Myomer: Triple-Strength' shrunk to 6.2 pt beside 7 pt labels (MegaMek's Ostwar
    OWR-3M, Wolverine WVR-9K); a row whose texts fit the line gives each cell its room."""
    import yaml

    design = yaml.safe_load((DATA / "cataphract-ctf-5d.yaml").read_text())
    design["armor"]["type"] = "light_ferro"
    design["myomer"] = "tsm"
    mech = mech_of(design)
    for paper in ("letter", "a4"):
        sheet = layout_sheet(assess(mech), SheetOptions(paper=paper))
        texts = {t.text: t.size for t in sheet.page.items  # the 'Mech Data block's
                 if isinstance(t, Text) and t.y < 200 and t.x < sheet.page.width / 2}
        assert texts["Light Ferro-Fibrous"] == texts["Triple-Strength"] == 7
        assert texts["Armor:"] == texts["Myomer:"] == 7
