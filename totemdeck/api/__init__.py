"""The library's one front door: the verbs behind the commands and the web pages, callable
from Python alike.

Each verb takes plain values and returns result objects; the renderers in
``totemdeck.report`` turn those into text or JSON; the CLI and the web app only parse what
a person sent. The verbs live by subject in the modules beside this one, and each loads
when first asked for (PEP 562), so a command imports only the verbs it calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from totemdeck.base import lazy

# Public name → the module beside this one that defines it.
_VERBS = {
    **dict.fromkeys(
        (
            "COLLECTION_ENV",
            "STORED",
            "best_totems",
            "clear_collection",
            "deck_coverage",
            "draft_for",
            "missing_decklist",
            "owned_copies",
            "import_collection",
            "owned_prints",
            "read_collection",
            "stored_files",
        ),
        "totemdeck.api.collection",
    ),
    **dict.fromkeys(
        (
            "RuleDoc",
            "RulesFileError",
            "UnknownRule",
            "explain_rules",
            "load_rules",
            "make_checker",
            "read_deck",
            "share_base_url",
            "share_link_of",
        ),
        "totemdeck.api.core",
    ),
    **dict.fromkeys(
        (
            "CardFacts",
            "TotemLookup",
            "card_facts",
            "find_card",
            "lookup_totem",
            "pieces_of",
            "totem_table",
        ),
        "totemdeck.api.totems",
    ),
    **dict.fromkeys(
        (
            "PrintRefused",
            "PrintedPdf",
            "print_notes",
            "print_proxies",
            "print_sheet",
            "proxy_count",
        ),
        "totemdeck.api.printing",
    ),
    "table_seat": "totemdeck.api.table",
    "TotemRow": "totemdeck.api.totems",  # what ``totem_table`` returns
    "catalogue_folder": "totemdeck.api.cards",
    **dict.fromkeys(
        (
            "BanEntry",
            "BanlistError",
            "BanlistFile",
            "BanlistProblem",
            "BanlistUnreadable",
            "add_entry",
            "check_banlist",
            "load_banlist",
            "remove_entries",
            "resolve_ban_name",
        ),
        "totemdeck.api.banfile",
    ),
    **dict.fromkeys(
        (
            "Banlist",
            "Catalogue",
            "CheckedDeck",
            "Checker",
            "DecklistError",
            "FormatRules",
            "Report",
            "RuleContext",
            "ShareCodeError",
            "load_format",
            "read_decklist",
        ),
        "totemdeck.api.core",
    ),
    "Coverage": "totemdeck.api.collection",
    **dict.fromkeys(
        ("Ask", "ExportRefused", "check_card_name", "deck_stats", "export_deck", "export_note"),
        "totemdeck.api.deck",
    ),
}

# Written out (not derived from _VERBS) so linters and readers see it; a test keeps them equal.
__all__ = [
    "COLLECTION_ENV",
    "STORED",
    "Ask",
    "BanEntry",
    "Banlist",
    "BanlistError",
    "BanlistFile",
    "BanlistProblem",
    "BanlistUnreadable",
    "CardFacts",
    "Catalogue",
    "CheckedDeck",
    "Checker",
    "Coverage",
    "DecklistError",
    "ExportRefused",
    "FormatRules",
    "PrintRefused",
    "PrintedPdf",
    "Report",
    "RuleContext",
    "RuleDoc",
    "RulesFileError",
    "ShareCodeError",
    "TotemLookup",
    "TotemRow",
    "UnknownRule",
    "add_entry",
    "best_totems",
    "card_facts",
    "catalogue_folder",
    "check_banlist",
    "check_card_name",
    "clear_collection",
    "deck_coverage",
    "deck_stats",
    "draft_for",
    "explain_rules",
    "export_deck",
    "export_note",
    "find_card",
    "import_collection",
    "load_banlist",
    "load_format",
    "load_rules",
    "lookup_totem",
    "make_checker",
    "missing_decklist",
    "owned_copies",
    "owned_prints",
    "pieces_of",
    "print_notes",
    "print_proxies",
    "print_sheet",
    "proxy_count",
    "read_collection",
    "read_deck",
    "read_decklist",
    "remove_entries",
    "resolve_ban_name",
    "share_base_url",
    "share_link_of",
    "stored_files",
    "table_seat",
    "totem_table",
]


__getattr__, __dir__ = lazy.exports(globals(), _VERBS)


if TYPE_CHECKING:  # what type checkers and editors see
    from totemdeck.api.banfile import (
        BanEntry,
        BanlistError,
        BanlistFile,
        BanlistProblem,
        BanlistUnreadable,
        add_entry,
        check_banlist,
        load_banlist,
        remove_entries,
        resolve_ban_name,
    )
    from totemdeck.api.cards import catalogue_folder
    from totemdeck.api.collection import (
        COLLECTION_ENV,
        STORED,
        Coverage,
        best_totems,
        clear_collection,
        deck_coverage,
        draft_for,
        import_collection,
        missing_decklist,
        owned_copies,
        owned_prints,
        read_collection,
        stored_files,
    )
    from totemdeck.api.core import (
        Banlist,
        Catalogue,
        CheckedDeck,
        Checker,
        DecklistError,
        FormatRules,
        Report,
        RuleContext,
        RuleDoc,
        RulesFileError,
        ShareCodeError,
        UnknownRule,
        explain_rules,
        load_format,
        load_rules,
        make_checker,
        read_deck,
        read_decklist,
        share_base_url,
        share_link_of,
    )
    from totemdeck.api.deck import (
        Ask,
        ExportRefused,
        check_card_name,
        deck_stats,
        export_deck,
        export_note,
    )
    from totemdeck.api.printing import (
        PrintedPdf,
        PrintRefused,
        print_notes,
        print_proxies,
        print_sheet,
        proxy_count,
    )
    from totemdeck.api.table import table_seat
    from totemdeck.api.totems import (
        CardFacts,
        TotemLookup,
        TotemRow,
        card_facts,
        find_card,
        lookup_totem,
        pieces_of,
        totem_table,
    )
