"""How a printed thing of an illegal design says so: its error codes as lines of one size.

Issue 18: the sheet's banner names every code, wrapped; where the room (a card's strip, a
roster row) holds fewer lines than the codes need, the last line ends "+N more" and the rest
are left to `mechlab validate`. Pure text fitting: the callers draw the lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from mechlab.render import fonts

PREFIX = "ILLEGAL DESIGN: "


def code_lines(codes: Sequence[str], font: str, size: float, width: float,
               max_lines: int, prefix: str = PREFIX) -> list[str]:
    """`prefix` and the codes, comma-separated, wrapped to `width` at `size` (never smaller),
    at most `max_lines` lines; what does not fit is counted on the last line ("+3 more").
    A code is never cut in the middle."""
    if not codes:
        return []
    lines = _wrapped(prefix, codes, font, size, width)
    if len(lines) <= max_lines:
        return [text for text, _ in lines]
    # Take codes off the end until the rest and "+N more" fit the lines there are.
    for shown in range(len(codes) - 1, -1, -1):
        more = f"+{len(codes) - shown} more"
        fitted = _wrapped(prefix, [*codes[:shown], more], font, size, width)
        if len(fitted) <= max_lines:
            return [text for text, _ in fitted]
    return [fonts.clip(f"{prefix}+{len(codes)} codes", font, size, width)]


def _wrapped(prefix: str, words: Sequence[str], font: str, size: float, width: float
             ) -> list[tuple[str, int]]:
    """Greedy filling: each line with the number of words on it."""
    lines: list[tuple[str, int]] = []
    current, count = prefix.rstrip(), 0
    for i, word in enumerate(words):
        sep = ", " if count else (" " if current else "")
        last = i == len(words) - 1
        candidate = f"{current}{sep}{word}" + ("" if last else ",")
        if not current or fonts.text_width(candidate, font, size) <= width:
            current, count = f"{current}{sep}{word}", count + 1
            continue
        lines.append((current + ("," if count else ""), count))
        current, count = word, 1
    lines.append((current, count))
    return lines
