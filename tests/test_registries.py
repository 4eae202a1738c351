"""What varies is a registry, and the command line follows it: readers by suffix, writers
by format, card games by name. Each test runs over whatever is registered, so a new
format, reader or game is tested (and offered by the CLI) by its registration alone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests_support import EXAMPLES

from mechlab import writers
from mechlab.cards.games import game_names, get_game
from mechlab.cli import main
from mechlab.core.errors import DesignError
from mechlab.files.inputs import DESIGN_SUFFIXES, read_input
from mechlab.files.load import READERS, Source, parse_design
from mechlab.files.mtf import design_to_mtf
from mechlab.files.output import Guard

CATAPULT = (EXAMPLES / "catapult.yaml").read_text()


def _help(command: str) -> str:
    return " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())


def _design_text(suffix: str) -> str:
    """The Catapult written in the format a reader suffix names."""
    writer = writers.by_suffix(suffix, "design")
    if writer is None or writer.design is None:
        return CATAPULT  # YAML: the design file itself
    return writer.design(parse_design(CATAPULT))


@pytest.mark.parametrize("suffix", sorted(READERS))
def test_every_registered_reader_reads_the_catapult(tmp_path: Path, suffix: str):
    path = tmp_path / f"catapult{suffix}"
    path.write_text(_design_text(suffix))
    item = read_input(str(path))
    assert (item.design.name, item.assess().legal) == ("Catapult CPLT-C1", True)
    assert suffix in DESIGN_SUFFIXES


@pytest.mark.parametrize("suffix", sorted(READERS))
def test_a_file_of_every_registered_reader_is_replaced_only_with_force(tmp_path: Path,
                                                                         suffix: str):
    path = tmp_path / f"catapult{suffix}"
    path.write_text(_design_text(suffix))
    refused = re.escape(f"catapult{suffix}: already exists; use --force")
    with pytest.raises(DesignError, match=refused):
        Guard().check([path])
    Guard(force=True).check([path])


def test_the_output_policy_follows_the_reader_registry(tmp_path: Path, monkeypatch):
    # A JSON file mechlab wrote is replaced without --force, until a reader claims its
    # suffix: then it is a design file, which people edit.
    path = tmp_path / "cat.mechjson"
    path.write_text('{"format": "mechlab-engine"}')
    Guard().check([path])

    def reader(raw: bytes, source: str) -> Source:
        return Source(parse_design(raw.decode(), source))

    monkeypatch.setitem(READERS, ".mechjson", reader)
    with pytest.raises(DesignError, match=re.escape("cat.mechjson: already exists; use --force")):
        Guard().check([path])


@pytest.mark.parametrize("writer", writers.writers("unit"), ids=lambda w: w.name)
def test_build_offers_and_writes_every_unit_format(tmp_path: Path, writer: writers.Writer):
    assert writer.name in _help("build")
    (tmp_path / "cat.yaml").write_text(CATAPULT)
    result = CliRunner().invoke(main, ["build", str(tmp_path / "cat.yaml"), "-q",
                                       "-f", writer.name])
    assert result.exit_code == 0, result.output
    assert (tmp_path / f"cat{writer.suffix}").stat().st_size > 0


def test_build_refuses_a_format_no_writer_has(tmp_path: Path):
    (tmp_path / "cat.yaml").write_text(CATAPULT)
    result = CliRunner().invoke(main, ["build", str(tmp_path / "cat.yaml"), "-f", "docx"])
    assert result.exit_code == 2
    names = ", ".join(w.name for w in writers.writers("unit"))
    assert f"unknown format docx; choose from {names}" in result.output


@pytest.mark.parametrize("suffix", [s for w in writers.writers("document") for s in w.suffixes])
def test_sheet_writes_every_page_format(tmp_path: Path, suffix: str):
    result = CliRunner().invoke(main, ["sheet", "CPLT-C1", "-o", str(tmp_path / f"x{suffix}")])
    assert result.exit_code == 0, result.output


def test_sheet_names_the_page_formats_it_writes(tmp_path: Path):
    result = CliRunner().invoke(main, ["sheet", "CPLT-C1", "-o", str(tmp_path / "x.txt")])
    assert result.exit_code == 2
    assert writers.suffix_list("document") in result.output


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("suffix", [".json", ".pdf", ".html"])
def test_every_card_game_is_offered_and_converts(tmp_path: Path, game: str, suffix: str):
    assert f"{game}: {get_game(game).help}" in _help("card")
    out = tmp_path / f"cards{suffix}"
    result = CliRunner().invoke(main, ["card", "CPLT-C1", "--game", game, "-o", str(out)])
    assert result.exit_code == 0, result.output
    if suffix == ".json":
        assert [c["game"] for c in json.loads(out.read_text())["cards"]] == [game]


def test_export_offers_every_design_writer():
    for writer in writers.writers("design"):
        assert writer.name in _help("export")


def test_an_mtf_written_by_its_writer_reads_back_the_same_design(tmp_path: Path):
    path = tmp_path / "cat.mtf"
    path.write_text(design_to_mtf(parse_design(CATAPULT)))
    a = read_input(str(path)).assess()
    b = read_input(str(EXAMPLES / "catapult.yaml")).assess()
    def names(assessed):
        return {loc: [s.name for s in slots] for loc, slots in assessed.mech.critical_slots.items()}

    assert names(a) == names(b)
    assert (a.values.bv, a.values.cost.total) == (b.values.bv, b.values.cost.total)
