"""The speed work draws the same pages: every library unit's sheet (and a sample in the
other styles, on A4, with grouped pips) has the display list recorded before the pip
placer and the diagrams were made faster (tests/layout_digests.py says how the
digests are made and when to rewrite them). They prove "unchanged", not "right": opt-in,
`pytest -m golden` (conftest.py deselects them otherwise)."""

from __future__ import annotations

import json

import pytest
from layout_digests import DIGESTS, digests


@pytest.mark.golden
@pytest.mark.slow
def test_every_library_page_lays_out_as_recorded():
    recorded = json.loads(DIGESTS.read_text())
    now = digests()
    assert now.keys() == recorded.keys(), "the library changed: rewrite the digests"
    changed = sorted(key for key in now if now[key] != recorded[key])
    assert not changed, (f"{len(changed)} pages draw differently, e.g. {changed[:3]}; if "
                         "that is intended, look at them and run tests/layout_digests.py")
