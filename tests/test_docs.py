"""The documentation says what the code does: the rule reference is generated from the
rule functions and current, every finding code the docs name is one mechlab emits, and
every local link leads to a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mechlab.rulesets import RULESETS
from mechlab.validate import reference
from mechlab.validate.rules import ALL_RULES, RULES_BY_CODE, code_of

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
CODE = re.compile(r"\b[EW]-[A-Z0-9]+(?:-[A-Z0-9]+)*\b(?!-)")


def test_rules_reference_is_current() -> None:
    committed = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert committed == reference.render(), (
        f"docs/rules.md is stale: regenerate it with `{reference.COMMAND}`")


@pytest.mark.parametrize("rule", ALL_RULES, ids=code_of)
def test_each_rule_documents_what_it_checks_and_where(rule) -> None:
    summary, detail = reference._doc(rule)
    assert len(summary) > 15, "the first line states the rule after its code"
    # The reference tells a reader where the finding points in their file.
    assert re.search(r"\bpath\b", detail, re.IGNORECASE)


def test_every_ruleset_rule_has_a_documented_function() -> None:
    rendered = reference.render()  # the whole reference: rendered once, not once a code
    for ruleset in RULESETS:
        for code in ruleset.rules:
            assert code in RULES_BY_CODE
            assert f"### {code}\n" in rendered, code


def _emitted_codes() -> set[str]:
    """Every code string literal in mechlab's source: what a finding can carry."""
    codes: set[str] = set()
    for path in (ROOT / "mechlab").rglob("*.py"):
        codes |= set(re.findall(r"[\"']([EW]-[A-Z0-9]+(?:-[A-Z0-9]+)*)[\"']",
                                path.read_text(encoding="utf-8")))
    return codes


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_docs_name_only_codes_mechlab_emits(doc: Path) -> None:
    if not doc.exists():
        pytest.fail(f"{doc.name} is missing")
    emitted = _emitted_codes()
    named = set(CODE.findall(doc.read_text(encoding="utf-8")))
    unknown = named - emitted
    assert not unknown, f"{doc.name} names codes mechlab never reports: {sorted(unknown)}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_local_links_lead_to_files(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    missing = [t for t in targets
               if not re.match(r"[a-z]+:", t) and not t.startswith("#")
               and not (doc.parent / t.split("#")[0]).exists()]
    assert not missing, f"{doc.name} links to files that do not exist: {missing}"


@pytest.mark.parametrize("doc", [ROOT / "README.md", ROOT / "docs" / "engine-json.md"],
                         ids=lambda p: p.name)
def test_the_engine_json_version_the_docs_state_is_the_one_written(doc: Path) -> None:
    """Issue 31: the README said "version 2" of an engine JSON at version 4."""
    from mechlab.export.schema import FORMAT_VERSION

    stated = re.findall(r"`mechlab-engine`, (?:version|`format_version`) (\d+)",
                        doc.read_text(encoding="utf-8"))
    assert stated and {int(v) for v in stated} == {FORMAT_VERSION}, stated
