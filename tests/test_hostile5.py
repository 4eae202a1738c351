"""A hostile and a careless user's design files against the design-file check (the plain
records' `build`, core/record.py, and pydantic's full check it falls back to): each
shape YAML can write where a field goes is refused in one plain line naming the file and
the field, exit code 2, no output written; or taken as the full check takes it, the same
by both checks. The oracle for "refused" is the field's own type in the design file
format (docs/design-format.md): a list is a list, text is text, never what a lax
converter made of a set, bytes or a date."""

from __future__ import annotations

import contextlib
import datetime
import io
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from tests_support import DATA, EXAMPLES, both_checks, put_at

from mechlab.cli import main
from mechlab.core.design import Design
from mechlab.core.design_schema import ValidationError, validate
from mechlab.core.errors import DesignError
from mechlab.core.record import build
from mechlab.files.design_data import design_from_dict
from mechlab.files.yaml_in import load_yaml
from mechlab.serve.app import App

GOOD = (EXAMPLES / "catapult.yaml").read_text()


def _refused(tmp_path: Path, text: str) -> str:
    """The one line `mechlab build` says of the design `text` (exit code 2, nothing
    written), without the `mechlab: FILE: ` every line starts with."""
    design = tmp_path / "bad.yaml"
    design.write_text(text)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(design), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir())
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    prefix = f"mechlab: {design}: "
    assert lines[0].startswith(prefix), lines[0]
    return lines[0].removeprefix(prefix)


# --- a list is a list: YAML's `!!set` is no list of quirks or slot numbers ---------------

def test_a_set_of_quirks_is_refused_as_not_a_list(tmp_path: Path) -> None:
    # A set has no order: the quirks were taken in hash order, a different design file
    # each run (PYTHONHASHSEED), from a file that never wrote a list.
    text = GOOD + "quirks: !!set {battle_fists_la, imp_target_short}\n"
    assert _refused(tmp_path, text) == "quirks: expected a list, got a set"


def test_a_set_of_slot_numbers_is_refused_as_not_a_list(tmp_path: Path) -> None:
    text = GOOD + "ruleset: experimental\narmored_slots: {left_torso: !!set {1, 2}}\n"
    assert _refused(tmp_path, text) == "armored_slots.left_torso: expected a list, got a set"


# --- text is text: YAML's `!!binary` bytes are no type word or quirk name -----------------

def test_bytes_are_refused_as_a_type_word(tmp_path: Path) -> None:
    # `!!binary WEw=` is the bytes b"XL": taken, it was the word "XL" that no file wrote
    # ("gyro: XL is not in the intro rules").
    assert _refused(tmp_path, GOOD + "gyro: !!binary WEw=\n") == \
        "gyro: expected text, got bytes"


def test_bytes_are_refused_as_a_quirk_name(tmp_path: Path) -> None:
    assert _refused(tmp_path, GOOD + "quirks: [!!binary YWJj]\n") == \
        "quirks[0]: expected text, got bytes"


# --- messages in plain words ---------------------------------------------------------------

def test_a_date_where_text_goes_is_named_as_the_date_written(tmp_path: Path) -> None:
    # YAML reads `model: 2020-01-01` as a date; the line said "got datetime.date(2020, 1, 1)".
    text = GOOD.replace("model: CPLT-C1", "model: 2020-01-01")
    assert _refused(tmp_path, text) == \
        "model: expected text, got 2020-01-01, a date to YAML (put it in quotes)"


def test_a_quirk_name_of_other_characters_is_refused_in_words(tmp_path: Path) -> None:
    # pydantic's line was "quirks[0]: string should match pattern '^[A-Za-z0-9_]{1,60}$'".
    assert _refused(tmp_path, GOOD + "quirks: [battle fists]\n") == (
        "quirks[0]: expected MegaMek's name of a quirk (1 to 60 letters, digits or _, as "
        "battle_fists_la), got 'battle fists'")


def test_a_choice_outside_the_ruleset_is_named_as_the_file_writes_it(tmp_path: Path) -> None:
    # The lines said "omni: True" and "armored_slots: {<Location.LEFT_TORSO: 'left_torso'>:
    # [1, 2]}", Python's words for what the file wrote.
    assert _refused(tmp_path, GOOD + "omni: true\n") == \
        "omni: true is not in the intro rules; use ruleset: standard"
    assert _refused(tmp_path, GOOD + "armored_slots: {left_torso: [1, 2]}\n") == (
        "armored_slots: {left_torso: [1, 2]} is not in the intro rules; use ruleset: "
        "experimental")


