"""Copy the published numbers the oracle tests check against from ../shared into tests/data/,
so that a clone on its own runs those tests.

    python tests/data/vendor.py          # rewrite the files from ../shared
    python tests/data/vendor.py --check  # exit 1 if a file differs from what ../shared gives

Numbers only: no card texts. Each table starts with '#' lines naming where its numbers come
from (the source's own header lines, copied), then a row of column names. megamek/ holds the
technical lines of MegaMek files (no prose), their source named in a '#' trailer so
that line numbers stay those of MegaMek's file.
tests/test_vendored_data.py runs the check whenever ../shared is beside the checkout.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
# ../shared beside the checkout, or where MECHLAB_SHARED says (as tests/tests_support.py)
SHARED = Path(os.environ.get("MECHLAB_SHARED") or HERE.parents[2] / "shared")

Table = tuple[list[str], list[str], list[list[str]]]  # header lines, columns, rows


def _read(path: Path) -> Table:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = [line for line in lines if line.startswith("#")]
    rows = [line.split("\t") for line in lines if line.strip() and not line.startswith("#")]
    return header, rows[0], rows[1:]


def _write(header: list[str], columns: list[str], rows: list[list[str]]) -> str:
    return "\n".join([*header, "\t".join(columns), *("\t".join(row) for row in rows)]) + "\n"


def _pick(columns: list[str], row: list[str], wanted: tuple[str, ...]) -> list[str]:
    padded = row + [""] * (len(columns) - len(row))
    return [padded[columns.index(name)].strip() for name in wanted]


def battle_values() -> str:
    """Per intro corpus design (= per library design): MegaMek's BV, the MUL's BV and cost."""
    bv_header, bv_columns, bv_rows = _read(SHARED / "corpus" / "megamek-mtf" / "BV.tsv")
    index_header, index_columns, index_rows = _read(
        SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    cost = {Path(path).name: value for path, value, flags in
            (_pick(index_columns, row, ("path", "mul_cost", "flags")) for row in index_rows)
            if "intro_corpus" in flags.split(",")}
    wanted = ("file_name", "chassis", "model", "megamek_bv", "mul_bv")
    rows = [[*_pick(bv_columns, row, wanted), cost[row[bv_columns.index("file_name")]]]
            for row in bv_rows]
    header = ["# Published Battle Value (BV2) and cost of the 282 intro corpus designs, which are",
              "# the library's designs (units/, imported from these files). Numbers only.",
              "# From ../shared/corpus/megamek-mtf/BV.tsv (megamek_bv, mul_bv):", *bv_header,
              "# and ../shared/corpus/megamek-all/INDEX.tsv (mul_cost, with ammo):",
              *index_header]
    return _write(header, [*wanted, "mul_cost"], rows)


def alpha_strike() -> str:
    """The 80 published Alpha Strike cards of corpus designs, the fields the test compares."""
    header, columns, rows = _read(SHARED / "cards" / "alpha_strike_mul.tsv")
    wanted = ("file_name", "mul_id", "pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov",
              "armor", "structure", "specials")
    return _write(["# From ../shared/cards/alpha_strike_mul.tsv:", *header], list(wanted),
                  [_pick(columns, row, wanted) for row in rows])


def library_roles() -> str:
    """Per intro corpus design (= per library design): the Master Unit List's Alpha Strike
    role, found by the file's path in megamek-all, else by its MUL id; blank where the MUL
    table has none."""
    index_header, index_columns, index_rows = _read(
        SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    header, columns, rows = _read(SHARED / "cards" / "alpha_strike_mul_all.tsv")
    mul = [_pick(columns, row, ("path", "mul_id", "role")) for row in rows]
    by_path = {path: role for path, _, role in mul}
    by_id: dict[str, set[str]] = {}
    for _, mul_id, role in mul:
        by_id.setdefault(mul_id, set()).add(role)
    out = []
    for path, mul_id, flags in (_pick(index_columns, row, ("path", "mul_id", "flags"))
                                for row in index_rows):
        if "intro_corpus" not in flags.split(","):
            continue
        roles = by_id.get(mul_id, set()) if mul_id else set()
        role = by_path[path] if path in by_path else (min(roles) if len(roles) == 1 else "")
        out.append([Path(path).name, path, mul_id, role])
    return _write(["# The Master Unit List's Alpha Strike role of each of the 282 intro corpus",
                   "# designs (the library's, units/): the row of alpha_strike_mul_all.tsv for",
                   "# the file's path in megamek-all, else for its mul_id; blank = no MUL role.",
                   "# From ../shared/corpus/megamek-all/INDEX.tsv (path, mul_id, flags):",
                   *index_header, "# and ../shared/cards/alpha_strike_mul_all.tsv (role):",
                   *header], ["file_name", "path", "mul_id", "role"],
                  sorted(out, key=lambda row: row[0]))


def ccg() -> str:
    """The real trading cards' statistics (numbers and letters only; no card texts)."""
    header, columns, rows = _read(SHARED / "cards" / "ccg_calibration.tsv")
    wanted = ("file_name", "base_cost", "asset_costs", "speed", "attack", "armor", "structure",
              "overheat", "alpha_strike", "missile", "jump")
    return _write(["# From ../shared/cards/ccg_calibration.tsv (statistics only):", *header],
                  list(wanted), [_pick(columns, row, wanted) for row in rows])


def _rules_section(start: str, end: str) -> str:
    text = (SHARED / "RULES.md").read_text(encoding="utf-8")
    return text[text.index(start):text.index(end)]


def fusion_engines() -> str:
    """RULES.md 1.2, the Fusion Engine Table: four (rating, maker, tons) triples a line."""
    part = _rules_section("**Fusion Engine Table**", "### 1.3")
    rows = sorted(([rating, maker, tons] for rating, maker, tons in re.findall(
        r"\|\s*(\d+)\s*\|\s*([A-Za-z ]+?)\s*\|\s*([\d.]+)\s*(?=\|)", part)),
        key=lambda row: int(row[0]))
    header = ["# RULES.md 1.2 Engine, movement, gyro: the Fusion Engine Table (rating: default",
              "# manufacturer, tons), typed from ../shared/RULES.md, one rating a row."]
    return _write(header, ["rating", "maker", "tons"], rows)


