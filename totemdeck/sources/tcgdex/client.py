"""HTTP side of TCGdex: ``/{lang}/sets``, ``/{lang}/sets/{id}``, ``/{lang}/cards/{id}``.

The ``.json`` suffix form works against the real API and a static copy alike. Card ids may
hold characters like ``?`` and ``!``: they are escaped for the URL, never refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from totemdeck.i18n import N_, _, speaking
from totemdeck.sources.http import Fetched, FetchError, Location, check_segment, quote_segment
from totemdeck.sources.pools import thread_pool

LANGUAGES = ("en", "es")  # languages the catalogue keeps (the format's community writes both)


EXPECTED_SETS = N_("{where}: expected a JSON list of sets")
EXPECTED_SET = N_("{where}: expected a JSON set object")
EXPECTED_CARD = N_("{where}: expected a JSON card object")


class TcgdexClient:
    def __init__(self, location: Location) -> None:
        self.location = location

    def _fetch(self, path: str, wrong: str, kind: type, etag: str | None = None) -> Fetched:
        """GET one document (conditionally) and check it is the JSON ``kind`` expected
        (``wrong``: the message, with ``{where}``, when it is not)."""
        fetched = self.location.fetch_json(path, etag=etag)
        if not fetched.not_modified and not isinstance(fetched.data, kind):
            raise FetchError(_(wrong).format(where=self.location.describe(path)))
        return fetched

    def sets(self, lang: str) -> list[dict[str, Any]]:
        lang = check_segment(lang, "language")
        path = f"{lang}/sets.json"
        data: list[dict[str, Any]] = self._fetch(path, EXPECTED_SETS, list).data
        if not all(isinstance(entry, dict) for entry in data):  # ["sv03", 3] is no set list
            raise FetchError(_(EXPECTED_SETS).format(where=self.location.describe(path)))
        return data

    def set_fetched(self, lang: str, set_id: str, etag: str | None = None) -> Fetched:
        """One set with its card list (``cards[{id, localId, name}]``); conditional."""
        path = f"{check_segment(lang, 'language')}/sets/{quote_segment(set_id, 'set id')}.json"
        return self._fetch(path, EXPECTED_SET, dict, etag)

    def card(self, lang: str, card_id: str, etag: str | None = None) -> Fetched:
        """One card (conditional: ``not_modified`` when its ETag still holds)."""
        path = f"{check_segment(lang, 'language')}/cards/{quote_segment(card_id)}.json"
        return self._fetch(path, EXPECTED_CARD, dict, etag)


def fetch_all(
    fetch: Callable[[str], Fetched],
    keys: Iterable[str],
    workers: int,
) -> Iterator[tuple[str, Fetched | FetchError]]:
    """Fetch many documents with a bounded pool; yields (key, result or error) in order.

    Stopping early (an interruption, the consumer gone) cancels what has not started.
    """

    def one(key: str) -> Fetched | FetchError:
        try:
            return fetch(key)
        except FetchError as exc:
            return exc

    ordered = list(keys)
    with thread_pool(workers) as pool:
        yield from zip(ordered, pool.map(speaking(one), ordered), strict=True)