# --- YAML the design file format has no use for ---------------------------------------------

def test_a_merge_key_is_refused_with_what_to_write_instead(tmp_path: Path) -> None:
    # The line was "invalid YAML: could not determine a constructor for the tag
    # 'tag:yaml.org,2002:merge'" of valid YAML.
    text = GOOD + "pilot: {<<: {name: Kai}, gunnery: 3}\n"
    assert _refused(tmp_path, text) == (
        "line 38, column 9: a merge key (<<) repeats a mapping; write its fields out "
        "(mechlab reads aliases of single values only)")


def test_a_python_tag_is_refused_as_a_tag_the_file_format_lacks(tmp_path: Path) -> None:
    text = GOOD + "pilot: !!python/object:os.system {}\n"
    assert _refused(tmp_path, text) == (
        "line 38, column 8: the tag !!python/object:os.system is not read; remove it (a "
        "design holds text, numbers, true/false, lists and mappings)")


# --- build takes what the full check takes as it stands -------------------------------------

def test_tons_written_with_a_fraction_are_taken_by_build_as_the_full_check_takes_them(
        ) -> None:
    # YAML's floats carry the text they were written as (WrittenFloat): build declined
    # them, and every design file with `tons: 8.5` was read by pydantic's full check.
    data = load_yaml(GOOD.replace("  head: 9", "  head: 9\n  tons: 10.5").replace(
        "{item: LRM 15, location: left_arm}", "{item: LRM 15, location: left_arm, size: 2.5}"))
    built = build(Design, data)
    assert built == validate(Design, data)
    assert (type(built.armor.tons), built.armor.tons) == (float, 10.5)
    assert (type(built.equipment[0].size), built.equipment[0].size) == (float, 2.5)


def test_a_key_that_is_no_text_is_named_as_written_and_not_a_field_name(
        tmp_path: Path) -> None:
    # The lines were "[1]: keys should be strings, got 1" (a list index?) and "None: keys
    # should be strings, got None" of a file that wrote `null:`.
    assert _refused(tmp_path, GOOD + "1: x\n") == \
        "(top level): 1 is not a field name; remove or rename it"
    assert _refused(tmp_path, GOOD + "pilot: {null: Kai}\n") == \
        "pilot: null is not a field name; remove or rename it"


def test_true_where_a_number_goes_is_named_as_yaml_writes_it(tmp_path: Path) -> None:
    # YAML's `true` is Python's True, an int: refused, and named as written, not "True".
    assert _refused(tmp_path, GOOD.replace("tonnage: 65", "tonnage: true")) == \
        "tonnage: expected a whole number (no quotes, no decimals), got true"


def test_a_type_word_is_plain_text_as_every_name_is(tmp_path: Path) -> None:
    # A word no table has is named in the ruleset's line, where a bidirectional control
    # reordered it ("gyro: x‮y is not in the intro rules" on the page, raw).
    assert _refused(tmp_path, GOOD + 'gyro: "x\\u202ey"\n') == \
        "gyro: bidirectional control U+202E at character 2; remove it (names are plain text)"
    assert _refused(tmp_path, GOOD + 'engine: "xl\\x1b[31m"\n') == \
        "engine.type: control character U+001B at character 3; remove it (names are plain text)"


# --- a force file's units and their damage states -------------------------------------------

