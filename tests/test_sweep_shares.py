"""The corpus sweeps' shares (tests_support.swept, issue 31): the default run's sample and
`--sweep=rest` together take every item of a sweep exactly once, so CI, which runs both,
holds every file to every oracle; the sample is spread over the whole corpus."""

from __future__ import annotations

import pytest
import tests_support
from tests_support import SWEEP_STRIDE, swept


def _share(monkeypatch: pytest.MonkeyPatch, share: str, items: list[int]) -> list[int]:
    monkeypatch.setattr(tests_support, "SWEEP", share)
    return swept(iter(items))  # any iterable, taken once


@pytest.mark.parametrize("count", [0, 1, 3, 4, 5, 293, 2594])
def test_the_sample_and_the_rest_take_every_item_once(monkeypatch, count):
    items = list(range(count))
    sample, rest = _share(monkeypatch, "sample", items), _share(monkeypatch, "rest", items)
    assert sorted(sample + rest) == items == _share(monkeypatch, "all", items)
    assert not set(sample) & set(rest)


def test_the_sample_spreads_over_the_corpus(monkeypatch):
    sample = _share(monkeypatch, "sample", list(range(2594)))
    assert sample[0] == 0 and sample[-1] >= 2594 - SWEEP_STRIDE
    assert len(sample) == -(-2594 // SWEEP_STRIDE)
