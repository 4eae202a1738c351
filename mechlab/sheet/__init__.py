"""Record sheets: laid out once as a display list (geometry), painted twice (PDF, SVG/HTML)."""
