"""Alpha Strike cards of quad 'Mechs against the Master Unit List's published cards (quads
convert as bipeds do, ALPHA_STRIKE.md §2 "Quads: no change", and their cards never print
`QUAD`, §7.1): seventeen quads
read from their MegaMek files (tests/data/megamek/, QUAD_FILES of tests/data/vendor.py),
every field of the card. The trading-card game has no published card of a quad in the data
(tests/data/ccg_cards.tsv holds bipeds only), so no quad trading card is checked here."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests_support import DATA, MEGAMEK, read_table

from mechlab.assess import assess
from mechlab.cards.alpha_strike import alpha_strike_card
from mechlab.cards.export import alpha_strike_data
from mechlab.files.mtf import read_design
from mechlab.model.resolve import resolve

FIELDS = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
          "specials")
PUBLISHED = read_table(DATA / "alpha_strike_quads.tsv")


def _specials(text: str) -> str:
    # ALPHA_STRIKE.md §7.5: the MUL appends a few tokens out of order; compare as a set
    return ",".join(sorted(t.strip() for t in text.split(",") if t.strip()))


@pytest.mark.parametrize("row", PUBLISHED, ids=lambda row: Path(row["path"]).stem)
def test_a_quads_alpha_strike_card_is_the_published_one(row: dict[str, str]):
    path = MEGAMEK / Path(row["path"]).name
    assert "Config:Quad" in path.read_text(encoding="utf-8")  # MegaMek's file says so
    assessed = assess(resolve(read_design(path)))
    assert assessed.legal and assessed.mech.design.config == "quad"
    data = alpha_strike_data(alpha_strike_card(assessed.mech, row["path"])).model_dump(
        mode="json")
    names = {"dmg_s": "s", "dmg_m": "m", "dmg_l": "l"}
    card = {f: str(data[names.get(f, f)]) for f in FIELDS if f != "specials"}
    card["specials"] = _specials(",".join(data["specials"]))
    published = {f: row[f] for f in FIELDS} | {"specials": _specials(row["specials"])}
    assert card == published


def test_the_quads_cover_both_tech_bases_omnimechs_and_jumping():
    designs = [read_design(MEGAMEK / Path(row["path"]).name) for row in PUBLISHED]
    assert {d.tech_base for d in designs} == {"inner_sphere", "clan"}
    assert any(d.omni for d in designs)
    assert any(row["mv"].endswith("j") for row in PUBLISHED)
    assert len(PUBLISHED) == 17
