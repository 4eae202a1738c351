"""Units by name from a MegaMek data folder (MECHLAB_MEGAMEK_DIR / --megamek-dir), with
an index cached and rebuilt when the folder changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_mtf import SMALL

from mechlab.cli import main
from mechlab.files import megamek_dir
from mechlab.files.inputs import read_input
from mechlab.files.load import DesignError


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "mekfiles" / "3039u"
    data.mkdir(parents=True)
    (data / "Locust LCT-1V.mtf").write_text(SMALL)
    (data / "notes.txt").write_text("not a unit")
    monkeypatch.setenv(megamek_dir.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(megamek_dir.ENV, str(tmp_path / "mekfiles"))
    return tmp_path / "mekfiles"


def _renamed(text: str, model: str) -> str:
    return text.replace("LCT-1V", model, 1)


def test_a_unit_is_found_by_full_name_model_or_file_stem(folder: Path):
    # a model the bundled library does not have, so only the folder can answer
    (folder / "3039u" / "Locust LCT-9Z.mtf").write_text(_renamed(SMALL, "LCT-9Z"))
    for name in ("Locust LCT-9Z", "LCT-9Z", "locust lct 9z"):
        found = read_input(name)
        assert found.design.model == "LCT-9Z"
        assert found.origin == folder / "3039u" / "Locust LCT-9Z.mtf"
        assert found.path is None  # named, not given as a file: written like a library unit


def test_the_index_is_cached_and_rebuilt_when_the_folder_changes(folder: Path):
    assert [u.model for u in megamek_dir.index(folder)] == ["LCT-1V"]
    caches = list(Path(os.environ[megamek_dir.CACHE_ENV]).glob("megamek-*.json"))
    assert len(caches) == 1
    (folder / "3039u" / "Locust LCT-9Z.mtf").write_text(_renamed(SMALL, "LCT-9Z"))
    assert sorted(u.model for u in megamek_dir.index(folder)) == ["LCT-1V", "LCT-9Z"]
    (folder / "3039u" / "Locust LCT-9Z.mtf").unlink()
    assert [u.model for u in megamek_dir.index(folder)] == ["LCT-1V"]


def test_a_cache_that_is_broken_or_stale_is_ignored(folder: Path):
    megamek_dir.index(folder)
    cache = next(Path(os.environ[megamek_dir.CACHE_ENV]).glob("megamek-*.json"))
    cache.write_text("{not json")
    assert [u.model for u in megamek_dir.index(folder)] == ["LCT-1V"]
    cache.write_text('{"format": 3, "folder": "/elsewhere", "fingerprint": "x", "units": []}')
    assert [u.model for u in megamek_dir.index(folder)] == ["LCT-1V"]


def test_an_unknown_name_suggests_the_folders_units_too(folder: Path):
    (folder / "3039u" / "Locust LCT-9Z.mtf").write_text(_renamed(SMALL, "LCT-9Z"))
    with pytest.raises(DesignError, match=r"did you mean.*Locust LCT-9Z"):
        read_input("Locust LCT-9Y")


def test_the_option_names_the_folder_and_list_shows_its_units(folder: Path,
                                                              monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(megamek_dir.ENV)
    result = CliRunner().invoke(main, ["--megamek-dir", str(folder), "list", "--megamek"])
    assert result.exit_code == 0, result.output
    assert "Locust LCT-1V" in result.output and "1 units" in result.output
    assert "Locust LCT-1V.mtf" in result.output


def test_list_megamek_without_a_folder_is_one_line_exit_2(folder: Path,
                                                         monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(megamek_dir.ENV)
    result = CliRunner().invoke(main, ["list", "--megamek"])
    assert result.exit_code == 2
    assert "MECHLAB_MEGAMEK_DIR" in result.output


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("command", [["build", "-q"], ["export"]], ids=lambda c: c[0])
def test_a_unit_found_in_the_folder_is_written_to_the_current_folder(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]):
    """Issue 31: outputs go to the current folder (or -o), never beside a catalogue's file:
    MegaMek's folder is as it was, byte for byte."""
    (folder / "3039u" / "Locust LCT-9Z.mtf").write_text(_renamed(SMALL, "LCT-9Z"))
    before = _tree(folder)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    result = CliRunner().invoke(main, [command[0], "LCT-9Z", *command[1:]])
    assert result.exit_code == 0, result.output
    assert _tree(folder) == before
    wanted = {"build": ["Locust_LCT-9Z.html", "Locust_LCT-9Z.json", "Locust_LCT-9Z.pdf"],
              "export": ["Locust_LCT-9Z.mtf"]}[command[0]]
    assert sorted(p.name for p in work.iterdir()) == wanted