def _force_refused(tmp_path: Path, unit: str, *command: str) -> str:
    """The one line `mechlab sheet` (or `command`) says of a force file of the Catapult
    with `unit` under it: exit code 2, nothing written."""
    (tmp_path / "catapult.yaml").write_text(GOOD)
    force = tmp_path / "force.yaml"
    force.write_text("force: Test\nunits:\n  - unit: catapult.yaml\n" + unit)
    out = tmp_path / "force.pdf"
    result = CliRunner().invoke(main, [*(command or ("sheet",)), str(force), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert not out.exists()
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"mechlab: {force}: "), lines[0]
    return lines[0].removeprefix(f"mechlab: {force}: ")


def test_a_set_of_critical_hits_is_refused_as_not_a_list(tmp_path: Path) -> None:
    # Taken, the sheet struck through slots in the order a set happened to have.
    assert _force_refused(tmp_path, "    state: {critical_hits: {left_arm: !!set {5}}}\n") \
        == "units[0].state.critical_hits.left_arm: expected a list, got a set"


def test_an_unknown_location_in_a_force_units_state_is_named_by_its_field(
        tmp_path: Path) -> None:
    # The path said "units[0].state.armor.left_elbow.[key]", pydantic's tag for a key.
    line = _force_refused(tmp_path, "    state: {armor: {left_elbow: 3}}\n")
    assert line.startswith("units[0].state.armor.left_elbow: unknown location 'left_elbow'; "
                           "use one of: head,"), line


# --- every field, every shape no design file has ---------------------------------------------

RICH = {
    "chassis": "Test", "model": "T-1", "tonnage": 50, "walking_mp": 4, "ruleset": "experimental",
    "mul_id": 7, "quirks": ["battle_fists_la"], "engine_maker": "Magna", "engine_rating": 200,
    "jumping_mp": 0, "heat_sinks": {"count": 12, "type": "double", "tech": "is"},
    "armor": {"type": "patchwork", "tech": "is", "slots": {"left_torso": [1]},
              "patchwork": {"left_arm": "reactive"}, "head": 9,
              "center_torso": {"front": 20, "rear": 5}, "tons": 8},
    "actuators": {"left_arm": {"lower_arm": True, "hand": False}},
    "equipment": [{"item": "Medium Laser", "location": "left_arm", "count": 1, "rear": False,
                   "slot": 3, "split": {"location": "left_torso", "slots": 1, "slot": 2},
                   "pod": False, "slots": 1, "size": 1, "armored": False, "turret": False,
                   "shared": False}],
    "weapon_quirks": [{"quirk": "accurate", "location": "left_arm", "slot": 3,
                       "weapon": "Medium Laser"}],
    "pilot": {"name": "Kai", "gunnery": 3, "piloting": 4}, "source": "TRO", "era": 3025,
    "role": "Brawler", "known_violations": [{"code": "E-X", "why": "as printed"}],
    "unit": "battlemech", "tech_base": "inner_sphere", "config": "biped", "omni": False,
    "base_chassis_heat_sinks": 2, "engine": {"type": "xl", "tech": "is"}, "gyro": "standard",
    "cockpit": "standard", "ejection": "full", "structure": {"type": "endo_steel",
                                                              "slots": {"left_leg": 2}},
    "myomer": {"type": "standard"}, "armored_slots": {"head": [1]},
}
# What YAML can write and no field of a design file is: `!!set`, `!!binary`, a bare date or
# timestamp (the set's order changes from run to run; the bytes and the date are no text).
ALIEN = [{1}, frozenset({"left_arm"}), {"left_arm", "xl"}, b"xl", b"1",
         datetime.date(2020, 1, 1), datetime.datetime(2020, 1, 1, 12, 0)]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if path:
        yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


def test_no_field_takes_a_set_bytes_or_a_date() -> None:
    """Each field and entry of a design using every field, given each shape YAML writes
    that no design file has: the full check refuses it and build declines it."""
    assert validate(Design, RICH) == build(Design, RICH)  # every field, and both take it
    paths = list(_paths(RICH))
    taken = [(path, value) for path in paths for value in ALIEN
             if _taken(put_at(RICH, path, value))]
    assert not taken
    assert len(paths) > 80


def _taken(data: dict[str, Any]) -> bool:
    try:
        validate(Design, data)
    except ValidationError:
        with pytest.raises(ValueError):
            build(Design, data)
        return False
    return True


def test_heat_sinks_written_as_a_number_that_is_no_count_say_so(tmp_path: Path) -> None:
    # The line was "heat_sinks: expected a mapping {count: N, type: …, tech: …}, got 15.5"
    # of a file that wrote the count as players do, with a fraction.
    text = GOOD.replace("heat_sinks: 15 ", "heat_sinks: 15.5")
    assert _refused(tmp_path, text) == ("heat_sinks: expected the number of heat sinks (a "
                                        "whole number) or {count: N, type: double}, got 15.5")
    text = GOOD.replace("heat_sinks: 15 ", "heat_sinks: true")
    assert _refused(tmp_path, text).endswith("{count: N, type: double}, got true")


def test_a_float_is_named_as_the_file_writes_it(tmp_path: Path) -> None:
    # YAML's `.nan` was named "nan", and `.inf` "inf": no file says so.
    text = GOOD.replace("  head: 9", "  head: 9\n  tons: .nan")
    assert _refused(tmp_path, text) == "armor.tons: must be more than 0, got .nan"
    text = GOOD.replace("tonnage: 65", "tonnage: -.inf")
    assert _refused(tmp_path, text) == \
        "tonnage: expected a whole number (no quotes, no decimals), got -.inf"


# --- build never crashes ----------------------------------------------------------------------

def test_unknown_keys_of_text_and_numbers_together_are_each_named(tmp_path: Path) -> None:
    # build sorted the unknown keys to name them: `1:` beside `foo:` raised TypeError, a
    # traceback from every command.
    design = tmp_path / "bad.yaml"
    design.write_text(GOOD + "pilot: {1: a, fo: b}\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(design), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert not out.exists()
    assert result.stderr.splitlines() == [
        f"mechlab: {design}: pilot: 1 is not a field name; remove or rename it",
        f"mechlab: {design}: pilot.fo: unknown field; remove or rename it"]


def test_a_location_key_that_is_no_text_is_named_by_the_message_not_the_path(
        tmp_path: Path) -> None:
    # The path was pydantic's text of the key: "armored_slots.datetime.date(2020, 1, 1)".
    text = GOOD + "ruleset: experimental\narmored_slots: {2020-01-01: [1]}\n"
    assert _refused(tmp_path, text) == ("armored_slots: expected a location name, got "
                                        "2020-01-01, a date to YAML (put it in quotes)")


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5),
    st.binary(max_size=3), st.dates(),
    st.sampled_from(["left_arm", "LA", "xl", "is", "biped", "", "Medium Laser", "front"]))
