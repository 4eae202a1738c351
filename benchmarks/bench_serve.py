"""`mechlab serve`: one edit's round trip, a 100 t Standard design judged and redrawn.

    python benchmarks/bench_serve.py [--repeats N]

An edit posts the whole design to /api/judge; the answer carries the verdict, every
finding, the status bar, the critical slots, the record sheet's SVG and the Alpha
Strike card's. This times that request through the WSGI app (JSON in, JSON out: what
the server does for one keystroke, without the socket), and its stages apart, for the
Atlas AS7-K (100 t, Standard: XL engine, Gauss rifle) with its head armor changed on
each repeat, so no cache of the previous design answers. The target (issue 29) is
≤ 50 ms a round trip on a 2-core machine.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _design(n: int) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "examples" / "atlas-as7-k.yaml").read_text())
    data["armor"]["head"] = 1 + n % 9  # another design each time
    return data


def _request(app: Any, body: bytes) -> bytes:
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/api/judge", "QUERY_STRING": "",
               "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body),
               "HTTP_X_MECHLAB_TOKEN": app.token}
    return b"".join(app(environ, lambda status, headers: None))


def _time(run: Callable[[int], object], repeats: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each repeat (CPU: this process's, which a busy
    machine's other processes do not inflate as much)."""
    wall, cpu = [], []
    for n in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        run(n)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=50)
    repeats = parser.parse_args().repeats

    from mechlab.assess import assess_design
    from mechlab.files.design_data import design_from_dict
    from mechlab.serve.app import App
    from mechlab.serve.judge import View, card_svg, judge, sheet_svg, stats

    app = App()
    _request(app, json.dumps({"design": _design(0)}).encode())  # imports and caches warm

    def stage(what: str) -> Callable[[int], object]:
        def run(n: int) -> object:
            assessed = assess_design(design_from_dict(_design(n)))
            if what == "values":
                return assessed.values
            if what == "sheet":
                return sheet_svg(assessed, View())
            if what == "card":
                return card_svg(assessed)
            return stats(assessed) if what == "stats" else assessed.legal
        return run

    rows = {
        "round trip (POST /api/judge)": lambda n: _request(
            app, json.dumps({"design": _design(n)}).encode()),
        "judge() without HTTP and JSON": lambda n: judge(_design(n), View()),
        "  read + resolve + verdict": stage("verdict"),
        "  … + BV and cost": stage("values"),
        "  … + status bar": stage("stats"),
        "  … + record sheet SVG": stage("sheet"),
        "  … + Alpha Strike card SVG": stage("card"),
    }
    print(f"Atlas AS7-K (100 t, Standard), {repeats} repeats, ms: median (min–max)")
    print(f"{'':<34}{'wall':>7}{'':14}{'CPU':>7}")
    for label, run in rows.items():
        wall, cpu = _time(run, repeats)
        print(f"{label:<34}{statistics.median(wall):7.1f}  ({min(wall):5.1f}–{max(wall):5.1f})"
              f"{statistics.median(cpu):7.1f}  ({min(cpu):.1f}–{max(cpu):.1f})")


if __name__ == "__main__":
    main()
