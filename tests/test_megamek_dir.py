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
    cache.write_text('{"format": 2, "folder": "/elsewhere", "fingerprint": "x", "units": []}')
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
