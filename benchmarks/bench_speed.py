"""Every row of issue 12's speed table against its target, in one run, as markdown.

    pip install '.[bench]'    # WeasyPrint, for the ratio row (skipped without it)
    python benchmarks/bench_speed.py [--repeats 7] [--quick] [--out table.md]

Rows:
- commands a person types, each run as a fresh process (median, min and max of
  --repeats runs; wall clock and CPU = user + sys of the child);
- for scale, the same way: Python starting and doing nothing, and Python importing the
  three libraries every design-reading command needs (click, PyYAML, pydantic);
- the library as one print run, in a fresh process each time and timed inside it: ms a
  sheet split into load (YAML + pydantic + resolve), layout, drawing and save;
- peak RSS of `mechlab sheet` for N = 1, 282 and 1,000 sheets, each in its own child
  (`getrusage(RUSAGE_CHILDREN).ru_maxrss` of a wrapper that runs only that child), and
  its time per sheet, which must stay flat as N grows;
- mechlab against WeasyPrint on the SAME sheets (spread over the library by drawing
  weight, the heaviest page included), both timed in this run: the ratio of medians.

The machine is shared: CPU time is the steadier figure; load averages are reported.
Timing assertions never go in the test suite; this script only reports.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CATAPULT = REPO / "examples" / "catapult.yaml"


@dataclass
class Stat:
    """Median, min and max of repeated measurements (seconds, or KiB for memory)."""

    values: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def spread(self, scale: float, fmt: str) -> str:
        return f"{min(self.values) * scale:{fmt}}–{max(self.values) * scale:{fmt}}"


@dataclass
class Row:
    what: str
    wall: Stat | None
    cpu: Stat | None
    unit: str  # "s", "ms" or "MB"
    target: float | None  # in `unit`, compared with the CPU median (wall for MB rows)
    note: str = ""

    def cells(self) -> list[str]:
        scale, fmt = {"s": (1, ".3f"), "ms": (1000, ".1f"), "MB": (1, ".0f")}[self.unit]
        wall = (f"{self.wall.median * scale:{fmt}} ({self.wall.spread(scale, fmt)})"
                if self.wall else "")
        cpu = (f"{self.cpu.median * scale:{fmt}} ({self.cpu.spread(scale, fmt)})"
               if self.cpu else "")
        target, verdict = "", ""
        if self.target is not None:
            target = f"≤ {self.target:g} {self.unit}"
            measured = (self.cpu or self.wall)
            assert measured is not None
            verdict = "yes" if measured.median * scale <= self.target else "**no**"
        return [self.what, f"{wall} {self.unit}" if wall else "",
                f"{cpu} {self.unit}" if cpu else "", target, verdict, self.note]


def mechlab_command() -> list[str]:
    script = Path(sys.executable).parent / "mechlab"
    if script.exists():
        return [str(script)]
    found = shutil.which("mechlab")
    return [found] if found else [sys.executable, "-m", "mechlab"]


def run_child(argv: Sequence[str], cwd: Path) -> tuple[float, float]:
    """Wall and CPU (user + sys) seconds of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def command_rows(repeats: int, work: Path) -> list[Row]:
    mechlab = mechlab_command()
    commands = [
        ("`mechlab --version`", ["--version"], 0.1),
        ("`mechlab --help`", ["--help"], 0.1),
        ("`mechlab validate catapult.yaml`", ["validate", str(CATAPULT)], 0.2),
        ("`mechlab sheet CPLT-C1 -o x.pdf`", ["sheet", "CPLT-C1", "-o", str(work / "x.pdf")],
         0.45),
        ("`mechlab list`", ["list"], 0.5),
    ]
    python = sys.executable
    floors = [
        ("for scale: `python -c pass`", [python, "-c", "pass"]),
        ("for scale: Python importing click, PyYAML and pydantic's BaseModel",
         [python, "-c", "import click, yaml; from pydantic import BaseModel"]),
    ]
    rows = []
    for what, argv, target in [(w, [*mechlab, *a], t) for w, a, t in commands] + [
            (w, argv, None) for w, argv in floors]:
        run_child(argv, work)  # warm the page cache
        runs = [run_child(argv, work) for _ in range(repeats)]
        rows.append(Row(what, Stat([w for w, _ in runs]), Stat([c for _, c in runs]), "s",
                        target, f"{repeats} runs"))
    return rows


