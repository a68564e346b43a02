"""Every schema is a valid JSON Schema, and its compiled validator is up to date and agrees."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import yaml
from jsonschema.validators import validator_for

from totemdeck.files.schemas import fast_validate, first_error, is_valid_fast, load_schema

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = sorted(p.name.removesuffix(".schema.json") for p in (ROOT / "schemas").glob("*.json"))


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_is_valid_and_compiled_from_its_current_text(name: str) -> None:
    schema = load_schema(name)
    validator_for(schema).check_schema(schema)
    digest = hashlib.sha256((ROOT / "schemas" / f"{name}.schema.json").read_bytes()).hexdigest()
    compiled = (ROOT / "totemdeck" / "_validators" / f"{name}.py").read_text(encoding="utf-8")
    assert f"schema-sha256: {digest}" in compiled, "schemas/ changed: run `make schemas`"
    assert callable(fast_validate(name))


@pytest.mark.parametrize(
    ("name", "document", "valid"),
    [
        ("format", yaml.safe_load((ROOT / "totemdeck/data/format.yaml").read_text()), True),
        ("format", {"format": "x"}, False),
        ("deck", {"format": "totem", "version": 1, "totem": [], "cards": []}, True),
        (
            "deck",
            {"format": "totem", "version": 1, "totem": [], "cards": [{"count": 0, "id": "a-1"}]},
            False,
        ),
        ("banlist", {"format": "x", "updated": "2026-01-01", "entries": []}, True),
        ("banlist", {"format": "x", "updated": "2026-01-01", "entries": [{"name": "A"}]}, False),
    ],
)
def test_compiled_and_jsonschema_agree(name: str, document: object, valid: bool) -> None:
    assert is_valid_fast(name, document) is valid
    assert (first_error(name, document) is None) is valid


def test_golden_report_matches_the_report_schema() -> None:
    for report in json.loads((ROOT / "tests/golden/report.json").read_text(encoding="utf-8")):
        assert is_valid_fast("report", report)
