"""Force files: a named force and its units, each with its own MechWarrior.

    force: Davion Recon Lance
    units:
      - unit: CPLT-C1                   # a library name, or a design file path
        pilot: {name: Kai Allard, gunnery: 3, piloting: 4}
      - unit: my-designs/scout.yaml     # relative to the force file
        pilot: {name: Ana Sato, gunnery: 4, piloting: 5}

Read like designs: YAML loaded safely, every mistake a `DesignError` line naming the
file, the field and the fix; the units are read with the same machinery as the
command line's inputs.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mechlab.bv import battle_value
from mechlab.cards import alpha_strike
from mechlab.design import Pilot, Text
from mechlab.inputs import DESIGN_SUFFIXES, Input, read_input, read_inputs
from mechlab.load import DesignError, _problem, read_mapping
from mechlab.mech import Mech
from mechlab.resolve import resolve
from mechlab.sheet.styles import style_names
from mechlab.validate.findings import Finding

FORCE_SUFFIXES = (".yaml", ".yml")
MAX_UNITS = 100  # a force is a lance or a company, not a library
NO_VALUE = "—"  # RULES.md: a ruleset without Battle Value shows a dash, never a guess


# Built on first use (defer_build): printing design files never reads a force file, and
# the sheet command need not pay for these validators at start-up.
class ForceUnit(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    unit: Text
    pilot: Pilot = Pilot()


class ForceFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    force: Text
    units: Annotated[list[ForceUnit], Field(min_length=1, max_length=MAX_UNITS)]
    style: Text | None = None  # a sheet style for the whole force (`--style` wins)


@dataclass(frozen=True)
class Member:
    """One unit of a force, resolved, with its own pilot."""

    mech: Mech
    pilot: Pilot
    label: str  # as written in the force file
    findings: tuple[Finding, ...] = ()  # its file's own contradictions (RULES.md §7)


@dataclass(frozen=True)
class Force:
    name: str
    members: tuple[Member, ...]
    style: str | None
    source: Path


def is_force_file(path: Path) -> bool:
    """A YAML file whose top level has `force:` and `units:` (not a design)."""
    if path.suffix.lower() not in FORCE_SUFFIXES or not path.is_file():
        return False
    try:
        head = path.read_text(encoding="utf-8", errors="replace")[:65536]
    except OSError:
        return False
    return any(line.startswith("force:") for line in head.splitlines())


def load_force(path: Path) -> Force:
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DesignError(source, ["no such force file (check the path)"]) from None
    except UnicodeDecodeError:
        raise DesignError(source, ["is not UTF-8 text; save it as UTF-8"]) from None
    except OSError as exc:
        raise DesignError(source, [f"cannot be read: {exc.strerror}"]) from None
    data = read_mapping(text, source, "a force file is a YAML mapping with force: and units:")
    try:
        parsed = ForceFile.model_validate(data)
    except ValidationError as exc:
        raise DesignError(source, [_force_problem(err) for err in exc.errors()]) from None
    members, errors = [], []
    for index, entry in enumerate(parsed.units):
        try:
            mech, findings = _unit(entry.unit, path)
            members.append(Member(mech, entry.pilot, entry.unit, findings))
        except DesignError as exc:
            errors += [f"units[{index}].unit: {line}" for line in exc.lines]
    if parsed.style is not None and parsed.style not in style_names():
        errors.append(f"style: unknown sheet style {parsed.style!r}; "
                      f"choose from {', '.join(style_names())}")
    if errors:
        raise DesignError(source, errors)
    return Force(parsed.force, tuple(members), parsed.style, path)


def _force_problem(err: Any) -> str:
    """A pydantic error in force-file words (unknown fields suggest this file's fields)."""
    loc = err["loc"]
    if err["type"] == "extra_forbidden":
        model = ForceUnit if "units" in loc[:-1] else ForceFile
        if "pilot" in loc[:-1]:
            model = Pilot  # type: ignore[assignment]
        close = difflib.get_close_matches(str(loc[-1]), list(model.model_fields), n=1,
                                          cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        path = ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in loc)
        return f"{path.replace('.[', '[')}: unknown field{hint}; remove or rename it"
    if err["type"] == "too_short" and loc == ("units",):
        return "units: a force needs at least one unit; add - unit: NAME"
    if err["type"] == "too_long" and loc == ("units",):
        return f"units: at most {MAX_UNITS} units in one force; split it into several files"
    return _problem(err)


def _unit(name: str, force_path: Path) -> tuple[Mech, tuple[Finding, ...]]:
    """A library unit, or a design file relative to the force file: resolved, with its
    file's own contradictions."""
    candidate = force_path.parent / name
    if Path(name).suffix.lower() in DESIGN_SUFFIXES or candidate.exists():
        if candidate.resolve() == force_path.resolve():
            raise DesignError(name, ["is the force file itself; name a design or a unit"])
        item = read_input(str(candidate))
    else:
        item = read_input(name)
    return resolve(item.design), item.findings


# The summary ----------------------------------------------------------------------


@dataclass(frozen=True)
class SummaryRow:
    name: str
    tonnage: int
    pilot: str
    gunnery: int
    piloting: int
    bv: str  # "1,399", or NO_VALUE where the ruleset defines no Battle Value
    adjusted_bv: str
    pv: str = NO_VALUE  # the Alpha Strike point value at the pilot's gunnery (ALPHA_STRIKE.md §8)


def summary(force: Force) -> tuple[list[SummaryRow], SummaryRow]:
    """One row per unit and the totals row (tonnage, BV and adjusted BV summed)."""
    rows, base_total, adjusted_total, complete = [], 0, 0, True
    pv_total, pv_complete = 0, True
    for member in force.members:
        mech, pilot = member.mech, member.pilot
        gunnery, piloting = mech.ruleset.pilot_skills(pilot)
        if mech.ruleset.has_battle_value:
            value = battle_value(mech)
            base, adjusted = value.base, value.adjusted(mech, gunnery, piloting)
            base_total, adjusted_total = base_total + base, adjusted_total + adjusted
            bv, adjusted_bv = f"{base:,}", f"{adjusted:,}"
        else:
            complete = False
            bv = adjusted_bv = NO_VALUE
        pv = NO_VALUE
        if alpha_strike.applies(mech):
            points = alpha_strike.alpha_strike_card(mech, mech.name, gunnery).pv
            pv_total, pv = pv_total + points, str(points)
        else:
            pv_complete = False
        rows.append(SummaryRow(mech.name, mech.tonnage, pilot.name, gunnery, piloting, bv,
                               adjusted_bv, pv))
    tons = sum(member.mech.tonnage for member in force.members)
    total = SummaryRow("Total", tons, f"{len(rows)} units", 0, 0,
                       f"{base_total:,}" if complete else NO_VALUE,
                       f"{adjusted_total:,}" if complete else NO_VALUE,
                       str(pv_total) if pv_complete else NO_VALUE)
    return rows, total


def summary_text(force: Force) -> str:
    """The summary as a terminal table."""
    rows, total = summary(force)
    header = ("Unit", "Tons", "Pilot", "G/P", "BV", "Adj. BV", "PV")
    cells = [(r.name, str(r.tonnage), r.pilot or "(unnamed)", f"{r.gunnery}/{r.piloting}",
              r.bv, r.adjusted_bv, r.pv) for r in rows]
    cells.append((total.name, str(total.tonnage), total.pilot, "", total.bv, total.adjusted_bv,
                  total.pv))
    widths = [max(len(c[i]) for c in [header, *cells]) for i in range(len(header))]
    right = (False, True, False, True, True, True, True)

    def line(c: tuple[str, ...]) -> str:
        return "  ".join(v.rjust(w) if r else v.ljust(w)
                         for v, w, r in zip(c, widths, right, strict=True)).rstrip()

    rule = "  ".join("-" * w for w in widths)
    body = [line(c) for c in cells[:-1]]
    return "\n".join([force.name, "", line(header), rule, *body, rule, line(cells[-1])])


def read_groups(args: list[str]) -> list[Force | list[Input]]:
    """The command line's inputs: force files and runs of other inputs (design files,
    library names), in the order given; every bad input of every argument reported at once."""
    groups: list[Force | list[Input]] = []
    errors: list[DesignError] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            try:
                groups.append(read_inputs(run.copy()))
            except DesignError as exc:
                errors.append(exc)
            run.clear()

    for arg in args:
        if is_force_file(Path(arg)):
            flush()
            try:
                groups.append(load_force(Path(arg)))
            except DesignError as exc:
                errors.append(exc)
        else:
            run.append(arg)
    flush()
    if errors:
        raise DesignError.combine(errors)
    return groups
