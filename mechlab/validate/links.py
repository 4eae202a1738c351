"""Items that each link one item of their own location (a RISC laser pulse module, a laser
insulator): MegaMek links each to the first such item there that no other links, so a
location holds no more of them than items to link. The rules that use this name the items
and the code (validate/ram_plate.py, validate/advanced_equipment.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from mechlab.core.locations import Location
from mechlab.model.mech import MountedItem


def unlinked(links: Iterable[MountedItem], targets: Counter[Location]
             ) -> Iterator[tuple[MountedItem, int]]:
    """Each of `links` beyond the `targets` its location holds, with how many links its
    location has by then (the first one too many, then the next…)."""
    seen: Counter[Location] = Counter()
    for mount in links:
        seen[mount.location] += 1
        if seen[mount.location] > targets[mount.location]:
            yield mount, seen[mount.location]
