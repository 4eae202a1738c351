"""One pass: a design is resolved, validated and valued once, however many outputs a
command writes (issue 19). Each counter wraps the one function wherever a module bound
it, so a second call from anywhere would be counted."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from tests_support import CORPUS, EXAMPLES, needs_corpus

import mechlab
import mechlab.cards.alpha_strike
import mechlab.model.resolve
import mechlab.validate
import mechlab.values.bv
import mechlab.values.cost
from mechlab.cli import main
from mechlab.files.load import read_design_bytes
from mechlab.files.mtf import design_to_mtf

COUNTED = {"resolve": (mechlab.model.resolve, "resolve"),
           "validate": (mechlab.validate, "validate"),
           "battle_value": (mechlab.values.bv, "battle_value"),
           "cost": (mechlab.values.cost, "cost"),
           "alpha_strike": (mechlab.cards.alpha_strike, "alpha_strike_card")}


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each counted function ran, from any module that imported it."""
    for info in pkgutil.walk_packages(mechlab.__path__, "mechlab."):
        if not info.name.endswith("__main__"):  # every module that could bind one of them
            importlib.import_module(info.name)
    counts: Counter[str] = Counter()
    for name, (module, attribute) in COUNTED.items():
        original = getattr(module, attribute)
        wrapper = _counting(original, name, counts)
        for loaded in list(sys.modules.values()):
            if getattr(loaded, "__name__", "").startswith("mechlab") and getattr(
                    loaded, attribute, None) is original:
                monkeypatch.setattr(loaded, attribute, wrapper)
    return counts


def _counting(function: Callable[..., Any], name: str, counts: Counter[str]
              ) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return function(*args, **kwargs)
    return counted


@pytest.fixture
def catapult_file(tmp_path: Path) -> Path:
    path = tmp_path / "catapult.yaml"
    path.write_bytes((EXAMPLES / "catapult.yaml").read_bytes())
    return path


@pytest.fixture
def catapult_mtf(tmp_path: Path) -> Path:
    from mechlab.files.load import parse_design

    path = tmp_path / "in" / "catapult.mtf"
    path.parent.mkdir()
    path.write_text(design_to_mtf(parse_design((EXAMPLES / "catapult.yaml").read_text())))
    return path


def _run(*args: str) -> None:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output


ONCE = {"resolve": 1, "validate": 1, "battle_value": 1, "cost": 1}
# The engine JSON, the force roster (summary and page) and the cards read one conversion.
ONCE_WITH_CARD = {**ONCE, "alpha_strike": 1}


def test_build_of_one_design_resolves_validates_and_values_it_once(catapult_file, calls):
    _run("build", "-q", str(catapult_file))  # json, pdf and html
    assert dict(calls) == ONCE_WITH_CARD
    assert {p.suffix for p in catapult_file.parent.iterdir()} == {".yaml", ".json", ".pdf",
                                                                   ".html"}


def test_a_sheet_validates_and_values_its_design_once(catapult_file, tmp_path, calls):
    _run("sheet", str(catapult_file), "-o", str(tmp_path / "x.pdf"))
    assert dict(calls) == ONCE


def test_a_trading_card_validates_and_values_its_design_once(catapult_file, tmp_path, calls):
    _run("card", str(catapult_file), "--game", "ccg", "-o", str(tmp_path / "x.json"))
    assert dict(calls) == ONCE


def test_bv_validates_and_values_each_design_once(catapult_file, calls):
    _run("bv", "--explain", str(catapult_file))
    assert dict(calls) == ONCE


def test_a_force_validates_and_values_each_unit_once(catapult_file, tmp_path, calls):
    force = tmp_path / "force.yaml"
    force.write_text("force: One\nunits:\n  - unit: catapult.yaml\n    pilot: {name: Kai}\n")
    _run("force", str(force))
    assert dict(calls) == ONCE_WITH_CARD


def test_a_force_sheet_validates_and_values_each_unit_once(catapult_file, tmp_path, calls):
    force = tmp_path / "force.yaml"
    force.write_text("force: One\nunits:\n  - unit: catapult.yaml\n    pilot: {name: Kai}\n")
    _run("sheet", str(force), "-o", str(tmp_path / "x.pdf"))
    assert dict(calls) == ONCE_WITH_CARD


def test_alpha_strike_cards_of_a_force_convert_each_unit_once(catapult_file, tmp_path, calls):
    force = tmp_path / "force.yaml"
    force.write_text("force: One\nunits:\n  - unit: catapult.yaml\n    pilot: {gunnery: 3}\n")
    _run("card", str(force), "--game", "alpha-strike", "-o", str(tmp_path / "x.pdf"))
    assert calls["alpha_strike"] == 1 and calls["validate"] == 1


