"""`mechlab check DIR`: a folder of designs summarised as legal / illegal by code /
unsupported technology / unreadable, with a machine-readable report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from test_mtf import SMALL
from tests_support import CORPUS, EXAMPLES, needs_corpus

from mechlab.check import check_files, design_files
from mechlab.cli import main


def _folder(tmp_path):
    (tmp_path / "sub").mkdir(parents=True)
    (tmp_path / "legal.yaml").write_text((EXAMPLES / "catapult.yaml").read_text())
    data = yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())
    data["armor"]["head"] = 12
    (tmp_path / "sub" / "illegal.yaml").write_text(yaml.safe_dump(data))
    # STANDARD_RULES.md §0.3: a component mechlab does not judge yet is refused
    # (unsupported), in one line (a small command console; XXL and large engines are judged
    # since issue 27)
    (tmp_path / "sub" / "console.mtf").write_text(SMALL.replace(
        "Myomer:Standard", "Myomer:Standard\nCockpit:Small Command Console"))
    (tmp_path / "broken.mtf").write_text("Version:1.0\nNothing\n")
    return tmp_path


def test_check_sorts_every_design_into_one_outcome(tmp_path):
    report = check_files(design_files(_folder(tmp_path)))
    counts = report.counts()
    assert (counts["legal"], counts["illegal"], counts["unsupported"], counts["unreadable"]) == (
        1, 1, 1, 1)
    assert report.codes()["E-ARMOR-HEAD"] == 1
    assert report.unsupported_items() == {"R-COMPONENT Cockpit:Small Command Console": 1}


def test_check_command_prints_a_summary_and_writes_json(tmp_path):
    folder = _folder(tmp_path / "designs")
    out = tmp_path / "report.json"
    result = CliRunner().invoke(main, ["check", str(folder), "--json", str(out)])
    assert result.exit_code == 2  # as `validate`: a design that cannot be judged is exit 2
    assert "4 designs: 1 legal, 1 illegal, 1 unsupported, 1 unreadable" in result.output
    report = json.loads(out.read_text())
    assert report["counts"] == {"legal": 1, "illegal": 1, "unsupported": 1, "unreadable": 1}


def expected_rejections() -> set[tuple[str, str]]:
    """tests/corpus_expected.tsv: the reviewed list of canon quirks (file, code)."""
    lines = (Path(__file__).parent / "corpus_expected.tsv").read_text().splitlines()
    rows = [line.split("\t") for line in lines if line and not line.startswith("#")]
    return {(row[0], row[1]) for row in rows[1:]}


@needs_corpus
@pytest.mark.slow
def test_corpus_rejections_are_exactly_the_reviewed_list():
    """docs/megamek.md: 282 corpus designs: 282 legal, 0 canon quirks, 0 unreadable."""
    report = check_files(design_files(CORPUS))
    rejected = {(r.path.name, code) for r in report.results for code in r.codes}
    assert rejected == expected_rejections()
    assert report.counts()["unreadable"] == report.counts()["unsupported"] == 0
    assert report.counts()["legal"] == 282


def test_check_judges_a_force_file_by_its_units_not_as_a_bad_design(tmp_path):
    # A folder of designs often holds the forces made of them (examples/ does): each is
    # judged unit by unit, never reported as an unreadable design.
    (tmp_path / "catapult.yaml").write_text((EXAMPLES / "catapult.yaml").read_text())
    data = yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())
    data["armor"]["head"] = 12
    (tmp_path / "heavy-head.yaml").write_text(yaml.safe_dump(data))
    (tmp_path / "good.yaml").write_text("force: Good\nunits:\n  - unit: catapult.yaml\n")
    (tmp_path / "bad.yaml").write_text("force: Bad\nunits:\n  - unit: catapult.yaml\n"
                                       "  - unit: heavy-head.yaml\n")
    (tmp_path / "gone.yaml").write_text("force: Gone\nunits:\n  - unit: missing.yaml\n")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 2  # a force whose unit is missing cannot be judged
    first = result.output.splitlines()[0]
    assert first == "5 files (2 designs, 3 forces): 2 legal, 2 illegal, 0 unsupported, " \
                    "1 unreadable"
    assert f"illegal: {tmp_path / 'bad.yaml'}: unit heavy-head.yaml: E-TONNAGE-OVER" in \
        result.output
    assert f"unreadable: {tmp_path / 'gone.yaml'}: units[0].unit:" in result.output


def test_check_of_the_bundled_examples_is_all_legal():
    result = CliRunner().invoke(main, ["check", str(EXAMPLES), "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "0 illegal, 0 unsupported, 0 unreadable" in result.output.splitlines()[0]
