"""Write docs/advanced-corpus.md: how mechlab judges and values MegaMek's level-3/4 biped and
quad 'Mech files (issue 27's measure), and every file it does not yet judge as MegaMek does.

    python tools/advanced_corpus.py [SHARED]

SHARED is the folder holding `corpus/megamek-all/` (default: ../shared beside the checkout).
Each file is read once, by the same path as `mechlab check` (the one `.mtf` reader, judged
under the least ruleset admitting it), and compared with INDEX.tsv: MegaMek's BV
(`megamek_bv`) and the Master Unit List's cost (`mul_cost`). Nothing here is asserted: the
floors live in tests/test_advanced.py; this is the list a developer works from.
"""

from __future__ import annotations

import csv
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from mechlab.assess import assess_design
from mechlab.core.errors import DesignError
from mechlab.files.design_data import UnsupportedTechnologyError
from mechlab.files.load import read_source

DOC = Path(__file__).resolve().parents[1] / "docs" / "advanced-corpus.md"
NOTES = "## Notes on the files that differ"
LEVELS = ("3", "4")
CONFIGS = ("Biped", "Quad")


@dataclass(frozen=True)
class Judged:
    path: str
    outcome: str        # legal, illegal, unsupported, unreadable
    cause: str          # the first finding or refusal; "" when legal
    bv: int | None = None
    cost: int | None = None
    megamek_bv: int | None = None
    mul_cost: int | None = None


def index_rows(all_dir: Path) -> Iterator[dict[str, str]]:
    with (all_dir / "INDEX.tsv").open(encoding="utf-8") as handle:
        lines = (line for line in handle if not line.startswith("#"))
        yield from csv.DictReader(lines, delimiter="\t")


def number(text: str) -> int | None:
    return int(text) if text else None


def judge(all_dir: Path, row: dict[str, str]) -> Judged:
    """One file judged as `mechlab check` judges it (mechlab.check.check_file), keeping its
    values as well."""
    path = all_dir / row["path"]
    megamek_bv, mul_cost = number(row["megamek_bv"]), number(row["mul_cost"])
    try:
        source = read_source(path)
    except UnsupportedTechnologyError as exc:
        return Judged(row["path"], "unsupported", exc.item, None, None, megamek_bv, mul_cost)
    except DesignError as exc:
        return Judged(row["path"], "unreadable", exc.problems[0] if exc.problems else "",
                      None, None, megamek_bv, mul_cost)
    assessed = assess_design(source.design, source=source.facts)
    if not assessed.legal:
        return Judged(row["path"], "illegal", str(assessed.errors[0]), None, None,
                      megamek_bv, mul_cost)
    values = assessed.values
    bv = values.bv if values is not None else None
    cost = values.cost.total if values is not None else None
    return Judged(row["path"], "legal", "", bv, cost, megamek_bv, mul_cost)


def first_cause(judged: Judged) -> str:
    """The cause a table groups by: a refusal's item, an illegal file's code."""
    if judged.outcome == "illegal":
        return "illegal: " + judged.cause.split(" ", 1)[0]
    return judged.cause.split(": ", 1)[-1] if judged.outcome == "unreadable" else judged.cause


def percent(part: int, whole: int) -> str:
    return f"{part:,} of {whole:,} ({100 * part / whole:.1f} %)" if whole else "none"


def report(judged: list[Judged]) -> Iterator[str]:
    causes = Counter(first_cause(j) for j in judged if j.outcome != "legal")
    yield from _summary(judged)
    yield ""
    yield "## Not yet judged as MegaMek does, by first cause"
    yield ""
    yield "A file may need more than one thing still missing; it is counted under its first."
    yield ""
    yield "| cause | files |"
    yield "|---|---|"
    for cause, count in sorted(causes.items(), key=lambda kv: (-kv[1], kv[0])):
        yield f"| {cause.replace('|', '/')} | {count} |"
    yield ""
    yield "## Legal, with a BV other than MegaMek's"
    yield ""
    yield "| file | mechlab | MegaMek |"
    yield "|---|---|---|"
    for j in judged:
        if j.outcome == "legal" and j.megamek_bv is not None and j.bv != j.megamek_bv:
            yield f"| `{j.path}` | {j.bv} | {j.megamek_bv} |"
    yield ""
    yield "## Every file not judged legal, by first cause"
    yield from _files_by_cause(judged, causes)


def _summary(judged: list[Judged]) -> Iterator[str]:
    """The title, what the page measures, and the table of outcomes and values."""
    legal = [j for j in judged if j.outcome == "legal"]
    with_bv = [j for j in judged if j.megamek_bv is not None]
    same_bv = [j for j in with_bv if j.bv == j.megamek_bv]
    with_cost = [j for j in judged if j.mul_cost is not None]
    same_cost = [j for j in with_cost if j.cost == j.mul_cost]
    counts = Counter(j.outcome for j in judged)
    yield "# The level-3/4 biped and quad files: how mechlab judges and values them"
    yield ""
    yield ("Issue 27's measure: the files of `../shared/corpus/megamek-all/` whose `rules level:` "
           "is 3 or 4 and whose `Config:` is Biped or Quad, each read as `mechlab check` reads "
           "it (the one `.mtf` reader; judged under the least ruleset admitting its content). "
           "Refusals count as misses. Generated by `python tools/advanced_corpus.py` (which keeps "
           "the notes section as written); the floors the tests hold are in "
           "`tests/test_advanced.py`.")
    yield ""
    yield "| measure | files |"
    yield "|---|---|"
    yield f"| legal | {percent(len(legal), len(judged))} |"
    yield f"| illegal | {counts['illegal']:,} |"
    yield f"| refused (technology not yet implemented) | {counts['unsupported']:,} |"
    yield f"| unreadable | {counts['unreadable']:,} |"
    yield (f"| BV = MegaMek's (of the files with a MegaMek BV) | "
           f"{percent(len(same_bv), len(with_bv))} |")
    yield (f"| cost = the MUL's (of the files with a MUL cost) | "
           f"{percent(len(same_cost), len(with_cost))} |")


def _files_by_cause(judged: list[Judged], causes: Counter[str]) -> Iterator[str]:
    """Each cause's files, most frequent cause first; an illegal file with its finding."""
    for cause, count in sorted(causes.items(), key=lambda kv: (-kv[1], kv[0])):
        yield ""
        yield f"### {cause} ({count})"
        yield ""
        for j in judged:
            if j.outcome != "legal" and first_cause(j) == cause:
                detail = f": {j.cause}" if j.outcome == "illegal" else ""
                yield f"- `{j.path}`{detail}"


def kept_notes(doc: Path) -> list[str]:
    """The hand-written section of the current document (why a file differs), kept as is."""
    if not doc.exists():
        return []
    lines = doc.read_text(encoding="utf-8").splitlines()
    if NOTES not in lines:
        return []
    start = lines.index(NOTES)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    return lines[start:end]


def main(argv: list[str]) -> int:
    shared = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2] / "shared"
    all_dir = shared / "corpus" / "megamek-all"
    rows = [r for r in index_rows(all_dir)
            if r["rules_level"] in LEVELS and r["config"] in CONFIGS]
    judged = [judge(all_dir, row) for row in rows]
    lines = list(report(judged))
    notes = kept_notes(DOC)
    at = lines.index("## Not yet judged as MegaMek does, by first cause")
    DOC.write_text("\n".join([*lines[:at], *notes, *lines[at:]]) + "\n", encoding="utf-8")
    print(f"wrote {DOC}: " + next(line for line in lines if line.startswith("| legal")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
