"""Issue 26 (lane catalogue2): one catalogue, every item typed once with its tech progression,
and a rulesets package without import cycles.

Checked against what the code does not make: MegaMek's item identity (its internal name,
one class or factory per item and tech base), the shared tables it was read from
(tech/equipment.tsv, tech/progression.tsv: PROGRESSION.md) and Python's own import
statements."""

from __future__ import annotations

import ast
import csv
from collections import defaultdict
from pathlib import Path

import pytest
from tests_support import REPO, SHARED

from mechlab.rulesets.catalogue import COMPONENTS, catalogue_tsv, table_rows
from mechlab.rulesets.progression import progression, progressions

TECH = SHARED / "tech"
# tech/progression.tsv's columns the catalogue carries beside each row's facts.
PROGRESSION = ("tech_rating", "availability",
               *(f"{base}_{stage}_year" for base in ("is", "clan")
                 for stage in ("prototype", "production", "common", "extinct", "reintroduced")),
               "prototype_level", "production_level", "common_level", "static_level")
# Rows the catalogue states otherwise than the shared tables, each for a reason:
# MegaMek's Artemis V-capable munition is Standard (AmmoType's Clan Artemis V-capable
# munition: static level STANDARD, production 3061, common ~3085, 283 TO), as the Artemis V
# FCS is; the shared tables still rate the ammunition Advanced (docs/standard-corpus.md).
CORRECTED = {"cl_lrm_10_clan_artemis_v_capable_ammo", "cl_lrm_15_clan_artemis_v_capable_ammo",
             "cl_lrm_20_clan_artemis_v_capable_ammo", "cl_srm_6_clan_artemis_v_capable_ammo"}
# The level-3/4 table typed three items a second time under other ids (MegaMek's classes
# ISBinaryLaserCannon, ISVariableSpeedPulseLaserLarge and …Medium); the catalogue has
# each once, with the newer class's damage by range band, extreme range and kind.
MERGED = {"is_binary_laser_blazer_cannon", "is_large_vsp_laser", "is_medium_vsp_laser"}
MERGED_COLUMNS = ("subcategory", "damage", "extreme_range", "mm_source", "rules_ref",
                  "in_corpus", "notes")
# Rows the corpus corrected (lane bv97, docs/advanced.md "Lane bv97"), with the columns it
# changed: the mechanical jump booster as Tactical Operations and MegaMek's MiscType build it
# (the Standard table's weight-class row could not be built: MegaMek's BV and the MUL's
# prices of Thunder Fox TFT-C3 and Fwltur FWL-3V fit only so); prototype rocket launchers
# are one-shot like the standard ones (heat ÷ 4 in BV: Carbine CON-1 (Rocket), Crosscut
# ED-X2 (Rocket), Daedalus GTX2 (Militarized)); the Clan LRT 15 Artemis V-capable lot's BV
# is the launcher's ammunition BV, 21 (Vulture (Mad Dog) U, Osteon U).
RULED = {
    "is_mech_mechanical_jump_boosters": ("rules_level", "subcategory", "tons", "slots",
                                         "spreadable", "location_restrictions", "cost",
                                         "mm_source", "rules_ref", "in_corpus", "notes"),
    **{f"rocket_launcher_{n}_prototype": ("subcategory",) for n in (10, 15, 20)},
    "cl_lrt_15_artemis_v_capable_ammo": ("battle_value",),
    # lane bvfix (docs/VALUES_DIFFERENCES.md "Lane bvfix"): APDS ammunition's 22 is its
    # defensive BV (Osprey OSP-36); improved SRM 6 ammunition is worth 10 (the Najas); the
    # primitive AC/10's ammunition has 8 shots worth 12 at 12,000 a ton (Orion ON1-H).
    "is_risc_advanced_point_defense_system_ammo": ("battle_value", "defensive_bv"),
    "cl_improved_srm_6_ammo": ("battle_value", "notes"),
    "is_ac_10_primitive_ammo": ("battle_value", "ammo_per_ton", "shots_per_lot", "cost",
                                "notes"),
}


def _shared(name: str) -> dict[str, dict[str, str]]:
    text = (TECH / name).read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    return {row["id"]: row for row in csv.DictReader(lines, delimiter="\t")}


def test_every_megamek_item_is_one_catalogue_row() -> None:
    rows = table_rows()
    ids = [row["id"] for row in rows]
    assert len(ids) == len(set(ids))
    items: dict[tuple[str, str], list[str]] = defaultdict(list)
    for row in rows:
        items[(row["mm_internal_name"].lower(), row["tech_base"])].append(row["id"])
    assert {key: found for key, found in items.items() if len(found) > 1} == {}
    # A file's spelling names one row for a 'Mech of each tech base (display names may be
    # shared: MegaMek's ProtoMech machine-gun ammunition is "Machine Gun Ammo" too).
    spelt: dict[tuple[str, str], set[str]] = defaultdict(set)
    for row in rows:
        for spelling in row["mtf_names"].split("|"):
            if spelling:
                spelt[(spelling.lower(), row["tech_base"])].add(row["id"])
    assert {key: found for key, found in spelt.items() if len(found) > 1} == {}


