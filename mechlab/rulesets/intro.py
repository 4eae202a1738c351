"""The `intro` ruleset: the Classic BattleTech Introductory Rulebook (RULES.md §1)."""

from __future__ import annotations

from typing import ClassVar

from mechlab.rulesets.base import Ruleset


class Intro(Ruleset):
    """The Introductory Rulebook construction rules (RULES.md §1), mechlab's default.

    Its facts are `Ruleset`'s defaults; its tables are `intro.yaml`.
    """

    name: ClassVar[str] = "intro"
    aliases: ClassVar[tuple[str, ...]] = ("introductory", "2006", "classic")
    title: ClassVar[str] = "Introductory (Classic BattleTech Introductory Rulebook, 2006)"
    data_file: ClassVar[str] = "intro.yaml"
    ladder_level: ClassVar[int | None] = 1
    # TechManual p. 33: the Standard rules include every Introductory item and component
    # (each a row of the one catalogue, BV_COST.md §2's values theirs), so the Standard
    # tables type an Introductory design for its values and cards; the book's own rows
    # still give what it states differently (the 1984 missiles' heat).
    valued_by: ClassVar[str | None] = "standard"
    # RULES.md §1, in its order: one code per rule (docs/rules.md, generated from them).
    # Issue 26: E-RULES-LEVEL first; when it fires it is the only finding.
    rules: ClassVar[tuple[str, ...]] = (
        "E-RULES-LEVEL",
        "E-TONNAGE-RANGE", "E-TONNAGE-OVER", "E-TONNAGE-UNDER", "E-WEIGHT-STEP",
        "E-WALK-MIN", "E-ENGINE-RATING", "E-ENGINE-MISMATCH",
        "E-JUMP-GT-WALK", "E-JUMP-JETS", "E-JUMP-LOCATION",
        "E-HEATSINK-MIN", "E-HEATSINK-PLACED", "W-HEATSINK-OUTSIDE",
        "E-ARMOR-CAP", "E-ARMOR-HEAD", "E-ARMOR-TONS", "W-ARMOR-UNASSIGNED",
        "W-ARMOR-DEAD",
        "E-ITEM-UNAVAILABLE", "E-SLOTS-FULL", "E-SLOT-TAKEN", "E-REAR-ARM", "E-REAR-ITEM",
        "E-SPLIT", "E-ACTUATOR-LOWER",
        "E-AMMO-MISSING", "E-AMMO-ONE-SHOT", "W-AMMO-UNUSED", "W-AMMO-LOW",
        "E-HATCHET-LOCATION", "E-HATCHET-NO-HAND", "E-HATCHET-COUNT",
    )