KEYS = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=False),
                 st.dates(), st.text(max_size=4),
                 st.sampled_from(["front", "rear", "type", "count", "head", "left_arm",
                                  "location", "item", "slots", "tech"]))
YAML_DATA = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(KEYS, inner, max_size=3),
    st.frozensets(st.integers(0, 3), max_size=2)), max_leaves=8)
INTERNALS = ("Input should", "function-", "[type=", "pydantic", "Value error", "<Location",
             "[key]", "datetime.", "functools", "Traceback")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(list(_paths(RICH))), YAML_DATA), min_size=1,
                max_size=3))
def test_any_data_yaml_can_hold_anywhere_is_taken_by_both_checks_or_told_in_words(
        changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    """Whatever YAML can hold, at any field of a design using every field: build raises
    nothing but `ValueError` (it crashed on keys it could not sort), takes only the full
    check's design, and a refusal's lines are in plain words."""
    data = RICH
    for path, value in changes:
        with contextlib.suppress(KeyError, IndexError, TypeError):
            data = put_at(data, path, value)  # unless the path runs through a changed value
    full, built = both_checks(data)
    assert built is None or built == full
    if full is not None:
        return
    with pytest.raises(DesignError) as refused:
        design_from_dict(data, "x.yaml")
    for line in refused.value.lines:
        assert not any(internal in line for internal in INTERNALS), line


# --- mechlab serve: a file opened in the page -------------------------------------------------

def _opened(text: str) -> tuple[int, bytes]:
    """`POST /api/open` of a YAML file's text, as the page sends it: the status and body."""
    return _posted("/api/open", {"filename": "x.yaml", "text": text})


def _posted(path: str, request: object) -> tuple[int, bytes]:
    """A POST of `request` to `mechlab serve`'s app, with the page's token."""
    app = App(start=None)
    body = json.dumps(request).encode()
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": path, "QUERY_STRING": "",
               "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body),
               "HTTP_HOST": "127.0.0.1:8029", "HTTP_X_MECHLAB_TOKEN": app.token}
    answer: dict[str, int] = {}

    def start_response(status: str, headers: list[tuple[str, str]]) -> None:
        answer["status"] = int(status.split()[0])

    content = b"".join(app(environ, start_response))
    return answer["status"], content


