"""A finding: one rule's verdict on one place of a design."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"  # the design breaks a construction rule
    WARNING = "warning"  # legal, but probably not what the author meant


@dataclass(frozen=True)
class Finding:
    """What a rule found: its code, severity, where, the numbers and a hint."""

    code: str  # stable: E-ARMOR-CAP, W-AMMO-UNUSED, …
    severity: Severity
    path: str  # where in the YAML: "armor.left_arm", "equipment[3]"
    message: str  # with the numbers: "22 armor > 20 (2 × 10 structure)"
    expected: str | None = None
    actual: str | None = None
    hint: str | None = None
    # Why a printed design keeps this as printed (`known_violations`): the finding is
    # marked "known (as printed)", and still counts.
    waived: str | None = None

    def __str__(self) -> str:
        text = f"{self.code} {self.path}: {self.message}"
        return f"{text} [known (as printed): {self.waived}]" if self.waived else text

    def display(self, indent: str = "  ") -> str:
        """The finding as the terminal shows it: one line, and its hint on a second,
        indented line."""
        text = f"{indent}{self}"
        return f"{text}\n{indent}    hint: {self.hint}" if self.hint else text

    def to_dict(self) -> dict[str, str | None]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "path": self.path,
            "message": self.message,
            "expected": self.expected,
            "actual": self.actual,
            "hint": self.hint,
            "waived": self.waived,
        }


def error(code: str, path: str, message: str, **details: str | None) -> Finding:
    return Finding(code, Severity.ERROR, path, message, **details)


def warning(code: str, path: str, message: str, **details: str | None) -> Finding:
    return Finding(code, Severity.WARNING, path, message, **details)


def counted(count: int, noun: str) -> str:
    """'1 slot', '2 slots': findings read as English."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
