"""Every use of ReportLab's internals, in this one module.

The PDF painter is fast because it does not go through ReportLab's public drawing calls
once per item (~750 a sheet): it appends the very operators those calls write to the
canvas's page stream, formats text runs once per document, and writes each finished page
to the file at once instead of keeping the document in memory until `save()`. Each of
those needs ReportLab's private state (`Canvas._code`, `Canvas._doc`, the document's
object tables, `PDFTextObject._formatText`, `TTFont._dynamicFont`, the page preamble
`Canvas._preamble`). It is all reached here and nowhere else:

- tested with ReportLab 4.5.1 and 5.1.0, which write the same bytes (`pyproject.toml`
  pins `reportlab>=4.5,<5.2`; 4.0.9 passes these tests but writes other bytes);
- `tests/test_reportlab_adapter.py` checks every attribute used here, and fails naming
  this module when a ReportLab release moves one;
- `tests/test_pdf_painter.py` and `tests/test_pdf_stream.py` check the pages against
  ReportLab's own public calls and whole-document output.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, BinaryIO

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

# The attributes this module reads or writes, by object: what the adapter test checks.
PRIVATE = {
    "Canvas": ("_code", "_doc", "_preamble", "_psCommandsBeforePage", "_psCommandsAfterPage"),
    "PDFDocument": ("_pdfVersion", "numberToId", "idToOffset", "idToObject", "delayedFonts",
                    "Pages", "info", "Outlines", "encrypt", "Catalog", "invariant",
                    "signature"),
    "PDFTextObject": ("_formatText",),
    "TTFont": ("_dynamicFont",),
    "PDFFile": ("strings",),
}


# The canvas: operators and text runs ------------------------------------------------


def append_operators(canvas: Canvas, operators: Iterable[str]) -> None:
    """Add PDF operators to the canvas's current page, as its drawing methods do."""
    canvas._code.extend(operators)  # type: ignore[attr-defined]  # private: the module docstring


def is_embedded_font(name: str) -> bool:
    """A TrueType font embedded as subsets (a standard font would need `Tf` operators)."""
    return bool(getFont(name)._dynamicFont)  # type: ignore[attr-defined]  # private: the module docstring


def text_run(canvas: Canvas, font: str, size: float, text: str) -> str:
    """The operators `drawString` writes for `text` after its text origin: a fresh text
    object in the font, whose formatting also adds the glyphs to the font's subsets."""
    writer = canvas.beginText()
    writer.setFont(font, size)
    return str(writer._formatText(text))  # type: ignore[attr-defined]  # private: the module docstring


def fix_glyph_codes(canvas: Canvas, faces: Iterable[str], characters: str) -> None:
    """Give each face its PDF font name (in the order given) and `characters` their codes
    in its subsets (in the order given) before anything is drawn. ReportLab gives a glyph
    its code when a document first draws it, so a page's content stream depends on the
    pages before it; with these codes fixed, a page whose characters are all among them
    (or that the face has no glyph for: code 0) is the same whatever came before, so it
    can be drawn in another process (`page_content`). The subsets then hold these glyphs
    even when no page draws them."""
    doc = _document(canvas)
    for face in faces:
        font = getFont(face)
        font.getSubsetInternalName(0, doc)  # type: ignore[attr-defined]  # TTFont's: a TrueType face
        font.splitString(characters, doc)  # type: ignore[attr-defined]  # as above


def page_content(canvas: Canvas, operators: list[str]) -> bytes:
    """The content stream `showPage` writes for a fresh page of the canvas's current size
    holding `operators` (what `PDFPage.setStream` joins), uncompressed."""
    code = [*canvas._psCommandsBeforePage, canvas._preamble, *operators, " ",  # type: ignore[attr-defined]  # private: the module docstring
            *canvas._psCommandsAfterPage]  # type: ignore[attr-defined]  # as above
    return ("\n".join(code) + "\n").encode("utf-8")


# The document: pages written as they are finished ------------------------------------


class Output(pdfdoc.PDFFile):
    """ReportLab's output collector, writing through to a file instead of a list."""

    def __init__(self, handle: BinaryIO, version: tuple[int, int]) -> None:
        super().__init__(version)  # collects the header in self.strings
        header: list[bytes] = self.strings
        handle.write(b"".join(header))
        self.strings: list[bytes] = []
        self.write = handle.write  # type: ignore[assignment]  # writes through, returns a count


def open_document(canvas: Canvas, handle: BinaryIO) -> Output:
    """Number the page tree first (every page names it as its /Parent); the file's
    header written to `handle`."""
    doc = _document(canvas)
    doc.Reference(doc.Pages)
    return Output(handle, doc._pdfVersion)


def flush_page(canvas: Canvas, out: Output, written: set[str],
               compress: Callable[[bytes], bytes], content: bytes | None = None) -> None:
    """Write the page just shown and its compressed content stream (or `content`, its
    stream compressed already: drawn elsewhere by `page_content`); keep only the names
    the page tree and the xref table need."""
    doc = _document(canvas)
    page = doc.Pages.pages[-1]
    if content is None:
        content = compress(page.stream.encode("utf-8"))
    contents = pdfdoc.PDFStream(content=content)
    contents.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
    page.Contents, page.stream = contents, None
    _write(doc, out, written, page.__InternalName__)
    # registered while the page formatted: a name ReportLab sets when formatting
    name: str = contents.__InternalName__  # type: ignore[attr-defined]  # see above
    _write(doc, out, written, name)
    contents.content = b""
    page.Contents = page.Resources = page.MediaBox = None


def finish_document(canvas: Canvas, out: Output, written: set[str]) -> None:
    """The shared objects (fonts, page tree, catalogue, info), the xref table and the
    trailer: what `PDFDocument.GetPDFData()` and `format()` do, minus the pages out."""
    doc = _document(canvas)
    for font in doc.delayedFonts:
        font.addObjects(doc)
    doc.info.invariant = doc.invariant
    doc.info.digest(doc.signature)
    catalog, info = doc.Reference(doc.Catalog), doc.Reference(doc.info)
    doc.Outlines.prepare(doc, canvas)
    if doc.Outlines.ready < 0:
        doc.Catalog.Outlines = None
    doc.encrypt.prepare(doc)
    number = 1
    while number in doc.numberToId:  # formatting may register more objects
        name = doc.numberToId[number]
        if name not in written:
            _write(doc, out, written, name)
        number += 1
    ids = [doc.numberToId[n] for n in range(1, number)]
    xref = pdfdoc.PDFCrossReferenceTable()
    xref.addsection(0, ids)
    start = out.add(xref.format(doc))
    trailer = pdfdoc.PDFTrailer(startxref=start, Size=number, Root=catalog, Info=info,
                                ID=doc.ID())
    out.add(trailer.format(doc))


def _document(canvas: Canvas) -> Any:
    """The canvas's document. Any: what is used of it (`Pages`, `Catalog`, `numberToId`,
    ...) is ReportLab's private state, which types-reportlab leaves out."""
    return canvas._doc  # type: ignore[attr-defined]  # private: the module docstring


def _write(doc: Any, out: Output, written: set[str], name: str) -> None:
    data = pdfdoc.PDFIndirectObject(name, doc.idToObject[name]).format(doc)
    doc.idToOffset[name] = out.add(data)
    written.add(name)
