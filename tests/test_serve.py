"""`mechlab serve` through its WSGI app: every route, bad requests, bounds, escaping, the
output policy on save. The browser flows are in test_serve_browser.py."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from mechlab.serve.app import MAX_BODY, App

ROOT = Path(__file__).resolve().parents[1]
CATAPULT = yaml.safe_load((ROOT / "units" / "heavy-catapult-cplt-c1.yaml").read_text())


class Client:
    """Calls the WSGI app as a server would, with the page's token."""

    def __init__(self, app: App) -> None:
        self.app = app

    def request(self, method: str, path: str, body: object = None, token: bool = True,
                raw: bytes | None = None, host: str = "127.0.0.1:8029",
                length: int | None = None) -> tuple[int, dict[str, str], bytes]:
        data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode())
        path, _, query = path.partition("?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query,
            "CONTENT_LENGTH": str(len(data) if length is None else length),
            "wsgi.input": io.BytesIO(data), "HTTP_HOST": host}
        if token:
            environ["HTTP_X_MECHLAB_TOKEN"] = self.app.token
        answer: dict[str, Any] = {}

        def start_response(status: str, headers: list[tuple[str, str]]) -> None:
            answer["status"], answer["headers"] = int(status.split()[0]), dict(headers)

        content = b"".join(self.app(environ, start_response))
        return answer["status"], answer["headers"], content

    def json(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        status, _, content = self.request(method, path, body)
        return status, json.loads(content)


@pytest.fixture
def client(tmp_path: Path) -> Client:
    return Client(App(start=None, root=tmp_path,
                      hosts=frozenset({"127.0.0.1:8029", "localhost:8029"})))


def test_page_script_style_and_font_are_served_from_the_package(client: Client) -> None:
    status, headers, page = client.request("GET", "/")
    assert status == 200 and b'data-verdict="illegal"' in page
    assert client.app.token.encode() in page
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    for path, kind in (("/static/app.js", "javascript"), ("/static/app.css", "css"),
                       ("/font/regular", "font"), ("/font/bold", "font")):
        status, headers, content = client.request("GET", path)
        assert status == 200 and kind in headers["Content-Type"] and content


def test_no_asset_names_another_host() -> None:
    # Nothing leaves the machine: no URL in the page, script or style names a host.
    for name in ("index.html", "app.js", "app.css"):
        text = (ROOT / "mechlab" / "serve" / "static" / name).read_text()
        assert "http://" not in text and "https://" not in text and "//cdn" not in text


def test_start_offers_rulesets_styles_papers_and_a_first_design(client: Client) -> None:
    status, start = client.json("GET", "/api/start")
    assert status == 200
    assert {"intro", "standard"} <= set(start["rulesets"])
    assert "standard" in start["styles"] and "a4" in start["papers"]
    assert "endo_steel" in start["choices"]["standard"]["structure.type"]
    assert start["design"]["ruleset"] == "standard"


def test_judge_the_catapult_legal_with_its_published_values(client: Client) -> None:
    status, answer = client.json("POST", "/api/judge", {"design": CATAPULT})
    assert status == 200 and answer["verdict"] == "legal"
    stats = answer["stats"]
    # Catapult CPLT-C1: BV 1,399 (MUL), 65 t, walking 4 / running 6 / jumping 4.
    assert stats["bv"] == 1399 and stats["tons_left"] == 0
    assert (stats["walking_mp"], stats["running_mp"], stats["jumping_mp"]) == (4, 6, 4)
    assert answer["sheet"].startswith('<svg class="sheet"')
    assert answer["card"].startswith('<svg class="card"')


def test_judge_reports_each_finding_with_its_field_and_fix(client: Client) -> None:
    design = {**CATAPULT, "armor": {**CATAPULT["armor"], "head": 12}}
    _, answer = client.json("POST", "/api/judge", {"design": design})
    assert answer["verdict"] == "illegal"
    head = next(f for f in answer["findings"] if f["code"] == "E-ARMOR-HEAD")
    assert head["field"] == "armor.head" and head["expected"] == "≤ 9"
    assert head["actual"] == "12" and head["fix"] == "remove 3 points from head"


def test_judge_a_value_the_schema_refuses_names_its_field(client: Client) -> None:
    design = {**CATAPULT, "armor": {**CATAPULT["armor"], "head": -1}}
    status, answer = client.json("POST", "/api/judge", {"design": design})
    assert status == 200 and not answer["ok"]
    assert answer["problems"][0]["path"] == "armor.head"
    bad_item = {**CATAPULT, "equipment": [{"item": "Phaser", "location": "head"}]}
    _, answer = client.json("POST", "/api/judge", {"design": bad_item})
    assert answer["problems"][0]["path"] == "equipment.0.item"


@pytest.mark.parametrize("style", ["standard", "quickstart", "battledroids"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_judge_draws_each_style_and_paper(client: Client, style: str, paper: str) -> None:
    _, answer = client.json("POST", "/api/judge", {"design": CATAPULT, "style": style,
                                                    "paper": paper})
    width = {"letter": 'width="612pt"', "a4": 'width="595.28pt"'}[paper]
    assert width in answer["sheet"]


def test_script_in_a_name_is_escaped_in_every_answer(client: Client) -> None:
    design = {**CATAPULT, "chassis": "<script>alert(1)</script>", "model": "\"'&"}
    status, _, content = client.request("POST", "/api/judge", {"design": design})
    assert status == 200 and b"<script" not in content
    answer = json.loads(content)
    assert "&lt;script&gt;" in answer["sheet"] and "<script" not in answer["sheet"]
    assert answer["name"].startswith("<script>")  # the data itself is kept, as JSON
    status, _, content = client.request("POST", "/api/open", {"unit": "<script>x</script>"})
    assert status == 400 and b"<script" not in content


def test_catalogue_filters_by_name_tech_and_year(client: Client) -> None:
    _, rows = client.json("GET", "/api/catalogue?ruleset=standard&tech=clan&q=gauss")
    assert rows and all("Gauss" in r["name"] for r in rows)
    assert {r["tech_base"] for r in rows} <= {"Clan", "both"}
    _, early = client.json("GET", "/api/catalogue?ruleset=standard&q=gauss&year=2500")
    assert not [r for r in early if r["name"] == "Gauss Rifle"]  # introduced 2587 (TechManual)
    _, rows = client.json("GET", "/api/catalogue?ruleset=intro&q=medium+laser")
    laser = next(r for r in rows if r["name"] == "Medium Laser")
    assert (laser["tons"], laser["slots"], laser["heat"], laser["damage"]) == (1, 1, 3, "5")


def test_a_search_lists_the_item_named_exactly_first(client: Client) -> None:
    # A new user typing "medium laser" met the ER, pulse, VSP and X-pulse lasers first
    # and the Medium Laser itself last; "lrm 10 ammo" gave the Extended LRM's ammo first.
    for query, first in [("medium laser", "Medium Laser"), ("lrm 10", "LRM 10"),
                         ("lrm 10 ammo", "LRM 10 Ammo"), ("ppc", "PPC")]:
        _, rows = client.json("GET", f"/api/catalogue?ruleset=standard&tech=is&q={query}")
        assert rows[0]["name"] == first, (query, [r["name"] for r in rows[:4]])
    _, rows = client.json("GET", "/api/catalogue?ruleset=standard&tech=is&q=lrm")
    names = [r["name"] for r in rows]
    begins = [n.lower().startswith("lrm") for n in names]
    assert begins == sorted(begins, reverse=True)  # every "LRM …" before "Extended LRM …"


def test_library_lists_units_by_name(client: Client) -> None:
    _, units = client.json("GET", "/api/library?q=catapult")
    assert any(u["name"] == "Catapult CPLT-C1" for u in units)


def test_new_and_open_give_design_mappings(client: Client) -> None:
    _, answer = client.json("POST", "/api/new", {"ruleset": "standard", "tonnage": 55,
                                                 "walking_mp": 5})
    assert answer["design"]["tonnage"] == 55 and answer["design"]["equipment"] == []
    status, answer = client.json("POST", "/api/new", {"tonnage": 57, "walking_mp": 5})
    assert status == 400 and "tonnage 57" in answer["error"]
    _, answer = client.json("POST", "/api/open", {"unit": "CPLT-C1"})
    assert answer["design"]["model"] == "CPLT-C1"
    mtf = (ROOT / "examples" / "Atlas AS7-D.mtf").read_text()
    _, answer = client.json("POST", "/api/open", {"filename": "Atlas AS7-D.mtf", "text": mtf})
    assert answer["design"]["chassis"] == "Atlas"
    text = (ROOT / "examples" / "catapult.yaml").read_text()
    _, answer = client.json("POST", "/api/open", {"filename": "c.yaml", "text": text})
    assert answer["design"]["chassis"] == "Catapult"
    status, answer = client.json("POST", "/api/open", {"filename": "c.yaml", "text": "[1, 2"})
    assert status == 400 and "YAML" in answer["error"]


@pytest.mark.parametrize("op,args", [
    ("auto_armor", {}), ("auto_armor", {"tons": "10"}), ("auto_armor", {"tons": "remaining"}),
    ("compact", {}), ("sort", {}),
    ("fill", {}), ("add", {"item": "Small Laser", "location": "head"}),
    ("place", {"entry": 0, "location": "left_arm", "slot": 7}),
    ("move", {"entry": 0, "location": "right_torso"}), ("unplace", {"entry": 0}),
    ("remove", {"entry": 0}), ("split", {"entry": 0, "location": "left_torso", "slots": 1}),
])
def test_every_edit_returns_a_design_the_judge_reads(client: Client, op: str,
                                                     args: dict[str, Any]) -> None:
    status, answer = client.json("POST", "/api/edit", {"design": CATAPULT, "op": op,
                                                       "args": args})
    assert status == 200, answer
    status, judged = client.json("POST", "/api/judge", {"design": answer["design"]})
    assert status == 200 and judged["ok"]


def test_fix_edit_applies_the_findings_fix(client: Client) -> None:
    design = {**CATAPULT, "armor": {**CATAPULT["armor"], "head": 12, "tons": 11}}
    _, answer = client.json("POST", "/api/edit", {"design": design, "op": "fix",
                                                  "args": {"code": "E-ARMOR-HEAD",
                                                           "path": "armor.head"}})
    assert answer["design"]["armor"]["head"] == 9


def test_bad_edits_are_one_line_400s(client: Client) -> None:
    for body in ({"design": CATAPULT, "op": "explode"},
                 {"design": CATAPULT, "op": "place", "args": {"entry": 99, "location": "head"}},
                 {"design": CATAPULT, "op": "place", "args": {"entry": 0, "location": "tail"}},
                 {"design": "not a mapping", "op": "sort"}):
        status, answer = client.json("POST", "/api/edit", body)
        assert status == 400 and "\n" not in answer["error"] and "Traceback" not in answer["error"]


@pytest.mark.parametrize("kind,start", [("yaml", b"chassis: Catapult"), ("mtf", b"Version:1.0"),
                                        ("json", b"{"), ("pdf", b"%PDF"), ("card", b"%PDF")])
def test_downloads(client: Client, kind: str, start: bytes) -> None:
    status, headers, content = client.request("POST", f"/api/download/{kind}",
                                              {"design": CATAPULT, "paper": "a4"})
    assert status == 200 and content.startswith(start)
    assert headers["Content-Disposition"].startswith("attachment; filename=")
    if kind == "json":
        assert json.loads(content)["model"] == "CPLT-C1"


def test_save_follows_the_output_policy(client: Client, tmp_path: Path) -> None:
    status, answer = client.json("POST", "/api/save", {"design": CATAPULT, "path": "c.yaml"})
    assert status == 200 and (tmp_path / "c.yaml").exists()
    assert yaml.safe_load((tmp_path / "c.yaml").read_text())["model"] == "CPLT-C1"
    # A design file this server did not save (or that changed since) is replaced only
    # when asked, in the page's words (no --force, no -o).
    (tmp_path / "c.yaml").write_text((tmp_path / "c.yaml").read_text() + "# my note\n")
    status, answer = client.json("POST", "/api/save", {"design": CATAPULT, "path": "c.yaml"})
    assert status == 400 and "tick replace" in answer["error"]
    assert "--force" not in answer["error"] and "-o " not in answer["error"]
    assert (tmp_path / "c.yaml").read_text().endswith("# my note\n")
    status, _ = client.json("POST", "/api/save", {"design": CATAPULT, "path": "c.yaml",
                                                  "replace": True})
    assert status == 200
    (tmp_path / "notes.txt").write_text("mine")
    status, answer = client.json("POST", "/api/save", {"design": CATAPULT,
                                                       "path": "notes.txt"})
    assert status == 400 and (tmp_path / "notes.txt").read_text() == "mine"
    status, _ = client.json("POST", "/api/save", {"design": {"chassis": 1}, "path": "d.yaml"})
    assert status == 400 and not (tmp_path / "d.yaml").exists()


def test_save_edit_save_replaces_the_file_this_server_saved(client: Client,
                                                            tmp_path: Path) -> None:
    # A new user saved, changed the armor and saved again, and was told the file "already
    # exists; use tick replace to replace it, or -o to write elsewhere".
    assert client.json("POST", "/api/save", {"design": CATAPULT, "path": "c.yaml"})[0] == 200
    changed = {**CATAPULT, "model": "CPLT-C1b"}
    status, answer = client.json("POST", "/api/save", {"design": changed, "path": "./c.yaml"})
    assert status == 200 and answer["saved"] == str(tmp_path / "c.yaml")
    assert yaml.safe_load((tmp_path / "c.yaml").read_text())["model"] == "CPLT-C1b"
    status, answer = client.json("POST", "/api/save", {"design": CATAPULT,
                                                       "path": "sub/../d.yaml"})
    assert answer["saved"] == str(tmp_path / "d.yaml")  # the folder it names, said plainly


def test_judge_names_the_file_save_suggests(client: Client) -> None:
    _, answer = client.json("POST", "/api/judge", {"design": CATAPULT})
    assert answer["file"] == "catapult-cplt-c1.yaml"  # as the downloads name it


def test_a_weapon_without_ammunition_gets_a_one_click_fix(client: Client) -> None:
    # A new user added an LRM 10 and was told, in YAML, to "add {item: Ammo (LRM 10),
    # location: ...}"; the fix adds the lot beside the launcher.
    design = {**CATAPULT, "equipment": [e for e in CATAPULT["equipment"]
                                        if "Ammo" not in e["item"]]}
    _, answer = client.json("POST", "/api/judge", {"design": design})
    missing = next(f for f in answer["findings"] if f["code"] == "E-AMMO-MISSING")
    assert missing["fix"] == "add Ammo (LRM 15)"
    _, edited = client.json("POST", "/api/edit", {"design": design, "op": "fix", "args": {
        "code": missing["code"], "path": missing["path"]}})
    launcher = design["equipment"][int(missing["field"].split(".")[1])]
    assert edited["design"]["equipment"][-1] == {"item": "Ammo (LRM 15)",
                                                 "location": launcher["location"]}
    _, answer = client.json("POST", "/api/judge", {"design": edited["design"]})
    assert "E-AMMO-MISSING" not in {f["code"] for f in answer["findings"]}


def test_the_slot_grid_words_components_as_the_sheet_does(client: Client) -> None:
    timber_wolf = yaml.safe_load((ROOT / "examples" / "timber-wolf-prime.yaml").read_text())
    _, answer = client.json("POST", "/api/judge", {"design": timber_wolf})
    center = [s["name"] for s in answer["slots"]["locations"]["center_torso"]]
    assert center[:3] == ["XL Fusion Engine"] * 3
    assert "XL Fusion Engine" in answer["sheet"]


def test_an_unknown_unit_is_answered_in_the_pages_words(client: Client) -> None:
    status, answer = client.json("POST", "/api/open", {"unit": "Atlass"})
    assert status == 400 and "Atlas AS7-D" in answer["error"]  # did you mean …
    assert "mechlab list" not in answer["error"]  # a command the page has no use for
    assert "pick one from the list" in answer["error"]


def test_bad_requests_are_refused_plainly(client: Client) -> None:
    assert client.request("POST", "/api/judge", {"design": CATAPULT}, token=False)[0] == 403
    assert client.request("GET", "/", host="evil.example:8029")[0] == 403
    assert client.request("GET", "/nowhere")[0] == 404
    assert client.request("POST", "/api/nowhere", {})[0] == 404
    assert client.request("PUT", "/api/judge", {})[0] == 405
    assert client.request("POST", "/api/judge", raw=b"{not json")[0] == 400
    assert client.request("POST", "/api/judge", raw=b"[1, 2]")[0] == 400
    assert client.request("POST", "/api/judge", raw=b"\xff\xfe")[0] == 400
    assert client.request("POST", "/api/judge", raw=b"[" * 100_000)[0] == 400
    status, _, content = client.request("POST", "/api/judge", raw=b"{}",
                                        length=MAX_BODY + 1)
    assert status == 413 and b"a design is a few KB" in content
    assert client.request("POST", "/api/judge", {"design": CATAPULT, "style": "x"})[0] == 400
    assert client.request("GET", "/api/catalogue?year=abc")[0] == 400


def test_an_unexpected_failure_is_a_500_without_a_traceback(
        client: Client, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mechlab.serve import api

    def broken(body: dict[str, Any]) -> object:
        raise RuntimeError("boom")

    monkeypatch.setitem(api.POSTS, "/api/judge", broken)
    status, _, content = client.request("POST", "/api/judge", {"design": CATAPULT})
    assert status == 500 and b"Traceback" not in content and b"boom" not in content
    assert "boom" in capsys.readouterr().err


def test_yaml_download_writes_the_shorthands_players_write(client: Client) -> None:
    design = {**CATAPULT, "heat_sinks": {"count": 15}, "engine": {"type": "standard"}}
    _, _, content = client.request("POST", "/api/download/yaml", {"design": design})
    data = yaml.safe_load(content)
    assert data["heat_sinks"] == 15 and data["engine"] == "standard"


def test_the_command_prints_its_address_serves_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import urllib.request

    process = subprocess.Popen([sys.executable, "-m", "mechlab", "serve", "CPLT-C1",
                                "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, cwd=tmp_path,
                               # A shell's background job (a test run started with `&`)
                               # ignores Ctrl-C, and the server would inherit that: give it
                               # the default a user's terminal gives.
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("mechlab serve: open http://127.0.0.1:")
        address = line.split()[3]
        with urllib.request.urlopen(address + "api/start", timeout=30) as answer:
            assert json.loads(answer.read())["design"]["model"] == "CPLT-C1"
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0 and "stopped" in out and "Traceback" not in err


def test_the_command_refuses_what_it_cannot_open() -> None:
    from click.testing import CliRunner

    from mechlab.cli import main

    result = CliRunner().invoke(main, ["serve", "NO-SUCH-UNIT-9"])
    assert result.exit_code == 2 and "no such file or library unit" in result.output


def test_a_port_in_use_is_one_line_and_exit_2() -> None:
    import socket

    from click.testing import CliRunner

    from mechlab.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port)])
    assert result.exit_code == 2 and "try --port 0" in result.output


def test_auto_armor_with_the_tons_left_spends_them(client: Client) -> None:
    _, new = client.json("POST", "/api/new", {"ruleset": "intro", "tonnage": 50,
                                              "walking_mp": 4})
    design = {**new["design"], "equipment": [{"item": "AC/20", "location": "right_torso"},
                                             {"item": "Ammo (AC/20)", "location": "right_torso"},
                                             {"item": "Large Laser", "location": "left_torso"},
                                             {"item": "Medium Laser", "location": "left_arm"}]}
    _, armored = client.json("POST", "/api/edit", {"design": design, "op": "auto_armor",
                                                   "args": {"tons": "remaining"}})
    _, judged = client.json("POST", "/api/judge", {"design": armored["design"]})
    # 50 t − 18.5 t chassis − 21 t of weapons and ammunition: 10.5 t, 168 points.
    assert judged["stats"]["armor_points"] == 168 and judged["stats"]["tons_left"] == 0
