"""The header lines of a `.mtf` file read as construction choices (STANDARD_RULES.md
§14.3): configuration, tech base, engine, structure, armor, heat sinks, gyro, cockpit,
ejection, myomer, each component with the tech base the file gives it (§1.3).

This module only *reads*: a value it does not know is kept as written (`kind` is the
lower-case text) so that the refusals (`mechlab.files.mtf.refusals`) and the rulesets can name
it; nothing here decides what is legal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from mechlab.core.locations import Location
from mechlab.files.mtf.model import MtfUnit

# §1.1: the `techbase:` values → the design file's words.
TECH_BASES = {
    "inner sphere": "inner_sphere",
    "clan": "clan",
    "mixed (is chassis)": "mixed_is",
    "mixed (clan chassis)": "mixed_clan",
}
CHASSIS_TECH = {"inner_sphere": "is", "mixed_is": "is", "clan": "clan", "mixed_clan": "clan"}

# §3.1: the first of these words found in the `Engine:` text decides the type.
ENGINE_WORDS = (("xxl", "xxl"), ("xl", "xl"), ("light", "light"), ("compact", "compact"),
                ("i.c.e.", "ice"), ("ice", "ice"), ("fission", "fission"),
                ("fuel cell", "fuel_cell"), ("fuel-cell", "fuel_cell"))
# §2.2 `Structure:` values without their IS / Clan prefix.
STRUCTURES = {
    "standard": "standard", "endo steel": "endo_steel", "endo-steel": "endo_steel",
    "endo-composite": "endo_composite", "endo composite": "endo_composite",
    "composite": "composite", "reinforced": "reinforced", "industrial": "industrial",
    "endo steel prototype": "endo_steel_prototype",
    "endo-steel prototype": "endo_steel_prototype",
}
# §6.1 `Armor:` values, the text before any bracket.
ARMORS = {
    "standard": "standard", "standard armor": "standard",
    "ferro-fibrous": "ferro_fibrous", "light ferro-fibrous": "light_ferro",
    "heavy ferro-fibrous": "heavy_ferro", "stealth": "stealth", "stealth armor": "stealth",
    "industrial": "industrial", "heavy industrial": "heavy_industrial",
    "commercial": "commercial",
    "ferro-lamellor": "ferro_lamellor", "reactive": "reactive", "reflective": "reflective",
    "hardened": "hardened", "ballistic-reinforced": "ballistic_reinforced",
    "impact-resistant": "impact_resistant",
    "anti-penetrative ablation": "anti_penetrative_ablation",
    "heat-dissipating": "heat_dissipating",
    "primitive": "primitive",  # ADVANCED_COMPONENTS.md §7.1
    "ferro-fibrous prototype": "ferro_fibrous_prototype",  # §7.2
    "patchwork": "patchwork",  # lane patchwork: a type per location (files/mtf/patchwork.py)
}
GYROS = {"standard gyro": "standard", "standard": "standard", "xl gyro": "xl", "xl": "xl",
         "compact gyro": "compact", "heavy duty gyro": "heavy_duty", "none": "none",
         "superheavy gyro": "superheavy"}
COCKPITS = {"standard cockpit": "standard", "standard": "standard", "small cockpit": "small",
            "industrial cockpit": "industrial", "industrial cockpit (afc)": "industrial_afc",
            "command console": "command_console", "torso-mounted cockpit": "torso_mounted",
            "interface cockpit": "interface", "primitive cockpit": "primitive",
            "primitive industrial cockpit": "primitive_industrial",
            "tripod cockpit": "tripod", "superheavy cockpit": "superheavy",
            "superheavy tripod cockpit": "superheavy_tripod", "quadvee cockpit": "quadvee"}
MYOMERS = {"standard": "standard", "triple-strength": "tsm", "triple strength myomer": "tsm",
           "triple strength": "tsm", "masc": "masc", "ismasc": "masc", "clmasc": "masc",
           "industrial triple-strength": "industrial_tsm"}
EJECTIONS = {"full head ejection system": "full_head"}
_SINKS = re.compile(r"^(\d{1,2})(?:\s+(.*))?$")
_RATING = re.compile(r"^(\d{1,4})\b\s*(.*)$")


class HeaderError(ValueError):
    """A header line that cannot be read (the importer reports it as bad input)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key, self.message = key, message


@dataclass(frozen=True)
class Component:
    """One construction choice as the file states it."""

    kind: str  # mechlab's word (`xl`, `endo_steel`), or the lower-case text if unknown
    tech: str  # "is" or "clan" (§1.3)
    text: str  # the line's value as written, for messages
    known: bool = True


