"""The full check of a design file, by pydantic: what a YAML design (or any data `build`
declines) is validated with, and the JSON Schema of the design file.

The records (core/record.py) and their fields' rules (design_fields.py) import no
pydantic; this module is where it comes in, on first use, so a `.mtf` file is read
without it (issue 31). A record is validated as a mapping of its fields (unknown
fields refused), each by its annotation's rule, and then made and checked as a whole
(`Record.checked`; the schema is `record.record_schema`).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from mechlab.core.record import Record

__all__ = ["ValidationError", "json_schema", "validate"]

R = TypeVar("R", bound=Record)


def validate(cls: type[R], data: Any) -> R:
    """The record of `data` under the full check; pydantic's `ValidationError` otherwise."""
    return _adapter(cls).validate_python(data)  # type: ignore[no-any-return]


def json_schema(cls: type[Record]) -> dict[str, Any]:
    """The JSON Schema of the data `validate` takes for `cls`."""
    return _adapter(cls).json_schema()


def _adapter(cls: type[Record]) -> TypeAdapter[Any]:
    """The validator of `cls`, built once a process (pydantic builds it from the schema)."""
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


_ADAPTERS: dict[type[Record], TypeAdapter[Any]] = {}
