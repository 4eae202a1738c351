"""The names a player may type for a unit: its model, its full name, its file's stem, and
for a chassis with two names, either one.

MegaMek writes a Clan OmniMech's two names as one chassis, the Clan name and then the
Inner Sphere reporting name in parentheses ("Mad Cat (Timber Wolf)", "Daishi (Dire
Wolf)"); players say "Timber Wolf Prime" or "Mad Cat Prime".
"""

from __future__ import annotations

import re

_DUAL = re.compile(r"^(?P<first>[^()]+?)\s*\((?P<second>[^()]+)\)$")


def key(text: str) -> str:
    """A name as compared: lower case, letters and digits only ("LCT 1V" = "lct-1v")."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def chassis_names(chassis: str) -> tuple[str, ...]:
    """The chassis as written, and each of its two names if it has two."""
    dual = _DUAL.match(chassis.strip())
    if dual is None:
        return (chassis,)
    return chassis, dual["first"], dual["second"]


def unit_keys(chassis: str, model: str, stem: str) -> frozenset[str]:
    """The keys a unit answers to: its model, its file's stem, and each chassis name with
    the model ("Timber Wolf Prime", "Mad Cat (Timber Wolf) Prime")."""
    names = {f"{name} {model}".strip() for name in chassis_names(chassis)}
    return frozenset(k for k in (key(model), key(stem), *map(key, names)) if k)
