"""Issue 18, part 4: the README followed in order, and the friction a new user met on
the way, each with the message a player understands."""

from __future__ import annotations

import json

import pytest
import yaml
from tests_support import EXAMPLES, REPO, run_here

GOOD = (EXAMPLES / "catapult.yaml").read_text()
README = (REPO / "README.md").read_text()


def _one_line(result, expected: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr == expected + "\n"


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_the_design_files_catapult_is_complete_and_legal(tmp_path):
    shown = README.split("The Catapult:", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
    (tmp_path / "catapult.yaml").write_text(shown)
    result = run_here("validate", "catapult.yaml", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (
        0, "catapult.yaml: legal (Catapult CPLT-C1, intro)\n")
    # It is the example file's design (with the pilot the README adds).
    written = yaml.safe_load(shown)
    assert written.pop("pilot") == {"name": "Kai", "gunnery": 3, "piloting": 4}
    assert written == yaml.safe_load(GOOD)


def test_the_files_the_tour_uses_are_shipped():
    tour = README.split("## A short tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    assert 'mechlab import "examples/Atlas AS7-D.mtf"' in tour
    assert (EXAMPLES / "Atlas AS7-D.mtf").is_file()
    # my.yaml is written (by `new`) before `validate` and `sheet` use it.
    lines = tour.splitlines()
    made = next(i for i, line in enumerate(lines) if "-o my.yaml" in line)
    assert all(i > made for i, line in enumerate(lines) if " my.yaml " in line and
               "-o my.yaml" not in line)
    # Each command that prints writes its own file: none replaces another's.
    outputs = [line.split(" -o ", 1)[1].split()[0] for line in lines if " -o " in line]
    assert len(outputs) == len(set(outputs)), outputs


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_the_shipped_atlas_mtf_is_the_librarys_atlas_and_carries_no_fluff(tmp_path):
    text = (EXAMPLES / "Atlas AS7-D.mtf").read_text()
    assert not any(line.lower().startswith(("overview:", "capabilities:", "history:",
                                            "deployment:")) for line in text.splitlines())
    result = run_here("import", str(EXAMPLES / "Atlas AS7-D.mtf"), "-o", "atlas.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert run_here("bv", "atlas.yaml", cwd=tmp_path).stdout == run_here("bv", "AS7-D",
                                                                cwd=tmp_path).stdout


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_build_pilot_options_reach_the_engine_json_as_they_reach_the_sheet(tmp_path):
    (tmp_path / "cat.yaml").write_text(GOOD)
    result = run_here("build", "cat.yaml", "-q", "-f", "json", "--pilot", "Zed", "--gunnery", "2",
                 "--piloting", "3", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads((tmp_path / "cat.json").read_text())
    assert data["pilot"] == {"name": "Zed", "gunnery": 2, "piloting": 3}
    # BV_COST.md 1.4: 2/3 multiplies by 1.68; the CPLT-C1's published BV is 1,399.
    assert (data["battle_value"], data["battle_value_pilot"]) == (1399, round(1399 * 1.68))
    # Without the options the design's own pilot (none: 4/5) is stated, as before.
    assert run_here("build", "cat.yaml", "-q", "-f", "json", cwd=tmp_path).returncode == 0
    data = json.loads((tmp_path / "cat.json").read_text())
    assert data["pilot"] == {"name": "", "gunnery": 4, "piloting": 5}
    assert data["battle_value_pilot"] == 1399


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
@pytest.mark.parametrize(("change", "expected"), [
    (("  right_torso: {front: 19, rear: 8}", "  right_torso: 20"),
     "armor.right_torso: expected a mapping {front: N, rear: N}, got 20"),
    (("  left_arm: {lower_arm: false, hand: false}", "  left_arm: false"),
     "actuators.left_arm: expected a mapping {lower_arm: true/false, hand: true/false}, "
     "got false"),
    (("{item: LRM 15, location: left_arm}", "{item: Gauss Rifle, location: left_arm}"),
     "equipment[0].item: unknown item 'Gauss Rifle'; the intro ruleset's items: Flamer, "
     "Small Laser, Medium Laser, Large Laser, PPC, AC/2, AC/5, AC/10, AC/20, Flamer "
     "(Vehicle), Machine Gun, LRM 5, LRM 10, LRM 15, LRM 20, SRM 2, SRM 4, SRM 6, Hatchet, "
     "Heat Sink, Jump Jet"),
    (("{item: LRM 15, location: left_arm}", "{item: Medium Lazer, location: left_arm}"),
     "equipment[0].item: unknown item 'Medium Lazer' (did you mean 'Medium Laser'?)"),
    (("tonnage: 65", "tonnage: 65.5"),
     "tonnage: expected a whole number (no quotes, no decimals), got 65.5"),
], ids=["torso-as-number", "actuators-as-bool", "unknown-item-nothing-close",
        "unknown-item-misspelt", "fractional-tonnage"])
def test_design_mistakes_say_what_is_expected(tmp_path, change, expected):
    old, new = change
    assert old in GOOD
    (tmp_path / "bad.yaml").write_text(GOOD.replace(old, new))
    for command in (["validate", "bad.yaml"], ["sheet", "bad.yaml", "-o", "x.pdf"]):
        _one_line(run_here(*command, cwd=tmp_path), f"mechlab: bad.yaml: {expected}")


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_an_unknown_item_is_explained_in_a_force_files_unit_too(tmp_path):
    (tmp_path / "bad.yaml").write_text(GOOD.replace("{item: LRM 15,", "{item: Medium Lazer,", 1))
    (tmp_path / "force.yaml").write_text("force: F\nunits:\n  - unit: bad.yaml\n")
    _one_line(run_here("force", "force.yaml", cwd=tmp_path),
              "mechlab: force.yaml: units[0].unit: bad.yaml: equipment[0].item: unknown item "
              "'Medium Lazer' (did you mean 'Medium Laser'?)")


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_whole_valued_numbers_are_accepted_as_whole_numbers(tmp_path):
    text = GOOD.replace("tonnage: 65", "tonnage: 65.0").replace("walking_mp: 4 ",
                                                                 "walking_mp: 4.0 ")
    (tmp_path / "cat.yaml").write_text(text)
    result = run_here("build", "cat.yaml", "-q", "-f", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (tmp_path / "ref.yaml").write_text(GOOD)
    assert run_here("build", "ref.yaml", "-q", "-f", "json", cwd=tmp_path).returncode == 0
    assert (tmp_path / "cat.json").read_bytes() == (tmp_path / "ref.json").read_bytes()


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_a_design_file_given_to_force_says_so(tmp_path):
    (tmp_path / "cat.yaml").write_text(GOOD)
    _one_line(run_here("force", "cat.yaml", cwd=tmp_path),
              "mechlab: cat.yaml: this is a design file, not a force file (force:, units:); "
              "print it with mechlab sheet, or list it under a force's units")


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
@pytest.mark.parametrize("command", [["validate"], ["build", "-q"], ["bv"]])
def test_a_force_file_given_where_a_design_goes_says_so(tmp_path, command):
    lance = str(EXAMPLES / "lance.yaml")
    _one_line(run_here(*command, lance, cwd=tmp_path),
              f"mechlab: {lance}: this is a force file, not a design file; print it with "
              "mechlab sheet, summarise it with mechlab force, or name its units here")


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_a_force_naming_a_force_says_so_in_one_line(tmp_path):
    (tmp_path / "inner.yaml").write_text("force: Inner\nunits:\n  - unit: LCT-1V\n")
    (tmp_path / "outer.yaml").write_text("force: Outer\nunits:\n  - unit: inner.yaml\n")
    _one_line(run_here("force", "outer.yaml", cwd=tmp_path),
              "mechlab: outer.yaml: units[0].unit: inner.yaml: is a force file, not a design: "
              "a force cannot hold a force; list that force's units here instead")


MIXED = """force: Mixed Lance
units:
  - unit: CPLT-C1
    pilot: {name: Kai Allard, gunnery: 3, piloting: 4}
  - unit: battledroids/Merlin
    pilot: {name: Old Timer}
  - unit: LCT-1V
    pilot: {name: Ana Sato}
"""


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_a_1984_unit_leaves_the_other_units_bv_totalled(tmp_path):
    (tmp_path / "mixed.yaml").write_text(MIXED)
    result = run_here("force", "mixed.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # Published BV (MegaMek): CPLT-C1 1,399 (×1.32 at 3/4: 1,847), LCT-1V 432. The PV
    # total is "—": the 1984 unit has no Alpha Strike card.
    assert lines[-3].split() == ["Total", "145", "3", "units,", "1", "without", "BV",
                                 "1,831", "2,279", "—"]
    assert lines[-1] == ("BV totals leave out Merlin (battledroids): no Battle Value under "
                         "that ruleset")
    assert any(line.split()[:2] == ["Merlin", "60"] and line.split()[-2:] == ["—", "—"]
               for line in lines)


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_alpha_strike_cards_of_a_force_leave_out_only_the_unit_without_one(tmp_path):
    # The others' cards are written; the unit left out makes the exit code 2, as a skipped
    # unit does (issue 31: a batch exits with the worst code).
    (tmp_path / "mixed.yaml").write_text(MIXED)
    result = run_here("card", "mixed.yaml", "--game", "alpha-strike", "-o", "cards.json",
                 cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr == (
        "mechlab: battledroids/Merlin: left out, no card: the Alpha Strike conversion is not "
        "defined for the 'battledroids' ruleset (RULES.md §6 converts standard 'Mechs); use "
        "--game ccg\nwrote cards.json (2 cards)\n")
    cards = json.loads((tmp_path / "cards.json").read_text())["cards"]
    assert [c["model"] for c in cards] == ["CPLT-C1", "LCT-1V"]
    # Nothing else has a card: bad input, as before, and nothing written.
    result = run_here("card", "battledroids/Merlin", "--game", "alpha-strike", "-o", "m.json",
                 cwd=tmp_path)
    assert result.returncode == 2
    assert not (tmp_path / "m.json").exists()


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
@pytest.mark.parametrize("command", [
    ["sheet", "cjk.yaml", "-o", "cjk.pdf"],
    ["build", "cjk.yaml", "-q", "-f", "pdf"],
    ["card", "cjk.yaml", "--game", "ccg", "-o", "cjk-cards.pdf"],
], ids=["sheet", "build", "card"])
def test_characters_the_font_cannot_draw_get_a_warning(tmp_path, command):
    (tmp_path / "cjk.yaml").write_text(GOOD.replace("chassis: Catapult",
                                                    'chassis: "カタパ 😀"'))
    result = run_here(*command, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == [
        "mechlab: warning: カタパ 😀 CPLT-C1: the font (Bitstream Vera Sans) has no glyph for "
        "'カ' (U+30AB), 'タ' (U+30BF), 'パ' (U+30D1), '😀' (U+1F600); they print as empty boxes"]


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_latin_names_get_no_font_warning(tmp_path):
    (tmp_path / "cat.yaml").write_text(GOOD.replace("chassis: Catapult",
                                                    'chassis: "Catapulte Æsir-Ödön"'))
    result = run_here("sheet", "cat.yaml", "-o", "cat.pdf", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "wrote cat.pdf (1 sheet)\n")
