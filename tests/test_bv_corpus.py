"""Every MegaMek corpus design gets its published Battle Value (BV_COST.md §1).

/work/shared/corpus/megamek-mtf/BV.tsv lists, per .mtf file, MegaMek's BV (`megamek_bv`)
and, where known, the Master Unit List's (`mul_bv`). Needs the MTF importer:
`mechlab.files.mtf.read_design(path) -> Design`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mechlab.model.resolve import resolve
from mechlab.values.bv import battle_value

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "megamek-mtf"
TABLE = CORPUS / "BV.tsv"

mtf = pytest.importorskip("mechlab.files.mtf", reason="the MTF importer (mechlab.files.mtf) is missing")
read_design = getattr(mtf, "read_design", None)

pytestmark = [
    pytest.mark.skipif(read_design is None, reason="mechlab.files.mtf.read_design is missing"),
    pytest.mark.skipif(not TABLE.is_file(), reason=f"the MegaMek corpus is not at {CORPUS}"),
]


def published() -> dict[str, tuple[int, int | None]]:
    """file name → (megamek_bv, mul_bv or None)."""
    lines = [line.split("\t") for line in TABLE.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    header, *rows = lines
    column = {name.strip(): i for i, name in enumerate(header)}
    result = {}
    for row in rows:
        mul = row[column["mul_bv"]].strip() if len(row) > column["mul_bv"] else ""
        result[row[column["file_name"]]] = (int(row[column["megamek_bv"]]),
                                           int(mul) if mul else None)
    return result


def test_the_table_covers_every_corpus_file():
    assert sorted(published()) == sorted(p.name for p in CORPUS.glob("*.mtf"))
    assert len(published()) == 282


def test_published_sources_agree():
    assert all(mul is None or mul == megamek for megamek, mul in published().values())


def test_every_corpus_design_has_its_published_battle_value():
    wrong = {}
    for name, (expected, _) in sorted(published().items()):
        got = battle_value(resolve(read_design(CORPUS / name))).base
        if got != expected:
            wrong[name] = (got, expected)
    assert wrong == {}, f"{len(wrong)} of {len(published())} differ (got, published): {wrong}"
