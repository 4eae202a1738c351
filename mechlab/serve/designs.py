"""What the page opens, creates, downloads and saves, through the functions the commands
use: the readers, the library lookup, `mechlab new`'s starter, the writers and the
output policy (`files/output.py` `Guard`). A design travels as the mapping a YAML file
holds; every function here raises `DesignError` (one line per problem) on bad input.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import UnionType
from typing import Any

from mechlab.core.errors import DesignError
from mechlab.files.load import read_mapping

# The designs the editor offers as choices: a design's component words (Standard).
COMPONENTS = ("engine.type", "gyro", "cockpit", "structure.type", "armor.type",
              "heat_sinks.type", "myomer.type")


def design_of(data: object) -> Any:
    """The `Design` a mapping describes (bad input → `DesignError`)."""
    from mechlab.files.design_data import design_from_dict

    if not isinstance(data, dict):
        raise DesignError("design", ["expected a design (a mapping of fields)"])
    return design_from_dict(data, "design")


def open_text(filename: str, text: str) -> dict[str, Any]:
    """An uploaded file's design mapping: `.mtf` through the MegaMek reader, else YAML."""
    from mechlab.files.load import READERS

    name = Path(filename).name or "design.yaml"
    if Path(name).suffix.lower() == ".mtf":
        from mechlab.files.mtf import import_mtf_bytes

        imported = import_mtf_bytes(text.encode("utf-8"), name)
        return dict(imported.design)
    if Path(name).suffix.lower() not in READERS:
        raise DesignError(name, ["open a design file: .yaml, .yml or .mtf"])
    data = _names_as_written(
        read_mapping(text, name, "is not a design file (expected a mapping of fields)"))
    if not _carried(data):
        # YAML's set, bytes, date or .nan, which JSON cannot carry to the page (a 500; a
        # NaN no JSON reader takes), and no field takes either: the check names the field.
        from mechlab.files.design_data import design_from_dict

        design_from_dict(data, name)
        raise DesignError(name, ["holds a value the page cannot show; fix it in the file"])
    return data


def _carried(value: object) -> bool:
    """Whether JSON carries `value` as it is (YAML's data nests at most 20 deep)."""
    import math

    if value is None or isinstance(value, str | int):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_carried(entry) for entry in value)
    if isinstance(value, dict):
        return all(isinstance(key, str | int | float) and _carried(key) and _carried(entry)
                   for key, entry in value.items())
    return False


def _names_as_written(data: dict[str, Any], record: Any = None) -> dict[str, Any]:
    """The mapping with each name the file wrote as a number (`model: 3.10`, a pilot's
    `name: 3.10`) as the text it wrote: the page gets JSON, whose numbers would give it
    back as 3.1 (and Save write 3.1), where the commands print "3.10"
    (files/yaml_in.py `WrittenFloat`). Each record's fields, however deep."""
    from typing import get_args

    from mechlab.core.design import Design
    from mechlab.core.record import field_hints
    from mechlab.files.yaml_in import WrittenFloat

    hints = field_hints(record or Design)
    written: dict[str, Any] = {}
    for key, value in data.items():
        kinds = _members(hints[key]) if key in hints else set()
        if str in kinds and isinstance(value, WrittenFloat):
            value = value.written
        elif isinstance(value, dict) and (inner := _record_in(kinds)):
            value = _names_as_written(value, inner)
        elif isinstance(value, list) and (
                inner := _record_in({arg for kind in kinds for arg in get_args(kind)})):
            value = [_names_as_written(entry, inner) if isinstance(entry, dict) else entry
                     for entry in value]
        written[key] = value
    return written


def _record_in(kinds: set[Any]) -> Any:
    from mechlab.core.record import Record

    return next((kind for kind in kinds if isinstance(kind, type) and issubclass(kind, Record)),
                None)


def _members(annotation: Any) -> set[Any]:
    """The types a field's annotation admits (`Text | None` → {str, None})."""
    from typing import Annotated, Union, get_args, get_origin

    origin = get_origin(annotation)
    if origin is Annotated:
        return _members(get_args(annotation)[0])
    if origin is Union or isinstance(annotation, UnionType):
        return set().union(*(_members(a) for a in get_args(annotation)))
    return {annotation}


def open_bytes(filename: str, raw: bytes) -> dict[str, Any]:
    """A file's design mapping from its bytes, decoded as the commands decode them: a
    `.mtf` by its reader (UTF-8, else Windows-1252 as older MegaMekLab wrote), YAML as
    UTF-8 or refused (never a U+FFFD put in for a byte, as a lenient decode did)."""
    name = Path(filename).name or "design.yaml"
    if Path(name).suffix.lower() == ".mtf":
        from mechlab.files.mtf import import_mtf_bytes

        return dict(import_mtf_bytes(raw, name).design)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DesignError(filename, [f"byte {exc.start} is not UTF-8; save the file as "
                                     "UTF-8 text"]) from None
    return open_text(name, text)


