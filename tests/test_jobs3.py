"""Issue 31, `-j 2`'s serial part: what a run works out before its workers fork.

The ammunition keys of Battle Value are read from the catalogue's rows (`Catalog.feeds`)
instead of from a `Weapon` made of every row; `check` encodes its JSON report only when
`--json` asks for it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mechlab.cli import main
from mechlab.core.equipment import Feed
from mechlab.rulesets import get_ruleset
from mechlab.values.standard_items import catalog_ammo_keys

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("ruleset", ["intro", "standard", "advanced", "experimental"])
def test_the_feeds_read_from_the_rows_are_what_the_rows_made_weapons_feed(ruleset: str) -> None:
    """The rows' feeds, in the table's order, equal those of the `Weapon`s the same rows
    make (weapon_from_tsv: the catalogue's row type), ammunition or not."""
    catalog = get_ruleset(ruleset).catalog
    made = tuple(Feed(w.id, w.name, w.ammo_for if w.category == "ammo" else ())
                 for w in catalog.weapons)
    assert catalog.feeds() == made


def test_the_ammunition_keys_follow_bv_standard_3_7() -> None:
    """BV_STANDARD.md §3.7: IS and Clan ammunition of one family and rack share a key;
    Artemis-capable, Narc-capable and special munitions share their family's; LB-X slug
    and cluster share one; Streak ammunition is its own family."""
    keys = catalog_ammo_keys(get_ruleset("standard").catalog)
    lrm_20 = {keys[i] for i in ("lrm_20", "lrm_20_ammo", "cl_lrm_20", "cl_lrm_20_ammo",
                                "is_lrm_20_artemis_capable_ammo",
                                "is_lrm_20_narc_capable_ammo",
                                "cl_lrm_20_clan_fragmentation_ammo")}
    assert lrm_20 == {"LRM 20"}
    assert {keys[i] for i in ("is_lb_10_x_ac", "is_lb_10_x_ac_ammo", "is_lb_10_x_cluster_ammo",
                              "cl_lb_10_x_ac_ammo")} == {"LB 10-X AC"}
    assert keys["cl_streak_lrm_20_ammo"] == keys["cl_streak_lrm_20"] != keys["lrm_20"]


def test_check_writes_its_json_report_only_when_asked(tmp_path: Path) -> None:
    folder = tmp_path / "designs"
    folder.mkdir()
    for name in ("catapult.yaml", "atlas-as7-k.yaml"):
        shutil.copy(REPO / "examples" / name, folder / name)
    runner = CliRunner()
    plain = runner.invoke(main, ["check", str(folder)])
    assert plain.exit_code in (0, 1), plain.output
    assert plain.output.startswith("2 designs:")
    report = runner.invoke(main, ["check", "--json", "-", str(folder)])
    data = json.loads(report.stdout)
    assert sum(data["counts"].values()) == len(data["results"]) == 2
    written = tmp_path / "report.json"
    runner.invoke(main, ["check", "--json", str(written), str(folder)])
    assert json.loads(written.read_text()) == data
