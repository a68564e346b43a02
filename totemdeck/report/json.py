"""The JSON report (``schemas/report.schema.json``): one object, or an array for several decks."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from totemdeck.rules.engine import Report


def render_json(
    reports: Sequence[Report],
    as_array: bool | None = None,
    extras: Sequence[Mapping[str, Any]] = (),
) -> str:
    """One deck → an object; several (or ``as_array``) → an array. ``extras[i]`` adds keys
    to the i-th report's object (``collection`` with ``--collection``)."""
    objects = [r.as_dict() for r in reports]
    for found, extra in zip(objects, extras, strict=False):
        found.update(extra)
    many = as_array if as_array is not None else len(objects) != 1
    return json.dumps(objects if many else objects[0], indent=2, ensure_ascii=False) + "\n"
