"""The pictures of `mechlab serve` in docs/ (docs/serve.md), taken in headless Chromium:

    python tests/serve_screenshots.py

docs/serve-sheet-<style>.png are also the references tests/test_serve_browser.py
compares each sheet style's preview with (by pixel threshold); retake them when a
sheet's look changes on purpose, and look at them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serve_browser import chromium, live_server

from mechlab.serve.designs import open_text, open_unit

DOCS = Path(__file__).resolve().parents[1] / "docs"
STYLES = ("standard", "quickstart", "battledroids")
VIEWPORT = {"width": 1400, "height": 1000}


def open_page(browser: Any, address: str) -> Any:
    page = browser.new_page(viewport=VIEWPORT)
    page.goto(address)
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector("svg.sheet")
    page.evaluate("document.fonts.ready.then(() => true)")
    # The status bar sticks to the top of the window: out of the way of element pictures.
    page.evaluate("document.querySelector('#status').style.position = 'static'")
    return page


def sheet_picture(page: Any, style: str) -> bytes:
    """The sheet preview in `style`, as a PNG."""
    page.select_option("#style", style)
    sheet = page.locator(f'#sheet[data-style="{style}"] svg.sheet')
    sheet.wait_for()
    page.evaluate("document.fonts.ready.then(() => true)")
    shot: bytes = sheet.screenshot()
    return shot


def main() -> None:
    with live_server(open_unit("CPLT-C1")) as address, chromium() as browser:
        page = open_page(browser, address)
        page.screenshot(path=str(DOCS / "serve-designer.png"))
        page.fill('[name="armor.head"]', "12")
        page.wait_for_selector('#verdict[data-verdict="illegal"]')
        page.locator("#status").screenshot(path=str(DOCS / "serve-status-illegal.png"))
        page.locator(".results #findings").screenshot(path=str(DOCS / "serve-findings.png"))
        page.fill('[name="armor.head"]', "9")
        page.wait_for_selector('#verdict[data-verdict="legal"]')
        page.locator("#crits").screenshot(path=str(DOCS / "serve-critical-slots.png"))
        page.fill("#cat-q", "laser")
        page.wait_for_load_state("networkidle")
        page.locator("#equipment").screenshot(path=str(DOCS / "serve-equipment.png"))
        page.locator("#card svg.card").screenshot(path=str(DOCS / "serve-card.png"))
        page.fill('[name="armor.head"]', "-1")
        page.wait_for_selector('[name="armor.head"].bad')
        page.locator("#armor").screenshot(path=str(DOCS / "serve-bad-input.png"))
        page.locator(".results #findings").screenshot(
            path=str(DOCS / "serve-bad-input-finding.png"))
        page.fill('[name="armor.head"]', "9")
        page.wait_for_selector('#verdict[data-verdict="legal"]')
        for style in STYLES:
            (DOCS / f"serve-sheet-{style}.png").write_bytes(sheet_picture(page, style))
    quadvee = Path(__file__).parent / "data" / "megamek-configurations" / "Boreas A.mtf"
    with live_server(open_text(quadvee.name, quadvee.read_text("utf-8"))) as address, \
            chromium() as browser:
        page = open_page(browser, address)
        page.locator("#armor").screenshot(path=str(DOCS / "serve-quadvee-armor.png"))
    print("wrote docs/serve-*.png; look at them")


if __name__ == "__main__":
    main()
