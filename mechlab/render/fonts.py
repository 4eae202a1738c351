"""The one font both painters use: Bitstream Vera Sans, shipped inside ReportLab.

Vera is free (Bitstream Vera licence, `reportlab/fonts/bitstream-vera-license.txt`):
it may be embedded and redistributed. Text is measured here with the font's own
metrics, the PDF embeds a subset, and the HTML carries a subset of the same TTF
(fontTools) as an @font-face data URI, so a string fits identically everywhere.
"""

from __future__ import annotations

import base64
import io
from functools import cache, lru_cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_FILES = {"regular": "Vera.ttf", "bold": "VeraBd.ttf"}
PDF_NAMES = {"regular": "MechlabVera", "bold": "MechlabVera-Bold"}
CSS_FAMILY = "MechlabVera"


def font_path(font: str) -> Path:
    return Path(reportlab.__file__).resolve().parent / "fonts" / FONT_FILES[font]


@cache
def register() -> None:
    """Register both faces with ReportLab once (for measuring and for the PDF)."""
    for font, name in PDF_NAMES.items():
        pdfmetrics.registerFont(TTFont(name, str(font_path(font))))


@lru_cache(maxsize=32768)  # bounded: flat memory in any run
def text_width(text: str, font: str, size: float) -> float:
    register()
    return pdfmetrics.stringWidth(text, PDF_NAMES[font], size)


@cache
def drawable(font: str) -> frozenset[str]:
    """The characters the face has a glyph for (Vera: Latin-1, Latin Extended-A and
    punctuation; no CJK, no emoji)."""
    register()
    embedded = pdfmetrics.getFont(PDF_NAMES[font])
    if not isinstance(embedded, TTFont):  # register() made it one: only TrueType has glyphs
        raise TypeError(f"{PDF_NAMES[font]} is not an embedded TrueType font")
    return frozenset(chr(code) for code in embedded.face.charToGlyph)


def undrawable(texts: list[tuple[str, str]]) -> str:
    """The characters of (text, font) pairs that their font cannot draw (they would print
    as empty boxes), each once, in order of first appearance."""
    missing: dict[str, None] = {}
    for text, font in texts:
        if font in FONT_FILES:
            for char in set(text) - drawable(font):
                if not char.isspace():
                    missing.setdefault(char)
    return "".join(sorted(missing))


def fit_size(text: str, font: str, max_size: float, max_width: float) -> float:
    """The largest size ≤ max_size at which `text` is at most `max_width` wide."""
    width = text_width(text, font, max_size)
    if width <= max_width or width == 0:
        return max_size
    return max_size * max_width / width * 0.999


def fitting_prefix(text: str, font: str, size: float, width: float, suffix: str = "") -> str:
    """The longest prefix of `text` that is at most `width` wide with `suffix` after it.

    Found by bisection: a prefix's width only grows with its length (glyph widths are
    never negative), so this is the prefix that cutting one character at a time would stop
    at, in O(n log n) instead of O(n²) time, and without caching every prefix's width."""
    register()
    name = PDF_NAMES[font]
    low, high = 0, len(text) + 1  # text[:low] + suffix fits, or low == 0; text[:high] does not
    while high - low > 1:
        middle = (low + high) // 2
        if pdfmetrics.stringWidth(text[:middle] + suffix, name, size) > width:
            high = middle
        else:
            low = middle
    return text[:low]


def clip(text: str, font: str, size: float, width: float) -> str:
    """Last resort at the smallest size: cut the text and mark it with an ellipsis."""
    if text_width(text, font, size) <= width:
        return text
    return fitting_prefix(text, font, size, width, "…") + "…"


# Bounded: each sheet's characters are another key (a unit's name), and a subset is ~10 KB;
# unbounded, `build` of 2,000 designs kept ~20 MB of them (issue 31: flat memory).
@lru_cache(maxsize=256)
def font_data_uri(font: str, characters: frozenset[str] | None = None) -> str:
    """The font as a data URI: whole, or only the glyphs `characters` need (a sheet
    uses about a hundred of Vera's glyphs: the HTML carries a few KB, not 130)."""
    data = font_path(font).read_bytes() if characters is None else _subset(font, characters)
    return f"data:font/ttf;base64,{base64.b64encode(data).decode('ascii')}"


def _subset(font: str, characters: frozenset[str]) -> bytes:
    from fontTools import subset  # imported only when an HTML page is written
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.name_languages = ["*"]
    options.notdef_outline = True
    face = TTFont(str(font_path(font)), recalcTimestamp=False)  # same input, same bytes
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(characters)))
    subsetter.subset(face)
    buffer = io.BytesIO()
    face.save(buffer)
    return buffer.getvalue()
