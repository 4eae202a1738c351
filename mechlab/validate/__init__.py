"""Validation: every construction rule of a ruleset as its own check.

`validate(mech)` runs every rule of the 'Mech's ruleset and returns every
finding (errors and warnings), never stopping at the first.
"""

from __future__ import annotations

import difflib
from dataclasses import replace
from functools import cache

from mechlab.core.findings import Finding, Severity, warning
from mechlab.model.mech import Mech
from mechlab.validate.rules import Rule, code_of, rules_of
from mechlab.validate.source import SourceFacts

__all__ = ["Finding", "Rule", "Severity", "SourceFacts", "is_legal", "rules_for", "validate"]


def rules_for(mech: Mech) -> tuple[Rule, ...]:
    return rules_of(mech.ruleset)


# Rules whose finding is the whole verdict: the design is not of this ruleset at all, and
# the other rules would only repeat it item by item (issue 26).
GATES = ("E-RULES-LEVEL",)


def validate(mech: Mech, source: SourceFacts | None = None,
             warnings: bool = True) -> list[Finding]:
    """Every finding of every rule, errors first, in rule order; the source rules of what
    the design's file stated (`source`: its contradictions, RULES.md §7) come first. A
    gate's finding (`GATES`) is reported alone. A known violation that marks no finding is
    warned of (W-KNOWN-VIOLATION). Without `warnings`, the errors alone, the
    same as those of every finding: for a caller that shows no warning (`mechlab check`),
    the rules that only warn are not run (issue 31)."""
    gates, rules = _gates_and_rules(rules_for(mech), warnings)
    gated = [f for rule in gates for f in rule(mech)]
    if gated:
        return _waived(mech, gated, unmatched=False)  # the other rules were not run
    source_findings = source.contradictions(mech, warnings) if source is not None else []
    # dict.fromkeys: an entry with `count: 3` breaking a rule is reported once, not thrice.
    findings = list(dict.fromkeys(
        [*source_findings, *(f for rule in rules for f in rule(mech))]))
    if not warnings:
        findings = [f for f in findings if f.severity is Severity.ERROR]
    return _waived(mech, findings, unmatched=warnings)  # W-KNOWN-VIOLATION is a warning


@cache
def _gates_and_rules(rules: tuple[Rule, ...], warnings: bool = True
                     ) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    """A ruleset's gates and its other rules, in rule order (sorted once, not once a
    design: issue 31); without `warnings`, not the rules that only warn (W- codes)."""
    gates = tuple(rule for rule in rules if code_of(rule) in GATES)
    return gates, tuple(rule for rule in rules if rule not in gates
                        and (warnings or not code_of(rule).startswith("W-")))


def _waived(mech: Mech, findings: list[Finding], unmatched: bool = True) -> list[Finding]:
    # units/README.md: a printed design that breaks a rule is kept as printed, the rule
    # named in `known_violations`; its findings are reported and marked "known (as
    # printed)". A known violation is still a violation: the design stays illegal.
    waivers = {v.code: v.why for v in mech.design.known_violations}
    findings = [
        replace(f, waived=waivers[f.code]) if f.code in waivers else f for f in findings
    ]
    if unmatched:
        findings += _unmatched_known(mech, findings)
    return sorted(findings, key=lambda f: (f.severity is not Severity.ERROR, bool(f.waived)))


def _unmatched_known(mech: Mech, findings: list[Finding]) -> list[Finding]:
    """W-KNOWN-VIOLATION: a known violation that marks no finding (a misspelt code, or a
    rule the design no longer breaks) is said, not ignored: the finding it was written
    for would show unmarked, and nothing would say why."""
    broken = sorted({f.code for f in findings})
    unmatched = []
    for index, known in enumerate(mech.design.known_violations):
        if known.code in broken:
            continue
        close = difflib.get_close_matches(known.code, broken, n=1, cutoff=0.85)  # typos only
        hint = (f"did you mean {close[0]}?" if close else
                "remove the entry, or name a code the design's findings show")
        unmatched.append(warning(
            "W-KNOWN-VIOLATION", f"known_violations[{index}].code",
            f"{known.code} marks nothing: the design breaks no rule of that code",
            expected="the code of a rule the design breaks", actual=known.code,
            hint=hint))
    return unmatched


def is_legal(findings: list[Finding]) -> bool:
    """No error (a known violation, kept as printed, is an error too: it only documents)."""
    return not any(f.severity is Severity.ERROR for f in findings)
