"""The JSON Schemas of ``schemas/``, loaded once and used at run time by jsonschema."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import fastjsonschema
from jsonschema import Draft7Validator
from jsonschema.protocols import Validator
from jsonschema.validators import validator_for

_PACKAGED = Path(__file__).parent / "schemas"  # inside an installed wheel
_SOURCE_TREE = Path(__file__).parent.parent / "schemas"  # an editable install or a checkout


def schema_path(name: str) -> Path:
    """Where ``schemas/<name>.schema.json`` is, installed or in the source tree."""
    filename = f"{name}.schema.json"
    for folder in (_PACKAGED, _SOURCE_TREE):
        candidate = folder / filename
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"schema {filename} is missing from the installation")


@cache
def load_schema(name: str) -> dict[str, Any]:
    with schema_path(name).open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


@cache
def validator(name: str) -> Validator:
    """A jsonschema validator for one schema (checked itself against its meta-schema once)."""
    schema = load_schema(name)
    cls = validator_for(schema, default=Draft7Validator)
    cls.check_schema(schema)
    return cls(schema)


@cache
def fast_validate(name: str) -> Callable[[Any], Any]:
    """The same schema compiled to Python by fastjsonschema, for bulk checks (imports).

    jsonschema spends ~0.6 ms per card record, 95% of a full import; the compiled check is
    ~50x faster. A failure is then explained with ``first_error`` (jsonschema's best match).
    """
    compiled: Callable[[Any], Any] = fastjsonschema.compile(load_schema(name))
    return compiled


def is_valid_fast(name: str, instance: Any) -> bool:
    try:
        fast_validate(name)(instance)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def first_error(name: str, instance: Any) -> str | None:
    """The most relevant validation error as ``path: message``, or None when valid."""
    from jsonschema.exceptions import best_match

    error = best_match(validator(name).iter_errors(instance))
    if error is None:
        return None
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return f"{where.lstrip('.') or '(top)'}: {error.message}"
