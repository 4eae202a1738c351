"""`mechlab items`: what can be mounted, by ruleset and tech base (issue 20)."""

from __future__ import annotations

import json
import math

import click

from mechlab.cli.common import bad_input_exits_2
from mechlab.core.errors import DesignError
from mechlab.rulesets import UnknownRulesetError, get_ruleset


def _finite(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """A weight is a number: `nan` passed every comparison's refusal and listed all."""
    if value is not None and not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a number of tons")
    return value


@click.command("items")
@click.argument("query", nargs=-1)
@click.option("--ruleset", default="standard", show_default=True,
              help="Whose table: standard, intro, battledroids (or an alias).")
@click.option("--tech", type=click.Choice(["is", "clan", "all"]), default="all",
              show_default=True, help="Items an Inner Sphere or a Clan 'Mech may mount.")
@click.option("--type", "kind", type=click.Choice(
    ["weapons", "ammo", "equipment", "physical", "heat-sinks", "jump-jets"]),
              help="Only this kind of item.")
@click.option("--max-tons", type=click.FloatRange(min=0), callback=_finite,
              help="At most this heavy (formula-sized items drop out).")
@click.option("--max-slots", type=click.IntRange(min=0), help="At most this many slots.")
@click.option("--json", "as_json", is_flag=True, help="JSON, with every accepted spelling.")
@bad_input_exits_2
def items(query: tuple[str, ...], ruleset: str, tech: str, kind: str | None,
          max_tons: float | None, max_slots: int | None, as_json: bool) -> None:
    """What can be mounted: weight, slots, heat, damage and ranges, filterable.

    QUERY words match an item's name and every spelling the ruleset accepts
    (`mechlab items gauss --tech clan`, `mechlab items ISERLargeLaser`).
    """
    from mechlab.core.equipment import _key
    from mechlab.items import TYPES, closest, rows, select, table

    try:
        chosen = get_ruleset(ruleset)
    except UnknownRulesetError as exc:
        raise DesignError("--ruleset", [str(exc)]) from None
    text = " ".join(query)
    if text.strip() and not any(_key(word) for word in text.split()):
        # Words of punctuation match no name (they matched every name, as no query does).
        raise DesignError("items", [f"no {chosen.name} item matches {text!r}; name words "
                                    "of an item, e.g. mechlab items gauss"])
    every = rows(chosen)
    found = select(every, text, tech, TYPES[kind] if kind else (), max_tons, max_slots)
    if not found:
        near = closest(every, text) if text else []
        hint = f"; closest names: {', '.join(near)}" if near else ""
        raise DesignError("items", [f"no {chosen.name} item matches {text!r}{hint}"])
    if as_json:
        click.echo(json.dumps([r.to_dict() for r in found], indent=2, ensure_ascii=False))
    else:
        click.echo(table(found))
        click.echo(f"\n{len(found)} item{'s' if len(found) != 1 else ''} "
                   f"({chosen.name} ruleset)")
