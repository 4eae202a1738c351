"""`mechlab new` and `mechlab schema`: a starter design, the engine JSON's schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import yaml

from mechlab.cli.common import bad_input_exits_2, clip, force_option, require_suffix
from mechlab.core.design import MAX_NAME, check_chassis, check_text
from mechlab.core.errors import DesignError
from mechlab.export.schema import json_schema
from mechlab.files.output import Guard, write_all
from mechlab.rulesets import get_ruleset
from mechlab.starter import StarterError, starter_design


@click.command()
@click.option("--tonnage", "-t", type=int, required=True, help="20–100 in steps of 5.")
@click.option("--walk", "-w", "walking_mp", type=int, required=True, help="Walking MP.")
@click.option("--jump", "-j", "jumping_mp", type=click.IntRange(min=0), default=0,
              help="Jumping MP.")
@click.option("--chassis", default="Custom", help="Chassis name.")
@click.option("--model", default="", help="Model designation.")
@click.option("--auto-armor", is_flag=True,
              help="Spread the armor as MegaMekLab's auto-allocation does (the same points).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the design here (default: stdout).")
@force_option
@bad_input_exits_2
def new(tonnage: int, walking_mp: int, jumping_mp: int, chassis: str, model: str,
        auto_armor: bool, output: Path | None, force: bool) -> None:
    """A starter design file for a tonnage and walking speed, legal as written."""
    require_suffix(output, ".yaml", ".yml")
    guard = _checked_guard(output, force)
    for option, text in (("--chassis", chassis), ("--model", model)):
        try:  # the bounds of a design file's names, however the name arrives
            check_text(text, MAX_NAME)
            if option == "--chassis":
                check_chassis(text)
        except ValueError as exc:
            raise DesignError(option, [str(exc)]) from None
    try:
        design = starter_design(get_ruleset(), tonnage, walking_mp, jumping_mp,
                                chassis, model)
    except StarterError as exc:
        raise DesignError("mechlab new", [str(exc)]) from None
    if auto_armor:
        design = _auto_armored(design)
    text = yaml.safe_dump(design, sort_keys=False, allow_unicode=True, width=100)
    _echo_or_write(text, output, guard)


@click.command()
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the schema here (default: stdout).")
@click.option("--cards", is_flag=True, help="The schema of the cards JSON `card` writes instead.")
@click.option("--force-file", is_flag=True,
              help="The schema of the force JSON `force --json` writes instead.")
@force_option
@bad_input_exits_2
def schema(output: Path | None, cards: bool, force_file: bool, force: bool) -> None:
    """The JSON Schema of the engine JSON that `build` writes (or, --cards, of `card`'s JSON;
    --force-file, of `force --json`'s)."""
    guard = _checked_guard(output, force)
    if cards:
        from mechlab.cards.export import cards_schema

        document = cards_schema()
    elif force_file:
        from mechlab.force.export import force_schema

        document = force_schema()
    else:
        document = json_schema()
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    _echo_or_write(text, output, guard)


def _auto_armored(design: dict[str, Any]) -> dict[str, Any]:
    """The starter's armor points spread as MegaMekLab spreads them (`mechlab.edit`)."""
    from fractions import Fraction

    from mechlab.edit import auto_armor
    from mechlab.edit.armor import resolved

    mech = resolved(design)
    return auto_armor(design, Fraction(mech.armor_points) / mech.armor_per_ton)


def _checked_guard(output: Path | None, force: bool) -> Guard:
    """The output policy, asked about `output` before anything is computed."""
    guard = Guard(force=force)
    if output is not None:
        guard.check([output])
    return guard


def _echo_or_write(text: str, output: Path | None, guard: Guard) -> None:
    """`text` on stdout, or written to `output` through the output policy (and said so on
    stderr, as every writer does)."""
    if output is None:
        click.echo(text, nl=False)
    else:
        write_all({output: text.encode()}, guard)
        click.echo(clip(f"wrote {output}"), err=True)
