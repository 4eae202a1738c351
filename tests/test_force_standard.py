"""Forces of Standard units (issue 21, issue 22's roster): the bundled Clan Star of
OmniMechs (examples/star.yaml) and the Inner Sphere Alpha Strike lance with a quad
(examples/strike-lance.yaml). Each unit's BV is MegaMek's and its PV the Master Unit List's
(skill 4, adjusted by ALPHA_STRIKE.md §8's skill table typed here from the text), the totals
their sums; the roster page carries what a player needs of each unit."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from tests_support import ALL, DATA, EXAMPLES, needs_megamek_all, read_table

from mechlab.cli import main
from mechlab.force.page import force_pages, layout_force_roster
from mechlab.force.roster import load_force, summary, summary_text
from mechlab.render import fonts
from mechlab.render.geometry import Text
from mechlab.sheet.options import SheetOptions

STAR = EXAMPLES / "star.yaml"
LANCE = EXAMPLES / "strike-lance.yaml"
# The MegaMek file each example design was imported from (its header says so).
SOURCE = {
    "Mad Cat (Timber Wolf) Prime": "3050U/Mad Cat (Timber Wolf) Prime.mtf",
    "Thor (Summoner) Prime": "3050U/Thor (Summoner) Prime.mtf",
    "Vulture (Mad Dog) Prime": "3050U/Vulture (Mad Dog) Prime.mtf",
    "Ryoken (Stormcrow) Prime": "3050U/Ryoken (Stormcrow) Prime.mtf",
    "Loki (Hellbringer) Prime": "3050U/Loki (Hellbringer) Prime.mtf",
    "Atlas AS7-K": "3050U/Atlas AS7-K.mtf",
    "Black Knight BL-12-KNT": "3050U/Black Knight BL-12-KNT.mtf",
    "Barghest BGS-1T": "3060u/Barghest BGS-1T.mtf",
    "Raven RVN-4L": "3050U/Raven RVN-4L.mtf",
}
VENDORED_BV = {row["path"]: int(row["megamek_bv"])
               for row in read_table(DATA / "standard_values.tsv")}
VENDORED_AS = {row["path"]: row for row in read_table(DATA / "alpha_strike_standard.tsv")}
# BV2 skill multipliers (BV_COST.md §1.4 table: row gunnery, column piloting) used here.
BV_SKILL = {(2, 3): 1.68, (3, 4): 1.32, (4, 5): 1.0}


def _skill_pv(pv: int, skill: int) -> int:
    """ALPHA_STRIKE.md §8's skill table, typed from the text."""
    if skill < 4:
        return pv + (4 - skill) * (1 + (pv - 3) // 5 if pv > 7 else 1)
    return max(1, pv - (skill - 4) * (1 + (pv - 5) // 10 if pv > 14 else 1))


def _all_index() -> dict[str, dict[str, str]]:
    return {row["path"]: row for row in read_table(ALL / "INDEX.tsv")}


def _mul_all() -> dict[str, dict[str, str]]:
    shared = ALL.parents[1] / "cards" / "alpha_strike_mul_all.tsv"
    return {row["path"]: row for row in read_table(shared)}


def _published(names: list[str], bv: dict[str, int], cards: dict[str, dict[str, str]]
               ) -> tuple[dict[str, int], dict[str, int]]:
    return ({n: bv[SOURCE[n]] for n in names if SOURCE[n] in bv},
            {n: int(cards[SOURCE[n]]["pv"]) for n in names if SOURCE[n] in cards})


def test_the_examples_are_standard_units_clan_omnis_a_quad_and_inner_sphere():
    star, lance = load_force(STAR), load_force(LANCE)
    assert all(m.mech.ruleset.name == "standard" and m.assessment.legal
               for m in (*star.members, *lance.members))
    assert len(star.members) == 5 and all(m.mech.design.omni for m in star.members)
    assert {m.mech.design.tech_base for m in star.members} == {"clan"}
    assert {m.mech.design.tech_base for m in lance.members} == {"inner_sphere"}
    assert [m.mech.design.config for m in lance.members].count("quad") == 1
    assert (star.game, lance.game) == ("classic", "alpha-strike")


def _check_star(bv: dict[str, int], pv: dict[str, int]) -> None:
    force = load_force(STAR)
    rows, total = summary(force)
    for row in rows:
        skills = (row.gunnery, row.piloting)
        if row.name in bv:
            assert row.bv == f"{bv[row.name]:,}", row.name
            adjusted = int(bv[row.name] * BV_SKILL[skills] + 0.5)
            assert abs(int(row.adjusted_bv.replace(",", "")) - adjusted) <= 1, row.name
        if row.name in pv:
            assert row.pv == str(_skill_pv(pv[row.name], row.gunnery)), row.name
    assert total.bv == f"{sum(int(r.bv.replace(',', '')) for r in rows):,}"
    assert total.pv == f"{sum(int(r.pv) for r in rows):,}"


def test_the_star_totals_bv_and_pv_of_its_units_as_published():
    """Timber Wolf and Hellbringer Prime: MegaMek's BV and the MUL's PV, vendored."""
    bv, pv = _published(list(SOURCE)[:5], VENDORED_BV, VENDORED_AS)
    assert set(bv) == set(pv) == {"Mad Cat (Timber Wolf) Prime", "Loki (Hellbringer) Prime"}
    _check_star(bv, pv)


@needs_megamek_all
def test_every_star_unit_has_megamek_bv_and_the_muls_pv():
    index = _all_index()
    bv, pv = _published(list(SOURCE)[:5],
                        {p: int(r["megamek_bv"]) for p, r in index.items() if r["megamek_bv"]},
                        _mul_all())
    assert len(bv) == len(pv) == 5
    _check_star(bv, pv)


def test_the_alpha_strike_lance_lists_pv_at_each_pilots_skill_and_no_bv():
    force = load_force(LANCE)
    rows, total = summary(force)
    _, pv = _published([r.name for r in rows], {}, VENDORED_AS)
    assert len(pv) == 4
    assert [r.pv for r in rows] == [str(_skill_pv(pv[r.name], r.gunnery)) for r in rows]
    assert total.pv == str(sum(int(r.pv) for r in rows))
    text = summary_text(force)
    assert "BV" not in text and "Skill" in text and "(Alpha Strike)" in text
    assert text.splitlines()[-1].split()[-1] == total.pv


def _words(pages) -> list[str]:
    return [t.text for page in pages for t in page.of_type(Text)]


def test_the_star_roster_page_has_what_a_player_needs_of_each_unit():
    force = load_force(STAR)
    [page] = layout_force_roster(force, "letter")
    words = _words([page])
    rows, total = summary(force)
    for member, row in zip(force.members, rows, strict=True):
        mech = member.mech
        assert member.pilot.name in words and f"{row.gunnery} / {row.piloting}" in words
        assert f"Walk {mech.walking_mp} / Run {mech.running_mp}" in " ".join(words)
        structure = sum(mech.structure.values())
        assert f"{mech.armor_points} / {structure}" in words
        band = next(w for w in words if w.startswith(f"BV {row.bv}"))
        assert f"Adj. BV {row.adjusted_bv}" in band and band.endswith(f"PV {row.pv}")
    # Weapons with damage and range brackets; equipment named beside them, not as weapons.
    assert {"ER Large Laser", "10", "1-8", "9-15", "16-25", "LRM 20", "1/Msl"} <= set(words)
    assert "Targeting Computer (LT)" in " ".join(words)
    assert "ECM Suite" not in words  # not a row of the weapons table
    assert {"FORCE TOTALS", total.bv, total.adjusted_bv, total.pv, "INITIATIVE", "NOTES"} <= set(
        words)
    for text in page.of_type(Text):
        assert text.size >= 6.0
        assert fonts.text_width(text.text, text.font, text.size) <= text.max_width + 0.01


def test_the_alpha_strike_roster_prints_each_card_and_pv_not_bv():
    force = load_force(LANCE)
    pages = force_pages(force, SheetOptions())
    roster = layout_force_roster(force, "letter")
    words = _words(roster)
    assert "ALPHA STRIKE FORCE" in words and not any(w.startswith("BV") for w in words)
    rows, total = summary(force)
    for row in rows:
        published = VENDORED_AS[SOURCE[row.name]]
        assert f"PV {row.pv} · Skill {row.gunnery}" in words
        assert "PV at skill 4:" in words and published["pv"] in words
        assert published["mv"] in words and published["role"] in words
        specials = published["specials"].split(",")
        assert ", ".join(sorted(specials)) in " ".join(words).replace("Specials: ", "")
    assert {"PV", total.pv, "Units", "4"} <= set(words)
    # After the roster, the cards (nine to a page), not record sheets.
    assert len(pages) == len(roster) + 1
    card_words = _words(pages[len(roster):])
    assert all(f"PV: {row.pv}" in card_words for row in rows)


def test_force_cli_prints_the_examples(tmp_path: Path):
    runner = CliRunner()
    for path in (STAR, LANCE):
        result = runner.invoke(main, ["force", str(path)])
        assert result.exit_code == 0, result.output
        out = tmp_path / f"{path.stem}.pdf"
        result = runner.invoke(main, ["sheet", str(path), "-o", str(out)])
        assert result.exit_code == 0 and out.read_bytes().startswith(b"%PDF")
        printed = "4 Alpha Strike cards" if path == LANCE else "5 sheets"
        assert f"wrote {out} ({printed})" in result.output


@pytest.mark.parametrize("text", ["game: chess", "game: 3"])
def test_an_unknown_game_is_one_line_and_exit_2(tmp_path, text):
    path = tmp_path / "f.yaml"
    path.write_text(f"force: X\n{text}\nunits:\n  - unit: CPLT-C1\n")
    result = CliRunner().invoke(main, ["force", str(path)])
    assert result.exit_code == 2 and "game" in result.output
    assert "Traceback" not in result.output


# The force JSON (`mechlab force FILE --json`) -------------------------------------------
FORCE_SCHEMA = DATA / "force-v1.schema.json"


def test_the_force_json_schema_is_the_published_contract():
    import json

    from mechlab.force.export import force_schema

    assert force_schema() == json.loads(FORCE_SCHEMA.read_text()), (
        "the force JSON format changed: bump its format_version")


@pytest.mark.parametrize("path", [STAR, LANCE], ids=lambda p: p.stem)
def test_force_json_totals_bv_and_pv_as_published(path):
    import json

    import jsonschema

    result = CliRunner().invoke(main, ["force", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    jsonschema.Draft202012Validator(json.loads(FORCE_SCHEMA.read_text())).validate(data)
    assert (data["format"], data["format_version"]) == ("mechlab-force", 1)
    units = data["units"]
    for unit in units:
        source = SOURCE[f"{unit['chassis']} {unit['model']}"]
        if source in VENDORED_BV:
            assert unit["battle_value"] == VENDORED_BV[source]
        if source in VENDORED_AS:
            assert unit["point_value"] == int(VENDORED_AS[source]["pv"])
        assert unit["point_value_pilot"] == _skill_pv(unit["point_value"],
                                                      unit["pilot"]["gunnery"])
    totals = data["totals"]
    assert totals["battle_value"] == sum(u["battle_value"] for u in units)
    assert totals["battle_value_pilot"] == sum(u["battle_value_pilot"] for u in units)
    assert totals["point_value_pilot"] == sum(u["point_value_pilot"] for u in units)
    assert totals["without_battle_value"] == totals["without_point_value"] == []
    _, total = summary(load_force(path))
    assert f"{totals['point_value_pilot']:,}" == total.pv  # the readout says the same
    assert result.output == CliRunner().invoke(main, ["force", str(path), "--json"]).output


def test_a_1984_unit_has_null_values_and_the_totals_name_it(tmp_path):
    import json

    from mechlab.files.library import library

    droid = next(u for u in library() if u.ruleset == "battledroids")
    path = tmp_path / "mixed.yaml"
    path.write_text("force: Mixed\nunits:\n  - unit: CPLT-C1\n"
                    f"  - unit: {droid.path}\n")
    result = CliRunner().invoke(main, ["force", str(path), "--json"])
    data = json.loads(result.stdout)
    old = data["units"][1]
    assert old["battle_value"] is old["point_value"] is old["point_value_pilot"] is None
    name = f"{old['chassis']} {old['model']}"
    assert data["totals"]["without_point_value"] == [name]
    assert data["totals"]["point_value_pilot"] == data["units"][0]["point_value_pilot"] == 32


def test_card_takes_the_game_an_alpha_strike_force_file_names(tmp_path):
    out = tmp_path / "cards.json"
    result = CliRunner().invoke(main, ["card", str(LANCE), "-o", str(out)])
    assert result.exit_code == 0, result.output
    import json

    cards = json.loads(out.read_text())["cards"]
    rows, _ = summary(load_force(LANCE))
    pv = {row.name: row.pv for row in rows}
    assert cards and all(c["game"] == "alpha-strike" for c in cards)
    assert all(str(c["pv"]) == pv[f"{c['chassis']} {c['model']}"] for c in cards)
    # A force that plays classic BattleTech, or a design file, still needs --game.
    for other in (STAR, EXAMPLES / "catapult.yaml"):
        result = CliRunner().invoke(main, ["card", str(other), "-o", str(tmp_path / "x.pdf")])
        assert result.exit_code == 2 and "--game" in result.output
        assert not (tmp_path / "x.pdf").exists()
