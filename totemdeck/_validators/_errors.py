"""The exceptions the generated validators raise (fastjsonschema's names, without its import),
and the stand-in for the ``Decimal`` their number checks name."""

from __future__ import annotations

from typing import Any


class Decimal:
    """Stands where the generated number checks name ``decimal.Decimal``: what totemdeck
    validates comes from ``json`` and safe YAML, which give int and float, never a Decimal,
    so the checks need not import ``decimal`` (~1 ms of every cold start)."""


class JsonSchemaValueException(ValueError):
    """A document broke its schema; ``first_error`` explains it with jsonschema."""

    def __init__(
        self,
        message: str,
        value: Any = None,
        name: str | None = None,
        definition: Any = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.value = value
        self.name = name
        self.definition = definition
        self.rule = rule


class JsonSchemaValuesException(JsonSchemaValueException):
    """Several problems at once (fastjsonschema's name)."""
