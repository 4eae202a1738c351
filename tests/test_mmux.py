"""MakaMek's unit packages (`mechlab export X --to mmux`, issue 30): each library design
MakaMek also ships gives MakaMek's own unit.json, field by field (armor, engine, every
component with its slots), checked against MakaMek's shipped packages
(tests/data/makamek_units.tsv); what MakaMek cannot mount is refused in one line."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests_support import DATA, read_table

from mechlab.cli import main
from mechlab.core.errors import DesignError
from mechlab.export.mmux import (
    MAKAMEK_SLOTS,
    mmux_package,
    model_and_nickname,
    refusal,
    unit_json,
)
from mechlab.files.library import library
from mechlab.files.load import read_source
from mechlab.model.resolve import resolve

LOCATIONS = {"LA": "LeftArm", "RA": "RightArm", "LT": "LeftTorso", "RT": "RightTorso",
             "CT": "CenterTorso", "HD": "Head", "LL": "LeftLeg", "RL": "RightLeg"}
ROWS = read_table(DATA / "makamek_units.tsv")


def _theirs(row: dict[str, str]) -> dict[str, object]:
    """A row of MakaMek's package, in unit.json's own shape."""
    armor = {}
    for code, pair in zip(LOCATIONS, row["armor"].split(), strict=True):
        front, rear = pair.split("/")
        armor[LOCATIONS[code]] = {"frontArmor": int(front), "rearArmor": int(rear)}
    equipment = []
    for entry in row["equipment"].split():
        kind, _, runs = entry.partition("@")
        rear = kind.endswith("R")  # no MakaMek component's name ends in a capital R
        spans = [run.split(".") for run in runs.split("+")]
        equipment.append((kind[:-1] if rear else kind, rear,
                          [(LOCATIONS[loc], int(first), int(length))
                           for loc, first, length in spans]))
    return {"chassis": row["chassis"], "model": row["model"], "nickname": row["nickname"] or None,
            "mass": int(row["mass"]), "engineRating": int(row["engine_rating"]),
            "engineType": row["engine_type"], "armorValues": armor, "equipment": equipment}


def _ours(unit: dict[str, object]) -> dict[str, object]:
    shape = {key: unit[key] for key in ("chassis", "model", "nickname", "mass",
                                        "engineRating", "engineType", "armorValues")}
    shape["equipment"] = [
        (e["type"], (e.get("specificData") or {}).get("mountingOptions") == 1,
         [(a["location"], a["firstSlot"], a["length"]) for a in e["assignments"]])
        for e in unit["equipment"]]  # type: ignore[attr-defined]
    return shape


def _library_design(chassis: str, model: str):
    for unit in library():
        if unit.ruleset == "intro" and unit.chassis == chassis and \
                model_and_nickname(unit.model)[0] == model:
            return unit.design or read_source(unit.path).design
    return None


def test_every_shipped_design_equals_makamek_or_is_refused_for_makameks_slot_count():
    equal, refused = [], []
    for row in ROWS:
        design = _library_design(row["chassis"], row["model"])
        assert design is not None, f"{row['file']}: no library design"
        mech = resolve(design)
        theirs = _theirs(row)
        why = refusal(mech)
        if why is None:
            assert _ours(unit_json(mech)) == theirs, row["file"]
            equal.append(row["file"])
            continue
        # The only refusal among them: a component whose slots MakaMek counts otherwise,
        # which MakaMek's own package shows cut into one-slot pieces.
        kind = why.split("MakaMek's ", 1)[1].split(" ", 1)[0]
        assert kind in MAKAMEK_SLOTS or MAKAMEK_SLOTS.get(kind, 1) == 1, why
        pieces = [runs for k, _, runs in theirs["equipment"] if k == kind]  # type: ignore
        assert pieces and all(sum(r[2] for r in runs) == 1 for runs in pieces), row["file"]
        refused.append(row["file"])
    assert len(equal) + len(refused) == len(ROWS) == 189
    print(f"{len(equal)} of {len(ROWS)} equal MakaMek's; {len(refused)} refused (LRM 10)")
    assert len(equal) >= 166


def test_a_package_holds_what_makameks_cache_reads_and_is_deterministic():
    design = _library_design("Atlas", "AS7-D")
    package = mmux_package(design)
    assert package == mmux_package(design)
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        assert sorted(archive.namelist()) == ["manifest.json", "unit.json", "unit.png"]
        unit = json.loads(archive.read("unit.json"))
        manifest = json.loads(archive.read("manifest.json"))
        png = archive.read("unit.png")
    assert list(unit) == ["id", "chassis", "model", "nickname", "mass", "engineRating",
                          "engineType", "armorValues", "equipment", "additionalAttributes",
                          "quirks", "state"]
    assert manifest["unitId"] == unit["model"] == "AS7-D"
    from PIL import Image  # an independent decoder of the token mechlab draws itself

    token = Image.open(io.BytesIO(png))
    assert token.size == (64, 64) and token.mode == "RGBA"
    alpha = [token.getpixel((x, y))[3] for x in range(64) for y in range(64)]
    assert 0 < sum(a == 255 for a in alpha) < 64 * 64  # a figure on a clear ground
    engine = next(e for e in unit["equipment"] if e["type"] == "Engine")
    assert engine["specificData"] == {"$type": "Engine", "type": 0, "rating": 300}


def test_makamek_keeps_the_nickname_apart_from_the_model():
    assert model_and_nickname("FS9-M 'Mirage'") == ("FS9-M", "Mirage")
    assert model_and_nickname("AS7-D (Danielle)") == ("AS7-D", "Danielle")
    assert model_and_nickname("CPLT-C1") == ("CPLT-C1", None)


def test_export_writes_the_package_and_the_policy_knows_it_is_mechlabs(tmp_path: Path):
    out = tmp_path / "wsp.mmux"
    runner = CliRunner()
    assert runner.invoke(main, ["export", "WSP-1A", "--to", "mmux", "-o", str(out)]).exit_code == 0
    first = out.read_bytes()
    again = runner.invoke(main, ["export", "WSP-1A", "--to", "mmux", "-o", str(out)])
    assert again.exit_code == 0, again.output  # mechlab's own package: replaced
    assert out.read_bytes() == first
    other = tmp_path / "other.mmux"
    other.write_bytes(b"PK\x03\x04 not mechlab's")
    refused = runner.invoke(main, ["export", "WSP-1A", "--to", "mmux", "-o", str(other)])
    assert refused.exit_code == 2 and "--force" in refused.output


@pytest.mark.parametrize(("unit", "cause"), [
    ("CN9-A", "MakaMek's LRM10 fills 1 slot, this design's fills 2"),
    ("Centurion CN9-YLW 'Yen Lo Wang'", "MakaMek's Hatchet fills 1 slot"),
])
def test_what_makamek_cannot_mount_is_refused_in_one_line(tmp_path: Path, unit: str,
                                                          cause: str):
    out = tmp_path / "x.mmux"
    result = CliRunner().invoke(main, ["export", unit, "--to", "mmux", "-o", str(out)])
    assert result.exit_code == 2
    assert cause in result.output and len(result.output.strip().splitlines()) == 1
    assert not out.exists()


def test_a_quad_or_another_engine_is_refused(tmp_path: Path):
    from tests_support import MEGAMEK

    quad = next(MEGAMEK.glob("*Barghest*")) if list(MEGAMEK.glob("*Barghest*")) else None
    if quad is not None:
        with pytest.raises(DesignError, match="no quads"):
            unit_json(resolve(read_source(quad).design))
    xl = next((p for p in sorted(MEGAMEK.glob("*.mtf"))
               if "XL Engine" in p.read_text(encoding="utf-8", errors="replace")), None)
    assert xl is not None
    mech = resolve(read_source(xl).design)
    assert refusal(mech) is not None


def test_quirks_travel_as_makamek_numbers_them():
    design = _library_design("Atlas", "AS7-D")
    quirky = design.replace(quirks=("battle_fists_la", "command_mech"))
    assert unit_json(resolve(quirky))["quirks"] == {"quirk1": "battle_fists_la",
                                                    "quirk2": "command_mech"}
    assert unit_json(resolve(design))["quirks"] == {}
