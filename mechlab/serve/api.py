"""The page's JSON API: each handler takes the request's JSON object and returns the
answer's; bad input raises `DesignError` (the app answers 400 with its lines)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from mechlab import edit
from mechlab.core.errors import DesignError
from mechlab.serve import designs
from mechlab.serve.judge import View, judge, problems_of

__all__ = ["GETS", "POSTS", "download", "problems_of", "save", "start"]

Handler = Callable[[dict[str, Any]], object]


def _text(body: dict[str, Any], key: str, default: str = "", limit: int = 200) -> str:
    value = body.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str | int) or isinstance(value, bool) or len(str(value)) > limit:
        raise DesignError(key, [f"{key}: expected text of at most {limit} characters"])
    return _utf8(key, str(value))


def _utf8(key: str, text: str) -> str:
    """`text`, refused if it holds a lone surrogate (JSON's "\\ud800"): no file name, path
    or file can hold one, and writing it failed as an internal error."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise DesignError(key, [f"U+{ord(text[exc.start]):04X} at character {exc.start + 1} "
                                "is not a character (a lone surrogate); send UTF-8 text"]
                          ) from None
    return text


def _int(body: dict[str, Any], key: str, default: int | None = None) -> int:
    value = body.get(key, default)
    if isinstance(value, str) and value.strip().lstrip("-").isdecimal() and len(value) < 6:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10_000:
        shown = repr(value) if len(repr(value)) <= 20 else f"{len(repr(value))} characters"
        raise DesignError(key, [f"{key}: expected a whole number, got {shown}"])
    return value


def _view(body: dict[str, Any]) -> View:
    from mechlab.render.frame import PAPER
    from mechlab.sheet.styles import style_names

    style = _text(body, "style") or None
    paper = _text(body, "paper", "letter") or "letter"
    if style is not None and style not in style_names():
        raise DesignError("style", [f"choose from {', '.join(style_names())}"])
    if paper not in PAPER:
        raise DesignError("paper", [f"choose from {', '.join(sorted(PAPER))}"])
    return View(style, paper)


def _design(body: dict[str, Any]) -> dict[str, Any]:
    data = body.get("design")
    if not isinstance(data, dict):
        raise DesignError("design", ["expected a design (a mapping of fields)"])
    return data


def start(design: dict[str, Any] | None) -> dict[str, Any]:
    """What the page needs first: the rulesets, styles, papers, configurations (each with
    its locations), and the design to open."""
    from mechlab.render.frame import PAPER
    from mechlab.rulesets import ruleset_names
    from mechlab.sheet.styles import style_names

    first = design or designs.new_design("standard", 50, 4)
    return {"rulesets": ruleset_names(), "styles": style_names(), "papers": sorted(PAPER),
            "choices": {name: designs.choices(name) for name in ruleset_names()},
            "configurations": configurations(), "design": first}


def configurations() -> dict[str, list[dict[str, Any]]]:
    """Each configuration's locations as the page lists them (armor rows, entry and
    catalogue locations): a tripod's center leg, a QuadVee's four legs."""
    from mechlab.core.configurations import CONFIGURATIONS

    return {name: [{"location": loc.value, "title": loc.title, "rear": loc.has_rear_armor}
                   for loc in config.locations]
            for name, config in CONFIGURATIONS.items()}


def _catalogue(query: dict[str, Any]) -> object:
    year = query.get("year")
    return designs.catalogue(_text(query, "ruleset", "standard"), _text(query, "tech", "all"),
                             _text(query, "q"), _int(query, "year") if year else None)


def _library(query: dict[str, Any]) -> object:
    from mechlab.files.library import library

    words = _text(query, "q").lower().split()
    units = [u for u in library()
             if all(w in f"{u.name} {u.label}".lower() for w in words)]
    return [{"name": u.name, "label": u.label, "tonnage": u.tonnage, "ruleset": u.ruleset}
            for u in units[:400]]


def _judge(body: dict[str, Any]) -> object:
    return judge(_design(body), _view(body))


def _new(body: dict[str, Any]) -> object:
    return {"design": designs.new_design(
        _text(body, "ruleset", "standard"), _int(body, "tonnage"), _int(body, "walking_mp"),
        _text(body, "chassis", "Custom") or "Custom", _text(body, "model"))}


