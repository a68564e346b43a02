"""Build shows the same search after every step; the web keeps the last answers (as card
ids, bounded) and answers a repeated query with exactly what a fresh search gives."""

from __future__ import annotations

from totemdeck.web import finder
from totemdeck.web.service import Library, WebConfig


def fields(result: finder.SearchResult) -> tuple[object, ...]:
    return (
        [card.id for card in result.cards],
        result.total,
        result.explanation,
        result.error,
        result.position,
        result.offset,
        result.prints,
    )


def test_a_repeated_search_answers_as_a_fresh_one_and_the_memo_stays_bounded(
    web_config: WebConfig,
) -> None:
    lib = Library(web_config)
    finder._ANSWERS.clear()
    asked = [("totem:sv3-125", "en", 0), ("totem:sv3-125", "es", 1), ("t:supporter", "en", 2)]
    first = [
        fields(finder.find_cards(lib, q, 24, lang, offset=page * 24)) for q, lang, page in asked
    ]
    assert len(finder._ANSWERS) == len(asked)
    again = [
        fields(finder.find_cards(lib, q, 24, lang, offset=page * 24)) for q, lang, page in asked
    ]
    assert again == first and first[0][0] != first[1][0]  # each page and language its own
    finder._ANSWERS.clear()
    fresh = [
        fields(finder.find_cards(lib, q, 24, lang, offset=page * 24)) for q, lang, page in asked
    ]
    assert fresh == first
    # a search with a collection is never kept; a bad query is not kept either
    finder.find_cards(lib, "own:1 t:supporter", 24, owned={"sv1-166": 1})
    finder.find_cards(lib, "t:(", 24)
    assert len(finder._ANSWERS) == len(asked)
    for n in range(finder.MEMO + 5):
        finder.find_cards(lib, f"hp>={10 + n}", 4)
    assert len(finder._ANSWERS) == finder.MEMO
