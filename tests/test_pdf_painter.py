"""The PDF painter writes each page's operators itself (`mechlab/render/pdf.py`): every page
must draw exactly what the straightforward painter draws, one ReportLab canvas call per
item (`reference_painter.py`): decoded content streams equal, for sheets in each style,
paper and pip layout, the heaviest page of the library (TI-1A), cards and a force summary;
whichever Flate compressor packs the streams."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pdf_pages import page_contents
from reference_painter import circle_path, reference_pdf
from tests_support import card_games

from mechlab.assess import assess
from mechlab.cards.layout import lay_out
from mechlab.files.library import find_unit
from mechlab.force.page import force_pages
from mechlab.force.roster import load_force
from mechlab.model.resolve import resolve
from mechlab.render import pdf, pdf_stream
from mechlab.render.geometry import Document, Page
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_document, style_names

SHEETS = [
    (("CPLT-C1", "TI-1A", "battledroids/ARC-2R"), SheetOptions()),
    *((("CPLT-C1", "battledroids/ARC-2R"), SheetOptions(style=style)) for style in style_names()),
    (("TI-1A", "HBK-4G"), SheetOptions(style="quickstart", paper="a4", grouped_pips=True)),
    (("AS7-D", "battledroids/STG-3R"),
     SheetOptions(style="standard", grouped_pips=True, pilot_name="Kai", gunnery=3)),
    (("WHM-6R", "JR7-D"), SheetOptions(style="battledroids", paper="a4")),
]


def mechs(models: tuple[str, ...]) -> list:
    return [resolve(find_unit(m).design) for m in models]


def assert_draws_like_the_reference(document: Document) -> None:
    fast = page_contents(pdf.render_pdf(document))
    assert len(fast) == len(document.pages)
    assert fast == page_contents(reference_pdf(document))


@pytest.mark.parametrize(("models", "options"), SHEETS)
def test_sheets_draw_what_one_canvas_call_per_item_draws(models, options):
    assert_draws_like_the_reference(layout_document(list(map(assess, mechs(models))), options))


@pytest.mark.parametrize(("game", "paper"), [(game, ("letter", "a4")[i % 2])
                                             for i, game in enumerate(card_games())])
def test_cards_draw_what_one_canvas_call_per_item_draws(game, paper):
    card, layout = card_games()[game]
    units = mechs(("CPLT-C1", "TI-1A", "LCT-1V"))
    assert_draws_like_the_reference(lay_out([card(m) for m in units], paper, game, layout))


def test_a_force_summary_draws_what_one_canvas_call_per_item_draws():
    force = load_force(Path("examples/lance.yaml"))
    assert_draws_like_the_reference(Document(tuple(force_pages(force, SheetOptions())), "F"))


def test_the_zlib_fallback_packs_the_same_pages(monkeypatch):
    document = layout_document(list(map(assess, mechs(("CPLT-C1", "TI-1A")))))
    packed = pdf.render_pdf(document)
    monkeypatch.setattr(pdf_stream, "compress", pdf_stream.zlib_compress)
    fallback = pdf.render_pdf(document)
    assert page_contents(fallback) == page_contents(packed)
    assert pdf.render_pdf(document) == fallback  # deterministic either way


def test_a_shape_the_painter_does_not_know_is_an_error():
    class Star:  # not a display-list item
        pass

    with pytest.raises(TypeError, match="cannot draw Star"):
        pdf.render_pdf(Document((Page(612, 792, (Star(),)),), "x"))  # type: ignore[arg-type]  # on purpose


def test_a_finished_document_leaves_nothing_behind():
    """The painter's per-document caches go with the document (no growth from one
    `render_pdf` to the next in a long-lived process)."""
    import gc
    import io
    import weakref

    stream = pdf.open_pdf(io.BytesIO(), "x")
    stream.add(layout_document(list(map(assess, mechs(("LCT-1V",))))).pages[0])
    stream.close()
    canvas = weakref.ref(stream._canvas)
    del stream
    gc.collect()
    assert canvas() is None


def test_circle_paths_are_formatted_as_number_by_number():
    """Rounding to zero, negative zero, whole numbers and trailing zeros included."""
    rng = random.Random(12)
    circles = [(rng.uniform(-5, 800), rng.uniform(-5, 800), rng.uniform(0, 9))
               for _ in range(3000)]
    circles += [(round(x, 1), round(y), round(r, 2)) for x, y, r in circles[:1000]]
    circles += [(0.0, 0.0, 0.0), (-0.004, 0.004, 0.003), (10.0, -10.5, 0.5), (1e6, 5, 100)]
    for operator in ("S", "f", "B", "n"):
        for x, y, r in circles[:: 4 if operator != "S" else 1]:
            expected = circle_path(x, y, r, operator)
            assert pdf._circle_path.__wrapped__(x, y, r, operator) == expected