@pytest.fixture
def megamek(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The MegaMek files that travel with the tests (tests/data/megamek), as a data folder."""
    from tests_support import MEGAMEK

    monkeypatch.setenv(megamek_dir.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(megamek_dir.ENV, str(MEGAMEK))
    return MEGAMEK


@pytest.mark.parametrize(("typed", "chassis", "model"), [
    ("Timber Wolf Prime", "Mad Cat (Timber Wolf)", "Prime"),
    ("Mad Cat Prime", "Mad Cat (Timber Wolf)", "Prime"),
    ("mad cat (timber wolf) prime", "Mad Cat (Timber Wolf)", "Prime"),
    ("Timber Wolf E", "Mad Cat (Timber Wolf)", "E"),
    ("Hellbringer Prime", "Loki (Hellbringer)", "Prime"),
    ("Adder T", "Puma (Adder)", "T")])
def test_either_name_of_a_dual_named_chassis_finds_it(megamek: Path, typed: str,
                                                      chassis: str, model: str):
    """Issue 31: players say "Timber Wolf Prime" or "Mad Cat Prime"; MegaMek's file says
    "Mad Cat (Timber Wolf)" (its chassis line in tests/data/megamek)."""
    found = read_input(typed)
    assert (found.design.chassis, found.design.model) == (chassis, model)


def test_either_name_finds_a_library_unit_too():
    # units/heavy-von-rohrs-hebi-von-4rh-5.yaml: chassis "Von Rohrs (Hebi)"
    for typed in ("Hebi VON 4RH-5", "Von Rohrs VON 4RH-5"):
        assert read_input(typed).design.chassis == "Von Rohrs (Hebi)"


def test_half_a_name_is_not_a_name():
    from mechlab.files.unit_names import chassis_names, unit_keys

    assert chassis_names("Daishi (Dire Wolf)") == ("Daishi (Dire Wolf)", "Daishi", "Dire Wolf")
    assert chassis_names("Atlas") == ("Atlas",)
    keys = unit_keys("Daishi (Dire Wolf)", "Prime", "Daishi (Dire Wolf) Prime")
    assert {"direwolfprime", "daishiprime", "prime"} <= keys
    assert "wolfprime" not in keys


def _listed(*args: str) -> list[dict[str, str]]:
    """The rows of `list --megamek`, by its columns (name 40, tons 5; with values: ruleset
    13, BV 6, cost 13)."""
    result = CliRunner().invoke(main, ["list", "--megamek", *args])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == f"{len(lines) - 2} units"
    return [{"name": line[:40].strip(), "tons": line[40:45].strip(),
             "ruleset": line[47:60].strip(), "bv": line[60:66].strip()} for line in lines[1:-1]]


def test_list_megamek_takes_the_filters_of_list(megamek: Path):
    """Issue 31: `list --megamek` ignored --ruleset, --min-bv, --max-bv and --max-cost.
    The Battle Values are MegaMek's own (tests/data/battle_values.tsv)."""
    from tests_support import DATA, read_table

    published = {row["file_name"].removesuffix(".mtf"): int(row["megamek_bv"])
                 for row in read_table(DATA / "battle_values.tsv")}
    rows = _listed("--ruleset", "intro", "--sort", "bv")
    assert [r["name"] for r in rows] == sorted((r["name"] for r in rows),
                                               key=lambda n: -published[n])  # strongest first
    assert {r["ruleset"] for r in rows} == {"intro"}
    assert all(int(r["bv"]) == published[r["name"]] for r in rows)
    assert [r["name"] for r in _listed("--min-bv", "1300", "--max-bv", "1400", "--ruleset",
                                       "intro")] == ["Catapult CPLT-C1", "Cyclops CP-10-Z"]
    light = _listed("--class", "light")
    assert light and all(int(r["tons"]) <= 35 for r in light)
    tro = _listed("--source", "TRO 3039", "--max-tons", "65")
    assert [r["name"] for r in tro] == ["Locust LCT-1V", "Scorpion SCP-1N", "Catapult CPLT-C1"]
