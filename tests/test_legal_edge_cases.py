"""Legal designs at the edges of the rules pass with no error (RULES.md §1)."""

from __future__ import annotations

from typing import Any

from tests_support import errors_of, mech_of

from mechlab.readout import explain_weights


def _design(**fields: Any) -> dict[str, Any]:
    return {"chassis": "Test", "model": "T-1", **fields}


def test_catapult_worked_example_builds_exactly(catapult):
    mech = mech_of(catapult)
    assert errors_of(catapult) == []
    assert mech.total_tons == 65
    assert (mech.engine_rating, mech.running_mp, mech.integral_heat_sinks) == (260, 6, 10)


def test_catapult_weight_walk_matches_the_book(catapult):
    lefts = [line.split()[-3] for line in explain_weights(mech_of(catapult)).splitlines()]
    assert lefts == ["65", "58.5", "55.5", "42", "39", "35", "30", "20", "0"]


def test_catapult_critical_slots(catapult):
    slots = mech_of(catapult).critical_slots
    names = {loc.value: [s.name for s in cells] for loc, cells in slots.items()}
    assert names["head"] == ["Life Support", "Sensors", "Cockpit", "Heat Sink", "Sensors",
                             "Life Support"]
    assert names["left_arm"][:5] == ["Shoulder", "Upper Arm Actuator", "LRM 15", "LRM 15",
                                     "LRM 15"]
    assert names["left_torso"][:4] == ["Medium Laser", "Ammo (LRM 15)", "Jump Jet", "Jump Jet"]
    assert sum(len(cells) for cells in slots.values()) == 78


def test_max_armor_with_lost_points_is_legal():
    # 50 t: 11 t buys 176 points, only 169 can be placed (RULES.md 1.5).
    design = _design(
        tonnage=50, walking_mp=4, heat_sinks=10,
        armor={"tons": 11, "head": 9, "center_torso": {"front": 24, "rear": 8},
               "left_torso": {"front": 18, "rear": 6}, "right_torso": {"front": 18, "rear": 6},
               "left_arm": 16, "right_arm": 16, "left_leg": 24, "right_leg": 24},
        # 5 + 3 + 8.5 (200 engine) + 2 + 11 = 29.5; 20.5 t of equipment:
        equipment=[{"item": "PPC", "location": "right_arm"},
                   {"item": "PPC", "location": "left_arm"},
                   {"item": "Large Laser", "location": "right_torso"},
                   {"item": "Small Laser", "location": "head"},
                   {"item": "Medium Laser", "location": "center_torso"}],
    )
    assert mech_of(design).armor_points == 169
    assert errors_of(design) == []


def test_free_sinks_on_a_small_engine_take_slots():
    # 20 t walk 6: rating 120 → 4 sinks inside, the other 6 of the free 10 need slots.
    design = _design(tonnage=20, walking_mp=6, armor={"head": 9, "left_arm": 6},
                     equipment=[{"item": "Medium Laser", "location": "center_torso"},
                                {"item": "Machine Gun", "location": "left_arm"},
                                {"item": "Ammo (Machine Gun) (1/2)", "location": "left_leg"}])
    # 2 + 3 + 4 + 2 + 1 (15 points) + 1 + 0.5 + 0.5 = 14; fill with armor to 20 t.
    design["armor"].update({"center_torso": {"front": 12, "rear": 0},
                            "left_torso": {"front": 10, "rear": 0},
                            "right_torso": {"front": 10, "rear": 0},
                            "right_arm": 6, "left_leg": 8, "right_leg": 8})
    design["armor"]["tons"] = 7
    mech = mech_of(design)
    assert mech.integral_heat_sinks == 4
    assert len(mech.slotted_heat_sinks) == 6
    assert errors_of(design) == []


def test_split_ac20_is_legal_between_arm_and_torso():
    design = _design(
        tonnage=65, walking_mp=4, heat_sinks=10,
        armor={"head": 9, "center_torso": {"front": 30, "rear": 10},
               "left_torso": {"front": 22, "rear": 8}, "right_torso": {"front": 22, "rear": 8},
               "left_arm": 20, "right_arm": 20, "left_leg": 30, "right_leg": 29},
        # 6.5 + 3 + 13.5 + 3 + 13 (208 points) = 39; 26 t of equipment:
        equipment=[{"item": "AC/20", "location": "right_torso",
                    "split": {"location": "right_arm", "slots": 4}},
                   {"item": "Ammo (AC/20)", "location": "right_torso", "count": 2},
                   {"item": "Large Laser", "location": "left_arm"},
                   {"item": "Medium Laser", "location": "left_torso", "count": 3},
                   {"item": "Medium Laser", "location": "center_torso", "count": 2}],
    )
    mech = mech_of(design)
    ac20 = next(m for m in mech.weapons if m.name == "AC/20")
    assert [loc.value for loc in ac20.locations] == ["right_torso", "right_arm"]
    assert errors_of(design) == []


