"""`mechlab import`'s one explicit step for a design whose ruleset lists items in runs
(`Ruleset.imported_slots_kept` False: the Introductory rules): judged on the 'Mech already
resolved from the one-to-one design, explicit slots are dropped location by location where
auto-placement (RULES.md 1.6: first free run, in the order listed) puts the same items in
the same slots, then consecutive identical entries merge into `count`, so imported designs
stay readable. A file that contradicts itself is never pruned into a design file."""

from __future__ import annotations

from typing import Any

from mechlab.core.errors import DesignError
from mechlab.core.locations import Location
from mechlab.model.mech import Mech, MountedItem, Slot, SlotKind


def refuse_contradictions(source: str, findings: list[Any]) -> None:
    """A file that contradicts itself cannot become a design file (nothing is repaired);
    a warning (a stale `rules level:` line, fixed slots in another order) does not stop it."""
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        raise DesignError(source, [f"{f} (the file contradicts itself; fix it first)"
                                   for f in errors])


def runs(entries: list[dict[str, Any]], size_of: Any) -> list[dict[str, Any]]:
    """Identical whole items written one after another as one entry with a `count` (their
    copies sit one after another from its slot: RULES.md 1.6, the same slots one to one).
    `size_of(entry)` is an entry's slots, None where it is not a whole item."""
    out: list[dict[str, Any]] = []
    for entry in entries:
        last = out[-1] if out else None
        size = size_of(entry)
        if (last is not None and size is not None and size_of(last) == size
                and "slot" in entry and "slot" in last
                and {k: v for k, v in last.items() if k not in ("slot", "count")}
                == {k: v for k, v in entry.items() if k != "slot"}
                and last["slot"] + last.get("count", 1) * size == entry["slot"]):
            last["count"] = last.get("count", 1) + 1
            continue
        out.append(dict(entry))
    return out


def minimal_design(design: dict[str, Any], mech: Mech) -> dict[str, Any]:
    """The design with explicit slots dropped location by location where auto-placement
    (RULES.md 1.6: first free run, in the order listed) puts the same items in the same
    slots, then consecutive identical entries merged into `count`: one explicit step,
    judged on the 'Mech already resolved from the one-to-one design."""
    copies = _one_per_copy(design["equipment"], mech)
    for location in mech.locations:
        if _auto_agrees(copies, design["equipment"], mech, location):
            for entry, _ in copies:
                if entry["location"] == location.value and "split" not in entry:
                    entry.pop("slot", None)
    return {**design, "equipment": _compact([entry for entry, _ in copies])}


Copy = tuple[dict[str, Any], MountedItem | None]  # one copy of an entry, and its mount


def _one_per_copy(entries: list[dict[str, Any]], mech: Mech) -> list[Copy]:
    """Each copy of a `count` entry as an entry of its own, on its own slots."""
    copies: list[Copy] = []
    for index, entry in enumerate(entries):
        mounts = [m for m in mech.mounts if m.path == f"equipment[{index}]"]
        for copy in range(entry.get("count", 1)):
            mount = mounts[copy] if copy < len(mounts) else None
            one = {k: v for k, v in entry.items() if k != "count"}
            if "slot" in one and mount is not None:
                one["slot"] += copy * mount.slot_count
            copies.append((one, mount))
    return copies


def _auto_agrees(copies: list[Copy], equipment: list[dict[str, Any]], mech: Mech,
                 location: Location) -> bool:
    """Would placing this location's entries without their slots give the same slots?
    Fixed components and split weapons keep theirs; the other entries take the first
    free run that fits, in the order listed (resolve's placement)."""
    slots = mech.critical_slots[location]
    kept: list[Slot | None] = [s if s.kind is SlotKind.FIXED or _split(s, equipment) else None
                               for s in slots]
    placed: list[str | None] = [s.name if s is not None else None for s in kept]
    for entry, mount in copies:
        if entry["location"] != location.value or "split" in entry or mount is None:
            continue
        if mount.slot_count == 0:
            continue
        start = _first_free_run(placed, mount.slot_count)
        if start is None:
            return False
        placed[start:start + mount.slot_count] = [mount.name] * mount.slot_count
    return placed == [s.name if s.kind is not SlotKind.EMPTY and not _auto(s) else None
                      for s in slots]


def _split(slot: Slot, equipment: list[dict[str, Any]]) -> bool:
    """A slot of a split weapon (either part): it keeps its explicit position."""
    path = slot.mount.path if slot.mount is not None else ""
    return path.startswith("equipment[") and "split" in equipment[int(path[10:-1])]


def _auto(slot: Slot) -> bool:
    return slot.mount is not None and slot.mount.auto


def _first_free_run(cells: list[str | None], length: int) -> int | None:
    for start in range(len(cells) - length + 1):
        if all(cell is None for cell in cells[start:start + length]):
            return start
    return None


def _compact(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    compact: list[dict[str, Any]] = []
    for entry in entries:
        last = compact[-1] if compact else None
        if (last is not None and "slot" not in entry and "slot" not in last
                and "split" not in entry and "split" not in last
                and {k: v for k, v in last.items() if k != "count"} == entry):
            last["count"] = last.get("count", 1) + 1
        else:
            compact.append(dict(entry))
    return compact