@dataclass(frozen=True)
class Header:
    """What a `.mtf` file's header lines state, read into mechlab's words."""

    tech_base: str  # inner_sphere | clan | mixed_is | mixed_clan
    config: str  # biped | quad | lam | lam_bimodal | quadvee | tripod | the text if unknown
    omni: bool
    rules_level: int | None
    mass: int | None
    engine_rating: int | None
    engine: Component
    structure: Component
    armor: Component
    heat_sink_count: int | None
    heat_sinks: Component
    gyro: Component
    cockpit: Component
    ejection: str | None
    myomer: Component
    base_chassis_heat_sinks: int | None

    @property
    def chassis_tech(self) -> str:
        return CHASSIS_TECH.get(self.tech_base, "is")

    @property
    def industrial(self) -> bool:
        """STANDARD_RULES.md §0.2: an IndustrialMech is a 'Mech with industrial structure
        (MegaMek's own test)."""
        return self.structure.kind == "industrial"

    @property
    def mixed(self) -> bool:
        return self.tech_base.startswith("mixed")


def read_header(unit: MtfUnit) -> Header:
    """The header's construction choices (`HeaderError` for a value that is bad input)."""
    return header_from(dict(unit.header))


def header_from(values: dict[str, str]) -> Header:
    """As `read_header`, from the header's lower-case keys and their values."""
    tech_base = _tech_base(values.get("techbase"))
    config_text = (values.get("config") or "Biped").strip()
    base = CHASSIS_TECH[tech_base]
    mixed = tech_base.startswith("mixed")
    rating, engine = _engine(values.get("engine"), base, mixed)
    count, sinks = _heat_sinks(values.get("heat sinks"), base)
    return Header(
        tech_base=tech_base,
        config=_config(config_text, values.get("lam")),
        omni="omni" in config_text.lower(),
        rules_level=_small_int(values.get("rules level")),
        mass=_small_int(values.get("mass")),
        engine_rating=rating,
        engine=engine,
        structure=_structure(values.get("structure"), base),
        armor=armor_component(values.get("armor"), base),
        heat_sink_count=count,
        heat_sinks=sinks,
        gyro=_lookup(values.get("gyro"), GYROS, "standard", base),
        cockpit=_lookup(values.get("cockpit"), COCKPITS, "standard", base),
        ejection=_ejection(values.get("ejection")),
        myomer=_lookup(values.get("myomer"), MYOMERS, "standard", base),
        base_chassis_heat_sinks=_small_int(values.get("base chassis heat sinks")),
    )


def _tech_base(text: str | None) -> str:
    if text is None or not text.strip():
        return "inner_sphere"  # intro files written before the line existed
    try:
        return TECH_BASES[text.strip().lower()]
    except KeyError:
        raise HeaderError("techbase", f"TechBase: {_shown(text)} is not one of Inner Sphere, "
                          "Clan, Mixed (IS Chassis), Mixed (Clan Chassis)") from None


# CONFIGURATIONS.md §1.1: a LAM's `LAM:` line, absent on the Mk I / TRO 3085 files
# (standard); MegaMek's LandAirMek type strings.
LAM_TYPES = {"standard": "lam", "bimodal": "lam_bimodal"}


def _config(text: str, lam_type: str | None = None) -> str:
    lower = text.lower()
    for word in ("quadvee", "quad", "biped", "tripod", "lam"):
        if lower.startswith(word):
            return _lam(lam_type) if word == "lam" else word
    # Never a configuration guessed from the location blocks in silence (the corpus writes
    # only these five, with "Omnimech" or "Battlemech" after them).
    raise HeaderError("config", f"Config: {_shown(text)} is not one of Biped, Quad, Tripod, "
                      "QuadVee, LAM (\"Omnimech\" after it for an OmniMech)")


def _lam(text: str | None) -> str:
    kind = (text or "Standard").strip().lower()
    if kind not in LAM_TYPES:
        raise HeaderError("lam", f"LAM: {_shown(text or '')} is not one of Standard, Bimodal")
    return LAM_TYPES[kind]


def _small_int(text: str | None) -> int | None:
    value = (text or "").strip()
    return int(value) if value.isdecimal() and len(value) <= 4 else None


@lru_cache(maxsize=2048)  # a corpus writes its engine and heat sink lines a few hundred ways
def _engine(text: str | None, base: str, mixed: bool) -> tuple[int | None, Component]:
    value = (text or "").strip()
    match = _RATING.match(value)
    rating = int(match.group(1)) if match else None
    rest = (match.group(2) if match else value).lower()
    kind = next((k for word, k in ENGINE_WORDS if word in rest), "standard")
    known = "engine" in rest or "fusion" in rest
    tech = base
    if mixed:  # §1.3: only a mixed unit's engine line names its tech
        if "clan" in rest:
            tech = "clan"
        elif "(is)" in rest or "is " in rest or "inner sphere" in rest:
            tech = "is"
    return rating, Component(kind, tech, value, known)


