"""The command line: exit codes, outputs beside the input or in -o DIR, library names."""

from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner
from tests_support import EXAMPLES

from mechlab import __version__
from mechlab.cli import main


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_build_writes_json_pdf_html_beside_the_input(runner, tmp_path):
    design = tmp_path / "catapult.yaml"
    design.write_text((EXAMPLES / "catapult.yaml").read_text())
    result = runner.invoke(main, ["build", str(design)])
    assert result.exit_code == 0, result.output
    assert {p.name for p in tmp_path.iterdir()} == {
        "catapult.yaml", "catapult.json", "catapult.pdf", "catapult.html"}
    assert "LEGAL under intro" in result.output
    assert "Battle Value: 1,399" in result.output


def test_build_explain_prints_the_books_running_totals(runner, tmp_path):
    result = runner.invoke(main, ["build", str(EXAMPLES / "catapult.yaml"), "-o",
                                  str(tmp_path), "-f", "json", "--explain"])
    assert result.exit_code == 0
    for left in ("65 t left", "58.5 t left", "55.5 t left", "42 t left", "39 t left",
                 "35 t left", "30 t left", "20 t left", "0 t left"):
        assert left in result.output


def test_build_into_out_dir_with_a_format_subset(runner, tmp_path):
    result = runner.invoke(main, ["build", str(EXAMPLES / "catapult.yaml"), "-o",
                                  str(tmp_path / "out"), "--format", "json,pdf", "-q"])
    assert result.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["catapult.json",
                                                                     "catapult.pdf"]


def test_library_unit_names_work_as_inputs(runner, tmp_path):
    result = runner.invoke(main, ["build", "CPLT-C1", "-o", str(tmp_path), "-f", "json", "-q"])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "Catapult_CPLT-C1.json").read_text())
    assert data["name"] == "Catapult CPLT-C1"


def test_validate_exit_codes(runner, tmp_path):
    assert runner.invoke(main, ["validate", str(EXAMPLES / "catapult.yaml")]).exit_code == 0
    data = yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())
    data["armor"]["left_arm"] = 22
    bad = tmp_path / "heavy-arm.yaml"
    bad.write_text(yaml.safe_dump(data))
    result = runner.invoke(main, ["validate", str(bad)])
    assert result.exit_code == 1
    assert "E-ARMOR-CAP armor.left_arm: 22 armor > 20 (2 × 10 structure)" in result.output


def test_validate_json_report(runner):
    result = runner.invoke(main, ["validate", "--json", str(EXAMPLES / "catapult.yaml")])
    report = json.loads(result.output)
    assert report[0]["legal"] is True and report[0]["name"] == "Catapult CPLT-C1"


def test_list_filters_by_class_and_tonnage(runner):
    result = runner.invoke(main, ["list", "--class", "heavy", "--tonnage", "65"])
    assert result.exit_code == 0
    assert "CPLT-C1" in result.output
    assert "AS7-D" not in result.output


def test_list_sorts_by_battle_value_strongest_first(runner):
    result = runner.invoke(main, ["list", "--tonnage", "100", "--sort", "bv"])
    values = [int(line.split()[-2]) for line in result.output.splitlines()[1:-1]]
    assert values == sorted(values, reverse=True) and len(set(values)) > 1
    result = runner.invoke(main, ["list", "--tonnage", "100", "--sort", "bv", "--reverse"])
    weakest_first = [int(line.split()[-2]) for line in result.output.splitlines()[1:-1]]
    assert weakest_first == sorted(values)


def test_bv_explain(runner):
    result = runner.invoke(main, ["bv", "AS7-D", "--explain", "--gunnery", "3",
                                  "--piloting", "4"])
    assert result.exit_code == 0
    assert "BV 1,897, pilot 3/4: 2,504" in result.output
    assert "defensive   963 × 1.2 = 1155.6" in result.output


def test_new_writes_a_legal_starter(runner, tmp_path):
    out = tmp_path / "starter.yaml"
    result = runner.invoke(main, ["new", "-t", "50", "-w", "5", "-j", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(main, ["validate", str(out)]).exit_code == 0


def test_new_refuses_an_impossible_speed(runner):
    result = runner.invoke(main, ["new", "-t", "20", "-w", "14"])
    assert result.exit_code == 2
    assert "choose a slower engine" in result.output


def test_schema_is_json(runner):
    schema = json.loads(runner.invoke(main, ["schema"]).output)
    assert schema["title"] == "EngineUnit"


@pytest.mark.parametrize("command", ["build", "validate", "list", "new", "schema", "sheet",
                                     "import", "export", "check", "bv"])
def test_every_command_has_help(runner, command):
    result = runner.invoke(main, [command, "--help"])
    assert result.exit_code == 0 and "Usage:" in result.output


def test_version(runner):
    assert __version__ in runner.invoke(main, ["--version"]).output


def test_sheet_command_fills_warrior_data_and_orders_pages(runner, tmp_path):
    out = tmp_path / "lance.html"
    result = runner.invoke(main, ["sheet", "CPLT-C1", "AS7-D", "-o", str(out), "--pilot",
                                  "Kai Allard-Liao", "--gunnery", "3", "--piloting", "4"])
    assert result.exit_code == 0, result.output
    html = out.read_text()
    assert html.count('<svg class="sheet"') == 2
    assert html.index("Catapult CPLT-C1") < html.index("Atlas AS7-D")
    assert "Kai Allard-Liao" in html
    assert "BV (3/4):" in html


def test_sheet_refuses_an_unknown_output_type(runner, tmp_path):
    result = runner.invoke(main, ["sheet", "CPLT-C1", "-o", str(tmp_path / "lance.docx")])
    assert result.exit_code == 2
    assert "must end in .pdf or .html" in result.output
