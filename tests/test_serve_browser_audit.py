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


@pytest.fixture
def catapult(tmp_path: Path) -> Iterator[str]:
    from mechlab.serve.designs import open_unit

    with live_server(open_unit("CPLT-C1"), tmp_path) as address:
        yield address


@pytest.mark.parametrize("width", [1024, 1280])
def test_no_field_lies_under_the_findings_and_the_sheet(browser: Any, catapult: str,
                                                        width: int) -> None:
    # At 1024 px the chassis fields, the entries' × buttons and the catalogue's Add
    # buttons ran under the findings and the sheet (an input's own width, a fieldset's
    # min-content): the findings' text lay over the Configuration and Structure lists.
    ui = Page(browser, catapult)
    page = ui.page
    page.set_viewport_size({"width": width, "height": 800})
    hidden = page.evaluate("""() => {
        const results = document.querySelector('.results').getBoundingClientRect();
        return [...document.querySelectorAll('.editor input, .editor select, .editor button')]
          .filter((e) => { const b = e.getBoundingClientRect();
                           return b.width > 0 && b.right > results.left + 1; })
          .map((e) => e.name || e.textContent || e.id); }""")
    assert hidden == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    ui.close()


def test_open_file_sends_the_files_bytes(browser: Any, catapult: str, tmp_path: Path) -> None:
    # The page read the file with file.text(): a Windows-1252 .mtf lost its "ö" to U+FFFD
    # and a Latin-1 YAML file opened where `mechlab validate` refuses it.
    ui = Page(browser, catapult)
    page = ui.page
    mtf = (DATA / "Triskelion TRK-4V.mtf").read_text("utf-8").replace(
        "\nTriskelion\n", "\nTriskeliön\n", 1)
    (tmp_path / "t.mtf").write_bytes(mtf.encode("cp1252"))
    page.set_input_files("#open-file", str(tmp_path / "t.mtf"))
    page.wait_for_function("() => document.querySelector('#message').textContent"
                           ".startsWith('opened')")
    assert page.input_value('[name="chassis"]') == "Triskeliön"
    (tmp_path / "c.yaml").write_bytes("chassis: Catapült\ntonnage: 65\n".encode("latin-1"))
    page.set_input_files("#open-file", str(tmp_path / "c.yaml"))
    page.wait_for_selector("#message.error")
    assert "is not UTF-8" in page.text_content("#message")
    assert page.input_value('[name="chassis"]') == "Triskeliön"  # the design is kept
    ui.close()


def test_the_status_bar_is_greyed_while_the_input_is_bad(browser: Any, catapult: str) -> None:
    # Head armor -5: ILLEGAL beside "tons left 0 … BV 1,399", the numbers of the design
    # before, read as this one's. They are greyed out and said to be the last good ones.
    ui = Page(browser, catapult)
    page = ui.page
    page.fill('[name="armor.head"]', "-5")
    page.wait_for_selector('[name="armor.head"].bad')
    assert "stale" in (page.get_attribute("#status", "class") or "")
    assert "last design" in (page.get_attribute("#status", "title") or "")
    page.fill('[name="armor.head"]', "9")
    ui.verdict("legal")
    page.wait_for_selector("#status:not(.stale)")
    ui.close()


def test_a_configuration_the_entries_do_not_fit_marks_their_fields(browser: Any,
                                                                   catapult: str) -> None:
    # The Catapult switched to a quad: one problem of the whole design, "a quad has no
    # such location: equipment[0].location: left_arm; …", and no field marked (its
    # path is the design's). Each entry it names is marked now.
    ui = Page(browser, catapult)
    page = ui.page
    page.select_option('[name="config"]', "quad")
    page.wait_for_selector('[name="equipment.0.location"].bad')
    assert "no such location" in (page.get_attribute('[name="equipment.0.location"]',
                                                     "title") or "")
    assert page.locator('[name="equipment.2.location"].bad').count() == 0  # left torso
    ui.close()