def _open(body: dict[str, Any]) -> object:
    if "base64" in body:  # a file's bytes, decoded as the commands decode them
        return {"design": designs.open_bytes(_text(body, "filename", "design.yaml"),
                                             _bytes(body["base64"]))}
    if "text" in body:
        text = body["text"]
        if not isinstance(text, str):
            raise DesignError("open", ["expected the file's text"])
        _utf8("text", text)
        return {"design": designs.open_text(_text(body, "filename", "design.yaml"), text)}
    return {"design": designs.open_unit(_text(body, "unit"))}


def _bytes(value: object) -> bytes:
    import base64
    import binascii

    if not isinstance(value, str):
        raise DesignError("open", ["expected the file's bytes (base64)"])
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise DesignError("open", ["expected the file's bytes (base64)"]) from None


def _edit(body: dict[str, Any]) -> object:
    """One operation of `mechlab.edit` on the design (its name in `op`)."""
    data = _design(body)
    op = _text(body, "op")
    args = body.get("args") or {}
    if not isinstance(args, dict):
        raise DesignError("args", ["expected a mapping"])
    designs.design_of(data)  # bad input is reported before any operation
    try:
        return {"design": _operate(data, op, args)}
    except ValueError as exc:
        raise DesignError(op, [str(exc)]) from None


def _operate(data: dict[str, Any], op: str, args: dict[str, Any]) -> dict[str, Any]:
    if op == "auto_armor":
        tons = args.get("tons")
        if tons == "remaining":  # the armor now and every ton left unused
            from mechlab.edit.armor import armor_tons_free, resolved

            return edit.auto_armor(data, armor_tons_free(resolved(data)))
        return edit.auto_armor(data, None if tons in (None, "") else _tons(tons))
    if op == "fix":
        return _fix(data, _text(args, "code"), _text(args, "path"))
    if op in ("compact", "sort", "fill"):
        return {"compact": edit.compact, "sort": edit.sort_slots, "fill": edit.fill}[op](data)
    if op == "add":
        return edit.add_item(data, _text(args, "item"), _text(args, "location"))
    if op not in ("place", "move", "unplace", "remove", "split"):
        raise DesignError("op", ["op: unknown operation; one of auto_armor, fix, compact, sort, "
                                 "fill, add, place, move, unplace, remove, split"])
    entry = _int(args, "entry")
    if op == "place":
        slot = args.get("slot")
        return edit.place_split(data, entry, _text(args, "location"),
                                None if slot is None else _int(args, "slot"))
    if op == "move":
        return edit.move_entry(data, entry, _text(args, "location"))
    if op == "unplace":
        return edit.unplace(data, entry)
    if op == "remove":
        return edit.remove_entry(data, entry)
    return edit.split(data, entry, _text(args, "location"), _int(args, "slots"))


def _tons(value: object) -> Fraction:
    try:
        tons = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise DesignError("tons", ["expected a number of tons (10.5)"]) from None
    if not 0 <= tons <= 200:
        raise DesignError("tons", ["expected 0–200 tons"])
    return tons


def _fix(data: dict[str, Any], code: str, path: str) -> dict[str, Any]:
    from mechlab.assess import assess_design

    assessed = assess_design(designs.design_of(data))
    for finding in assessed.findings:
        if finding.code == code and finding.path == path:
            return edit.apply_fix(data, finding)
    raise DesignError(code, [f"the design has no {code} finding at {path} any more"])


def download(kind: str, body: dict[str, Any]) -> tuple[bytes, str, str]:
    view = _view(body)
    return designs.download(_design(body), kind, view.style, view.paper)


def save(body: dict[str, Any], root: Path, saved: dict[Path, bytes] | None = None
         ) -> object:
    target = designs.save(_design(body), _text(body, "path", limit=1000),
                          bool(body.get("replace")), root, saved)
    return {"saved": str(target)}


GETS: dict[str, Handler] = {"/api/start": lambda q: None, "/api/catalogue": _catalogue,
                            "/api/library": _library}
POSTS: dict[str, Handler] = {"/api/judge": _judge, "/api/edit": _edit, "/api/new": _new,
                             "/api/open": _open}
