"""Reading the Standard side of `.mtf` files: header lines with their tech (STANDARD_RULES.md
§1.3, §14.3), quad blocks (§10), crit suffixes (§14.4) and the one-line refusals (§0.2-0.3).
Expected values are the rules document's tables, not the code's own output."""

from __future__ import annotations

import pytest

from mechlab.files.load import DesignError, UnsupportedTechnologyError
from mechlab.files.mtf import design_dict_from_mtf_bytes, import_mtf_bytes, parse_mtf
from mechlab.files.mtf.crits import read_crit
from mechlab.files.mtf.header import HeaderError, header_from, read_header
from mechlab.files.mtf.refusals import RefusedTechnologyError

QUAD = """Version:1.0
Goliath
GOL-1H
Config:Quad
techbase:Inner Sphere
rules level:1
mass:80
engine:320 Fusion Engine(IS)
structure:IS Standard
myomer:Standard
heat sinks:17 Single
walk mp:4
jump mp:0
armor:Standard(Inner Sphere)
FLL armor:24
FRL armor:24
LT armor:20
RT armor:20
CT armor:30
HD armor:9
RLL armor:30
RRL armor:30
RTL armor:13
RTR armor:13
RTC armor:19
Weapons:1
PPC, Right Torso (r)

Front Left Leg:
Hip
Upper Leg Actuator
Lower Leg Actuator
Foot Actuator
Heat Sink
-Empty-

Front Right Leg:
Hip
Upper Leg Actuator
Lower Leg Actuator
Foot Actuator
Heat Sink
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-
-Empty-

Left Torso:
-Empty-

Right Torso:
PPC (R)
PPC (R)
PPC (R)

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

Head:
Life Support
Sensors
Cockpit
-Empty-
Sensors
Life Support

Rear Left Leg:
Hip
Upper Leg Actuator
Lower Leg Actuator
Foot Actuator

Rear Right Leg:
Hip
Upper Leg Actuator
Lower Leg Actuator
Foot Actuator
"""


def _header(**lines: str) -> dict[str, str]:
    return {key.replace("_", " "): value for key, value in lines.items()}


def test_a_quad_reads_its_four_leg_blocks_and_leg_armor_lines():
    unit = parse_mtf(QUAD, "q.mtf")
    assert unit.is_quad
    assert [name for name, _ in unit.locations] == [
        "Front Left Leg", "Front Right Leg", "Left Torso", "Right Torso", "Center Torso",
        "Head", "Rear Left Leg", "Rear Right Leg"]
    assert dict(unit.armor)["FLL"] == 24 and dict(unit.armor)["RRL"] == 30
    assert unit.slots("Front Left Leg")[4] == "Heat Sink"  # a 6-line block, no padding
    assert unit.weapons[0].rear  # `(r)` in either case


def test_a_biped_block_in_a_quad_file_is_bad_input():
    with pytest.raises(ValueError, match="'Left Arm' in a quad's file"):
        parse_mtf(QUAD.replace("Front Left Leg:", "Left Arm:"), "q.mtf")


@pytest.mark.parametrize(("techbase", "engine", "kind", "tech"), [
    # §1.3: a non-mixed unit's engine takes the unit's base, whatever the line says.
    ("Clan", "375 XL (Clan) Engine(IS)", "xl", "clan"),
    ("Inner Sphere", "300 XL Engine(IS)", "xl", "is"),
    ("Clan", "300 Fusion Engine(IS)", "standard", "clan"),
    # Mixed: Clan if the text says Clan, IS if `(IS)`, else the chassis.
    ("Mixed (IS Chassis)", "300 XL (Clan) Engine(IS)", "xl", "clan"),
    ("Mixed (Clan Chassis)", "300 XL Engine(IS)", "xl", "is"),
    ("Mixed (Clan Chassis)", "300 XL Engine", "xl", "clan"),
    ("Inner Sphere", "250 Light Fusion Engine", "light", "is"),
    ("Inner Sphere", "250 Compact Engine(IS)", "compact", "is"),
    ("Inner Sphere", "250 XXL Engine(IS)", "xxl", "is"),
    ("Inner Sphere", "250 I.C.E. Engine", "ice", "is"),
    ("Inner Sphere", "250 Fuel-Cell Engine", "fuel_cell", "is"),
])
def test_engine_type_and_tech_as_megamek_reads_them(techbase, engine, kind, tech):
    header = header_from(_header(techbase=techbase, engine=engine))
    assert (header.engine.kind, header.engine.tech) == (kind, tech)
    assert header.engine_rating == int(engine.split()[0])


