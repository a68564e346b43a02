"""totemdeck: card catalogue, deck validator and format upkeep for the Totem Format.

The public API is ``__all__`` below. Names are imported when first used, so importing
``totemdeck`` (and ``totemdeck --version``) stays fast::

    from totemdeck import Catalogue, make_checker, read_decklist, render_text

    with Catalogue.open("cards") as catalogue:
        report = make_checker(catalogue).check(read_decklist("mydeck.txt"))
    print(render_text([report]))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from totemdeck.base import lazy

__version__ = "0.2.0"

# Public name → the module that defines it.
_EXPORTS = {
    # errors
    "TotemdeckError": "totemdeck.base.errors",
    # the catalogue
    "Card": "totemdeck.catalogue.model",
    "CardSet": "totemdeck.catalogue.model",
    "Catalogue": "totemdeck.catalogue.read",
    "CatalogueError": "totemdeck.catalogue.read",
    "CatalogueMissing": "totemdeck.catalogue.read",
    "display_name": "totemdeck.catalogue.model",
    # importing
    "CardSource": "totemdeck.sources.interface",
    "ImportOptions": "totemdeck.sources.interface",
    "ImportResult": "totemdeck.importer.summary",
    "import_sources": "totemdeck.importer",
    # decklists
    "Decklist": "totemdeck.decklist.model",
    "DecklistError": "totemdeck.decklist.read",
    "parse": "totemdeck.decklist.parse",
    "read_decklist": "totemdeck.decklist.read",
    # rules
    "Banlist": "totemdeck.rules.banlist",
    "Checker": "totemdeck.rules.engine",
    "FormatRules": "totemdeck.rules.format",
    "Report": "totemdeck.rules.engine",
    "TotemNumbers": "totemdeck.rules.totem",
    "check": "totemdeck.rules.engine",
    "load_format": "totemdeck.rules.format",
    # the verbs behind the commands
    "CardFacts": "totemdeck.api",
    "TotemLookup": "totemdeck.api",
    "card_facts": "totemdeck.api",
    "find_card": "totemdeck.api",
    "load_rules": "totemdeck.api",
    "lookup_totem": "totemdeck.api",
    "make_checker": "totemdeck.api",
    "export_deck": "totemdeck.export.formats",
    "deck_stats": "totemdeck.stats",
    "QuerySyntaxError": "totemdeck.api.search",
    "SearchResult": "totemdeck.api.search",
    "search_cards": "totemdeck.api.search",
    # reports
    "render_json": "totemdeck.report.json",
    "render_text": "totemdeck.report.text",
}

# Written out (not derived from _EXPORTS) so linters and readers see it; a test keeps them equal.
__all__ = [
    "Banlist",
    "Card",
    "CardFacts",
    "CardSet",
    "CardSource",
    "Catalogue",
    "CatalogueError",
    "CatalogueMissing",
    "Checker",
    "Decklist",
    "DecklistError",
    "FormatRules",
    "ImportOptions",
    "ImportResult",
    "QuerySyntaxError",
    "Report",
    "SearchResult",
    "TotemLookup",
    "TotemNumbers",
    "TotemdeckError",
    "__version__",
    "card_facts",
    "check",
    "deck_stats",
    "display_name",
    "export_deck",
    "find_card",
    "import_sources",
    "load_format",
    "load_rules",
    "lookup_totem",
    "make_checker",
    "parse",
    "read_decklist",
    "render_json",
    "render_text",
    "search_cards",
]


__getattr__, __dir__ = lazy.exports(globals(), _EXPORTS)


if TYPE_CHECKING:  # what type checkers and editors see
    from totemdeck.api import (
        CardFacts,
        TotemLookup,
        card_facts,
        find_card,
        load_rules,
        lookup_totem,
        make_checker,
    )
    from totemdeck.api.search import QuerySyntaxError, SearchResult, search_cards
    from totemdeck.base.errors import TotemdeckError
    from totemdeck.catalogue.model import Card, CardSet, display_name
    from totemdeck.catalogue.read import Catalogue, CatalogueError, CatalogueMissing
    from totemdeck.decklist.model import Decklist
    from totemdeck.decklist.parse import parse
    from totemdeck.decklist.read import DecklistError, read_decklist
    from totemdeck.export.formats import export_deck
    from totemdeck.importer import import_sources
    from totemdeck.importer.summary import ImportResult
    from totemdeck.report.json import render_json
    from totemdeck.report.text import render_text
    from totemdeck.rules.banlist import Banlist
    from totemdeck.rules.engine import Checker, Report, check
    from totemdeck.rules.format import FormatRules, load_format
    from totemdeck.rules.totem import TotemNumbers
    from totemdeck.sources.interface import CardSource, ImportOptions
    from totemdeck.stats import deck_stats
