"""The short forms record sheets print where a line is short of room (issue 22): a text is
written in full when it fits, in this short form otherwise (never smaller than 6 pt)."""

from __future__ import annotations

import re

from mechlab.rulesets.base import ENGINE

# The abbreviations printed sheets use where a line is short of room: a row is written
# in full when it fits, in this short form otherwise (never in smaller type than 6 pt).
SHORT_FORMS = (
    ("Machine Gun", "MG"),
    # lane physical (before "Actuator"): the abbreviation MegaMekLab's sheets print.
    ("Actuator Enhancement System", "AES"),
    ("Actuator", "Act."),
    ("Ammo explosion", "Ammo exp."),
    ("Flamer (Vehicle)", "Flamer (Veh.)"),
    ("Life Support", "Life Sup."),
    ("Compact Fusion Engine", "Compact Fusion"),  # lane sheets4: an armored slot's room
    (ENGINE, "Engine"),
    ("Anti-Missile System", "AMS"),
    ("Medium Pulse", "Med. Pulse"),
    ("Movement Points", "MP"),
    ("Damage Transfer Diagram", "Damage Transfer"),
    ("modifier to fire", "to fire"),
    # Standard equipment (issue 22: one long name shrank a whole critical table to 6 pt
    # on half the Standard catalogue): the abbreviations record sheets print.
    ("Watchdog Composite Electronic Warfare System (CEWS)", "Watchdog CEWS"),
    ("Improved C3 Computer (C3I)", "C3i Computer"),
    ("C3 Computer (Master)", "C3 Master"),
    ("C3 Computer (Slave)", "C3 Slave"),
    ("ECM Suite (Guardian)", "Guardian ECM"),
    ("Active Probe (Beagle)", "Beagle Probe"),
    ("Bloodhound Active Probe", "Bloodhound Probe"),
    ("Anti-Personnel Pods (A-Pods)", "A-Pod"),
    ("Anti-BattleArmor Pods (B-Pods)", "B-Pod"),
    ("Triple Strength Myomer", "TSM"),
    ("Targeting Computer", "Targ. Comp."),
    # Advanced equipment (issue 27's sheet review): MegaMek's short name, which MegaMekLab
    # prints for a name over 20 characters.
    ("Chameleon Light Polarization Shield", "Chameleon LPS"),
    ("Blue Shield Particle Field Damper", "Blue Shield PFD"),
    ("Variable Speed Pulse Laser", "VSP Laser"),
    ("Hyper-Velocity Autocannon/", "HVAC/"),
    (" Self-Repair System", ""),  # HarJel II / III
    ("Signature System", "Sig. System"),  # null and void
    ("Radical Heat Sink System", "Radical HS"),  # lane sheets4: 'Radical HS System' overflowed
    ("Anti-Penetrative Ablation", "Anti-Pen. Ablation"),
    ("Ballistic-Reinforced", "Ballistic-Reinf."),
    ("Ferro-Lamellor", "Ferro-Lam."),
    ("Torso-Mounted", "Torso-Mtd."),
    # Issue 22's last cuts, on ~8 % of MegaMek's level 1-2 files: industrial equipment
    # by the names players use for it (MegaMek's own short name "Lift Hoist"),
    ("Lift Hoist/Arresting Hoist", "Lift Hoist"),
    ("Ferro-Fibrous", "Ferro-Fib."),
    ("Endo-Composite", "Endo-Comp."),
    ("Environmental Sealing (Mech)", "Env. Sealing"),
    ("Searchlight (Handheld)", "Searchlight (HH)"),
    ("Cargo Container (10 tons)", "Cargo Container"),
    ("Vehicular Mine Dispenser", "Mine Dispenser"),
    ("Vehicular Grenade Launcher", "VGL"),
    ("Mech Mechanical Jump Boosters", "Jump Boosters"),
    ("RISC Advanced Point Defense System", "RISC APDS"),
    ("Binary Laser (Blazer) Cannon", "Blazer Cannon"),
    ("Rifle (Cannon, Light)", "Lt. Rifle"),
    ("Rifle (Cannon, Medium)", "Med. Rifle"),
    ("Rifle (Cannon, Heavy)", "Hvy. Rifle"),
    # lane sheets4: a shaped-charge lot as a munition of its mortar, the tag in place of
    # "Ammo" ('LRM 20 Art. 6'): 'SC Mortar 8 4' read as a weapon on the Crossbow D's sheet
    ("Shaped Charge Mortar 1 Ammo", "Mortar 1 SC"),
    ("Shaped Charge Mortar 2 Ammo", "Mortar 2 SC"),
    ("Shaped Charge Mortar 4 Ammo", "Mortar 4 SC"),
    ("Shaped Charge Mortar 8 Ammo", "Mortar 8 SC"),
    ("Shaped Charge Mortar", "SC Mortar"),
    ("Explosive Pods", "Expl. Pods"),
    ("Standard iATM/", "iATM "),
    ("Extended-Range iATM/", "iATM ER "),
    ("High-Explosive iATM/", "iATM HE "),
    ("Searchlight (Mounted)", "Searchlight"),
    ("Environmental Sealing", "Env. Sealing"),
    ("Ejection Seat (Industrial Mech)", "Ejection Seat"),
    ("Communications Equipment", "Comm. Equip."),  # lane sheets4: a bracket's room
    ("Remote Sensors/Dispenser", "Sensor Dispenser"),
    ("Fluid Suction System (Light - Mech)", "Lt. Fluid Suction"),
    ("Heavy-Duty ", "HD "),
    ("Extended Fuel Tank", "Ext. Fuel Tank"),
    ("Nail/Rivet Gun Ammo", "Nail/Rivet Ammo"),
    # the Improved heavy weapons as "i" (as in iNarc, iATM, I-OS),
    ("Improved Heavy ", "iHvy. "),
    ("Enhanced LRM", "NLRM"),
    ("Silver Bullet Gauss", "SB Gauss"),
    ("Magshot Gauss Rifle", "Magshot"),
    ("Thunderbolt", "T-Bolt"),
    ("Medium Chemical Laser Ammo", "Med.Chem. Ammo"),
    ("Chemical Laser Ammo", "Chem. Ammo"),
    ("Chemical Laser", "Chem. Laser"),
    ("Pulse Laser (R)", "Pulse (R)"),
    # lane sheets3: a two- or three-slot pulse laser's bracketed line ('ER Med. Pulse'),
    # where 'ER Medium Pulse Laser' shrank 50 corpus sheets' tables (the corpus sweep).
    ("Pulse Laser", "Pulse"),
    # lane artillery (issue 27): the advanced electronics and artillery ammunition.
    # (lane sheets4: the short forms that fit a bracketed slot on A4)
    ("C3 Boosted System Master", "C3 Boost. Master"),
    ("C3 Boosted System Slave", "C3 Boost. Slave"),
    ("C3 Remote Sensor Launcher", "C3 RS Launcher"),
    ("C3 Remote Sensors", "C3 Sensors"),
    ("Electronic Warfare Equipment", "EW Equipment"),
    ("Collapsible Command Module", "Coll. Cmd. Mod."),
    ("Drone Operating System", "Drone OS"),
    ("C3 Emergency Master", "C3 Emrg. Master"),
    ("Variable Speed Pulse Laser", "VSP Laser"),
    ("Hyper-Velocity Autocannon/", "HVAC/"),
    ("Anti-Penetrative Ablation", "Anti-Pen. Ablation"),
    ("Arrow IV Homing Ammo", "Arrow IV Homing"),
    ("Long Tom Cannon", "LT Cannon"),
    ("Sniper Cannon", "Sn. Cannon"),
    ("Thumper Cannon", "Th. Cannon"),
    # ammunition: a half or full lot shows its shots; MegaMekLab prints a Clan munition
    # without MegaMek's "(Clan)" (its plain Clan lots are "LRM 20 Ammo" too); a munition
    # tag says the line is ammunition, so it takes the place of the word "Ammo".
    (" [Half]", ""),
    ("Half MG Ammo", "MG Ammo"),
    (" [Full]", ""),
    ("(Clan) ", ""),
    ("Fragmentation Ammo", "Frag."),
    ("Inferno Ammo", "Inferno"),
    ("Semi-guided Ammo", "Semi-G."),
    ("Multi-Purpose Ammo", "Multi-P."),
    ("Armor-Piercing ", "AP "),
    ("Precision ", "Prec. "),
    ("Flechette ", "Flech. "),
    (" (Half-ton)", ""),
    ("Artemis V-capable Ammo", "Art. V"),
    ("Artemis-capable Ammo", "Art."),
    ("Narc-capable Ammo", "Narc"),
    ("Heavy Flamer Ammo", "Hvy.Flamer Ammo"),
    ("Vehicle Flamer Ammo", "Veh.Flamer Ammo"),
    ("Hyper-Assault Gauss Rifle/", "HAG/"),
    ("Anti-Personnel Gauss Rifle", "AP Gauss"),
    ("Gauss Rifle Ammo", "Gauss Ammo"),
    ("Plasma Rifle Ammo", "Plasma Ammo"),
    ("Standard ATM/", "ATM "),
    ("Extended-Range ATM/", "ATM ER "),
    ("High-Explosive ATM/", "ATM HE "),
    ("Rocket Launcher", "RL"),
    ("Extended LRM", "ELRM"),
    ("ProtoMech AC/", "Proto AC/"),
    ("Plasma Cannon", "Pl. Cannon"),
    ("Light Gauss", "L. Gauss"),
    ("Streak SRM", "SSRM"),
    ("Streak LRM", "SLRM"),
    ("Ultra AC/", "UAC/"),
    ("Rotary AC/", "RAC/"),
    ("-X AC Ammo", "-X Ammo"),
    ("Cluster Ammo", "Cl. Ammo"),
    (" Cluster ", " Cl. "),  # lane sheets4: the 1984 chart's 'Ammo LB 10-X Cluster 10'
    ("Artemis V-capable", "Art. V"),
    ("Artemis-capable", "Art."),
    ("Narc-capable", "Narc"),
    ("X-Pulse Laser", "X-Pulse"),
    ("Command Console", "Cmd. Con."),
    ("Re-engineered ", "RE "),  # lane sheets4: 'Med. Re-eng. Laser' overflowed
    ("Improved ", "Imp. "),
    ("Heavy ", "Hvy. "),
    ("Medium ", "Med. "),
    ("Large ", "Lg. "),
    ("Small ", "Sm. "),
    ("Light ", "Lt. "),
    # lane primitive: Interstellar Operations' prototypes (MegaMek's short names: "(P)").
    ("Double Heat Sink Prototype", "Proto. DHS"),
    (" (Prototype)", " (P)"),
    ("Prototype ", "Proto. "),
    # lane configs (issue 28): the superheavy cockpit and gyro in 'Mech Data.
    ("Superheavy Tripod", "SH Tripod"),
    # lane sheets4 (issue 27, the corpus sweep of Letter and A4 sheets): the critical table's
    # remaining names too long for their slot line at the table's size (MegaMek's "(P)" for
    # a prototype; a rear or turret laser's line drops "Laser" before its mount, as the pulse
    # lasers' 'ER Med. Pulse' does; the inventory names every one in full).
    ("Bloodhound Probe", "Bloodhound"),
    ("Retractable Blade", "Retract. Blade"),
    (" Prototype", " (P)"),  # Endo Steel, Ferro-Fibrous
    ("Compact Heat Sinks", "Compact HS"),
    ("Remote Drone Cmd. Con.", "Drone Cmd. Console"),
    ("Paramedic Equipment", "Paramedic Equip."),
    ("Proto. Imp. Jump Jet", "Imp. Jump Jet (P)"),
    ("Autocannon/", "AC/"),
    (" (Primitive)", " (Prim.)"),
    ("Ground-Mobile HPG", "Grd.-Mobile HPG"),
    ("RISC Emergency Coolant System", "RISC Coolant Sys."),
    ("RISC Laser Pulse Module", "RISC Pulse Module"),
    ("Bridge Layer", "Bridgelayer"),
    (" Laser (R)", " (R)"),
    (" Laser (T)", " (T)"),
    (" Laser (P) (R)", " (P) (R)"),
    (" Skill:", ":"),  # a LAM's four skills in Warrior Data ('Gunnery:')
    # lane sheets4: a sheet title too long for the header beside the unit's model takes
    # the configuration's short name (Tactical Operations' tripod and quad 'Mechs).
    ("THREE-LEGGED", "TRIPOD"),
    ("FOUR-LEGGED", "QUAD"),
    # last (after the ammunition's "(Clan) "): a mixed-tech 'Mech's component names its
    # tech base as MegaMekLab's sheet does (issue 27's sheet review: "Endo Steel (Clan)")
    (" (Clan)", " (C)"),
    (" (Inner Sphere)", " (IS)"),
)