def internal_structure() -> str:
    """RULES.md 1.1, the Internal Structure Table."""
    part = _rules_section("**Internal Structure Table**", "### 1.2")
    rows = [list(row) for row in re.findall(
        r"^\|\s*(\d+)\s*\|\s*([\d.]+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|"
        r"\s*(\d+)\s*\|", part, flags=re.M)]
    header = ["# RULES.md 1.1 Chassis: the Internal Structure Table (points per location; head",
              "# = 3), typed from ../shared/RULES.md. side_torso, arm and leg are each of two."]
    return _write(header, ["tons", "structure_tons", "center_torso", "side_torso", "arm", "leg",
                           "max_armor"], rows)


# MegaMek files that the .mtf reader's tests change one fact of (line numbers matter):
# their technical lines byte for byte, their prose paragraphs left out.
MEGAMEK_FILES = ("Catapult CPLT-C1.mtf", "Cyclops CP-10-Z.mtf", "Warhammer WHM-6R.mtf",
                 "Locust LCT-1V.mtf")
# Standard designs of ../shared/corpus/megamek-all that tests check one by one (BV_STANDARD.md
# §7's and ALPHA_STRIKE.md §11's worked examples, test_values_standard.py's rule examples):
# same treatment, saved under their file name.
STANDARD_FILES = (
    "3085u/Phoenix/Griffin GRF-3M.mtf", "3050U/Mad Cat (Timber Wolf) Prime.mtf",
    "3055U/Penetrator PTR-4F.mtf", "3050U/Black Knight BL-12-KNT.mtf",
    "3050U/Centurion CN9-D5.mtf", "3050U/Vindicator VND-5L.mtf", "3060u/Barghest BGS-1T.mtf",
    "3050U/Raven RVN-4L.mtf", "3050U/Quickdraw QKD-5M.mtf", "3050U/Commando COM-7B.mtf",
    "3050U/Atlas AS7-K.mtf", "3050U/Loki (Hellbringer) A.mtf",
    "Recognition Guide ilClan/Vol 17/Crusader CRD-7M.mtf",
    "Recognition Guide ilClan/Vol 15/Black Lanner I.mtf",
    "3050U/Banshee BNC-5S.mtf", "3050U/Loki (Hellbringer) Prime.mtf",
    "3060u/Shugenja SJA-7D.mtf", "3085u/Phoenix/Longbow LGB-14C.mtf", "3060u/Men Shen MS1-O.mtf",
    "3060u/Ti Ts'ang TSG-9C.mtf", "3050U/Mad Cat (Timber Wolf) E.mtf", "3050U/Flea FLE-19.mtf",
    "Recognition Guide ilClan/Vol 15/Black Lanner F.mtf", "RS Unique/Hercules Julius.mtf",
    "3075/Deva C-DVA-OC Comminus.mtf", "Recognition Guide ilClan/Vol 21/Kodiak 6.mtf",
    "3050U/Loki (Hellbringer) D.mtf", "Shrapnel/Vol 7/Hatchetman HCT-5DT.mtf",
    "3085u/Phoenix/Locust LCT-1V2.mtf", "3060u/Cougar A.mtf",
    "Recognition Guide ilClan/Vol 10/Crucible 3.mtf",
    "Recognition Guide ilClan/Vol 3/Puma (Adder) T.mtf", "3145/Marik/Carronade CRN-7M.mtf",
    "Recognition Guide ilClan/Vol 1/Commando COM-9S.mtf")
# Quads of ../shared/corpus/megamek-all whose Alpha Strike cards tests/test_cards_quads.py
# checks against the MUL's: Inner Sphere and Clan, intro-level and Standard, OmniMechs, each
# a movement or special a quad card shows (jump, JMPS, REAR, IF/LRM, FLK, OVL, ECM, STL,
# C3, TAG, MHQ, CASE II, AMS, HT, 0* damage); same treatment as STANDARD_FILES.
QUAD_FILES = (
    "3039u/Goliath GOL-1H.mtf", "3039u/Scorpion SCP-1N.mtf", "3055U/Tarantula ZPH-1A.mtf",
    "3060u/Sirocco SRC-3C.mtf", "3060u/Sirocco SRC-6C.mtf", "3060u/Stalking Spider.mtf",
    "3060u/Thunder Stallion 2.mtf", "3060u/Thunder Stallion 3.mtf", "3060u/Snow Fox 3.mtf",
    "3060u/Bishamon BSN-4K.mtf", "3067/White Flame WHF-3B.mtf", "3075/Xanthos XNT-3O.mtf",
    "3075/Balius D.mtf", "3085u/Cutting Edge/Trebaruna TR-XL.mtf",
    "3085u/Phoenix/Goliath GOL-3L.mtf", "Recognition Guide ilClan/Vol 22/Goliath GOL-7C.mtf",
    "Turning Points/OTP Hanseatic Crusade/Snow Fox (Omni) Prime.mtf")