def _prefixed(text: str, base: str) -> tuple[str, str]:
    """`Clan Endo Steel` → ('endo steel', 'clan'); a bare value takes the chassis base."""
    lower = text.strip().lower()
    for prefix, tech in (("clan ", "clan"), ("is ", "is")):
        if lower.startswith(prefix):
            return lower[len(prefix):].strip(), tech
    return lower, base


def _structure(text: str | None, base: str) -> Component:
    value = (text or "Standard").strip()
    rest, tech = _prefixed(value, base)
    kind = STRUCTURES.get(rest)
    return Component(kind or rest, tech, value, kind is not None)


def armor_component(text: str | None, base: str) -> Component:
    """`Armor:` and a patchwork location's type: `Reactive(Inner Sphere)`, `IS Hardened`."""
    value = (text or "Standard").strip()
    name, bracket, inside = value.partition("(")
    tech = ("clan" if "clan" in inside.lower() else "is") if bracket else base
    rest, prefix_tech = _prefixed(name, tech)
    kind = ARMORS.get(rest)
    return Component(kind or value.lower(), prefix_tech, value, kind is not None)


@lru_cache(maxsize=2048)
def _heat_sinks(text: str | None, base: str) -> tuple[int | None, Component]:
    value = (text or "10 Single").strip()
    match = _SINKS.match(value)
    if not match:
        raise HeaderError("heat sinks", f"Heat Sinks: expected '<count> Single' or "
                          f"'<count> Double', got {_shown(value)}")
    words = (match.group(2) or "Single").lower()
    tech = ("clan" if "clan" in words
            else "is" if re.search(r"\bis\b|inner sphere", words) else base)
    # `Double`, `IS Double`, `Clan Double`, `Double (Inner Sphere)`: the kind is what
    # remains without the tech words.
    kind = re.sub(r"\(.*?\)|\bclan\b|\bis\b", "", words).strip()
    known = kind in ("single", "double", "laser", "compact")
    return int(match.group(1)), Component(kind, tech, value, known)


def _lookup(text: str | None, table: dict[str, str], default: str, base: str) -> Component:
    if text is None or not text.strip():
        return Component(default, base, "", True)
    value = text.strip()
    kind = table.get(value.lower())
    return Component(kind or value.lower(), base, value, kind is not None)


def _ejection(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    return EJECTIONS.get(text.strip().lower(), text.strip().lower())


def _shown(text: str, limit: int = 60) -> str:
    return repr(text) if len(text) <= limit else repr(text[: limit - 1] + "…")


# MegaMek's quirk names are its option keys: `battle_fists_la`, `imp_target_short`.
_QUIRK_NAME = re.compile(r"^[A-Za-z0-9_]{1,60}$")


def identity_of(unit: MtfUnit) -> dict[str, Any]:
    """The unit's identity as the design file keeps it: its Master Unit List id
    (`mul id:`), its quirks and weapon quirks, with the names MegaMek spells
    (`HeaderError` for a line that cannot be one)."""
    identity: dict[str, Any] = {}
    if unit.mul_id is not None:
        text = unit.mul_id.strip()
        if not text.isdecimal() or len(text) > 7:
            raise HeaderError("mul id", f"mul id: expected a whole number, got {_shown(text)}")
        identity["mul_id"] = int(text)
    quirks = [_quirk_name(value) for key, value in unit.quirks if key == "quirk"]
    weapon_quirks = [_weapon_quirk(value) for key, value in unit.quirks if key == "weaponquirk"]
    if quirks:
        identity["quirks"] = quirks
    if weapon_quirks:
        identity["weapon_quirks"] = weapon_quirks
    return identity


def _quirk_name(text: str) -> str:
    if not _QUIRK_NAME.match(text):
        raise HeaderError("quirk", f"quirk: expected MegaMek's quirk name (letters, digits, "
                          f"_), got {_shown(text)}")
    return text


def _weapon_quirk(text: str) -> dict[str, Any]:
    """`accurate:LA:3:ISMediumLaser`: the quirk, the location, MegaMek's 0-based slot
    index and the weapon's MegaMek name; kept with the design's 1-based slot."""
    parts = [part.strip() for part in text.split(":", 3)]
    problem = "expected NAME:LOCATION:SLOT:WEAPON"
    if len(parts) == 4 and _QUIRK_NAME.match(parts[0]) and parts[2].isdecimal() \
            and int(parts[2]) < 12 and parts[3]:
        try:
            location = Location.parse(parts[1])
        except ValueError:
            problem = f"unknown location {_shown(parts[1])}"
        else:
            return {"quirk": parts[0], "location": location.value, "slot": int(parts[2]) + 1,
                    "weapon": parts[3]}
    raise HeaderError("weaponquirk", f"weaponquirk: {problem}, got {_shown(text)}")
