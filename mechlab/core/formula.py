"""Size formulas of the equipment table (tech/EQUIPMENT.md "Formula vocabulary"), exact.

A cell such as `max(1,round(tonnage*0.05))` or `ceil_half(engine_tons/10)` is parsed
once into a small tree and evaluated with `Fraction`s: never `eval()`, never a float.
Words: the 'Mech facts of `Formula.WORDS`; functions `ceil`, `floor`, `ceil_half`,
`round` (halves up), `max`; `+ - * /` and parentheses.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from mechlab.core.rounding import round_half_up

Value = Fraction


class FormulaError(ValueError):
    """A cell that is not a formula of the vocabulary (a packaging bug, or a phrase)."""


FUNCTIONS: dict[str, Callable[..., Fraction]] = {
    "ceil": lambda x: Fraction(math.ceil(x)),
    "floor": lambda x: Fraction(math.floor(x)),
    "ceil_half": lambda x: Fraction(math.ceil(x * 2), 2),
    "round": round_half_up,
    "max": lambda *xs: max(xs),
    "min": lambda *xs: min(xs),
}
# `legs`: the 'Mech's legs (2, a quad 4), for items with one slot in each leg (tracks);
# `leg`: 1 for an item mounted in a leg, else 0 (an AES costs more in a leg: MiscType.getCost).
# `turret_tons`: the tons a turret turns (ADVANCED_EQUIPMENT.md §4.4); `tons`: the item's
# own tons, for a price by weight.
# `run_mp`, `torso_spike_locations` (lane patchwork, the ram plate's BV): the BV running MP,
# and the torso locations that hold spikes.
WORDS = frozenset({"tonnage", "engine_rating", "engine_tons", "df_weapon_tons", "size",
                   "cargo_tons", "legs", "leg", "turret_tons", "tons", "run_mp",
                   "torso_spike_locations"})
_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([a-z_]+)|(.))")


@dataclass(frozen=True)
class Formula:
    """A parsed size formula; `words` are the 'Mech facts it needs."""

    text: str
    tree: tuple[object, ...]
    words: frozenset[str]

    def __call__(self, facts: Mapping[str, Fraction | int]) -> Fraction:
        missing = self.words - set(facts)
        if missing:
            raise FormulaError(f"{self.text!r} needs {', '.join(sorted(missing))}")
        return _evaluate(self.tree, facts)


@cache
def parse(text: str) -> Formula:
    """The formula of one table cell, or `FormulaError` when it is not one."""
    tokens = _tokens(text)
    parser = _Parser(tokens, text)
    tree = parser.expression()
    if parser.position != len(tokens):
        raise FormulaError(f"unexpected {tokens[parser.position][1]!r} in {text!r}")
    return Formula(text, tree, frozenset(_words(tree)))


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for match in _TOKEN.finditer(text.strip()):
        number, name, symbol = match.groups()
        if number is not None:
            out.append(("number", number))
        elif name is not None:
            out.append(("name", name))
        elif symbol is not None and symbol in "+-*/(),":
            out.append(("symbol", symbol))
        elif symbol is not None:
            raise FormulaError(f"unexpected {symbol!r} in {text!r}")
    return out


class _Parser:
    """Recursive descent: expression = term (± term)*; term = factor (×÷ factor)*."""

    def __init__(self, tokens: list[tuple[str, str]], text: str) -> None:
        self.tokens, self.text, self.position = tokens, text, 0

    def _peek(self) -> tuple[str, str] | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def _take(self, value: str) -> bool:
        if self._peek() == ("symbol", value):
            self.position += 1
            return True
        return False

    def expression(self) -> tuple[object, ...]:
        return self._left_to_right(self.term, "+-")

    def term(self) -> tuple[object, ...]:
        return self._left_to_right(self.factor, "*/")

    def _left_to_right(self, operand: Callable[[], tuple[object, ...]], symbols: str
                       ) -> tuple[object, ...]:
        """operand (op operand)* for the operators in `symbols`, grouped from the left."""
        node = operand()
        while (op := self._peek()) is not None and op[0] == "symbol" and op[1] in symbols:
            self.position += 1
            node = ("op", op[1], node, operand())
        return node

    def factor(self) -> tuple[object, ...]:
        token = self._peek()
        if token is None:
            raise FormulaError(f"{self.text!r} ends too early")
        self.position += 1
        kind, value = token
        if kind == "number":
            return ("number", Fraction(value))
        if kind == "symbol" and value == "(":
            node = self.expression()
            self._expect(")")
            return node
        if kind == "symbol" and value == "-":
            return ("op", "-", ("number", Fraction(0)), self.factor())
        if kind == "name" and value in FUNCTIONS:
            self._expect("(")
            args = [self.expression()]
            while self._take(","):
                args.append(self.expression())
            self._expect(")")
            return ("call", value, *args)
        if kind == "name" and value in WORDS:
            return ("word", value)
        raise FormulaError(f"unknown word {value!r} in {self.text!r}")

    def _expect(self, symbol: str) -> None:
        if not self._take(symbol):
            raise FormulaError(f"expected {symbol!r} in {self.text!r}")


def _words(node: tuple[object, ...]) -> set[str]:
    if node[0] == "word":
        return {str(node[1])}
    found: set[str] = set()
    for child in node[1:]:
        if isinstance(child, tuple):
            found |= _words(child)
    return found


def _node(value: object) -> tuple[object, ...]:
    assert isinstance(value, tuple)  # the parser builds every operand as a node
    return value


def _evaluate(node: tuple[object, ...], facts: Mapping[str, Fraction | int]) -> Fraction:
    kind = node[0]
    if kind == "number":
        number = node[1]
        assert isinstance(number, Fraction)  # the parser reads every number exactly
        return number
    if kind == "word":
        return Fraction(facts[str(node[1])])
    if kind == "call":
        args = [_evaluate(_node(arg), facts) for arg in node[2:]]
        return FUNCTIONS[str(node[1])](*args)
    left = _evaluate(_node(node[2]), facts)
    right = _evaluate(_node(node[3]), facts)
    return {"+": left + right, "-": left - right, "*": left * right,
            "/": left / right if right else Fraction(0)}[str(node[1])]


def is_formula(text: str) -> bool:
    try:
        parse(text)
    except FormulaError:
        return False
    return True
