"""`mechlab sheet … -o X.pdf` streams its pages into the file: the same PDF as laying out
and rendering the whole document at once, and all or nothing when it fails midway."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pdf_pages import page_contents

from mechlab.assess import assess
from mechlab.cli import main
from mechlab.cli import sheet as sheet_cli
from mechlab.files.library import find_unit
from mechlab.model.resolve import resolve
from mechlab.render.pdf import render_pdf
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_document

LANCE = ["CPLT-C1", "AS7-D", "LCT-1V", "CPLT-C1"]


def whole_document(models: list[str], options: SheetOptions) -> bytes:
    assessed = [assess(resolve(find_unit(m).design)) for m in models]
    return render_pdf(layout_document(assessed, options))


@pytest.mark.parametrize(("models", "args"), [
    (LANCE, []),
    (["HBK-4G"], ["--paper", "a4", "--pips", "grouped", "--pilot", "Kai", "--gunnery", "3"]),
])
def test_a_streamed_print_run_is_the_pdf_of_the_whole_document(tmp_path, models, args):
    out = tmp_path / "run.pdf"
    result = CliRunner().invoke(main, ["sheet", *models, "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    options = SheetOptions(paper="a4", grouped_pips=True, pilot_name="Kai", gunnery=3) \
        if args else SheetOptions()
    expected = whole_document(models, options)
    assert page_contents(out.read_bytes()) == page_contents(expected)
    assert out.read_bytes() == expected  # the same title, fonts and objects too


def test_a_run_that_fails_midway_leaves_the_earlier_file_and_no_debris(tmp_path, monkeypatch):
    out = tmp_path / "run.pdf"
    out.write_bytes(b"the user's earlier print run")
    layout_sheet, calls = sheet_cli.layout_sheet, []

    def fail_on_third(mech, options):
        calls.append(mech)
        if len(calls) == 3:
            raise KeyboardInterrupt  # Ctrl-C while the third page is laid out
        return layout_sheet(assess(mech), options)

    monkeypatch.setattr(sheet_cli, "layout_sheet", fail_on_third)
    result = CliRunner().invoke(main, ["sheet", *LANCE, "-o", str(out)])
    assert result.exit_code != 0
    assert out.read_bytes() == b"the user's earlier print run"
    assert [p.name for p in tmp_path.iterdir()] == ["run.pdf"]
