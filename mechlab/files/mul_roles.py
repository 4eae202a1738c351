"""Alpha Strike roles from a Master Unit List table, for `mechlab import --roles`.

The role ("Brawler", "Missile Boat") is assigned by hand on the Master Unit List (MUL) and
never derived (RULES.md 6.9), so an imported design gets it from a table of MUL records:
tab-separated, `#` lines first (its source), then a row of column names with `role` and
`path` and/or `mul_id`: one row per MegaMek file, `path` relative to MegaMek's `mechs/`
folder (`3039u/Catapult CPLT-C1.mtf`), as in `../shared/cards/alpha_strike_mul_all.tsv`.

A `.mtf` file finds its row by its path (`…/3039u/Catapult CPLT-C1.mtf`), else by its
file name where one row has it (a copy in a flat folder) and the row's MUL id does not
contradict the file's own `mul id:`, else by that MUL id where its rows agree on one
role. A file no row names, or whose row has no role, gets none: a role is never guessed.
"""

from __future__ import annotations

import os
import stat
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from mechlab.core.design import MAX_NAME, check_text
from mechlab.core.errors import DesignError

# The MUL's whole catalogue is a few MB; anything much bigger is not a roles table.
MAX_TABLE_BYTES = 20_000_000
GIVE = "give a MUL table of roles: a .tsv with a `role` column and a `path` or `mul_id` column"


@dataclass(frozen=True)
class MulRole:
    """A design's MUL role and the record it came from."""

    role: str
    mul_id: str | None


@dataclass(frozen=True)
class RoleTable:
    """A MUL table's roles, looked up by a file's path, name or MUL id."""

    name: str  # the table's file name, for the imported file's header comment
    by_path: dict[tuple[str, ...], MulRole]
    by_name: dict[str, list[tuple[str, ...]]]
    by_mul_id: dict[str, set[MulRole]]  # the rows with a role only

    def role_of(self, path: Path, mul_id: str | None) -> MulRole | None:
        """The role of the MegaMek file at `path` whose `mul id:` line says `mul_id`."""
        row = self._row_of(path, mul_id)
        if row is None:
            roles = {r.role for r in self.by_mul_id.get(mul_id or "", ())}
            row = MulRole(roles.pop(), mul_id) if len(roles) == 1 else None
        return row if row is not None and row.role else None

    def _row_of(self, path: Path, mul_id: str | None) -> MulRole | None:
        """The row naming this file: by its path, else by its name alone where one row has
        that name and the row's MUL id does not contradict the file's."""
        named = self.by_name.get(path.name, [])
        for row_path in named:
            if tuple(path.parts)[-len(row_path):] == row_path:
                return self.by_path[row_path]
        if len(named) == 1 and (mul_id is None or self.by_path[named[0]].mul_id in (
                None, mul_id)):
            return self.by_path[named[0]]
        return None


def read_role_table(path: Path) -> RoleTable:
    """The roles of a MUL table (`DesignError`, one line, if it is not one)."""
    source = str(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # never wait on a pipe or a device
            raise DesignError(source, ["is not a regular file; " + GIVE])
        with open(path, "rb") as handle:
            raw = handle.read(MAX_TABLE_BYTES + 1)
    except FileNotFoundError:
        raise DesignError(source, ["no such file; " + GIVE]
                          ) from None
    except OSError as exc:
        raise DesignError(source, [f"cannot be read: {exc.strerror or exc}"]) from None
    if len(raw) > MAX_TABLE_BYTES:
        raise DesignError(source, [f"is over {MAX_TABLE_BYTES:,} bytes; {GIVE}"])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DesignError(source, ["is not UTF-8 text; " + GIVE]) from None
    rows = [(number, line.split("\t")) for number, line in enumerate(text.splitlines(), 1)
            if line.strip() and not line.startswith("#")]
    columns = [c.strip() for c in rows[0][1]] if rows else []
    if "role" not in columns or not {"path", "mul_id"} & set(columns):
        raise DesignError(source, ["is not a roles table; " + GIVE])
    return _table(path, columns, rows[1:])


def _table(path: Path, columns: list[str], rows: list[tuple[int, list[str]]]) -> RoleTable:
    by_path: dict[tuple[str, ...], MulRole] = {}
    by_name: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    by_mul_id: dict[str, set[MulRole]] = defaultdict(set)
    for number, row in rows:
        cells = dict(zip(columns, (cell.strip() for cell in row), strict=False))
        role, mul_id, where = cells.get("role", ""), cells.get("mul_id") or None, \
            cells.get("path", "")
        try:
            check_text(role, MAX_NAME)  # what a design file's `role:` may hold
        except ValueError as exc:
            raise DesignError(str(path), [f"line {number}: role: {exc}"]) from None
        if where:  # a row without a role still names its file: that file gets none
            key = PurePosixPath(where.replace("\\", "/")).parts
            by_path[key] = MulRole(role, mul_id)
            by_name[key[-1]].append(key)
        if mul_id and role:
            by_mul_id[mul_id].add(MulRole(role, mul_id))
    return RoleTable(path.name, by_path, dict(by_name), dict(by_mul_id))
