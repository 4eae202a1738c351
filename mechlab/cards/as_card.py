"""The Alpha Strike card as data (RULES.md §6): what the conversion computes and the
point value and the printed card read. Apart from the conversion so that both can import it."""

from __future__ import annotations

from dataclasses import dataclass

from mechlab.cards.damage import Damage


def move_text(ground: int, jump: int) -> str:
    """`8"`, `8"j` (jump equal to ground), `14"/10"j`."""
    if jump == 0:
        return f'{ground}"'
    if jump == ground:
        return f'{ground}"j'
    return f'{ground}"/{jump}"j'


@dataclass(frozen=True)
class AlphaStrikeCard:
    chassis: str
    model: str
    source: str
    ruleset: str
    type: str
    sz: int
    ground: int  # inches
    jump: int
    tmm: int
    s: Damage
    m: Damage
    l: Damage  # noqa: E741 — the card's own name for the long band
    ov: int
    armor: int
    structure: int
    specials: tuple[str, ...]
    base_pv: int
    pv: int
    skill: int
    role: str | None
    ovl: bool = False
    indirect: Damage | None = None
    ht: tuple[int, int, int] = (0, 0, 0)  # HT#/#/#
    # An illegal design's error codes, every one (issue 18: its card says so); not in the
    # JSON, which carries the card's numbers only.
    illegal: tuple[str, ...] = ()
    # lane lam: a LAM's AirMech and fighter moves, (value, code) (ADVANCED_BV.md §8: they
    # join the element's movement for the point value; printed in its LAM/BIM special).
    air_moves: tuple[tuple[int, str], ...] = ()

    @property
    def mv(self) -> str:
        return move_text(self.ground, self.jump)
