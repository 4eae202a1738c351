"""Pages streamed to the file as they are drawn draw exactly what ReportLab's own
whole-document save draws (decoded content streams equal), without ASCII85."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from pdf_pages import filters, page_contents
from tests_support import library_assessed, sweep, swept

from mechlab.assess import assess
from mechlab.files.library import library
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.render import pdf
from mechlab.render.geometry import Document
from mechlab.sheet.styles import layout_document


def reportlab_save(document: Document) -> bytes:
    """The reference: every page kept by ReportLab and written by `Canvas.save()`."""
    first = document.pages[0]
    canvas = pdf._canvas(document.title, first)
    buffer = io.BytesIO()
    canvas._filename = buffer
    paint = pdf.Painter()
    for page in document.pages:
        paint(canvas, page)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def mechs(models: tuple[str, ...] | None = None) -> list:
    units = [u for u in library() if models is None or u.model in models]
    return [resolve(load_design(u.path)) for u in units]


def test_streamed_pages_draw_what_a_whole_document_save_draws():
    document = layout_document(list(map(assess, mechs(("CPLT-C1", "AS7-D", "LCT-1V", "HER-2S")))))
    streamed, reference = pdf.render_pdf(document), reportlab_save(document)
    assert len(page_contents(streamed)) == 4
    assert page_contents(streamed) == page_contents(reference)


def test_pages_are_flate_compressed_without_ascii85():
    streamed = pdf.render_pdf(layout_document(list(map(assess, mechs(("CPLT-C1",))))))
    assert filters(streamed) == {b"FlateDecode"}


def test_a_stream_into_a_file_handle_is_the_same_file_as_render_pdf(tmp_path):
    document = layout_document(list(map(assess, mechs(("CPLT-C1", "AS7-D")))))
    with (tmp_path / "out.pdf").open("wb") as handle:
        stream = pdf.open_pdf(handle, document.title)
        for page in document.pages:
            stream.add(page)
        stream.close()
    assert (tmp_path / "out.pdf").read_bytes() == pdf.render_pdf(document)


def test_an_empty_print_run_is_a_valid_pdf_of_one_blank_page():
    assert len(page_contents(pdf.render_pdf(Document((), "empty")))) == 1


@pytest.mark.slow
@sweep
def test_every_library_sheet_streams_the_same_page_content():
    # every library unit read, resolved and judged as mechs() does, once per worker
    document = layout_document([assessed for _, assessed in swept(library_assessed())])
    assert page_contents(pdf.render_pdf(document)) == page_contents(reportlab_save(document))


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_reportlabs_c_accelerator_changes_no_byte(tmp_path):
    """rl-accel (a dependency) formats numbers in C; without it ReportLab's Python code
    must write the very same file."""
    script = (
        "import sys; sys.modules['_rl_accel'] = None\n"  # as if rl-accel were not installed
        "from mechlab.assess import assess\n"
        "from mechlab.files.library import find_unit\n"
        "from mechlab.model.resolve import resolve\n"
        "from mechlab.sheet.styles import layout_document\n"
        "from mechlab.render.pdf import render_pdf\n"
        "import reportlab.lib.rl_accel as accel\n"
        "assert 'built-in' not in repr(accel.fp_str)\n"
        "mechs = [resolve(find_unit(m).design) for m in ('CPLT-C1', 'AS7-D')]\n"
        "sys.stdout.buffer.write(render_pdf(layout_document(list(map(assess, mechs)))))\n")
    pure = subprocess.run([sys.executable, "-c", script], capture_output=True, check=True).stdout
    import reportlab.lib.rl_accel as accel

    assert "built-in" in repr(accel.fp_str), "rl-accel is not installed"
    assert pdf.render_pdf(layout_document(list(map(assess, mechs(("CPLT-C1", "AS7-D")))))) == pure
