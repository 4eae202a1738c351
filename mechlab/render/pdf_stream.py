"""A ReportLab canvas whose pages go to the file as soon as they are drawn.

ReportLab keeps every page of a canvas in memory until `save()`, so a print run of
N sheets costs memory in proportion to N. Here each finished page is formatted at
once (its content stream Flate-compressed, no ASCII85) and written to the output
handle; only what every page shares — the fonts, whose subsets are known at the
end, the page tree, the catalogue — is written when the stream closes. The xref
table records where each object went, so object order in the file does not matter.

This reaches into ReportLab's document object (`canvas._doc`), the same calls
`PDFDocument.format()` makes; `tests/test_pdf_stream.py` checks the pages against
ReportLab's own whole-document output.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, BinaryIO

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from mechlab.render.geometry import Page

# Compressing a sheet's ~84 KB content stream was the largest part of drawing it: zlib
# at level 6 (ReportLab's) takes ~3.5 ms a sheet. ISA-L (`isal`, a dependency with
# wheels for Linux, macOS and Windows) writes the same Flate format in ~0.2 ms at its
# level 1, ~12 % larger (~20.8 KB against 18.6 KB a sheet). Without it, zlib level 4
# with the filtered strategy is as small as level 6 in half the time. Either way the
# decoded streams are the same; only the compressed bytes differ between the two.
try:
    from isal import isal_zlib as _isal_zlib

    isal_zlib: ModuleType | None = _isal_zlib
except ImportError:  # pragma: no cover - isal is a dependency; this is the fallback
    isal_zlib = None

ISAL_LEVEL = 1
ZLIB_LEVEL = 4


def compress(data: bytes) -> bytes:
    """`data` as a zlib (FlateDecode) stream."""
    if isal_zlib is not None:
        return bytes(isal_zlib.compress(data, ISAL_LEVEL))
    return zlib_compress(data)


def zlib_compress(data: bytes) -> bytes:
    packer = zlib.compressobj(ZLIB_LEVEL, zlib.DEFLATED, zlib.MAX_WBITS, 8, zlib.Z_FILTERED)
    return packer.compress(data) + packer.flush()


class _Output(pdfdoc.PDFFile):
    """ReportLab's output collector, writing through to a file instead of a list."""

    def __init__(self, handle: BinaryIO, version: tuple[int, int]) -> None:
        super().__init__(version)  # collects the header in self.strings
        handle.write(b"".join(self.strings))
        self.strings: list[bytes] = []
        self.write = handle.write  # type: ignore[assignment]  # writes through, returns a count


def _document(canvas: Canvas) -> Any:
    """The canvas's document, where ReportLab keeps the objects written so far. Any: what
    this module uses of it (numberToId, idToOffset, Pages, ...) is ReportLab's private
    state, which its stubs leave out (issue 19 item 2)."""
    return canvas._doc  # type: ignore[attr-defined]  # private: see the docstring


class PdfStream:
    """Draw pages one by one into `handle`; `close()` writes what pages share.

    `new_canvas(first_page)` makes the canvas (page size, metadata, fonts);
    `paint(canvas, page)` draws one page on it, before `showPage`.
    """

    def __init__(self, handle: BinaryIO, new_canvas: Callable[[Page], Canvas],
                 paint: Callable[[Canvas, Page], None]) -> None:
        self._handle, self._new_canvas, self._paint = handle, new_canvas, paint
        self._canvas: Canvas | None = None
        self._out: _Output | None = None
        self._written: set[str] = set()
        self.pages = 0

    def add(self, page: Page) -> None:
        canvas = self._canvas or self._open(page)
        self._paint(canvas, page)
        canvas.showPage()
        self._flush_page(_document(canvas))
        self.pages += 1

    def close(self) -> None:
        """The shared objects, the xref table and the trailer."""
        canvas = self._canvas or self._open(Page(612, 792, ()))
        doc = _document(canvas)
        assert self._out is not None
        if self.pages == 0:
            canvas.showPage()  # a PDF needs a page: one blank one, not an empty page tree
            self._flush_page(doc)
        # What PDFDocument.GetPDFData() and format() do, minus the pages already out.
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
            if name not in self._written:
                self._write(doc, name)
            number += 1
        ids = [doc.numberToId[n] for n in range(1, number)]
        xref = pdfdoc.PDFCrossReferenceTable()
        xref.addsection(0, ids)
        start = self._out.add(xref.format(doc))
        trailer = pdfdoc.PDFTrailer(startxref=start, Size=number, Root=catalog, Info=info,
                                    ID=doc.ID())
        self._out.add(trailer.format(doc))

    def _open(self, first: Page) -> Canvas:
        canvas = self._canvas = self._new_canvas(first)
        doc = _document(canvas)
        doc.Reference(doc.Pages)  # numbered now: every page names it as its /Parent
        self._out = _Output(self._handle, doc._pdfVersion)
        return canvas

    def _flush_page(self, doc: pdfdoc.PDFDocument) -> None:
        page = doc.Pages.pages[-1]  # type: ignore[attr-defined]  # set in PDFDocument.__init__
        contents = pdfdoc.PDFStream(content=compress(page.stream.encode("utf-8")))
        contents.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
        page.Contents, page.stream = contents, None
        self._write(doc, page.__InternalName__)
        # registered while the page formatted (a name ReportLab sets on formatting)
        name: str = contents.__InternalName__  # type: ignore[attr-defined]  # see above
        self._write(doc, name)
        # Written: keep only the names (the page tree and the xref need them).
        contents.content = b""
        page.Contents = page.Resources = page.MediaBox = None

    def _write(self, doc: pdfdoc.PDFDocument, name: str) -> None:
        assert self._out is not None
        data = pdfdoc.PDFIndirectObject(name, doc.idToObject[name]).format(doc)
        doc.idToOffset[name] = self._out.add(data)
        self._written.add(name)