def open_unit(name: str, page: bool = True) -> dict[str, Any]:
    """A library unit's design mapping, or a MegaMek folder's unit, found by name as the
    commands find it (`mechlab build CPLT-C1`); a name not found is said in the page's
    words, or the command line's (`page` False)."""
    from mechlab.files.inputs import read_input
    from mechlab.files.library import find_unit

    unit = find_unit(name) if name.strip() else None
    if unit is not None:
        return _names_as_written(
            read_mapping(unit.path.read_text("utf-8"), unit.name, "not a design"))
    if Path(name).suffix.lower() in (".yaml", ".yml", ".mtf"):
        raise DesignError(name, ["open files with the Open file button; by name, give a "
                                 "library unit (see: mechlab list)"])
    try:
        found = read_input(name)  # a MegaMek folder's unit, or the error with suggestions
    except DesignError as exc:  # the page's words for the command line's `mechlab list`
        if not page:
            raise
        raise DesignError(exc.source, [
            line.replace("see: mechlab list", "type a few letters and pick one from the list")
            for line in exc.problems]) from None
    return _mapping(found.design)


def _mapping(design: Any) -> dict[str, Any]:
    from mechlab.core.record import dump

    data: dict[str, Any] = dump(design, exclude_defaults=True)
    return data


def new_design(ruleset: str, tonnage: int, walking_mp: int, chassis: str = "Custom",
               model: str = "") -> dict[str, Any]:
    """A bare chassis to build on: `mechlab new`'s engine and structure for the tonnage
    and speed under `ruleset`, its free heat sinks, no armor and no equipment."""
    from mechlab.rulesets import UnknownRulesetError, get_ruleset
    from mechlab.starter import StarterError, starter_design

    try:
        rules = get_ruleset(ruleset)
        design = starter_design(rules, tonnage, walking_mp, 0, chassis, model)
    except (StarterError, UnknownRulesetError) as exc:
        raise DesignError("new", [str(exc)]) from None
    design = {"ruleset": rules.name, **design}
    design["heat_sinks"] = rules.free_heat_sinks
    design["armor"] = {}
    design["equipment"] = []
    return design


def download(data: object, kind: str, style: str | None, paper: str
             ) -> tuple[bytes, str, str]:
    """(bytes, file name, media type) of one download: the design as YAML or .mtf, the
    engine JSON, the PDF record sheet or the PDF Alpha Strike card."""
    from mechlab.files.yaml_out import dump_design, slug

    design = design_of(data)
    stem = slug(design.name)
    if kind == "yaml":
        assert isinstance(data, dict)
        return dump_design(_shorthands(data)).encode(), f"{stem}.yaml", "application/yaml"
    if kind == "mtf":
        from mechlab.files.mtf import design_to_mtf

        return design_to_mtf(design).encode(), f"{design.name}.mtf", "text/plain"
    from mechlab.assess import assess_design

    assessed = assess_design(design)
    if kind == "json":
        from mechlab.export.engine import engine_json

        return engine_json(assessed).encode(), f"{stem}.json", "application/json"
    from mechlab.render.pdf import render_pdf

    if kind == "pdf":
        from mechlab.serve.judge import page_words
        from mechlab.sheet.options import SheetOptions
        from mechlab.sheet.styles import layout_document

        try:
            document = layout_document([assessed], SheetOptions(paper=paper, style=style))
        except DesignError as exc:
            raise DesignError(exc.source, [page_words(line) for line in exc.problems]) from None
        return render_pdf(document), f"{stem}.pdf", "application/pdf"
    if kind == "card":
        from mechlab.cards.alpha_strike import ConversionUndefined
        from mechlab.cards.games import get_game
        from mechlab.cards.layout import lay_out

        game = get_game("alpha-strike")
        refusal = game.refuses(assessed.mech)
        if refusal is not None:
            raise DesignError(design.name, [refusal])
        try:
            card = game.convert(assessed, design.name, 4)
        except ConversionUndefined as exc:  # a weapon not converted yet, as `card` says
            raise DesignError(design.name, [str(exc)]) from None
        document = lay_out([card], paper, game.title, game.layout)
        return render_pdf(document), f"{stem}-card.pdf", "application/pdf"
    raise DesignError(kind, ["download yaml, mtf, json, pdf or card"])


