"""MegaMek unit lists (`.mul`) both ways (issue 30): `force F.yaml --to mul` writes the
structure MegaMek's MULParser reads — root `<unit version>`, one `<entity chassis model
type>` per unit, its `<pilot name gunnery piloting size>` — and reading the list back
gives the same units and pilots. The structure tested here is what MegaMek's parser and
writer (EntityListFile) read and write, stated from their source as facts; a list of the
kind MegaMek saves after a game (`<record>` with `<survivors>`, more attributes, damage
children, text between elements) reads too. Hostile and broken lists are refused in one
line each, exit 2."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests_support import EXAMPLES, sweep, swept

from mechlab.cli import main
from mechlab.core.errors import DesignError
from mechlab.force.mul import MUL_VERSION, force_to_mul, mtf_file_name, read_mul
from mechlab.force.roster import load_force

LANCE = EXAMPLES / "lance.yaml"


def _write_lance(tmp_path: Path) -> Path:
    out = tmp_path / "lance.mul"
    result = CliRunner().invoke(main, ["force", str(LANCE), "--to", "mul", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _units(force) -> list[tuple[str, int, int | None, bool, str, int, int]]:
    return [(m.mech.name, m.mech.tonnage, m.assessment.values.bv, m.assessment.legal,
             m.pilot.name, *m.mech.ruleset.pilot_skills(m.pilot)) for m in force.members]


def test_the_lance_reads_back_with_the_same_units_and_pilots(tmp_path: Path):
    out = _write_lance(tmp_path)
    back = read_mul(out)
    original = load_force(LANCE)
    assert _units(back) == _units(original)
    assert back.name == original.name == "Davion Recon Lance"
    # The Catapult is a design file of the force: it travels as its .mtf beside the list.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Catapult CPLT-C1.mtf", "lance.mul"]


def test_the_list_has_the_structure_megameks_parser_reads(tmp_path: Path):
    root = ET.parse(_write_lance(tmp_path)).getroot()  # Python's own XML parser
    assert root.tag == "unit" and root.get("version") == MUL_VERSION
    entities = list(root)
    assert [e.tag for e in entities] == ["entity"] * 4
    assert [(e.get("chassis"), e.get("model"), e.get("type")) for e in entities] == [
        ("Catapult", "CPLT-C1", "Biped"), ("Locust", "LCT-1V", "Biped"),
        ("Hunchback", "HBK-4G", "Biped"), ("Atlas", "AS7-D", "Biped")]
    pilots = [e.find("pilot") for e in entities]
    assert [(p.get("name"), p.get("gunnery"), p.get("piloting"), p.get("size"))
            for p in pilots] == [("Kai Allard", "3", "4", "1"), ("Ana Sato", "4", "5", "1"),
                                 ("Tomas Reyes", "4", "4", "1"), ("Mara Voss", "2", "3", "1")]


def test_the_same_force_gives_the_same_bytes():
    force = load_force(LANCE)
    assert force_to_mul(force) == force_to_mul(force)


# A list as MegaMek saves one after a game: a <record>, the player's units under
# <survivors>, every attribute MegaMek writes, damage children and loose text.
RECORD = """<?xml version="1.0" encoding="UTF-8"?>

<record version="0.49.19" >
\t<survivors>

\t\t<entity chassis="Locust" model="LCT-1V" type="Biped" commander="false" offboard="false"
 hidden="false" deployment="0" deploymentZone="-1" neverDeployed="false"
 externalId="3b0f" camoCategory="-- No Camo --">
\t\t\t<pilot size="1" name="Jo &amp; &quot;Ace&quot;" nick="" gunnery="3" piloting="5"
 artillery="4" externalId="77aa" ejected="false"/>
      The first slot in a location is at index="1".
