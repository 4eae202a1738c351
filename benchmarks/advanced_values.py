"""Cost and Alpha Strike of the rules-level 3/4 biped and quad BattleMech files that
mechlab judges legal, against the published numbers (issue 27): INDEX.tsv `mul_cost` and
cards/alpha_strike_mul_all.tsv's eleven card fields. Each file is read once.

    python benchmarks/advanced_values.py [--list cost|as|FIELD] [--json OUT]

Prints the agreement rates, per card field, and the causes: for the files that differ,
the Advanced features they have (engine, armor, cockpit, structure, gyro, sinks, myomer,
and every item above level 2), each counted over the differing files, with how many of
those files have that feature as their only one ("alone": the likely cause).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from values_corpus import ALL, CARDS, FIELDS, card_fields, table

STANDARD_WORDS = {"standard", "fusion", "single", "double", "endo_steel", "ferro_fibrous",
                  "xl", "light", "compact", "heavy_duty", "small", "tsm", "none"}


def published_specials(text: str) -> str:
    """The MUL's specials as a sorted list, split at the commas outside parentheses (a
    turret's block `TUR(3/3/2,IF0*)` is one special)."""
    parts = re.split(r",(?![^(]*\))", text)
    return ",".join(sorted(t.strip() for t in parts if t.strip()))


def features(assessed: Any) -> set[str]:
    """The design's components off the Standard defaults and its items above level 2."""
    design = assessed.mech.design
    out = set()
    for what, word in (("engine", design.engine.type), ("armor", design.armor.type),
                       ("cockpit", design.cockpit), ("structure", design.structure.type),
                       ("gyro", design.gyro), ("sinks", design.heat_sinks.type),
                       ("myomer", design.myomer.type)):
        if word not in STANDARD_WORDS:
            out.add(f"{what}:{word}")
    for m in assessed.mech.mounts:
        if m.item.weapon.rules_level not in ("intro", "standard"):
            out.add(f"item:{m.item.weapon.name}")
    return out


def measure(judged: Callable[[Path], Any] | None = None) -> list[dict[str, Any]]:
    """Each legal level-3/4 biped and quad file's cost and card beside the MUL's; `judged`
    reads and judges a file (the test suite passes the one its sweeps share)."""
    from mechlab.assess import assess
    from mechlab.cards.assessed import alpha_strike_of, why_no_card
    from mechlab.core.errors import DesignError
    from mechlab.files.design_data import design_from_dict
    from mechlab.files.mtf import import_mtf_bytes
    from mechlab.model.resolve import resolve

    cards = {row["path"]: row for row in table(CARDS)}
    out = []
    for row in table(ALL / "INDEX.tsv"):
        if row["rules_level"] not in ("3", "4") or row["config"] not in ("Biped", "Quad"):
            continue
        path = ALL / row["path"]
        try:
            if judged is not None:
                assessed = judged(path)
            else:
                imported = import_mtf_bytes(path.read_bytes(), str(path))
                assessed = assess(resolve(design_from_dict(imported.design, str(path))),
                                  imported.facts)
        except DesignError:
            continue
        if not assessed.legal or assessed.mech.is_industrial:
            continue
        got: dict[str, Any] = {"path": row["path"], "features": sorted(features(assessed))}
        values = assessed.values
        if row["mul_cost"]:
            got["mul_cost"] = int(row["mul_cost"])
            got["cost"] = values.cost.total if values is not None else None
        if row["path"] in cards:
            mul = dict(cards[row["path"]])
            mul["specials"] = published_specials(mul["specials"])
            got["mul_card"] = {f: mul[f] for f in FIELDS}
            try:
                card = alpha_strike_of(assessed)
            except Exception as e:
                card, got["card_error"] = None, f"{type(e).__name__}: {e}"
            got["card"] = card_fields(card) if card is not None else None
            if card is None:
                got["card_error"] = why_no_card(assessed.mech)
        out.append(got)
    return out


def report(rows: list[dict[str, Any]], listing: str | None) -> None:
    def pct(a: int, b: int) -> str:
        return f"{a}/{b} = {100 * a / b:.1f} %" if b else "0/0"

    priced = [r for r in rows if "mul_cost" in r]
    cost_miss = [r for r in priced if r["cost"] != r["mul_cost"]]
    carded = [r for r in rows if "mul_card" in r]
    field_miss = {f: [r for r in carded if r["card"] is None or r["card"][f] != r["mul_card"][f]]
                  for f in FIELDS}
    card_miss = [r for r in carded if r["card"] is None or r["card"] != r["mul_card"]]
    print(f"legal level-3/4 biped and quad BattleMech files: {len(rows)}")
    print(f"cost = MUL: {pct(len(priced) - len(cost_miss), len(priced))}")
    print(f"Alpha Strike all eleven fields = MUL: {pct(len(carded) - len(card_miss), len(carded))}"
          f" (no card: {sum(r['card'] is None for r in carded)})")
    for f in FIELDS:
        print(f"  {f:10} {pct(len(carded) - len(field_miss[f]), len(carded))}")
    for title, misses in (("cost", cost_miss), ("Alpha Strike", card_miss)):
        feats: Counter[str] = Counter(x for r in misses for x in r["features"])
        alone: Counter[str] = Counter(r["features"][0] for r in misses if len(r["features"]) == 1)
        print(f"\n{title} differences by feature (files; alone):")
        print(f"  (no Advanced feature) {sum(not r['features'] for r in misses)}")
        for x, n in feats.most_common(40):
            print(f"  {x}: {n}; {alone[x]}")
    if listing == "cost":
        for r in cost_miss:
            print(r["path"], r["cost"], r["mul_cost"], r["features"])
    elif listing:
        for r in card_miss:
            if r["card"] is None:
                print(r["path"], "NO CARD", r.get("card_error"), r["features"])
                continue
            diff = {f: (r["card"][f], r["mul_card"][f]) for f in FIELDS
                    if r["card"][f] != r["mul_card"][f] and listing in ("as", f)}
            if diff:
                print(r["path"], diff, r["features"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", dest="listing")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = measure()
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    report(rows, args.listing)


if __name__ == "__main__":
    main()
