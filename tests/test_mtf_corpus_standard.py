"""The whole MegaMek corpus (../shared/corpus/megamek-all, STANDARD_RULES.md §15): every
rules-level 1-2 BattleMech file reads, and every level 3-5 file is refused in one line.
Which files are in scope comes from INDEX.tsv (rules level, configuration) and the
`Structure:` line, as §15 counts them, not from mechlab's own classification."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests_support import (
    ALL,
    megamek_all_group,
    megamek_assessed,
    megamek_judged,
    needs_megamek_all,
)

from mechlab.files.load import DesignError, UnsupportedTechnologyError
from mechlab.files.mtf.header import read_header
from mechlab.files.mtf.parse import read_mtf
from mechlab.files.mtf.refusals import RefusedTechnologyError

pytestmark = [pytest.mark.slow, needs_megamek_all, megamek_all_group]


def index_rows() -> list[dict[str, str]]:
    with open(ALL / "INDEX.tsv", encoding="utf-8") as handle:
        lines = (line for line in handle if not line.startswith("# "))
        return list(csv.DictReader(lines, delimiter="\t"))


def _industrial(path: Path) -> bool:
    for line in path.read_bytes().decode("utf-8-sig", "replace").splitlines():
        if line.lower().startswith("structure:"):
            return "industrial" in line.lower()
    return False


def industrial_in_scope() -> Iterator[Path]:
    """The level 1-2 IndustrialMechs (`Structure:` industrial, §0.2): 116 files, judged
    under `standard` as `unit: industrialmech` (issue 21)."""
    for row in index_rows():
        path = ALL / row["path"]
        if row["rules_level"] in ("1", "2") and row["config"] != "LAM" and _industrial(path):
            yield path


def in_scope() -> Iterator[Path]:
    """§15: level 1-2, not the LAM, not an IndustrialMech (2,477 files)."""
    for row in index_rows():
        path = ALL / row["path"]
        if row["rules_level"] in ("1", "2") and row["config"] != "LAM" and not _industrial(path):
            yield path


def test_every_in_scope_file_reads_with_its_header():
    paths = list(in_scope())
    assert len(paths) == 2477
    configs: dict[str, int] = {}
    for path in paths:
        unit = read_mtf(path)
        header = read_header(unit)
        key = header.config + (" omni" if header.omni else "")
        configs[key] = configs.get(key, 0) + 1
        assert header.engine_rating is not None and header.mass is not None, path
        assert header.structure.known and header.heat_sinks.known, path
    # §15: 1,772 bipeds, 646 biped Omnis, 52 quads, 7 quad Omnis.
    assert configs == {"biped": 1772, "biped omni": 646, "quad": 52, "quad omni": 7}


def test_no_in_scope_file_is_unreadable():
    """Read as `check` reads it (read_source: the .mtf reader, then the design it gives),
    once a worker for every sweep (megamek_assessed)."""
    unreadable = []
    for path in in_scope():
        found = megamek_assessed(path)
        if isinstance(found, DesignError) and not isinstance(found,
                                                             UnsupportedTechnologyError):
            unreadable.append(found.lines[0])
    assert unreadable == []


def test_every_level_3_to_5_file_is_refused_in_one_line_or_read_for_its_content():
    """Issue 26: a level 3-5 file of level 1-2 content is read (and judged: the stale line
    is W-RULES-LEVEL, tests/test_rules_level_corpus.py); any other is refused in one line."""
    read = 0
    for row in index_rows():
        if row["rules_level"] in ("1", "2"):
            continue
        path = ALL / row["path"]
        found = megamek_assessed(path)  # read_source, as check reads it; once a worker
        if isinstance(found, RefusedTechnologyError):
            assert len(found.lines) == 1, path
            continue
        declared = megamek_judged(path).declared_rules_level
        assert declared in ("advanced", "experimental", "unofficial"), path
        read += 1
    # 310 of levels 3-4 (issue 26's count) and 5 of level 5 hold level 1-2 content; since
    # issue 27 the Advanced content mechlab implements is read too (571 files on 2026-11-28).
    assert read >= 315
