"""A ReportLab canvas whose pages go to the file as soon as they are drawn.

ReportLab keeps every page of a canvas in memory until `save()`, so a print run of
N sheets costs memory in proportion to N. Here each finished page is formatted at
once (its content stream Flate-compressed, no ASCII85) and written to the output
handle; only what every page shares — the fonts, whose subsets are known at the
end, the page tree, the catalogue — is written when the stream closes. The xref
table records where each object went, so object order in the file does not matter.

What this needs of ReportLab's document object (the same calls `PDFDocument.format()`
makes) is in `reportlab_adapter`; `tests/test_pdf_stream.py` checks the pages against
ReportLab's own whole-document output.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from mechlab.render import reportlab_adapter as adapter
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


@dataclass(frozen=True)
class DrawnPage:
    """A page drawn already (in a worker process, `pdf.draw_ahead`): its size and its
    compressed content stream, which the stream writes as it is."""

    width: float
    height: float
    content: bytes


class PdfStream:
    """Draw pages one by one into `handle`; `close()` writes what pages share.

    `new_canvas(first_page)` makes the canvas (page size, metadata, fonts);
    `paint(canvas, page)` draws one page on it, before `showPage`; a `DrawnPage` is
    only written.
    """

    def __init__(self, handle: BinaryIO, new_canvas: Callable[[Page | DrawnPage], Canvas],
                 paint: Callable[[Canvas, Page], None]) -> None:
        self._handle, self._new_canvas, self._paint = handle, new_canvas, paint
        self._canvas: Canvas | None = None
        self._out: adapter.Output | None = None
        self._written: set[str] = set()
        self.pages = 0

    def add(self, page: Page | DrawnPage) -> None:
        canvas = self._canvas or self._open(page)
        if isinstance(page, DrawnPage):
            canvas.setPageSize((page.width, page.height))
            canvas.showPage()
            self._flush_page(canvas, page.content)
        else:
            self._paint(canvas, page)
            canvas.showPage()
            self._flush_page(canvas)
        self.pages += 1

    def close(self) -> None:
        """The shared objects, the xref table and the trailer."""
        canvas = self._canvas or self._open(Page(612, 792, ()))
        assert self._out is not None
        if self.pages == 0:
            canvas.showPage()  # a PDF needs a page: one blank one, not an empty page tree
            self._flush_page(canvas)
        adapter.finish_document(canvas, self._out, self._written)

    def _open(self, first: Page | DrawnPage) -> Canvas:
        canvas = self._canvas = self._new_canvas(first)
        self._out = adapter.open_document(canvas, self._handle)
        return canvas

    def _flush_page(self, canvas: Canvas, content: bytes | None = None) -> None:
        assert self._out is not None
        adapter.flush_page(canvas, self._out, self._written, compress, content)
