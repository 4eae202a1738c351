"""Record sheets: laid out once as a display list (geometry), painted twice (PDF, SVG/HTML)."""

from mechlab.render.lazy_pil import defer_pil_image

# Before any sheet module imports ReportLab, which imports PIL.Image (see lazy_pil.py).
defer_pil_image()
