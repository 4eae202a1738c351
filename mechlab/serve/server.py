"""The threaded standard-library HTTP server that runs the designer's WSGI app."""

from __future__ import annotations

import socket
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from mechlab.serve.app import App

# A client that stops sending mid-request is dropped after this many seconds.
REQUEST_TIMEOUT = 30


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    allow_reuse_address = True


class _V6Server(_Server):
    address_family = socket.AF_INET6


class _Handler(WSGIRequestHandler):
    timeout = REQUEST_TIMEOUT

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet: the terminal shows the address and errors, not every edit


def serve(app: App, host: str, port: int) -> tuple[WSGIServer, str]:
    """A server bound to `host`:`port` (0: any free port) and the address it serves."""
    server_class = _V6Server if ":" in host else _Server
    server = make_server(host, port, app, server_class=server_class, handler_class=_Handler)
    bound = server.server_address[1]
    shown = f"[{host}]" if ":" in host else host
    names = {f"{shown}:{bound}", f"localhost:{bound}", f"127.0.0.1:{bound}", f"[::1]:{bound}"}
    # Every interface (--host 0.0.0.0): the user chose to be reached by any name.
    app.hosts = frozenset() if host in ("0.0.0.0", "::") else frozenset(names)
    return server, f"http://{shown}:{bound}/"