# IndustrialMechs of ../shared/corpus/megamek-all whose Alpha Strike cards
# tests/test_cards_industrial.py checks against the MUL's: cards mechlab reproduces field for
# field (one for each IM special's rule) and the pairs of cards where the MUL contradicts itself
# (docs/VALUES_DIFFERENCES.md, "IndustrialMech cards"); same treatment as STANDARD_FILES.
INDUSTRIAL_FILES = (
    "3075/DemolitionMech WI-DM.mtf", "3075/Jabberwocky EngineerMech JAW-65A.mtf",
    "IrTech/StrongArm SC CV ConstructionMech.mtf", "IrTech/Harvester HVR-199 AgroMech.mtf",
    "IrTech/Harvester HVR-199M AgroMech MOD.mtf", "IrTech/Heavy Forester HFL-1 LoggerMech.mtf",
    "IrTech/Demeter WLD-1-M AgroMech MOD.mtf", "Operation Klondike/Daedalus GTX2A Stevedore.mtf",
    "Operation Klondike/Daedalus GTX2B Navvy.mtf", "Operation Klondike/Marco MR-8C.mtf",
    "Operation Klondike/Marco MR-8E.mtf", "TR Vehicle Annex/Marco MR-6.mtf",
    "TR Vehicle Annex/Marco MR-7.mtf", "TR Vehicle Annex/Crosscut ED-X1 LoggerMech.mtf",
    "TR Vehicle Annex/Harvester Agromech HVR-99.mtf",
    "TR Vehicle Annex/Powerman SC XI-M-B LoaderMech MOD.mtf")
# Files whose `rules level:` line the rules level computed from their content contradicts
# (issue 26: tests/test_rules_level.py): stale level-3/4 lines over Standard content (X-pulse
# lasers and a coolant pod; CASE II and Angel ECM on a Clan 'Mech; a supercharger) and
# tech/PROGRESSION.md's worked example of a year-based level (the Crab); same treatment as
# STANDARD_FILES.
LEVEL_FILES = (
    "3055U/Juggernaut JG-R9T2.mtf", "3145/Clans/Gravedigger GDR-1D.mtf",
    "XTRs/Succession Wars/Super Wasp WSP-2A-X.mtf", "3075/Crab CRB-27b.mtf")
# Advanced (level 3-4) designs of ../shared/corpus/megamek-all that tests/test_advanced.py
# checks one by one: each an ADVANCED_COMPONENTS.md component (IS and Clan XXL engines, the
# Tactical Operations armors, the command console, the torso-mounted and interface
# cockpits, laser heat sinks), legal with MegaMek's BV and the MUL's cost; same treatment
# as STANDARD_FILES, kept apart in megamek-advanced/ (their level lines are 3 and 4).
ADVANCED_FILES = (
    "3055U/Bombard BMB-1X.mtf", "3085u/Cutting Edge/Dasher II 2.mtf",
    "3055U/Copperhead CPR-HD-003.mtf", "3145/Merc/Vulture Mk IV A.mtf",
    "3145/Kurita/Hitotsume Kozo HKZ-1F.mtf", "3055U/Longshot LNG-2.mtf",
    "3145/Kurita/Hatamoto-Suna HTM-30S.mtf", "3039u/Atlas AS7-D-DC.mtf",
    "3055U/Epimetheus Prime.mtf", "XTRs/Republic III/Ryoken III-XP B.mtf",
    "3060u/Highlander IIC 2.mtf")
# lane armored: level-3/4 designs with armored components (cockpit, gyro, engine, actuators,
# life support, sensors, weapons, a PPC capacitor, a supercharger) and each turret (head,
# shoulder, quad; on Inner Sphere and Clan 'Mechs), legal with MegaMek's BV and the MUL's
# cost (tests/test_advanced_armored.py); kept in megamek-advanced/.
ARMORED_FILES = (
    "3055U/Great Turtle GTR-2.mtf", "3085u/Cutting Edge/Goshawk II 3.mtf",
    "3145/Merc/Mad Cat Mk IV A.mtf", "XTRs/Davion/Devastator DVS-X10 MUSE EARTH.mtf",
    "3145/NTNU RS/Thunder Fox TFT-F11.mtf", "3085u/Phoenix/Goliath GOL-6M.mtf",
    "XTRs/Steiner/Barghest BGS-4X.mtf", "Recognition Guide ilClan/Vol 22/Doom Courser Prime.mtf",
    "Recognition Guide ilClan/Vol 8/Baboon (Howler) 6.mtf",
    "XTRs/Corporations/Quickdraw QKD-8X.mtf")
# lane configs (issue 28): the corpus's tripods and superheavy 'Mechs (CONFIGURATIONS.md
# §6), which tests/test_configurations.py checks one by one against MegaMek's BV; kept
# apart in megamek-configurations/.
CONFIGURATION_FILES = (
    "XTRs/Republic III/Triskelion TRK-4V.mtf", "3145/Republic/Poseidon PSD-V2.mtf",
    "3145/Republic/Ares ARS-V1 Aphrodite.mtf", "3145/Republic/Ares ARS-V1 Hades.mtf",
    "3145/Republic/Ares ARS-V1 Hephaestus.mtf", "3145/Republic/Ares ARS-V1 Hera.mtf",
    "3145/Republic/Ares ARS-V1 Zeus.mtf", "Jihad Final Reckoning/OMEGA SHP-4X.mtf",
    "XTRs/Republic II/Orca OC-1X.mtf",
    # QuadVees: tracked and wheeled, Omni and not (CONFIGURATIONS.md §2–§4)
    "QuadVees/Arion (Standard).mtf", "QuadVees/Boreas A.mtf", "QuadVees/Harpagos (Standard).mtf",
    "QuadVees/Notos A.mtf", "QuadVees/Notos Prime.mtf")
KEY = re.compile(r"[A-Za-z][A-Za-z ]{0,30}:")
PROSE = ("overview:", "capabilities:", "deployment:", "history:", "notes:")


def megamek_file(name: str, folder: str = "megamek-mtf") -> str:
    """The technical part of one corpus file, its CRLF line ends kept; the prose (overview,
    capabilities, deployment, history) dropped; a trailer naming the source."""
    text = (SHARED / "corpus" / folder / name).read_bytes().decode("utf-8")
    lines, prose = [], False
    for line in text.split("\r\n"):
        # a prose paragraph may run on over more lines, blank ones too, up to the next key
        prose = line.lower().startswith(PROSE) or (prose and not KEY.match(line))
        if not prose or not line.strip():
            lines.append(line)
    trailer = [f"# {name}: MegaMek unit data (c) The MegaMek Team (megamek.org), CC BY-NC-SA 4.0,",
               f"# via ChrisAddamGerrish/megaMekFileParser@fc3c7ba (../shared/corpus/{folder}/",
               "# SOURCE.md); technical lines only, copied by tests/data/vendor.py.", ""]
    while lines and not lines[-1]:
        lines.pop()
    return "\r\n".join([*lines, "", *trailer])


