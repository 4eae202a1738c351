"""Design operations: pure functions from a design mapping to a new design mapping.

What a designer does with a click (`mechlab serve`) or a flag (`mechlab new
--auto-armor`): spread armor, place an item in its critical slots, compact or sort the
slots, apply a finding's mechanical fix. Each takes the design as the mapping a YAML
design file holds and returns a new mapping; none changes its input, none judges the
result (the caller assesses it, as every command does), and none states a rule fact:
caps, points per ton and slot counts come from the resolved 'Mech and its ruleset.
"""

from __future__ import annotations

from mechlab.edit.armor import auto_armor
from mechlab.edit.fixes import apply_fix, fixes_for
from mechlab.edit.slots import (
    add_item,
    compact,
    fill,
    move_entry,
    place,
    place_split,
    remove_entry,
    sort_slots,
    split,
    unplace,
)

__all__ = ["add_item", "apply_fix", "auto_armor", "compact", "fill", "fixes_for", "move_entry",
           "place", "place_split", "remove_entry", "sort_slots", "split", "unplace"]
