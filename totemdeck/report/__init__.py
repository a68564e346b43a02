"""Reporters: a ``Report`` as text for people or JSON for machines. They read only the report.

The two renderers load on first use: ``totemdeck.report.search`` (a cold ``card search``)
does not need the check renderers and the rules engine they import.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from totemdeck.report.json import render_json
    from totemdeck.report.text import render_text

__all__ = ["render_json", "render_text"]


def __getattr__(name: str) -> Any:
    if name == "render_json":
        from totemdeck.report.json import render_json

        return render_json
    if name == "render_text":
        from totemdeck.report.text import render_text

        return render_text
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