def standard_values() -> str:
    """MegaMek's BV, the MUL's BV and cost of the vendored Standard designs (STANDARD_FILES)."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "chassis", "model", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: row for row in (_pick(columns, row, wanted) for row in rows)}
    return _write(["# Published BV and cost of the Standard designs in megamek/ (STANDARD_FILES).",
                   "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header],
                  ["file_name", *wanted], [[Path(path).name, *picked[path]]
                                           for path in STANDARD_FILES])


def advanced_values() -> str:
    """MegaMek's BV, the MUL's BV and cost of the vendored Advanced designs (ADVANCED_FILES)."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "chassis", "model", "rules_level", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: row for row in (_pick(columns, row, wanted) for row in rows)}
    return _write(["# Published BV and cost of the Advanced designs in megamek/ (ADVANCED_FILES).",
                   "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header],
                  ["file_name", *wanted], [[Path(path).name, *picked[path]]
                                           for path in ADVANCED_FILES])


def armored_values() -> str:
    """MegaMek's BV, the MUL's BV and cost of the vendored ARMORED_FILES."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "chassis", "model", "rules_level", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: row for row in (_pick(columns, row, wanted) for row in rows)}
    return _write(["# Published BV and cost of the armored-component and turret designs in",
                   "# megamek-advanced/ (ARMORED_FILES).",
                   "# From ../shared/corpus/megamek-all/INDEX.tsv:",
                   *header], ["file_name", *wanted],
                  [[Path(path).name, *picked[path]] for path in ARMORED_FILES])


def armored_cards() -> str:
    """The MUL's Alpha Strike cards of the ARMORED_FILES that have one."""
    _, columns, rows = _read(SHARED / "cards" / "alpha_strike_mul_all.tsv")
    have = {row[columns.index("path")] for row in rows}
    return _mul_cards(tuple(p for p in ARMORED_FILES if p in have), [
        "# The armored-component and turret designs in megamek-advanced/ (ARMORED_FILES)",
        "# that have a card: their Alpha Strike cards."])
def configuration_values() -> str:
    """MegaMek's BV, the MUL's BV and cost of the tripods and superheavies
    (CONFIGURATION_FILES)."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "config", "mass", "rules_level", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: row for row in (_pick(columns, row, wanted) for row in rows)}
    return _write(["# Published BV and cost of the tripods and superheavies in",
                   "# megamek-configurations/ (CONFIGURATION_FILES).",
                   "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header],
                  ["file_name", *wanted], [[Path(path).name, *picked[path]]
                                           for path in CONFIGURATION_FILES])


def alpha_strike_configurations() -> str:
    """The MUL's Alpha Strike cards of the tripods and superheavies with one."""
    paths = {row[0] for row in _read(SHARED / "cards" / "alpha_strike_mul_all.tsv")[2]}
    return _mul_cards(tuple(p for p in CONFIGURATION_FILES if p in paths),
                      ["# The tripods and superheavies in megamek-configurations/: their Alpha",
                       "# Strike cards."])


def _mul_cards(files: tuple[str, ...], title: list[str]) -> str:
    """The MUL's Alpha Strike cards of `files`, the fields a card shows, in their order."""
    header, columns, rows = _read(SHARED / "cards" / "alpha_strike_mul_all.tsv")
    wanted = ("path", "mul_id", "pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov",
              "armor", "structure", "specials")
    picked = {row[0]: row for row in (_pick(columns, row, wanted) for row in rows)}
    return _write([*title, "# From ../shared/cards/alpha_strike_mul_all.tsv:", *header],
                  list(wanted), [picked[path] for path in files])


def alpha_strike_quads() -> str:
    """The MUL's Alpha Strike cards of the quads in QUAD_FILES."""
    return _mul_cards(QUAD_FILES, ["# The quads in megamek/ (QUAD_FILES): their Alpha Strike "
                                   "cards."])


def alpha_strike_industrial() -> str:
    """The MUL's Alpha Strike cards of the IndustrialMechs in INDUSTRIAL_FILES."""
    return _mul_cards(INDUSTRIAL_FILES, [
        "# The IndustrialMechs in megamek/ (INDUSTRIAL_FILES): their Alpha Strike", "# cards."])


def alpha_strike_standard() -> str:
    """The MUL's Alpha Strike cards (skill 4) of the vendored Standard designs that have one."""
    header, columns, rows = _read(SHARED / "cards" / "alpha_strike_mul_all.tsv")
    wanted = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
              "specials", "role", "mul_id")
    picked = {row[0]: row for row in rows}
    return _write(["# Published Alpha Strike cards of the Standard designs in megamek/ "
                   "(STANDARD_FILES).", "# From ../shared/cards/alpha_strike_mul_all.tsv:",
                   *header], ["file_name", "path", *wanted],
                  [[Path(path).name, path, *_pick(columns, picked[path], wanted)]
                   for path in STANDARD_FILES if path in picked])


# lane advvalues: the MUL's Alpha Strike cards of the vendored Advanced designs: the
# components' (ADVANCED_FILES) and the weapons' (advanced_equipment_values.tsv's files).
ADVANCED_WEAPON_FILES = (
    "3145/NTNU RS/Ebony MEB-13.mtf", "3145/NTNU RS/Shadow Cat F.mtf",
    "3058Uu/Strider SR1-OX.mtf", "3085u/Cutting Edge/Rook NH-3X.mtf",
    "3085u/Phoenix/Thunderbolt TDR-9Nr.mtf", "3085u/Cutting Edge/Morrigan 3.mtf")


def alpha_strike_advanced() -> str:
    """The MUL's Alpha Strike cards of the Advanced designs in megamek-advanced/."""
    return _mul_cards((*ADVANCED_FILES, *ADVANCED_WEAPON_FILES), [
        "# The Advanced designs in megamek-advanced/ (ADVANCED_FILES, ADVANCED_WEAPON_FILES):",
        "# their Alpha Strike cards."])


# lane physical: level-3/4 designs tests/test_advanced_physical.py checks one by one, one
# for each rule of ADVANCED_EQUIPMENT.md §3 and §4.1 it proves (shields, lance, vibroblades,
# chain whip, spikes, talons, AES), legal with MegaMek's BV; kept in megamek-advanced/.
PHYSICAL_FILES = (
    "3145/Davion/Black Knight BLK-NT-2Y.mtf", "3055U/Colossus CLS-4S.mtf",
    "3055U/Hachiwara HCA-6P.mtf", "3055U/Hachiwara HCA-3T.mtf", "3050U/Assassin Servitor.mtf",
    "3145/Davion/Templar III TLR2-OB.mtf", "3055U/Porcupine PRC-1N.mtf",
    "3055U/Morpheus MRP-3S.mtf", "XTRs/Mercenaries/Wolfhound WLF-2X.mtf",
    "Recognition Guide ilClan/Vol 2/Sojourner B.mtf", "3145/NTNU RS/Pack Hunter II 4.mtf",
    "Recognition Guide ilClan/Vol 2/Sojourner D.mtf",
    "Recognition Guide ilClan/Vol 16/Turkina X.mtf")


def physical_values() -> str:
    """MegaMek's BV, the MUL's BV and cost, and the MUL's Alpha Strike card (blank: none) of
    PHYSICAL_FILES."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: _pick(columns, row, wanted) for row in rows}
    card_header, card_columns, card_rows = _read(SHARED / "cards" / "alpha_strike_mul_all.tsv")
    fields = ("pv", "mv", "dmg_s", "dmg_m", "dmg_l", "armor", "structure", "specials")
    cards = {row[0]: _pick(card_columns, row, fields) for row in card_rows}
    return _write(["# Published values of the designs of PHYSICAL_FILES (tests/data/vendor.py).",
                   "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header,
                   "# and ../shared/cards/alpha_strike_mul_all.tsv:", *card_header],
                  ["file_name", *wanted, *fields],
                  [[Path(path).name, *picked[path], *cards.get(path, [""] * len(fields))]
                   for path in PHYSICAL_FILES])


FILES: dict[str, Callable[[], str]] = {
    "standard_values.tsv": standard_values,
    "alpha_strike_standard.tsv": alpha_strike_standard,
    "battle_values.tsv": battle_values,
    "alpha_strike_mul.tsv": alpha_strike,
    "library_roles.tsv": library_roles,
    "ccg_cards.tsv": ccg,
    "rules_fusion_engines.tsv": fusion_engines,
    "rules_internal_structure.tsv": internal_structure,
    **{f"megamek/{name}": partial(megamek_file, name) for name in MEGAMEK_FILES},
    **{f"megamek/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in STANDARD_FILES},
    "alpha_strike_quads.tsv": alpha_strike_quads,
    **{f"megamek/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in QUAD_FILES},
    "alpha_strike_industrial.tsv": alpha_strike_industrial,
    **{f"megamek/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in INDUSTRIAL_FILES},
    **{f"megamek/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in LEVEL_FILES},
    "advanced_values.tsv": advanced_values,
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in ADVANCED_FILES},
    "alpha_strike_advanced.tsv": alpha_strike_advanced,  # lane advvalues
    # lane armored
    "armored_values.tsv": armored_values,
    "alpha_strike_armored.tsv": armored_cards,
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in ARMORED_FILES},
    # lane physical
    "advanced_physical_values.tsv": physical_values,
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in PHYSICAL_FILES},
    # lane configs (issue 28)
    "configuration_values.tsv": configuration_values,
    "alpha_strike_configurations.tsv": alpha_strike_configurations,
    **{f"megamek-configurations/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in CONFIGURATION_FILES},
}

# lane primitive: primitive 'Mechs (ADVANCED_COMPONENTS.md §7.1) that
# tests/test_advanced_primitive.py judges one by one, legal with MegaMek's BV and the MUL's
# cost; same treatment as ADVANCED_FILES.
PRIMITIVE_FILES = (
    "ToS/ToS Kaumberg/Phoenix PX-1KR.mtf", "XTRs/Primitives I/Commando COM-1A.mtf",
    "XTRs/Primitives IV/Xanthos XNT-2O.mtf", "Era Digests/Age of War/Hector HOR-1B.mtf",
    # prototype jump jets; IO's prototype weapons (medium pulse laser, Gauss rifle, LB 10-X);
    # a Mixed 'Mech's Clan double heat sinks under a `Heat Sinks:12 Double` line
    "XTRs/Primitives V/Wolverine WVR-1R.mtf",
    "Starterbook Sword and Dragon/Hunchback HBK-4G Shakir.mtf",
    "Starterbook Sword and Dragon/Enforcer ENF-4R Daniel.mtf",
    "Starterbook Sword and Dragon/Hatchetman HCT-3F Austin.mtf",
    "3050U/Wolfhound WLF-1 (Allard).mtf",
    # an ultralight BattleMech (15 t); an ICE-engined BattleMech
    "XTRs/Succession Wars/Flea FLE-14.mtf", "Era Digests/Dark Age/Raider JL-1.mtf",
    # endo steel prototype structure; prototype double heat sinks beside singles
    "3050U/Jenner JR7-K Grace.mtf",
    "Starterbook Sword and Dragon/Cataphract CTF-2X George.mtf")


def primitive_values() -> str:
    """MegaMek's BV, the MUL's BV and cost of the vendored primitive designs."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "chassis", "model", "rules_level", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: row for row in (_pick(columns, row, wanted) for row in rows)}
    return _write(["# Published BV and cost of the primitive designs in megamek-advanced/ "
                   "(PRIMITIVE_FILES).", "# From ../shared/corpus/megamek-all/INDEX.tsv:",
                   *header], ["file_name", *wanted],
                  [[Path(path).name, *picked[path]] for path in PRIMITIVE_FILES])


FILES.update({
    "advanced_primitive_values.tsv": primitive_values,
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in PRIMITIVE_FILES},
})


# lane stealth: a level-3/4 file for each stealth system and mobility/survival item
# (tests/test_advanced_stealth.py; docs/advanced.md), legal with MegaMek's BV and the MUL's
# cost; same treatment as ADVANCED_FILES, in megamek-advanced/.
STEALTH_FILES = (
    "3085u/Cutting Edge/Dark Crow 3.mtf", "3085u/Cutting Edge/Spider SDR-8X.mtf",
    "3145/Merc/Jade Hawk JHK-03.mtf", "XTRs/Kurita/Jenner JR10-X.mtf",
    "3085u/Cutting Edge/Raptor II RPT-2X.mtf", "3050U/Exterminator EXT-4C.mtf",
    "3145/Marik/Quasimodo QSM-3D.mtf", "3145/Republic/Lament LMT-2R.mtf",
    "3055U/Aquagladius AQS-3.mtf", "3145/Clans/Kodiak II 2.mtf", "3145/NTNU RS/Kuma 4.mtf",
    "XTRs/Caveat Emptor/Phoenix Hawk PXH-99.mtf",
    "3085u/ONN/Cauldron-Born (Ebon Jaguar) U.mtf", "3145/NTNU RS/Uller (Kit Fox) I.mtf",
    "3085u/Phoenix/Archer ARC-9W.mtf")
# Their published Alpha Strike cards where mechlab converts them (test_advanced_stealth.py).
STEALTH_CARD_FILES = (
    "XTRs/Kurita/Jenner JR10-X.mtf", "3050U/Exterminator EXT-4C.mtf",
    "3085u/Phoenix/Archer ARC-9W.mtf", "3085u/Cutting Edge/Spider SDR-8X.mtf",
    "3145/Republic/Lament LMT-2R.mtf", "3145/NTNU RS/Kuma 4.mtf",
    "3145/NTNU RS/Uller (Kit Fox) I.mtf")


def stealth_values() -> str:
    """MegaMek's BV, the MUL's BV and cost of STEALTH_FILES."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "chassis", "model", "rules_level", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: row for row in (_pick(columns, row, wanted) for row in rows)}
    return _write(["# Published BV and cost of the stealth-lane designs in megamek-advanced/ "
                   "(STEALTH_FILES).", "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header],
                  ["file_name", *wanted], [[Path(path).name, *picked[path]]
                                           for path in STEALTH_FILES])


FILES.update({
    "advanced_stealth_values.tsv": stealth_values,
    "alpha_strike_stealth.tsv": lambda: _mul_cards(STEALTH_CARD_FILES, [
        "# The stealth-lane designs in megamek-advanced/ (STEALTH_CARD_FILES): their Alpha",
        "# Strike cards."]),
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in STEALTH_FILES}})


# lane artillery: level-3/4 designs of ../shared/corpus/megamek-all that
# tests/test_advanced_artillery.py checks one by one, one for each artillery piece and each
# advanced electronics or equipment item (ADVANCED_EQUIPMENT.md §2, §5, §6), in
# megamek-advanced/; their published BV, cost and Alpha Strike card in
# advanced_artillery_values.tsv.
ARTILLERY_FILES = (
    "3050U/Catapult CPLT-C3.mtf", "3055U/Naga C.mtf", "3075/Helepolis HEP-2H.mtf",
    "3145/Clans/Loki (Hellbringer) Mk II B.mtf", "3145/NTNU RS/Koschei KSC-6L.mtf",
    "3145/NTNU RS/Shockwave SKW-8X.mtf", "3085u/ONN/Akuma AKU-2XC.mtf",
    "3085u/ONN/Cyclops CP-11-C3.mtf", "XTRs/Republic II/Prefect PRF-1C.mtf",
    "WoR Supplemental/Pariah (Septicemia) B-Z.mtf", "WoR Supplemental/Mad Cat (Timber Wolf) Z.mtf",
    "3145/Republic/Revenant UBM-2R.mtf", "3039u/Raven RVN-1X.mtf",
    "3145/NTNU RS/Ti Ts'ang TSG-10L.mtf", "XTRs/ComStar/Tessen TSN-X-4.mtf",
    "XTRs/Gunslingers/Exterminator EXT-4DX Caine.mtf", "3039u/Cyclops CP-10-HQ.mtf",
    "3145/Republic/Revenant UBM-2R7.mtf", "TR Vehicle Annex/Shugosha LAW-QM3 Q-Mech.mtf",
    "3145/Davion/Antlion LK-3D.mtf", "WoR Supplemental/Pariah (Septicemia) Z.mtf",
    "3145/NTNU RS/Strider SR1-OM.mtf")


def artillery_values() -> str:
    """MegaMek's BV, the MUL's cost and Alpha Strike card (blank: none) of ARTILLERY_FILES."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "rules_level", "megamek_bv", "mul_cost")
    picked = {row[0]: _pick(columns, row, wanted) for row in rows}
    card_header, card_columns, cards = _read(SHARED / "cards" / "alpha_strike_mul_all.tsv")
    fields = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
              "specials")
    by_path = {row[0]: _pick(card_columns, row, fields) for row in cards}
    return _write(["# Published BV, cost and Alpha Strike card of the designs with artillery and",
                   "# advanced electronics in megamek-advanced/ (ARTILLERY_FILES).",
                   "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header,
                   "# and ../shared/cards/alpha_strike_mul_all.tsv:", *card_header],
                  ["file_name", *wanted, *fields],
                  [[Path(path).name, *picked[path], *by_path.get(path, [""] * len(fields))]
                   for path in ARTILLERY_FILES])


FILES.update({
    "advanced_artillery_values.tsv": artillery_values,
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in ARTILLERY_FILES},
})

# lane lam (issue 28): the corpus's 21 land-air 'Mechs (CONFIGURATIONS.md §6), which
# tests/test_configurations_lam.py judges one by one against MegaMek's BV, the MUL's cost and
# card; kept apart in megamek-lams/.
LAM_FILES = tuple(f"LAMS/{name}.mtf" for name in (
    "Phoenix Hawk LAM Mk I PHX-HK1", "Phoenix Hawk LAM Mk I PHX-HK1R",
    "Phoenix Hawk LAM PHX-HK1RB", "Phoenix Hawk LAM PHX-HK2", "Phoenix Hawk LAM PHX-HK2M",
    "Pwwka S-PW-1LAM", "Screamer LAM SCR-1X-LAM", "Shadow Hawk LAM SHD-X1",
    "Shadow Hawk LAM SHD-X2", "Stinger LAM Mk I STG-A1", "Stinger LAM STG-A10",
    "Stinger LAM STG-A5", "Waneta S-WN-1LAM", "Waneta S-WN-2LAM", "Wasp LAM Mk I WSP-100",
    "Wasp LAM Mk I WSP-100A", "Wasp LAM Mk I WSP-100b", "Wasp LAM WSP-105",
    "Wasp LAM WSP-105M", "Wasp LAM WSP-110", "Yurei S-YR-1LAM"))


def lam_values() -> str:
    """MegaMek's BV, the MUL's BV, cost and Alpha Strike card of the LAMs (LAM_FILES)."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "mass", "rules_level", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: row for row in (_pick(columns, row, wanted) for row in rows)}
    card_header, card_columns, cards = _read(SHARED / "cards" / "alpha_strike_mul_all.tsv")
    fields = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
              "specials")
    by_path = {row[0]: _pick(card_columns, row, fields) for row in cards}
    return _write(["# Published BV, cost and Alpha Strike card of the land-air 'Mechs in",
                   "# megamek-lams/ (LAM_FILES).",
                   "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header,
                   "# and ../shared/cards/alpha_strike_mul_all.tsv:", *card_header],
                  ["file_name", *wanted, *fields],
                  [[Path(path).name, *picked[path], *by_path.get(path, [""] * len(fields))]
                   for path in LAM_FILES])


FILES.update({
    "lam_values.tsv": lam_values,
    **{f"megamek-lams/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in LAM_FILES},
})


# lane bv97: level-3/4 designs of ../shared/corpus/megamek-all that tests/test_advanced_bv97.py
# judges one by one (large engines, …), legal with MegaMek's BV and the MUL's cost; same
# treatment as ADVANCED_FILES, in megamek-advanced/.
BV97_FILES = (
    "3055U/Sasquatch SQS-TH-002.mtf", "3085u/Cutting Edge/Kuma 3.mtf",
    # pod liquid storage written `Liquid Storage (OMNIPOD):SIZE:1.0`; armored HarJel and tanks
    "3085u/ONN/Black Hawk (Nova) U.mtf", "3085u/ONN/Turkina U.mtf",
    # prototype rocket launchers (one-shot); Clan LRT 15 Artemis V-capable ammunition
    "Operation Klondike/Crosscut ED-X2 (Rocket).mtf", "3085u/ONN/Vulture (Mad Dog) U.mtf",
    # the primitive industrial cockpit
    "3075/Lumberjack LM1A.mtf",
    # compact heat sinks
    "XTRs/Republic II/Hornet HNT-181.mtf", "XTRs/Caveat Emptor/Wasp WSP-3X.mtf",
    # an Artemis IV linked to an improved LRM 20
    "Golden Century/Excalibur EXC-B2b-EC.mtf",
    # mechanical jump boosters (a quad's `Jump Booster`, an IndustrialMech's
    # `MechanicalJumpBooster`)
    "3085u/Cutting Edge/Thunder Fox TFT-C3.mtf", "3085u/Cutting Edge/Fwltur FWL-3V SalvageMech.mtf",
    # lane bv97b: prototype improved jump jets; the RISC emergency coolant system
    "XTRs/Succession Wars/Super Griffin GRF-2N-X.mtf", "XTRs/Republic III/Goshawk II RISC.mtf")


def bv97_values() -> str:
    """MegaMek's BV, the MUL's BV and cost of BV97_FILES."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "rules_level", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: _pick(columns, row, wanted) for row in rows}
    return _write(["# Published BV and cost of the bv97-lane designs in megamek-advanced/ "
                   "(BV97_FILES).", "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header],
                  ["file_name", *wanted], [[Path(path).name, *picked[path]]
                                           for path in BV97_FILES])


FILES.update({
    "advanced_bv97_values.tsv": bv97_values,
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in BV97_FILES},
})

# lane cards90: level-3/4 designs tests/test_advanced_cards90.py checks one by one (the UMU's
# `s` move and SUBW#, REL, SHLD, LG, the prototype Streak SRM, the Blue Shield, a weapon with
# no values yet), in megamek-advanced/; the MUL's cards of those that have one.
CARDS90_FILES = (
    "3085u/ONN/Mad Cat (Timber Wolf) U.mtf", "3085u/ONN/Men Shen MS1-OU.mtf",
    "Recognition Guide ilClan/Vol 18/Victor VTR-12D.mtf",
    "Recognition Guide ilClan/Vol 5/Marauder II MAD-10D.mtf",
    "3075/Valiant VLN-3T.mtf", "Golden Century/Emperor EMP-6A-EC.mtf",
    "XTRs/Gladiators/Spatha SP2-X Warlord.mtf", "3145/Republic/Revenant UBM-2R4.mtf",
    "3145/Marik/Sarath SRTH-1OB.mtf", "Videogame (Apocryphal)/Bull Shark BSK-M3.mtf")
