"""Defects a user meets, left open by issue 31's last round (lane leftovers7): a card batch's
exit code, invisible characters in names, unreadable information lines of a `.mtf`, the
serve page's stale messages and armor fix, and the readable spelling of a pinned tech base."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mechlab.cli import main


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


# 1. A card batch exits with the worst code -------------------------------------------------
def test_a_card_run_with_a_unit_left_out_writes_the_others_and_exits_2(tmp_path: Path) -> None:
    # Issue 31: "A batch prints what it can, says what it skipped and why in one line each,
    # and exits with the worst code." Alone, a 1984 design has no Alpha Strike card (exit
    # 2); beside a unit that has one, it is left out in one line, the other's card written.
    out = tmp_path / "cards.json"
    code, _, err = invoke("card", "battledroids/WSP-1A", "CPLT-C1", "--game", "alpha-strike",
                          "-o", str(out))
    assert code == 2, err
    lines = err.splitlines()
    assert len(lines) == 2 and lines[0].startswith(
        "mechlab: battledroids/WSP-1A: left out, no card: "), err
    assert lines[1] == f"wrote {out} (1 card)" and out.exists()


def test_a_card_run_where_every_unit_has_a_card_exits_0(tmp_path: Path) -> None:
    code, _, err = invoke("card", "battledroids/PXH-1K", "CPLT-C1", "--game", "ccg",
                          "-o", str(tmp_path / "cards.json"))
    assert code == 0, err