@pytest.mark.parametrize(("techbase", "structure", "kind", "tech"), [
    ("Clan", "Clan Endo Steel", "endo_steel", "clan"),
    ("Clan", "Endo Steel", "endo_steel", "clan"),
    ("Inner Sphere", "Endo-Steel", "endo_steel", "is"),
    ("Mixed (Clan Chassis)", "IS Endo Steel", "endo_steel", "is"),
    ("Mixed (IS Chassis)", "Endo Steel", "endo_steel", "is"),
    ("Clan", "Clan Endo-Composite", "endo_composite", "clan"),
    ("Inner Sphere", "IS Reinforced", "reinforced", "is"),
    ("Inner Sphere", "IS Composite", "composite", "is"),
])
def test_structure_type_and_tech(techbase, structure, kind, tech):
    header = header_from(_header(techbase=techbase, structure=structure))
    assert (header.structure.kind, header.structure.tech) == (kind, tech)


@pytest.mark.parametrize(("techbase", "armor", "kind", "tech"), [
    ("Clan", "Ferro-Fibrous(Clan)", "ferro_fibrous", "clan"),
    ("Mixed (Clan Chassis)", "Ferro-Fibrous(Inner Sphere)", "ferro_fibrous", "is"),
    ("Clan", "Ferro-Fibrous", "ferro_fibrous", "clan"),  # no brackets: the unit's base
    ("Inner Sphere", "Standard(IS/Clan)", "standard", "clan"),  # brackets say clan
    ("Inner Sphere", "Light Ferro-Fibrous(Inner Sphere)", "light_ferro", "is"),
    ("Inner Sphere", "Heavy Ferro-Fibrous", "heavy_ferro", "is"),
    ("Inner Sphere", "Stealth Armor", "stealth", "is"),
    ("Inner Sphere", "Standard((Unknown Technology Base))", "standard", "is"),
])
def test_armor_type_and_tech(techbase, armor, kind, tech):
    header = header_from(_header(techbase=techbase, armor=armor))
    assert (header.armor.kind, header.armor.tech) == (kind, tech)


@pytest.mark.parametrize(("techbase", "line", "count", "kind", "tech"), [
    ("Inner Sphere", "10 Single", 10, "single", "is"),
    ("Clan", "20 Double", 20, "double", "clan"),
    ("Mixed (IS Chassis)", "15 Clan Double", 15, "double", "clan"),
    ("Mixed (Clan Chassis)", "12 IS Double", 12, "double", "is"),
    ("Clan", "12 Double (Inner Sphere)", 12, "double", "is"),
])
def test_heat_sink_count_type_and_tech(techbase, line, count, kind, tech):
    header = header_from(_header(techbase=techbase, heat_sinks=line))
    assert (header.heat_sink_count, header.heat_sinks.kind, header.heat_sinks.tech) == (
        count, kind, tech)


def test_gyro_cockpit_ejection_myomer_and_omni_lines():
    header = header_from(_header(config="Biped Omnimech", gyro="XL", cockpit="Small Cockpit",
                                 ejection="Full Head Ejection System",
                                 myomer="Triple-Strength", base_chassis_heat_sinks="12"))
    assert header.config == "biped" and header.omni
    assert (header.gyro.kind, header.cockpit.kind, header.ejection) == ("xl", "small",
                                                                          "full_head")
    assert header.myomer.kind == "tsm" and header.base_chassis_heat_sinks == 12
    plain = header_from({})  # an old intro file: every line absent
    assert (plain.gyro.kind, plain.cockpit.kind, plain.tech_base) == ("standard", "standard",
                                                                      "inner_sphere")


def test_a_bare_mixed_tech_base_is_bad_input():
    with pytest.raises(HeaderError, match="TechBase: 'Mixed'"):
        header_from(_header(techbase="Mixed"))


@pytest.mark.parametrize(("line", "name", "flags"), [
    ("ER Large Laser (R) (OMNIPOD)", "ER Large Laser", {"rear", "pod"}),
    ("CLLRM15 (omnipod)", "CLLRM15", {"pod"}),
    ("Autocannon/20 (R) (Split)", "Autocannon/20", {"rear", "split"}),
    ("ISGaussRifle (Split) (R)", "ISGaussRifle", {"rear", "split"}),
    ("Cockpit (ARMORED)", "Cockpit", {"armored"}),
    ("Cargo:SIZE:2.0", "Cargo", set()),
])
def test_crit_suffixes_are_taken_apart(line, name, flags):
    crit = read_crit(line)
    assert crit.name == name
    assert {f for f in ("rear", "pod", "split", "armored", "turret") if getattr(crit, f)} == flags


def _refused(text: str) -> RefusedTechnologyError:
    with pytest.raises(RefusedTechnologyError) as error:
        design_dict_from_mtf_bytes(text.encode(), "x.mtf")
    return error.value


