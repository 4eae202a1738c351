"""A Standard design → the `.mtf` lines MegaMek writes for it (STANDARD_RULES.md §14.3,
§14.4): the header's spellings by type and tech, the crit names of spread components,
and each item's MegaMek name. Spellings only: which choices are legal is the ruleset's.
"""

from __future__ import annotations

from typing import Any

from mechlab.files.mtf.header import CHASSIS_TECH

TECH_BASE_LINES = {"inner_sphere": "Inner Sphere", "clan": "Clan",
                   "mixed_is": "Mixed (IS Chassis)", "mixed_clan": "Mixed (Clan Chassis)"}
ENGINE_TEXT = {("standard", "is"): "Fusion Engine", ("standard", "clan"): "Fusion Engine",
               ("xl", "is"): "XL Engine", ("xl", "clan"): "XL (Clan) Engine",
               ("xxl", "is"): "XXL Engine", ("xxl", "clan"): "XXL (Clan) Engine",
               ("light", "is"): "Light Engine", ("compact", "is"): "Compact Engine",
               ("ice", "is"): "ICE Engine", ("ice", "clan"): "ICE Engine",
               ("fuel_cell", "is"): "Fuel Cell Engine",
               ("fuel_cell", "clan"): "Fuel Cell (Clan) Engine",
               ("fission", "is"): "Fission Engine"}
STRUCTURE_TEXT = {"standard": "Standard", "endo_steel": "Endo Steel",
                  "endo_composite": "Endo-Composite", "composite": "Composite",
                  "reinforced": "Reinforced", "industrial": "Industrial",
                  "endo_steel_prototype": "Endo Steel Prototype"}
ARMOR_TEXT = {"standard": "Standard", "ferro_fibrous": "Ferro-Fibrous",
              "light_ferro": "Light Ferro-Fibrous", "heavy_ferro": "Heavy Ferro-Fibrous",
              "stealth": "Stealth", "industrial": "Industrial",
              "heavy_industrial": "Heavy Industrial", "commercial": "Commercial",
              "ferro_lamellor": "Ferro-Lamellor", "reactive": "Reactive",
              "reflective": "Reflective", "hardened": "Hardened",
              "ballistic_reinforced": "Ballistic-Reinforced",
              "impact_resistant": "Impact-Resistant",
              "anti_penetrative_ablation": "Anti-Penetrative Ablation",
              "heat_dissipating": "Heat-Dissipating", "primitive": "Primitive",
              "ferro_fibrous_prototype": "Ferro-Fibrous Prototype", "patchwork": "Patchwork"}
GYRO_TEXT = {"xl": "XL Gyro", "compact": "Compact Gyro", "heavy_duty": "Heavy Duty Gyro",
             "none": "None", "superheavy": "Superheavy Gyro"}
COCKPIT_TEXT = {"small": "Small Cockpit", "industrial": "Industrial Cockpit",
                "industrial_afc": "Industrial Cockpit (AFC)", "command_console": "Command Console",
                "torso_mounted": "Torso-Mounted Cockpit", "interface": "Interface Cockpit",
                "tripod": "Tripod Cockpit", "superheavy": "Superheavy Cockpit",
                "superheavy_tripod": "Superheavy Tripod Cockpit",
                "quadvee": "QuadVee Cockpit", "primitive": "Primitive Cockpit",
                "primitive_industrial": "Primitive Industrial Cockpit"}
MYOMER_TEXT = {"standard": "Standard", "tsm": "Triple-Strength",
               "industrial_tsm": "Industrial Triple-Strength"}
MYOMER_CRIT = {"tsm": "TSM", "industrial_tsm": "Industrial Triple Strength Myomer"}
EJECTION_TEXT = {"full_head": "Full Head Ejection System"}
# A QuadVee's `Motive:` line by the motive item in its legs (CONFIGURATIONS.md §2).
MOTIVE_TEXT = {"tracks": "Track", "cl_quadvee_wheels": "Wheel"}
CONFIG_TEXT = {"biped": "Biped", "quad": "Quad", "tripod": "Tripod", "quadvee": "QuadVee",
               "lam": "LAM", "lam_bimodal": "LAM"}
# CONFIGURATIONS.md §1.1: a LAM's `LAM:` line, after `Myomer:` (MegaMek's writer).
LAM_TEXT = {"lam": "Standard", "lam_bimodal": "Bimodal"}
_TECH_PREFIX = {"is": "IS", "clan": "Clan"}
ARMOR_TECH = {"is": "Inner Sphere", "clan": "Clan"}


def _word(value: Any) -> str:
    return str(getattr(value, "value", value))


