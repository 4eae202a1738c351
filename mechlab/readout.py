"""Terminal text: a Technical-Readout-style summary and the weight walk-through."""

from __future__ import annotations

from fractions import Fraction

from mechlab.assess import Assessment
from mechlab.core.equipment import ItemKind
from mechlab.core.tons import format_tons
from mechlab.core.weight_groups import WeightGroup
from mechlab.model.mech import Mech, MountedItem
from mechlab.sheet.content import LEVEL_TITLES


def _t(value: Fraction | None) -> str:
    return format_tons(value) if value is not None else "?"


def technical_readout(assessed: Assessment) -> str:
    """The design the way a Technical Readout prints it, then the verdict."""
    mech, findings = assessed.mech, assessed.findings
    weights = {line.group: line.tons for line in mech.weights}
    verdict = "LEGAL" if assessed.legal else "ILLEGAL"
    kinds = _types(mech)
    engine = f"{mech.engine_maker or ''} {mech.engine_rating} {kinds['engine']}".strip()
    sinks = f"{mech.heat_sinks} {kinds['heat_sinks']}".strip()
    armor = f"{mech.armor_points} {kinds['armor']}".strip()

    def row(label: str, text: object, group: WeightGroup) -> str:
        return f"{label:<20}{text!s:<18}{_t(weights[group]):>6}"

    lines = [
        f"{mech.name}  —  {verdict} under {mech.ruleset.name}",
        f"Type: {mech.name}   Tonnage: {mech.tonnage} t ({mech.weight_class})",
        *_technology_line(mech),
        "",
        f"{'Equipment':<38}{'Mass':>6}",
        row("Internal Structure:", kinds["structure"], WeightGroup.STRUCTURE),
        row("Engine:", engine, WeightGroup.ENGINE),
        f"    Walking MP: {mech.walking_mp}",
        f"    Running MP: {mech.running_mp}",
        f"    Jumping MP: {mech.jumping_mp}",
        row("Heat Sinks:", sinks, WeightGroup.HEAT_SINKS),
        row("Gyro:", kinds["gyro"], WeightGroup.GYRO),
        row("Cockpit:", kinds["cockpit"], WeightGroup.COCKPIT),
        row("Jump Jets:", mech.jumping_mp, WeightGroup.JUMP_JETS),
        row("Armor Factor:", armor, WeightGroup.ARMOR),
        # an ICE or fuel-cell engine's amplifiers for energy weapons, where it needs them
        *([row("Power Amplifiers:", "", WeightGroup.POWER_AMPLIFIERS)]
          if WeightGroup.POWER_AMPLIFIERS in weights else []),
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
    lines += ["", *value_lines(assessed)]
    if findings:
        lines += ["", *(f.display() for f in findings)]
    return "\n".join(lines)


def _types(mech: Mech) -> dict[str, str]:
    """Each component's type as a Technical Readout prints it beside its weight ("XL",
    "Endo Steel", "(34) Double"); blank where the ruleset's readout states none (the
    Introductory one: RULES.md's 'Mech has one of each) and for a standard part."""
    keys = ("engine", "structure", "armor", "heat_sinks", "gyro", "cockpit")
    if not mech.ruleset.sheet_states_technology:
        return dict.fromkeys(keys, "")
    titles = mech.ruleset.component_titles(mech.design)
    out = {key: "" if titles[key][0] == "standard" else titles[key][1] for key in keys}
    out["engine"] = titles["engine"][1]
    out["heat_sinks"] = f"({mech.heat_dissipation}) {titles['heat_sinks'][1]}"
    return out


def _technology_line(mech: Mech) -> list[str]:
    """Tech base, rules level and era under the type line (Standard rulesets only)."""
    ruleset, design = mech.ruleset, mech.design
    if not ruleset.sheet_states_technology:
        return []
    level = ruleset.rules_level(design, [m.item for m in mech.mounts])
    era = f"   Era: {design.era}" if design.era is not None else ""
    return [f"Tech Base: {ruleset.tech_base_title(design)}   "
            f"Rules Level: {LEVEL_TITLES.get(level, level)}{era}"]


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
