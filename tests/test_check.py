"""`mechlab check DIR`: a folder of designs summarised as legal / illegal by code /
unsupported technology / unreadable, with a machine-readable report."""

from __future__ import annotations

import json

import yaml
from click.testing import CliRunner
from conftest import CORPUS, EXAMPLES, needs_corpus
from test_mtf import SMALL

from mechlab.check import check_files, design_files
from mechlab.cli import main


def _folder(tmp_path):
    (tmp_path / "sub").mkdir(parents=True)
    (tmp_path / "legal.yaml").write_text((EXAMPLES / "catapult.yaml").read_text())
    data = yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())
    data["armor"]["head"] = 12
    (tmp_path / "sub" / "illegal.yaml").write_text(yaml.safe_dump(data))
    (tmp_path / "sub" / "clan.mtf").write_text(SMALL.replace("TechBase:Inner Sphere",
                                                             "TechBase:Clan"))
    (tmp_path / "broken.mtf").write_text("Version:1.0\nNothing\n")
    return tmp_path


def test_check_sorts_every_design_into_one_outcome(tmp_path):
    report = check_files(design_files(_folder(tmp_path)))
    counts = report.counts()
    assert (counts["legal"], counts["illegal"], counts["unsupported"], counts["unreadable"]) == (
        1, 1, 1, 1)
    assert report.codes()["E-ARMOR-HEAD"] == 1
    assert report.unsupported_items() == {"techbase Clan": 1}


def test_check_command_prints_a_summary_and_writes_json(tmp_path):
    folder = _folder(tmp_path / "designs")
    out = tmp_path / "report.json"
    result = CliRunner().invoke(main, ["check", str(folder), "--json", str(out)])
    assert result.exit_code == 1
    assert "4 designs: 1 legal, 1 illegal, 1 unsupported, 1 unreadable" in result.output
    report = json.loads(out.read_text())
    assert report["counts"] == {"legal": 1, "illegal": 1, "unsupported": 1, "unreadable": 1}


@needs_corpus
def test_the_whole_corpus_is_legal_under_intro():
    """README: 282 corpus designs: 282 legal, 0 canon quirks, 0 unreadable."""
    report = check_files(design_files(CORPUS))
    assert report.counts()["legal"] == 282
    assert [r.detail for r in report.results if r.outcome != "legal"] == []
