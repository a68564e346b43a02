"""The JSON report (``schemas/report.schema.json``): one object, or an array for several decks."""

from __future__ import annotations

import json
from collections.abc import Sequence

from totemdeck.rules.engine import Report


def render_json(reports: Sequence[Report], as_array: bool | None = None) -> str:
    """One deck → an object; several (or ``as_array``) → an array."""
    objects = [r.as_dict() for r in reports]
    many = as_array if as_array is not None else len(objects) != 1
    return json.dumps(objects if many else objects[0], indent=2, ensure_ascii=False) + "\n"