def timed(action: Callable[[], object]) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def library_mechs() -> list:
    from mechlab.library import library
    from mechlab.load import load_design
    from mechlab.resolve import resolve

    return [resolve(load_design(unit.path)) for unit in library()]


# One print run of the whole library in a fresh process, as `mechlab sheet` does it
# (each page laid out, then drawn and written, then dropped; the units read kept out of
# the garbage collector's rounds), timed stage by stage inside that process: every
# cache starts cold (a first sheet's pip layout costs more than the 282nd's), and the
# imports are done before the clock starts.
_PRINT_RUN = """
import json, sys, tempfile, time
from mechlab.cli.common import long_lived
from mechlab.library import library
from mechlab.load import load_design
from mechlab.resolve import resolve
from mechlab.sheet.pdf import open_pdf
from mechlab.sheet.styles import layout_sheet

def clocks():
    return time.perf_counter(), time.process_time()

def add(total, before, after):
    total[0] += after[0] - before[0]
    total[1] += after[1] - before[1]

load, layout, drawing, save = [0.0, 0.0], [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]
start = clocks()
mechs = [resolve(load_design(unit.path)) for unit in library()]
add(load, start, clocks())
with tempfile.TemporaryFile() as handle, long_lived():
    writer = open_pdf(handle, "bench")
    for mech in mechs:
        start = clocks()
        page = layout_sheet(mech).page
        middle = clocks()
        writer.add(page)
        add(layout, start, middle)
        add(drawing, middle, clocks())
    start = clocks()
    writer.close()
    add(save, start, clocks())
json.dump({"count": len(mechs), "load": load, "layout": layout, "drawing": drawing,
           "save": save}, sys.stdout)
"""


def print_run_rows(repeats: int) -> list[Row]:
    """ms a sheet for the whole library in one PDF: load, layout, drawing, save; each
    repeat a fresh process, so nothing is warm that a user's print run would not have."""
    import json

    stages: dict[str, list[tuple[float, float]]] = {
        "load": [], "layout": [], "drawing": [], "save": [], "total": []}
    count = 0
    for _ in range(repeats):
        done = subprocess.run([sys.executable, "-c", _PRINT_RUN], capture_output=True,
                              text=True, check=True, cwd=REPO)
        result = json.loads(done.stdout)
        count = result["count"]
        for name in ("load", "layout", "drawing", "save"):
            wall, cpu = result[name]
            stages[name].append((wall / count, cpu / count))
        stages["total"].append((sum(stages[n][-1][0] for n in ("layout", "drawing", "save")),
                                sum(stages[n][-1][1] for n in ("layout", "drawing", "save"))))
    labels = {
        "total": (f"one sheet at N = {count}: layout + drawing + save", 12),
        "layout": ("  of which layout", None),
        "drawing": ("  of which drawing, each page compressed and written as it is done",
                    None),
        "save": ("  of which closing the file (fonts, page tree, xref)", None),
        "load": ("  before it: YAML + pydantic + resolve", None),
    }
    return [Row(labels[n][0], Stat([w for w, _ in stages[n]]), Stat([c for _, c in stages[n]]),
                "ms", labels[n][1], f"{repeats} runs, each a fresh process, timed inside it")
            for n in ("total", "layout", "drawing", "save", "load")]


_MAXRSS = ("import resource, subprocess, sys\n"
           "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
           "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
           "print(usage.ru_maxrss, usage.ru_utime + usage.ru_stime, done.returncode)\n")


def memory_rows(sizes: Sequence[int], work: Path) -> list[Row]:
    """Peak RSS and time a sheet of `mechlab sheet` for print runs of N sheets, PDF and
    HTML (both stream their pages into the file)."""
    units = sorted((REPO / "units").glob("*.yaml"))
    rows = []
    for n, suffix in [(n, suffix) for suffix in ("pdf", "html") for n in sizes]:
        files = [str(units[i % len(units)]) for i in range(n)]
        argv = [sys.executable, "-c", _MAXRSS, *mechlab_command(), "sheet", *files,
                "-o", str(work / f"big.{suffix}")]
        start = time.perf_counter()
        out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split()
        wall = time.perf_counter() - start
        maxrss_kib, cpu, code = int(out[0]), float(out[1]), int(out[2])
        if code != 0:
            raise SystemExit(f"mechlab sheet with {n} files exited {code}")
        rows.append(Row(f"peak RSS, `mechlab sheet -o big.{suffix}` of N = {n:,} sheets",
                        Stat([maxrss_kib / 1024]), None, "MB", 200 if n >= 1000 else None,
                        f"{wall / n * 1000:.1f} ms wall, {cpu / n * 1000:.1f} ms CPU a sheet"))
    return rows


def parallel_rows(work: Path) -> list[Row]:
    """What `mechlab sheet -j 2` could at best give: the library printed by one process,
    against two processes printing half each at the same time (no merging counted)."""
    units = [str(p) for p in sorted((REPO / "units").glob("*.yaml"))]
    mechlab = mechlab_command()
    one = [[*mechlab, "sheet", *units, "-o", str(work / "all.pdf")]]
    half = len(units) // 2
    two = [[*mechlab, "sheet", *units[:half], "-o", str(work / "a.pdf")],
           [*mechlab, "sheet", *units[half:], "-o", str(work / "b.pdf")]]
    rows = []
    for what, runs in (("1 process", one), ("2 processes, half each, at once", two)):
        start = time.perf_counter()
        children = [subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    for argv in runs]
        if any(child.wait() != 0 for child in children):
            raise SystemExit(f"{what}: mechlab sheet failed")
        wall = time.perf_counter() - start
        rows.append(Row(f"the {len(units)}-unit library as PDF, {what}", Stat([wall]), None,
                        "s", None, "wall clock: what -j would save"))
    return rows


def weasy_rows(sample_size: int, repeats: int) -> list[Row]:
    try:
        from weasyprint import HTML
    except ImportError:
        return [Row("WeasyPrint on the same sheets", None, None, "ms", None,
                    "not installed (pip install '.[bench]'): no ratio")]
    from mechlab.sheet.pdf import render_pdf
    from mechlab.sheet.styles import layout_document, layout_sheet
    from mechlab.sheet.svg import render_html

    mechs = library_mechs()
    # Spread the sample over the library by drawing weight: the lightest pages alone
    # would understate mechlab; the heaviest page is always in.
    weight = sorted(mechs, key=lambda m: len(layout_sheet(m).page.items))
    step = (len(weight) - 1) / max(1, sample_size - 1)
    sample = [weight[round(i * step)] for i in range(sample_size)]

    def ours() -> object:
        return render_pdf(layout_document(sample))

    def theirs() -> object:
        return HTML(string=render_html(layout_document(sample))).write_pdf()

    mine = [timed(ours)[:2] for _ in range(repeats)]
    weasy = [timed(theirs)[:2] for _ in range(max(1, repeats // 2))]
    n = len(sample)
    mine_row = Row(f"mechlab, the same {n} sheets (layout + PDF)",
                   Stat([w / n for w, _ in mine]), Stat([c / n for _, c in mine]), "ms", None)
    weasy_row = Row(f"WeasyPrint, the same {n} sheets (HTML → PDF)",
                    Stat([w / n for w, _ in weasy]), Stat([c / n for _, c in weasy]), "ms", None)
    assert mine_row.cpu and weasy_row.cpu and mine_row.wall and weasy_row.wall
    ratio = weasy_row.cpu.median / mine_row.cpu.median
    wall_ratio = weasy_row.wall.median / mine_row.wall.median
    weasy_row.note = f"mechlab {ratio:.1f}× faster (CPU), {wall_ratio:.1f}× (wall)"
    return [mine_row, weasy_row]


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}; load average at start {load}")


def table(rows: list[Row]) -> str:
    lines = ["| what | wall: median (min–max) | CPU user+sys: median (min–max) | target "
             "(on CPU) | met | note |", "|---|---|---|---|---|---|"]
    lines += ["| " + " | ".join(row.cells()) + " |" for row in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=7, help="runs of each command")
    parser.add_argument("--sheet-repeats", type=int, default=3,
                        help="in-process runs of the 282-unit print")
    parser.add_argument("--weasy-sample", type=int, default=12,
                        help="sheets printed both ways for the WeasyPrint ratio")
    parser.add_argument("--quick", action="store_true", help="skip the 1,000-sheet run")
    parser.add_argument("--out", type=Path, help="also write the markdown here")
    args = parser.parse_args()
    header = f"Machine: {machine()}."
    print(header, file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        rows = command_rows(args.repeats, work)
        rows += print_run_rows(args.sheet_repeats)
        rows += memory_rows((1, 282) if args.quick else (1, 282, 1000), work)
        rows += weasy_rows(args.weasy_sample, args.sheet_repeats)
        if not args.quick:
            rows += parallel_rows(work)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    text = f"{header} Load average at the end {load}.\n\n{table(rows)}\n"
    print(text)
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
