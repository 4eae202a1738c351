"""Issue 18, part 3: the same bounds for every way a value arrives (file, flag, force
file), text fitted in time linear in its length, HTML written page by page. Each case:
one line, exit 2, no traceback, no file written."""

from __future__ import annotations

import os
import tracemalloc

import pytest
import yaml
from test_bad_input import run
from tests_support import EXAMPLES, MEGAMEK, run_here

from mechlab.render import fonts

GOOD = (EXAMPLES / "catapult.yaml").read_text()
LOCUST = MEGAMEK / "Locust LCT-1V.mtf"  # tests/data/vendor.py


def _one_line(result, expected: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr == expected + "\n"
    assert "Traceback" not in result.stderr


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
@pytest.mark.parametrize("command", [["sheet", "CPLT-C1", "-o", "x.pdf"],
                                     ["build", "CPLT-C1", "-q"]], ids=["sheet", "build"])
def test_pilot_flag_has_the_bounds_of_the_design_files_pilot_name(tmp_path, command):
    _one_line(run_here(*command, "--pilot", "x" * 100_000, cwd=tmp_path),
              "mechlab: --pilot: 100,000 characters, more than the 120 allowed; shorten it")
    _one_line(run_here(*command, "--pilot", "Kai\x1b[31m", cwd=tmp_path),
              "mechlab: --pilot: control character U+001B at character 4; remove it (names "
              "are plain text)")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_control_characters_are_refused_in_design_and_force_files_alike(tmp_path):
    (tmp_path / "cat.yaml").write_text(GOOD.replace("chassis: Catapult", 'chassis: "Cata\\0"'))
    _one_line(run_here("validate", "cat.yaml", cwd=tmp_path),
              "mechlab: cat.yaml: chassis: control character U+0000 at character 5; remove "
              "it (names are plain text)")
    (tmp_path / "force.yaml").write_text(
        'force: Lance\nunits:\n  - unit: LCT-1V\n    pilot: {name: "Ana\\e[2J"}\n')
    _one_line(run_here("force", "force.yaml", cwd=tmp_path),
              "mechlab: force.yaml: units[0].pilot.name: control character U+001B at "
              "character 4; remove it (names are plain text)")


def _naive_clip(text: str, font: str, size: float, width: float) -> str:
    """Cut one character at a time (what the fitter did, in quadratic time)."""
    if fonts.text_width(text, font, size) <= width:
        return text
    while text and fonts.pdfmetrics.stringWidth(text + "…", fonts.PDF_NAMES[font],
                                                size) > width:
        text = text[:-1]
    return text + "…"


@pytest.mark.parametrize("text", ["Kai Allard-Liao", "Medium Laser (R)", "W" * 60,
                                  "Ammo (Machine Gun) (1/2) 100", "", "漢字 and é"])
@pytest.mark.parametrize("width", [0.0, 3.0, 20.0, 55.5, 400.0])
def test_clipping_cuts_where_cutting_one_character_at_a_time_would(text, width):
    for font in ("regular", "bold"):
        assert fonts.clip(text, font, 6.0, width) == _naive_clip(text, font, 6.0, width)


def test_clipping_a_long_text_keeps_memory_flat():
    tracemalloc.start()
    clipped = fonts.clip("Kai " * 250_000, "regular", 6.0, 100.0)  # 1,000,000 characters
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert clipped.endswith("…") and len(clipped) < 60
    assert peak < 20_000_000  # the quadratic fitter took gigabytes


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_absurd_item_totals_are_bad_input_not_work(tmp_path):
    design = yaml.safe_load(GOOD)
    design["equipment"] = [{"item": "Medium Laser", "location": "center_torso", "count": 99}
                           for _ in range(200)]
    (tmp_path / "many.yaml").write_text(yaml.safe_dump(design))
    _one_line(run_here("build", "many.yaml", "-q", cwd=tmp_path),
              "mechlab: many.yaml: equipment: 19,800 items in all (counts included), more "
              "than the 200 allowed (a 'Mech has 78 critical slots)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.yaml"]


def test_html_print_run_streams_page_by_page():
    """The HTML writer takes pages one at a time and keeps none: memory for twelve pages
    is that of one or two, not twelve."""
    import io

    from mechlab.assess import assess
    from mechlab.files.library import find_unit
    from mechlab.model.resolve import resolve
    from mechlab.render.svg import write_html
    from mechlab.sheet.options import SheetOptions
    from mechlab.sheet.styles import layout_sheet

    mech = resolve(find_unit("AS7-D").design)
    options = SheetOptions()

    def peak(count: int) -> int:
        drawn = []

        def pages():
            for _ in range(count):
                page = layout_sheet(assess(mech), options).page
                drawn.append(len(page.items))  # counts only: the page itself is not kept
                yield page

        tracemalloc.start()
        write_html(pages(), "run", io.BytesIO())
        result = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert len(drawn) == count
        return result

    one, twelve = peak(1), peak(12)
    # The output itself grows (~100 KB a page, here in a BytesIO): allow for it, but not
    # for the pages' display lists and element dicts (~1 MB a page) held at once.
    assert twelve - one < 11 * 250_000, (one, twelve)


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
@pytest.mark.parametrize(("change", "expected"), [
    (lambda lines: _replace_slot(lines, "X" * 100_000),
     "line 106: Center Torso slot line of 100,000 characters, more than the 120 an item "
     "name takes: 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX…'"),
    (lambda lines: [lines[0], "Loc\x00ust", *lines[2:]],
     "line 2: control character U+0000 at column 4; a .mtf file is plain text"),
    (lambda lines: _after_mass(lines, "Mass:25"),
     "line 13: 'Mass' given twice (lines 12 and 13); keep one"),
], ids=["long-slot-name", "nul", "duplicate-key"])
def test_mtf_bounds_give_one_short_line(tmp_path, change, expected):
    lines = LOCUST.read_text().split("\n")
    (tmp_path / "bad.mtf").write_text("\n".join(change(lines)))
    for command in (["validate", "bad.mtf"], ["import", "bad.mtf"], ["bv", "bad.mtf"]):
        _one_line(run_here(*command, cwd=tmp_path), f"mechlab: bad.mtf: {expected}")
    assert [p.name for p in tmp_path.iterdir()] == ["bad.mtf"]


def _replace_slot(lines: list[str], name: str) -> list[str]:
    index = next(i for i, line in enumerate(lines) if line.strip() == "Medium Laser")
    return [*lines[:index], name, *lines[index + 1:]]


def _after_mass(lines: list[str], extra: str) -> list[str]:
    index = next(i for i, line in enumerate(lines) if line.lower().startswith("mass:"))
    return [*lines[:index + 1], extra, *lines[index + 1:]]


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_check_counts_the_pipes_and_devices_it_cannot_read(tmp_path):
    folder = tmp_path / "designs"
    folder.mkdir()
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        (folder / name).write_text(GOOD)
    os.mkfifo(folder / "fifo.yaml")
    (folder / "dev.mtf").symlink_to("/dev/zero")
    result = run("check", "designs", cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert lines[0] == "5 designs: 3 legal, 0 illegal, 0 unsupported, 2 unreadable"
    assert lines[1:] == [
        f"unreadable: designs/{name}: is not a regular file (a device or a "
        "pipe?); give a design file" for name in ("dev.mtf", "fifo.yaml")]


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
@pytest.mark.parametrize("argument", ["", "  "])
def test_an_empty_argument_is_named_as_such(tmp_path, argument):
    _one_line(run_here("validate", argument, cwd=tmp_path),
              f"mechlab: {argument!r}: an empty argument; name a design file (.yaml, .mtf) "
              "or a library unit (see: mechlab list)")


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_bounds_hold_for_a_unit_named_by_a_force_file(tmp_path):
    (tmp_path / "force.yaml").write_text("force: Lance\nunits:\n  - unit: ''\n")
    _one_line(run_here("force", "force.yaml", cwd=tmp_path),
              "mechlab: force.yaml: units[0].unit: '': an empty argument; name a design file "
              "(.yaml, .mtf) or a library unit (see: mechlab list)")


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_a_force_file_has_the_bounds_of_a_design_file(tmp_path):
    """The same bounds, each message naming the file for what it is (audit32)."""
    os.mkfifo(tmp_path / "pipe.yaml")
    _one_line(run("force", "pipe.yaml", cwd=tmp_path),
              "mechlab: pipe.yaml: is not a regular file (a device or a pipe?); give a force "
              "file")
    _one_line(run("force", "/dev/zero", cwd=tmp_path),
              "mechlab: /dev/zero: is not a regular file (a device or a pipe?); give a force "
              "file")
    (tmp_path / "big.yaml").write_text("force: Big\n" + "#" * 2_000_000)
    # The pipe and the device above in a real process (one that waited on them would not
    # hang the suite); the plain file in this one (run_here).
    for command in (["force", "big.yaml"], ["sheet", "big.yaml", "-o", "big.pdf"]):
        _one_line(run_here(*command, cwd=tmp_path),
                  "mechlab: big.yaml: larger than 1 MB: a force file is a few KB; is this "
                  "the right file?")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.yaml", "pipe.yaml"]


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_control_characters_echoed_from_a_file_are_shown_not_sent(tmp_path):
    """An escape sequence in a misspelt key reaches the terminal as text, not as a command
    to recolour or clear it."""
    (tmp_path / "esc.yaml").write_text('chassis: x\n"ton\\e[2Jnage": 65\nwalking_mp: 4\n')
    result = run_here("validate", "esc.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert "\x1b" not in result.stderr
    assert "ton\\x1b[2Jnage: unknown field" in result.stderr
