"""`mechlab serve` as a new user met it after the configurations and Advanced rules
arrived (an acceptance audit of issue 29): what the page is told about tripods and
QuadVees, the catalogue's heat sinks, the one-click ammunition fix, and the page's own
argument checks, through the WSGI app."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_serve import Client

from mechlab.serve.app import App

DATA = Path(__file__).parent / "data" / "megamek-configurations"


@pytest.fixture
def client(tmp_path: Path) -> Client:
    return Client(App(start=None, root=tmp_path,
                      hosts=frozenset({"127.0.0.1:8029", "localhost:8029"})))


def _open(client: Client, name: str) -> dict[str, object]:
    text = (DATA / name).read_text("utf-8")
    status, answer = client.json("POST", "/api/open", {"filename": name, "text": text})
    assert status == 200, answer
    design: dict[str, object] = answer["design"]
    return design


@pytest.mark.parametrize("name", ["Triskelion TRK-4V.mtf", "Ares ARS-V1 Hades.mtf",
                                  "Boreas A.mtf", "Notos Prime.mtf"])
def test_start_lists_the_locations_of_every_configuration_a_file_may_name(
        client: Client, name: str) -> None:
    # A MegaMek tripod armors and fills its center leg, a QuadVee its four legs: the page
    # draws its armor rows and location choices from what /api/start lists (it knew only
    # bipeds and quads, and showed a QuadVee's legs as arms without armor).
    design = _open(client, name)
    _, start = client.json("GET", "/api/start")
    listed = {p["location"] for p in start["configurations"][design["config"]]}
    armor = design["armor"]
    assert isinstance(armor, dict)
    named = {key for key in armor if key not in ("type", "tech", "slots")}
    equipment = design["equipment"]
    assert isinstance(equipment, list)
    named |= {entry["location"] for entry in equipment}
    assert named <= listed
    rear = {p["location"] for p in start["configurations"][design["config"]] if p["rear"]}
    assert rear == {key for key, value in armor.items() if isinstance(value, dict)
                    and "front" in value}
