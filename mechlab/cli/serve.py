"""`mechlab serve`: design a 'Mech in the browser, its verdict and record sheet live."""

from __future__ import annotations

from pathlib import Path

import click

from mechlab.cli.common import bad_input_exits_2


@click.command()
@click.argument("design", required=False)
@click.option("--port", type=click.IntRange(0, 65535), default=8029, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The interface to listen on; only this machine can reach the default.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@bad_input_exits_2
def serve(design: str | None, port: int, host: str, open_browser: bool) -> None:
    """A local designer page: every field of a design, its verdict, findings, status, critical
    slots, record sheet and Alpha Strike card, redrawn on each edit.

    DESIGN is a design file (.yaml, .mtf) or a library unit to open (default: a bare 50 t
    Standard chassis). Nothing leaves this machine; Ctrl-C stops the server.
    """
    from mechlab.serve.app import App
    from mechlab.serve.server import serve as start_server

    app = App(start=_opened(design) if design else None, path=_save_as(design))
    try:
        server, address = start_server(app, host, port)
    except OSError as exc:
        from mechlab.core.errors import DesignError

        raise DesignError(f"--port {port}", [f"cannot listen on {host}:{port}: "
                                             f"{exc.strerror or exc}; try --port 0"]) from None
    click.echo(f"mechlab serve: open {address}  (Ctrl-C stops it)")
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"mechlab serve: listening on {host}: other machines can reach the "
                   "page and save files here", err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(address)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("mechlab serve: stopped")
    finally:
        server.server_close()


def _save_as(design: str | None) -> str:
    """Save's first suggestion: the YAML file the design was opened from, to save back
    to. Not a `.mtf` (MegaMek's, most likely): written back by mechlab it would lose
    what a design does not hold (its fluff, its other lines), so Save suggests the
    design's own `.yaml` name beside it instead."""
    if design and Path(design).suffix.lower() in (".yaml", ".yml"):
        return design
    return ""


def _opened(name: str) -> dict[str, object]:
    """The design mapping a file or a library unit holds (`DesignError` otherwise)."""
    from mechlab.files.design_data import read_design_bytes
    from mechlab.serve.designs import open_bytes, open_unit

    path = Path(name)
    if path.exists() or path.suffix.lower() in (".yaml", ".yml", ".mtf"):
        return open_bytes(str(path), read_design_bytes(path))
    return open_unit(name, page=False)
