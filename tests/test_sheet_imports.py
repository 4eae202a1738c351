"""`mechlab sheet` imports what it draws with and no more: ReportLab's PIL.Image import is
deferred (mechlab draws no bitmaps), and PIL, ReportLab's images included, still works."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
from mechlab.cli import main
try:
    main(["sheet", "CPLT-C1", "-o", sys.argv[1]])
except SystemExit as done:
    assert done.code == 0, done.code
image = sys.modules["PIL.Image"]
assert type(image).__name__ == "_LazyModule", type(image)  # never run
from PIL import Image
from reportlab.lib.utils import ImageReader
assert ImageReader(Image.new("RGB", (3, 1))).getSize() == (3, 1)
assert type(sys.modules["PIL.Image"]).__name__ == "module"
"""


def test_a_sheet_never_runs_pil_image_and_pil_works_after(tmp_path):
    out = tmp_path / "x.pdf"
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(out)], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF-")


def test_an_earlier_pil_import_is_left_alone():
    script = ("import PIL.Image, sys\n"
              "import mechlab.render.pdf\n"
              "assert type(sys.modules['PIL.Image']).__name__ == 'module'\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
