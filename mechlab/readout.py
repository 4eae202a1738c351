"""Terminal text: a Technical-Readout-style summary and the weight walk-through."""

from __future__ import annotations

from fractions import Fraction

from mechlab.assess import Assessment
from mechlab.core.equipment import ItemKind
from mechlab.core.tons import format_tons
from mechlab.core.weight_groups import WeightGroup
from mechlab.model.mech import Mech, MountedItem
from mechlab.model.movement import movement
from mechlab.rulesets.content_level import rules_level
from mechlab.sheet import content


def _t(value: Fraction | None) -> str:
    return format_tons(value) if value is not None else "?"


def technical_readout(assessed: Assessment) -> str:
    """The design the way a Technical Readout prints it, then the verdict."""
    mech = assessed.mech
    verdict = "LEGAL" if assessed.legal else "ILLEGAL"
    lines = [
        f"{mech.name}  —  {verdict} under {mech.ruleset.name}",
        f"Type: {mech.name}   Tonnage: {mech.tonnage} t ({mech.weight_class})",
        *_technology_line(mech),
        "", *_component_lines(mech),
        "", *_armor_lines(mech),
        "", *_item_lines(mech),
        "", *value_lines(assessed),
    ]
    if assessed.findings:
        lines += ["", *(f.display() for f in assessed.findings)]
    return "\n".join(lines)


def _movement_lines(mech: Mech) -> list[str]:
    """Walking, running and jumping MP as the 'Mech moves (the sheet's numbers: shields
    and a partial wing counted, each named), and a QuadVee's vehicle mode."""
    mp = movement(mech)
    walk = f" (shield -{mp.shield_walking_mp})" if mp.shield_walking_mp else ""
    jump = ", ".join(([f"partial wing +{mp.partial_wing_jump_mp}"]
                      if mp.partial_wing_jump_mp else [])
                     + ([f"shield -{mp.shield_jumping_mp}"] if mp.shield_jumping_mp else []))
    lines = [f"    Walking MP: {mp.walking_mp}{walk}",
             f"    Running MP: {content.running_text(mech)}",
             f"    Jumping MP: {mp.jumping_mp}" + (f" ({jump})" if jump else "")]
    if mp.umu_mp:
        lines.append(f"    UMU MP: {mp.umu_mp}")
    cells = content.vehicle_cells(mech)
    if cells:
        lines.append("    " + "  ".join(f"{label} {value}" for label, value in cells))
    return lines


def _component_lines(mech: Mech) -> list[str]:
    """Each component with its type and weight, movement under the engine."""
    weights = {line.group: line.tons for line in mech.weights}
    kinds = content.component_types(mech)
    engine = f"{mech.engine_maker or ''} {mech.engine_rating} {kinds['engine']}".strip()
    sinks = f"{mech.heat_sinks} {kinds['heat_sinks']}".strip()
    armor = f"{mech.armor_points} {kinds['armor']}".strip()

    def row(label: str, text: object, group: WeightGroup) -> str:
        return f"{label:<20}{text!s:<18}{_t(weights[group]):>6}"

    return [
        f"{'Equipment':<38}{'Mass':>6}",
        row("Internal Structure:", kinds["structure"], WeightGroup.STRUCTURE),
        row("Engine:", engine, WeightGroup.ENGINE),
        *_movement_lines(mech),
        *_mode_lines(mech),
        row("Heat Sinks:", sinks, WeightGroup.HEAT_SINKS),
        *([f"    {note}"] if (note := content.partial_wing_note(mech)) else []),
        row("Gyro:", kinds["gyro"], WeightGroup.GYRO),
        row("Cockpit:", kinds["cockpit"], WeightGroup.COCKPIT),
        row("Jump Jets:", mech.jumping_mp, WeightGroup.JUMP_JETS),
        row("Armor Factor:", armor, WeightGroup.ARMOR),
        # an ICE or fuel-cell engine's amplifiers for energy weapons, where it needs them
        *([row("Power Amplifiers:", "", WeightGroup.POWER_AMPLIFIERS)]
          if WeightGroup.POWER_AMPLIFIERS in weights else []),
        # a LAM's or QuadVee's conversion equipment (CONFIGURATIONS.md §3.4)
        *([row("Conversion Gear:", "", WeightGroup.CONVERSION)]
          if WeightGroup.CONVERSION in weights else []),
    ]


def _mode_lines(mech: Mech) -> list[str]:
    """A LAM's other modes (CONFIGURATIONS.md §3.6), as its ruleset answers them."""
    config, ruleset = mech.design.config, mech.ruleset
    airmech = ruleset.airmech_mp(config, mech.walking_mp, mech.jumping_mp)
    fighter = ruleset.fighter_mp(config, mech.jumping_mp)
    lines = [f"    AirMech MP: walk {airmech.walk}, run {airmech.run}, cruise "
             f"{airmech.cruise}, flank {airmech.flank}"] if airmech else []
    return lines + ([f"    Fighter Thrust: safe {fighter.safe_thrust}, max "
                     f"{fighter.max_thrust}"] if fighter else [])


