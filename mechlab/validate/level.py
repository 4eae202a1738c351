"""The design's rules level against its ruleset's (issue 26): one finding, not a pile.

A design judged under a ruleset below its content (`--ruleset intro` on a Standard file,
an intro design naming an ER large laser) would break a dozen rules that only say "this
ruleset has no such thing". `E-RULES-LEVEL` says it once, naming what sets the level;
`validate` reports it alone (a gate: the other rules judge what this ruleset builds).
"""

from __future__ import annotations

from collections.abc import Iterator

from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech


def content_within_ruleset(mech: Mech) -> Iterator[Finding]:
    """E-RULES-LEVEL: the design uses no part above its ruleset's rules level that the
    ruleset's tables lack.

    Issue 26: each part's level comes from the one catalogue (rulesets/levels.py), never
    from a file's `rules level:` line; the ruleset states the highest level it admits
    (`levels.admitted_level`: its level on the ladder) and which parts its own tables have
    (`Ruleset.admits`). Path: `ruleset`, once per design, naming every such part with
    its level. When it fires it is the design's only finding."""
    ruleset, design = mech.ruleset, mech.design
    if _own_tables_have_all(mech):
        return
    # The catalogue's levels only past that test: a design its ruleset's own tables build
    # (nearly every one) does not load them (issue 31: start-up).
    from mechlab.rulesets.content_level import admitted_level, least_ruleset, parts
    from mechlab.rulesets.levels import rank, title

    admits = admitted_level(ruleset)
    beyond = [p for p in parts(design, ruleset)
              if rank(p.level) > rank(admits) and not ruleset.admits(design, p)]
    if not beyond:
        return
    level = max((p.level for p in beyond), key=rank)
    judge = least_ruleset(level)
    fix = (f"judge it under the {judge} ruleset (`ruleset: {judge}`, or no --ruleset "
           "for a .mtf)" if judge else "mechlab has no ruleset of that level")
    named = ", ".join(dict.fromkeys(f"{p.name} ({title(p.level)})" for p in beyond))
    yield error("E-RULES-LEVEL", "ruleset",
                f"the {ruleset.name} ruleset admits {title(admits)} technology (level "
                f"{rank(admits)}); the design uses {named}",
                expected=f"≤ {rank(admits)} ({title(admits)})",
                actual=f"{rank(level)} ({title(level)})", hint=fix)


def _own_tables_have_all(mech: Mech) -> bool:
    """Whether the ruleset's own tables have every part (`Ruleset.admits` of each): then
    no part is beyond it, and the catalogue, the Standard ruleset's tables, need not be
    loaded to type the parts (issue 31: an Introductory design does not pay for them)."""
    ruleset, design = mech.ruleset, mech.design
    if ruleset.design_problems(design):
        return False
    try:
        for entry in design.equipment:
            ruleset.catalog.lookup(entry.item, design.tech_base)
    except ValueError:
        return False
    return True
