"""Armored components and turrets (issue 27, Tactical Operations; docs/advanced.md): MegaMek's
own files judged legal with MegaMek's BV and the MUL's cost (tests/data/armored_values.tsv),
their marks read and written back, and each single-fact mistake found with its own code."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest
from test_advanced import judged, vendored
from tests_support import DATA, read_table

from mechlab.core.locations import Location
from mechlab.core.record import dump
from mechlab.files.mtf import design_to_mtf
from mechlab.model.mech import SlotKind
from mechlab.rulesets import get_ruleset

PUBLISHED = {row["file_name"]: row for row in read_table(DATA / "armored_values.tsv")}

# The codes of the Advanced rule list the tests here break (tests/test_battledroids_rules.py:
# every code of every ruleset has a design breaking it).
BROKEN = {"E-ARMORED-SLOT", "E-COCKPIT-ARMORED", "E-TURRET-HEAD", "E-TURRET-SHOULDER",
          "E-TURRET-QUAD", "E-TURRET-CONTENT"}


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_armored_and_turret_files_are_legal_with_megameks_bv_and_the_muls_cost(name: str) -> None:
    row = PUBLISHED[name]
    assessed = judged(vendored(name), name)
    assert assessed.legal, [str(f) for f in assessed.findings if f.severity.name == "ERROR"]
    assert assessed.values is not None
    assert assessed.values.bv == int(row["megamek_bv"])
    if row["mul_cost"]:
        assert assessed.values.cost.total == int(row["mul_cost"])


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_the_standard_rules_refuse_armoring_and_turret_mounting(name: str) -> None:
    design = judged(vendored(name), name).mech.design
    found = get_ruleset("standard").refusals(design)
    assert {code for code, _, _ in found} <= {"R-COMPONENT", "R-ITEM"}
    texts = " ".join(text for *_, text in found)
    assert "armored components" in texts or "turret-mounted" in texts


def test_an_armored_slot_weighs_half_a_ton_and_an_armored_cockpit_a_ton() -> None:
    # MegaMek's TestMek getArmoredComponentWeight; Goshawk II 3 sums to its Mass: only with
    # its one armored Cockpit slot at 1 t; Great Turtle GTR-2 armors 20 other slots, 10 t.
    goshawk = judged(vendored("Goshawk II 3.mtf")).mech
    assert goshawk.design.armored_slots == {Location.HEAD: [3]}
    turtle = judged(vendored("Great Turtle GTR-2.mtf")).mech
    armored = sum(s.armored for cells in turtle.critical_slots.values() for s in cells)
    for mech, tons in ((goshawk, F(1)), (turtle, F(1) + F(armored - 1, 2))):
        line = {w.label: w.tons for w in mech.weights}["Armored components"]
        assert line == tons and mech.total_tons == mech.tonnage


def test_armored_component_bv_is_added_to_the_defensive_equipment() -> None:
    # ADVANCED_BV.md §2.4: a gyro slot 100 t × 0.5 × 0.05 = 2.5 on Devastator DVS-X10; every
    # other system slot 5; an ERPPC with its capacitor (229 + 114) × 0.05 × (3 + 1).
    assessed = judged(vendored("Devastator DVS-X10 MUSE EARTH.mtf"))
    assert assessed.values is not None
    rows = {(e.name, e.location): e.bv for e in assessed.values.battle_value.defensive_equipment}
    assert rows[("Gyro (armored)", "CT")] == F(5, 2)
    assert rows[("Shoulder (armored)", "LA")] == 5
    turtle = judged(vendored("Great Turtle GTR-2.mtf"))
    assert turtle.values is not None
    ppc = [e for e in turtle.values.battle_value.defensive_equipment if "PPC" in e.name]
    assert [e.bv for e in ppc] == [(229 + 114) * F(1, 20) * 4]


def test_a_turret_weighs_a_tenth_of_what_it_turns() -> None:
    # ADVANCED_EQUIPMENT.md §4.4: Goliath GOL-6M's quad turret turns a Gauss rifle (15 t)
    # and an MML 7 (4.5 t): ⌈1.95⌉½ = 2 t; Thunder Fox TFT-F11's head turret, in the center
    # torso, weighs the head's turret-mounted items.
    goliath = judged(vendored("Goliath GOL-6M.mtf")).mech
    turret = next(m for m in goliath.mounts if m.item.weapon.id == "is_quad_turret")
    assert turret.tons == 2 and turret.location is Location.LEFT_TORSO
    fox = judged(vendored("Thunder Fox TFT-F11.mtf")).mech
    head = next(m for m in fox.mounts if m.item.weapon.id == "is_head_turret")
    turned = sum((m.tons for m in fox.mounts if m.turret and m.location is Location.HEAD), F(0))
    assert head.location is Location.CENTER_TORSO and turned > 0
    assert head.tons == F(-(-turned * 2 // 10), 2)


def test_turret_weapons_are_never_on_the_weaker_side() -> None:
    # ADVANCED_BV.md §3.3 (frontWeaponFilter, rearWeaponFilter skip turret mounts).
    assessed = judged(vendored("Goliath GOL-6M.mtf"))
    assert assessed.values is not None
    for weapon in assessed.values.battle_value.weapons:
        if weapon.name in ("Gauss Rifle", "MML 7") and weapon.location == "LT":
            assert "weaker" not in weapon.modifiers


# Thunder Fox TFT-F11 is Mixed: the writer spells its Clan ER PPC `ISERPPC`, which reads back
# as the Inner Sphere one (the writer's item names on a Mixed 'Mech, not these marks).
@pytest.mark.parametrize("name", sorted(set(PUBLISHED) - {"Thunder Fox TFT-F11.mtf"}))
def test_armored_and_turret_marks_are_written_back(name: str) -> None:
    mech = judged(vendored(name), name).mech
    text = design_to_mtf(mech.design)
    again = judged(text).mech
    assert again.design.armored_slots == mech.design.armored_slots
    marks = [(s.location, s.index, s.armored, s.mount is not None and s.mount.turret)
             for cells in mech.critical_slots.values() for s in cells]
    assert marks == [(s.location, s.index, s.armored, s.mount is not None and s.mount.turret)
                     for cells in again.critical_slots.values() for s in cells]
    assert again.total_tons == mech.total_tons
    assert ("(armored)" in text) == ("(armored)" in vendored(name).lower())


def _with_line(text: str, old: str, new: str) -> str:
    assert re.search(old, text, re.MULTILINE), old
    return re.sub(old, new, text, count=1, flags=re.MULTILINE)


def test_armoring_an_empty_slot_or_an_items_slot_by_number_is_illegal() -> None:
    from mechlab.files.design_data import design_from_dict
    from mechlab.model.resolve import resolve
    from mechlab.validate import validate

    design = judged(vendored("Goshawk II 3.mtf")).mech.design
    data = dump(design, exclude_none=True)
    assert "E-ARMORED-SLOT" not in {f.code for f in validate(resolve(design))}
    # head slot 4 holds an endo steel piece (an item's slot), 7 is none; left torso 12 empty
    for where in ({"head": [3, 4]}, {"head": [3, 7]}, {"head": [3], "left_torso": [12]}):
        mech = resolve(design_from_dict({**data, "armored_slots": where}, "x.yaml"))
        assert SlotKind.FIXED not in {cells[n - 1].kind for loc, numbers in where.items()
                                      for cells in [mech.critical_slots[Location(loc)]]
                                      for n in numbers if n <= len(cells) and n != 3}
        assert "E-ARMORED-SLOT" in {f.code for f in validate(mech)}


def test_an_armored_interface_cockpit_is_illegal() -> None:
    # Goshawk II 3's armored Cockpit slot under an interface cockpit.
    text = _with_line(vendored("Goshawk II 3.mtf"), r"^Myomer:.*$",
                      "Myomer:Standard\r\nCockpit:Interface Cockpit\r")
    assert "E-COCKPIT-ARMORED" in judged(text).error_codes


def test_a_head_turret_without_a_torso_cockpit_is_illegal() -> None:
    text = _with_line(vendored("Quickdraw QKD-8X.mtf"), r"^Cockpit:.*$",
                      "Cockpit:Standard Cockpit\r")
    assert "E-TURRET-HEAD" in judged(text).error_codes


def test_a_shoulder_turret_on_a_quad_is_illegal() -> None:
    text = _with_line(vendored("Barghest BGS-4X.mtf"), r"^ISQuadTurret", "ISShoulderTurret")
    assert "E-TURRET-SHOULDER" in judged(text).error_codes


def test_a_quad_turret_on_a_biped_is_illegal() -> None:
    text = _with_line(vendored("Baboon (Howler) 6.mtf"), r"^ISShoulderTurret", "ISQuadTurret")
    codes = judged(text).error_codes
    assert "E-TURRET-QUAD" in codes


def test_a_turret_mounted_item_without_its_turret_is_illegal() -> None:
    text = _with_line(vendored("Goliath GOL-6M.mtf"), r"^ISQuadTurret\r?$", "-Empty-\r")
    assert "E-TURRET-CONTENT" in judged(text).error_codes


CARDS = {row["path"].rsplit("/", 1)[-1]: row
         for row in read_table(DATA / "alpha_strike_armored.tsv")}


@pytest.mark.parametrize("name", sorted(CARDS))
def test_alpha_strike_cards_carry_arm_and_tur_as_the_muls(name: str) -> None:
    # ADVANCED_BV.md §7.1, §7.3: ARM (any armored slot; + 0.5 defense from SZ 2) and the
    # TUR(…) block of the turret-mounted weapons. A card mechlab does not convert yet (XXL
    # engine, hardened armor: another part of issue 27) gives its reason instead.
    from mechlab.cards.assessed import alpha_strike_of, no_card_reason

    row = CARDS[name]
    assessed = judged(vendored(name), name)
    card = alpha_strike_of(assessed)
    if card is None:
        assert no_card_reason(assessed.mech) is not None
        return
    assert (card.pv, card.sz, str(card.s), str(card.m), str(card.l), card.ov, card.armor,
            card.structure) == (int(row["pv"]), int(row["sz"]), row["dmg_s"], row["dmg_m"],
                                row["dmg_l"], int(row["ov"]), int(row["armor"]),
                                int(row["structure"]))
    assert ",".join(card.specials) == row["specials"]


def test_improved_jets_halve_the_jump_mp_before_the_xxl_engine_doubles_it() -> None:
    # MegaMek's BV of Phoenix Hawk IIC 8 (XXL, 7 improved-jet MP: 2881) fits only with a jump
    # heat of 2 × ⌈7 ÷ 2⌉ = 8, not max(6, 7); the TechManual's ⌈J ÷ 2⌉ (min 3) for other
    # engines is the same rule.
    mech = judged(vendored("Bombard BMB-1X.mtf")).mech
    ruleset, design = mech.ruleset, mech.design
    assert [ruleset.jumping_heat_of(design, j, improved=True) for j in (2, 5, 7, 8)] == [
        6, 6, 8, 8]
    plain = judged(vendored("Goshawk II 3.mtf")).mech  # an XL engine
    assert [plain.ruleset.jumping_heat_of(plain.design, j, improved=True)
            for j in (4, 7, 8)] == [3, 4, 4]


def test_armored_components_are_experimental_and_set_the_rules_level() -> None:
    # MegaMek's static level of TA_ARMORED_COMPONENT is Experimental (progression.tsv); the
    # corpus agrees (Goshawk II 3 declares level 4): the Advanced rules refuse the option,
    # the Experimental rules judge it, and the computed rules level names it.
    from mechlab.rulesets.content_level import rules_level

    assessed = judged(vendored("Goshawk II 3.mtf"))
    design = assessed.mech.design
    assert assessed.mech.ruleset.name == "experimental"
    assert any("armored components" in text
               for *_, text in get_ruleset("advanced").refusals(design))
    level = rules_level(design)
    assert level.level == "experimental" and "armored components" in level.set_by
    assert "W-RULES-LEVEL" not in {f.code for f in assessed.findings}


@pytest.mark.parametrize("name", ["Great Turtle GTR-2.mtf", "Goliath GOL-6M.mtf"])
def test_a_design_file_keeps_the_armored_slots_and_turret_items(name: str) -> None:
    import yaml

    from mechlab.files.design_data import design_from_dict
    from mechlab.files.yaml_out import dump_design
    from mechlab.model.resolve import resolve
    from mechlab.values.bv import battle_value

    mech = judged(vendored(name), name).mech
    text = dump_design(dump(mech.design, exclude_defaults=True))
    again = resolve(design_from_dict(yaml.safe_load(text), "x.yaml"))
    assert again.design.armored_slots == mech.design.armored_slots
    assert [(m.armored, m.turret) for m in again.mounts] == [
        (m.armored, m.turret) for m in mech.mounts]
    assert battle_value(again).base == battle_value(mech).base
    if mech.design.armored_slots:
        assert "center_torso: [1, 2, 3, 4, 5, 6, 7]" in text  # one line a location