# XXL engines, the Tactical Operations armors, the command console, the torso-mounted and
# interface cockpits and laser heat sinks are judged now (issue 27, tests/test_advanced.py), and
# armored components and turrets (tests/test_advanced_armored.py), large engines and compact
# heat sinks (tests/test_advanced_bv97.py), patchwork armor (tests/test_advanced_patchwork.py);
# what is still refused:
@pytest.mark.parametrize(("change", "code", "words"), [
    # (issue 28: LAMs, QuadVees, superheavies and their gyro are read and judged now)
    (("mass:80", "mass:5"), "R-UNIT-TYPE", "under 10 tons"),
    (("myomer:Standard", "cockpit:Small Command Console"), "R-COMPONENT",
     "Small Command Console"),
    # (lane patchwork: patchwork armor is judged now, tests/test_advanced_patchwork.py)
    # (lane bv97b: the prototype improved jump jet is judged now; a prototype item still
    # without a row: MegaMek's prototype remote sensor dispenser)
    (("Foot Actuator\nHeat Sink", "Foot Actuator\nISPrototypeRemoteSensorDispenser"),
     "R-COMPONENT", "prototype item"),
])
def test_each_level_3_technology_is_one_line_naming_it(change, code, words):
    assert change[0] in QUAD
    error = _refused(QUAD.replace(change[0], change[1], 1))
    assert error.code == code
    assert len(error.lines) == 1 and words in error.lines[0]
    assert error.lines[0].startswith(f"x.mtf: {code} ")
    assert isinstance(error, UnsupportedTechnologyError)  # exit 2, `check`: unsupported


def test_a_lam_the_reader_cannot_take_apart_is_still_named():
    # (Issue 28: tripods are read now; a LAM's header still names what it is.)
    text = QUAD.replace("Config:Quad", "Config:LAM").replace("FLL armor", "XX armor")
    assert _refused(text).code == "R-UNIT-TYPE"


def test_the_unit_type_comes_before_the_rules_level():
    text = QUAD.replace("mass:80", "mass:5").replace("rules level:1", "rules level:5")
    assert _refused(text).code == "R-UNIT-TYPE"


def test_an_unreadable_level_2_file_stays_bad_input():
    with pytest.raises(DesignError) as error:
        design_dict_from_mtf_bytes(QUAD.replace("FLL armor", "XX armor").encode(), "x.mtf")
    assert not isinstance(error.value, UnsupportedTechnologyError)


def test_read_header_of_a_parsed_unit():
    header = read_header(parse_mtf(QUAD, "q.mtf"))
    assert (header.config, header.mass, header.engine_rating) == ("quad", 80, 320)
    assert (header.heat_sink_count, header.heat_sinks.kind) == (17, "single")


def test_a_level_3_file_names_the_item_no_table_of_the_rulesets_has():
    text = QUAD.replace("rules level:1", "rules level:3").replace(
        "Foot Actuator\nHeat Sink", "Foot Actuator\nISMobileFieldBase", 1)
    # (a support-vehicle item no ruleset has a row for; the Arrow IV is judged since
    # issue 27's artillery rows)
    error = _refused(text)
    assert error.code == "R-ITEM"
    assert error.lines[0] == ("x.mtf: R-ITEM ISMobileFieldBase is on no table of mechlab's "
                              "rulesets (the file declares rules level 3, Advanced)")


def test_an_is_prefix_on_a_one_version_component_names_no_other_version():
    """MegaMek writes `IS Standard` / `IS Reinforced` on Clan 'Mechs (§1.2: only XL, endo
    steel, endo-composite, ferro-fibrous and double sinks have two versions)."""
    clan = QUAD.replace("techbase:Inner Sphere", "techbase:Clan").replace(
        "rules level:1", "rules level:2")
    design = import_mtf_bytes(clan.encode(), "c.mtf").design
    assert design["structure"] == {"type": "standard"}
    assert design["tech_base"] == "clan"


def test_a_misspelt_crit_name_is_bad_input_naming_its_line_and_the_closest_names():
    """STANDARD_RULES.md §14.2 step 1 (issue 18: an unknown item suggests what exists):
    a level 1-2 file naming an item on no table is a typo, not technology mechlab lacks."""
    from tests_support import MEGAMEK

    lines = (MEGAMEK / "Catapult CPLT-C1.mtf").read_text().splitlines()
    where = next(i for i, line in enumerate(lines) if line == "Medium Laser")
    lines[where] = "Medium Lazer"
    with pytest.raises(DesignError) as error:
        import_mtf_bytes("\n".join(lines).encode(), "x.mtf")
    assert not isinstance(error.value, UnsupportedTechnologyError)
    (line,) = error.value.lines
    assert line.startswith(f"x.mtf: line {where + 1}: unknown item 'Medium Lazer' "
                           "(did you mean 'Medium Laser'")
