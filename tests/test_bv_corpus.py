"""Every corpus design gets its published Battle Value (BV_COST.md §1).

tests/data/battle_values.tsv lists, per MegaMek file of the intro corpus, MegaMek's BV
(`megamek_bv`) and, where known, the Master Unit List's (`mul_bv`). The library's designs
were imported from those files, so the published numbers are checked on them everywhere,
and on MegaMek's own files when the corpus is beside the checkout.
"""

from __future__ import annotations

import pytest
from tests_support import CORPUS, DATA, library_designs, needs_corpus, read_table

from mechlab.files.mtf import read_design
from mechlab.model.resolve import resolve
from mechlab.values.bv import battle_value


def published() -> dict[str, tuple[int, int | None]]:
    """file name → (megamek_bv, mul_bv or None)."""
    return {row["file_name"]: (int(row["megamek_bv"]), int(row["mul_bv"]) if row["mul_bv"]
                               else None)
            for row in read_table(DATA / "battle_values.tsv")}


def test_the_table_covers_every_library_design():
    assert len(published()) == 282
    assert sorted(library_designs()) == sorted(published())


def test_published_sources_agree():
    assert all(mul is None or mul == megamek for megamek, mul in published().values())


@pytest.mark.slow
def test_every_library_design_has_its_published_battle_value():
    designs = library_designs()
    wrong = {}
    for name, (expected, _) in sorted(published().items()):
        got = battle_value(resolve(designs[name])).base
        if got != expected:
            wrong[name] = (got, expected)
    assert wrong == {}, f"{len(wrong)} of {len(published())} differ (got, published): {wrong}"


@needs_corpus
@pytest.mark.slow
def test_every_corpus_design_has_its_published_battle_value():
    assert sorted(published()) == sorted(p.name for p in CORPUS.glob("*.mtf"))
    wrong = {}
    for name, (expected, _) in sorted(published().items()):
        got = battle_value(resolve(read_design(CORPUS / name))).base
        if got != expected:
            wrong[name] = (got, expected)
    assert wrong == {}, f"{len(wrong)} of {len(published())} differ (got, published): {wrong}"
