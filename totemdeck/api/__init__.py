"""The library's one front door: the verbs behind the commands and the web pages, callable
from Python alike.

Each verb takes plain values and returns result objects; the renderers in
``totemdeck.report`` turn those into text or JSON; the CLI and the web app only parse what
a person sent. The verbs live by subject in the modules beside this one.
"""

from totemdeck.api.collection import (
    COLLECTION_ENV,
    best_totems,
    deck_coverage,
    draft_for,
    missing_decklist,
    owned_copies,
    owned_prints,
    read_collection,
)
from totemdeck.api.core import (
    CardFacts,
    RuleDoc,
    RulesFileError,
    TotemLookup,
    TotemRow,
    UnknownRule,
    card_facts,
    explain_rules,
    find_card,
    load_rules,
    lookup_totem,
    make_checker,
    pieces_of,
    read_deck,
    share_link_of,
    totem_table,
)
from totemdeck.api.table import table_seat

__all__ = [
    "COLLECTION_ENV",
    "CardFacts",
    "RuleDoc",
    "RulesFileError",
    "TotemLookup",
    "TotemRow",
    "UnknownRule",
    "best_totems",
    "card_facts",
    "deck_coverage",
    "draft_for",
    "explain_rules",
    "find_card",
    "load_rules",
    "lookup_totem",
    "make_checker",
    "missing_decklist",
    "owned_copies",
    "owned_prints",
    "pieces_of",
    "read_collection",
    "read_deck",
    "share_link_of",
    "table_seat",
    "totem_table",
]
