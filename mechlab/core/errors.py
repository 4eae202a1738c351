"""`DesignError`, the bad input every command turns into exit 2.

It lives apart from the design models (`design_data`, which needs pydantic) so that a
command that reads no design (`mechlab list` from the library index) can catch it
without importing them.
"""

from __future__ import annotations

# At most this many problems are printed per file: the first ones show what is wrong.
MAX_PROBLEMS = 20


class DesignError(Exception):
    """Bad input: a design that cannot be read. Its text is one line per problem."""

    def __init__(self, source: str, problems: list[str]) -> None:
        if len(problems) > MAX_PROBLEMS:
            more = len(problems) - MAX_PROBLEMS
            problems = [*problems[:MAX_PROBLEMS],
                        f"… and {more:,} more problem{'s' if more != 1 else ''}"]
        self.source = source
        self.problems = problems
        self.lines = [f"{source}: {p}" for p in problems]
        super().__init__("\n".join(self.lines))

    @classmethod
    def combine(cls, errors: list[DesignError]) -> DesignError:
        """One error carrying the lines of several (every bad input of a command)."""
        combined = cls("", [])
        combined.lines = [line for e in errors for line in e.lines]
        combined.args = ("\n".join(combined.lines),)
        return combined
