"""The `mechlab` command line: one module per group of commands, imported on demand.

Exit codes: 0 success (all legal), 1 a design breaks a rule, 2 bad input (one
clear line per problem on stderr, no traceback, no output file written).

Commands are a registry (name → module), not an if-chain: a command's module is
imported only when that command runs or its help is shown, so `mechlab --version`
does not pay for the PDF stack.
"""

from __future__ import annotations

import gc
import importlib
import os
from typing import Any

import click

from mechlab import __version__
from mechlab.core import pydantic_plugins

# mechlab's models use no pydantic plugin, and looking for plugins reads every installed
# package's metadata the first time a model validates (~40 ms, a fifth of the start-up
# issue 31 measures). `PYDANTIC_DISABLE_PLUGINS` is pydantic's documented switch; a value
# the user set is kept.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
# With every plugin off, pydantic's loader would import importlib.metadata only to say
# "none" (~33 ms): the one adapter to its internals answers instead.
pydantic_plugins.install()

# name → (module under mechlab.cli, function name, one-line help for `mechlab --help`)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "build": ("build", "build", "Check designs and write X.json, X.pdf and X.html."),
    "sheet": ("sheet", "sheet", "Print many units into one PDF or HTML file."),
    "force": ("force", "force", "A force file's units, pilots, BV and totals."),
    "validate": ("validate", "validate_command", "Check designs against their ruleset."),
    "check": ("validate", "check", "Validate every design under a folder and summarise."),
    "list": ("library", "list_command", "The units of the bundled library, with BV and cost."),
    "new": ("new", "new", "A starter design file, legal as written."),
    "schema": ("new", "schema", "The JSON Schema of the engine JSON that `build` writes."),
    "bv": ("bv", "bv", "Battle Value (BV2) and C-bill cost, optionally step by step."),
    "card": ("card", "card", "Unit cards (trading-card game or Alpha Strike): PDF, HTML, JSON."),
    "import": ("mtf", "import_command", "Read MegaMek .mtf files into mechlab design files."),
    "export": ("mtf", "export_command", "Write a design as a MegaMek .mtf file."),
    "items": ("items", "items", "What can be mounted: weight, slots, heat, damage, ranges."),
    "serve": ("serve", "serve", "Design in the browser: live verdict, record sheet and card."),
}


class LazyGroup(click.Group):
    """A click group whose commands live in the COMMANDS registry, imported when used."""

    # Set while the process's own run (`__call__`) imports its command's module.
    _starting = False
    # Set once that run froze what its start-up made (`get_command`); `long_lived` asks.
    # (The collector's own count cannot tell: Python 3.12 starts with objects frozen.)
    start_up_frozen = False

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """The process's own run: the `mechlab` script and `python -m mechlab` (click's
        test runner calls the `main` method, and gets none of this). Importing a
        command's module makes ~40,000 objects the cyclic collector tracks (modules,
        classes, pydantic's types) that live as long as the process, with next to no
        cyclic garbage among them: the collector is off while they are made, then they
        are frozen out of its rounds (`gc.freeze`), and so out of the interpreter's last
        collections at exit, which tore them all down just before the process ended.
        Issue 31: 32-36 ms of CPU of a `validate` of one design (docs/benchmarks.md)."""
        if gc.isenabled():
            gc.disable()
            self._starting = True
        try:
            return self.main(*args, **kwargs)
        finally:
            if self._starting:  # no command was imported (--help, --version, a typo)
                self._starting = False
                gc.enable()

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module, attribute, _ = entry
        command: click.Command = getattr(
            importlib.import_module(f"mechlab.cli.{module}"), attribute)
        if self._starting:
            self._starting = False
            gc.freeze()
            LazyGroup.start_up_frozen = True
            gc.enable()
        return command

    def invoke(self, ctx: click.Context) -> object:
        # Ctrl-C while a command module is still being imported: exit 130 as the
        # commands do (click would print "Aborted!" and exit 1).
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("mechlab: interrupted; no partial file written", err=True)
            ctx.exit(130)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # The registry's own one-liners: `mechlab --help` imports no command module.
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mechlab")
@click.option("--megamek-dir", "megamek_dirs", multiple=True, metavar="DIR",
              type=click.Path(exists=True, file_okay=False),
              help="A MegaMek data folder (e.g. MegaMekLab's data/mekfiles) whose units "
                   "FILE arguments may name; also MECHLAB_MEGAMEK_DIR.")
def main(megamek_dirs: tuple[str, ...] = ()) -> None:
    """mechlab: BattleTech 'Mech designs in YAML → verdict, record sheets, engine JSON.

    FILE arguments take design files (.yaml, .mtf), library unit names
    (`mechlab build CPLT-C1`; see `mechlab list`) or the names of units in MegaMek data
    folders (`mechlab --megamek-dir ~/megameklab/data/mekfiles sheet "Atlas AS7-K"`).
    """
    if megamek_dirs:
        from mechlab.files.megamek_dir import use_dirs

        use_dirs(megamek_dirs)
