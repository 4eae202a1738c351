"""A design's identity (issue 30): the Master Unit List id and the quirks, as MegaMek's
files state them (`mul id:`, `quirk:`, `weaponquirk:NAME:LOC:SLOT:WEAPON`, read by
MegaMek's `MtfFile`), kept in the design file by `mechlab import` and written back by
`mechlab export`: `.mtf` → YAML → `.mtf` gives the same lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from tests_support import ALL, MEGAMEK, needs_megamek_all, sweep, swept

from mechlab.cli import main
from mechlab.core.errors import DesignError
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import design_dict_from_mtf_bytes, design_to_mtf
from mechlab.files.mtf.parse import parse_mtf
from mechlab.files.mtf.refusals import RefusedTechnologyError

CATAPULT = MEGAMEK / "Catapult CPLT-C1.mtf"  # `mul id:478`
TIMBER_WOLF = MEGAMEK / "Mad Cat (Timber Wolf) Prime.mtf"
# Quirk lines in MegaMek's format (its unit quirks by option key; a weapon quirk names the
# location, the 0-based slot and the weapon's MegaMek name).
QUIRKS = (b"quirk:battle_fists_la\r\nquirk:imp_target_short\r\n"
          b"weaponquirk:accurate:LA:2:ISLRM15\r\n")


def identity_lines(text: str) -> list[tuple[str, str]]:
    unit = parse_mtf(text)
    return [("mul id", unit.mul_id or ""), *unit.quirks]


def round_trip(raw: bytes, source: str) -> tuple[dict[str, object], str]:
    design = design_dict_from_mtf_bytes(raw, source)
    return design, design_to_mtf(design_from_dict(design, source))


def test_the_mul_id_is_kept_in_the_design_and_written_back():
    raw = CATAPULT.read_bytes()
    design, text = round_trip(raw, str(CATAPULT))
    assert design["mul_id"] == 478
    assert "mul id:478\r\n" in text
    assert identity_lines(text) == identity_lines(raw.decode("utf-8"))


def test_quirks_and_weapon_quirks_round_trip_with_megameks_names():
    raw = CATAPULT.read_bytes() + QUIRKS
    design, text = round_trip(raw, "catapult.mtf")
    assert design["quirks"] == ["battle_fists_la", "imp_target_short"]
    # The design's slots are 1-based, MegaMek's quirk slot 0-based: LA slot 3 holds the LRM.
    assert design["weapon_quirks"] == [
        {"quirk": "accurate", "location": "left_arm", "slot": 3, "weapon": "ISLRM15"}]
    assert identity_lines(text) == identity_lines(raw.decode("utf-8"))


def test_a_standard_design_keeps_its_identity_too():
    raw = TIMBER_WOLF.read_bytes() + b"quirk:ubiquitous_clan\r\n"
    design, text = round_trip(raw, "timber.mtf")
    assert design["ruleset"] == "standard" and design["quirks"] == ["ubiquitous_clan"]
    assert identity_lines(text) == identity_lines(raw.decode("utf-8"))


@pytest.mark.parametrize(("line", "says"), [
    (b"weaponquirk:accurate:XX:2:ISLRM15", "unknown location 'XX'"),
    (b"weaponquirk:accurate:LA:two:ISLRM15", "expected NAME:LOCATION:SLOT:WEAPON"),
    (b"quirk:battle fists!", "expected MegaMek's quirk name"),
])
def test_a_quirk_line_that_cannot_be_one_is_bad_input_naming_its_line(line, says):
    raw = CATAPULT.read_bytes() + line + b"\r\n"
    with pytest.raises(DesignError) as caught:
        design_dict_from_mtf_bytes(raw, "bad.mtf")
    assert says in str(caught.value) and "line " in str(caught.value)


def test_import_writes_the_identity_into_the_yaml_and_export_writes_it_back(tmp_path: Path):
    source = tmp_path / "catapult.mtf"
    source.write_bytes(CATAPULT.read_bytes() + QUIRKS)
    runner = CliRunner()
    result = runner.invoke(main, ["import", str(source), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    (written,) = (tmp_path / "out").glob("*.yaml")
    data = yaml.safe_load(written.read_text(encoding="utf-8"))
    assert data["mul_id"] == 478 and data["quirks"] == ["battle_fists_la", "imp_target_short"]
    back = tmp_path / "back.mtf"
    result = runner.invoke(main, ["export", str(written), "--to", "mtf", "-o", str(back)])
    assert result.exit_code == 0, result.output
    assert identity_lines(back.read_text(encoding="utf-8")) == identity_lines(
        source.read_text(encoding="utf-8"))


def test_a_weapon_quirk_in_a_location_the_design_lacks_is_bad_input():
    data = design_dict_from_mtf_bytes(CATAPULT.read_bytes(), "c.mtf")
    data["weapon_quirks"] = [{"quirk": "accurate", "location": "front_left_leg", "slot": 1,
                              "weapon": "ISLRM15"}]
    with pytest.raises(DesignError, match="weapon_quirks"):
        design_from_dict(data, "c.yaml")


@pytest.mark.slow
@sweep
@needs_megamek_all
def test_every_corpus_file_keeps_its_mul_id_through_yaml_and_back():
    """Every MegaMek file mechlab reads (levels 1-2) that states a `mul id:` (and any
    quirk line): `.mtf` → design → `.mtf` states the same identity lines."""
    checked = refused = 0
    files = swept(sorted(ALL.rglob("*.mtf")))
    for path in files:
        raw = path.read_bytes()
        if b"mul id:" not in raw.lower():
            continue
        try:
            _, text = round_trip(raw, str(path))
        except (RefusedTechnologyError, DesignError):
            refused += 1  # beyond levels 1-2, or a file that contradicts itself
            continue
        assert identity_lines(text) == identity_lines(raw.decode("utf-8", "replace")), path
        checked += 1
    # 2,562 of the 3,692 files: a share of the files gives a share of them
    assert checked > len(files) * 0.6, (checked, refused)


def test_the_engine_json_carries_the_identity():
    from mechlab.assess import assess_design
    from mechlab.export.engine import engine_json

    design = design_dict_from_mtf_bytes(CATAPULT.read_bytes() + QUIRKS, "catapult.mtf")
    data = json.loads(engine_json(assess_design(design_from_dict(design))))
    assert (data["mul_id"], data["quirks"]) == (478, ["battle_fists_la", "imp_target_short"])
    assert data["weapon_quirks"] == [
        {"quirk": "accurate", "location": "left_arm", "slot": 3, "weapon": "ISLRM15"}]
