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


def shown(text: str) -> str:
    """`text` as a message may echo it: what a terminal would act on or cannot print
    escaped, the rest as written (O(n)). Every character escaped is one Python does not
    print (control, format or surrogate), so printable text is shown as it is."""
    return text if text.isprintable() else text.translate(_escapes())


@cache
def _escapes() -> dict[int, str]:
    """Control characters (an escape sequence that recolours or clears the terminal) as
    backslash-x and two hex digits; bidirectional controls and lone surrogates (bytes that
    are not UTF-8 in a file name or an argument: no terminal can print them) as
    backslash-u. Made when first needed (issue 31: start-up)."""
    return {
        **{code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7f, 0xa0))},
        **{ord(char): f"\\u{ord(char):04x}" for char in BIDI_CONTROLS},
        **{code: f"\\u{code:04x}" for code in range(0xD800, 0xE000)},
    }
