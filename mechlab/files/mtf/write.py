"""Writing `.mtf` text in the shape MegaMek and MegaMekLab read (CRLF line ends,
the corpus's header keys, armor lines, weapon list and twelve-line location blocks)."""

from __future__ import annotations

from mechlab.files.mtf.model import HEADER_KEYS, MtfUnit

_SPELLING = dict(HEADER_KEYS)
# Blank lines before these keys group the header as MegaMekLab does.
_GROUP_STARTS = {"config", "mass", "heat sinks", "armor"}


def write_mtf(unit: MtfUnit) -> str:
    lines = [f"Version:{unit.version}", unit.chassis, unit.model]
    if unit.mul_id is not None:
        lines.append(f"mul id:{unit.mul_id}")
    for key, value in unit.header:
        if key in _GROUP_STARTS:
            lines.append("")
        lines.append(f"{_SPELLING.get(key, key)}:{value}")
    types = dict(unit.armor_types)  # patchwork armor: `LA Armor:Reactive(Inner Sphere):26`
    lines += [f"{key} Armor:{types[key] + ':' if key in types else ''}{points}"
              for key, points in unit.armor]
    lines += ["", f"Weapons:{len(unit.weapons)}"]
    for weapon in unit.weapons:
        count = f"{weapon.count} " if weapon.count != 1 else ""
        ammo = f", Ammo:{weapon.ammo}" if weapon.ammo is not None else ""
        rear = " (R)" if weapon.rear else ""
        lines.append(f"{count}{weapon.name}, {weapon.location}{rear}{ammo}")
    for name, slots in unit.locations:  # a biped's or a quad's blocks, in MegaMek's order
        lines += ["", f"{name}:", *slots]
    if unit.quirks:  # after the blocks, as MegaMek writes them
        lines += ["", *(f"{key}:{value}" for key, value in unit.quirks)]
    if unit.systems:
        lines.append("")
    for kind, system, value in unit.systems:
        lines.append(f"{kind}:{system}:{value}" if system else f"{kind}:{value}")
    return "\r\n".join(lines) + "\r\n"
