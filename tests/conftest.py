"""Shared fixtures: the Catapult example, design helpers and the MegaMek corpus."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from mechlab.files.load import design_from_dict
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve
from mechlab.validate import Finding, Severity, validate

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
CORPUS = REPO.parent / "shared" / "corpus" / "megamek-mtf"

needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the MegaMek corpus is not at {CORPUS}"
)


@pytest.fixture
def catapult() -> dict[str, Any]:
    """The CPLT-C1 worked example as a plain dict, fresh for every test."""
    return copy.deepcopy(_catapult())


_CACHE: dict[str, Any] = {}


def _catapult() -> dict[str, Any]:
    if "catapult" not in _CACHE:
        _CACHE["catapult"] = yaml.safe_load((EXAMPLES / "catapult.yaml").read_text())
    return _CACHE["catapult"]


def mech_of(data: dict[str, Any]) -> Mech:
    return resolve(design_from_dict(data))


def findings_of(data: dict[str, Any]) -> list[Finding]:
    return validate(mech_of(data))


def errors_of(data: dict[str, Any]) -> list[str]:
    """Every error as printed: 'E-CODE path: message'."""
    return [str(f) for f in findings_of(data) if f.severity is Severity.ERROR]


def codes_of(data: dict[str, Any]) -> list[str]:
    return [f.code for f in findings_of(data)]


def corpus_files() -> list[Path]:
    return sorted(CORPUS.glob("*.mtf")) if CORPUS.is_dir() else []
