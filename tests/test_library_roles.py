"""Every library unit carries the Master Unit List's Alpha Strike role (issue 22), and its
card prints it.

tests/data/library_roles.tsv lists, per MegaMek file of the intro corpus (= per library
design), the role the MUL gives it (vendored from ../shared/cards/alpha_strike_mul_all.tsv,
found by the file's path in megamek-all, else by its MUL id), blank where the MUL table has
none. The units were written by `mechlab import --roles` (units/README.md); a role is a fact
about the unit, never derived, so a unit with no MUL role has none.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests_support import (
    CORPUS,
    DATA,
    MEGAMEK,
    REPO,
    SHARED,
    library_designs,
    needs_corpus,
    needs_megamek_all,
    read_table,
)

from mechlab.cards.alpha_strike import alpha_strike_card
from mechlab.cards.as_layout import alpha_strike_layout
from mechlab.cli import main
from mechlab.files.library import library
from mechlab.model.resolve import resolve
from mechlab.render.geometry import Text

MUL_ALL = SHARED / "cards" / "alpha_strike_mul_all.tsv"


def published() -> dict[str, str | None]:
    """MegaMek file name → the MUL's role of the design (None: the MUL table has none)."""
    return {row["file_name"]: row["role"] or None
            for row in read_table(DATA / "library_roles.tsv")}


def unit_paths() -> dict[str, Path]:
    """MegaMek file name → the library unit file imported from it."""
    paths = {(u.chassis, u.model): u.path for u in library() if u.ruleset == "intro"}
    return {row["file_name"]: paths[row["chassis"], row["model"]]
            for row in read_table(DATA / "battle_values.tsv")}


def test_the_table_covers_every_library_design():
    assert sorted(published()) == sorted(library_designs())


def test_every_library_unit_carries_its_published_role():
    designs = library_designs()
    wrong = {name: (designs[name].role, role) for name, role in published().items()
             if designs[name].role != role}
    assert wrong == {}, f"{len(wrong)} differ (unit, MUL): {wrong}"
    # units/README.md says how many: the MUL table has a role for these, none for the rest
    with_role = sum(role is not None for role in published().values())
    readme = (REPO / "units" / "README.md").read_text(encoding="utf-8")
    assert f"**{with_role} of the 282**" in readme


def test_each_unit_says_where_its_role_came_from():
    for name, path in unit_paths().items():
        head = path.read_text(encoding="utf-8").split("\nchassis:")[0]
        assert ("Master Unit List's Alpha Strike role" in head) == (
            published()[name] is not None), path.name


def test_the_card_prints_the_role():
    """The layout (what the PDF and HTML painters draw) prints each unit's role."""
    designs = library_designs()
    for name, role in published().items():
        card = alpha_strike_card(resolve(designs[name]), name)
        assert card.role == role
        texts = [t.text for t in alpha_strike_layout(card).items if isinstance(t, Text)]
        at = texts.index("ROLE:")
        assert texts[at + 1] == (role or "—"), name


