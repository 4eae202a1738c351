"""`mechlab serve`'s web application: a small WSGI app over the standard library.

Routes (the page's JSON API; every answer is JSON unless a file is asked for):

    GET  /                      the designer page        GET /static/NAME  its script, style
    GET  /font/regular|bold     the sheet's font         GET /api/start    options, first design
    GET  /api/catalogue?ruleset=&tech=&q=&year=          GET /api/library?q=
    POST /api/judge   {design, style, paper}             verdict, findings, stats, slots, SVG
    POST /api/edit    {design, op, args}                 the design after one operation
    POST /api/new     {ruleset, tonnage, walking_mp}     a bare chassis
    POST /api/open    {unit}, {filename, base64} or {filename, text}: a design mapping
    POST /api/download/yaml|mtf|json|pdf|card {design, style, paper}
    POST /api/save    {design, path, replace}

The server only listens on the loopback interface unless told otherwise, and still
refuses a request whose Host is not its own (DNS rebinding) and a POST without the
page's token (another site's form cannot send it). Bodies are bounded; bad input gets
one line per problem (HTTP 400), never a traceback; whatever fails unexpectedly is a
500 with one plain line.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from mechlab.core.errors import DesignError
from mechlab.serve import api

MAX_BODY = 2_000_000  # a design is a few KB; an upload of a .mtf under 1 MB (the readers' bound)
STATIC = {"app.js": "text/javascript", "app.css": "text/css"}
HEADERS = [("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-store"),
           ("Referrer-Policy", "no-referrer"),
           ("Content-Security-Policy",
            "default-src 'self'; img-src 'self' data: blob:; font-src 'self'; "
            "style-src 'self'; script-src 'self'; connect-src 'self'; "
            "frame-ancestors 'none'; form-action 'none'")]

StartResponse = Callable[[str, list[tuple[str, str]]], Any]


class HttpError(Exception):
    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class App:
    """The designer's WSGI application; `start` is the design it opens with."""

    start: dict[str, Any] | None = None
    root: Path = field(default_factory=Path.cwd)
    path: str = ""  # the file the design was opened from: Save's suggestion
    hosts: frozenset[str] = frozenset()  # the Host values it answers; empty: any (tests)
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    saved: dict[Path, bytes] = field(default_factory=dict)  # what Save wrote where

    def __call__(self, environ: dict[str, Any], start_response: StartResponse
                 ) -> Iterable[bytes]:
        try:
            self._check_host(environ)
            status, headers, body = self._route(environ)
        except HttpError as exc:
            status, headers, body = exc.status, *_json({"error": str(exc)})
        except DesignError as exc:
            status, headers, body = "400 Bad Request", *_json(
                {"error": "; ".join(exc.problems or exc.lines),
                 "problems": api.problems_of(exc)})
        except Exception as exc:  # never a traceback on the page: one line, and stderr
            print(f"mechlab serve: {type(exc).__name__}: {exc}", file=sys.stderr)
            status, headers, body = "500 Internal Server Error", *_json(
                {"error": f"mechlab could not do that ({type(exc).__name__}); "
                          "the terminal running mechlab serve has the details"})
        start_response(status, [*headers, *HEADERS, ("Content-Length", str(len(body)))])
        return [body]

    def _check_host(self, environ: dict[str, Any]) -> None:
        host = str(environ.get("HTTP_HOST", ""))
        if self.hosts and host not in self.hosts:
            raise HttpError("403 Forbidden", "unknown Host; open the address mechlab "
                                             "serve printed")

    def _route(self, environ: dict[str, Any]) -> tuple[str, list[tuple[str, str]], bytes]:
        method = environ.get("REQUEST_METHOD", "GET")
        path = str(environ.get("PATH_INFO", "/"))
        if method == "GET":
            return self._get(path, parse_qs(str(environ.get("QUERY_STRING", ""))[:2000]))
        if method != "POST":
            raise HttpError("405 Method Not Allowed", "GET or POST only")
        if environ.get("HTTP_X_MECHLAB_TOKEN") != self.token:
            raise HttpError("403 Forbidden", "missing the page's token; reload the page")
        return self._post(path, _body(environ))

    def _get(self, path: str, query: dict[str, list[str]]
             ) -> tuple[str, list[tuple[str, str]], bytes]:
        if path == "/":
            page = _asset("index.html").replace("{{token}}", self.token)
            return "200 OK", [("Content-Type", "text/html; charset=utf-8")], page.encode()
        if path.startswith("/static/") and path[8:] in STATIC:
            name = path[8:]
            return "200 OK", [("Content-Type", f"{STATIC[name]}; charset=utf-8")], \
                _asset(name).encode()
        if path == "/favicon.ico":
            return "204 No Content", [], b""
        if path in ("/font/regular", "/font/bold"):
            from mechlab.render.fonts import font_path

            return "200 OK", [("Content-Type", "font/ttf")], \
                font_path(path[6:]).read_bytes()
        handler = api.GETS.get(path)
        if handler is None:
            raise HttpError("404 Not Found", f"no such page: {path[:80]}")
        if path == "/api/start":
            return _ok({**api.start(self.start), "path": self.path})
        return _ok(handler({k: v[0] for k, v in query.items()}))

    def _post(self, path: str, body: dict[str, Any]
              ) -> tuple[str, list[tuple[str, str]], bytes]:
        if path.startswith("/api/download/"):
            content, name, media = api.download(path[len("/api/download/"):], body)
            safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
            return "200 OK", [("Content-Type", media),
                              ("Content-Disposition", f'attachment; filename="{safe}"')], \
                content
        if path == "/api/save":
            return _ok(api.save(body, self.root, self.saved))
        handler = api.POSTS.get(path)
        if handler is None:
            raise HttpError("404 Not Found", f"no such action: {path[:80]}")
        return _ok(handler(body))


def _asset(name: str) -> str:
    return resources.files("mechlab.serve").joinpath("static", name).read_text("utf-8")


def _body(environ: dict[str, Any]) -> dict[str, Any]:
    """The request's JSON object, read with a bound."""
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise HttpError("400 Bad Request", "bad Content-Length") from None
    if length > MAX_BODY:
        raise HttpError("413 Payload Too Large",
                        f"request larger than {MAX_BODY // 1_000_000} MB; a design is a few KB")
    try:
        raw = environ["wsgi.input"].read(length) if length > 0 else b""
    except TimeoutError:  # a client that stopped sending (server.REQUEST_TIMEOUT)
        raise HttpError("408 Request Timeout", "the request stopped arriving; "
                                               "try again") from None
    try:
        data = json.loads(raw.decode("utf-8")) if raw else {}
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise HttpError("400 Bad Request", "the request is not JSON") from None
    if not isinstance(data, dict):
        raise HttpError("400 Bad Request", "expected a JSON object")
    return data


def _json(data: object) -> tuple[list[tuple[str, str]], bytes]:
    # `<`, `>` and `&` as \u escapes: a name echoed back is inert even if sniffed as HTML.
    try:
        body = _inert(json.dumps(data, ensure_ascii=False)).encode()
    except UnicodeEncodeError:
        # A lone surrogate a file spelled as YAML's "\\ud800" goes back as JSON's escape,
        # and the page's verdict names its field (it was an internal error).
        body = _inert(json.dumps(data)).encode()
    return [("Content-Type", "application/json; charset=utf-8")], body


def _inert(text: str) -> str:
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _ok(data: object) -> tuple[str, list[tuple[str, str]], bytes]:
    return "200 OK", *_json(data)
