"""``search_cards``: the card search language as a library verb (the CLI and web call it).

The query language lives in ``totemdeck.catalogue.search`` (grammar, keys, SQL); this
module supplies what it needs from the rules — which prints the banlist bans and what a
Totem allows — computed with the engine's own functions, so a search and ``totemdeck check``
never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.search.context import FormatRows, TotemFacts
from totemdeck.catalogue.search.orders import ORDER_NAMES
from totemdeck.catalogue.search.parse import QuerySyntaxError
from totemdeck.catalogue.search.run import SearchResult
from totemdeck.catalogue.search.values import BadValue
from totemdeck.i18n import _
from totemdeck.i18n.terms import terms

if TYPE_CHECKING:
    from totemdeck.catalogue.model import Card
    from totemdeck.rules.banlist import Banlist
    from totemdeck.rules.format import FormatRules

__all__ = [
    "SEARCH_ORDERS",
    "Catalogue",
    "QuerySyntaxError",
    "SearchResult",
    "listed_rows",
    "search_cards",
]

SEARCH_ORDERS = ORDER_NAMES  # what ``search_cards(order=…)`` takes

_LABEL = LazyPattern(r"^(.+?)\s+([A-Za-z0-9-]{2,12})\s+([A-Za-z]*\d+[a-z]?)$")


class RulesContext:
    """The banlist and the Totem rules, for ``totem:`` and ``is:banned`` (loaded on demand)."""

    def __init__(
        self,
        catalogue: Catalogue,
        banlist: Banlist | None,
        fmt: FormatRules | None,
        owned: Mapping[str, int] | None = None,
        no_collection: str | None = None,
    ) -> None:
        self._catalogue = catalogue
        self._banlist = banlist
        self._fmt = fmt
        self._banned: list[str] | None = None
        self._owned = owned
        self._no_collection = no_collection

    def owned(self) -> Mapping[str, int]:
        if self._owned is None:  # each face says how it takes a collection
            raise BadValue(
                self._no_collection
                or _("own: reads your collection: give --collection FILE (or TOTEMDECK_COLLECTION)")
            )
        return self._owned

    @property
    def fmt(self) -> FormatRules:
        if self._fmt is None:
            self._fmt = _packaged_format()
        return self._fmt

    @property
    def banlist(self) -> Banlist:
        if self._banlist is None:
            self._banlist = _installed_banlist()
        return self._banlist

    def format_in_force(self) -> tuple[str, FormatRows | None]:
        """The stored index holds the packaged format's facts; another format (a
        ``--format-file``) has its own computed, once per catalogue and format."""
        if self._fmt is None:  # the packaged format: nothing to load
            return "packaged", None
        key = repr(self._fmt)
        if key == repr(_packaged_format()):
            return "packaged", None
        catalogue, fmt = self._catalogue, self.fmt

        def rows() -> Iterable[tuple[object, ...]]:
            return _format_rows(catalogue, fmt, key)

        return key, rows

    def banned_ids(self) -> Sequence[str]:
        if self._banned is None:
            self._banned = _banned_ids(self._catalogue, self.banlist)
        return self._banned

    def totem(self, value: str) -> TotemFacts:
        """The Totem a value names: a card id, else a name whose prints all agree."""
        from totemdeck.catalogue.model import in_type_order
        from totemdeck.catalogue.search.index import type_bits
        from totemdeck.rules.allowed import totem_forbids_colorless, totem_identity
        from totemdeck.rules.totem import why_not_totem
        from totemdeck.rules.traits import is_multipart

        cat = self._catalogue
        card = cat.get(value.strip())
        prints = [card] if card is not None else self._by_label(value) or cat.by_name(value)
        if not prints:
            raise BadValue(
                _(
                    "no card has the id or name {value!r} (totem: takes an id such as "
                    'sv3-125, a name, or "NAME SET NUMBER")'
                ).format(value=value)
            )
        self.banned_ids()  # what ``totem:`` asks next; a broken banlist is said first, as before
        facts: dict[tuple[int, bool], TotemFacts] = {}
        reasons = []
        for print_ in prints:
            reason = why_not_totem(print_)
            if reason:
                reasons.append(reason)
                continue
            pieces = [print_]
            if is_multipart(print_):  # api (and the engine it imports) only when needed
                from totemdeck.api import pieces_of

                pieces = pieces_of(cat, print_, self.fmt)
            # The rules themselves decide, for a deck whose Totem section is these cards:
            # the identity the deck check allows, and whether this Totem forbids Colorless
            # Pokémon and Energy that provides Colorless.
            colours = totem_identity(pieces, self.fmt)
            forbid = totem_forbids_colorless(pieces, self.fmt)
            names = in_type_order(colours)
            facts.setdefault(
                (type_bits(colours), forbid),
                TotemFacts(print_.label, type_bits(colours), names, forbid),
            )
        if not facts:
            raise BadValue(reasons[0])
        if len(facts) > 1:
            with_zero = _("{label}: {types}, Retreat Cost 0")
            shown = "; ".join(
                (with_zero if f.forbid_colorless else "{label}: {types}").format(
                    label=f.label, types=terms(f.identity_names, "/") or _("no type")
                )
                for f in facts.values()
            )
            raise BadValue(
                _("prints of {value!r} make different Totems ({choices}); give a card id").format(
                    value=value, choices=shown
                )
            )
        return next(iter(facts.values()))

    def _by_label(self, value: str) -> list[Card]:
        """The print a decklist line would name: ``Charizard ex OBF 125``."""
        from totemdeck.catalogue.names import name_key

        found = _LABEL.match(value.strip())
        if not found:
            return []
        name, code, number = found.groups()
        code = code.upper()
        cat = self._catalogue
        set_ids = [s.id for s in cat.sets().values() if code in (s.ptcgl_code, s.id.upper())]
        set_ids += cat.set_aliases().get(code.casefold(), [])
        return [
            c
            for set_id in dict.fromkeys(set_ids)
            for c in cat.by_set_number(set_id, number)
            if name_key(c.name) == name_key(name)
        ]


@lru_cache(maxsize=1)
def _packaged_format() -> FormatRules:
    """The packaged format file, read once (it changes only with totemdeck itself)."""
    from totemdeck.rules.format import load_format

    return load_format()


def _installed_banlist() -> Banlist:
    """``banlist.yaml`` (``resources.default_banlist``), read again only when it changes."""
    from totemdeck.base.resources import default_banlist

    path = default_banlist()
    try:
        stamp = (str(path.resolve()), path.stat().st_mtime_ns)
    except OSError:
        stamp = (str(path), 0)
    return _banlist_at(stamp)


@lru_cache(maxsize=4)
def _banlist_at(stamp: tuple[str, int]) -> Banlist:
    from totemdeck.api.banlists import banlist_in_force  # the banlist's text remembered

    return banlist_in_force(stamp[0])


@lru_cache(maxsize=16)
def _banned_ids(catalogue: Catalogue, bans: Banlist) -> list[str]:
    """Every print ``Banlist.match`` bans (the check's own test), found by name and id: the
    pinned prints in one lookup, the names a hundred a query (not three queries an entry)."""
    pinned = [print_id for entry in bans.entries for print_id in entry.prints]
    candidates = {c.id: c for c in catalogue.get_many(pinned)}
    names = [entry.name for entry in bans.entries if not entry.prints]
    for start in range(0, len(names), 100):  # 400 keys a query, within SQLite's limit
        candidates.update((c.id, c) for c in catalogue.by_name(*names[start : start + 100]))
    return sorted(i for i, c in candidates.items() if bans.match(c) is not None)


# A format's facts for every print, computed once per process for a catalogue file and a
# format (a few seconds for ~21,000 prints), so each connection's shadow copy of the index is
# filled from memory. Two at most: a server runs with one format file.
_FORMAT_ROWS: dict[tuple[str, int, str], list[tuple[object, ...]]] = {}


def _format_rows(catalogue: Catalogue, fmt: FormatRules, key: str) -> list[tuple[object, ...]]:

    from totemdeck.importer.search_facts import format_rows

    cache_key = (str(catalogue.path), catalogue.path.stat().st_mtime_ns, key)
    found = _FORMAT_ROWS.get(cache_key)
    if found is None:
        found = list(format_rows(catalogue, fmt))
        while len(_FORMAT_ROWS) >= 2:
            _FORMAT_ROWS.pop(next(iter(_FORMAT_ROWS)))
        _FORMAT_ROWS[cache_key] = found
    return found


def search_cards(
    catalogue: Catalogue,
    query: str,
    *,
    order: str = "name",
    reverse: bool = False,
    limit: int | None = 60,
    prints: bool = False,
    lang: str = "en",
    banlist: Banlist | None = None,
    format_rules: FormatRules | None = None,
    owned: Mapping[str, int] | None = None,
    no_collection: str | None = None,
    offset: int = 0,
    build: bool = True,
) -> SearchResult:
    """Cards matching ``query`` (README "Search cards"); ``QuerySyntaxError`` if unreadable.

    One card per name (its newest matching print) unless ``prints``; ``total`` counts them
    all, ``cards`` holds at most ``limit``. ``banlist`` defaults to the installed one;
    ``owned`` (copies per print id, ``api.owned_prints``) is what ``own:`` reads; without
    it ``own:`` is an error saying ``no_collection`` (how this face takes a collection);
    ``offset``: a page further on (the cards before it are skipped in SQL, never built);
    ``build=False``: the cards are left unbuilt, for a face that lists them (``listed_rows``).
    """
    from totemdeck.catalogue.search.run import run_query

    context = RulesContext(catalogue, banlist, format_rules, owned, no_collection)
    return run_query(
        catalogue,
        query,
        context,
        order=order,
        reverse=reverse,
        limit=limit,
        prints=prints,
        lang=lang,
        offset=offset,
        build=build,
    )


def listed_rows(
    catalogue: Catalogue,
    result: SearchResult,
    lang: str = "en",
    format_rules: FormatRules | None = None,
) -> Iterator[dict[str, Any]]:
    """The row of each print ``result`` shows (``report.search.card_row``'s dicts), read
    from the open catalogue in one query as they are iterated, never built as cards: what
    a listing of thousands writes (``card search --limit 0``). ``format_rules``: the format
    the search read, whose identity the rows give (default the packaged one)."""
    from totemdeck.catalogue.search.listing import listing_rows

    in_force = RulesContext(catalogue, None, format_rules).format_in_force()
    return listing_rows(catalogue, result.shown_ids, lang, in_force)