def test_the_card_files_print_the_role(tmp_path):
    """JSON, HTML and PDF of the cards of a few units: the role as the MUL gives it."""
    names = ["Atlas AS7-D.mtf", "Catapult CPLT-C1.mtf", "Locust LCT-1V.mtf",
             "Griffin GRF-1N.mtf", "Annihilator ANH-1E.mtf"]  # the last: no MUL role
    paths, roles = unit_paths(), published()
    files = [str(paths[name]) for name in names]
    runner = CliRunner()
    for suffix in ("json", "html", "pdf"):
        result = runner.invoke(main, ["card", *files, "--game", "alpha-strike",
                                      "-o", str(tmp_path / f"cards.{suffix}")])
        assert result.exit_code == 0, result.output
    cards = json.loads((tmp_path / "cards.json").read_text())["cards"]
    assert [card["role"] for card in cards] == [roles[name] for name in names]
    html = (tmp_path / "cards.html").read_text()
    assert all(f">{roles[name]}<" in html for name in names if roles[name])
    if shutil.which("pdftotext") is None:
        return  # the PDF is painted from the same layout as the HTML
    text = subprocess.run(["pdftotext", str(tmp_path / "cards.pdf"), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert sorted(line for line in text.splitlines() if line.startswith("ROLE:")) == sorted(
        f"ROLE: {roles[name] or '—'}" for name in names)  # in the page's reading order


# `mechlab import --roles` ----------------------------------------------------------------------
def table(tmp_path: Path, *rows: str, columns: str = "path\tmul_id\trole") -> Path:
    path = tmp_path / "roles.tsv"
    path.write_text("# a MUL table\n" + "\n".join([columns, *rows]) + "\n", encoding="utf-8")
    return path


def imported(tmp_path: Path, roles: Path, name: str = "Catapult CPLT-C1.mtf") -> str:
    out = tmp_path / "out.yaml"
    out.unlink(missing_ok=True)
    result = CliRunner().invoke(main, ["import", str(MEGAMEK / name), "-o", str(out),
                                       "--roles", str(roles)])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


def test_import_finds_the_role_by_path_name_or_mul_id(tmp_path):
    # The vendored Catapult CPLT-C1 says `mul id:478`.
    by_path = imported(tmp_path, table(tmp_path, "3039u/Catapult CPLT-C1.mtf\t478\tMissile Boat",
                                       "3039u/Catapult CPLT-C4.mtf\t482\tSniper"))
    assert "\nmodel: CPLT-C1\nrole: Missile Boat\ntonnage: 65\n" in by_path
    assert "# `role:` is the Master Unit List's Alpha Strike role for it (MUL id 478),\n" \
           "# from roles.tsv.\n" in by_path
    by_id = imported(tmp_path, table(tmp_path, "Other/Catapult CPLT-C1 (renamed).mtf\t478\tSniper"))
    assert "\nrole: Sniper\n" in by_id
    only_ids = imported(tmp_path, table(tmp_path, "478\tBrawler", columns="mul_id\trole"))
    assert "\nrole: Brawler\n" in only_ids


def test_import_never_guesses_a_role(tmp_path):
    plain = imported(tmp_path, table(tmp_path, "3039u/Catapult CPLT-A1.mtf\t477\tSniper"))
    # a file name whose row has another MUL id is another design; a row without a role
    # names its file and gives it none; MUL ids that disagree on the role give none
    for rows in (["3039u/Catapult CPLT-C1.mtf\t999\tSniper"],
                 ["3039u/Catapult CPLT-C1.mtf\t478\t", "Elsewhere/X.mtf\t478\tSniper"],
                 ["A/X.mtf\t478\tSniper", "B/Y.mtf\t478\tBrawler"]):
        text = imported(tmp_path, table(tmp_path, *rows))
        assert text == plain and "role" not in text


def test_a_bad_roles_table_is_one_line_and_exit_2(tmp_path):
    for content in (b"file_name\tpv\nAtlas.mtf\t52\n", b"", b"path\trole\n\xff\xfe\n",
                    b"path\trole\nA/B.mtf\tBrawler\x1b[2J\n",
                    b"mul_id\trole\n1\t" + b"Brawler" * 30 + b"\n"):
        bad = tmp_path / "bad.tsv"
        bad.write_bytes(content)
        out = tmp_path / "out.yaml"
        result = CliRunner().invoke(main, ["import", str(MEGAMEK / "Catapult CPLT-C1.mtf"),
                                           "-o", str(out), "--roles", str(bad)])
        assert result.exit_code == 2 and not out.exists(), result.output
        assert result.output.count("\n") == 1 and "bad.tsv" in result.output
    result = CliRunner().invoke(main, ["import", str(MEGAMEK / "Catapult CPLT-C1.mtf"),
                                       "-o", str(tmp_path / "o.yaml"), "--roles",
                                       str(tmp_path / "missing.tsv")])
    assert result.exit_code == 2 and "no such file" in result.output


@needs_corpus
@needs_megamek_all  # and with it ../shared/cards/alpha_strike_mul_all.tsv
@pytest.mark.slow
def test_the_documented_import_reproduces_the_library_byte_for_byte(tmp_path):
    """units/README.md's commands write exactly the files in units/."""
    result = CliRunner().invoke(main, ["import", *map(str, sorted(CORPUS.glob("*.mtf"))),
                                       "-o", str(tmp_path), "--by-class",
                                       "--roles", str(MUL_ALL)])
    assert result.exit_code == 0, result.output
    with_role = sum(role is not None for role in published().values())
    assert f"({with_role} with a role from alpha_strike_mul_all.tsv)" in result.output
    units = REPO / "units"
    assert sorted(p.name for p in tmp_path.glob("*.yaml")) == sorted(
        p.name for p in units.glob("*.yaml"))
    assert [p.name for p in tmp_path.glob("*.yaml")
            if p.read_bytes() != (units / p.name).read_bytes()] == []
