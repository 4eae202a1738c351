"""`mechlab check DIR`: validate a whole folder of designs and summarise.

Each design ends in one of four outcomes: legal, illegal (by error code),
unsupported (technology outside the ruleset, naming the first such item) or
unreadable (bad input).
"""

from __future__ import annotations

import errno
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from mechlab.assess import assess_design
from mechlab.core.errors import DesignError
from mechlab.files.design_data import UnsupportedTechnologyError
from mechlab.files.inputs import DESIGN_SUFFIXES
from mechlab.files.load import read_source
from mechlab.validate import Severity

OUTCOMES = ("legal", "illegal", "unsupported", "unreadable")
# A force file is YAML (force:, units:); only these files are opened to tell one apart.
FORCE_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class CheckResult:
    """One file's outcome under `mechlab check`."""

    path: Path
    outcome: str
    name: str = ""
    codes: tuple[str, ...] = ()  # error codes of an illegal design
    detail: str = ""  # the unsupported item, or the first error line
    # Warning codes of a legal or illegal design (`check_file(…, warnings=True)`).
    warnings: tuple[str, ...] = ()
    kind: str = "design"  # or "force": a force file found in the folder, judged unit by unit

    def to_dict(self) -> dict[str, object]:
        return {"path": self.path.as_posix(), "kind": self.kind, "outcome": self.outcome,
                "name": self.name, "codes": list(self.codes), "detail": self.detail}


@dataclass
class CheckReport:
    """Every file's outcome of a `mechlab check`, in the order checked."""

    results: list[CheckResult] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        return Counter(r.outcome for r in self.results)

    def codes(self) -> Counter[str]:
        return Counter(code for r in self.results for code in r.codes)

    def unsupported_items(self) -> Counter[str]:
        return Counter(r.detail for r in self.results if r.outcome == "unsupported")

    def to_dict(self) -> dict[str, object]:
        return {
            "counts": {o: self.counts()[o] for o in OUTCOMES},
            "codes": dict(sorted(self.codes().items())),
            "results": [r.to_dict() for r in self.results],
        }


def design_files(folder: Path) -> list[Path]:
    """Every name under `folder` ending in a design suffix except folders: a pipe, a
    device or a link to one is listed too, and `check_file` reports it as unreadable
    rather than leaving it out of the count unsaid. The names `sorted(folder.rglob("*"))`
    gives (its folders entered, not links to folders), in its order, found with one
    `os.scandir` a folder and no `Path` made for a name that is not listed (issue 31:
    half of the time `check` took to list 500 files before its workers start)."""
    return [folder.joinpath(*parts) for parts in sorted(_design_names(folder, ()))]


# What `Path.is_dir` takes for "no": a name gone, not a folder, or a link loop.
_NOT_THERE = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)


def _design_names(folder: str | Path, parts: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The parts, below the folder `check` was given, of each design name in `folder`
    and the folders inside it; a folder that may not be read is left out (as rglob)."""
    try:
        with os.scandir(folder) as scan:
            entries = list(scan)
    except PermissionError:
        return
    for entry in entries:
        name = entry.name
        try:
            is_dir = entry.is_dir()
        except OSError as exc:
            if exc.errno not in _NOT_THERE:
                raise
            is_dir = False
        if not is_dir and _suffix(name).lower() in DESIGN_SUFFIXES:
            yield (*parts, name)
        if is_dir and not entry.is_symlink():
            yield from _design_names(entry.path, (*parts, name))


def _suffix(name: str) -> str:
    """`PurePath(name).suffix`: the last dot's part, unless the dot starts or ends it."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def check_file(path: Path, warnings: bool = False) -> CheckResult:
    """One file's outcome. `mechlab check` shows no warning: they are worked out only
    when asked for (`warnings`: the result's warning codes)."""
    if path.suffix.lower() in FORCE_SUFFIXES:
        from mechlab.force.roster import is_force_file

        if is_force_file(path):
            return check_force(path)
    try:
        source = read_source(path)
    except UnsupportedTechnologyError as exc:
        return CheckResult(path, "unsupported", detail=exc.item)
    except DesignError as exc:
        # The problem, as a force's (the path is the result's own: said once)
        return CheckResult(path, "unreadable", detail=exc.problems[0] if exc.problems else "")
    design = source.design
    assessed = assess_design(design, source=source.facts, warnings=warnings)
    warned = tuple(f.code for f in assessed.findings if f.severity is Severity.WARNING)
    if assessed.legal:
        return CheckResult(path, "legal", design.name, warnings=warned)
    errors = assessed.errors
    return CheckResult(path, "illegal", design.name, tuple(f.code for f in errors),
                       str(errors[0]), warned)


def check_force(path: Path) -> CheckResult:
    """A force file in the folder: legal when every unit is, illegal when one is (its first
    error, named by unit), unreadable when a unit cannot be read or built."""
    from mechlab.force.roster import load_force

    try:
        force = load_force(path)
    except DesignError as exc:
        return CheckResult(path, "unreadable", detail=exc.problems[0] if exc.problems else "",
                           kind="force")
    illegal = [m for m in force.members if not m.assessment.legal]
    if not illegal:
        return CheckResult(path, "legal", force.name, kind="force")
    codes = tuple(dict.fromkeys(f.code for m in illegal for f in m.assessment.errors))
    first = illegal[0]
    return CheckResult(path, "illegal", force.name, codes,
                       f"unit {first.label}: {first.assessment.errors[0]}", kind="force")


def check_files(paths: Iterable[Path],
                on_each: Callable[[CheckResult], None] | None = None) -> CheckReport:
    report = CheckReport()
    for path in paths:
        result = check_file(path)
        report.results.append(result)
        if on_each:
            on_each(result)
    return report


def summary_table(report: CheckReport) -> str:
    counts = report.counts()
    forces = sum(r.kind == "force" for r in report.results)
    files = len(report.results)
    designs = files - forces
    what = (f"{files} files ({designs} design{'s' * (designs != 1)}, "
            f"{forces} force{'s' * (forces != 1)})" if forces
            else f"{files} design{'s' * (files != 1)}")
    lines = [f"{what}: " + ", ".join(f"{counts[o]} {o}" for o in OUTCOMES)]
    if report.codes():
        lines.append("illegal, by code:")
        lines += [f"  {code:<22}{n:>5}" for code, n in sorted(report.codes().items())]
    if report.unsupported_items():
        lines.append("unsupported, by first unsupported item:")
        lines += [f"  {item:<30}{n:>5}" for item, n in report.unsupported_items().most_common()]
    for r in report.results:
        if r.outcome in ("illegal", "unreadable"):
            lines.append(f"{r.outcome}: {r.path}: {r.detail}")
    return "\n".join(lines)
