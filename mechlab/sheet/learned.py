"""Results of a pure function that `-j` workers pass each other (`batch.Shared`, issue 31).

Each worker keeps its own caches, so what one process works out once for a whole print
run (the pip places of a tonnage's structure, of a common armor value in a common
outline) the workers worked out each for itself. A worker notes what it works out
(`note`) and sends it on (`fresh`, marshalled: plain tuples, floats exact); the others
`learn` it, and their function `recall`s a learnt result instead of working it out
again. The result is the same whoever works it out, so the pages are too. Outside a
worker nothing is noted.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Hashable
from typing import Any, Final

UNKNOWN: Final = object()


class Learned:
    """A function's results worked out by other worker processes, by key: each result a
    tuple of `row`s (a named tuple of plain values), or None; at most `bound` kept."""

    def __init__(self, row: Callable[..., tuple[Any, ...]], bound: int) -> None:
        self.row, self.bound = row, bound
        self.known: dict[Hashable, Any] = {}  # learnt, not yet recalled
        self.noted: list[tuple[Hashable, Any]] | None = None  # None: not a worker

    def recall(self, key: Hashable) -> Any:
        """A learnt result (once: the function's own cache keeps it), or UNKNOWN."""
        if not self.known:
            return UNKNOWN
        learnt = self.known.pop(key, UNKNOWN)
        if learnt is UNKNOWN or learnt is None:
            return learnt
        return tuple(self.row(*values) for values in learnt)

    def note(self, key: Hashable, result: Any) -> None:
        """A result this process worked out, for the others (in a worker)."""
        if self.noted is not None:  # as plain tuples: marshal takes no subclass
            self.noted.append((key, None if result is None else tuple(map(tuple, result))))

    # batch.Shared ---------------------------------------------------------------------

    def start(self) -> None:
        self.noted = []

    def fresh(self) -> bytes:
        if not self.noted:  # nothing, or not a worker
            return b""
        noted, self.noted = self.noted, []
        try:
            return marshal.dumps(noted)
        except ValueError:  # a key or result marshal cannot hold: not passed on
            return b""

    def learn(self, news: bytes) -> None:
        if len(self.known) >= self.bound:
            self.known.clear()  # flat memory in any run: what is dropped is worked out
        for key, result in marshal.loads(news):
            self.known.setdefault(key, result)  # decoded if recalled
