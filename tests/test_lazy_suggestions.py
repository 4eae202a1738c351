"""Issue 31: a lookup that fails searches for the closest names only when its message
(or its suggestions) is asked for. `check` asks the catalogue about thousands of
spellings whose failure it never shows (the rules level of each .mtf item); the search
was a quarter of its time over MegaMek's files."""

from __future__ import annotations

import difflib

import pytest

from mechlab.core.equipment import UnknownItemError
from mechlab.rulesets import get_ruleset


@pytest.mark.parametrize("ruleset", ["intro", "standard"])
def test_a_failed_lookup_searches_no_names_until_its_message_is_read(
        ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    searches: list[str] = []
    real = difflib.get_close_matches

    def counted(word: str, *args: object, **kwargs: object) -> list[str]:
        searches.append(word)
        return real(word, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(difflib, "get_close_matches", counted)
    catalog = get_ruleset(ruleset).catalog
    with pytest.raises(UnknownItemError) as caught:
        catalog.lookup("Medum Laser")
    assert searches == []
    message = str(caught.value)
    assert "did you mean" in message and "Medium Laser" in message
    assert len(searches) == 1
    assert str(caught.value) == message and len(searches) == 1  # searched once
    assert "Medium Laser" in caught.value.suggestions
