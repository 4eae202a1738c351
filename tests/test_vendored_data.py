"""tests/data/ holds the published numbers the oracle tests check against, copied from
../shared by tests/data/vendor.py so that a clone on its own runs them. Where ../shared is
beside the checkout, the copies must still be what it gives."""

from __future__ import annotations

import importlib.util

import pytest
from tests_support import DATA, NO_SHARED, SHARED


def _vendor():  # tests/data is data, not a package: load its script by path
    spec = importlib.util.spec_from_file_location("vendor", DATA / "vendor.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_vendored_file_names_its_source():
    vendor = _vendor()
    for name in vendor.FILES:
        text = (DATA / name).read_text(encoding="utf-8")
        assert "../shared/" in "".join(line for line in text.splitlines()
                                       if line.startswith("#")), name


@pytest.mark.skipif(not SHARED.is_dir(), reason=NO_SHARED)
def test_vendored_numbers_are_still_what_shared_publishes():
    assert _vendor().stale() == []