@pytest.mark.parametrize(("added", "problem"), [
    ("quirks: !!set {battle_fists_la}\n", "quirks: expected a list, got a set"),
    ("gyro: !!binary WEw=\n", "gyro: expected text, got bytes"),
    ("source: 2020-01-01\n",
     "source: expected text, got 2020-01-01, a date to YAML (put it in quotes)"),
    ("era: .nan\n", "era: expected a whole number (no quotes, no decimals), got .nan"),
], ids=["set", "bytes", "date", "nan"])
def test_a_file_the_page_opens_with_a_value_json_lacks_is_refused_by_its_field(
        added: str, problem: str) -> None:
    # JSON has no set, bytes or date: opening such a file was a 500 ("mechlab could not do
    # that (TypeError)"); a .nan went to the page as `NaN`, which no JSON reader takes.
    status, content = _opened(GOOD + added)
    assert status == 400, content
    answer = json.loads(content)
    assert answer["error"] == problem


# --- a location named twice -------------------------------------------------------------------

PATCHWORK = "armor:\n  type: patchwork\n  patchwork: {left_arm: reactive, LA: standard}\n"


@pytest.mark.parametrize(("text", "problem"), [
    (GOOD + "armored_slots: {left_torso: [1], LT: [2]}\n",
     "armored_slots: 'left_torso' and 'LT' are the same location; give it once"),
    (GOOD + "structure: {type: endo_steel, slots: {left_torso: 2, Left Torso: 3}}\n",
     "structure.slots: 'left_torso' and 'Left Torso' are the same location; give it once"),
    (GOOD.replace("armor:\n", PATCHWORK),
     "armor.patchwork: 'left_arm' and 'LA' are the same location; give it once"),
], ids=["armored_slots", "spread_slots", "patchwork"])
def test_a_location_named_twice_in_one_mapping_is_refused(tmp_path: Path, text: str,
                                                          problem: str) -> None:
    # YAML's duplicate-key check sees two keys; both checks kept the second silently (the
    # left torso's armored slot 1 was dropped without a word).
    assert _refused(tmp_path, text + "ruleset: experimental\n") == problem


# --- numbers YAML 1.1 reads otherwise than they look -------------------------------------------

def test_a_whole_number_with_a_leading_zero_is_refused_not_read_as_octal(
        tmp_path: Path) -> None:
    # YAML 1.1 reads `065` as octal: the Catapult weighed 53 t, and `head: 010` was 8
    # points, without a word.
    text = GOOD.replace("tonnage: 65", "tonnage: 065")
    assert _refused(tmp_path, text) == ("line 6, column 10: 065 is an octal number to YAML "
                                        "(53); write it without the leading 0, or text in quotes")


def test_a_number_with_a_colon_is_refused_not_read_in_base_60(tmp_path: Path) -> None:
    # YAML 1.1 reads `1:30` as 90 (base 60), and `1:30.5` as 90.5.
    text = GOOD.replace("walking_mp: 4 ", "walking_mp: 1:30")
    assert _refused(tmp_path, text) == ("line 7, column 13: 1:30 is a number in base 60 to "
                                        "YAML (90); write the number in digits, or text in "
                                        "quotes")
    text = GOOD.replace("  head: 9", "  head: 9\n  tons: 1:30.5")
    assert _refused(tmp_path, text) == ("line 13, column 9: 1:30.5 is a number in base 60 to "
                                        "YAML (90.5); write the number in digits, or text in "
                                        "quotes")


# --- numbers in MegaMek's files: digits int() reads --------------------------------------------

ATLAS = (DATA / "megamek" / "Atlas AS7-K.mtf").read_bytes()


@pytest.mark.parametrize(("line", "written", "problem"), [
    (b"Mass:100", "Mass:\u00b9\u2070\u2070", "Mass: expected a whole number, got '¹⁰⁰'"),
    (b"Walk MP:3", "Walk MP:\u00b3", "line 18: Walk MP: expected a whole number, got '³'"),
    (b"LA Armor:34", "LA Armor:\u00b3\u2074",
     "line 22: LA armor: expected a whole number, got '³⁴'"),
    (b"Weapons:6", "Weapons:\u2076", "line 34: Weapons: expected a count (at most 999), got '⁶'"),
    (b"mul id:144", "mul id:\u00b9\u2074\u2074",
     "line 4: mul id: expected a whole number, got '¹⁴⁴'"),
    (b"Era:3049", "Era:\u00b3\u2070\u2074\u2079",
     "line 8: Era: expected the year the design appeared (such as 3025), got '³⁰⁴⁹'; write "
     "the year, or remove the line"),
    (b"mul id:144", "mul id:144\r\nweaponquirk:accurate:LA:\u00b2:ISLRM20",
     "line 5: weaponquirk: expected NAME:LOCATION:SLOT:WEAPON, got 'accurate:LA:²:ISLRM20'"),
], ids=["mass", "walk", "armor", "weapons", "mul_id", "era", "weaponquirk"])
def test_a_superscript_number_in_an_mtf_file_is_refused_by_its_line(
        tmp_path: Path, line: bytes, written: str, problem: str) -> None:
    # "²" is a digit to Python's isdigit, and int() then raised "invalid literal for int()
    # with base 10": a traceback (exit code 1) from every command reading the file.
    unit = tmp_path / "atlas.mtf"
    unit.write_bytes(ATLAS.replace(line, written.encode(), 1))
    result = CliRunner().invoke(main, ["validate", str(unit)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert (result.exit_code, result.stderr) == (2, f"mechlab: {unit}: {problem}\n")


def test_a_rules_level_in_superscript_is_no_rules_level(tmp_path: Path) -> None:
    unit = tmp_path / "atlas.mtf"
    unit.write_bytes(ATLAS.replace(b"Rules Level:2", "Rules Level:\u00b2".encode(), 1))
    result = CliRunner().invoke(main, ["validate", str(unit)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code == 0
    assert "W-RULES-LEVEL line 10: Rules Level: '²' is no rules level (1 to 5)" in result.output


# --- a MegaMek unit list (.mul) ----------------------------------------------------------------

def test_a_superscript_skill_in_a_unit_list_is_refused_by_its_field(tmp_path: Path) -> None:
    # "²" is a digit to Python's isdigit: int() then raised "invalid literal for int() with
    # base 10: '²'", naming no field.
    gunnery = "²"
    listed = tmp_path / "lance.mul"
    listed.write_text('<unit version="1"><entity chassis="Atlas" model="AS7-D" type="Biped">'
                      f'<pilot name="X" gunnery="{gunnery}" piloting="5"/></entity></unit>')
    out = tmp_path / "lance.pdf"
    result = CliRunner().invoke(main, ["sheet", str(listed), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert not out.exists()
    assert result.stderr == (f"mechlab: {listed}: units[0].pilot.gunnery: {gunnery!r} is not "
                             "a whole number (a skill, 0 to 8)\n")


def test_a_superscript_number_sent_to_the_page_api_is_refused_not_a_500() -> None:
    # `"tonnage": "²"` passed isdigit, and int() raised: "mechlab could not do that
    # (ValueError)", a 500.
    status, content = _posted("/api/new", {"ruleset": "standard", "tonnage": "\u00b2",
                                           "walking_mp": 4})
    assert (status, json.loads(content)["error"]) == (
        400, "tonnage: expected a whole number, got '²'")


# --- what mechlab writes from a design ---------------------------------------------------------

def test_a_source_note_over_lines_is_one_source_line_of_the_mtf(tmp_path: Path) -> None:
    # A note may hold line breaks; a .mtf line cannot: the note's second line was written
    # as a line of its own, a quirk and a MUL id in the .mtf that the design never had.
    design = tmp_path / "cat.yaml"
    design.write_text(GOOD + 'source: "TRO 3025\\nquirk:battle_fists_la\\nmul id:999"\n')
    out = tmp_path / "cat.mtf"
    result = CliRunner().invoke(main, ["export", str(design), "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    assert [line for line in lines if line.lower().startswith(("source", "quirk", "mul id"))] \
        == ["Source:TRO 3025 quirk:battle_fists_la mul id:999"]


def test_a_heat_sink_count_out_of_bounds_is_named_as_written(tmp_path: Path) -> None:
    # The count was made whole before its bound was checked: "got 100000000000000005250476…"
    text = GOOD.replace("heat_sinks: 15 ", "heat_sinks: 1.0e+300")
    assert _refused(tmp_path, text) == "heat_sinks.count: must be at most 99, got 1.0e+300"


def test_a_number_yaml_reads_as_text_says_how_to_write_it(tmp_path: Path) -> None:
    # YAML 1.1 reads `1e2` as text: "expected a whole number (no quotes, no decimals), got
    # '1e2'" told a file that wrote no quotes to remove them.
    assert _refused(tmp_path, GOOD.replace("tonnage: 65", "tonnage: 1e2")) == (
        "tonnage: expected a whole number (no quotes, no decimals), got '1e2', text to YAML "
        "(write 100)")
    text = GOOD.replace("  head: 9", "  head: 9\n  tons: 105e-1")
    assert _refused(tmp_path, text) == \
        "armor.tons: expected a number, got '105e-1', text to YAML (write 10.5)"


def test_a_name_yaml_reads_as_true_or_false_says_to_quote_it(tmp_path: Path) -> None:
    # "model: expected text, got true" of a file that wrote `model: ON`.
    assert _refused(tmp_path, GOOD.replace("model: CPLT-C1", "model: ON")) == (
        "model: expected text, got true (YAML reads yes, no, on and off as true or false); "
        "put the name in quotes")


def test_a_name_written_as_a_number_anywhere_opens_in_the_page_as_written() -> None:
    # Only the top level's names were kept as written: a pilot named `3.10` reached the page
    # (and Save) as 3.1, and one named `.nan` as NaN, which no JSON reader takes.
    text = GOOD.replace("{item: LRM 15, location: left_arm}",
                        "{item: LRM 15, location: left_arm, count: 1.0}")
    status, content = _opened(text + "pilot: {name: 3.10, gunnery: 3}\n"
                                      "known_violations: [{code: .nan, why: 1.50}]\n")
    assert status == 200, content
    design = json.loads(content)["design"]
    assert design["pilot"] == {"name": "3.10", "gunnery": 3}
    assert design["known_violations"] == [{"code": ".nan", "why": "1.50"}]
    assert design["equipment"][0]["count"] == 1.0  # a number where a number goes


# --- a damage state file (--state) -------------------------------------------------------------

def _state_refused(tmp_path: Path, state: str) -> str:
    """The one line `mechlab sheet catapult --state FILE` says of the state `state`."""
    (tmp_path / "catapult.yaml").write_text(GOOD)
    state_file = tmp_path / "state.yaml"
    state_file.write_text(state)
    out = tmp_path / "cat.pdf"
    result = CliRunner().invoke(main, ["sheet", str(tmp_path / "catapult.yaml"), "--state",
                                       str(state_file), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert not out.exists()
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"mechlab: {state_file}: "), result.stderr
    return lines[0].removeprefix(f"mechlab: {state_file}: ")


def test_a_state_location_key_that_is_no_text_is_named_by_the_message(tmp_path: Path) -> None:
    # The path was pydantic's text of the key: "armor.datetime.date(2020, 1, 1)".
    assert _state_refused(tmp_path, "armor: {2020-01-01: 3}\n") == (
        "armor: expected a location name, got 2020-01-01, a date to YAML (put it in quotes)")


def test_true_as_the_armor_a_location_lost_is_named_by_its_location(tmp_path: Path) -> None:
    # `left_arm: true` was made `{front: true}`, its error at `armor.left_arm.front`.
    assert _state_refused(tmp_path, "armor: {left_arm: true}\n") == (
        "armor.left_arm: expected the points lost (a whole number) or {front: N, rear: N}, "
        "got true")


def test_an_mtf_byte_that_is_neither_utf8_nor_windows_1252_is_refused(tmp_path: Path) -> None:
    # 0x81 has no Windows-1252 character: it was read as U+FFFD, the chassis "Atl�as".
    unit = tmp_path / "atlas.mtf"
    unit.write_bytes(ATLAS.replace(b"\nAtlas\r", b"\nAtl\x81as\r", 1))
    result = CliRunner().invoke(main, ["validate", str(unit)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert (result.exit_code, result.stderr) == (
        2, f"mechlab: {unit}: byte 16 is neither UTF-8 nor Windows-1252 text; save the file "
           "as UTF-8\n")


def test_a_quirk_given_twice_is_refused(tmp_path: Path) -> None:
    # Both were kept: the engine JSON and the .mtf listed the quirk twice, for an engine to
    # apply twice (no MegaMek file of the corpus lists one twice).
    assert _refused(tmp_path, GOOD + "quirks: [imp_target_short, imp_target_short]\n") == \
        "quirks: imp_target_short is given twice ([0] and [1]); give it once"
    text = GOOD + ("weapon_quirks: [{quirk: accurate, location: LA, slot: 1, weapon: LRM 15}, "
                   "{quirk: accurate, location: left_arm, slot: 1, weapon: LRM 15}]\n")
    assert _refused(tmp_path, text) == \
        "weapon_quirks: accurate (LRM 15) is given twice ([0] and [1]); give it once"


def test_a_set_tag_on_a_list_is_invalid_yaml_not_a_crash(tmp_path: Path) -> None:
    # The duplicate-key check read the list's entries as key-value pairs: TypeError ("cannot
    # unpack non-iterable MappingNode object"), a traceback from every command.
    assert _refused(tmp_path, GOOD + "quirks: !!set [a]\n") == (
        "line 38, column 9: invalid YAML: expected a mapping node, but found sequence")


@pytest.mark.parametrize(("added", "problem"), [
    ("era: !!int abc\n", "line 38, column 6: 'abc' is not a whole number"),
    ("era: !!int\n", "line 38, column 6: '' is not a whole number"),
    ("armor_tons: !!float x\n", "line 38, column 13: 'x' is not a number"),
    ("omni: !!bool maybe\n", "line 38, column 7: 'maybe' is not true or false"),
    ("source: !!timestamp soon\n", "line 38, column 9: 'soon' is not a date"),
], ids=["int", "empty-int", "float", "bool", "timestamp"])
def test_a_scalar_tag_on_text_it_does_not_fit_is_refused_not_a_crash(
        tmp_path: Path, added: str, problem: str) -> None:
    # PyYAML's constructors assume the text their resolver matched: IndexError, ValueError,
    # KeyError or AttributeError, a traceback from every command.
    assert _refused(tmp_path, GOOD + added) == \
        f"{problem} (its tag says it is); write one, or remove the tag"


# --- a careless edit anywhere in a file --------------------------------------------------------

# What a careless or hostile edit puts in a line: YAML's syntax and tags, numbers YAML 1.1
# reads otherwise than they look, characters no name takes, digits int() does not read.
TOKENS = ["!!set", "!!omap", "!!pairs", "!!map", "!!seq", "!!str", "!!int", "!!timestamp",
          "!!float", "!!bool", "!!null", "!!binary", "!foo", "!!python/tuple", "<<: {a: 1}",
          "&b [1]", "*b", "? a", "--- ", "...", "~", "yes", "065", "1:30", ".nan", "-.inf",
          "1e2", "2020-01-01", "[", "]", "{", "}", ":", "-", "'", '"', "#", "\\u202e", "\t",
          "LT", "99999999999", "0x41", "²", "١", "?", "|", ">", "%", "@", "`", ","]
EDITS = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 200),
                           st.sampled_from(TOKENS)), min_size=1, max_size=4)


def _edited(text: str, edits: list[tuple[int, int, str]]) -> str:
    lines = text.splitlines(keepends=True)
    for line, column, token in edits:
        at = line % len(lines)
        column = min(column, len(lines[at].rstrip("\r\n")))
        lines[at] = lines[at][:column] + token + lines[at][column:]
    return "".join(lines)


@settings(max_examples=150, deadline=None)
@given(st.booleans(), EDITS)
def test_any_careless_edit_of_a_design_file_is_judged_or_told_in_one_line_each(
        mtf: bool, edits: list[tuple[int, int, str]]) -> None:
    """A design file (YAML or .mtf) with tokens put anywhere: judged (exit code 0 or 1),
    or each problem told in a line of its own naming the file, in plain words (exit code
    2); never a traceback (this found `!!set` on a list and `!!int abc` crashing PyYAML)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ("unit.mtf" if mtf else "unit.yaml")
        text = _edited(ATLAS.decode() if mtf else GOOD, edits)
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code in (0, 1, 2)
    for line in result.stderr.splitlines():
        assert line.startswith(f"mechlab: {path}"), line
        assert not any(internal in line for internal in INTERNALS), line


def test_a_null_tag_on_text_is_refused_not_the_text_dropped(tmp_path: Path) -> None:
    # PyYAML's `!!null Magna` is None: the engine maker the file wrote went without a word.
    text = GOOD.replace("engine_maker: Magna", "engine_maker: !!null Magna")
    assert _refused(tmp_path, text) == ("line 8, column 15: 'Magna' is not null (its tag says "
                                        "it is); write null, or remove the tag")
