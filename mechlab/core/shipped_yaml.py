"""Reading the YAML files mechlab ships (ruleset tables, the unit library) fast.

libyaml's C parser, when PyYAML was built with it, parses ~8× faster than the
pure-Python one (`intro.yaml`: 4 ms instead of 33). The data are the same either
way: the C parser feeds the same Python `SafeConstructor` and resolver. These files
are ours and tested, so the bounds a user's design file gets do not apply here.
"""

from __future__ import annotations

from typing import Any

import yaml

try:
    from yaml import CSafeLoader as Loader
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader as Loader  # type: ignore[assignment]  # the same API in Python


def load_shipped(text: str) -> Any:
    """The data of one YAML document that ships with mechlab."""
    return yaml.load(text, Loader=Loader)
