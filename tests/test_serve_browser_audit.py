"""`mechlab serve` in Debian's Chromium, for what the acceptance audit of issue 29 found
in the page's own script: a tripod's and a QuadVee's locations on the form. Skipped,
saying why, where Chromium or Playwright is absent (as tests/test_serve_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serve_browser import chromium, live_server, why_no_browser
from test_serve_browser import Page

from mechlab.serve.designs import open_text

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(why_no_browser() is not None,
                                 reason=f"browser tests: {why_no_browser()}")]

DATA = Path(__file__).parent / "data" / "megamek-configurations"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as browser:
        yield browser


@pytest.mark.parametrize("name", ["Triskelion TRK-4V.mtf", "Boreas A.mtf"])
def test_the_form_shows_every_location_of_a_tripod_and_a_quadvee(
        browser: Any, tmp_path: Path, name: str) -> None:
    # The page knew only bipeds and quads: a QuadVee's legs were armor rows "Left Arm 0",
    # a tripod had no center-leg row, and their entries' location lists lacked them.
    design = open_text(name, (DATA / name).read_text("utf-8"))
    with live_server(design, tmp_path) as address:
        ui = Page(browser, address)
        page = ui.page
        for location, points in design["armor"].items():
            if isinstance(points, int):
                assert page.input_value(f'[name="armor.{location}"]') == str(points)
        for n, entry in enumerate(design["equipment"]):
            assert page.input_value(f'[name="equipment.{n}.location"]') == entry["location"]
        assert page.input_value('[name="config"]') == design["config"]
        assert not ui.errors
        ui.close()
