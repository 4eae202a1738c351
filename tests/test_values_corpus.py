"""Issue 21 on the whole corpus (slow): Battle Value, cost and the Alpha Strike card of
every rules-level 1–2 file of megamek-all that mechlab reads and judges legal, against
MegaMek's BV (INDEX.tsv), the MUL's cost and the MUL's cards. Every difference is listed
with its cause in docs/VALUES_DIFFERENCES.md; this test holds the rates and the list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests_support import (
    ALL,
    SHARED,
    megamek_all_group,
    megamek_assessed,
    needs_megamek_all,
    once_per_run,
)

REPO = Path(__file__).resolve().parents[1]
CARDS = SHARED / "cards" / "alpha_strike_mul_all.tsv"
LISTED = REPO / "docs" / "VALUES_DIFFERENCES.md"
FIELDS = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
          "specials")

pytestmark = [pytest.mark.slow, needs_megamek_all, megamek_all_group]


def table(path: Path) -> list[dict[str, str]]:
    lines = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    header, *rows = lines
    return [dict(zip(header, row, strict=False)) for row in rows]


def listed(section: str) -> set[str]:
    """The files docs/VALUES_DIFFERENCES.md lists under `## <section>`."""
    text = LISTED.read_text(encoding="utf-8")
    part = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([^`]+\.mtf)`", part, re.MULTILINE))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    # Each file is read and valued once for the run, whichever workers run the tests.
    found: dict[str, dict[str, object]] = once_per_run("values_corpus", _results,
                                                        tmp_path_factory)
    return found


def _results() -> dict[str, dict[str, object]]:
    from mechlab.cards.alpha_strike import alpha_strike_card
    from mechlab.cards.export import alpha_strike_data

    cards = {row["path"]: row for row in table(CARDS)}
    out: dict[str, dict[str, object]] = {}
    for row in table(ALL / "INDEX.tsv"):
        if row["rules_level"] not in ("1", "2"):
            continue
        # Read and judged as `mechlab check` does, once for every sweep of the worker (the
        # sheet sweep before this one has computed its values too).
        assessed = megamek_assessed(ALL / row["path"])
        if isinstance(assessed, Exception) or not assessed.legal:
            continue  # refused files are the reader's (issue 20)
        if assessed.rules_level.level not in ("introductory", "standard"):
            continue  # level-3 content in a level-2 file: the Advanced rules' (issue 27)
        if assessed.values is None:
            continue  # a unit type the values do not cover yet (IndustrialMechs, issue 21)
        mech = assessed.mech
        got: dict[str, object] = {"row": row, "bv": assessed.values.bv,
                                  "cost": assessed.values.cost.total,
                                  "industrial": mech.is_industrial}
        if row["path"] in cards:
            data = alpha_strike_data(alpha_strike_card(mech, row["path"])).model_dump(
                mode="json")
            names = {"dmg_s": "s", "dmg_m": "m", "dmg_l": "l"}
            card = {f: str(data[names.get(f, f)]) for f in FIELDS if f != "specials"}
            card["specials"] = ",".join(sorted(data["specials"]))
            mul = dict(cards[row["path"]])
            mul["specials"] = ",".join(sorted(t.strip() for t in mul["specials"].split(",")
                                              if t.strip()))
            got["card_diff"] = {f for f in FIELDS if card[f] != mul[f]}
        out[row["path"]] = got
    return out


def test_battle_value_equals_megamek_on_99_percent_and_every_miss_is_listed(results):
    rows = {p: r for p, r in results.items() if r["row"]["megamek_bv"]}
    wrong = {p for p, r in rows.items() if r["bv"] != int(r["row"]["megamek_bv"])}
    assert len(wrong) <= 0.01 * len(rows)
    assert wrong == listed("Battle Value")


def test_cost_equals_the_mul_on_95_percent_and_every_miss_is_listed(results):
    rows = {p: r for p, r in results.items() if r["row"]["mul_cost"]}
    wrong = {p for p, r in rows.items() if r["cost"] != int(r["row"]["mul_cost"])}
    assert len(wrong) <= 0.05 * len(rows)
    assert wrong == listed("Cost")


def test_alpha_strike_cards_equal_the_mul_on_every_field(results):
    rows = {p: r for p, r in results.items() if "card_diff" in r}
    wrong = {p for p, r in rows.items() if r["card_diff"]}
    assert len(wrong) <= 0.05 * len(rows)
    # Each field on 98 % of the BattleMech cards. The MUL's IndustrialMech cards contradict
    # one another (ENE, fire control, SOA and cargo differ between designs alike in every
    # fact the rule reads, by the book the MUL entered them for: docs/VALUES_DIFFERENCES.md,
    # "IndustrialMech cards"), so with them the specials reach 97.3 % (2,259 of 2,322), short
    # of the 98 %; every one of their differences is listed with its cause, and their
    # count is held (46 IM cards differ on specials, 49 on some field).
    battlemechs = [r for r in rows.values() if not r["industrial"]]
    for field in FIELDS:
        misses = sum(field in r["card_diff"] for r in battlemechs)
        assert misses <= 0.02 * len(battlemechs), field
    industrial = [r for r in rows.values() if r["industrial"]]
    assert sum("specials" in r["card_diff"] for r in industrial) <= 46
    assert sum(bool(r["card_diff"]) for r in industrial) <= 49
    assert wrong == listed("Alpha Strike")
