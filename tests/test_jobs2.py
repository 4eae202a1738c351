"""Lane jobs2 (issue 31): `-j` workers pass each other what they work out (the pip
places), and the command's serial part is cut; the pages stay the same bytes."""

from __future__ import annotations

import functools
import multiprocessing
import subprocess
import sys

import pytest

from mechlab.cli.batch import _Crew, _guarded
from mechlab.sheet import pips
from mechlab.sheet.learned import UNKNOWN, Learned
from mechlab.sheet.pips import Pip

# A plain box and a notched one: the placer's own outlines are tuples of points too.
BOX = ((0.0, 0.0), (60.0, 0.0), (60.0, 40.0), (0.0, 40.0))
NOTCHED = ((0.0, 0.0), (50.0, 0.0), (50.0, 30.0), (30.0, 30.0), (30.0, 50.0), (0.0, 50.0))


def test_pips_learnt_from_another_worker_are_the_pips_worked_out_there() -> None:
    there, here = Learned(Pip, 100), Learned(Pip, 100)
    there.start()  # a worker notes what it works out
    keys = [(BOX, 7, False, 3.0), (NOTCHED, 12, True, 2.6), (BOX, 500, False, 4.2)]
    worked_out = {key: pips.arrange.__wrapped__(*key) for key in keys}
    for key, placed in worked_out.items():
        there.note(key, placed)
    here.learn(there.fresh())
    assert worked_out[keys[2]] is None  # 500 do not fit: None is passed on too
    for key, placed in worked_out.items():
        learnt = here.recall(key)
        assert learnt == placed
        assert learnt is None or all(type(pip) is Pip for pip in learnt)
        assert here.recall(key) is UNKNOWN  # once: the function's own cache keeps it
    assert there.fresh() == b""  # sent once


def test_nothing_is_noted_outside_a_worker() -> None:
    command = Learned(Pip, 100)
    command.note((BOX, 3, False, 3.0), pips.arrange.__wrapped__(BOX, 3, False, 3.0))
    assert command.fresh() == b""
    assert command.noted is None


def test_learnt_entries_are_bounded() -> None:
    there, here = Learned(Pip, 100), Learned(Pip, 3)
    there.start()
    for count in range(1, 6):
        there.note((BOX, count, False, 3.0), pips.arrange.__wrapped__(BOX, count, False, 3.0))
        here.learn(there.fresh())
    assert len(here.known) <= 3


def test_arrange_takes_what_another_worker_placed() -> None:
    # An outline no sheet has, so the shared cache holds nothing of it before or after.
    outline = ((1.5, 2.5), (71.5, 2.5), (71.5, 44.5), (1.5, 44.5))
    key = (outline, 9, False, 3.3)
    placed = pips.arrange.__wrapped__(*key)
    assert placed is not None
    moved = tuple(Pip(pip.cx + 0.5, pip.cy, pip.r) for pip in placed)  # told apart
    there = Learned(Pip, 10)
    there.start()
    there.note(key, moved)
    pips.arrange.cache_clear()
    try:
        pips.PLACES.learn(there.fresh())
        assert pips.arrange(*key) == moved  # learnt, not worked out again
        assert pips.PLACES.recall(key) is UNKNOWN
    finally:
        pips.arrange.cache_clear()


class Notes:
    """A `batch.Shared` passing on the items each worker has seen."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.learnt: list[str] = []

    def start(self) -> None:
        self.seen = []

    def fresh(self) -> bytes:
        news, self.seen = ",".join(self.seen).encode(), []
        return news

    def learn(self, news: bytes) -> None:
        self.learnt.extend(news.decode().split(","))


NOTES = Notes()


def _noting(item: str) -> tuple[str, tuple[str, ...]]:
    NOTES.seen.append(item)
    return item, tuple(NOTES.learnt)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                    reason="-j forks its workers")
def test_what_one_worker_works_out_reaches_the_other_with_its_next_chunk() -> None:
    crew = _Crew(functools.partial(_guarded, _noting), 2, NOTES)
    first, second = crew.conns
    try:
        crew.give(first, [("a", "a"), ("b", "b")])
        assert crew.take(first) == [("a", ()), ("b", ())]
        crew.give(second, [("c", "c")])
        assert crew.take(second) == [("c", ("a", "b"))]
        crew.give(first, [("d", "d")])
        assert crew.take(first) == [("d", ("c",))]
    finally:
        crew.stop()
    assert NOTES.learnt == []  # the command's own process learns nothing


BIG_NEWS = """
from mechlab.cli.batch import run

class Big:  # news far larger than a pipe holds, with every chunk
    def start(self): pass
    def fresh(self): return b"x" * 2_000_000
    def learn(self, news): assert len(news) == 2_000_000

items = [str(n) for n in range(64)]
print(sum(int(r) for r in run(int, items, items, 2, Big())))
"""


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                    reason="-j forks its workers")
def test_news_larger_than_a_pipe_holds_never_hangs_a_run() -> None:
    # The command gives a chunk and news while the worker sends its results: each would
    # wait for the other to read, had the worker no thread taking its pipe's news off.
    done = subprocess.run([sys.executable, "-c", BIG_NEWS], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split() == [str(sum(range(64)))]
