"""The critical table's words (RULES.md 4.1): each location's slots as runs of one item,
a run's line per slot as the record sheets print it ("Ammo (LRM 15) 8", "Roll Again",
"Gauss Ammo 8+8"). Pure functions of a resolved 'Mech; the critical table places them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from mechlab.core.equipment import ItemKind
from mechlab.core.locations import Location
from mechlab.model.mech import Mech, MountedItem, Slot, SlotKind


@dataclass(frozen=True)
class SlotRun:
    """Consecutive slots one item fills: drawn as one bracket when longer than one."""

    first: int  # 0-based slot index
    texts: tuple[str, ...]  # one per slot
    bracketed: bool
    # ADVANCED_COMPONENTS.md §5: which slots are armored (marked with a dot, as MegaMekLab
    # prints them); empty: none.
    armored: tuple[bool, ...] = ()


def slot_text(slot: Slot, empty_text: str, title: Callable[[str], str] = str) -> str:
    """`Ammo (LRM 15) 8` for an ammo slot, the item or component name otherwise (a fixed
    slot as `title` words it: the ruleset's `slot_title`, "XL Fusion Engine"); an
    empty slot says what the ruleset prints there (`empty_slot_text`: "Roll Again")."""
    if slot.kind is SlotKind.EMPTY:
        return empty_text
    mount = slot.mount
    if mount is not None and mount.item.kind is ItemKind.AMMO:
        return f"{mount.name.replace(' (1/2)', '')} {mount.item.shots}"
    if mount is not None and mount.rear:
        return f"{slot.name} (R)"
    if mount is not None and mount.turret:  # ADVANCED_EQUIPMENT.md §4.4, MegaMek's `(T)`
        return f"{slot.name} (T)"
    return slot.name if mount is not None else title(slot.name)


def slot_runs(mech: Mech, location: Location) -> list[SlotRun]:
    """Runs of slots filled by one item (or one fixed component), in slot order."""
    runs: list[SlotRun] = []
    slots = mech.critical_slots[location]
    design = mech.design

    def title(name: str) -> str:
        return mech.ruleset.slot_title(design, name)

    # The mounts that share another's slot (a superheavy's), looked up once, not per slot.
    sharing = [m for m in mech.mounts if m.shared_slot is not None]

    index = 0
    while index < len(slots):
        end = index + 1
        while end < len(slots) and _same_run(slots[index], slots[end],
                                             mech.ruleset.multi_slot_fixed):
            end += 1
        texts = tuple(_with_shared(mech, s, slot_text(s, mech.ruleset.empty_slot_text, title),
                                   title, sharing) for s in slots[index:end])
        armored = tuple(s.armored for s in slots[index:end])
        runs.append(SlotRun(index, texts, bracketed=end - index > 1,
                            armored=armored if any(armored) else ()))
        index = end
    return runs


def _with_shared(mech: Mech, slot: Slot, text: str, title: Callable[[str], str],
                 sharing: list[MountedItem]) -> str:
    """CONFIGURATIONS.md §5: a superheavy's slot that holds two items names both; two bins
    of one ammunition as one name with both bins' shots (`Gauss Ammo 8+8`). `sharing`:
    the mounts that share a slot."""
    second = [m for m in sharing if m.shared_slot == slot.index
              and m.location is slot.location]
    if not second or slot.mount is None:
        return text
    other = slot_text(replace(slot, mount=second[0], name=second[0].name),
                      mech.ruleset.empty_slot_text, title)
    if other == text and second[0].item.kind is ItemKind.AMMO:
        return f"{text}+{second[0].item.shots}"
    return f"{text} | {other}"


def _same_run(a: Slot, b: Slot, multi_slot_fixed: frozenset[str]) -> bool:
    if a.kind is SlotKind.EMPTY or b.kind is SlotKind.EMPTY:
        return False
    if a.mount is not None or b.mount is not None:
        return a.mount is not None and b.mount is not None and a.mount.id == b.mount.id
    return a.name == b.name and a.name in multi_slot_fixed