\t\t\t<location index="3"> Right Torso
\t\t\t\t<armor points="2"/>
\t\t\t</location>
\t\t</entity>
\t\t<entity chassis="Atlas" model="AS7-D" type="Biped" commander="true">
\t\t\t<crew crewType="single" size="1">
\t\t\t\t<crewMember slot="0" name="Mara Voss" gunnery="2" piloting="3"/>
\t\t\t</crew>
\t\t</entity>
\t</survivors>
\t<salvage>
\t\t<entity chassis="Wasp" model="WSP-1A" type="Biped"/>
\t</salvage>
</record>
"""


def test_a_record_saved_by_megamek_reads_its_survivors(tmp_path: Path):
    path = tmp_path / "after-battle.mul"
    path.write_text(RECORD, encoding="utf-8")
    force = read_mul(path)
    assert force.name == "after-battle"
    assert [(m.mech.name, m.pilot.name, m.pilot.gunnery, m.pilot.piloting)
            for m in force.members] == [("Locust LCT-1V", 'Jo & "Ace"', 3, 5),
                                        ("Atlas AS7-D", "Mara Voss", 2, 3)]


def test_sheet_card_and_force_take_a_list(tmp_path: Path):
    out = _write_lance(tmp_path)
    runner = CliRunner()
    summary = runner.invoke(main, ["force", str(out)])
    assert summary.exit_code == 0 and "Kai Allard" in summary.output
    sheet = runner.invoke(main, ["sheet", str(out), "-o", str(tmp_path / "l.pdf")])
    assert sheet.exit_code == 0, sheet.output
    card = runner.invoke(main, ["card", str(out), "--game", "alpha-strike", "-o",
                                str(tmp_path / "c.pdf")])
    assert card.exit_code == 0, card.output


def test_writing_again_replaces_mechlabs_list_and_keeps_the_same_mtf(tmp_path: Path):
    out = _write_lance(tmp_path)
    mtf = tmp_path / "Catapult CPLT-C1.mtf"
    stamp = mtf.stat().st_mtime_ns
    _write_lance(tmp_path)  # no --force: the list is mechlab's, the .mtf unchanged
    assert mtf.stat().st_mtime_ns == stamp
    mtf.write_text(mtf.read_text() + "\n# edited\n")
    again = CliRunner().invoke(main, ["force", str(LANCE), "--to", "mul", "-o", str(out)])
    assert again.exit_code == 2 and "Catapult CPLT-C1.mtf" in again.output
    foreign = tmp_path / "theirs.mul"
    foreign.write_text(RECORD)
    refused = CliRunner().invoke(main, ["force", str(LANCE), "--to", "mul", "-o", str(foreign)])
    assert refused.exit_code == 2 and "--force" in refused.output
    assert foreign.read_text() == RECORD


def test_a_file_name_takes_no_path_characters():
    assert mtf_file_name("Atlas", "AS7-D") == "Atlas AS7-D.mtf"
    assert mtf_file_name("../x", "a/b:c") == "_x a_b_c.mtf"  # no leading dots either


HOSTILE = {
    "billion laughs": '<?xml version="1.0"?>\n<!DOCTYPE u [<!ENTITY a "aaaaaaaaaa">'
                      '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<unit>&b;</unit>',
    "external entity": '<?xml version="1.0"?>\n<!DOCTYPE u [<!ENTITY x SYSTEM '
                       '"file:///etc/passwd">]>\n<unit><entity chassis="&x;"/></unit>',
    "a bare DOCTYPE": '<!DOCTYPE unit>\n<unit><entity chassis="Atlas" model="AS7-D"/></unit>',
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_document_type_is_refused_before_anything_is_expanded(tmp_path: Path, text: str):
    path = tmp_path / "x.mul"
    path.write_text(text)
    with pytest.raises(DesignError, match="DOCTYPE"):
        read_mul(path)


BAD = {
    "malformed": ("<unit><entity chassis='Atlas'></unit>", "not well-formed XML"),
    "not a list": ("<html><body/></html>", "not <unit> or <record>"),
    "empty list": ("<unit version='1'/>", "holds no <entity>"),
    "unknown unit": ("<unit><entity chassis='Atlas' model='AS7-ZZ'/></unit>",
                     "units[0]: Atlas AS7-ZZ: not beside the list"),
    "no chassis": ("<unit><entity model='AS7-D'/></unit>", "units[0]: an <entity> without"),
    "bad skill": ("<unit><entity chassis='Atlas' model='AS7-D'><pilot gunnery='12'/>"
                  "</entity></unit>", "units[0].pilot.gunnery: must be at most 8, got 12"),
    "skill not a number": ("<unit><entity chassis='Atlas' model='AS7-D'><pilot piloting='x'/>"
                           "</entity></unit>", "units[0].pilot.piloting: 'x' is not a whole"),
    "long name": ("<unit><entity chassis='Atlas' model='AS7-D'><pilot name='" + "x" * 300
                  + "'/></entity></unit>", "units[0].pilot.name: 300 characters, more than"),
    "1984 unit": ("<unit><entity chassis='Warhammer' model='WHM-6R'/></unit>", ""),
}


@pytest.mark.parametrize(("text", "message"), BAD.values(), ids=BAD.keys())
def test_a_bad_list_is_one_line_per_problem_and_exit_2(tmp_path: Path, text: str,
                                                       message: str):
    path = tmp_path / "bad.mul"
    path.write_text(text)
    result = CliRunner().invoke(main, ["force", str(path)])
    if not message:  # the library's Warhammer WHM-6R is intro: it reads
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert result.output.count("\n") == 1


def test_a_huge_list_is_refused_unread(tmp_path: Path):
    path = tmp_path / "huge.mul"
    path.write_bytes(b"<unit>" + b" " * 2_000_000 + b"</unit>")
    result = CliRunner().invoke(main, ["force", str(path)])
    assert result.exit_code == 2 and "larger than 1 MB" in result.output


def test_a_unit_megamek_cannot_load_is_refused(tmp_path: Path):
    force = tmp_path / "old.yaml"
    force.write_text("force: Old\nunits:\n  - unit: battledroids/WHM-6R\n")
    result = CliRunner().invoke(main, ["force", str(force), "--to", "mul"])
    assert result.exit_code == 2, result.output
    assert "MegaMek cannot load" in result.output
    assert not (tmp_path / "old.mul").exists()


def test_an_alpha_strike_force_of_standard_units_and_a_quad_reads_back(tmp_path: Path):
    strike = EXAMPLES / "strike-lance.yaml"
    out = tmp_path / "strike.mul"
    result = CliRunner().invoke(main, ["force", str(strike), "--to", "mul", "-o", str(out)])
    assert result.exit_code == 0, result.output
    back, original = read_mul(out), load_force(strike)
    assert back.game == original.game == "alpha-strike"
    assert _units(back) == _units(original)
    types = [e.get("type") for e in ET.parse(out).getroot()]
    assert types == ["Biped", "Biped", "Quad", "Biped"]  # the Barghest BGS-1T


def test_library_units_with_nicknames_and_quotes_are_found_by_name(tmp_path: Path):
    force = tmp_path / "named.yaml"
    force.write_text("force: Named\nunits:\n"
                     "  - unit: \"Firestarter FS9-M 'Mirage'\"\n"
                     "  - unit: Atlas AS7-D (Danielle)\n"
                     "  - unit: \"Centurion CN9-YLW 'Yen Lo Wang'\"\n")
    original = load_force(force)
    out = tmp_path / "named.mul"
    out.write_bytes(force_to_mul(original).mul)
    assert not list(tmp_path.glob("*.mtf"))  # library units: MegaMek has them by name
    assert _units(read_mul(out)) == _units(original)


def test_a_list_never_names_a_file_by_path(tmp_path: Path):
    design = EXAMPLES / "catapult.yaml"
    path = tmp_path / "paths.mul"
    path.write_text(f'<unit><entity chassis="{design}" model=""/>'
                    '<entity chassis="/etc/passwd" model=""/></unit>')
    result = CliRunner().invoke(main, ["force", str(path)])
    assert result.exit_code == 2
    assert result.output.count("not beside the list") == 2


def test_a_list_given_where_a_design_is_wanted_says_it_is_a_force(tmp_path: Path):
    out = _write_lance(tmp_path)
    result = CliRunner().invoke(main, ["validate", str(out)])
    assert result.exit_code == 2
    assert "a MegaMek unit list (.mul) is a force" in result.output


def test_units_of_a_megamek_folder_are_found_and_travel_by_name(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch):
    from tests_support import MEGAMEK

    from mechlab.files import megamek_dir

    folder = tmp_path / "mekfiles"
    folder.mkdir()
    (folder / "Barghest BGS-1T.mtf").write_bytes((MEGAMEK / "Barghest BGS-1T.mtf").read_bytes())
    monkeypatch.setenv(megamek_dir.CACHE_ENV, str(tmp_path / "cache"))
    # No folder, and undone after the test: --megamek-dir sets the variable in this process
    # (delenv of an unset variable records nothing to undo, and the folder leaked into later
    # tests' "no such unit" messages).
    monkeypatch.setenv(megamek_dir.ENV, "")
    lists = tmp_path / "lists"
    lists.mkdir()
    path = lists / "one.mul"
    path.write_text('<unit version="0.49.19"><entity chassis="Barghest" model="BGS-1T" '
                    'type="Quad"><pilot name="Ilse Brandt" gunnery="4" piloting="5"/>'
                    "</entity></unit>")
    missing = CliRunner().invoke(main, ["force", str(path)])
    assert missing.exit_code == 2 and "--megamek-dir" in missing.output
    found = CliRunner().invoke(main, ["--megamek-dir", str(folder), "force", str(path)])
    assert found.exit_code == 0, found.output
    assert "Barghest BGS-1T" in found.output and "Ilse Brandt" in found.output
    monkeypatch.setenv(megamek_dir.ENV, str(folder))
    written = force_to_mul(read_mul(path))
    assert written.designs == {}  # MegaMek has it by name: no .mtf travels


@pytest.mark.parametrize("args", [["--json", "--to", "mul"], ["-o", "x.mul"]])
def test_options_that_contradict_are_refused(args: list[str]):
    result = CliRunner().invoke(main, ["force", str(LANCE), *args])
    assert result.exit_code == 2 and result.output.count("\n") == 1


@pytest.mark.slow
@sweep
def test_every_library_unit_travels_by_name_and_comes_back(tmp_path: Path):
    from mechlab.files.library import library
    from mechlab.force.model import MAX_UNITS

    names = [f"{u.chassis} {u.model}" for u in library() if u.ruleset == "intro"]
    assert len(names) == 282
    names = swept(names)
    for start in range(0, len(names), MAX_UNITS):
        force = tmp_path / f"part{start}.yaml"
        force.write_text("force: All\nunits:\n" + "".join(
            f"  - unit: {json.dumps(name)}\n" for name in names[start:start + MAX_UNITS]))
        original = load_force(force)
        written = force_to_mul(original)
        assert written.designs == {}
        out = tmp_path / f"part{start}.mul"
        out.write_bytes(written.mul)
        assert [m.mech.name for m in read_mul(out).members] == \
            [m.mech.name for m in original.members]


def test_a_damaged_force_is_written_fresh_and_says_so(tmp_path: Path):
    out = tmp_path / "damaged.mul"
    result = CliRunner().invoke(main, ["force", str(EXAMPLES / "damaged-lance.yaml"), "--to",
                                       "mul", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "damage states of catapult.yaml, LCT-1V, HBK-4G, AS7-D are not in the list" \
        in result.output
    assert _units(read_mul(out)) == _units(load_force(EXAMPLES / "damaged-lance.yaml"))
