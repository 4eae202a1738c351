"""What text may hold, and how user text is shown in a message.

A name is plain text (`core/design.py` `check_text` refuses the rest); a message that
echoes what a user typed (a path, a unit name, an unknown field) shows the characters
a terminal would act on or could not print as escapes instead.
"""

from __future__ import annotations

from functools import cache

# Unicode's Bidi_Control characters (ALM, LRM, RLM, LRE…RLO, LRI…PDI): U+202E and its kin
# reorder what follows on screen and on paper, a name that shows one thing and is another.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")

# The format characters (Unicode category Cf) a name may hold: those that show, Unicode's
# Prepended_Concatenation_Marks (the Arabic number sign U+0600 and its kin, the end of
# ayah, the Syriac abbreviation mark, the Kaithi number signs: drawn over the digits that
# follow), and the joiners ZWNJ U+200C and ZWJ U+200D, without which Persian, Hindi and
# emoji sequences cannot be written. Every other one is invisible (U+200B, U+00AD, U+FEFF,
# U+2060, U+180E…): two names that look the same would differ.
SHOWN_FORMAT = frozenset("\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891"
                         "\u08e2\U000110bd\U000110cd\u200c\u200d")
# Characters that are no format characters and show nothing all the same: Unicode's
# Default_Ignorable_Code_Point letters and marks (the combining grapheme joiner U+034F, the
# Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the Khmer inherent vowels U+17B4 and
# U+17B5) and the blank Braille cell U+2800: "Cat<U+3164>apult" shows as "Catapult".
# (The variation selectors, also default-ignorable, are kept: emoji presentation needs
# U+FE0F.)
# And the format characters Unicode 15.0 added (the Egyptian hieroglyph controls U+13439…
# U+1343F), unassigned in Python 3.11's Unicode 14: refused there too, so a name's verdict
# does not depend on the Python that reads it.
INVISIBLE_OTHER = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0"
                            + "".join(map(chr, range(0x13439, 0x13440))))
# Tag characters spell a subdivision flag after U+1F3F4 (England: black flag, g b e n g,
# cancel tag: Unicode's emoji tag sequences); anywhere else they are invisible.
_TAGS = range(0xE0020, 0xE0080)
_FLAG = "\U0001f3f4"
_CANCEL_TAG = "\U000e007f"
# The invisible format characters `shown` escapes (Unicode 15.1's category Cf less the
# bidirectional controls, SHOWN_FORMAT and the tags, which show nothing a terminal acts on).
# Python 3.11 reads Unicode 14, 3.12 Unicode 15.0 (which added the Egyptian hieroglyph
# format controls U+13439…U+1343F), 3.13 Unicode 15.1: the list holds the newest, and on an
# older Python escapes what is not yet assigned there, which no Python prints either.
_INVISIBLE_FORMAT = (0xAD, 0x180E, 0x200B, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064,
                     *range(0x206A, 0x2070), 0xFEFF, 0xFFF9, 0xFFFA, 0xFFFB,
                     *range(0x13430, 0x13440), *range(0x1BCA0, 0x1BCA4),
                     *range(0x1D173, 0x1D17B), 0xE0001)


def invisible(text: str, index: int) -> bool:
    """Whether the format character (category Cf) at `index` of `text` is one that does
    not show: not in SHOWN_FORMAT nor part of an emoji tag sequence."""
    char = text[index]
    if char in SHOWN_FORMAT:
        return False
    if ord(char) not in _TAGS:
        return True
    start = end = index
    while start > 0 and ord(text[start - 1]) in _TAGS and text[start - 1] != _CANCEL_TAG:
        start -= 1
    while text[end] != _CANCEL_TAG and end + 1 < len(text) and ord(text[end + 1]) in _TAGS:
        end += 1
    # A tag spec (at least one tag before the cancel tag) right after the black flag.
    return not (start > 0 and text[start - 1] == _FLAG and text[end] == _CANCEL_TAG
                and end > start)


def shown(text: str) -> str:
    """`text` as a message may echo it: what a terminal would act on or cannot print
    escaped, the rest as written (O(n)). Every character escaped is one Python does not
    print (control, format or surrogate), so printable text is shown as it is."""
    return text if text.isprintable() else text.translate(_escapes())


@cache
def _escapes() -> dict[int, str]:
    """Control characters (an escape sequence that recolours or clears the terminal) as
    backslash-x and two hex digits; bidirectional controls, invisible format characters
    (U+200B: a name that looks like another) and lone surrogates (bytes that are not UTF-8
    in a file name or an argument: no terminal can print them) as backslash-u. Made when
    first needed (issue 31: start-up)."""
    return {
        **{code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7f, 0xa0))},
        **{ord(char): f"\\u{ord(char):04x}" for char in BIDI_CONTROLS},
        **{code: f"\\u{code:04x}" for code in _INVISIBLE_FORMAT},
        **{code: f"\\u{code:04x}" for code in range(0xD800, 0xE000)},
    }
