"""`mechlab items`: what can be mounted, by ruleset and tech base, with the numbers of the
equipment tables (tech/equipment.tsv, RULES.md 1.7), and the closest names for a miss."""

from __future__ import annotations

import json

from click.testing import CliRunner

from mechlab.cli import main


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["items", *args])
    return result.exit_code, result.output


def test_a_query_finds_an_item_by_any_spelling_with_its_numbers() -> None:
    code, out = _run("ISERLargeLaser", "--json")
    assert code == 0
    (row,) = json.loads(out)
    # equipment.tsv: IS ER large laser 5 t, 2 slots, 12 heat, 8 damage, 7/14/19
    assert (row["name"], row["tech_base"], row["tons"], row["slots"], row["heat"],
            row["damage"], row["ranges"]) == ("ER Large Laser", "IS", 5, 2, 12, "8", "7/14/19")


def test_the_list_holds_only_the_items_of_the_rulesets_levels() -> None:
    # Issue 27: the ER large laser prototype (Experimental) is no Standard design's item.
    code, out = _run("ISERLargeLaserPrototype", "--json")
    assert code == 2 and "no standard item matches" in out
    code, out = _run("ISERLargeLaserPrototype", "--ruleset", "experimental", "--json")
    assert code == 0 and [r["name"] for r in json.loads(out)] == ["ER Large Laser (Prototype)"]


def test_tech_and_type_filters() -> None:
    code, out = _run("gauss", "--tech", "clan", "--type", "weapons", "--json")
    names = {(r["name"], r["tech_base"]) for r in json.loads(out)}
    assert code == 0 and ("Gauss Rifle", "Clan") in names
    assert all(tech in ("Clan", "both") for _, tech in names)
    code, out = _run("--type", "equipment", "--tech", "is", "--max-tons", "0.5", "--json")
    assert code == 0 and {r["name"] for r in json.loads(out)} >= {"CASE"}
    assert all(r["tons"] <= 0.5 for r in json.loads(out))


def test_formula_sized_items_show_their_formula() -> None:
    _, out = _run("targeting computer", "--tech", "clan", "--json")
    (row,) = json.loads(out)
    assert row["tons"] == row["slots"] == "ceil(df_weapon_tons/5)"  # STANDARD_RULES.md §9.3


def test_the_intro_table_is_listed_by_its_own_names() -> None:
    code, out = _run("--ruleset", "intro", "laser")
    assert code == 0
    assert "Medium Laser" in out and "3/6/9" in out and "ER" not in out


def test_a_miss_is_one_line_with_the_closest_names() -> None:
    code, out = _run("gaus", "rfle")
    assert code == 2
    assert "no standard item matches 'gaus rfle'; closest names: Gauss Rifle" in out


def test_a_design_naming_nothing_like_an_item_is_pointed_at_mechlab_items() -> None:
    from mechlab.files.load import DesignError, design_from_dict

    data = {"chassis": "X", "model": "Y", "ruleset": "standard", "tonnage": 50,
            "walking_mp": 4, "equipment": [{"item": "Qwzrt", "location": "left_arm"}]}
    try:
        design_from_dict(data, "x.yaml")
    except DesignError as exc:
        message = str(exc)
    else:
        raise AssertionError("an unknown item was accepted")
    assert "'Qwzrt'" in message and "mechlab items --ruleset standard" in message


def test_every_name_and_value_is_printed_whole() -> None:
    """Issue 31: names were cut at 34 characters ("Watchdog Composite Electronic Warfa"),
    so they could not be copied into a design file. Every row of the ruleset's table
    (tech/equipment.tsv via --json) starts a line with its whole name, and a long size
    formula continues on the next lines, every word of it there."""
    from mechlab.rulesets import get_ruleset

    code, out = _run()
    assert code == 0
    lines = out.splitlines()
    starts = {line.split("  ")[0] for line in lines}
    names = {r["name"] for r in json.loads(_run("--json")[1])}
    assert names <= starts
    assert "Watchdog Composite Electronic Warfare System (CEWS)" in starts
    words = set(out.split())
    ruleset = get_ruleset("standard")
    listed = [item for item in ruleset.catalog.weapons  # the Advanced rows are not listed
              if ruleset.admits_item_level(item.rules_level)]
    for item in listed:
        for formula in (item.tons_formula, item.slots_formula):
            assert formula is None or set(formula.split()) <= words, formula