def _shorthands(data: dict[str, Any]) -> dict[str, Any]:
    """The design as players write it (STANDARD_RULES.md §14.6): `engine: xl` for
    `engine: {type: xl}`, `heat_sinks: 15` for `{count: 15}`; the page edits the long
    forms."""
    out = dict(data)
    for key in ("engine", "structure", "myomer"):
        value = out.get(key)
        if isinstance(value, dict) and set(value) == {"type"}:
            out[key] = value["type"]
    sinks = out.get("heat_sinks")
    if isinstance(sinks, dict) and set(sinks) == {"count"}:
        out["heat_sinks"] = sinks["count"]
    return out


def save(data: object, path: str, replace: bool, root: Path,
         saved: dict[Path, bytes] | None = None) -> Path:
    """The design written as YAML (or `.mtf`) to `path` (relative to `root`, the folder
    the server was started in) through the output policy: never over a design file
    unless `replace`, never over a file mechlab did not write, never a partial file.
    `saved` holds what this server wrote where: saving again to a file it wrote, which
    nobody has changed since, replaces it without asking (Save, edit, Save)."""
    from mechlab.files.output import Guard, write_all

    if not path.strip():
        raise DesignError("save", ["give a file name ending in .yaml or .mtf"])
    target = Path(path).expanduser()
    # "../mechs/x.yaml" is said as the folder it names, not "/home/me/serve/../mechs/x.yaml"
    target = Path(os.path.normpath(target if target.is_absolute() else root / target))
    if target.suffix.lower() not in (".yaml", ".yml", ".mtf"):
        raise DesignError(str(target), ["save as .yaml (or .mtf)"])
    kind = "mtf" if target.suffix.lower() == ".mtf" else "yaml"
    content, _, _ = download(data, kind, None, "letter")
    saved = {} if saved is None else saved
    guard = Guard(force=replace or _unchanged_since_saved(target, saved))
    try:
        guard.check([target])
        write_all({target: content}, guard)
    except DesignError as exc:  # the page's words for the command line's --force and -o
        raise DesignError("save", [_page_words(line) for line in exc.lines]) from None
    except OSError as exc:  # a name too long for the disk: the user's to change, not a 500
        raise DesignError("save", [f"{target}: cannot write: {exc.strerror or exc}; "
                                   "nothing was written"]) from None
    saved[target] = content
    return target


def _unchanged_since_saved(target: Path, saved: dict[Path, bytes]) -> bool:
    """Whether `target` is a regular file holding exactly what this server saved there."""
    if target not in saved or target.is_symlink() or not target.is_file():
        return False
    try:
        return target.read_bytes() == saved[target]
    except OSError:
        return False


def _page_words(line: str) -> str:
    """A refusal of the output policy as the page says it: "c.yaml: already exists; tick
    replace to write over it, or save under another name" (the command line's words
    are its options, `--force` and `-o`, which the page does not have)."""
    if "--force" not in line:
        return line
    return f"{line.split(';')[0]}; tick replace to write over it, or save under another name"


def catalogue(ruleset: str, tech: str, query: str, year: int | None) -> list[dict[str, Any]]:
    """The items a design of `ruleset` may mount (`mechlab items`), by name and tech
    base, introduced by `year` (an item with no year is always listed)."""
    from mechlab.items import rows, select
    from mechlab.rulesets import UnknownRulesetError, get_ruleset

    try:
        rules = get_ruleset(ruleset)
    except UnknownRulesetError as exc:
        raise DesignError("ruleset", [str(exc)]) from None
    if tech not in ("is", "clan", "all"):
        raise DesignError("tech", ["choose is, clan or all"])
    found = select(rows(rules), query[:80], tech)
    if year is not None:
        found = [r for r in found if r.item.weapon.intro_year is None
                 or r.item.weapon.intro_year <= year]
    return [r.to_dict() for r in sorted(found, key=lambda r: _rank(r.name, query))]


def _rank(name: str, query: str) -> int:
    """Where a search puts an item: the one named exactly first, then the names that
    begin with the words typed, then the rest (in the catalogue's order), so "medium
    laser" lists the Medium Laser before the ER, pulse and X-pulse ones."""
    words, typed = name.lower().split(), query.lower().split()
    if not typed:
        return 0
    if words == typed:
        return 0
    return 1 if words[:len(typed)] == typed else 2


def choices(ruleset: str) -> dict[str, list[str]]:
    """The component words a design of `ruleset` may choose (the refused ones left out)."""
    from mechlab.core.design import Design
    from mechlab.rulesets import get_ruleset

    rules = get_ruleset(ruleset)
    listed = getattr(rules, "component_choices", None)
    if listed is None:  # a ruleset with one of each component
        return {path: ["standard"] if path != "heat_sinks.type" else ["single"]
                for path in COMPONENTS}
    blank = Design(chassis="x", tonnage=50, walking_mp=4, ruleset=rules.name)
    return {path: [word for word, row in rows.items() if not row.refused]
            for path, _, _, rows in listed(blank) if path in COMPONENTS}