def tech_of(design: Any, component: Any) -> str:
    """A component's tech: its own `tech:` or the chassis base (§1.2)."""
    tech = getattr(component, "tech", None)
    return str(tech) if tech else CHASSIS_TECH[_word(design.tech_base)]


def header_lines(design: Any, engine_rating: int, walking_mp: int, jumping_mp: int,
                 rules_level: int, large_engine: bool = False) -> list[tuple[str, str]]:
    """(lower-case key, value) of every construction line, in MegaMek's order (a large
    engine's line says `Large`, as every corpus file's does: `425 Large XXL Engine`)."""
    config = CONFIG_TEXT[_word(design.config)]
    lines: list[tuple[str, str]] = [
        ("config", f"{config} Omnimech" if design.omni else config),
        ("techbase", TECH_BASE_LINES[_word(design.tech_base)]),
    ]
    lines += provenance_lines(design)
    mixed = _word(design.tech_base).startswith("mixed")
    lines += [("rules level", str(rules_level)), ("mass", str(design.tonnage)),
              ("engine", f"{engine_rating} {'Large ' if large_engine else ''}"
                         f"{_engine(design, mixed)}"),
              ("structure", _prefixed(STRUCTURE_TEXT[_word(design.structure.type)],
                                      tech_of(design, design.structure))),
              ("myomer", MYOMER_TEXT[_word(design.myomer.type)])]
    if _word(design.config) in LAM_TEXT:
        lines.append(("lam", LAM_TEXT[_word(design.config)]))
    if _word(design.gyro) in GYRO_TEXT:
        lines.append(("gyro", GYRO_TEXT[_word(design.gyro)]))
    if _word(design.cockpit) in COCKPIT_TEXT:
        lines.append(("cockpit", COCKPIT_TEXT[_word(design.cockpit)]))
    if design.ejection:
        lines.append(("ejection", EJECTION_TEXT[_word(design.ejection)]))
    lines.append(("heat sinks", _sinks(design)))
    if design.omni and design.base_chassis_heat_sinks is not None:
        lines.append(("base chassis heat sinks", str(design.base_chassis_heat_sinks)))
    armor = design.armor
    lines += [("walk mp", str(walking_mp)), ("jump mp", str(jumping_mp)),
              ("armor", "Patchwork" if armor.type == "patchwork"  # its types: patchwork.py
               else f"{ARMOR_TEXT[_word(armor.type)]}({ARMOR_TECH[tech_of(design, armor)]})")]
    return lines


def provenance_lines(design: Any) -> list[tuple[str, str]]:
    """The `Era:` and `Source:` lines a design states (every exporter writes them). A
    `Source:` is one line: a note's line breaks (a design file's `source:` may have them)
    are written as spaces, never as lines of their own (`quirk:…` on a line of the note
    was a quirk in the .mtf that MegaMek read, a line the design never had)."""
    lines = [("era", str(design.era))] if design.era is not None else []
    source = " ".join(design.source.splitlines()) if design.source else ""
    return lines + ([("source", source)] if source else [])


def _engine(design: Any, mixed: bool) -> str:
    tech = tech_of(design, design.engine)
    text = ENGINE_TEXT[(_word(design.engine.type), tech)]
    # §1.3: only a mixed unit's line says which version; `(IS)` names the IS one, and
    # `Clan` the Clan one (a Clan standard fusion engine on a Mixed IS chassis, Awesome
    # AWS-11M: `Fusion Engine` alone reads as the chassis's).
    if mixed and tech == "is":
        return f"{text}(IS)"
    other = tech != CHASSIS_TECH[_word(design.tech_base)]
    return f"{text}(Clan)" if mixed and other and "clan" not in text.lower() else text


def _prefixed(text: str, tech: str) -> str:
    """`IS Endo Steel`, `Clan Endo Steel` (§2.2; the prefix names the version)."""
    return f"{_TECH_PREFIX[tech]} {text}"


def _sinks(design: Any) -> str:
    sinks = design.heat_sinks
    kind = {"double": "Double", "laser": "Laser", "compact": "Compact"}.get(_word(sinks.type),
                                                                        "Single")
    tech = tech_of(design, sinks)
    if kind == "Double" and tech != CHASSIS_TECH[_word(design.tech_base)]:
        kind = f"{_TECH_PREFIX[tech]} Double"
    return f"{sinks.count} {kind}"


def spread_crit(component: str, kind: str, tech: str) -> str:
    """The crit name of one slot of a spread component (§14.4)."""
    if component == "myomer":
        return MYOMER_CRIT[kind]
    text = (STRUCTURE_TEXT if component == "structure" else ARMOR_TEXT)[kind]
    return _prefixed(text, tech)
