"""Validation: every construction rule of a ruleset as its own check.

`validate(mech)` runs every rule of the 'Mech's ruleset and returns every
finding (errors and warnings), never stopping at the first.
"""

from __future__ import annotations

from dataclasses import replace

from mechlab.mech import Mech
from mechlab.validate.findings import Finding, Severity
from mechlab.validate.rules import Rule, rules_of

__all__ = ["Finding", "Rule", "Severity", "is_legal", "rules_for", "validate"]


def rules_for(mech: Mech) -> tuple[Rule, ...]:
    return rules_of(mech.ruleset)


def validate(mech: Mech) -> list[Finding]:
    """Every finding of every rule, errors first, in rule order."""
    # dict.fromkeys: an entry with `count: 3` breaking a rule is reported once, not thrice.
    findings = list(dict.fromkeys(f for rule in rules_for(mech) for f in rule(mech)))
    # units/README.md: a printed design that breaks a rule is kept as printed, the
    # rule named in `known_violations`; its findings are reported, marked, and waived.
    waivers = {v.code: v.why for v in mech.design.known_violations}
    findings = [
        replace(f, waived=waivers[f.code]) if f.code in waivers else f for f in findings
    ]
    return sorted(findings, key=lambda f: (f.severity is not Severity.ERROR, bool(f.waived)))


def is_legal(findings: list[Finding]) -> bool:
    """No error, except those a printed design keeps as printed."""
    return not any(f.severity is Severity.ERROR and not f.waived for f in findings)
