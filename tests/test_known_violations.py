"""A known violation (units/README.md: a printed design kept as printed) that marks no
finding is warned of (W-KNOWN-VIOLATION): a misspelt code left the finding it was
written for unmarked, and nothing said why. Checked against the 1984 book's own errors
(docs/battledroids.md: the Stinger weighs 21 t at 20 t)."""

from __future__ import annotations

from pathlib import Path

import yaml
from click.testing import CliRunner

from mechlab.cli import main
from mechlab.files.library import units_dir

STINGER = units_dir() / "battledroids" / "light-stinger-stg-3r.yaml"


def _with_known(tmp_path: Path, codes: list[str]) -> Path:
    data = yaml.safe_load(STINGER.read_text(encoding="utf-8"))
    data["known_violations"] = [{"code": code, "why": "printed so"} for code in codes]
    path = tmp_path / "stinger.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def _validated(path: Path) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["validate", str(path)])
    return result.exit_code, result.output.splitlines()


def test_the_printed_error_named_marks_its_finding_and_nothing_is_warned() -> None:
    code, lines = _validated(STINGER)
    assert code == 1
    assert any(line.strip().startswith("E-TONNAGE-OVER") and "known (as printed)" in line
               for line in lines)
    assert not any("W-KNOWN-VIOLATION" in line for line in lines)


def test_a_misspelt_code_is_warned_of_with_the_code_meant(tmp_path: Path) -> None:
    code, lines = _validated(_with_known(tmp_path, ["E-TONNAGE-OVRE"]))
    assert code == 1  # the design is as illegal as before
    assert ("  W-KNOWN-VIOLATION known_violations[0].code: E-TONNAGE-OVRE marks nothing: "
            "the design breaks no rule of that code") in lines
    assert "      hint: did you mean E-TONNAGE-OVER?" in lines
    # The finding it was meant for shows unmarked.
    assert any(line.strip().startswith("E-TONNAGE-OVER") and "known" not in line
               for line in lines)


def test_a_rule_the_design_does_not_break_is_warned_of_without_a_guess(
        tmp_path: Path) -> None:
    code, lines = _validated(_with_known(tmp_path, ["E-TONNAGE-OVER", "E-ARMOR-CAP"]))
    assert code == 1
    assert ("  W-KNOWN-VIOLATION known_violations[1].code: E-ARMOR-CAP marks nothing: "
            "the design breaks no rule of that code") in lines
    assert ("      hint: remove the entry, or name a code the design's findings show"
            in lines)
    assert sum("W-KNOWN-VIOLATION" in line for line in lines) == 1


def test_a_legal_design_with_a_stale_known_violation_stays_legal(tmp_path: Path) -> None:
    path = tmp_path / "catapult.yaml"
    data = yaml.safe_load((units_dir() / "heavy-catapult-cplt-c1.yaml").read_text(
        encoding="utf-8"))
    data["known_violations"] = [{"code": "E-TONNAGE-OVER", "why": "no longer"}]
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, lines = _validated(path)
    assert code == 0, lines  # a warning: legal, exit 0
    assert any("W-KNOWN-VIOLATION" in line for line in lines)
    # `check` shows no warnings, and judges it legal.
    folder = tmp_path
    result = CliRunner().invoke(main, ["check", str(folder), "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "1 design: 1 legal, 0 illegal, 0 unsupported, 0 unreadable" in result.output
