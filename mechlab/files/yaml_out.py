"""Writing design files: plain YAML a person can read and edit by hand."""

from __future__ import annotations

import re
from typing import Any

import yaml

from mechlab.files.yaml_in import WrittenFloat


class _Flow(dict[str, Any]):
    """A mapping written on one line: `{item: LRM 15, location: left_arm}`."""


class _FlowList(list[Any]):
    """A list written on one line: `[1, 2, 3]`."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(
    _Flow, lambda d, data: d.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True)
)
# A number read from a design file is written back as it was written (`3.10`, not `3.1`).
_Dumper.add_representer(
    WrittenFloat, lambda d, data: d.represent_scalar("tag:yaml.org,2002:float", data.written)
)
_Dumper.add_representer(
    _FlowList, lambda d, data: d.represent_sequence("tag:yaml.org,2002:seq", data,
                                                    flow_style=True)
)


def dump_design(design: dict[str, Any], header: str = "") -> str:
    """YAML text of a design dict: one line per equipment entry and per torso."""
    data = dict(design)
    if isinstance(data.get("armor"), dict):
        data["armor"] = {k: _Flow(v) if isinstance(v, dict) else v
                         for k, v in data["armor"].items()}
    if isinstance(data.get("actuators"), dict):
        data["actuators"] = {k: _Flow(v) for k, v in data["actuators"].items()}
    if isinstance(data.get("armored_slots"), dict):  # one line a location: `head: [3]`
        data["armored_slots"] = {k: _FlowList(v) for k, v in data["armored_slots"].items()}
    data["equipment"] = [_Flow(e) for e in data.get("equipment", [])]
    if data.get("weapon_quirks"):
        data["weapon_quirks"] = [_Flow(q) for q in data["weapon_quirks"]]
    text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    comment = "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines())
    return comment + text


def slug(name: str) -> str:
    """'Catapult CPLT-C1' → 'catapult-cplt-c1' (a file name without spaces)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "unit"
