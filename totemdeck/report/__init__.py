"""Reporters: a ``Report`` as text for people or JSON for machines. They read only the report."""

from totemdeck.report.json import render_json
from totemdeck.report.text import render_text

__all__ = ["render_json", "render_text"]