def test_validate_and_check_never_compute_values(catapult_file, catapult_mtf, calls):
    _run("validate", str(catapult_file))
    _run("check", str(catapult_mtf.parent))
    assert dict(calls) == {"resolve": 2, "validate": 2}


@pytest.mark.parametrize("command", ["check", "validate", "build", "import"])
def test_reading_an_mtf_resolves_it_at_most_once(catapult_mtf, tmp_path, command, calls):
    target = str(catapult_mtf.parent if command == "check" else catapult_mtf)
    extra = {"build": ["-q", "-f", "json"], "import": ["-o", str(tmp_path / "c.yaml")]}
    _run(command, target, *extra.get(command, []))
    assert calls["resolve"] == 1


@pytest.fixture
def timber_wolf_mtf(tmp_path: Path) -> Path:
    """A Standard (Clan OmniMech) `.mtf`: read by the Standard reader, slot for slot."""
    from mechlab.files.load import parse_design

    design = Path(__file__).parent / "data" / "standard" / "timber-wolf-prime.yaml"
    path = tmp_path / "in" / "timber-wolf.mtf"
    path.parent.mkdir()
    path.write_text(design_to_mtf(parse_design(design.read_text())))
    return path


@pytest.mark.parametrize("command", ["check", "validate", "build", "import"])
def test_reading_a_standard_mtf_resolves_it_at_most_once(timber_wolf_mtf, tmp_path, command,
                                                          calls):
    target = str(timber_wolf_mtf.parent if command == "check" else timber_wolf_mtf)
    extra = {"build": ["-q", "-f", "pdf", "-o", str(tmp_path / "t.pdf")],
             "import": ["-o", str(tmp_path / "t.yaml")]}
    _run(command, target, *extra.get(command, []))
    assert calls["resolve"] == 1
    if command == "build":
        assert (calls["validate"], calls["battle_value"], calls["cost"]) == (1, 1, 1)


def test_the_mtf_reader_maps_slots_one_to_one_and_resolves_nothing(catapult_mtf, calls):
    from mechlab.files.mtf import import_mtf_bytes

    imported = import_mtf_bytes(read_design_bytes(catapult_mtf), str(catapult_mtf))
    assert calls["resolve"] == 0
    # Every entry keeps its slot: copies written one after another are one entry with a
    # count (the Catapult's two centre-torso Medium Lasers, its jump jets), nothing pruned.
    equipment = imported.design["equipment"]
    assert all("slot" in entry for entry in equipment)
    lasers = [e for e in equipment if e["item"] == "Medium Laser"]
    assert ("center_torso", 2) in [(e["location"], e.get("count", 1)) for e in lasers]


def _pruned_agrees(text: str, source: str) -> None:
    from mechlab.files.load import design_from_dict
    from mechlab.files.mtf import import_mtf_bytes
    from mechlab.files.mtf.prune import minimal_design
    from mechlab.model.resolve import resolve

    imported = import_mtf_bytes(text.encode(), source)
    mech = resolve(design_from_dict(imported.design, source))
    pruned = resolve(design_from_dict(minimal_design(imported.design, mech), source))

    def names(m):
        return {loc: [s.name for s in slots] for loc, slots in m.critical_slots.items()}

    assert names(pruned) == names(mech), source


@pytest.mark.parametrize("step", [pytest.param(1, marks=pytest.mark.slow), 25])
def test_import_pruning_keeps_every_slot_where_resolve_puts_it(step):
    """`minimal_design` decides from the one resolved 'Mech where auto-placement agrees;
    resolve itself, run on the pruned design, must put every item where the file did."""
    from mechlab.files.library import library
    from mechlab.files.mtf import design_to_mtf

    units = [u for u in library() if u.design is not None and u.design.ruleset == "intro"]
    for unit in units[::step]:
        assert unit.design is not None
        _pruned_agrees(design_to_mtf(unit.design), unit.path.name)


@pytest.mark.slow
@needs_corpus
def test_import_pruning_keeps_every_slot_of_every_megamek_file():
    from mechlab.core.errors import DesignError

    for path in sorted(CORPUS.glob("*.mtf")):
        try:
            _pruned_agrees(path.read_text(encoding="utf-8", errors="replace"), path.name)
        except DesignError:
            continue  # technology outside the rules: not imported
