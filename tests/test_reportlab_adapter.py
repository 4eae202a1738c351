"""ReportLab's internals that the PDF painter needs are reached in one module,
`mechlab/render/reportlab_adapter.py`, tested with the version range `pyproject.toml`
pins. When a ReportLab release moves one of them, these tests fail naming the adapter
(and nothing else in mechlab touches a private attribute: ruff's SLF001 says so)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from mechlab.render import fonts, reportlab_adapter
from mechlab.render.reportlab_adapter import PRIVATE

ADAPTER = "mechlab/render/reportlab_adapter.py"
REPO = Path(__file__).resolve().parents[1]


def _moved(kind: str, obj: object) -> list[str]:
    return [name for name in PRIVATE[kind] if not hasattr(obj, name)]


def _loud(kind: str, missing: list[str]) -> str:
    return (f"ReportLab {reportlab.Version} moved {kind}.{', '.join(missing)}: {ADAPTER} "
            "reaches into it; update the adapter (and the pin in pyproject.toml)")


def test_the_canvas_and_its_document_have_what_the_adapter_uses():
    fonts.register()
    canvas = Canvas(io.BytesIO(), initialFontName=fonts.PDF_NAMES["regular"])
    assert not _moved("Canvas", canvas), _loud("Canvas", _moved("Canvas", canvas))
    assert isinstance(canvas._code, list), _loud("Canvas", ["_code (no longer a list)"])
    doc = canvas._doc
    assert isinstance(doc, pdfdoc.PDFDocument), _loud("Canvas", ["_doc (not a PDFDocument)"])
    assert not _moved("PDFDocument", doc), _loud("PDFDocument", _moved("PDFDocument", doc))
    for name in ("numberToId", "idToOffset", "idToObject"):
        assert isinstance(getattr(doc, name), dict), _loud("PDFDocument", [name])
    assert isinstance(doc.delayedFonts, list), _loud("PDFDocument", ["delayedFonts"])
    assert isinstance(doc.Pages.pages, list), _loud("PDFDocument", ["Pages.pages"])
    assert isinstance(doc._pdfVersion, tuple), _loud("PDFDocument", ["_pdfVersion"])


def test_text_objects_fonts_and_the_output_file_have_what_the_adapter_uses():
    fonts.register()
    assert not _moved("PDFTextObject", PDFTextObject), _loud("PDFTextObject", ["_formatText"])
    font = getFont(fonts.PDF_NAMES["regular"])
    assert not _moved("TTFont", font), _loud("TTFont", ["_dynamicFont"])
    output = pdfdoc.PDFFile((1, 4))
    assert isinstance(output.strings, list), _loud("PDFFile", ["strings"])


def test_the_adapter_writes_what_drawstring_writes():
    fonts.register()
    name = fonts.PDF_NAMES["regular"]
    canvas = Canvas(io.BytesIO(), initialFontName=name)
    ours = reportlab_adapter.text_run(canvas, name, 9, "Roll Again")
    theirs = Canvas(io.BytesIO(), initialFontName=name)
    theirs.setFont(name, 9)
    theirs.drawString(0, 0, "Roll Again")
    assert theirs._code == [f"BT 1 0 0 1 0 0 Tm {ours} T* ET"], (
        f"{ADAPTER}: text runs differ from drawString under ReportLab {reportlab.Version}")


def test_the_pinned_range_holds_the_installed_reportlab():
    text = (REPO / "pyproject.toml").read_text()
    pin = next(line for line in text.splitlines() if '"reportlab' in line)
    low, high = (part.split("=")[-1].split("<")[-1].strip('", ') for part in
                 pin.split('"')[1].removeprefix("reportlab").split(","))
    version = tuple(int(n) for n in reportlab.Version.split(".")[:2])
    assert tuple(map(int, low.split("."))) <= version < tuple(map(int, high.split("."))), (
        f"ReportLab {reportlab.Version} is outside the range {ADAPTER} was tested with: {pin}")


def test_no_module_but_the_adapter_touches_a_private_attribute():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "SLF001",
                             "--no-cache", "mechlab"], capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 0, result.stdout
