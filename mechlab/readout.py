"""Terminal text: a Technical-Readout-style summary and the weight walk-through."""

from __future__ import annotations

from fractions import Fraction

from mechlab.bv import battle_value
from mechlab.cost import cost
from mechlab.equipment import ItemKind
from mechlab.mech import Mech, MountedItem
from mechlab.tons import format_tons
from mechlab.validate import Finding, is_legal


def _t(value: Fraction | None) -> str:
    return format_tons(value) if value is not None else "?"


def technical_readout(mech: Mech, findings: list[Finding]) -> str:
    """The design the way a Technical Readout prints it, then the verdict."""
    weights = {line.label: line.tons for line in mech.weights}
    verdict = "LEGAL" if is_legal(findings) else "ILLEGAL"
    engine = f"{mech.engine_maker or ''} {mech.engine_rating}".strip()
    lines = [
        f"{mech.name}  —  {verdict} under {mech.ruleset.name}",
        f"Type: {mech.name}   Tonnage: {mech.tonnage} t ({mech.weight_class})",
        "",
        f"{'Equipment':<38}{'Mass':>6}",
        f"{'Internal Structure:':<38}{_t(weights['Internal structure']):>6}",
        f"{'Engine:':<20}{engine:<18}{_t(weights['Engine']):>6}",
        f"    Walking MP: {mech.walking_mp}",
        f"    Running MP: {mech.running_mp}",
        f"    Jumping MP: {mech.jumping_mp}",
        f"{'Heat Sinks:':<20}{mech.heat_sinks:<18}{_t(weights['Heat sinks']):>6}",
        f"{'Gyro:':<38}{_t(weights['Gyro']):>6}",
        f"{'Cockpit:':<38}{_t(weights['Cockpit']):>6}",
        f"{'Jump Jets:':<20}{mech.jumping_mp:<18}{_t(weights['Jump jets']):>6}",
        f"{'Armor Factor:':<20}{mech.armor_points:<18}{_t(weights['Armor']):>6}",
        "",
        f"{'':<22}{'Internal':>9}{'Armor':>7}",
        f"{'':<22}{'Structure':>9}{'Value':>7}",
    ]
    for loc in mech.locations:
        structure = mech.structure[loc] if mech.structure else "?"
        lines.append(f"    {loc.title:<18}{structure!s:>9}{mech.armor_front(loc):>7}")
        if loc.has_rear_armor:
            lines.append(f"    {loc.title + ' (rear)':<18}{'':>9}{mech.armor_rear(loc):>7}")
    lines += ["", f"{'Weapons and Ammo':<24}{'Location':<10}{'Critical':>8}{'Tonnage':>9}"]
    lines += [
        f"{name:<24}{where:<10}{slots:>8}{format_tons(weight):>9}"
        for name, where, slots, weight in _equipment_rows(mech)
    ]
    lines.append(f"{'Total':<42}{_t(mech.total_tons):>9} / {mech.tonnage}")
    lines += ["", *value_lines(mech)]
    if findings:
        lines += ["", *(f.display() for f in findings)]
    return "\n".join(lines)


def value_lines(mech: Mech) -> list[str]:
    """Battle Value (base and for the design's pilot) and C-bill cost, where defined."""
    ruleset = mech.ruleset
    lines = []
    if ruleset.has_battle_value:
        bv = battle_value(mech)
        pilot = mech.design.pilot
        line = f"Battle Value: {bv.base:,}"
        gunnery, piloting = ruleset.pilot_skills(pilot)
        if (gunnery, piloting) != ruleset.pilot_skills():
            adjusted = bv.adjusted(mech, gunnery, piloting)
            line += f" ({adjusted:,} with pilot {gunnery}/{piloting})"
        lines.append(line)
    else:
        lines.append(f"Battle Value: none (the {ruleset.name} ruleset defines no BV)")
    if ruleset.has_cost:
        price = cost(mech)
        lines.append(f"Cost: {price.total:,} C-bills (dry {price.dry:,})")
    else:
        lines.append(f"Cost: none (the {ruleset.name} ruleset defines no C-bill cost)")
    return lines


def _equipment_rows(mech: Mech) -> list[tuple[str, str, int, Fraction]]:
    """Weapons and ammunition, identical items in one location on one line ("2 Medium Laser")."""
    rows: dict[tuple[str, str], list[MountedItem]] = {}
    for mount in mech.mounts:
        if mount.item.kind in (ItemKind.HEAT_SINK, ItemKind.JUMP_JET):
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
