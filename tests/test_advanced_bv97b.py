"""Lane bv97b (issue 27): the prototype improved jump jet (ADVANCED_COMPONENTS.md §7.2; XTRO
Succession Wars p. 17; MegaMek's MiscType createISPrototypeImprovedJumpJet and getTonnage,
Mek getJumpHeat). Checked against MegaMek's BV and price of Super Griffin GRF-2N-X (the
corpus's one file with them: 1,269 BV, 5,578,960 C-bills; tests/data/advanced_bv97_values.tsv
and test_advanced_bv97.py's per-file checks)."""

from __future__ import annotations

from fractions import Fraction

from tests_support import DATA

from mechlab.assess import Assessment, assess
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes
from mechlab.files.mtf.parse import decode
from mechlab.model.resolve import resolve

GRIFFIN = DATA / "megamek-advanced" / "Super Griffin GRF-2N-X.mtf"  # 60 t, 6 jets, jump 6


def griffin_text() -> str:
    return decode(GRIFFIN.read_bytes())


def judged(text: str) -> Assessment:
    imported = import_mtf_bytes(text.encode("utf-8"), "unit.mtf")
    return assess(resolve(design_from_dict(imported.design, "unit.mtf")), imported.facts)


def test_prototype_improved_jets_weigh_as_standard_jets() -> None:
    # MegaMek's getTonnage: not doubled; 60 t → 1 t a jet, 6 t for six (an improved jet's
    # 2 t would put the 60 t Super Griffin at 66 t).
    assessed = judged(griffin_text())
    assert assessed.legal, [str(f) for f in assessed.findings]
    jets = assessed.mech.jump_jets
    assert {m.item.weapon.id for m in jets} == {"is_prototype_improved_jump_jet"}
    assert sum((m.tons for m in jets), Fraction(0)) == 6
    assert all(m.slot_count == 1 for m in jets)


def test_prototype_improved_jets_are_priced_as_standard_jets() -> None:
    # 200 × 60 × 6² = 432,000 (an improved jet's 500 would give 1,080,000).
    assessed = judged(griffin_text())
    assert assessed.values is not None
    assert dict(assessed.values.cost.components)["Jump jets"] == 432000


def test_prototype_improved_jets_jump_heat_is_twice_the_mp_at_least_six() -> None:
    # XTRO Succession Wars p. 17: 12 for 6 MP, so more heat than standard jets' 6: with
    # the improved jets' 3 the BV is higher.
    assessed = judged(griffin_text())
    assert assessed.values is not None
    improved = judged(griffin_text().replace("ISPrototypeImprovedJumpJet",
                                             "ISImprovedJump Jet"))
    assert improved.values is not None
    assert assessed.values.bv < improved.values.bv


def test_prototype_improved_jets_still_cap_jump_at_running_mp() -> None:
    # An improved jet's rule (STANDARD_RULES.md §8.1): jump 7 on walk 4 (run 6) breaks it.
    text = griffin_text().replace("jump mp:6", "jump mp:7").replace(
        "-Empty-", "ISPrototypeImprovedJumpJet", 1)
    codes = {f.code for f in judged(text).findings}
    assert "E-JUMP-GT-RUN" in codes


def test_prototype_improved_jets_are_explosive_one_bv_a_slot() -> None:
    # MegaMek's misc.explosive; BV_STANDARD.md 2.5: 1 a slot for explosive items.
    assessed = judged(griffin_text())
    assert all(m.item.weapon.explosive == "yes" for m in assessed.mech.jump_jets)


# The RISC emergency coolant system (Interstellar Operations; tech/equipment_advanced.tsv) --
GOSHAWK = DATA / "megamek-advanced" / "Goshawk II RISC.mtf"  # 45 t, one system


def test_a_risc_emergency_coolant_system_weighs_two_tons_in_one_slot() -> None:
    assessed = judged(decode(GOSHAWK.read_bytes()))
    assert assessed.legal, [str(f) for f in assessed.findings]
    (system,) = [m for m in assessed.mech.mounts
                 if m.item.weapon.id == "is_risc_emergency_coolant_system"]
    assert (system.tons, system.slot_count) == (2, 1)


def test_a_risc_emergency_coolant_system_adds_four_heat_efficiency() -> None:
    # MegaMek's MekBVCalculator: +4 (its BV of Goshawk II RISC, 1,886, only so): 11 double
    # sinks 22 + 4 = 26 capacity; the slot emptied, 22.
    text = decode(GOSHAWK.read_bytes())
    with_system = judged(text)
    without = judged(text.replace("ISRISCEmergencyCoolantSystem", "-Empty-"))
    assert with_system.values is not None and without.values is not None
    assert with_system.values.battle_value.heat_capacity == 26
    assert without.values.battle_value.heat_capacity == 22


def test_a_risc_emergency_coolant_system_costs_460000_and_gets_clan_case() -> None:
    # 460,000 (tech/equipment_advanced.tsv), and being explosive on a Clan chassis it gets
    # the automatic Clan CASE's 50,000 (BV_STANDARD.md 6.6).
    text = decode(GOSHAWK.read_bytes())
    with_system = judged(text)
    without = judged(text.replace("ISRISCEmergencyCoolantSystem", "-Empty-"))
    assert with_system.values is not None and without.values is not None
    dry = with_system.values.cost.dry_sum - without.values.cost.dry_sum
    assert dry == 460000 + 50000
