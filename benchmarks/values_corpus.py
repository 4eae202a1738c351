"""BV, cost and Alpha Strike of every rules-level 1–2 file of the MegaMek corpus against
the published numbers (issue 21): INDEX.tsv `megamek_bv` and `mul_cost`,
cards/alpha_strike_mul_all.tsv for the eleven card fields.

    python benchmarks/values_corpus.py [--list bv|cost|as] [--limit N] [--time]

Prints the match rates, and with --list every difference (file, ours, theirs). Files that
mechlab refuses or judges illegal are counted separately (misses for the "all files" rate).
IndustrialMechs (files whose `Structure:` is industrial, MegaMek's test) get their own
lines too.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mechlab.cards.as_card import AlphaStrikeCard

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared"
if not SHARED.is_dir():
    SHARED = Path("/work/shared")
ALL = SHARED / "corpus" / "megamek-all"
CARDS = SHARED / "cards" / "alpha_strike_mul_all.tsv"
FIELDS = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
          "specials")


def table(path: Path) -> list[dict[str, str]]:
    lines = [line.rstrip("\n").split("\t") for line in path.read_text(encoding="utf-8")
             .splitlines() if line and not line.startswith("#")]
    header, *rows = lines
    return [dict(zip(header, row, strict=False)) for row in rows]


def card_fields(card: AlphaStrikeCard) -> dict[str, str]:
    from mechlab.cards.export import alpha_strike_data

    data = alpha_strike_data(card).model_dump(mode="json")
    names = {"dmg_s": "s", "dmg_m": "m", "dmg_l": "l"}
    out = {f: str(data[names.get(f, f)]) for f in FIELDS if f != "specials"}
    out["specials"] = ",".join(sorted(data["specials"]))
    return out


def published_specials(text: str) -> str:
    return ",".join(sorted(t.strip() for t in text.split(",") if t.strip()))


def is_industrial(path: Path) -> bool:
    """MegaMek's test: the file's `Structure:` line names an industrial structure."""
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.lower().startswith("structure:"):
            return "industrial" in line.lower()
    return False


class Sweep:
    """The counts, per-field matches, difference lists and time of one run over the files."""

    def __init__(self, cards: dict[str, dict[str, str]]) -> None:
        self.cards = cards
        self.tally: Counter[str] = Counter()
        self.fields: Counter[str] = Counter()
        self.lists: dict[str, list[str]] = {k: [] for k in ("bv", "cost", "as", "refused")}
        self.spent = 0.0

    def add(self, row: dict[str, str]) -> None:
        """Read, judge and value one file, and compare its values with the published ones."""
        from mechlab.cards.alpha_strike import alpha_strike_card
        from mechlab.files.mtf import read_design
        from mechlab.model.resolve import resolve
        from mechlab.validate import Severity, validate
        from mechlab.values.bv import battle_value
        from mechlab.values.cost import cost

        path, tally = row["path"], self.tally
        tally["files"] += 1
        tally["bv rows (all files)"] += bool(row["megamek_bv"])
        tally["cards (all files)"] += path in self.cards
        industrial = is_industrial(ALL / path)
        if industrial:
            tally["im files"] += 1
            tally["im bv rows (all files)"] += bool(row["megamek_bv"])
        try:
            mech = resolve(read_design(ALL / path))
            errors = [f for f in validate(mech) if f.severity is Severity.ERROR]
        except Exception as problem:
            tally["refused"] += 1
            self.lists["refused"].append(f"{path}\t{str(problem)[:160]}")
            return
        if errors:
            tally["illegal"] += 1
            self.lists["refused"].append(f"{path}\t{errors[0]}")
            return
        tally["legal"] += 1
        tally["im legal"] += industrial
        start = time.perf_counter()
        try:
            bv, price = battle_value(mech).base, cost(mech).total
            card = card_fields(alpha_strike_card(mech, path)) if path in self.cards else None
        except Exception as problem:
            tally["value error"] += 1
            self.lists["refused"].append(f"{path}\tvalues: {problem!r}"[:200])
            return
        self.spent += time.perf_counter() - start
        self._compare(row, bv, price, card, industrial)

    def _compare(self, row: dict[str, str], bv: int, price: int,
                 card: dict[str, str] | None, industrial: bool) -> None:
        path, tally, lists = row["path"], self.tally, self.lists
        if row["megamek_bv"]:
            tally["bv rows"] += 1
            tally["im bv rows"] += industrial
            if bv == int(row["megamek_bv"]):
                tally["bv equal"] += 1
                tally["im bv equal"] += industrial
            else:
                lists["bv"].append(f"{path}\t{bv}\t{row['megamek_bv']}\t{row['mul_bv']}")
        if row["mul_cost"]:
            tally["cost rows"] += 1
            tally["im cost rows"] += industrial
            if price == int(row["mul_cost"]):
                tally["cost equal"] += 1
                tally["im cost equal"] += industrial
            else:
                lists["cost"].append(f"{path}\t{price}\t{row['mul_cost']}")
        if card is not None:
            mul = self.cards[path]
            published = {**mul, "specials": published_specials(mul["specials"])}
            tally["as rows"] += 1
            tally["im as rows"] += industrial
            diff = {f: (card[f], published[f]) for f in FIELDS if card[f] != published[f]}
            self.fields.update(f for f in FIELDS if f not in diff)
            if diff:
                lists["as"].append(f"{path}\t{diff}")
            else:
                tally["as equal"] += 1
                tally["im as equal"] += industrial

    def rate(self, hit: str, of: str) -> str:
        tally = self.tally
        return f"{tally[hit]}/{tally[of]} = {100 * tally[hit] / max(1, tally[of]):.1f} %"

    def report(self, timed: bool, listed: list[str]) -> None:
        tally, rate = self.tally, self.rate
        print(f"files (rules level 1-2): {tally['files']}; legal {tally['legal']}, illegal "
              f"{tally['illegal']}, refused {tally['refused']}, value errors "
              f"{tally['value error']}")
        print(f"BV equal to megamek_bv (legal files): {rate('bv equal', 'bv rows')}")
        print(f"  of all level 1-2 files with one (refused and illegal count as misses): "
              f"{rate('bv equal', 'bv rows (all files)')}")
        print(f"cost equal to mul_cost (legal files): {rate('cost equal', 'cost rows')}")
        print(f"Alpha Strike, all eleven fields: {rate('as equal', 'as rows')}")
        print("  per field: " + ", ".join(f"{f} {self.fields[f]}" for f in FIELDS))
        print(f"  of all level 1-2 cards (refused and illegal count as misses): "
              f"{rate('as equal', 'cards (all files)')}")
        print(f"IndustrialMechs: {tally['im files']} files, {tally['im legal']} legal; BV "
              f"{rate('im bv equal', 'im bv rows')} (of all with one: "
              f"{rate('im bv equal', 'im bv rows (all files)')}); cost "
              f"{rate('im cost equal', 'im cost rows')}; Alpha Strike "
              f"{rate('im as equal', 'im as rows')}")
        if timed and tally["legal"]:
            print(f"values: {1000 * self.spent / tally['legal']:.2f} ms a design "
                  "(BV + cost + card)")
        for name in listed:
            print(f"\n# {name}: {len(self.lists[name])}")
            print("\n".join(self.lists[name]))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--list", choices=("bv", "cost", "as", "refused"), action="append",
                        default=[])
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--time", action="store_true")
    args = parser.parse_args()

    rows = [r for r in table(ALL / "INDEX.tsv") if r["rules_level"] in ("1", "2")]
    if args.limit:
        rows = rows[: args.limit]
    sweep = Sweep({row["path"]: row for row in table(CARDS)})
    for row in rows:
        sweep.add(row)
    sweep.report(args.time, args.list)
    return 0


if __name__ == "__main__":
    sys.exit(main())
