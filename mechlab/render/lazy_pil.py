"""PIL.Image loaded on first use instead of when ReportLab is imported.

`reportlab.lib.utils` (imported by every ReportLab module) runs `from PIL import Image`
for bitmaps, which mechlab never draws: ~20 ms of every `mechlab sheet`. With the
standard library's `importlib.util.LazyLoader`, the module object exists at once and
runs its code the first time anything reads from it (`Image.open`, `Image.Image`),
so ReportLab and any other user of PIL work as before.
"""

from __future__ import annotations

import importlib.util
import sys


def defer_pil_image() -> None:
    """Put a lazily loading PIL.Image in sys.modules, unless it is loaded or missing."""
    if "PIL.Image" in sys.modules:
        return
    try:
        spec = importlib.util.find_spec("PIL.Image")  # imports only the small PIL package
    except ImportError:
        return
    if spec is None or spec.loader is None:
        return
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules["PIL.Image"] = module
    spec.loader.exec_module(module)
    sys.modules["PIL"].Image = module  # type: ignore[attr-defined]  # as importing it does
