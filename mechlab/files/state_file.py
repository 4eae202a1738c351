"""Reading a damage state (issue 30): a state file (`mechlab sheet X --state S.yaml`) or a
force unit's `state:` block, and checking that it can belong to its 'Mech. Every mistake
is a `DesignError` line naming the file and the field (exit code 2), never repaired."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from mechlab.core.errors import DesignError
from mechlab.core.given import given_shown
from mechlab.core.state import DamageState
from mechlab.files.design_data import _keys_named, _problem, read_design_bytes
from mechlab.files.load import read_mapping
from mechlab.model.damage import state_problems
from mechlab.model.mech import Mech

FIELDS = ", ".join(DamageState.model_fields)
_NOT_A_MAPPING = ("dict_type", "model_type", "model_attributes_type")
_BY_LOCATION = {"armor": "points lost (left_arm: 5, center_torso: {front: 12, rear: 3})",
                "structure": "points lost (left_arm: 2)",
                "critical_hits": "the slots hit (left_torso: [1, 2])"}


def read_state(path: Path) -> DamageState:
    """The state a YAML state file states (its shapes checked; `checked` judges it)."""
    source = str(path)
    raw = read_design_bytes(path, "state file")  # a regular file, at most 1 MB
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DesignError(source, ["is not UTF-8 text; save it as UTF-8"]) from None
    data = read_mapping(text, source, f"a state file is a YAML mapping of {FIELDS}")
    return state_from_data(data, source)


def state_from_data(data: Any, source: str, prefix: str = "") -> DamageState:
    """A `DamageState` from a mapping; `prefix` names where it sits (`units[2].state.`)."""
    if not isinstance(data, dict):
        raise DesignError(source, [f"{prefix.rstrip('.') or 'state'}: expected a mapping of "
                                   f"{FIELDS}"])
    try:
        return DamageState.model_validate(data)
    except ValidationError as exc:
        raise DesignError(source, [prefix + state_problem(err)
                                   for err in _keys_named(exc.errors())]
                          ) from None


def state_problem(err: Any) -> str:
    """A pydantic error of a `DamageState` in a state's words (a state file's, or a force
    unit's `state:`; its `loc` from the state's own fields)."""
    # A bad mapping key (an unknown location) is named by its mapping's field.
    err = {**err, "loc": tuple(part for part in err["loc"] if part != "[key]")}
    loc, given = err["loc"], err.get("input")
    if err["type"] == "extra_forbidden" and len(loc) == 1:
        return f"{loc[0]}: unknown field; a state has {FIELDS}"
    # The design's words would describe the design's own `armor:` ({type: …, tech: …}).
    if err["type"] in _NOT_A_MAPPING and len(loc) == 1 and loc[0] in _BY_LOCATION:
        return (f"{loc[0]}: expected a mapping of locations to {_BY_LOCATION[loc[0]]}, "
                f"got {given_shown(given)}")
    if err["type"] in _NOT_A_MAPPING and len(loc) == 2 and loc[0] == "armor":
        return (f"armor.{loc[1]}: expected the points lost (a whole number) or "
                f"{{front: N, rear: N}}, got {given_shown(given)}")
    return _problem(err)


def checked(state: DamageState, mech: Mech, source: str, prefix: str = "") -> DamageState:
    """`state` if it can be this 'Mech's, else a `DesignError` naming every problem."""
    problems = state_problems(state, mech)
    if problems:
        raise DesignError(source, [f"{prefix}{line} ({mech.name})" for line in problems])
    return state
