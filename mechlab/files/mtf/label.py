"""A `.mtf` design labelled with the least ruleset that admits it (`mechlab.rulesets.
least_admitting`) and written in that ruleset's words: its item names, and its entries
in runs (`count`) where the ruleset lists items so (`Ruleset.imported_slots_kept`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mechlab.core.design import Design, design_of
from mechlab.core.equipment import Item, ItemKind
from mechlab.core.locations import Location
from mechlab.files.mtf.prune import runs

if TYPE_CHECKING:
    from mechlab.rulesets import Ruleset


def label(design: dict[str, Any]) -> tuple[dict[str, Any], Design | None]:
    """The design labelled with the least ruleset that admits it and written in that
    ruleset's words: its item names, and its entries in runs (`count`) where the ruleset
    lists items so (`Ruleset.imported_slots_kept`). A design whose shape is bad input is
    labelled with the catalogue's own ruleset, whose reading then reports it. With it, the
    `Design` it is, where labelling validated exactly that: a ruleset that keeps the
    slots as read and has every choice (None otherwise: validate the labelled data)."""
    from mechlab.rulesets import least_admitting

    words = _RulesetWords(design)
    ruleset = least_admitting(words.design_for)
    entries = words.named(ruleset) or design["equipment"]
    if not ruleset.imported_slots_kept:
        catalog = ruleset.catalog
        entries = [_sized_by_table(catalog, e, design["tonnage"]) for e in entries]
        entries = runs(entries, lambda e: _whole_size(catalog, e, design["tonnage"]))
    labelled = _restated({"ruleset": ruleset.name, **design, "equipment": entries}, ruleset)
    # The labelled data is the design validated above where nothing but its item names
    # and ruleset changed: its slots kept as read, no choice left out (`_restated`).
    same = ruleset.imported_slots_kept and not ruleset.absent_choices
    return labelled, words.design_for(ruleset) if same and ruleset.name in words.said else None


class _RulesetWords:
    """The design in each ruleset's words (its item names), each worked out once: the
    ladder of rulesets (`least_admitting`) asks several for the same design."""

    def __init__(self, design: dict[str, Any]) -> None:
        from mechlab.rulesets import catalogue_ruleset

        self.design = design
        self.tech_base = str(design.get("tech_base", "inner_sphere"))
        catalogue = catalogue_ruleset().catalog
        self.items = [catalogue.lookup(e["item"], self.tech_base) for e in design["equipment"]]
        self.entries_in: dict[str, list[dict[str, Any]] | None] = {}  # named once a ruleset
        self.validated: list[Design | None] = []  # validated once, in the first words
        self.said: dict[str, Design | None] = {}  # the design in each ruleset's words

    def named(self, ruleset: Ruleset) -> list[dict[str, Any]] | None:
        """The equipment entries in the ruleset's item names; None if an item is not on
        its tables."""
        if ruleset.name not in self.entries_in:
            self.entries_in[ruleset.name] = self._named(ruleset)
        return self.entries_in[ruleset.name]

    def _named(self, ruleset: Ruleset) -> list[dict[str, Any]] | None:
        names = []
        for item in self.items:
            name = _own_item_name(ruleset, item, self.tech_base)
            if name is None:
                return None  # an item not on its tables
            names.append(name)
        return [{**e, "item": n} for e, n in zip(self.design["equipment"], names, strict=True)]

    def design_for(self, ruleset: Ruleset) -> Design | None:
        """The `Design` in the ruleset's words; None if an item is not on its tables or
        the design's shape is bad input."""
        if ruleset.name not in self.said:
            self.said[ruleset.name] = self._said(ruleset)
        return self.said[ruleset.name]

    def _said(self, ruleset: Ruleset) -> Design | None:
        entries = self.named(ruleset)
        if entries is None:
            return None
        if not self.validated:
            self.validated.append(_built(
                {**self.design, "ruleset": ruleset.name, "equipment": entries}))
        first = self.validated[0]
        if first is None or first.ruleset == ruleset.name:
            return first
        # The same design in another ruleset's words: its item names (table names, valid
        # text) and its ruleset are all that differ, and no validator reads them together
        # (issue 31: `check` validated each design once per ruleset it tried).
        return first.replace(ruleset=ruleset.name, equipment=tuple(
            mount if mount.item == entry["item"] else mount.replace(item=entry["item"])
            for mount, entry in zip(first.equipment, entries, strict=True)))


def _built(data: dict[str, Any]) -> Design | None:
    """The `Design` of the data (`design_of`); None if its shape is bad input."""
    try:
        return design_of(data)
    except ValueError:  # the full check's ValidationError: the reading reports it
        return None


# (ruleset, catalogue row, kind, tech base) → the ruleset's name for it: `check` asks each
# ruleset of the ladder for the names of every item of every file, and a name a table
# lacks is found missing only after a failed lookup of each spelling (issue 31).
_OWN_NAMES: dict[tuple[str, str, str, ItemKind, str], str | None] = {}


def _own_item_name(ruleset: Any, item: Item, tech_base: str) -> str | None:
    """`ruleset.own_item_name` of a catalogue item, asked once a process."""
    key = (ruleset.name, item.weapon.id, item.weapon.name, item.kind, tech_base)
    if key not in _OWN_NAMES:
        _OWN_NAMES[key] = ruleset.own_item_name(item, tech_base)
    return _OWN_NAMES[key]


def _restated(design: dict[str, Any], ruleset: Any) -> dict[str, Any]:
    """The design without the fields its ruleset's book does not have (they hold their
    plain values, or the ruleset would not admit it): `heat_sinks: 10`, not
    `{count: 10, type: single}`; `ruleset:` only where it is not the default."""
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in design.items()}
    if out["ruleset"] == Design.record_fields["ruleset"]:
        del out["ruleset"]
    for path, _ in ruleset.absent_choices:
        key, _, sub = path.partition(".")
        if not sub:
            out.pop(key, None)
        elif isinstance(out.get(key), dict):
            out[key].pop(sub, None)
            if set(out[key]) <= {"count"}:
                out[key] = out[key].get("count")
            if out[key] is None:
                del out[key]
    if isinstance(out.get("armor"), dict):
        order = _LOCATION_ORDER
        out["armor"] = dict(sorted(out["armor"].items(), key=lambda kv: order.get(kv[0], -1)))
    return out


def _sized_by_table(catalog: Any, entry: dict[str, Any], tonnage: int) -> dict[str, Any]:
    """The entry without `slots:` where its table's size says the same (a hatchet's
    ⌈tonnage ÷ 15⌉, RULES.md 1.7): the run as written is then no statement of its own."""
    if "slots" not in entry:
        return entry
    try:
        size = catalog.lookup(entry["item"]).slots(tonnage)
    except (ValueError, TypeError):
        return entry
    return {k: v for k, v in entry.items() if k != "slots"} if size == entry["slots"] else entry


def _whole_size(catalog: Any, entry: dict[str, Any], tonnage: int) -> int | None:
    """An entry's slots where it is one whole item (runs of them merge), else None."""
    if "split" in entry or "size" in entry or "slots" in entry:
        return None
    try:
        return int(catalog.lookup(entry["item"]).slots(tonnage))
    except (ValueError, TypeError):
        return None


_LOCATION_ORDER = {loc.value: i for i, loc in enumerate(Location)}
