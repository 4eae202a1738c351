"""Issue 26 over MegaMek's whole catalogue: files judged by their content, not their
`rules level:` line. The declared levels are INDEX.tsv's; the counts are the issue's
(310 level-3/4 files of level-1/2 content, 2,560 legal level-1/2 files); every exception
is listed, with its reason, in docs/standard-corpus.md."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from tests_support import ALL, REPO, megamek_all_group, megamek_assessed, needs_megamek_all

from mechlab.assess import Assessment
from mechlab.files.load import UnsupportedTechnologyError

pytestmark = [pytest.mark.slow, needs_megamek_all, megamek_all_group]

DOC = REPO / "docs" / "standard-corpus.md"
NUMBERS = {"introductory": 1, "standard": 2, "advanced": 3, "experimental": 4}


@dataclass(frozen=True)
class Judged:
    path: str
    declared: int
    megamek_bv: str
    assessed: Assessment | None  # None: refused (content above level 2)


@cache
def _corpus() -> tuple[Judged, ...]:
    text = (ALL / "INDEX.tsv").read_text(encoding="utf-8")
    rows = csv.DictReader((line for line in text.splitlines() if not line.startswith("#")),
                          delimiter="\t")
    out = []
    for row in rows:
        declared = int(row["rules_level"])
        if declared > 4:
            continue
        assessed = megamek_assessed(ALL / row["path"])  # read_source, then assess_design
        if isinstance(assessed, UnsupportedTechnologyError):
            out.append(Judged(row["path"], declared, row["megamek_bv"], None))
            continue
        if isinstance(assessed, Exception):
            raise assessed
        out.append(Judged(row["path"], declared, row["megamek_bv"], assessed))
    return tuple(out)


def _codes(assessed: Assessment) -> list[str]:
    return [f.code for f in assessed.findings]


def _stale() -> list[Judged]:
    """The level-3/4 files whose content is of level 1-2 (the Advanced content issue 27
    judges is tests/test_advanced.py's)."""
    return [j for j in _corpus() if j.declared >= 3 and j.assessed is not None
            and NUMBERS[j.assessed.rules_level.level] <= 2]


def test_level_3_and_4_files_of_standard_content_are_judged_legal_with_a_warning():
    stale = _stale()
    # The issue's count: nothing above level 2 inside (336 since issue 27's further MegaMek
    # spellings of level 1-2 items read 26 more files: tech/equipment_aliases.tsv).
    assert len(stale) >= 310
    good = [j for j in stale if j.assessed and j.assessed.legal
            and j.assessed.rules_level.level in ("introductory", "standard")
            and "W-RULES-LEVEL" in _codes(j.assessed)]
    assert len(good) >= 300
    doc = DOC.read_text(encoding="utf-8")
    rest = [j.path for j in stale if j not in good]
    assert [p for p in rest if Path(p).stem not in doc] == []  # each with its reason


def test_their_battle_value_is_megamek_s():
    legal = [j for j in _stale() if j.assessed and j.assessed.legal and j.megamek_bv]
    same = [j for j in legal if j.assessed and j.assessed.values
            and str(j.assessed.values.bv) == j.megamek_bv]
    assert len(legal) >= 300 and len(same) >= len(legal) - 5
    doc = DOC.read_text(encoding="utf-8")  # each difference named with what is known of it
    assert [j.path for j in legal if j not in same and Path(j.path).stem not in doc] == []


def test_legal_level_1_and_2_files_stay_legal_and_at_most_their_declared_level():
    legal = [j for j in _corpus() if j.declared <= 2 and j.assessed and j.assessed.legal]
    # The 2,560 of level 1-2 content and the six whose Clan Artemis V-capable ammunition is
    # Standard (MegaMek's static level; it was rated Advanced before issue 26's catalogue
    # check); the rest were refused before issue 27 (a command console, an XXL engine,
    # ferro-lamellor armor, partial wings: docs/standard-corpus.md).
    assert len([j for j in legal if j.assessed
                and NUMBERS[j.assessed.rules_level.level] <= 2]) == 2566
    raised = [j.path for j in legal if j.assessed
              and NUMBERS[j.assessed.rules_level.level] > j.declared]
    # Issue 26 asked ≤ 1 %: 22 of 2,586 (0.85 %; 28 before the Clan Artemis V-capable
    # ammunition was read at MegaMek's static level, Standard): two full head ejection
    # systems, 19 level-2 files issue 27 judges (a command console, partial wings,
    # ferro-lamellor armor, armored components…) and a level-2 LAM (issue 28), each listed
    # with its item.
    assert len(raised) <= 22
    doc = DOC.read_text(encoding="utf-8")
    assert [p for p in raised if Path(p).stem not in doc] == []
    # The warning is there exactly where the line and the content differ.
    assert [j.path for j in legal if j.assessed and ("W-RULES-LEVEL" in _codes(j.assessed))
            != (NUMBERS[j.assessed.rules_level.level] != j.declared)] == []
