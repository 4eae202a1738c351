"""Design YAML through libyaml's event parser gives what the pure-Python loader gives:
the same data, and for anything it dislikes the same error, word for word, with the
same line and column."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mechlab.files import yaml_in
from mechlab.files.library import _unit_files

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

pytestmark = pytest.mark.skipif(yaml_in.CParser is None, reason="PyYAML without libyaml")


def pure(text: str) -> object:
    """The pure-Python loader alone: the data, or the error as the user would read it."""
    try:
        return yaml_in._single_data(yaml_in.DesignLoader(text))
    except yaml.YAMLError as exc:
        return f"{type(exc).__name__}: {exc}"


def fast(text: str) -> object:
    try:
        return yaml_in.load_yaml(text)
    except yaml.YAMLError as exc:
        return f"{type(exc).__name__}: {exc}"


def test_a_design_is_read_by_the_c_event_parser(monkeypatch):
    used = []
    monkeypatch.setattr(yaml_in.DesignLoader, "__init__",
                        lambda self, text: used.append(text) or None)
    text = (EXAMPLES / "catapult.yaml").read_text("utf-8")
    assert isinstance(fast(text), dict)
    assert used == []  # the pure-Python loader was not needed


def test_example_designs_read_the_same():
    for path in sorted(EXAMPLES.glob("*.yaml")):
        text = path.read_text("utf-8")
        assert fast(text) == pure(text), path.name


@pytest.mark.parametrize("text", [
    "[" * 100_000, "a: 1\na: 2\n", "x: &a [1]\ny: *a\n", "x: &a 5\ny: *a\n",
    "n: 1234567890123456789012\n", "a: [1\n", "a:\n - b\n c: 1\n", "\x07bad", "",
    "- 1\n- 2\n", "--- 1\n--- 2\n", "a: !!python/object:os.system x\n", "a:\tb\n",
    "key: 'unterminated\n", "a: b: c\n", "%YAML 1.1\n---\na: 1\n", "? [1, 2]\n: x\n",
    "a: 0o17\nb: 0x1F\nc: 1_000\nd: .inf\ne: ~\nf: 2001-12-14\ng: yes\n",
    "|#", "a: |#\n  x\n", "!", "a: \u00e9\n", "\ufeffa: 1\n", "a: 1\r\nb: 2\r\n", "a: x\x85y\n",
])
def test_odd_and_hostile_texts_give_the_same_data_or_the_same_error(text):
    assert fast(text) == pure(text)


_YAMLISH = st.lists(st.sampled_from(
    [*"ab1: -[]{},'\"#&*!?|>\n\t.%@`~0x\\", "  ", "\n  ", "\n- ", ": ", "---", "..."]),
    max_size=30).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_YAMLISH)
def test_any_text_gives_the_same_data_or_the_same_error(text):
    assert fast(text) == pure(text)


@pytest.mark.slow
def test_every_library_file_reads_the_same():
    for path in _unit_files():
        text = path.read_text("utf-8")
        assert fast(text) == pure(text), path.name
