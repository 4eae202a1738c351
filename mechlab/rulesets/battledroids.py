"""The `battledroids` ruleset: *Battledroids* (FASA 1984), RULES.md §2.

"Same as intro except ...": this class overrides only what §2 changes, and
`battledroids.yaml` extends `intro.yaml` with only the rows that differ.
"""

from __future__ import annotations

from typing import ClassVar

from mechlab.core.weight_groups import WeightGroup
from mechlab.rulesets.intro import Intro


def _changed(rules: tuple[str, ...], replace: dict[str, str], drop: set[str]) -> tuple[str, ...]:
    return tuple(replace.get(code, code) for code in rules if code not in drop)


class Battledroids(Intro):
    """The 1984 *Battledroids* construction rules (RULES.md §2)."""

    name: ClassVar[str] = "battledroids"
    aliases: ClassVar[tuple[str, ...]] = ("1984", "bd", "battledroid")
    title: ClassVar[str] = "Battledroids (FASA, 1984)"
    data_file: ClassVar[str] = "battledroids.yaml"
    ladder_level: ClassVar[int | None] = None  # the 1984 book is on no level of the ladder

    # §2 Decision: jets take no critical slot (the design steps place only "heat sinks and
    # weapons"; no printed design depends on it). Their weight is 0.5 t per MP (the data file).
    jump_jets_take_slots: ClassVar[bool] = False
    # §2 armor: each of the 11 sections on its own ("twice the number of internal structure
    # boxes at that location", over "11 different locations"); no front + rear cap.
    torso_armor_capped_together: ClassVar[bool] = False
    # §2: no actuator removal rule in 1984; all four arm actuators are always present.
    arm_actuators_removable: ClassVar[bool] = False
    # §2 ammunition: at least 1 t per class, machine guns included; no half-ton lots.
    half_ton_ammo_lots: ClassVar[bool] = False
    # §2 weapons table: no one-shot launchers.
    one_shot_launchers: ClassVar[bool] = False
    # §2 heat: walking 0, running +1, jumping +1 per hex (no minimum).
    walking_heat: ClassVar[int] = 0
    running_heat: ClassVar[int] = 1
    jumping_heat_per_hex: ClassVar[int] = 1
    minimum_jumping_heat: ClassVar[int] = 0
    # RULES.md 4.3: a 1984 design prints on the 1984 sheet unless --style says otherwise.
    default_sheet_style: ClassVar[str] = "battledroids"
    # RULES.md §6 converts standard (intro-tech) 'Mechs; a 1984 droid gets no Alpha Strike card.
    alpha_strike: ClassVar[bool] = False
    mtf_export_refusal: ClassVar[str | None] = (
        "MegaMek's format has no 1984 rules; MegaMek would judge the design by later ones "
        "(armor caps, jump jet weights and slots, heat sinks in the engine). Keep it as YAML")
    # The Merlin's walk-through (seed 002, L1613–1678): engine, cockpit, gyro, structure, ...
    weight_order: ClassVar[tuple[WeightGroup, ...]] = (
        WeightGroup.ENGINE, WeightGroup.COCKPIT, WeightGroup.GYRO, WeightGroup.STRUCTURE,
        WeightGroup.JUMP_JETS, WeightGroup.HEAT_SINKS, WeightGroup.ARMOR, WeightGroup.EQUIPMENT)
    # Decision (§2 is silent): the weight classes of RULES.md 4.2, 5–15 t droids are light.

    # §2 weight total: "may not exceed the tonnage"; under-weight is allowed (CRD-3R
    # 64.5 t): W-TONNAGE-UNDER. §2 jump jets: no rule caps Jumping MP at Walking MP
    # (GRF-1N jumps 6, walks 5): W-JUMP-GT-WALK. §2: no actuator removal: E-ACTUATOR-REMOVED.
    rules: ClassVar[tuple[str, ...]] = _changed(
        Intro.rules,
        replace={"E-TONNAGE-UNDER": "W-TONNAGE-UNDER", "E-JUMP-GT-WALK": "W-JUMP-GT-WALK",
                 "E-ACTUATOR-LOWER": "E-ACTUATOR-REMOVED"},
        # Rules that cannot be broken here: jets have no slot, no sink sits in the engine,
        # and the 1984 table has no one-shot launcher and no hatchet.
        drop={"E-JUMP-LOCATION", "W-HEATSINK-OUTSIDE", "E-AMMO-ONE-SHOT",
              "E-HATCHET-LOCATION", "E-HATCHET-NO-HAND", "E-HATCHET-COUNT"},
    )

    def integral_heat_sinks(self, rating: int, total: int) -> int:
        # §2: "every heat sink, free or bought, occupies a slot on the critical chart".
        return 0
