"""Issue 31, start-up (lane startup): what a verdict of one design loads, and how the
command line treats the collector. No timing here (benchmarks/bench_startup.py measures):
each test proves a structural property the start-up relies on.
"""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from mechlab.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# What a verdict never needs: the products (sheets, cards, drawing, engine JSON, values,
# forces, the readout), the .mtf reader, the library, the reader of existing outputs and
# the rules level (shown only by --json).
NOT_FOR_A_VERDICT = ("mechlab.sheet", "mechlab.cards", "mechlab.render", "mechlab.export",
                     "mechlab.values", "mechlab.force", "mechlab.readout", "mechlab.files.mtf",
                     "mechlab.files.library", "mechlab.files.provenance",
                     "mechlab.rulesets.levels", "mechlab.rulesets.content_level",
                     "mechlab.rulesets.progression")

# A process's own run, as the `mechlab` script makes it (`main()`), then what it left
# (frozen: more than at the interpreter's start, when Python 3.12 has a few hundred).
_RUN = ("import gc, sys\nstart = gc.get_freeze_count()\nfrom mechlab.cli import main\n"
        "sys.argv = ['mechlab', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('AFTER', gc.isenabled(), gc.get_freeze_count() > start, *sorted(sys.modules))")


def _run(args: list[str]) -> tuple[str, bool, bool, set[str]]:
    """Its output, whether the collector is on, whether anything is frozen, its modules."""
    done = subprocess.run([sys.executable, "-c", _RUN, *args], capture_output=True,
                          text=True, check=True)
    out, _, after = done.stdout.partition("AFTER ")
    enabled, frozen, *modules = after.split()
    return out, enabled == "True", frozen == "True", set(modules)


def _loaded(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


def test_a_verdict_on_an_introductory_design_loads_no_product_and_no_standard_table() -> None:
    out, _, _, modules = _run(["validate", str(EXAMPLES / "catapult.yaml")])
    assert "legal (Catapult CPLT-C1, intro)" in out
    assert _loaded(modules, (*NOT_FOR_A_VERDICT, "mechlab.rulesets.standard")) == []
    assert "mechlab.core.design" in modules  # the check itself is real: the design was read


def test_a_verdict_on_a_standard_design_loads_no_product() -> None:
    out, _, _, modules = _run(["validate", str(EXAMPLES / "atlas-as7-k.yaml")])
    assert "legal (Atlas AS7-K, standard)" in out
    assert _loaded(modules, NOT_FOR_A_VERDICT) == []
    assert "mechlab.rulesets.standard" in modules


def test_the_json_of_a_verdict_still_loads_the_rules_level() -> None:
    out, _, _, modules = _run(["validate", "--json", str(EXAMPLES / "catapult.yaml")])
    assert '"rules_level": "introductory"' in out
    assert "mechlab.rulesets.content_level" in modules


def test_a_process_run_freezes_what_importing_its_command_made() -> None:
    """The collector is on again once the command's module is imported, and what the
    imports made is out of its rounds (gc.freeze)."""
    _, enabled, frozen, _ = _run(["validate", str(EXAMPLES / "catapult.yaml")])
    assert enabled and frozen


def test_a_process_run_without_a_command_turns_the_collector_back_on() -> None:
    out, enabled, frozen, _ = _run(["--version"])
    assert out.startswith("mechlab, version")
    assert enabled and not frozen


def test_main_as_tests_call_it_leaves_the_collector_as_it_was() -> None:
    frozen = gc.get_freeze_count()
    result = CliRunner().invoke(main, ["validate", str(EXAMPLES / "catapult.yaml")])
    assert result.exit_code == 0, result.output
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen


def test_a_print_run_leaves_what_it_froze_frozen_in_the_process_run(tmp_path: Path) -> None:
    """`long_lived` (cli/common.py) keeps its freeze when start-up froze first: the process
    ends with the command, and nothing is torn down at exit that need not be."""
    pdf = tmp_path / "x.pdf"
    _, enabled, frozen, _ = _run(["sheet", "CPLT-C1", "-o", str(pdf)])
    assert pdf.read_bytes().startswith(b"%PDF")
    assert enabled and frozen


def test_a_print_run_as_tests_call_it_leaves_the_collector_as_it_was(tmp_path: Path) -> None:
    frozen = gc.get_freeze_count()
    result = CliRunner().invoke(main, ["sheet", "CPLT-C1", "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 0, result.output
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen
