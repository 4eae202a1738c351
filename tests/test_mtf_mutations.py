"""Every single-fact change to a legal Standard `.mtf` is caught with its own code
(issue 20): over a sample of the MegaMek corpus, each mutation below is applied to every
file it applies to, and the verdict must carry the code named for it. The expected codes
come from STANDARD_RULES.md (§2.3, §3.1, §6.2, §7, §8, §9.1, §1.2, §11.2, §14.5)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from test_mtf_corpus_standard import in_scope
from tests_support import ALL, MEGAMEK, megamek_checked

from mechlab.check import check_file

pytestmark = [pytest.mark.slow]
SAMPLE_EVERY = 25  # ~100 files of the 2,477, spread over every folder


def _sub(pattern: str, replacement: str | Callable[[re.Match[str]], str]
         ) -> Callable[[str], str | None]:
    """A mutation: the first match of `pattern` replaced, None where nothing matches."""
    compiled = re.compile(pattern, re.IGNORECASE | re.MULTILINE)

    def mutate(text: str) -> str | None:
        changed = compiled.sub(replacement, text, count=1)
        return changed if changed != text else None

    return mutate


def _move_engine_slot(text: str) -> str | None:
    """An XL engine's first side-torso slot swapped with an empty slot of the arm."""
    lt = re.search(r"(Left Torso:\r?\n)Fusion Engine", text, re.IGNORECASE)
    arm = re.search(r"(Left Arm:\r?\n(?:.*\r?\n){4})-Empty-", text, re.IGNORECASE)
    if not lt or not arm or "xl" not in _line(text, "engine").lower():
        return None
    text = text[:arm.end() - 7] + "Fusion Engine" + text[arm.end():]
    lt = re.search(r"(Left Torso:\r?\n)Fusion Engine", text, re.IGNORECASE)
    assert lt is not None
    return text[:lt.start()] + lt.group(1) + "-Empty-" + text[lt.end():]


def _line(text: str, key: str) -> str:
    match = re.search(rf"^{key}:(.*)$", text, re.IGNORECASE | re.MULTILINE)
    return match.group(1).strip() if match else ""


def _clan_item_on_is(text: str) -> str | None:
    if _line(text, "techbase").lower() != "inner sphere":
        return None
    return _sub(r"^(ISMediumLaser|Medium Laser)(\s*(\(R\))?)\r?$",
                lambda m: "CLERMediumLaser" + m.group(2))(text)


def _sinks_plus_one(text: str) -> str | None:
    return _sub(r"^(heat sinks:)(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + 1}")(text)


def _double_said_single(text: str) -> str | None:
    """Only where double sinks have slots: ten doubles all in the engine weigh and fill
    what ten singles do, and a file that says so states nothing else to contradict."""
    if not re.search(r"^(IS|CL)Double ?Heat ?Sink", text, re.IGNORECASE | re.MULTILINE):
        return None
    return _sub(r"^(heat sinks:\d+ )(IS |Clan )?Double", r"\1Single")(text)


def _one_slot_short(name: str) -> Callable[[str], str | None]:
    """The last slot of a run of two or more `name` lines emptied."""
    run = re.compile(rf"^(?:(?:{name})(?: \(OMNIPOD\))?\r?\n)+(?P<last>(?:{name})"
                     r"(?: \(OMNIPOD\))?)\r?$", re.IGNORECASE | re.MULTILINE)

    def mutate(text: str) -> str | None:
        match = run.search(text)
        if match is None:
            return None
        return text[:match.start("last")] + "-Empty-" + text[match.end("last"):]

    return mutate


MUTATIONS: dict[str, tuple[Callable[[str], str | None], set[str]]] = {
    # §3.1 / §14.5: the Engine line and the engine slots disagree
    "XL engine said standard": (_sub(r"^(engine:\d+ )XL( \(Clan\))? Engine", r"\1Fusion Engine"),
                                {"E-ENGINE-SLOTS"}),
    "standard engine said XL": (_sub(r"^(engine:\d+ )Fusion Engine", r"\1XL Engine"),
                                {"E-ENGINE-SLOTS"}),
    "XL engine slot moved": (_move_engine_slot, {"E-ENGINE-SLOTS"}),
    # §2.3: structure type and slots
    "endo steel said standard": (_sub(r"^(structure:)(IS |Clan )?Endo[- ]Steel", r"\1Standard"),
                                 {"E-STRUCTURE-SLOTS"}),
    "standard structure said endo": (_sub(r"^(structure:)(IS )?Standard", r"\1Endo Steel"),
                                     {"E-STRUCTURE-SLOTS"}),
    # §6.2: armor type and slots
    "ferro said standard": (_sub(r"^(armor:)Ferro-Fibrous(\(.*\))?", r"\1Standard\2"),
                            {"E-ARMOR-SLOTS"}),
    # §7: one more heat sink than the slots and the engine hold, or the weight allows
    "one more heat sink": (_sinks_plus_one,
                           {"E-MTF-HEAT-SINKS", "E-TONNAGE-OVER", "E-OMNI-HEATSINKS"}),
    # §9.1: a CASE dropped leaves the 'Mech half a ton light
    "CASE dropped": (_sub(r"^ISCASE\r?$", "-Empty-"), {"W-TONNAGE-UNDER"}),
    # §1.2: a Clan weapon on an Inner Sphere chassis
    "Clan item on IS chassis": (_clan_item_on_is, {"E-TECHBASE"}),
    # §14.5: the movement lines
    "walk MP": (_sub(r"^(walk mp:)(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + 1}"),
                {"E-MTF-WALK"}),
    "jump MP": (_sub(r"^(jump mp:)(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + 1}"),
                {"E-MTF-JUMP"}),
    # §8.2: the Myomer line
    "TSM said standard": (_sub(r"^(myomer:)Triple[- ]Strength.*$", r"\1Standard"),
                          {"E-MTF-MYOMER"}),
    # §4, §5: gyro and cockpit lines against the CT and head slots
    "XL gyro said standard": (_sub(r"^gyro:XL( Gyro)?", "Gyro:Standard Gyro"),
                              {"E-GYRO-SLOTS"}),
    "small cockpit said standard": (_sub(r"^cockpit:Small Cockpit", "Cockpit:Standard Cockpit"),
                                    {"E-COCKPIT-SLOTS"}),
    # §7 rule 3: the sink type against the sink slots
    "double sinks said single": (_double_said_single, {"E-HEATSINK-TYPE"}),
    # §6.4: the head's cap
    "head armor over 9": (_sub(r"^HD armor:9", "HD Armor:10"), {"E-ARMOR-HEAD"}),
    # §9.2: an Artemis dropped leaves a launcher without one
    # (the only Artemis dropped is legal: the 'Mech is then that much under its mass)
    "Artemis dropped": (_sub(r"^(IS|CL)ArtemisIV( \(OMNIPOD\))?\r?$", "-Empty-"),
                        {"E-ARTEMIS-LINK", "W-TONNAGE-UNDER"}),
    # §8.2, §9.3: formula-sized items one slot short
    "MASC slot dropped": (_one_slot_short(r"(IS|CL)MASC"), {"E-MASC-SIZE"}),
    "TC slot dropped": (_one_slot_short(r"(IS|CL)Targeting Computer"), {"E-TC-SIZE"}),
    # §11.2: structure or armor podded on an OmniMech
    "structure slot podded": (_sub(r"^((?:IS |Clan )?Endo[- ]Steel)\r?$", r"\1 (OMNIPOD)"),
                              {"E-OMNI-POD-FIXED", "E-OMNI-POD-NONOMNI"}),
}


def _sample() -> list[Path]:
    """~100 files of the catalogue; in a clone alone, the MegaMek files tests/data vendors."""
    if not (ALL / "INDEX.tsv").is_file():
        return sorted(MEGAMEK.glob("*.mtf"))
    return list(in_scope())[::SAMPLE_EVERY]


@cache
def _legal_sample() -> tuple[tuple[Path, str], ...]:
    """The sample's legal files and their text: judged once a worker for every mutation
    (`check`'s verdict from the shared judged files, tests_support.megamek_checked), not
    once a mutation (issue 31: 20 verdicts of each file)."""
    return tuple((path, path.read_bytes().decode("utf-8-sig", "replace"))
                 for path in _sample() if megamek_checked(path).outcome == "legal")


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_each_single_fact_change_is_caught_with_its_own_code(name: str, tmp_path: Path):
    mutate, codes = MUTATIONS[name]
    tried, missed = 0, []
    for path, text in _legal_sample():
        changed = mutate(text)
        if changed is None:
            continue
        tried += 1
        target = tmp_path / path.name
        target.write_text(changed, encoding="utf-8")
        result = check_file(target, warnings=True)
        found = set(result.codes) | set(result.warnings)
        if not found & codes:
            missed.append(f"{path.name}: {result.outcome} {sorted(found)} {result.detail}")
    assert tried > 0, f"the sample has no file for {name!r}"
    assert missed == [], f"{name}: not caught with {codes}"
