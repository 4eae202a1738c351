"""The shared renderer: display-list geometry, fonts, paper, and the two painters
(PDF, SVG/HTML). Sheets, cards and force pages lay out; these only draw."""

from mechlab.render.lazy_pil import defer_pil_image

# Before any render module imports ReportLab, which imports PIL.Image (see lazy_pil.py).
defer_pil_image()
