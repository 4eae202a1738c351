"""Force files: a named force whose units each have their own pilot; the summary
(terminal and first page), one sheet per unit with that unit's pilot, and one-line
errors for bad force files."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from tests_support import EXAMPLES

from mechlab.cli import main
from mechlab.force.page import force_pages
from mechlab.force.roster import load_force, summary
from mechlab.render import fonts
from mechlab.render.geometry import Text
from mechlab.rulesets import Intro
from mechlab.sheet.options import SheetOptions

LANCE = """\
force: Test Lance
units:
  - unit: catapult.yaml
    pilot: {name: Kai Allard, gunnery: 3, piloting: 4}
  - unit: LCT-1V
    pilot: {name: Ana Sato, gunnery: 4, piloting: 5}
"""


@pytest.fixture
def lance(tmp_path):
    (tmp_path / "catapult.yaml").write_text((EXAMPLES / "catapult.yaml").read_text())
    path = tmp_path / "lance.yaml"
    path.write_text(LANCE)
    return path


def test_summary_lists_each_unit_with_its_own_pilot_and_totals(lance):
    rows, total = summary(load_force(lance))
    assert [(r.name, r.tonnage, r.pilot, r.gunnery, r.piloting) for r in rows] == [
        ("Catapult CPLT-C1", 65, "Kai Allard", 3, 4), ("Locust LCT-1V", 20, "Ana Sato", 4, 5)]
    # Published BV (MegaMek): CPLT-C1 1,399, LCT-1V 432; ×1.32 for a 3/4 pilot (BV_COST.md 1.4).
    assert [(r.bv, r.adjusted_bv) for r in rows] == [("1,399", "1,847"), ("432", "432")]
    assert (total.tonnage, total.bv, total.adjusted_bv) == (85, "1,831", "2,279")


def test_a_ruleset_without_battle_value_prints_a_dash(lance, monkeypatch):
    monkeypatch.setattr(Intro, "has_battle_value", False)
    rows, total = summary(load_force(lance))
    assert {r.bv for r in rows} == {"—"} and total.adjusted_bv == "—"


def test_force_pages_are_the_summary_then_one_sheet_per_unit_with_its_pilot(lance):
    pages = force_pages(load_force(lance), SheetOptions())
    assert len(pages) == 3
    for text in pages[0].of_type(Text):
        assert isinstance(text, Text) and text.size >= 6.0
        if text.max_width is not None:
            assert fonts.text_width(text.text, text.font, text.size) <= text.max_width + 0.01
    summary_texts = [t.text for t in pages[0].of_type(Text)]
    assert "Test Lance" in summary_texts and "2,279" in summary_texts
    for page, pilot in zip(pages[1:], ("Kai Allard", "Ana Sato"), strict=True):
        texts = [t.text for t in page.of_type(Text)]
        assert pilot in texts
        assert not {"Kai Allard", "Ana Sato"} - {pilot} & set(texts)


def test_cli_prints_a_force_and_its_summary(lance, tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["force", str(lance)])
    assert result.exit_code == 0, result.output
    assert "Test Lance" in result.output and "Kai Allard" in result.output
    assert "2,279" in result.output
    out = tmp_path / "lance.pdf"
    result = runner.invoke(main, ["sheet", str(lance), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().count(b"/Type /Page\n") + out.read_bytes().count(b"/Type /Page ") \
        >= 3


def test_the_example_force_file_prints(tmp_path):
    result = CliRunner().invoke(main, ["force", str(EXAMPLES / "lance.yaml")])
    assert result.exit_code == 0, result.output
    assert "Total" in result.output


@pytest.mark.parametrize(("text", "expected"), [
    ("force: X\nunits: []\n", "units: a force needs at least one unit"),
    ("force: X\nunit:\n  - unit: LCT-1V\n", "unit: unknown field (did you mean 'units'?)"),
    ("force: X\nunits:\n  - unit: LCT-1V\n    pilot: {name: A, gunery: 3}\n",
     "units[0].pilot.gunery: unknown field (did you mean 'gunnery'?)"),
    ("force: X\nunits:\n  - unit: LCT-1V\n    pilot: {gunnery: 12}\n",
     "units[0].pilot.gunnery: must be at most 8"),
    ("force: X\nunits:\n  - unit: NO-SUCH-1\n", "units[0].unit: NO-SUCH-1: no such file"),
    ("force: X\nunits:\n  - unit: missing.yaml\n", "units[0].unit:"),
    ("force: X\nunits:\n  - unit: LCT-1V\nstyle: glossy\n", "style: unknown sheet style"),
    ("force: [unclosed\n", "line 2, column 1: invalid YAML"),
])
def test_bad_force_files_get_one_line_each_and_exit_2(tmp_path, text, expected):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    out = tmp_path / "bad.pdf"
    for args in (["force", str(path)], ["sheet", str(path), "-o", str(out)]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, result.output
        assert f"mechlab: {path}: {expected}" in result.output
        assert "Traceback" not in result.output
    assert not out.exists()
