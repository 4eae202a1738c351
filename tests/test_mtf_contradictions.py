"""RULES.md §7: a .mtf that states one fact two ways and contradicts itself gets a
finding with its own code, the line and both values; mechlab repairs nothing. Each
case is an example of issue 8, made by changing one fact of a real corpus file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests_support import MEGAMEK

from mechlab.cli import main
from mechlab.core.errors import DesignError
from mechlab.files.load import load_design, read_source
from mechlab.model.resolve import resolve
from mechlab.validate import is_legal, validate


def _block(text: str, name: str, change: Callable[[list[str]], list[str]]) -> str:
    """`text` with the slot lines of one location block changed."""
    start = text.index(f"{name}:\n") + len(name) + 2
    end = text.index("\n\n", start)
    return text[:start] + "\n".join(change(text[start:end].split("\n"))) + text[end:]


def _replace(lines: list[str], old: str, new: str, times: int) -> list[str]:
    out = []
    for line in lines:
        if line == old and times:
            line, times = new, times - 1
        out.append(line)
    return out


def _drop_third_ppc(lines: list[str]) -> list[str]:
    third = [i for i, line in enumerate(lines) if line == "PPC"][2]
    return lines[:third] + lines[third + 1:]


def _split_into_left_arm(text: str) -> str:
    text = _block(text, "Right Torso",
                  lambda ls: [*ls[:8], "-Empty-", "-Empty-", *ls[10:]])
    return _block(text, "Left Arm", lambda ls: _replace(ls, "-Empty-", "Autocannon/20", 2))


CATAPULT, WARHAMMER, CYCLOPS = ("Catapult CPLT-C1.mtf", "Warhammer WHM-6R.mtf",
                                "Cyclops CP-10-Z.mtf")
CASES = [
    ("Walk MP", CATAPULT, lambda t: t.replace("Walk MP:4", "Walk MP:5"),
     ["E-MTF-WALK line 18: Walk MP:5, but engine 260 ÷ Mass 65 = 4"]),
    ("too few PPC lines", WARHAMMER, lambda t: _block(t, "Left Arm", _drop_third_ppc),
     ["E-MTF-SLOTS line 50: Left Arm: PPC takes 3 slots, the file gives it 2 slot lines"]),
    ("engine lines in a side torso", CATAPULT,
     lambda t: _block(t, "Left Torso", lambda ls: _replace(ls, "-Empty-", "Fusion Engine", 3)),
     ["E-ENGINE-SLOTS line 71: Left Torso: Engine:260 Fusion Engine puts none here; the file "
      "has 3 × Fusion Engine"]),
    ("Hip in an arm", CATAPULT,
     lambda t: _block(t, "Left Arm", lambda ls: _replace(ls, "-Empty-", "Hip", 1)),
     ["E-MTF-FIXED line 43: Left Arm: the design puts Shoulder, Upper Arm Actuator here; the "
      "file has Shoulder, Upper Arm Actuator, Hip"]),
    ("missing Shoulder", CATAPULT,
     lambda t: _block(t, "Left Arm", lambda ls: _replace(ls, "Shoulder", "-Empty-", 1)),
     ["E-MTF-FIXED line 43: Left Arm: the design puts Shoulder, Upper Arm Actuator here; the "
      "file has Upper Arm Actuator"]),
    ("weapon listed but not in the slots", CATAPULT,
     lambda t: t.replace("Weapons:6\n", "Weapons:7\nPPC, Right Torso\n"),
     ["E-MTF-WEAPONS line 35: Weapons: lists PPC, Right Torso, which the slots of Right "
      "Torso do not hold"]),
    ("weapon in the slots but not listed", CATAPULT,
     lambda t: t.replace("LRM 15, Left Arm\n", "").replace("Weapons:6", "Weapons:5"),
     ["E-MTF-WEAPONS line 34: Weapons: does not list the LRM 15 in the slots of Left Arm"]),
    ("Jump MP", CATAPULT, lambda t: t.replace("Jump MP:4", "Jump MP:3"),
     ["E-MTF-JUMP line 19: Jump MP:3, but the slots hold 4 jump jets",
      "E-JUMP-JETS jumping_mp: 4 jump jets listed but Jumping MP is 3"]),
    ("Heat Sinks", CATAPULT, lambda t: t.replace("Heat Sinks:15 Single", "Heat Sinks:17 Single"),
     ["E-MTF-HEAT-SINKS line 17: Heat Sinks:17 needs 7 in slots beside the 10 in the 260 "
      "engine, but the slots hold 5",
      "E-TONNAGE-OVER tonnage: components weigh 67 t > 65 t (2 t over)"]),
    ("Mass not dividing the rating", CATAPULT, lambda t: t.replace("Mass:65", "Mass:70"),
     ["E-ENGINE-RATING line 13: Engine: rating 260 is not Mass 70 × a whole Walking MP",
      "E-TONNAGE-UNDER tonnage: components weigh 68 t < 70 t (2 t unused)"]),
    ("AC/20 split into a non-adjacent location", CYCLOPS, _split_into_left_arm,
     ["E-SPLIT equipment[5].split: Right Torso and Left Arm are not adjacent"]),
]


def _findings(tmp_path: Path, name: str, change: Callable[[str], str]) -> list[str]:
    path = tmp_path / "changed.mtf"
    path.write_text(change((MEGAMEK / name).read_text()))
    source = read_source(path)
    findings = validate(resolve(source.design), source.facts)
    assert not is_legal(findings)
    return [str(f) for f in findings if f.severity == "error"]


@pytest.mark.parametrize(("name", "change", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_contradiction_is_a_finding_with_the_line_and_both_values(tmp_path, name, change,
                                                                    expected):
    assert _findings(tmp_path, name, change) == expected


def test_contradiction_findings_carry_expected_actual_and_hint(tmp_path):
    path = tmp_path / "walk.mtf"
    path.write_text((MEGAMEK / CATAPULT).read_text().replace("Walk MP:4", "Walk MP:5"))
    source = read_source(path)
    assert source.facts is not None
    (finding,) = source.facts.contradictions(resolve(source.design))
    assert (finding.expected, finding.actual) == ("4", "5")
    assert finding.hint and "contradicts itself" in finding.hint


def test_build_of_a_contradictory_file_says_illegal_in_json_and_exits_1(tmp_path):
    path = tmp_path / "walk.mtf"
    path.write_text((MEGAMEK / CATAPULT).read_text().replace("Walk MP:4", "Walk MP:5"))
    result = CliRunner().invoke(main, ["build", str(path), "-f", "json", "-q"])
    assert result.exit_code == 1
    data = json.loads((tmp_path / "walk.json").read_text())
    assert data["legal"] is False
    assert [f["code"] for f in data["findings"]] == ["E-MTF-WALK"]


def test_import_refuses_a_file_it_would_have_to_repair(tmp_path):
    path = tmp_path / "walk.mtf"
    path.write_text((MEGAMEK / CATAPULT).read_text().replace("Walk MP:4", "Walk MP:5"))
    result = CliRunner().invoke(main, ["import", str(path)])
    assert result.exit_code == 2
    assert result.output == (f"mechlab: {path}: E-MTF-WALK line 18: Walk MP:5, but engine 260 "
                             "÷ Mass 65 = 4 (the file contradicts itself; fix it first)\n")
    assert not (tmp_path / "walk.yaml").exists()
    with pytest.raises(DesignError):
        load_design(path)


def test_a_sheet_of_a_contradictory_file_says_so_on_its_face(tmp_path):
    """The banner carries the file's own contradictions, as the terminal verdict does,
    printed alone and as a force member."""
    mtf = tmp_path / "cat.mtf"
    mtf.write_text((MEGAMEK / CATAPULT).read_text().replace("Walk MP:4", "Walk MP:5"))
    (tmp_path / "force.yaml").write_text(
        "force: Test\nunits:\n  - unit: cat.mtf\n    pilot: {name: Kai}\n")
    for args in (["sheet", str(mtf)], ["sheet", str(tmp_path / "force.yaml")]):
        out = tmp_path / "out.html"
        out.unlink(missing_ok=True)
        result = CliRunner().invoke(main, [*args, "-o", str(out)])
        assert result.exit_code == 1, result.output  # written, and the verdict told
        assert "ILLEGAL under intro: E-MTF-WALK" in result.output
        assert "ILLEGAL DESIGN: E-MTF-WALK" in out.read_text(), args
