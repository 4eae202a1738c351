"""Shared by the browser tests and the screenshot script: a live `mechlab serve` on a free
port of 127.0.0.1 and a headless Chromium (Debian's, driven by Playwright)."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from mechlab.serve.app import App
from mechlab.serve.server import serve

CHROMIUM = "/usr/bin/chromium"


def why_no_browser() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright)"
    if shutil.which(CHROMIUM) is None:
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@contextmanager
def live_server(start: dict[str, Any] | None = None, root: Any = None) -> Iterator[str]:
    """The designer served on 127.0.0.1, any free port; yields its address."""
    app = App(start=start) if root is None else App(start=start, root=root)
    server, address = serve(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield address
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            yield browser
        finally:
            browser.close()
