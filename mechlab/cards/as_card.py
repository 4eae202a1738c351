"""The Alpha Strike card as data (RULES.md §6): what the conversion computes and the
point value and the printed card read. Apart from the conversion so that both can import it."""

from __future__ import annotations

from dataclasses import dataclass

from mechlab.cards.damage import Damage


def move_text(ground: int, jump: int, umu: int = 0, code: str = "") -> str:
    """`8"`, `8"j` (jump equal to ground), `14"/10"j`; a UMU's mode after it, never merged
    (`12"/10"s`, `10"/10"s`: ALPHA_STRIKE.md §2 step 3, the MUL's UMU cards); `code`: the
    ground mode's letters (a QuadVee's `qt`, `qw`: ADVANCED_BV.md §6), which never merge
    with the jump (MegaMek's ASMovementConverter)."""
    if jump == 0:
        text = f'{ground}"{code}'
    elif jump == ground and not code:
        text = f'{ground}"j'
    else:
        text = f'{ground}"{code}/{jump}"j'
    return text + (f'/{umu}"s' if umu else "")


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
    umu: int = 0  # inches underwater (ALPHA_STRIKE.md §2 step 3: 2 × UMU MP)
    move_code: str = ""  # the ground mode's letters: a QuadVee's `qt` / `qw`

    @property
    def mv(self) -> str:
        return move_text(self.ground, self.jump, self.umu, self.move_code)

    @property
    def highest_move(self) -> int:
        """The fastest of its modes, in inches (ASPointValueConverter's highest move)."""
        return max(self.ground, self.jump, self.umu, *(v for v, _ in self.air_moves))