# Issue 28: a superheavy's slot of two ammunition bins, "Gauss Ammo 8+8" → "Gauss 8+8" (the
# two bins' shots say it is ammunition; "LB 10-X Cluster Ammo 10+10" fits as "LB 10-X Cl. 10+10").
_TWO_BINS = re.compile(r" Ammo (\d+\+\d+)$")


# Lane sheets3 (issue 27's sheet review): a lot whose name is still too long for a torso's
# or an arm's slot line at the table's size ("MML 9 SRM Ammo 11", "Hvy.Flamer Ammo 10",
# "Pl. Cannon Ammo 10" shrank four sheets' tables to 6.3 pt) drops the word "Ammo": the shots
# after the name say it is ammunition, as a superheavy's two bins do above ("MML 9 SRM 11";
# a weapon's line never ends in a number).
_ONE_BIN = re.compile(r" Ammo (\d+)$")


def short_form(text: str) -> str:
    """'Ammo (Machine Gun) 200' → 'Ammo (MG) 200'; 'Upper Arm Actuator' → 'Upper Arm Act.'."""
    for long, short in SHORT_FORMS:
        text = text.replace(long, short)
    return _TWO_BINS.sub(r" \1", text)


# Lane sheets4: the Introductory sheet's lot 'Ammo (LRM 10) 12' overflowed an A4 torso's line
# by 2 pt: its launcher's size closes up ('Ammo (LRM10) 12'), as MegaMek's own ammunition
# names write it ('LRM10').
_INTRO_LOT = re.compile(r"^Ammo \(([A-Za-z]+) (\d+)\) (\d+)$")


# Lane sheets4: the 1984 chart's lot of a later launcher ('Ammo LB 10-X Cluster 10', cut on
# 130 corpus sheets) drops its leading "Ammo" as the other lots drop theirs.
_BOOK_LOT = re.compile(r"^Ammo ([^(:].* \d+)$")


def without_ammo_word(text: str) -> str:
    """A lot's short form with "Ammo" dropped before its shots, for where the short form
    still does not fit ('MML 9 SRM Ammo 11' → 'MML 9 SRM 11'; 'Ammo LB 10-X Cl. 10' → 'LB
    10-X Cl. 10'; 'Ammo (LRM 10) 12' → 'Ammo (LRM10) 12')."""
    text = _INTRO_LOT.sub(r"Ammo (\1\2) \3", _ONE_BIN.sub(r" \1", text))
    return _BOOK_LOT.sub(r"\1", text)