def test_one_spelling_of_a_twice_typed_item_names_the_one_row() -> None:
    from mechlab.rulesets import catalogue_ruleset

    catalog = catalogue_ruleset().catalog
    for spelling, item_id in (("ISMediumVSPLaser", "is_medium_vsp_laser"),
                              ("ISMediumVariableSpeedLaser", "is_medium_vsp_laser"),
                              ("Large VSP", "is_large_vsp_laser"),
                              ("Blazer Cannon", "is_binary_laser_blazer_cannon"),
                              ("Binary Laser (Blazer) Cannon", "is_binary_laser_blazer_cannon")):
        assert catalog.lookup(spelling, "inner_sphere").weapon.id == item_id


@pytest.mark.skipif(not TECH.exists(), reason="needs ../shared/tech")
def test_each_row_is_the_shared_tables_row_with_its_progression() -> None:
    equipment, advanced = _shared("equipment.tsv"), _shared("equipment_advanced.tsv")
    steps = _shared("progression.tsv")
    rows = {row["id"]: row for row in catalogue_tsv("equipment.tsv")}
    assert set(equipment) <= set(rows)  # every Standard-era row, once
    for item_id, row in rows.items():
        shared = equipment.get(item_id) or advanced.get(item_id)
        if shared is None:  # a lane's own row (QuadVee wheels, CONFIGURATIONS.md §3.4)
            continue
        skip = {"mtf_names", *(MERGED_COLUMNS if item_id in MERGED else ()),
                *(("rules_level", "mm_level", "notes") if item_id in CORRECTED else ()),
                *RULED.get(item_id, ())}
        if item_id not in equipment:  # a lane's row, its phrases written as formulas
            skip |= {"tons", "slots", "cost", "battle_value", "defensive_bv", "damage",
                     "tech_base", "notes", "location_restrictions", "spreadable", "heat",
                     "rules_level", "mm_level", "explosive", "subcategory", "mtf_names"}
        assert {c: row[c] for c in shared if c not in skip} == {
            c: shared[c] for c in shared if c not in skip}, item_id
        # MegaMek's further spellings (tech/equipment_aliases.tsv) only add to the row's.
        own = [n for n in shared["mtf_names"].split("|") if n]
        assert row["mtf_names"].split("|")[:len(own)] == own
        step = steps.get(item_id)
        if step is not None and item_id not in CORRECTED:
            assert {c: row[c] for c in PROGRESSION} == {c: step[c] for c in PROGRESSION}
            assert row["progression_source"] == step["source"]
    components = {row["id"]: row for row in catalogue_tsv(COMPONENTS)}
    assert set(components) | {i for i in steps if i in rows} == set(steps)
    assert all(components[i] == steps[i] for i in components)


def test_a_row_s_progression_is_read_per_tech_base() -> None:
    # PROGRESSION.md's worked example: is_er_large_laser ~2610/2620/3045, static Standard.
    laser = progression("is_er_large_laser")
    assert laser is not None and laser.static_level == "standard"
    assert (laser.inner_sphere.prototype, laser.inner_sphere.production,
            laser.inner_sphere.common) == (2605, 2620, 3045)
    assert not laser.clan.available
    assert laser.level_in(3050, clan=False) == "standard"
    assert laser.level_in(3000, clan=False) == "advanced"
    # Every component and every item with a progression, once.
    assert len(progressions()) == len({*(r["id"] for r in table_rows() if r["progression_source"]),
                                       *(r["id"] for r in catalogue_tsv(COMPONENTS))})


def _imports(package: Path) -> dict[str, set[str]]:
    """Each module's imports of other mechlab modules, wherever the statement stands
    (a function's lazy import and a type-checking one count too)."""
    modules = {}
    for path in package.rglob("*.py"):
        name = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                base = node.module
                if node.level:
                    parts = module.split(".")
                    keep = len(parts) - node.level + (1 if is_package else 0)
                    base = ".".join([*parts[:keep], node.module])
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    target = target if target in modules else base
                    if target in modules and target != module:
                        edges[module].add(target)
            elif isinstance(node, ast.Import):
                edges[module] |= {a.name for a in node.names
                                  if a.name in modules and a.name != module}
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle ([] if none), by depth-first search."""
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(module: str) -> list[str]:
        state[module] = 1
        trail.append(module)
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                return [*trail[trail.index(target):], target]
            if target not in state and (found := visit(target)):
                return found
        state[module] = 2
        trail.pop()
        return []

    for module in sorted(edges):
        if module not in state and (found := visit(module)):
            return found
    return []


def test_no_module_imports_itself_through_others() -> None:
    assert _cycle(_imports(REPO / "mechlab")) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []
