"""Issue 31 audited as a user meets it (lane audit31): each item tried from the command
line, and the neighbouring cases its items imply. The expected numbers are worked by hand
from the rules cited beside each, not computed by the code under test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from test_mtf import SMALL
from tests_support import ALL, DATA, EXAMPLES, NO_ALL, REPO, mech_of

from mechlab.assess import assess_design
from mechlab.cli import main
from mechlab.export.engine import engine_json
from mechlab.files import megamek_dir
from mechlab.files.design_data import design_from_dict
from mechlab.files.mtf import import_mtf_bytes
from mechlab.sheet import content


def _physical(mtf: str) -> dict[str, object]:
    name = DATA / "megamek-advanced" / mtf
    design = import_mtf_bytes(name.read_bytes(), mtf).design
    physical: dict[str, object] = json.loads(
        engine_json(assess_design(design_from_dict(design))))["physical_attacks"]
    return physical


def test_talons_make_a_kick_half_again_as_hard():
    # Turkina X (MegaMek's file): 95 t, talons in both legs. Tactical Operations (MegaMek
    # KickAttackAction: Math.round of the kick × 1.5): ⌊95 ÷ 5⌋ = 19, × 1.5 = 28.5 → 29.
    # A death from above: ⌈95 ÷ 10 × 3⌉ = 29, × 1.5 = 43.5 → 43 (DfaAttackAction, down);
    # the attacker's own legs still take a plain kick's 19 (Total Warfare).
    physical = _physical("Turkina X.mtf")
    assert physical["kick"] == 29
    assert physical["death_from_above"] == {"target_damage": 43, "attacker_leg_damage": 19}
    assert physical["club"] is None  # no hands: no club


def test_a_kick_without_talons_is_a_fifth_of_the_tonnage():
    atlas = yaml.safe_load((DATA / "standard" / "atlas-as7-k.yaml").read_text())
    physical = json.loads(engine_json(assess_design(design_from_dict(atlas))))[
        "physical_attacks"]
    assert (physical["kick"], physical["club"]) == (20, 20)  # ⌊100 ÷ 5⌋, RULES.md 1.8
    assert physical["death_from_above"] == {"target_damage": 30, "attacker_leg_damage": 20}


@pytest.fixture
def mekfiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A MegaMek data folder holding one unit the library lacks (MECHLAB_MEGAMEK_DIR)."""
    folder = tmp_path / "mekfiles" / "3039u"
    folder.mkdir(parents=True)
    (folder / "Locust LCT-9Z.mtf").write_text(SMALL.replace("LCT-1V", "LCT-9Z", 1))
    monkeypatch.setenv(megamek_dir.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(megamek_dir.ENV, str(tmp_path / "mekfiles"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return folder


def test_import_takes_a_unit_of_the_megamek_folders_by_name_into_the_current_folder(
        mekfiles: Path):
    # `mechlab --help`: FILE arguments take the names of units in MegaMek data folders;
    # outputs go to the current folder, never beside MegaMek's file (issue 31).
    before = {p.name: p.read_bytes() for p in mekfiles.iterdir()}
    result = CliRunner().invoke(main, ["import", "Locust LCT-9Z"])
    assert (result.exit_code, result.stderr) == (0, "wrote 1 design file\n"), result.output
    assert {p.name: p.read_bytes() for p in mekfiles.iterdir()} == before
    (written,) = Path().iterdir()
    assert yaml.safe_load(written.read_text())["model"] == "LCT-9Z"


def test_import_of_a_missing_file_says_so_in_one_line_without_a_library_hint(mekfiles: Path):
    # It said "no such file (check the path, or name a library unit …)": import takes none.
    result = CliRunner().invoke(main, ["import", "Locust LCT-9Q"])
    assert result.exit_code == 2
    assert result.stderr == ("mechlab: Locust LCT-9Q: no such .mtf file or unit of the "
                             "MegaMek folders (check the path; see: mechlab list --megamek)\n")
    assert list(Path().iterdir()) == []


def test_import_of_a_library_unit_says_it_is_a_design_already(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["import", "CPLT-C1"])
    assert result.exit_code == 2
    assert result.stderr.startswith("mechlab: CPLT-C1: is a library unit, a mechlab design "
                                    "already: nothing to import")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [
    ["sheet", "CPLT-C1", "-o", "notes.txt/x.pdf"],
    ["build", "CPLT-C1", "-q", "-o", "notes.txt/out"],
    ["new", "--tonnage", "50", "-w", "4", "-o", "notes.txt/n.yaml"],
    ["schema", "-o", "notes.txt/s.json"],
    ["card", "CPLT-C1", "--game", "ccg", "-o", "notes.txt/c.pdf"],
    ["export", "CPLT-C1", "-o", "notes.txt/x.mtf"],
    ["import", str(DATA / "megamek" / "Centurion CN9-D5.mtf"), "-o", "notes.txt/c.yaml"],
    ["check", str(EXAMPLES), "--json", "notes.txt/r.json"],
    ["force", str(EXAMPLES / "lance.yaml"), "--to", "mul", "-o", "notes.txt/l.mul"]],
    ids=lambda c: c[0])
def test_a_file_where_a_folder_must_be_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 command: list[str]):
    # docs/files-and-input.md: the user's path and "nothing was written"; the reason said
    # "File exists" (making the folder), which names nothing the user can see.
    monkeypatch.chdir(tmp_path)
    Path("notes.txt").write_text("mine")
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 2
    last = result.stderr.splitlines()[-1]
    assert last.startswith("mechlab: notes.txt/") and last.endswith(
        ": cannot write: notes.txt is a file, not a folder; nothing was written and earlier "
        "files are unchanged"), result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert Path("notes.txt").read_text() == "mine"


@pytest.mark.parametrize("name", ["TAG", "Light TAG", "C3 Computer (Master)"])
def test_tag_prints_no_damage_number(name: str):
    # Total Warfare: TAG designates a target and does no damage (the C3 master computer is
    # one); the sheet printed MegaMek's 0, as a Narc's "2/Msl" before (issue 31).
    data = yaml.safe_load((DATA / "standard" / "timber-wolf-prime.yaml").read_text()
                          if name == "Light TAG" else
                          (DATA / "standard" / "cataphract-ctf-5d.yaml").read_text())
    data["equipment"] = [{"item": name, "location": "left_torso"}]
    (row,) = [r for r in content.inventory(mech_of(data)) if r.type == name]
    assert (row.damage, row.short, row.medium) == ("—", "1-3" if name == "Light TAG" else "1-5",
                                                   "4-6" if name == "Light TAG" else "6-9")


@pytest.mark.parametrize(("command", "suffixes"), [
    (["export", "CPLT-C1", "-o", "atlas.yaml"], ".mtf"),
    (["export", "CPLT-C1", "--to", "mmux", "-o", "atlas.mtf"], ".mmux"),
    (["new", "-t", "50", "-w", "4", "-o", "mine.pdf"], ".yaml or .yml"),
    (["force", str(EXAMPLES / "lance.yaml"), "--to", "mul", "-o", "lance.yaml"], ".mul"),
], ids=["export", "mmux", "new", "mul"])
def test_a_file_mechlab_reads_back_is_named_for_its_format(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            command: list[str], suffixes: str):
    # `export X -o x.yaml` wrote a .mtf under a .yaml name, which no reader then took
    # (and the refusal to write over an input suggested "-o X-out.yaml"); a sheet's or a
    # card's output was refused so already ("the output must end in .pdf or .html").
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 2
    assert result.stderr == f"mechlab: {command[-1]}: the output must end in {suffixes}\n"
    assert list(tmp_path.iterdir()) == []


def test_bv_of_a_batch_with_a_bad_file_prints_the_others(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch):
    # Issue 31: "A batch prints what it can, says what it skipped and why in one line
    # each, and exits with the worst code"; `bv` printed nothing of CPLT-C1 beside it.
    monkeypatch.chdir(tmp_path)
    Path("broken.yaml").write_text("chassis: [\n")
    result = CliRunner().invoke(main, ["bv", "broken.yaml", "CPLT-C1"])
    assert result.exit_code == 2
    assert result.stdout.startswith("Catapult CPLT-C1: BV 1,399,")  # the library's value
    (line,) = result.stderr.splitlines()
    assert line.startswith("mechlab: broken.yaml: ") and "invalid YAML" in line


@pytest.mark.parametrize(("line", "message"), [
    ("Walk MP:x", "line 18: Walk MP: expected a whole number, got 'x'"),
    ("Walk MP:99999999999", "line 18: Walk MP: expected a whole number, got '99999999999'"),
    ("Config:x", "line 6: Config: 'x' is not one of Biped, Quad, Tripod, QuadVee, LAM "
                 "(\"Omnimech\" after it for an OmniMech)"),
], ids=["walk-word", "walk-huge", "config"])
def test_a_header_line_that_cannot_be_read_is_refused_not_dropped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str, message: str):
    # "Never repair input silently": `Walk MP:5` against a 300 engine at 50 t is
    # E-MTF-WALK, but `Walk MP:x` was dropped and the file legal; `Config:x` became the
    # configuration its location blocks suggest. `Jump MP:x` was refused so already.
    monkeypatch.chdir(tmp_path)
    key = line.split(":")[0] + ":"
    text = (DATA / "megamek" / "Centurion CN9-D5.mtf").read_text()
    (old,) = [w for w in text.splitlines() if w.startswith(key)]
    Path("c.mtf").write_text(text.replace(old, line))
    result = CliRunner().invoke(main, ["validate", "c.mtf"])
    assert (result.exit_code, result.stderr) == (2, f"mechlab: c.mtf: {message}\n")


def test_each_html_page_is_labelled_for_what_it_is(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch):
    # A screen reader heard "Record sheet: Catapult CPLT-C1, Atlas AS7-D" for a page of
    # cards and "Record sheet: Davion Recon Lance" for a force's roster.
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["card", "CPLT-C1", "AS7-D", "--game", "ccg", "-o",
                                     "c.html"]).exit_code == 0
    assert CliRunner().invoke(main, ["sheet", str(EXAMPLES / "lance.yaml"), "-o",
                                     "f.html"]).exit_code == 0
    labels = [line.split('aria-label="')[1].split('"')[0]
              for name in ("c.html", "f.html") for line in Path(name).read_text().splitlines()
              if 'aria-label="' in line and "<svg" in line]
    assert labels == ["Unit cards: Catapult CPLT-C1, Atlas AS7-D",
                      "Force roster: Davion Recon Lance",
                      "Record sheet: Catapult CPLT-C1", "Record sheet: Locust LCT-1V",
                      "Record sheet: Hunchback HBK-4G", "Record sheet: Atlas AS7-D"]


@pytest.mark.parametrize("args", [["--max-tons", "nan"], ["--max-tons", "inf"],
                                  ["--max-tons", "-1"], ["--max-slots", "-2"], ["/"],
                                  ["\udcff"]], ids=["nan", "inf", "negative-tons",
                                                    "negative-slots", "punctuation", "bytes"])
def test_items_refuses_a_filter_that_filters_nothing(args: list[str]):
    # `--max-tons nan` and a query of punctuation (or of bytes that are not UTF-8) listed
    # all 688 items with exit 0, as if no filter had been given.
    result = CliRunner().invoke(main, ["items", *args])
    assert result.exit_code == 2
    assert "items (standard ruleset)" not in result.output
    last = result.stderr.strip().splitlines()[-1]  # click's usage error, or one line
    assert f"'{args[0]}'" in last or last.startswith("mechlab: items: no standard item")


def test_check_names_each_unreadable_file_once_and_a_dangling_link_as_such(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # It printed "unreadable: d/x.yaml: d/x.yaml: …", and a link to nowhere was "no such
    # file (check the path, or name a library unit: mechlab list)": in a folder walk
    # there is no name to look up.
    monkeypatch.chdir(tmp_path)
    Path("d").mkdir()
    Path("d/broken.yaml").write_text("chassis: [\n")
    Path("d/link.yaml").symlink_to("nowhere.yaml")
    result = CliRunner().invoke(main, ["check", "d", "--json", "r.json"])
    assert result.exit_code == 2
    lines = [line for line in result.stdout.splitlines() if line.startswith("unreadable:")]
    assert lines[0].startswith("unreadable: d/broken.yaml: line 2, column 1: invalid YAML")
    assert lines[1] == ("unreadable: d/link.yaml: a symbolic link to 'nowhere.yaml', which "
                        "does not exist; mend or remove the link")
    details = [r["detail"] for r in json.loads(Path("r.json").read_text())["results"]]
    assert not any(d.startswith("d/") for d in details)


def test_a_location_the_configuration_lacks_is_one_whole_line(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch):
    # Issue 31's quad whose structure.slots names an arm: the line began "(top level):"
    # and listed every configuration's locations, so the terminal's 300 characters cut
    # off what to do ("config: tripod for left_arm, righ…").
    monkeypatch.chdir(tmp_path)
    barghest = yaml.safe_load((EXAMPLES / "barghest-bgs-1t.yaml").read_text())
    barghest["structure"] = {"type": "endo_steel", "slots": {"left_arm": 2}}
    Path("q.yaml").write_text(yaml.safe_dump(barghest))
    result = CliRunner().invoke(main, ["validate", "q.yaml"])
    assert result.exit_code == 2
    assert result.stderr == (
        "mechlab: q.yaml: a quad has no such location: structure.slots.left_arm (a quad has "
        "head, center_torso, left_torso, right_torso, front_left_leg, front_right_leg, "
        "rear_left_leg, rear_right_leg; config: biped, tripod, lam or lam_bimodal has "
        "left_arm)\n")


def test_new_names_the_option_a_negative_jump_came_from():
    # It said "mechlab: <design>: jumping_mp: must be at least 0, got -1": a field of a
    # file the user never wrote.
    result = CliRunner().invoke(main, ["new", "-t", "50", "-w", "4", "-j", "-1"])
    assert result.exit_code == 2
    assert "'--jump' / '-j': -1 is not in the range x>=0" in result.stderr
    assert "<design>" not in result.stderr


def test_list_megamek_of_a_folder_that_is_not_there_says_so(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch):
    # `--megamek-dir /gone` is refused by click; MECHLAB_MEGAMEK_DIR=/gone listed "0 units".
    monkeypatch.setenv(megamek_dir.ENV, str(tmp_path / "gone"))
    result = CliRunner().invoke(main, ["list", "--megamek"])
    assert result.exit_code == 2
    assert result.stderr == (f"mechlab: MECHLAB_MEGAMEK_DIR: {tmp_path / 'gone'}: no such "
                             "folder; give --megamek-dir DIR before the command, or set "
                             "MECHLAB_MEGAMEK_DIR to a MegaMek data folder\n")


def test_no_such_unit_points_at_the_megamek_folders(monkeypatch: pytest.MonkeyPatch):
    # Issue 31: "no such unit" never mentioned --megamek-dir, and players look there for
    # the units the library lacks.
    monkeypatch.delenv(megamek_dir.ENV, raising=False)
    result = CliRunner().invoke(main, ["validate", "Timber Wolf Prime"])
    assert result.exit_code == 2
    assert result.stderr == ("mechlab: Timber Wolf Prime: no such file or library unit; see: "
                             "mechlab list (units of MegaMek's folders: mechlab --megamek-dir "
                             "DIR COMMAND …)\n")


def test_the_readme_tour_shows_the_megamek_folders():
    tour = (REPO / "README.md").read_text()
    assert "mechlab --megamek-dir " in tour and "list --megamek" in tour


def test_serve_answers_a_lone_surrogate_as_bad_input_never_an_internal_error(tmp_path: Path):
    # The page's JSON may say "\ud800" (a file's YAML too): Open and Save answered 500
    # "mechlab could not do that (UnicodeEncodeError)", as the command line once crashed.
    from test_serve import CATAPULT, Client

    from mechlab.serve.app import App

    client = Client(App(start=None, root=tmp_path))
    status, opened = client.json("POST", "/api/open",
                                 {"text": 'chassis: "Cat\\ud800"\n', "filename": "x.yaml"})
    assert status == 200 and opened["design"]["chassis"] == "Cat\ud800"
    status, judged = client.json("POST", "/api/judge", {"design": opened["design"]})
    assert status == 200 and judged["problems"][0]["path"] == "chassis"
    for body in ({"text": "chassis: Cat\ud800\n", "filename": "x.yaml"},
                 {"unit": "CPLT\udc00"}):
        status, answer = client.json("POST", "/api/open", body)
        assert status == 400 and "lone surrogate" in answer["error"]
    status, answer = client.json("POST", "/api/save", {"design": CATAPULT,
                                                       "path": "evil\ud800.yaml"})
    assert status == 400 and "lone surrogate" in answer["error"]
    assert list(tmp_path.iterdir()) == []


def test_an_output_given_as_a_design_is_named_for_what_it_is(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch):
    # `validate x.pdf` said "byte 10 is not UTF-8; save the file as UTF-8 text", an HTML
    # sheet was "XML … a MegaMek unit list (.mul) is a force", an engine JSON 190 lines of
    # unknown fields.
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["build", "CPLT-C1", "-q"]).exit_code == 0
    assert CliRunner().invoke(main, ["export", "CPLT-C1", "--to", "mmux"]).exit_code == 0
    for name, what in (("Catapult_CPLT-C1.pdf", "a PDF"), ("Catapult_CPLT-C1.html",
                                                           "an HTML page"),
                       ("Catapult_CPLT-C1.json", "mechlab's engine JSON"),
                       ("Catapult_CPLT-C1.mmux", "a ZIP archive (a MakaMek .mmux package?)")):
        result = CliRunner().invoke(main, ["validate", name])
        assert (result.exit_code, result.stderr) == (
            2, f"mechlab: {name}: is {what}, an output, not a design file; give the .yaml "
               "or .mtf it was made from\n")


def test_sheet_says_when_pilot_options_meet_only_force_units(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch):
    # `sheet lance.yaml --pilot Bob` printed each unit with its force's pilot and said
    # nothing of Bob.
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["sheet", str(EXAMPLES / "lance.yaml"), "-o", "l.pdf",
                                       "--pilot", "Bob", "--gunnery", "2"])
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == ("mechlab: warning: --pilot, --gunnery left "
                                             "unused: every unit is a force file's, with the "
                                             "pilot it names")


def test_export_names_the_rule_the_mtf_would_break(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch):
    # A Standard design with 4 t unspent (a warning in YAML) reads back from its .mtf
    # illegal; the refusal said "the design is legal (none)", naming no rule at all.
    monkeypatch.chdir(tmp_path)
    catapult = yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())
    catapult["ruleset"] = "standard"
    catapult["equipment"] = [e for e in catapult["equipment"] if "Laser" not in e["item"]]
    Path("c.yaml").write_text(yaml.safe_dump(catapult))
    result = CliRunner().invoke(main, ["export", "c.yaml"])
    assert result.exit_code == 2
    assert result.stderr == ("mechlab: c.yaml: the design is legal but its .mtf would read "
                             "back illegal (E-TONNAGE-UNDER): a .mtf cannot carry everything "
                             "it says; fix the design first\n")
    assert list(Path().iterdir()) == [Path("c.yaml")]


def test_a_narc_beacon_leaves_a_trading_card_as_it_would_be_without_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # A Narc pod does no damage (the sheet prints "—"; its Alpha Strike values are 0), yet
    # `card --game ccg` left the Raven RVN-4L out: "cannot count Narc yet (its cluster
    # table has racks of 2, 4, …)", a rack of one missile that hits for nothing.
    monkeypatch.chdir(tmp_path)
    raven = yaml.safe_load((EXAMPLES / "raven-rvn-4l.yaml").read_text())
    Path("raven.yaml").write_text(yaml.safe_dump(raven))
    raven["equipment"] = [e for e in raven["equipment"] if "Narc" not in e["item"]
                          or "SRM" in e["item"]]
    Path("bare.yaml").write_text(yaml.safe_dump(raven))
    result = CliRunner().invoke(main, ["card", "raven.yaml", "bare.yaml", "--game", "ccg",
                                       "-o", "c.json"])
    assert (result.exit_code, result.stderr) == (0, "wrote c.json (2 cards)\n")
    with_narc, without = json.loads(Path("c.json").read_text())["cards"]
    same = ("attack", "armor", "structure", "speed", "options")
    assert {k: with_narc[k] for k in same} == {k: without[k] for k in same}


@pytest.mark.parametrize("name", ["Narc", "iNarc", "TAG", "Anti-Missile System"])
def test_items_lists_no_damage_for_what_does_none(name: str):
    # `mechlab items narc` listed MegaMek's "2/missile ×1" where the sheet prints "—".
    result = CliRunner().invoke(main, ["items", name, "--type", "weapons", "--json"])
    rows = [r for r in json.loads(result.stdout) if r["name"] == name]
    assert rows and all(r["damage"] is None for r in rows)


def test_engine_json_gives_no_damage_to_what_does_none():
    # The sheet prints "—" for a Narc beacon, an AMS and TAG (Total Warfare: none does
    # damage); the engine JSON gave MegaMek's 2 for a Narc pod, as if it hit for 2.
    raven = yaml.safe_load((EXAMPLES / "raven-rvn-4l.yaml").read_text())
    raven["equipment"].append({"item": "Anti-Missile System", "location": "center_torso"})
    weapons = json.loads(engine_json(assess_design(design_from_dict(raven))))["weapons"]
    damage = {w["name"]: w["damage"] for w in weapons}
    assert (damage["Narc"], damage["TAG"], damage["Anti-Missile System"]) == (0, 0, 0)
    assert (damage["ER Medium Laser"], damage["SRM 6"]) == (5, 2)


@pytest.mark.parametrize("chassis", ["''", "'   '"])
def test_a_blank_chassis_is_bad_input_naming_the_field(tmp_path: Path, chassis: str):
    # Every sheet, card and roster names the 'Mech by its chassis: `chassis: ''` was
    # judged and printed as "legal (, intro)".
    design = tmp_path / "blank.yaml"
    design.write_text(f"chassis: {chassis}\ntonnage: 50\nwalking_mp: 4\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(design)])
    assert result.exit_code == 2
    assert f"{design}: chassis: blank; name the 'Mech" in result.output
    assert "Traceback" not in result.output


def test_new_refuses_a_blank_chassis_option(tmp_path: Path):
    target = tmp_path / "new.yaml"
    result = CliRunner().invoke(main, ["new", "--chassis", " ", "-t", "50", "-w", "4",
                                       "-o", str(target)])
    assert result.exit_code == 2
    assert "--chassis: blank; name the 'Mech" in result.output
    assert not target.exists()


def test_a_name_written_as_a_number_is_kept_as_written(tmp_path: Path):
    # YAML reads `model: 3.10` as the float 3.1; a name is kept as the file wrote it
    # (docs/files-and-input.md), so the verdict, the files mechlab writes back and the
    # designer's page all say "3.10".
    from mechlab.files.load import parse_design
    from mechlab.files.yaml_in import load_yaml
    from mechlab.files.yaml_out import dump_design
    from mechlab.serve.designs import open_text

    text = "chassis: 1.50\nmodel: 3.10\ntonnage: 50\nwalking_mp: 4\n"
    design = tmp_path / "numbers.yaml"
    design.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(design)])
    assert "(1.50 3.10, intro)" in result.output
    assert parse_design(text).name == "1.50 3.10"
    assert "model: 3.10\n" in dump_design(load_yaml(text))
    assert open_text("numbers.yaml", text)["model"] == "3.10"
    # A number where a number goes is still that number.
    assert parse_design(text.replace("tonnage: 50", "tonnage: 50.0")).tonnage == 50


@pytest.mark.parametrize(("ruleset", "config", "told"), [
    # A tripod is an Advanced (level 3) configuration (CONFIGURATIONS.md): Introductory
    # said "use ruleset: standard", and Standard "(unsupported: mechlab judges rules
    # levels 1–2)", both from before the Advanced rules arrived.
    ("intro", "tripod", "config: tripod is not in the intro rules; use ruleset: advanced"),
    ("standard", "tripod", "needs the Advanced rules (level 3): Tripod configuration "
                           "(use ruleset: advanced)"),
    # An XL engine is Standard's (STANDARD_RULES.md §3.1).
    ("intro", "biped\nengine: xl", "engine: xl is not in the intro rules; use ruleset: "
                                   "standard"),
])
def test_a_choice_beyond_the_ruleset_names_the_least_ruleset_that_has_it(
        tmp_path: Path, ruleset: str, config: str, told: str):
    design = tmp_path / "beyond.yaml"
    design.write_text(f"chassis: Beyond\ntonnage: 50\nwalking_mp: 4\nruleset: {ruleset}\n"
                      f"config: {config}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(design)])
    assert result.exit_code == 2
    assert told in result.output


@pytest.mark.skipif(not ALL.is_dir(), reason=NO_ALL)
def test_a_file_above_the_ladder_names_its_top():
    # MegaMek's level 5 is unofficial; mechlab's ladder stops at Experimental (level 4).
    # The Uni ATAE-70 (a level-5 artillery 'Mech the reader cannot take apart) said "the
    # standard ruleset stops at level 2 (Standard)".
    target = ALL / "XTRs" / "Caveat Emptor" / "Uni ATAE-70 ArtilleryMech.mtf"
    result = CliRunner().invoke(main, ["validate", str(target)])
    assert result.exit_code == 2
    assert ("R-RULES-LEVEL the file declares rules level 5 (Unofficial); mechlab's rulesets "
            "stop at level 4 (Experimental)") in result.output


def test_a_line_too_long_for_the_terminal_keeps_its_reason(tmp_path: Path):
    # A 300-letter output folder: the line was cut after the path, before the reason
    # (audit29's finding); it keeps its end now, and stays within the 300 characters.
    target = tmp_path / ("a" * 250) / ("b" * 300)
    result = CliRunner().invoke(main, ["build", str(EXAMPLES / "catapult.yaml"), "-q", "-o",
                                       str(target)])
    assert result.exit_code == 2
    line = result.output.strip().splitlines()[-1]
    assert len(line) <= 300
    assert line.startswith("mechlab: ") and "…" in line
    assert "File name too long" in line.partition("…")[2]
