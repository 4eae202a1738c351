"""A `.mtf` file's declared rules level against the level of its content (issue 26).

MegaMekLab writes `rules level:` from the level it stored for the unit, and MegaMek never
recomputes it on reading (tech/PROGRESSION.md, "Declared level in a file"): since MegaMek
moved CASE II, C3i, superchargers, X-pulse lasers and more into Standard, hundreds of files
declare a level their content no longer has. mechlab judges the content; the stale line is
a warning naming both levels and what sets the computed one, never a refusal (MegaMekLab
#1814: flag, never strip).
"""

from __future__ import annotations

from mechlab.core.findings import Finding, warning
from mechlab.files.mtf.model import MtfUnit
from mechlab.model.mech import Mech
from mechlab.rulesets.content_level import rules_level
from mechlab.rulesets.levels import declared_level, title


def declared_number(unit: MtfUnit) -> int | None:
    """The number on the file's `rules level:` line (None: no line, or no number)."""
    text = (unit.get("rules level") or "").strip()
    return int(text) if text.isdecimal() and len(text) <= 2 else None


def declared_rules_level(unit: MtfUnit) -> str | None:
    """The level a file's `rules level:` line declares, in the level's word."""
    number = declared_number(unit)
    return None if number is None else declared_level(number)


def rules_level_findings(unit: MtfUnit, mech: Mech) -> list[Finding]:
    """W-RULES-LEVEL: the file declares another rules level than its content has, or a
    line that is no level (`Rules Level:x`: information only, named, never dropped in
    silence); W-MTF-MOTIVE: a QuadVee's `Motive:` line that is neither Track nor Wheel."""
    number = declared_number(unit)
    declared = declared_rules_level(unit)
    # The line states the static level (MegaMekLab's stored one): the year's is not asked.
    computed = rules_level(mech.design, mech.ruleset, in_year=False)
    line = unit.line_of("rules level")
    path = f"line {line}" if line is not None else "rules level"
    unread = [*_motive(unit)]
    if declared is None:
        text = unit.get("rules level")
        return unread if text is None else [*unread, warning(
            "W-RULES-LEVEL", path, f"Rules Level: {text.strip()[:40]!r} is no rules level "
            f"(1 to 5); its content is {computed.title} (level {computed.number})",
            expected=str(computed.number), actual=text.strip()[:40],
            hint=f"set `rules level:{computed.number}`: mechlab judges the content, not the "
                 "line")]
    if declared == computed.level:
        return unread
    by = f", set by {', '.join(computed.set_by)}" if computed.set_by else ""
    return [*unread, warning(
        "W-RULES-LEVEL", path,
        f"the file declares rules level {number} ({title(declared)}); its content is "
        f"{computed.title} (level {computed.number}{by})",
        expected=f"{computed.number} ({computed.title})", actual=f"{number} ({title(declared)})",
        hint=f"set `rules level:{computed.number}`: mechlab judges the content, not the line")]


# MegaMek's QuadVee motive types (`QuadVee.MOTIVE_*`): its file's `Motive:` line. mechlab
# takes the motive from the tracks or wheels the slots hold; the line is information.
MOTIVES = ("track", "wheel")


def _motive(unit: MtfUnit) -> list[Finding]:
    text = unit.get("motive")
    if text is None or text.strip().lower() in MOTIVES:
        return []
    line = unit.line_of("motive")
    return [warning("W-MTF-MOTIVE", f"line {line}" if line is not None else "motive",
                    f"Motive: {text.strip()[:40]!r} is neither Track nor Wheel; the vehicle "
                    "mode is read from the tracks or wheels in the slots",
                    expected="Track or Wheel", actual=text.strip()[:40],
                    hint="write Motive:Track or Motive:Wheel, as the slots hold")]
