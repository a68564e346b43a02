"""The JSON Schemas of ``schemas/``, loaded once and used at run time by jsonschema."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from functools import cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

# jsonschema takes ~160 ms to import here; it is loaded only to explain an invalid document
# or for bulk checks, so `totemdeck check` starts fast. fastjsonschema answers valid/invalid.

# ``first_error`` explains the first error only, read lazily (the most relevant part of it).
FIRST_ERRORS = 1

_PACKAGE = Path(__file__).parent.parent  # totemdeck/, this module being in totemdeck/files/
_PACKAGED = _PACKAGE / "schemas"  # inside an installed wheel
_SOURCE_TREE = _PACKAGE.parent / "schemas"  # an editable install or a checkout


def schema_path(name: str) -> Path:
    """Where ``schemas/<name>.schema.json`` is, installed or in the source tree."""
    filename = f"{name}.schema.json"
    for folder in (_PACKAGED, _SOURCE_TREE):
        candidate = folder / filename
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"schema {filename} is missing from the installation")  # i18n: keep


@cache
def load_schema(name: str) -> dict[str, Any]:
    with schema_path(name).open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


@cache
def validator(name: str) -> Validator:
    """A jsonschema validator for one schema (checked itself against its meta-schema once)."""
    from jsonschema import Draft7Validator
    from jsonschema.validators import validator_for

    schema = load_schema(name)
    cls = validator_for(schema, default=Draft7Validator)
    cls.check_schema(schema)
    return cls(schema)


@cache
def fast_validate(name: str) -> Callable[[Any], Any]:
    """The schema as plain Python, compiled ahead of time (``make schemas``).

    jsonschema spends ~0.6 ms per card record (95% of a full import) and ~160 ms to import;
    the compiled check is ~50x faster and imports nothing heavy. A failure is then
    explained with ``first_error`` (jsonschema's best match).
    """
    module = importlib.import_module(f"totemdeck._validators.{name}")
    compiled: Callable[[Any], Any] = module.validate
    return compiled


def is_valid_fast(name: str, instance: Any) -> bool:
    """Valid or not, quickly; ``first_error``/``validator`` say why."""
    from totemdeck._validators._errors import JsonSchemaValueException

    try:
        fast_validate(name)(instance)
    except JsonSchemaValueException:
        return False
    return True


def first_error(name: str, instance: Any) -> str | None:
    """The most relevant validation error as ``path: message``, or None when valid."""
    if is_valid_fast(name, instance):
        return None
    from jsonschema.exceptions import best_match

    # the first errors only (lazily): a document of 300,000 bad entries has 300,000 of them
    error = best_match(islice(validator(name).iter_errors(instance), FIRST_ERRORS))
    if error is None:
        return None
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return f"{where.lstrip('.') or '(top)'}: {error.message}"
