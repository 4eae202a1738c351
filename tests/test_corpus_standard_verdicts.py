"""The verdict on every in-scope MegaMek file (STANDARD_RULES.md §15, issue 20): legal,
except the files reviewed in tests/data/corpus_standard_expected.tsv with exactly their
outcome and codes; and on every legal file, the numbers the file states (engine rating,
Walk/Jump MP, heat sinks, armor per location) are mechlab's. Those numbers are read here
with plain regular expressions, not with mechlab's reader."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from test_mtf_corpus_standard import in_scope, industrial_in_scope
from tests_support import (
    ALL,
    megamek_all_group,
    megamek_checked,
    megamek_judged,
    needs_megamek_all,
)

from mechlab.core.locations import Location

pytestmark = [pytest.mark.slow, needs_megamek_all, megamek_all_group]
EXPECTED = Path(__file__).parent / "data" / "corpus_standard_expected.tsv"
ARMOR = {"LA": "left_arm", "RA": "right_arm", "LT": "left_torso", "RT": "right_torso",
         "CT": "center_torso", "HD": "head", "LL": "left_leg", "RL": "right_leg",
         "FLL": "front_left_leg", "FRL": "front_right_leg", "RLL": "rear_left_leg",
         "RRL": "rear_right_leg"}
REAR = {"RTL": "left_torso", "RTR": "right_torso", "RTC": "center_torso"}
# An older quad file names its legs by the biped keys (MegaMek's location numbers).
QUAD_AS_BIPED = {"left_arm": "front_left_leg", "right_arm": "front_right_leg",
                 "left_leg": "rear_left_leg", "right_leg": "rear_right_leg"}


def expected() -> dict[str, tuple[str, str]]:
    with open(EXPECTED, encoding="utf-8") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")),
                              delimiter="\t")
        return {row["path"]: (row["outcome"], row["codes"]) for row in rows}


def _outcomes(paths: list[Path]) -> dict[str, tuple[str, str]]:
    outcomes: dict[str, tuple[str, str]] = {}
    for path in paths:
        result = megamek_checked(path)  # check_file's outcome, the file judged once a worker
        outcome = "refused" if result.outcome == "unsupported" else result.outcome
        codes = (result.detail.split()[0] if outcome == "refused"
                 else " ".join(sorted(set(result.codes))))
        outcomes[path.relative_to(ALL).as_posix()] = (outcome, codes)
    return outcomes


def test_every_in_scope_file_is_legal_or_reviewed():
    reviewed = expected()
    outcomes = _outcomes(list(in_scope()))
    differing = {p: (o, reviewed.get(p, ("legal", ""))) for p, o in outcomes.items()
                 if o != reviewed.get(p, ("legal", ""))}
    assert differing == {}
    legal = sum(1 for o, _ in outcomes.values() if o == "legal")
    assert len(outcomes) == 2477 and legal / len(outcomes) >= 0.985


def test_every_level_1_2_industrialmech_is_legal_or_reviewed():
    """Issue 21: the 116 level 1-2 IndustrialMechs are judged, none refused as a unit type."""
    reviewed = expected()
    outcomes = _outcomes(list(industrial_in_scope()))
    differing = {p: (o, reviewed.get(p, ("legal", ""))) for p, o in outcomes.items()
                 if o != reviewed.get(p, ("legal", ""))}
    assert differing == {}
    assert len(outcomes) == 116
    assert not [p for p, (o, codes) in outcomes.items() if codes == "R-UNIT-TYPE"]


def _stated(text: str, key: str) -> int:
    match = re.search(rf"^{re.escape(key)}:\s*(\d+)", text, re.IGNORECASE | re.MULTILINE)
    assert match, key
    return int(match.group(1))


def test_the_numbers_each_legal_file_states_are_mechlabs():
    reviewed = expected()
    industrial = set(industrial_in_scope())
    for path in [*in_scope(), *industrial]:
        if path.relative_to(ALL).as_posix() in reviewed:
            continue
        text = path.read_bytes().decode("utf-8-sig", "replace")
        mech = megamek_judged(path).mech  # resolve(read_source(path).design), shared
        assert mech.is_industrial == (path in industrial), path
        assert mech.engine_rating == _stated(text, "engine"), path
        assert mech.walking_mp == _stated(text, "walk mp"), path
        assert mech.jumping_mp == _stated(text, "jump mp"), path
        assert mech.heat_sinks == _stated(text, "heat sinks"), path
        for key, where in ARMOR.items():
            if re.search(rf"^{key} armor:", text, re.IGNORECASE | re.MULTILINE):
                where = QUAD_AS_BIPED.get(where, where) if mech.is_quad else where
                assert mech.armor_front(Location(where)) == _stated(text, f"{key} armor"), path
        for key, where in REAR.items():
            assert mech.armor_rear(Location(where)) == _stated(text, f"{key} armor"), path
