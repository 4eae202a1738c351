"""`mechlab export` of Standard designs: the `.mtf` reads back to the same design in
mechlab, and mtf2json (an independent reader, PyPI) reads from it what it reads from
MegaMek's own file: tonnage, structure, armor, heat sinks, movement and every slot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mtf2json
import pytest
import yaml
from test_mtf_corpus_standard import in_scope, industrial_in_scope
from tests_support import needs_megamek_all

from mechlab.files.load import UnsupportedTechnologyError, design_from_dict, parse_design
from mechlab.files.mtf import design_to_mtf, import_mtf_bytes
from mechlab.files.yaml_out import dump_design
from mechlab.model.resolve import resolve

STANDARD = Path(__file__).parent / "data" / "standard"


def _slot_names(design: Any) -> dict[str, tuple[str, ...]]:
    mech = resolve(design)
    return {loc.value: tuple(s.name for s in slots) for loc, slots in mech.critical_slots.items()}


@pytest.mark.parametrize("path", sorted(STANDARD.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_standard_design_reads_back_from_its_mtf_slot_for_slot(path: Path):
    design = design_from_dict(yaml.safe_load(path.read_text()), str(path))
    text = design_to_mtf(design)
    back = import_mtf_bytes(text.encode(), "back.mtf")
    again = design_from_dict(back.design, "back.mtf")
    assert back.facts.contradictions(resolve(again)) == []
    for field in ("tech_base", "config", "omni", "tonnage", "walking_mp", "engine", "gyro",
                  "cockpit", "ejection", "heat_sinks"):
        assert getattr(again, field) == getattr(design, field), field
    for component in ("structure", "armor", "myomer"):
        assert getattr(again, component).type == getattr(design, component).type
    mine, theirs = resolve(again), resolve(design)
    assert (mine.jumping_mp, mine.total_tons) == (theirs.jumping_mp, theirs.total_tons)
    assert [(m.armor_front(loc), m.armor_rear(loc)) for m in (mine,) for loc in m.locations] == [
        (m.armor_front(loc), m.armor_rear(loc)) for m in (theirs,) for loc in m.locations]
    assert _slot_names(again) == _slot_names(design)


def _independent(path: Path) -> dict[str, Any]:
    """What mtf2json reads, minus what a writer may spell its own way."""
    data = mtf2json.read_mtf(path)
    slots = {loc: [v.split(" (")[0].lower() if v else None for _, v in sorted(
        cells.items(), key=lambda kv: int(kv[0]))] for loc, cells in data["critical_slots"].items()}
    for part in ("structure", "armor"):  # `Endo-Steel` and `Endo Steel` are one type
        data[part]["type"] = str(data[part]["type"]).lower().replace("-", " ")
    sinks = dict(data["heat_sinks"])
    # mtf2json 0.2.6 reads `techbase: Inner Sphere`; 0.2.7 `tech_base: IS` (a str enum)
    techbase = str(data["techbase"] if "techbase" in data else data["tech_base"])
    own = {"Inner Sphere": "IS ", "IS": "IS ", "Clan": "Clan "}.get(techbase, "")
    if own and str(sinks.get("type", "")).startswith(own):  # `IS Double` on an IS 'Mech
        sinks["type"] = sinks["type"][len(own):]
    return {"mass": data["mass"], "walk": data["walk_mp"], "jump": data.get("jump_mp", 0),
            "structure": data["structure"], "armor": data["armor"],
            "sinks": sinks, "techbase": techbase,
            # which slots hold something; a 6-slot location with or without its padding
            "filled": {loc: [v is not None for v in cells][:6 if loc in _SIX else 12]
                       for loc, cells in slots.items()}}


_SIX = ("head", "left_leg", "right_leg")
_VERSIONED = ("endo steel", "endo composite", "ferro fibrous")  # §1.2: two versions


@pytest.mark.slow
@needs_megamek_all
def test_corpus_designs_export_to_what_megamek_wrote(tmp_path: Path):
    """Every 20th in-scope file that mechlab judges under `standard`: import (to YAML and
    back), export, and (1) mechlab reads the export to the same design, (2) mtf2json reads
    the export as it reads the original."""
    assert _round_trips(list(in_scope())[::20], tmp_path) > 80


@pytest.mark.slow
@needs_megamek_all
def test_industrialmechs_export_to_what_megamek_wrote(tmp_path: Path):
    """Issue 21: every level 1-2 IndustrialMech mechlab judges, as above."""
    assert _round_trips(list(industrial_in_scope()), tmp_path) > 100


def _round_trips(paths: list[Path], tmp_path: Path) -> int:
    tried = 0
    for path in paths:
        try:
            imported = import_mtf_bytes(path.read_bytes(), str(path))
        except UnsupportedTechnologyError:
            continue  # refused (level 3), tests/data/corpus_standard_expected.tsv
        if imported.design.get("ruleset") != "standard":
            continue
        design = design_from_dict(imported.design, str(path))
        if imported.facts.contradictions(resolve(design)):
            continue
        tried += 1
        # `mechlab import` writes YAML that reads back to the same design
        assert parse_design(dump_design(imported.design, "credit")) == design, path
        text = design_to_mtf(design)
        back = import_mtf_bytes(text.encode(), "back.mtf")
        assert back.design == imported.design, path
        if imported.design["config"] == "quad":
            continue  # mtf2json reads bipeds only ("Only 'Biped' mechs are supported")
        exported = tmp_path / "export.mtf"
        exported.write_text(text, encoding="utf-8")
        ours, megamek = _independent(exported), _independent(path)
        for part in ("structure", "armor"):
            # `Structure:Endo Steel` names no tech, mechlab's writer always does; and a
            # one-version type's prefix names nothing (§1.2: MegaMek writes `IS Standard`
            # on Clan 'Mechs)
            if "tech_base" not in megamek[part] or megamek[part]["type"] not in _VERSIONED:
                ours[part].pop("tech_base", None)
                megamek[part].pop("tech_base", None)
        assert ours == megamek, path
    return tried
