"""Force files: units with their own pilots, their totals, and the roster page."""
