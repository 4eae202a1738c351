"""A finding: one rule's verdict on one place of a design."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"  # the design breaks a construction rule
    WARNING = "warning"  # legal, but probably not what the author meant


@dataclass(frozen=True)
class Finding:
    code: str  # stable: E-ARMOR-CAP, W-AMMO-UNUSED, …
    severity: Severity
    path: str  # where in the YAML: "armor.left_arm", "equipment[3]"
    message: str  # with the numbers: "22 armor > 20 (2 × 10 structure)"
    expected: str | None = None
    actual: str | None = None
    hint: str | None = None
    waived: str | None = None  # why a printed design keeps this as printed

    def __str__(self) -> str:
        text = f"{self.code} {self.path}: {self.message}"
        return f"{text} [kept as printed: {self.waived}]" if self.waived else text

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