def _armor_lines(mech: Mech) -> list[str]:
    """Internal structure and armor per location, rear armor on its own line."""
    lines = [f"{'':<22}{'Internal':>9}{'Armor':>7}", f"{'':<22}{'Structure':>9}{'Value':>7}"]
    for loc in mech.locations:
        structure = mech.structure[loc] if mech.structure else "?"
        lines.append(f"    {loc.title:<18}{structure!s:>9}{mech.armor_front(loc):>7}")
        if loc.has_rear_armor:
            lines.append(f"    {loc.title + ' (rear)':<18}{'':>9}{mech.armor_rear(loc):>7}")
    return lines


def _item_lines(mech: Mech) -> list[str]:
    """The weapons and equipment table and the total weight; the name column widens for a
    long name ("3 Triple Strength Myomer") so that it never runs into the location."""
    rows = _equipment_rows(mech)
    width = max([24, *(len(name) + 1 for name, *_ in rows)])
    return [
        f"{'Weapons and Ammo':<{width}}{'Location':<10}{'Critical':>8}{'Tonnage':>9}",
        *(f"{name:<{width}}{where:<10}{slots:>8}{format_tons(weight):>9}"
          for name, where, slots, weight in rows),
        f"{'Total':<{width + 18}}{_t(mech.total_tons):>9} / {mech.tonnage}",
    ]


def _technology_line(mech: Mech) -> list[str]:
    """Tech base, rules level and era under the type line (Standard rulesets only)."""
    ruleset, design = mech.ruleset, mech.design
    if not ruleset.sheet_states_technology:
        return []
    level = rules_level(design, ruleset)  # computed from the content (issue 26)
    era = f"   Era: {design.era}" if design.era is not None else ""
    lines = [f"Tech Base: {ruleset.tech_base_title(design)}   "
             f"Rules Level: {level.title}{era}"]
    if level.set_by:  # MegaMekLab #1830: which parts set the level
        lines.append(f"  {level.title} level set by: {', '.join(level.set_by)}")
    return lines


def value_lines(assessed: Assessment) -> list[str]:
    """Battle Value (base and for the design's pilot) and C-bill cost, where defined."""
    mech, values = assessed.mech, assessed.values
    ruleset = mech.ruleset
    if values is None:
        from mechlab.assess import no_values_reason

        why = no_values_reason(mech)
        return [f"Battle Value: none ({why})", f"Cost: none ({why})"]
    line = f"Battle Value: {values.bv:,}"
    gunnery, piloting = ruleset.pilot_skills(mech.design.pilot)
    if (gunnery, piloting) != ruleset.pilot_skills():
        line += f" ({assessed.adjusted_bv(gunnery, piloting):,} with pilot {gunnery}/{piloting})"
    price = values.cost
    return [line, f"Cost: {price.total:,} C-bills (dry {price.dry:,})"]


# The components whose slots are spread over the 'Mech in 1-slot pieces that carry the
# component's path (STANDARD_RULES.md §2.3 endo steel, §6.2 ferro-fibrous and stealth
# armor; rulesets/base.py `Spread`): construction, not items, and the Internal Structure
# and Armor Factor rows already name them.
_CONSTRUCTION = ("structure", "armor")


def _equipment_rows(mech: Mech) -> list[tuple[str, str, int, Fraction]]:
    """Weapons and equipment, identical items in one location on one line ("2 Medium
    Laser"); heat sinks, jump jets and the structure's and armor's slots have their rows
    above."""
    rows: dict[tuple[str, str], list[MountedItem]] = {}
    for mount in mech.mounts:
        if mount.item.kind in (ItemKind.HEAT_SINK, ItemKind.JUMP_JET) or \
                mount.path in _CONSTRUCTION:
            continue
        where = "/".join(loc.abbreviation for loc in mount.locations)
        rows.setdefault((mount.name, where + (" (R)" if mount.rear else "")), []).append(mount)
    return [
        (f"{len(ms)} {name}" if len(ms) > 1 else name, where, sum(m.slot_count for m in ms),
         sum((m.tons for m in ms), Fraction(0)))
        for (name, where), ms in rows.items()
    ]


def explain_weights(mech: Mech) -> str:
    """The book's walk-through: tons left after each component (RULES.md 1.9)."""
    left = Fraction(mech.tonnage)
    lines = [f"{'Start':<28}{'':>8}{mech.tonnage:>10} t left"]
    for line in mech.weights:
        if line.tons is None:
            lines.append(f"{line.label:<28}{'?':>8}{'?':>10}")
            continue
        left -= line.tons
        lines.append(f"{line.label:<28}{format_tons(line.tons):>8}{format_tons(left):>10} t left")
    return "\n".join(lines)