CARDS90_CARD_FILES = (
    *CARDS90_FILES[:-1], "3055U/Aquagladius AQS-3.mtf",
    "3085u/ONN/Cauldron-Born (Ebon Jaguar) U.mtf", "3145/Marik/Quasimodo QSM-3D.mtf",
    "3055U/Colossus CLS-4S.mtf", "3145/Davion/Black Knight BLK-NT-2Y.mtf",
    "Jihad Final Reckoning/OMEGA SHP-4X.mtf", "XTRs/Republic II/Orca OC-1X.mtf",
    "QuadVees/Arion (Standard).mtf", "QuadVees/Boreas A.mtf",
    "QuadVees/Harpagos (Standard).mtf", "QuadVees/Notos A.mtf", "QuadVees/Notos Prime.mtf",
    "3145/Republic/Ares ARS-V1 Aphrodite.mtf", "3145/Republic/Poseidon PSD-V2.mtf",
    "XTRs/Caveat Emptor/Phoenix Hawk PXH-99.mtf")

FILES.update({
    "alpha_strike_cards90.tsv": lambda: _mul_cards(CARDS90_CARD_FILES, [
        "# The cards90-lane designs (CARDS90_CARD_FILES, in megamek-advanced/ and",
        "# megamek-configurations/): their Alpha Strike cards."]),
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in CARDS90_FILES}})

# lane patchwork: every corpus file with patchwork armor (tests/test_advanced_patchwork.py;
# docs/advanced.md "Patchwork armor"), the one with a ram plate and the one with a RISC laser
# pulse module (tests/test_advanced_patchwork_ramplate.py), in megamek-advanced/; MegaMek's
# BV, the MUL's BV and cost, and the MUL's cards of those that have one.
PATCHWORK_FILES = (
    "3145/Steiner/Zeus X ZEU-X.mtf", "3145/Steiner/Zeus X ZEU-X2.mtf",
    "XTRs/Boondocks/Spindrift Aquatic SecurityMech SDT-1.mtf",
    "XTRs/Caveat Emptor/Aquagladius AQS-5 MAM.mtf",
    "Turning Points/OTP Hanseatic Crusade/Rhino (Standard).mtf",
    "XTRs/Royal Fantasy/Tessen TSN-X4R _Rapunzel_.mtf")


def patchwork_values() -> str:
    """MegaMek's BV, the MUL's BV and cost of PATCHWORK_FILES."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "rules_level", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: _pick(columns, row, wanted) for row in rows}
    return _write(["# Published BV and cost of the patchwork-armor and ram-plate designs in "
                   "megamek-advanced/ (PATCHWORK_FILES).",
                   "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header],
                  ["file_name", *wanted],
                  [[Path(path).name, *picked[path]] for path in PATCHWORK_FILES])


def patchwork_cards() -> str:
    paths = {row[0] for row in _read(SHARED / "cards" / "alpha_strike_mul_all.tsv")[2]}
    return _mul_cards(tuple(p for p in PATCHWORK_FILES if p in paths), [
        "# The patchwork-armor and ram-plate designs in megamek-advanced/ (PATCHWORK_FILES):",
        "# their Alpha Strike cards."])


FILES.update({
    "advanced_patchwork_values.tsv": patchwork_values,
    "alpha_strike_patchwork.tsv": patchwork_cards,
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in PATCHWORK_FILES}})


# lane bvfix: the legal level-3/4 files whose BV differed from MegaMek's, each for a rule now
# corrected (tests/test_advanced_bvfix.py).
BVFIX_FILES = (
    "XTRs/Republic III/Osprey OSP-36.mtf",
    "TR Vehicle Annex/Carbine CON-7M ConstructionMech MOD.mtf",
    # improved SRM 6 ammunition; primitive AC/10 ammunition; an uncased HVAC
    "Golden Century/Naja.mtf", "Golden Century/Naja KTO-19b-EC.mtf",
    "XTRs/Primitives V/Orion ON1-H.mtf", "XTRs/Periphery/Atlas AS-700 Jurn.mtf",
    # a torso-mounted cockpit behind two medium lasers
    "3145/Marik/Stalker II STK-9A.mtf")


def bvfix_values() -> str:
    """MegaMek's BV, the MUL's BV and cost of BVFIX_FILES."""
    header, columns, rows = _read(SHARED / "corpus" / "megamek-all" / "INDEX.tsv")
    wanted = ("path", "rules_level", "megamek_bv", "mul_bv", "mul_cost")
    picked = {row[0]: _pick(columns, row, wanted) for row in rows}
    return _write(["# Published BV and cost of the bvfix-lane designs in megamek-advanced/ "
                   "(BVFIX_FILES).", "# From ../shared/corpus/megamek-all/INDEX.tsv:", *header],
                  ["file_name", *wanted], [[Path(path).name, *picked[path]]
                                           for path in BVFIX_FILES])


# ... and the four large-engine (rating over 400) designs whose card's structure has its own
# row: their MUL cards.
BVFIX_CARD_FILES = (
    "3055U/Sasquatch SQS-TH-002.mtf", "3055U/Sasquatch SQS-TH-003.mtf",
    "3085u/Phoenix/BattleMaster BLR-6X.mtf", "3085u/Cutting Edge/Kuma 3.mtf")

FILES.update({
    "advanced_bvfix_values.tsv": bvfix_values,
    "alpha_strike_bvfix.tsv": lambda: _mul_cards(BVFIX_CARD_FILES, [
        "# The bvfix-lane large-engine designs (BVFIX_CARD_FILES, in megamek-advanced/):",
        "# their Alpha Strike cards."]),
    **{f"megamek-advanced/{Path(path).name}": partial(megamek_file, path, "megamek-all")
       for path in BVFIX_FILES + BVFIX_CARD_FILES}})

def stale() -> list[str]:
    """The vendored files that differ from what ../shared gives now."""
    return [name for name, make in FILES.items()
            if (HERE / name).read_bytes() != make().encode()]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        names = stale()
        for name in names:
            print(f"tests/data/{name} differs from ../shared; run python tests/data/vendor.py")
        return 1 if names else 0
    for name, make in FILES.items():
        (HERE / name).parent.mkdir(exist_ok=True)
        (HERE / name).write_bytes(make().encode())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
