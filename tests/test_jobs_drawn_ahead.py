"""`-j N` (issue 31, lane jobs): a PDF page is drawn in the worker process that laid it out,
and crosses to the command as its finished content stream. That needs every document to
code its glyphs the same way whatever it drew before: each fixes the codes of ASCII and
a few signs before its first page. A page with any other character is drawn by the
document itself, in its turn. Either way `-j 2` writes the bytes `-j 1` writes, and a
page looks as ReportLab's own drawing calls draw it."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdf_pages import page_contents
from reportlab.pdfgen.canvas import Canvas
from test_pdf_stream import reportlab_save
from tests_support import EXAMPLES

from mechlab.cards.games import get_game
from mechlab.cards.layout import lay_out
from mechlab.cli import main
from mechlab.cli.card import convert
from mechlab.files.inputs import read_input
from mechlab.render import fonts, pdf, reportlab_adapter
from mechlab.render.geometry import Document, Page, Text
from mechlab.render.pdf_stream import DrawnPage
from mechlab.render.pdf_text import TextRuns
from mechlab.sheet.styles import layout_document

LANCE = ["CPLT-C1", "AS7-D", "LCT-1V"]


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def streamed(pages: list[Page | DrawnPage], title: str) -> bytes:
    buffer = io.BytesIO()
    stream = pdf.open_pdf(buffer, title)
    for page in pages:
        stream.add(page)
    stream.close()
    return buffer.getvalue()


@pytest.fixture(scope="module")
def lance() -> Document:
    return layout_document([read_input(unit).assess() for unit in LANCE])


@pytest.fixture
def accented(tmp_path: Path) -> Path:
    """The Catapult under a name with a letter outside the fixed codes (ü, Latin-1)."""
    path = tmp_path / "katapult.yaml"
    text = (EXAMPLES / "catapult.yaml").read_text()
    path.write_text(text.replace("chassis: Catapult", "chassis: Katapült", 1))
    return path


def test_pages_drawn_ahead_make_the_file_the_document_draws_itself(lance):
    ahead = [pdf.draw_ahead(page) for page in lance.pages]
    assert all(isinstance(page, DrawnPage) for page in ahead)  # sheets print fixed signs only
    assert streamed(ahead, lance.title) == pdf.render_pdf(lance)


def test_a_page_drawn_ahead_draws_what_reportlabs_own_calls_draw(lance):
    """The reference is ReportLab's whole-document save, page by page through the
    painter (as tests/test_pdf_stream.py): the decoded content streams are equal."""
    ahead = streamed([pdf.draw_ahead(page) for page in lance.pages], lance.title)
    assert page_contents(ahead) == page_contents(reportlab_save(lance))


def test_a_page_with_another_character_is_left_to_the_document(lance):
    odd = Page(612, 792, (Text(72, 72, "Jötunn ½ —"),), "odd")
    assert pdf.draw_ahead(odd) is odd
    mixed = [pdf.draw_ahead(lance.pages[0]), pdf.draw_ahead(odd), pdf.draw_ahead(lance.pages[1])]
    document = Document((lance.pages[0], odd, lance.pages[1]), "mixed")
    assert streamed(mixed, "mixed") == pdf.render_pdf(document)


def test_a_fixed_sign_has_its_code_whatever_the_document_drew_before():
    """ReportLab codes a glyph when a document first draws it: without fixed codes, ½
    after ö and ł would not be coded as ½ in a fresh document."""
    name = fonts.PDF_NAMES["regular"]
    fresh = TextRuns(pdf._canvas("a", Page(612, 792, ())))
    used = pdf._canvas("b", Page(612, 792, ()))
    TextRuns(used).show("regular", 9, 0, 0, "ö ł Ŋ", "start")
    after = TextRuns(used)
    for text in ("½ — × · −", "Roll Again", "3/Msl 1–3"):
        assert fresh.show("regular", 9, 10, 20, text, "start") == after.show(
            "regular", 9, 10, 20, text, "start"), text
    assert reportlab_adapter.is_embedded_font(name)


def test_the_adapter_writes_the_content_stream_show_page_writes():
    fonts.register()
    canvas = Canvas(io.BytesIO(), initialFontName=fonts.PDF_NAMES["regular"])
    operators = ["0 0 1 RG", "n 10 10 100 50 re S"]
    canvas.setPageSize((300, 400))
    content = reportlab_adapter.page_content(canvas, operators)
    reportlab_adapter.append_operators(canvas, operators)
    canvas.showPage()
    assert content == canvas._doc.Pages.pages[-1].stream.encode("utf-8"), (
        "reportlab_adapter.page_content no longer matches Canvas.showPage")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
def test_fixed_and_late_coded_glyphs_both_read_back_as_their_characters(lance, tmp_path):
    """poppler reads each glyph back through the font's ToUnicode map: a fixed sign, a
    letter coded when its page came, and ASCII are all the characters they were."""
    odd = Page(612, 792, (Text(72, 72, "Jötunn ½ — × Kraków"),), "odd")
    path = tmp_path / "odd.pdf"
    path.write_bytes(streamed([pdf.draw_ahead(lance.pages[0]), pdf.draw_ahead(odd)], "odd"))
    text = subprocess.run(["pdftotext", "-f", "2", "-l", "2", str(path), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "Jötunn ½ — × Kraków" in text
    first = subprocess.run(["pdftotext", "-l", "1", str(path), "-"], capture_output=True,
                           text=True, check=True).stdout
    assert "Catapult CPLT-C1" in first and "Roll Again" in first


def test_workers_print_a_name_outside_the_fixed_codes_as_one_process(tmp_path, accented):
    # Six inputs: the accented one is in a worker's chunk, not the command's first input.
    units = [*LANCE, "HBK-4G", str(accented), "WSP-1A"]
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    first = invoke("sheet", *units, "-o", str(one), "-j", "1")
    assert first[0] == 0, first[2]
    assert invoke("sheet", *units, "-o", str(two), "-j", "2")[0] == 0
    assert one.read_bytes() == two.read_bytes()
    assert b"Katap" not in one.read_bytes()  # compressed: the name is in a content stream


def test_workers_write_the_same_html_as_one_process(tmp_path):
    units = [*LANCE, "HBK-4G"]
    one, two = tmp_path / "one.html", tmp_path / "two.html"
    assert invoke("sheet", *units, "-o", str(one), "-j", "1")[0] == 0
    assert invoke("sheet", *units, "-o", str(two), "-j", "2")[0] == 0
    assert one.read_bytes() == two.read_bytes() and one.read_bytes().count(b"<svg") == 4


def test_cards_written_nine_at_a_time_are_the_document_laid_out_at_once(tmp_path, accented):
    units = [*LANCE, "HBK-4G", "WSP-1A", "CPLT-C1", "AS7-D", "LCT-1V", "HBK-4G", "WSP-1A",
             str(accented)]
    game = get_game("alpha-strike")
    cards = [convert(read_input(unit), game, None)[0] for unit in units]
    whole = pdf.render_pdf(lay_out(cards, "letter", game.title, game.layout))
    for jobs in ("1", "2"):
        out = tmp_path / f"cards{jobs}.pdf"
        code, _, err = invoke("card", "--game", "alpha-strike", *units, "-o", str(out),
                              "-j", jobs)
        assert code == 0 and "(11 cards)" in err, err
        assert out.read_bytes() == whole


def test_a_card_run_with_no_card_writes_nothing(tmp_path):
    # The 1984 rules have no Alpha Strike card: every unit is left out, bad input.
    out = tmp_path / "cards.pdf"
    code, _, err = invoke("card", "--game", "alpha-strike", "battledroids/WSP-1A",
                          "battledroids/PXH-1K", "-o", str(out), "-j", "2")
    assert code == 2 and not out.exists(), err
    assert err.count("the Alpha Strike conversion is not defined") == 2
    assert list(tmp_path.iterdir()) == []


def test_a_card_run_with_skipped_and_left_out_units_is_the_same_with_workers(tmp_path):
    """Lines and bytes alike: the unit left out (no Alpha Strike card for the 1984 rules),
    the file written, the unit skipped (no such file), in that order, exit 2."""
    units = [*LANCE, "battledroids/WSP-1A", "HBK-4G", "nosuch.mtf", "WSP-1A"]
    runs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"cards{jobs}.pdf"
        code, _, err = invoke("card", "--game", "alpha-strike", *units, "-o", str(out),
                              "-j", jobs)
        runs[jobs] = (code, err.replace(str(out), "OUT"), out.read_bytes())
    assert runs["1"] == runs["2"]
    code, err, _ = runs["1"]
    lines = [line for line in err.splitlines() if line.startswith(("mechlab:", "wrote"))]
    assert code == 2 and len(lines) == 3, err
    assert "battledroids/WSP-1A: left out, no card" in lines[0]
    assert lines[1] == "wrote OUT (5 cards)"
    assert lines[2].startswith("mechlab: nosuch.mtf: skipped: ")


def test_a_document_forgets_its_formatted_strings_past_the_bound_and_draws_the_same(
        monkeypatch, lance):
    """Flat memory in a worker's long run: the formatted strings are bounded as the placed
    runs are, and a string formatted again has the same operators (its glyphs keep their
    codes in the document's subsets)."""
    from mechlab.render import pdf_text

    whole = pdf.render_pdf(lance)
    monkeypatch.setattr(pdf_text, "PLACED_RUNS", 5)
    canvas = pdf._canvas(lance.title, lance.pages[0])
    runs = TextRuns(canvas)
    for text in ("Roll Again", "½ Ammo", "Jötunn", "A", "B", "C", "D"):
        runs.show("regular", 9, 0, 0, text, "start")
    assert len(runs._runs) <= 5 and len(runs._placed) <= 5
    assert pdf.render_pdf(lance) == whole
