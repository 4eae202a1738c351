"""Force files: a named force and its units, each with its own MechWarrior.

    force: Davion Recon Lance
    units:
      - unit: CPLT-C1                   # a library name, or a design file path
        pilot: {name: Kai Allard, gunnery: 3, piloting: 4}
      - unit: my-designs/scout.yaml     # relative to the force file
        pilot: {name: Ana Sato, gunnery: 4, piloting: 5}
    game: alpha-strike                  # optional: an Alpha Strike force lists PV, not BV

Read like designs: YAML loaded safely, every mistake a `DesignError` line naming the
file, the field and the fix; the units are read with the same machinery as the
command line's inputs.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mechlab.assess import Assessment
from mechlab.cards.assessed import point_value
from mechlab.core.design import Pilot, Text
from mechlab.core.errors import DesignError
from mechlab.core.state import DamageState
from mechlab.files.design_data import _keys_named, _problem, read_design_bytes
from mechlab.files.inputs import DESIGN_SUFFIXES, read_input
from mechlab.files.load import read_mapping
from mechlab.files.state_file import checked, state_problem
from mechlab.force.model import MAX_UNITS, Force, Game, Member

FORCE_SUFFIXES = (".yaml", ".yml")
NO_VALUE = "—"  # RULES.md: a ruleset without Battle Value shows a dash, never a guess


# Built on first use (defer_build): printing design files never reads a force file, and
# the sheet command need not pay for these validators at start-up.
class ForceUnit(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    unit: Text
    pilot: Pilot = Pilot()
    # What the unit has lost in play, marked on its sheet (issue 30; core/state.py).
    state: DamageState | None = None


class ForceFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    force: Text
    units: Annotated[list[ForceUnit], Field(min_length=1, max_length=MAX_UNITS)]
    style: Text | None = None  # a sheet style for the whole force (`--style` wins)
    game: Game = "classic"


def is_force_file(path: Path) -> bool:
    """A YAML file whose top level has `force:` and `units:` (not a design), or a MegaMek
    unit list (`.mul`)."""
    if path.suffix.lower() in FORCE_READERS:
        return path.is_file()
    if path.suffix.lower() not in FORCE_SUFFIXES or not path.is_file():
        return False
    try:
        with open(path, "rb") as handle:  # the head only: a force file is a few KB
            head = handle.read(65536).decode("utf-8", errors="replace")
    except OSError:
        return False
    return any(line.startswith("force:") for line in head.splitlines())


def load_force(path: Path) -> Force:
    source = str(path)
    if not path.exists():
        raise DesignError(source, ["no such force file (check the path)"])
    reader = FORCE_READERS.get(path.suffix.lower())
    if reader is not None:
        return reader(path)
    raw = read_design_bytes(path, "force file")  # a regular file, ≤ 1 MB
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DesignError(source, ["is not UTF-8 text; save it as UTF-8"]) from None
    data = read_mapping(text, source, "a force file is a YAML mapping with force: and units:")
    if "force" not in data and "units" not in data and {"chassis", "tonnage"} & set(data):
        raise DesignError(source, ["this is a design file, not a force file (force:, units:); "
                                   "print it with mechlab sheet, or list it under a force's "
                                   "units"])
    try:
        parsed = ForceFile.model_validate(data)
    except ValidationError as exc:
        raise DesignError(source, [_force_problem(err)
                                   for err in _keys_named(exc.errors())]) from None
    members, errors = [], []
    for index, entry in enumerate(parsed.units):
        try:
            assessed, unit_path = _unit(entry.unit, path)
        except DesignError as exc:
            errors += [f"units[{index}].unit: {line}" for line in exc.lines]
            continue
        try:
            state = entry.state and checked(entry.state, assessed.mech, source,
                                            f"units[{index}].state.")
        except DesignError as exc:
            errors += exc.problems
            continue
        members.append(Member(assessed, entry.pilot, entry.unit, unit_path, state))
    from mechlab.sheet.styles import style_names  # the sheet stack only for a force

    if parsed.style is not None and parsed.style not in style_names():
        errors.append(f"style: unknown sheet style {parsed.style!r}; "
                      f"choose from {', '.join(style_names())}")
    if errors:
        raise DesignError(source, errors)
    return Force(parsed.force, tuple(members), parsed.style, path, parsed.game)


# Forces in other formats, by suffix: a reader turns the file into a Force (every bad unit
# a line of one DesignError), as the design readers of files/load.py do for designs.
ForceReader = Callable[[Path], Force]
FORCE_READERS: dict[str, ForceReader] = {}


def register_force_reader(suffixes: tuple[str, ...], reader: ForceReader) -> ForceReader:
    for suffix in suffixes:
        FORCE_READERS[suffix] = reader
    return reader


def _read_mul(path: Path) -> Force:
    from mechlab.force.mul import read_mul  # the XML reader only when a list is read

    return read_mul(path)


register_force_reader((".mul",), _read_mul)


def _force_problem(err: Any) -> str:
    """A pydantic error in force-file words (unknown fields suggest this file's fields)."""
    loc = err["loc"]
    if err["type"] == "extra_forbidden":
        model = ForceUnit if "units" in loc[:-1] else ForceFile
        fields = list(Pilot.record_fields if "pilot" in loc[:-1] else model.model_fields)
        close = difflib.get_close_matches(str(loc[-1]), fields, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        path = ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in loc)
        return f"{path.replace('.[', '[')}: unknown field{hint}; remove or rename it"
    if err["type"] == "too_short" and loc == ("units",):
        return "units: a force needs at least one unit; add - unit: NAME"
    if err["type"] == "too_long" and loc == ("units",):
        return f"units: at most {MAX_UNITS} units in one force; split it into several files"
    if loc[:1] == ("units",) and loc[2:3] == ("state",):
        # A unit's state in a state file's words (`--state`), the mapping keys' tags
        # ("armor.left_elbow.[key]") dropped.
        prefix = f"units[{loc[1]}].state."
        return prefix + state_problem({**err, "loc": loc[3:]})
    return _problem(err)


def _unit(name: str, force_path: Path) -> tuple[Assessment, Path | None]:
    """A library unit, or a design file relative to the force file: resolved and judged
    (its file's own contradictions included), and its path."""
    candidate = force_path.parent / name
    if name.strip() and (Path(name).suffix.lower() in DESIGN_SUFFIXES or candidate.exists()):
        if candidate.resolve() == force_path.resolve():
            raise DesignError(name, ["is the force file itself; name a design or a unit"])
        if is_force_file(candidate):
            raise DesignError(name, ["is a force file, not a design: a force cannot hold a "
                                     "force; list that force's units here instead"])
        item = read_input(str(candidate))
    else:
        item = read_input(name)
    return item.assess(), item.origin


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
    error_codes: tuple[str, ...] = ()  # an illegal unit's error codes, each once

    @property
    def legal(self) -> bool:
        return not self.error_codes


def summary(force: Force) -> tuple[list[SummaryRow], SummaryRow]:
    """One row per unit and the totals row (tonnage, BV, adjusted BV and PV summed). A
    unit whose ruleset defines no Battle Value shows NO_VALUE and is left out of the BV
    totals, which say so ("4 units, 1 without BV"); they are NO_VALUE only if no unit has
    one. The PV total is NO_VALUE unless every unit has an Alpha Strike card (an Alpha
    Strike force's sums the units that have one)."""
    rows, base_total, adjusted_total, valued = [], 0, 0, 0
    pv_total, pv_complete = 0, True
    for member in force.members:
        assessed, pilot = member.assessment, member.pilot
        mech = assessed.mech
        gunnery, piloting = mech.ruleset.pilot_skills(pilot)
        values, adjusted = assessed.values, assessed.adjusted_bv(gunnery, piloting)
        if values is not None and adjusted is not None:
            base_total, adjusted_total = base_total + values.bv, adjusted_total + adjusted
            bv, adjusted_bv = f"{values.bv:,}", f"{adjusted:,}"
            valued += 1
        else:
            bv = adjusted_bv = NO_VALUE
        pv = NO_VALUE
        points = point_value(assessed, gunnery)  # the card converted once, at this skill
        if points is not None:
            pv_total, pv = pv_total + points, str(points)
        else:
            pv_complete = False
        rows.append(SummaryRow(mech.name, mech.tonnage, pilot.name, gunnery, piloting, bv,
                               adjusted_bv, pv, assessed.error_codes))
    tons = sum(member.mech.tonnage for member in force.members)
    units = f"{len(rows)} units"
    if 0 < valued < len(rows):
        units += f", {len(rows) - valued} without BV"
    total = SummaryRow("Total", tons, units, 0, 0,
                       f"{base_total:,}" if valued else NO_VALUE,
                       f"{adjusted_total:,}" if valued else NO_VALUE,
                       # an Alpha Strike force sums the units that have a card and says
                       # which have none (summary_text); otherwise all or nothing
                       f"{pv_total:,}" if pv_complete or (force.alpha_strike and pv_total)
                       else NO_VALUE)
    return rows, total


def left_out_of_totals(force: Force) -> list[str]:
    """What the BV totals leave out: each unit whose ruleset defines no Battle Value."""
    return [f"{m.mech.name} ({m.mech.ruleset.name})" for m in force.members
            if m.assessment.values is None]


def summary_text(force: Force) -> str:
    """The summary as a terminal table (an Alpha Strike force: skill and PV, no BV)."""
    rows, total = summary(force)
    cells: list[tuple[str, ...]]
    if force.alpha_strike:
        header: tuple[str, ...] = ("Unit", "Tons", "Pilot", "Skill", "PV")
        right: tuple[bool, ...] = (False, True, False, True, True)
        cells = [(_unit_name(r), str(r.tonnage), r.pilot or "(unnamed)", str(r.gunnery), r.pv)
                 for r in rows]
        cells.append((total.name, str(total.tonnage), total.pilot, "", total.pv))
    else:
        header = ("Unit", "Tons", "Pilot", "G/P", "BV", "Adj. BV", "PV")
        right = (False, True, False, True, True, True, True)
        cells = [(_unit_name(r), str(r.tonnage), r.pilot or "(unnamed)",
                  f"{r.gunnery}/{r.piloting}", r.bv, r.adjusted_bv, r.pv) for r in rows]
        cells.append((total.name, str(total.tonnage), total.pilot, "", total.bv,
                      total.adjusted_bv, total.pv))
    widths = [max(len(c[i]) for c in [header, *cells]) for i in range(len(header))]

    def line(c: tuple[str, ...]) -> str:
        return "  ".join(v.rjust(w) if r else v.ljust(w)
                         for v, w, r in zip(c, widths, right, strict=True)).rstrip()

    rule = "  ".join("-" * w for w in widths)
    body = [line(c) for c in cells[:-1]]
    title = force.name + (" (Alpha Strike)" if force.alpha_strike else "")
    lines = [title, "", line(header), rule, *body, rule, line(cells[-1])]
    if force.alpha_strike:
        left_out = [r.name for r in rows if r.pv == NO_VALUE]
        if left_out:
            lines += ["", f"No Alpha Strike card under its ruleset: {', '.join(left_out)}; "
                          "the PV total leaves it out"]
        return "\n".join(lines)
    left_out = left_out_of_totals(force)
    if left_out and len(left_out) < len(rows):
        lines += ["", f"BV totals leave out {', '.join(left_out)}: "
                      "no Battle Value under that ruleset"]
    return "\n".join(lines)


def _unit_name(row: SummaryRow) -> str:
    return row.name + ("" if row.legal else f" (ILLEGAL: {', '.join(row.error_codes)})")


class _Found(Protocol):
    """An input found or read (`Located`, `Input`): the file it comes from."""

    @property
    def origin(self) -> Path | None: ...


def input_paths(groups: Sequence[Force | Sequence[_Found]]) -> list[Path]:
    """Every file the groups were read from: force files, their units' design files and
    the other design files (what no command may write over)."""
    paths: list[Path] = []
    for group in groups:
        if isinstance(group, Force):
            paths.append(group.source)
            paths += [m.path for m in group.members if m.path is not None]
        else:
            paths += [i.origin for i in group if i.origin is not None]
    return paths
