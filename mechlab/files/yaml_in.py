"""Reading YAML design files safely, with bounds a hostile file cannot get past.

`yaml.SafeLoader` never runs code, but it still lets a file of a few hundred bytes
expand into billions of values (aliases of aliases of lists: "billion laughs"), nest
deep enough to overflow the stack, write integers of thousands of digits, or state a
key twice (and silently keep the second). This loader refuses each of them, with the
line and column:

- **Aliases of lists or mappings are refused.** A design never needs them, and they are
  what makes an expansion attack possible; an alias of a single value (a string, a
  number) cannot expand and is allowed. So the loaded data has at most as many values as
  the file has nodes, and the 1 MB file limit bounds everything after it.
- Nesting deeper than `MAX_DEPTH` levels (a design needs 4), and more than `MAX_NODES`
  values in all (a design has a few hundred; reading stops there, not at the end).
- Integers longer than `MAX_INT_DIGITS` digits (Python refuses > 4300 with a traceback).
- A key given twice in one mapping: both lines are named.
- Numbers YAML 1.1 reads otherwise than they look: `065` (octal 53), `1:30` (base 60).

One reader path: PyYAML's pure-Python parser, composer and constructor, with these
checks in the composer and constructor. (libyaml's C loader composes nodes out of reach
of the checks, and its parser words errors differently and disagrees with PyYAML on a
few texts; ~1 ms a design is not worth a second path through the reader users' files
meet. The files mechlab ships are read with libyaml: `shipped_yaml.py`.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

MAX_DEPTH = 20
MAX_NODES = 10_000
MAX_INT_DIGITS = 18

if TYPE_CHECKING:
    from yaml import _yaml

    # Where an event starts: PyYAML's own mark, or libyaml's (the stubs' event type allows it).
    _Mark = yaml.Mark | _yaml.Mark


class RefusedYaml(yaml.MarkedYAMLError):
    """A YAML file that is well-formed but refused (see the module docstring)."""

    def __init__(self, mark: _Mark | None, problem: str) -> None:
        # libyaml's Mark has the line and column of PyYAML's that readers of the error use
        super().__init__(problem=problem,
                         problem_mark=mark)  # type: ignore[arg-type]  # see the line above


class DesignLoader(yaml.SafeLoader):
    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            event: yaml.AliasEvent = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in types-PyYAML
            target = self.anchors.get(event.anchor)
            if isinstance(target, SequenceNode | MappingNode):
                raise RefusedYaml(event.start_mark, f"alias *{_clip(event.anchor or '')} repeats a "
                                  "list or mapping; write the value out (mechlab reads "
                                  "aliases of single values only)")
            return super().compose_node(parent, index)
        self._depth += 1
        self._nodes += 1
        try:
            if self._nodes > MAX_NODES:
                raise RefusedYaml(self._next_mark(),
                                  f"more than {MAX_NODES:,} values; a design has a few "
                                  "hundred")
            if self._depth > MAX_DEPTH:
                raise RefusedYaml(self._next_mark(),
                                  f"nested more than {MAX_DEPTH} levels deep; a design "
                                  "needs a handful")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def _next_mark(self) -> _Mark | None:
        event: yaml.Event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in types-PyYAML
        return event.start_mark

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        if not isinstance(node, MappingNode):  # `!!set` on a list: PyYAML's error says so
            return super().construct_mapping(node, deep=deep)
        first_line: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                line = first_line.get(key)
            except TypeError:
                continue  # an unhashable key: SafeConstructor reports it
            if line is not None:
                raise RefusedYaml(key_node.start_mark,
                                  f"{_clip(str(key))}: given twice (lines {line + 1} and "
                                  f"{key_node.start_mark.line + 1}); keep one")
            first_line[key] = key_node.start_mark.line
        return super().construct_mapping(node, deep=deep)

    def construct_undefined(self, node: Node) -> Any:
        # A tag no design needs (`!!python/object`, a local `!thing`) or a merge key (`<<:`,
        # which repeats a mapping as an alias does): PyYAML's words were "could not
        # determine a constructor for the tag 'tag:yaml.org,2002:merge'".
        if node.tag == "tag:yaml.org,2002:merge":
            raise RefusedYaml(node.start_mark, "a merge key (<<) repeats a mapping; write "
                              "its fields out (mechlab reads aliases of single values only)")
        tag = _clip(node.tag.replace("tag:yaml.org,2002:", "!!"))
        raise RefusedYaml(node.start_mark, f"the tag {tag} is not read; remove it (a design "
                          "holds text, numbers, true/false, lists and mappings)")

    def construct_bounded_int(self, node: ScalarNode) -> int:
        text = str(self.construct_scalar(node))
        digits = sum(ch.isdigit() for ch in text)
        if digits > MAX_INT_DIGITS:
            raise RefusedYaml(node.start_mark, f"a number of {digits} digits; no value in a "
                              "design needs more than a few")
        number = int(_tagged(node, "a whole number", self.construct_yaml_int))
        _as_it_looks(node, text, number, whole=True)
        return number

    def construct_written_float(self, node: ScalarNode) -> WrittenFloat:
        number = WrittenFloat(_tagged(node, "a number", self.construct_yaml_float))
        _as_it_looks(node, str(node.value), number, whole=False)
        number.written = str(node.value)
        return number

    def construct_checked_bool(self, node: ScalarNode) -> bool:
        return bool(_tagged(node, "true or false", self.construct_yaml_bool))

    def construct_checked_timestamp(self, node: ScalarNode) -> Any:
        return _tagged(node, "a date", self.construct_yaml_timestamp)

    def construct_checked_null(self, node: ScalarNode) -> None:
        # PyYAML's `!!null Magna` is None: the text written went without a word.
        if str(node.value) not in ("", "~", "null", "Null", "NULL"):
            raise RefusedYaml(node.start_mark, f"{_clip(repr(str(node.value)))} is not null "
                              "(its tag says it is); write null, or remove the tag")


def _tagged(node: ScalarNode, kind: str, construct: Any) -> Any:
    """A scalar by PyYAML's constructor, which assumes the text its resolver matched: a
    tag written by hand (`!!int abc`, `!!bool` of nothing, `!!timestamp x`) raised
    IndexError, ValueError, KeyError or AttributeError, a traceback from every command."""
    try:
        return construct(node)
    except (ValueError, KeyError, IndexError, AttributeError):
        raise RefusedYaml(node.start_mark, f"{_clip(repr(str(node.value)))} is not {kind} "
                          "(its tag says it is); write one, or remove the tag") from None


def _as_it_looks(node: ScalarNode, text: str, number: float, whole: bool) -> None:
    """A number YAML 1.1 reads otherwise than it looks is refused, never taken: `065` is
    octal (53), `1:30` base 60 (90). (`0x41` and `0b101` say what they are.)"""
    digits = text.lstrip("+-").replace("_", "")
    if ":" in digits:
        raise RefusedYaml(node.start_mark, f"{_clip(text)} is a number in base 60 to YAML "
                          f"({number:g}); write the number in digits, or text in quotes")
    if whole and len(digits) > 1 and digits[0] == "0" and digits[1].isdigit():
        raise RefusedYaml(node.start_mark, f"{_clip(text)} is an octal number to YAML "
                          f"({number}); write it without the leading 0, or text in quotes")


class WrittenFloat(float):
    """A YAML float with the text it was written as: `model: 3.10` is the number 3.1 to
    YAML, and a name written so is kept as written, "3.10" (design_fields.py)."""

    written: str


DesignLoader.add_constructor(None, DesignLoader.construct_undefined)
DesignLoader.add_constructor("tag:yaml.org,2002:int", DesignLoader.construct_bounded_int)
DesignLoader.add_constructor("tag:yaml.org,2002:float", DesignLoader.construct_written_float)
DesignLoader.add_constructor("tag:yaml.org,2002:bool", DesignLoader.construct_checked_bool)
DesignLoader.add_constructor("tag:yaml.org,2002:null", DesignLoader.construct_checked_null)
DesignLoader.add_constructor("tag:yaml.org,2002:timestamp",
                             DesignLoader.construct_checked_timestamp)


def load_yaml(text: str) -> Any:
    """The data of one YAML document, or a `yaml.YAMLError` (`RefusedYaml` for a refusal)."""
    return _single_data(DesignLoader(text))


def _single_data(loader: DesignLoader) -> Any:
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
