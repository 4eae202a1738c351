"""Runs over many inputs (issue 31): one input that cannot be read or judged does not stop
the others. A batch prints what it can, says what it skipped and why in one line each, and
exits with the worst code; with every input skipped nothing is written. `-j N` writes the
same bytes as `-j 1`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests_support import ALL, EXAMPLES, needs_megamek_all

from mechlab.cli import main

LANCE = ["CPLT-C1", "AS7-D", "LCT-1V"]


def pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type /Page[^s]", pdf.read_bytes()))


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """A design file that cannot be read (two unknown fields)."""
    text = (EXAMPLES / "catapult.yaml").read_text()
    path = tmp_path / "broken.yaml"
    path.write_text(text.replace("tonnage: 65", "tonnage: 65\nspeed: 4\nwarp: 9", 1))
    return path


def skipped_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ": skipped: " in line]


def test_a_sheet_run_prints_the_others_and_names_the_one_it_skipped(tmp_path, broken):
    out = tmp_path / "run.pdf"
    code, _, err = invoke("sheet", LANCE[0], str(broken), *LANCE[1:], "nosuch.yaml",
                          "-o", str(out))
    assert code == 2
    assert pages(out) == 3
    lines = skipped_lines(err)
    assert len(lines) == 2
    assert lines[0].startswith(f"mechlab: {broken}: skipped: ")
    assert "speed" in lines[0] and "(+1 more problem)" in lines[0]
    assert lines[1].startswith("mechlab: nosuch.yaml: skipped: no such file")
    assert "wrote" in err and "(3 sheets)" in err


def test_a_sheet_run_with_every_input_refused_writes_nothing(tmp_path, broken):
    out = tmp_path / "run.pdf"
    code, _, err = invoke("sheet", str(broken), "nosuch.yaml", "-o", str(out))
    assert code == 2
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["broken.yaml"]
    # as for one bad input: every problem of each, not the one-line summary
    assert ": skipped: " not in err
    assert "speed" in err and "warp" in err and "nosuch" in err


def test_a_build_run_writes_the_others_and_exits_2(tmp_path, broken):
    out = tmp_path / "out"
    code, _, err = invoke("build", str(broken), *LANCE, "-o", str(out), "-q")
    assert code == 2
    assert len(skipped_lines(err)) == 1
    built = sorted(p.name for p in out.iterdir())
    assert len(built) == 9 and not any(name.startswith("broken") for name in built)


def test_an_illegal_design_and_a_skipped_one_exit_with_the_worse_code(tmp_path, broken):
    illegal = tmp_path / "illegal.yaml"
    illegal.write_text((EXAMPLES / "catapult.yaml").read_text().replace(
        "tonnage: 65", "tonnage: 70", 1))
    code, _, err = invoke("build", str(illegal), "-o", str(tmp_path / "out"), "-q")
    assert code == 1, err
    code, _, err = invoke("build", str(illegal), str(broken), "-o", str(tmp_path / "out"),
                          "-q")
    assert code == 2
    assert "ILLEGAL" in err and len(skipped_lines(err)) == 1


def test_a_card_run_skips_what_it_cannot_read(tmp_path, broken):
    out = tmp_path / "cards.json"
    code, _, err = invoke("card", "--game", "alpha-strike", LANCE[0], str(broken),
                          "-o", str(out))
    assert code == 2 and out.exists()
    assert len(skipped_lines(err)) == 1


@needs_megamek_all
def test_the_war_crow_c_no_longer_stops_a_print_run(tmp_path):
    # Its ferro-lamellor armor is judged since issue 27 (docs/advanced.md): printed now.
    war_crow = ALL / "Recognition Guide ilClan" / "Vol 7" / "War Crow C.mtf"
    out = tmp_path / "run.pdf"
    code, _, err = invoke("sheet", LANCE[0], str(war_crow), LANCE[1], "-o", str(out))
    assert code == 0 and pages(out) == 3, err
    assert skipped_lines(err) == []


@needs_megamek_all
def test_a_refused_file_is_skipped_and_the_print_run_goes_on(tmp_path):
    # A rules level 5 (unofficial) design is refused: mechlab implements levels 1-4.
    refused = ALL / "XTRs" / "Caveat Emptor" / "Uni ATAE-70 ArtilleryMech.mtf"
    out = tmp_path / "run.pdf"
    code, _, err = invoke("sheet", LANCE[0], str(refused), LANCE[1], "-o", str(out))
    assert code == 2 and pages(out) == 2
    (line,) = skipped_lines(err)
    assert "Uni ATAE-70 ArtilleryMech.mtf: skipped: R-RULES-LEVEL" in line


def test_workers_print_the_same_pdf_as_one_process(tmp_path):
    units = [*LANCE, "HBK-4G", "WSP-1A", "CPLT-C1"]
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    assert invoke("sheet", *units, "-o", str(one), "-j", "1")[0] == 0
    assert invoke("sheet", *units, "-o", str(two), "-j", "2")[0] == 0
    assert one.read_bytes() == two.read_bytes()


def test_workers_build_the_same_files_and_lines_as_one_process(tmp_path, broken):
    runs = {}
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        code, stdout, err = invoke("build", *LANCE, str(broken), "-o", str(out), "-j", jobs)
        assert code == 2
        runs[jobs] = ({p.name: p.read_bytes() for p in out.iterdir()},
                      stdout.replace(str(out), "OUT"), err)
    assert runs["1"] == runs["2"]
    assert len(runs["1"][0]) == 9


def test_workers_validate_and_check_as_one_process(tmp_path, broken):
    for name in ["catapult.yaml", "atlas-as7-k.yaml", "raven-rvn-4l.yaml"]:
        (tmp_path / name).write_bytes((EXAMPLES / name).read_bytes())
    files = [str(p) for p in sorted(tmp_path.glob("*.yaml"))]
    for args in (["validate", *files], ["validate", "--json", *files], ["check", str(tmp_path)]):
        one = invoke(*args, "-j", "1")
        assert one[0] == 2 and "broken.yaml" in one[1] + one[2]  # bad input, the rest judged
        assert "3 legal" in one[1] or one[1].count("legal") >= 3
        assert invoke(*args, "-j", "2") == one


def test_workers_make_the_same_cards_as_one_process(tmp_path):
    units = [*LANCE, "HBK-4G", "WSP-1A"]
    for suffix in ("json", "pdf"):
        one, two = tmp_path / f"one.{suffix}", tmp_path / f"two.{suffix}"
        for out, jobs in ((one, "1"), (two, "2")):
            code, _, err = invoke("card", "--game", "alpha-strike", *units, "-o", str(out),
                                  "-j", jobs)
            assert code == 0, err
        assert one.read_bytes() == two.read_bytes()
