"""Fixtures (the Catapult example) and the run's markers: `golden` digests run only when
asked for (`pytest -m golden`); the summary says which tests skipped for want of ../shared
(only sweeps over MegaMek's own files may). Helpers that test modules import live in
tests_support.py, never imported from here."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
import yaml
from tests_support import EXAMPLES, NO_ALL, NO_CORPUS, NO_SHARED, SHARED


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--sweep", choices=("sample", "rest", "all"), default="sample",
        help="The files each corpus sweep takes: every 4th (sample, the default), the "
             "others (rest: only the sweeps run; CI runs it after the default) or all.")


def pytest_configure(config: pytest.Config) -> None:
    """The corpus sweeps' share of their files (`--sweep`: tests_support.swept).

    The cyclic garbage collector runs after 20,000 allocations instead of 700: the corpus
    sweeps build tens of thousands of objects a file, and collecting every 700 took a
    sixth of their time (memory stays flat: most garbage here is freed by reference
    counting; the memory tests measure peaks far above what 20,000 objects hold)."""
    import gc

    import tests_support

    tests_support.SWEEP = config.getoption("--sweep")
    gc.set_threshold(20_000, 10, 10)


@pytest.fixture
def catapult() -> dict[str, Any]:
    """The CPLT-C1 worked example as a plain dict, fresh for every test."""
    return copy.deepcopy(_catapult())


@cache
def _catapult() -> dict[str, Any]:
    return yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())


# The longest sweeps (seconds of CPU each, measured with `--durations`: docs/benchmarks.md),
# longest first. They start the run, so that no worker is left alone with one at its end.
LONGEST = (
    "test_values_corpus.py::test_battle_value_equals_megamek_on_99_percent_and_every_miss_is_listed",
    "test_readme.py::test_the_tour_runs_as_the_readme_says",
    "test_critical_names.py::test_no_text_is_cut_or_shrunk_on_any_megamek_standard_sheet",
    "test_sheet_geometry.py::test_grouped_pips_are_the_plain_size_on_every_library_unit",
    "test_advanced_advvalues.py::test_advanced_corpus_cost_and_cards_equal_the_muls",
    "test_advanced.py::test_advanced_corpus_files_needing_only_what_is_implemented",
    "test_sheet_text_sizes.py::test_nothing_shrinks_on_any_library_unit[battledroids]",
    "test_mtf_standard_export.py::test_corpus_designs_export_to_what_megamek_wrote",
    "test_identity_roundtrip.py::test_every_corpus_file_keeps_its_mul_id_through_yaml_and_back",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Golden digests prove "unchanged", not "right": deselected unless a -m expression
    names them (`pytest -m golden`). The slow tests run first, the LONGEST ahead of them
    (pytest-xdist's worksteal hands each worker a contiguous share of this order and
    lets an idle one take the tail of another's: short tests at the end even it out)."""
    if config.getoption("--sweep") == "rest":  # the others ran in the default run
        others = [item for item in items if not item.get_closest_marker("sweep")]
        config.hook.pytest_deselected(items=others)
        items[:] = [item for item in items if item.get_closest_marker("sweep")]
    if "golden" not in (config.option.markexpr or ""):
        golden = [item for item in items if item.get_closest_marker("golden")]
        if golden:
            config.hook.pytest_deselected(items=golden)
            items[:] = [item for item in items if not item.get_closest_marker("golden")]

    modules = {name.partition("::")[0]: i for i, name in enumerate(LONGEST)}

    def rank(item: pytest.Item) -> tuple[int, bool]:
        # A module's slow tests stay together (its module fixtures are made once); the
        # other sweeps over MegaMek's files next, in the worker that holds the longest
        # ones' judged files (tests_support.megamek_assessed), as a worker takes another's
        # tests from the end of its share.
        name = item.nodeid.rpartition("/")[2]
        if not item.get_closest_marker("slow"):
            return len(LONGEST) + 2, False
        group = item.get_closest_marker("xdist_group")
        later = len(LONGEST) + (group is None or group.args[:1] != ("megamek-all",))
        return modules.get(name.partition("::")[0], later), name not in LONGEST

    items.sort(key=rank)  # stable: otherwise in the order collected


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Name the one reason a test may skip in a clone on its own: ../shared is not beside it."""
    skipped = terminalreporter.stats.get("skipped", [])
    corpus = sum(NO_CORPUS in str(r.longrepr) or NO_ALL in str(r.longrepr) for r in skipped)
    sources = sum(NO_SHARED in str(r.longrepr) for r in skipped)
    if corpus or sources:
        terminalreporter.write_line(
            f"{corpus + sources} skipped for want of {SHARED}: {corpus} sweeps over MegaMek's "
            f"own .mtf files, {sources} check that tests/data/ is still what it publishes; "
            "every published number runs from tests/data/")
    if other := len(skipped) - corpus - sources:
        terminalreporter.write_line(f"{other} skipped for other reasons (pytest -rs)")


@pytest.fixture(autouse=True)
def _megamek_folders_stay_per_test():
    """`mechlab --megamek-dir DIR` sets MECHLAB_MEGAMEK_DIR in the process it runs in (the
    commands read it there): after an in-process run the folder would leak into every later
    test ("no such unit" then names MegaMek's folders). Each test ends with it as it began."""
    import os

    from mechlab.files.megamek_dir import ENV

    before = os.environ.get(ENV)
    yield
    if before is None:
        os.environ.pop(ENV, None)
    else:
        os.environ[ENV] = before


@pytest.fixture
def shrunk(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, float, float]]]:
    """Every (text, size asked, size written) the pen shrank while the test ran (sheet
    tests: nothing may be shrunk below the size its row asks)."""
    from mechlab.sheet import diagrams, draw, transfer

    found: list[tuple[str, float, float]] = []
    write = draw.Ink.text

    def text(self: Any, x: float, y: float, text: str, font: str = "regular",
             size: float = 7.0, *args: Any, **kwargs: Any) -> float:
        written = write(self, x, y, text, font, size, *args, **kwargs)
        if written < size - 1e-9:
            found.append((text, size, written))
        return written

    monkeypatch.setattr(draw.Ink, "text", text)
    diagrams._drawn.cache_clear()  # a diagram drawn before would not be written again
    transfer._drawn.cache_clear()
    yield found
    diagrams._drawn.cache_clear()  # nor one drawn through the shrinking pen, after
    transfer._drawn.cache_clear()


@pytest.fixture
def fitted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, float, float]]]:
    """Every (text, size asked, size given) a table's one size was cut down for (the
    critical table and the weapons table pick their size from their texts, so the pen is
    asked for the smaller size: the `shrunk` fixture would not see it)."""
    from mechlab.sheet import critical_table, draw

    found: list[tuple[str, float, float]] = []
    size_of = draw.fitted_size

    def watched(text: str, font: str, size: float, max_width: float) -> float:
        given = size_of(text, font, size, max_width)
        if given < size - 1e-9:
            found.append((text, size, given))
        return given

    monkeypatch.setattr(draw, "fitted_size", watched)
    monkeypatch.setattr(critical_table, "fitted_size", watched)
    yield found
