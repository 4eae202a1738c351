"""The two painters draw the same display list: PDF (vector, embedded font,
deterministic, small) and self-contained HTML (one sheet per unit, escaped)."""

from __future__ import annotations

import re

import pytest
from tests_support import mech_of

from mechlab.assess import assess
from mechlab.files.library import library
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Circle
from mechlab.render.pdf import render_pdf
from mechlab.render.svg import render_html
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_document


@pytest.fixture(scope="module")
def lance():
    units = [u for u in library() if u.model in ("CPLT-C1", "AS7-D", "LCT-1V", "HER-2S")]
    return [resolve(load_design(u.path)) for u in units]


def test_pdf_has_one_page_per_unit_and_is_byte_identical(lance):
    document = layout_document(list(map(assess, lance)))
    pdf = render_pdf(document)
    assert pdf.startswith(b"%PDF")
    assert len(re.findall(rb"/Type /Page\b", pdf)) == len(lance)
    assert render_pdf(layout_document(list(map(assess, lance)))) == pdf


def test_pdf_is_vector_small_with_the_font_embedded(lance):
    pdf = render_pdf(layout_document(list(map(assess, lance))))
    assert b"/FontFile2" in pdf  # the TrueType font travels with the file
    assert b"/Subtype /Image" not in pdf  # vector only
    assert b"/SMask" not in pdf and b"/ca " not in pdf and b"/CA " not in pdf  # opaque
    assert b"Helvetica" not in pdf  # one font, ours
    assert len(pdf) / len(lance) < 200_000


def test_a4_pages_have_a4_size(catapult):
    pdf = render_pdf(layout_document([assess(mech_of(catapult))],
                                     SheetOptions(paper="a4")))
    assert b"/MediaBox [ 0 0 595.28 841.89 ]" in pdf


def test_html_has_one_svg_sheet_per_unit_with_every_circle(lance):
    document = layout_document(list(map(assess, lance)))
    html = render_html(document)
    assert html.count('<svg class="sheet"') == len(lance)
    circles = sum(len(page.of_type(Circle)) for page in document.pages)
    assert html.count("<circle ") == circles
    assert "@font-face" in html and "data:font/ttf;base64," in html
    assert "@page { size: 612pt 792pt; margin: 0; }" in html


def test_html_escapes_every_user_string(catapult):
    catapult["chassis"] = "<script>alert(1)</script>"
    catapult["pilot"] = {"name": "Kai \"<b>\" Allard-Liao & co"}
    html = render_html(layout_document([assess(mech_of(catapult))]))
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Kai &#34;&lt;b&gt;&#34; Allard-Liao &amp; co" in html


def test_html_is_deterministic(catapult):
    mech = mech_of(catapult)
    document = layout_document([assess(mech)])
    assert render_html(document) == render_html(layout_document([assess(mech)]))


def test_html_carries_font_subsets_covering_every_character(catapult):
    import base64
    import io

    from fontTools.ttLib import TTFont

    from mechlab.render.geometry import Text

    document = layout_document([assess(mech_of(catapult))])
    html = render_html(document)
    uris = re.findall(r'url\("data:font/ttf;base64,([A-Za-z0-9+/=]+)"\)', html)
    assert len(uris) == 2
    for font, uri in zip(("regular", "bold"), uris, strict=True):
        face = TTFont(io.BytesIO(base64.b64decode(uri)))
        cmap = face.getBestCmap()
        used = {c for page in document.pages for t in page.of_type(Text)
                if isinstance(t, Text) and t.font == font for c in t.text}
        assert {ord(c) for c in used} <= set(cmap)
        assert len(face.getGlyphOrder()) < 200  # a subset, not Vera's whole glyph set
    assert len(html) < 200_000
