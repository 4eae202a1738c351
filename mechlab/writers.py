"""The writer registry: every output format, found by name (`build -f json,pdf`) or by a
file's suffix (`sheet -o lance.pdf`, `card -o cards.json`). A new format is one module
and one `register` call; the commands' choices and help follow.

A writer says what it can write:
- `unit`: one assessed design's file (`mechlab build` writes X.json, X.pdf, X.html);
- `document`: laid-out pages (record sheets, cards) as one file;
- `cards`: unit cards as data (the cards JSON);
- `design`: a design file in this format (`export --to mtf`, `--to mmux`: text or bytes);
- `force`: a force in this format (`force --to mul`): the file's bytes and the files that
  travel beside it, by name (a custom unit's `.mtf`).
What each needs is imported when it writes: `mechlab sheet` never loads the JSON schema
models, and `mechlab build -f json` never loads the PDF stack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO, Protocol

if TYPE_CHECKING:
    from mechlab.assess import Assessment
    from mechlab.cards.games import Card
    from mechlab.core.design import Design
    from mechlab.core.state import DamageState
    from mechlab.force.model import Force
    from mechlab.render.geometry import Document, Page
    from mechlab.render.pdf_stream import DrawnPage


class DocumentOf(Protocol):
    """One design's sheets, laid out on first call and shared by every page format `build`
    writes; `state`: the damage state they are marked with, which the engine JSON carries."""

    state: DamageState | None

    def __call__(self) -> Document: ...


@dataclass(frozen=True)
class Writer:
    name: str
    suffixes: tuple[str, ...]  # the first is the one `build` gives its files
    help: str
    unit: Callable[[Assessment, DocumentOf], bytes] | None = None
    document: Callable[[Document], bytes] | None = None
    # Pages as they are laid out, straight into an open file (`mechlab sheet`): flat
    # memory for any print run. What `ahead` made of a page may come in its place.
    stream: Callable[[Iterator[Page | DrawnPage], str, BinaryIO], None] | None = None
    # What a worker process can do of a page before the stream takes it (PDF: draw it).
    ahead: Callable[[Page], Page | DrawnPage] | None = None
    cards: Callable[[Sequence[Card]], bytes] | None = None
    design: Callable[[Design], str | bytes] | None = None
    force: Callable[[Force], tuple[bytes, dict[str, bytes]]] | None = None

    @property
    def suffix(self) -> str:
        return self.suffixes[0]


_WRITERS: dict[str, Writer] = {}


def register(writer: Writer) -> Writer:
    _WRITERS[writer.name] = writer
    return writer


def writers(can: str) -> list[Writer]:
    """The writers that can write `can` ("unit", "document", "stream", "cards", "design",
    "force"), in
    registration order."""
    return [w for w in _WRITERS.values() if getattr(w, can) is not None]


def by_suffix(suffix: str, can: str) -> Writer | None:
    """The writer of `suffix` (".pdf") that can write `can`, or None."""
    return next((w for w in writers(can) if suffix.lower() in w.suffixes), None)


def suffix_list(can: str) -> str:
    """'.pdf, .html or .json': the suffixes a command accepts, for its messages."""
    suffixes = [w.suffix for w in writers(can)]
    return ", ".join(suffixes[:-1]) + f" or {suffixes[-1]}" if len(suffixes) > 1 else suffixes[0]


# The formats mechlab ships ----------------------------------------------------------


def _engine_json(assessed: Assessment, document: DocumentOf) -> bytes:
    from mechlab.export.engine import engine_json

    return engine_json(assessed, document.state).encode()


def _cards_json(cards: Sequence[Card]) -> bytes:
    from mechlab.cards.export import cards_json

    return cards_json(list(cards)).encode()


def _pdf(document: Document) -> bytes:
    from mechlab.render.pdf import render_pdf

    return render_pdf(document)


def _html(document: Document) -> bytes:
    from mechlab.render.svg import render_html

    return render_html(document).encode()


def _pdf_stream(pages: Iterator[Page | DrawnPage], title: str, handle: BinaryIO) -> None:
    from mechlab.render.pdf import open_pdf

    pdf = open_pdf(handle, title)
    for page in pages:
        pdf.add(page)
    pdf.close()


def _pdf_ahead(page: Page) -> Page | DrawnPage:
    from mechlab.render.pdf import draw_ahead

    return draw_ahead(page)


def _html_stream(pages: Iterator[Page | DrawnPage], title: str, handle: BinaryIO) -> None:
    from mechlab.render.geometry import Page
    from mechlab.render.svg import write_html

    def laid_out() -> Iterator[Page]:
        for page in pages:  # HTML has no `ahead`: its pages come as laid out
            if not isinstance(page, Page):
                raise TypeError("the HTML writer takes laid-out pages")
            yield page

    write_html(laid_out(), title, handle)


def _mtf(design: Design) -> str:
    from mechlab.files.mtf import design_to_mtf

    return design_to_mtf(design)


def _mmux(design: Design) -> bytes:
    from mechlab.export.mmux import mmux_package

    return mmux_package(design)


def _mul(force: Force) -> tuple[bytes, dict[str, bytes]]:
    from mechlab.force.mul import force_to_mul

    written = force_to_mul(force)
    return written.mul, written.designs


def _unit_pages(paint: Callable[[Document], bytes]) -> Callable[[Assessment, DocumentOf], bytes]:
    def write(assessed: Assessment, document: DocumentOf) -> bytes:
        return paint(document())
    return write


register(Writer("json", (".json",), "the engine JSON; for cards, the cards JSON",
                unit=_engine_json, cards=_cards_json))
register(Writer("pdf", (".pdf",), "PDF pages", unit=_unit_pages(_pdf), document=_pdf,
                stream=_pdf_stream, ahead=_pdf_ahead))
register(Writer("html", (".html", ".htm"), "one HTML file of SVG pages",
                unit=_unit_pages(_html), document=_html, stream=_html_stream))
register(Writer("mtf", (".mtf",), "a MegaMek unit file", design=_mtf))
register(Writer("mmux", (".mmux",), "a MakaMek unit package", design=_mmux))
register(Writer("mul", (".mul",), "a MegaMek unit list (MegaMek, MekHQ, MegaMekLab)",
                force=_mul))