def test_removed_actuators_open_ten_arm_slots():
    design = _design(
        tonnage=70, walking_mp=4, heat_sinks=10,
        actuators={"right_arm": {"lower_arm": False, "hand": False}},
        armor={"head": 9, "center_torso": {"front": 30, "rear": 10},
               "left_torso": {"front": 22, "rear": 8}, "right_torso": {"front": 22, "rear": 8},
               "left_arm": 22, "right_arm": 22, "left_leg": 30, "right_leg": 25},
        # 7 + 3 + 14.5 (280) + 3 + 13 (208 points) = 40.5 → 29.5 t of equipment:
        equipment=[{"item": "AC/20", "location": "right_arm"},
                   {"item": "Ammo (AC/20)", "location": "right_torso", "count": 3},
                   {"item": "SRM 6", "location": "left_torso"},
                   {"item": "Ammo (SRM 6)", "location": "left_torso"},
                   {"item": "Medium Laser", "location": "left_arm", "count": 4},
                   {"item": "Small Laser", "location": "head"},
                   {"item": "Small Laser", "location": "left_arm"},
                   {"item": "Medium Laser", "location": "center_torso", "count": 2}],
    )
    mech = mech_of(design)
    assert [s.name for s in mech.critical_slots[mech.weapons[0].location]].count("AC/20") == 10
    assert errors_of(design) == []


def test_half_ton_machine_gun_ammo_meets_the_minimum(catapult):
    catapult["equipment"] = [e for e in catapult["equipment"]
                             if not (e["item"] == "Medium Laser" and e["location"] == "left_torso")]
    catapult["equipment"] += [{"item": "Machine Gun", "location": "left_torso"},
                              {"item": "Ammo (Machine Gun) (1/2)", "location": "left_torso"}]
    mech = mech_of(catapult)
    assert [lot.item.shots for lot in mech.ammo if lot.item.half_ton] == [100]
    assert errors_of(catapult) == []


def test_one_shot_launcher_needs_no_ammunition(catapult):
    # An LRM 5 (OS) weighs 2.5 t: swap the two CT lasers and half a ton of armor for it.
    catapult["equipment"] = [e for e in catapult["equipment"]
                             if (e["item"], e["location"]) != ("Medium Laser", "center_torso")]
    catapult["equipment"].append({"item": "LRM 5 (OS)", "location": "center_torso"})
    catapult["armor"]["center_torso"]["rear"] = 10
    catapult["armor"]["tons"] = 9.5
    catapult["armor"]["left_leg"] = 14
    catapult["armor"]["right_leg"] = 13
    assert mech_of(catapult).total_tons == 65
    assert errors_of(catapult) == []


def test_hatchet_with_a_hand_is_legal(catapult):
    # 65 t hatchet: 5 t, 5 slots. Give the left arm its hand back and drop its LRM.
    catapult["actuators"]["left_arm"] = {"lower_arm": True, "hand": True}
    catapult["equipment"][0] = {"item": "Hatchet", "location": "left_arm"}
    catapult["equipment"].append({"item": "Medium Laser", "location": "left_torso", "count": 2})
    mech = mech_of(catapult)
    assert mech.total_tons == 65
    assert errors_of(catapult) == []


def test_explicit_slot_positions_are_kept(catapult):
    catapult["equipment"][2] = {"item": "Medium Laser", "location": "center_torso",
                                "count": 2, "slot": 11}
    catapult["equipment"][3] = {"item": "Medium Laser", "location": "left_torso", "slot": 12}
    mech = mech_of(catapult)
    lt = [s.name for s in mech.critical_slots[mech.weapons[4].location]]
    assert lt[11] == "Medium Laser"
    assert errors_of(catapult) == []


def test_unplaced_sinks_and_jets_are_placed_automatically(catapult):
    catapult["equipment"] = [e for e in catapult["equipment"]
                             if e["item"] not in ("Heat Sink", "Jump Jet")]
    mech = mech_of(catapult)
    assert len(mech.jump_jets) == 4 and all(j.auto for j in mech.jump_jets)
    assert len(mech.slotted_heat_sinks) == 5
    assert all(j.location.is_torso or j.location.is_leg for j in mech.jump_jets)
    assert errors_of(catapult) == []
