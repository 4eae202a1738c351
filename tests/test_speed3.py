"""Issue 31, speed that slipped (lane speed3): what the speed-ups must not change.

No timing here (benchmarks/ measures): each test proves that a faster path gives the
same answer as the plain one, or that a command does not load what it does not need.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mechlab.core.shipped_yaml import load_shipped, shipped_data, shipped_path
from mechlab.rulesets.catalogue import tsv_rows

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SHIPPED = [("mechlab.rulesets", "intro.yaml", load_shipped),
           ("mechlab.rulesets", "standard/standard.yaml", load_shipped),
           ("mechlab.rulesets", "advanced.yaml", load_shipped),
           ("mechlab.rulesets.catalogue", "equipment.tsv", tsv_rows),
           ("mechlab.rulesets.catalogue", "components.tsv", tsv_rows)]


@pytest.mark.parametrize(("package", "name", "parse"), SHIPPED)
def test_a_shipped_file_read_from_its_cache_is_the_file_parsed(
        package: str, name: str, parse: object, tmp_path: Path) -> None:
    path = shipped_path(package, name)
    parsed = parse(path.read_text(encoding="utf-8"))  # type: ignore[operator]
    written = shipped_data(path, parse, cache_dir=tmp_path)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()), "the cache was written"
    read_back = shipped_data(path, parse, cache_dir=tmp_path)  # type: ignore[arg-type]
    assert written == parsed and read_back == parsed
    assert read_back is not written  # a fresh copy each time: callers may change it


def test_a_cache_of_another_version_of_the_file_is_not_used(tmp_path: Path) -> None:
    table = tmp_path / "table.yaml"
    cache = tmp_path / "cache"
    table.write_text("a: 1\n", encoding="utf-8")
    assert shipped_data(table, load_shipped, cache_dir=cache) == {"a": 1}
    table.write_text("a: 22\n", encoding="utf-8")  # another size, another stamp
    assert shipped_data(table, load_shipped, cache_dir=cache) == {"a": 22}


def test_an_unreadable_cache_is_parsed_again(tmp_path: Path) -> None:
    table = tmp_path / "table.yaml"
    table.write_text("a: [1, 2]\n", encoding="utf-8")
    cache = tmp_path / "cache"
    shipped_data(table, load_shipped, cache_dir=cache)
    for written in cache.iterdir():
        written.write_bytes(b"\x00 not marshal")
    assert shipped_data(table, load_shipped, cache_dir=cache) == {"a": [1, 2]}


def _modules_after(args: list[str]) -> tuple[str, set[str]]:
    script = ("import sys\nfrom mechlab.cli import main\nsys.argv = ['mechlab', *sys.argv[1:]]\n"
              "try:\n    main()\nexcept SystemExit:\n    pass\n"
              "print('MODULES', *sorted(sys.modules))")
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                          text=True, check=True)
    out, _, modules = done.stdout.partition("MODULES ")
    return out, set(modules.split())


def test_validate_of_an_introductory_design_loads_no_standard_table() -> None:
    """The rules level (the Standard tables, the progression) is only in the JSON."""
    out, modules = _modules_after(["validate", str(EXAMPLES / "catapult.yaml")])
    assert "legal (Catapult CPLT-C1, intro)" in out
    assert "mechlab.rulesets.standard" not in modules
    assert "mechlab.rulesets.progression" not in modules


def test_validate_json_still_states_the_rules_level() -> None:
    out, modules = _modules_after(["validate", "--json", str(EXAMPLES / "atlas-as7-k.yaml")])
    (judged,) = json.loads(out)
    assert judged["legal"] is True and judged["rules_level"] == "standard"
    assert "mechlab.rulesets.progression" in modules


def test_the_cli_looks_for_no_pydantic_plugin_unless_told(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    import importlib
    import os

    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    import mechlab.cli

    importlib.reload(mechlab.cli)
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "__all__"
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "some_plugin")
    importlib.reload(mechlab.cli)
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "some_plugin"  # the user's, kept


def _invoke(*args: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from mechlab.cli import main

    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_print_run_counts_the_sheets_it_printed_not_those_it_never_found(tmp_path: Path
                                                                            ) -> None:
    """Inputs that are not found were counted twice: `wrote x.pdf (-655 sheets)`."""
    out = tmp_path / "run.pdf"
    code, _, err = _invoke("sheet", str(EXAMPLES / "catapult.yaml"), "no-such-unit-1",
                           "no-such-unit-2", "no-such-unit-3", "-o", str(out), "-j", "1")
    assert code == 2
    assert f"wrote {out} (1 sheet)" in err
    assert err.count(": skipped: ") == 3


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_print_run_with_skips_prints_the_same_pages_for_any_jobs(tmp_path: Path, jobs: str
                                                                   ) -> None:
    units = ["CPLT-C1", "no-such-unit", "AS7-D", "LCT-1V", "HBK-4G", "WSP-1A"]
    one, this = tmp_path / "one.pdf", tmp_path / f"j{jobs}.pdf"
    first = _invoke("sheet", *units, "-o", str(one), "-j", "1")
    again = _invoke("sheet", *units, "-o", str(this), "-j", jobs)
    assert first[0] == again[0] == 2
    assert one.read_bytes() == this.read_bytes()
    assert first[2].replace(str(one), "OUT") == again[2].replace(str(this), "OUT")
    assert "(5 sheets)" in first[2]


def test_a_cache_written_by_another_parser_is_not_used(tmp_path: Path) -> None:
    table = tmp_path / "table.yaml"
    cache = tmp_path / "cache"
    table.write_text("a: 1\n", encoding="utf-8")

    def parse(text: str) -> object:
        return {"read": 1}

    assert shipped_data(table, parse, cache_dir=cache) == {"read": 1}

    def parse(text: str) -> object:  # the same name, changed: a new parser
        return {"read": 2}

    assert shipped_data(table, parse, cache_dir=cache) == {"read": 2}
