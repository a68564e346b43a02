"""Exports of a checked deck: Pokémon TCG Live text, the JSON deck document, CSV, plain text."""

from totemdeck.export.formats import FORMATS, export_deck
from totemdeck.export.order import ExportLine, export_lines

__all__ = ["FORMATS", "ExportLine", "export_deck", "export_lines"]
