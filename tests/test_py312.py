"""Lane py312: mechlab on Python 3.11, 3.12 and 3.13 alike. What differs between the
versions that mechlab's own code must not: the collector's frozen objects at start
(Python 3.12 starts with a few hundred), the Unicode database (14, 15.0, 15.1), `sum` of
floats (compensated from 3.12)."""

from __future__ import annotations

import builtins
import gc
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mechlab.assess import assess
from mechlab.cli import main
from mechlab.core.text import shown
from mechlab.files.library import units_dir
from mechlab.files.load import load_design
from mechlab.model.resolve import resolve
from mechlab.render.geometry import added
from mechlab.sheet.options import SheetOptions
from mechlab.sheet.styles import layout_sheet

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_a_print_run_in_a_program_that_froze_first_leaves_the_collector_as_it_was(
        tmp_path: Path) -> None:
    """Objects frozen before the command (by the program that calls mechlab, or by Python
    3.12 itself) stay frozen, and nothing of the command's stays frozen after it
    (`long_lived`: gc.unfreeze would thaw theirs too)."""
    theirs = [["frozen before the command"]]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        result = CliRunner().invoke(main, ["sheet", "CPLT-C1", "-o", str(tmp_path / "x.pdf")])
        assert result.exit_code == 0, result.output
        assert gc.isenabled()
        # Frozen objects that die leave the count (reference counting frees them as ever):
        # it may fall, never rise; and the program's own stay frozen (out of the
        # generations gc.get_objects lists).
        assert 0 < gc.get_freeze_count() <= frozen
        assert not any(tracked is theirs for tracked in gc.get_objects())
    finally:
        gc.unfreeze()
    assert any(tracked is theirs for tracked in gc.get_objects())


def test_the_format_characters_of_unicode_15_are_escaped_on_every_python() -> None:
    """Unicode 15.0 (Python 3.12; UnicodeData.txt) made U+13439…U+1343F format characters
    (Egyptian hieroglyph insert and overlay controls); Python 3.11 reads Unicode 14, where
    they are unassigned. A message echoing one shows it escaped on each version."""
    for code in range(0x13439, 0x13440):
        assert shown(f"A{chr(code)}B") == f"A\\u{code:x}B"


def test_a_name_holding_a_unicode_15_format_character_is_refused_on_every_python(
        tmp_path: Path) -> None:
    """The same design file gets the same verdict whichever Python reads it: on 3.11 the
    character is unassigned (Unicode 14), from 3.12 an invisible format character."""
    text = (EXAMPLES / "catapult.yaml").read_text(encoding="utf-8")
    assert "model: CPLT-C1" in text
    for code in range(0x13439, 0x13440):
        design = tmp_path / f"u{code:x}.yaml"
        design.write_text(text.replace("model: CPLT-C1", f"model: CPLT{chr(code)}C1"),
                          encoding="utf-8")
        result = CliRunner().invoke(main, ["validate", str(design)])
        assert result.exit_code == 2, result.output
        assert f"invisible character U+{code:04X}" in result.output


def test_lengths_are_added_first_to_last_as_ieee_doubles_on_every_python() -> None:
    """0.1 ten times, added one at a time in double precision, is 0.9999999999999999 (what
    Python 3.11's sum gave); Python 3.12's sum compensates and gives 1.0."""
    assert added([0.1] * 10) == 0.9999999999999999
    assert added([1, 2, 3]) == 6 and type(added([1, 2, 3])) is int  # ints stay ints
    assert added([]) == 0


@pytest.mark.parametrize("style", [None, "standard", "quickstart"])
def test_a_sheet_is_laid_out_without_sum_of_floats(style: str | None,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever `sum` of floats a layout does gives other bits on 3.11 than on 3.12: pages
    add lengths with `added` (the pages whose layout differed, an assault, a 1984 light;
    each in its own style too)."""
    floats: list[str] = []
    real_sum = builtins.sum

    def watched(values: Any, /, start: Any = 0) -> Any:
        total = real_sum(values, start)
        if isinstance(total, float):
            caller = sys._getframe(1).f_code
            floats.append(f"{caller.co_filename}:{caller.co_name}")
        return total

    monkeypatch.setattr(builtins, "sum", watched)
    for name in ("heavy-archer-arc-2k.yaml", "medium-vulcan-vl-5t.yaml",
                 "assault-annihilator-anh-1a.yaml", "battledroids/light-wasp-wsp-1a.yaml"):
        path = units_dir() / name
        assessed = assess(resolve(load_design(path)))
        for paper in ("letter", "a4"):
            layout_sheet(assessed, SheetOptions(paper=paper, style=style))
    assert [f for f in floats if "/mechlab/" in f] == []
