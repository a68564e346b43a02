"""The ten disagreements of issue 24 with an independent filter, each over the real catalogue.

Each test states what a plain Python reading of the cards keeps, and the search must keep the
same prints (``prints=True, limit=None``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from totemdeck.api.search import QuerySyntaxError, search_cards
from totemdeck.catalogue.model import COLORLESS, Card
from totemdeck.catalogue.names import fold
from totemdeck.catalogue.read import Catalogue
from totemdeck.rules.banlist import BanEntry, Banlist
from totemdeck.rules.totem import why_not_totem
from totemdeck.rules.traits import RULE_BOX_SUBTYPES, printed_retreat_cost


@cache
def _cards(catalogue: Catalogue) -> tuple[Card, ...]:
    return tuple(catalogue.iter_cards())


def ids(catalogue: Catalogue, query: str, **options: object) -> set[str]:
    found = search_cards(catalogue, query, prints=True, limit=None, **options)  # type: ignore[arg-type]
    assert found.total == len(found.cards)
    return {c.id for c in found.cards}


def kept(catalogue: Catalogue, keep: Callable[[Card], bool]) -> set[str]:
    return {c.id for c in _cards(catalogue) if keep(c)}


# 1. A BREAK prints no Retreat Cost: that is not Retreat Cost 0.
def test_retreat_0_leaves_out_break_cards(catalogue: Catalogue) -> None:
    expected = kept(catalogue, lambda c: printed_retreat_cost(c) == 0)
    assert ids(catalogue, "retreat=0") == expected
    assert not ids(catalogue, "can:totem retreat=0 is:break")


# 2. Banlist-dependent keys follow the banlist in force at query time.
def test_can_totem_leaves_out_the_prints_the_banlist_bans(catalogue: Catalogue) -> None:
    assert not ids(catalogue, "can:totem is:banned")
    bans = Banlist((BanEntry("Pikachu", "test", "2020-01-01"),))
    assert ids(catalogue, "can:totem !Pikachu")
    assert not ids(catalogue, "can:totem !Pikachu", banlist=bans)
    assert ids(catalogue, "can:totem !Pikachu", banlist=bans) == ids(
        catalogue, "can:totem !Pikachu -is:banned", banlist=bans
    )


# 3. Apostrophes are ignored in name searches.
@pytest.mark.parametrize(
    ("query", "name"), [("farfetchd", "Farfetch'd"), ("bosss", "Boss's Orders")]
)
def test_apostrophes_are_ignored(catalogue: Catalogue, query: str, name: str) -> None:
    found = search_cards(catalogue, query, limit=None)
    assert name in {c.name for c in found.cards}


# 4. A name typed as printed is found (δ, brackets); δ on an Energy is part of its name.
@pytest.mark.parametrize(
    ("query", "keep"),
    [
        ('name:"pikachu δ"', lambda c: fold(c.name).startswith("pikachu δ")),
        ('name:"unown [g]"', lambda c: fold(c.name) == "unown [g]"),
        ('!"Unown [G]"', lambda c: c.name == "Unown [G]"),
        ('!"δ Rainbow Energy"', lambda c: c.name == "δ Rainbow Energy"),
        ('!"Rainbow Energy"', lambda c: c.name == "Rainbow Energy"),
    ],
)
def test_printed_names_are_found_as_printed(
    catalogue: Catalogue, query: str, keep: Callable[[Card], bool]
) -> None:
    expected = kept(catalogue, keep)
    assert expected and ids(catalogue, query) == expected


# 5. "none" means "has none", not Colorless.
@pytest.mark.parametrize(
    ("query", "keep"),
    [
        ("weak:none", lambda c: not c.weaknesses),
        ("resist:none", lambda c: not c.resistances),
        ("type:none", lambda c: not (c.is_pokemon and c.types)),
        ("weak=none", lambda c: not c.weaknesses),
    ],
)
def test_none_means_has_none(
    catalogue: Catalogue, query: str, keep: Callable[[Card], bool]
) -> None:
    assert ids(catalogue, query) == kept(catalogue, keep)


# 6. Deep nesting: double negations collapse, deeper groups are one located error.
@pytest.mark.parametrize("dashes", [2, 18, 19, 990])
def test_runs_of_negations_collapse(catalogue: Catalogue, dashes: int) -> None:
    query = "-" * dashes + "pikachu"
    plain = ids(catalogue, "pikachu")
    assert ids(catalogue, query) == (plain if dashes % 2 == 0 else ids(catalogue, "-pikachu"))
    assert ids(catalogue, "not " * dashes + "pikachu" if dashes < 100 else "pikachu") >= set()


@pytest.mark.parametrize(
    "query",
    ["-(" * 20 + "pikachu" + ")" * 20, "(" * 40 + "a or b" + ")" * 40,
     "(" * 11 + "pikachu" + ")" * 11],
)  # fmt: skip
def test_too_deep_groups_are_a_one_line_error(catalogue: Catalogue, query: str) -> None:
    with pytest.raises(QuerySyntaxError, match="nest") as caught:
        search_cards(catalogue, query)
    assert "\n" not in str(caught.value) and caught.value.exit_code == 2


def test_groups_up_to_the_limit_run(catalogue: Catalogue) -> None:
    from totemdeck.catalogue.search.parse import MAX_DEPTH

    query = "-(t:pokemon or (" * (MAX_DEPTH // 2) + "pikachu" + "))" * (MAX_DEPTH // 2)
    assert search_cards(catalogue, query).total > 0


# 8. "and" is an operator, "not" a synonym of "-", a leading "or" an error.
@pytest.mark.parametrize(
    ("query", "same_as"),
    [
        ("pikachu and t:pokemon", "pikachu t:pokemon"),
        ("pikachu AND (raichu or t:trainer)", "pikachu (raichu or t:trainer)"),
        ("not pikachu t:pokemon", "-pikachu t:pokemon"),
        ("NOT (pikachu or raichu) hp>200", "-(pikachu or raichu) hp>200"),
        ('"and"', "name:and"),
    ],
)
def test_and_not_are_operators(catalogue: Catalogue, query: str, same_as: str) -> None:
    assert ids(catalogue, query) == ids(catalogue, same_as)


@pytest.mark.parametrize("query", ["or pikachu", "pikachu or", "and pikachu", "pikachu not"])
def test_dangling_operators_are_errors(catalogue: Catalogue, query: str) -> None:
    with pytest.raises(QuerySyntaxError):
        search_cards(catalogue, query)


def test_an_empty_query_says_it_is_every_card(catalogue: Catalogue) -> None:
    found = search_cards(catalogue, "", prints=True, limit=1)
    assert found.total == len(_cards(catalogue))
    assert found.explanation.startswith("every card")


# 9. stage:baby, type: on Pokémon, phrases within a sentence, dmg=0, t: parts of words.
def _sentences(card: Card) -> list[str]:
    paragraphs = [*card.ability_texts, *(a.text for a in card.attacks), *card.rules]
    return [s for p in paragraphs for s in re.split(r"(?<=[.!?])\s+|\n+", p)]


@pytest.mark.parametrize(
    ("query", "keep"),
    [
        ("stage:baby", lambda c: "Baby" in c.subtypes),
        ("type:C", lambda c: c.is_pokemon and COLORLESS in c.types),
        ("type:C t:energy", lambda c: False),
        (
            'o:"your opponent switches"',
            lambda c: any(re.search(r"\byour opponent switch", fold(s)) for s in _sentences(c)),
        ),
        (
            "dmg=0",
            lambda c: bool(c.attacks) and not any(re.search(r"[1-9]", a.damage) for a in c.attacks),
        ),
        ("t:sup", lambda c: "Supporter" in c.subtypes),
        ("t:stad", lambda c: "Stadium" in c.subtypes),
    ],
)
def test_values_read_what_they_say(
    catalogue: Catalogue, query: str, keep: Callable[[Card], bool]
) -> None:
    assert ids(catalogue, query) == kept(catalogue, keep)


# 10. name=, is:rulebox, is:promo, is:mega and != defined and consistent.
@pytest.mark.parametrize(
    ("query", "keep"),
    [
        ('name="Boss\'s Orders"', lambda c: c.name.startswith("Boss's Orders")),
        ("is:rulebox", lambda c: bool(RULE_BOX_SUBTYPES.intersection(c.subtypes))),
        ("is:promo", lambda c: "promo" in fold(c.set.name) or fold(c.rarity or "") == "promo"),
        (
            "is:mega",
            lambda c: (
                c.is_pokemon
                and "TAG TEAM" not in c.subtypes  # "Mega Sableye & Tyranitar-GX" (issue 38.7)
                and (c.stage == "MEGA" or c.name.startswith(("M ", "Mega ")))
            ),
        ),
        ("can:totem", lambda c: why_not_totem(c) is None),
    ],
)
def test_definitions(catalogue: Catalogue, query: str, keep: Callable[[Card], bool]) -> None:
    banned = ids(catalogue, "is:banned")
    expected = kept(catalogue, keep)
    if query == "can:totem":
        expected -= banned
    assert ids(catalogue, query) == expected


@pytest.mark.parametrize(
    "term", ["hp=100", "retreat=1", "weak=G", "type=R", "stage=2", "set=OBF", "reg=G", "id=R"]
)
def test_not_equal_is_the_negation_of_equal(catalogue: Catalogue, term: str) -> None:
    every = {c.id for c in _cards(catalogue)}
    key, value = term.split("=")
    assert ids(catalogue, f"{key}!={value}") == every - ids(catalogue, term)


_ATOMS = st.sampled_from(["pikachu", "t:item", "hp>100", "-is:ex", "not t:pokemon", "o:draw"])


def _nested(depth: int) -> st.SearchStrategy[str]:
    if depth == 0:
        return _ATOMS
    inner = _nested(depth - 1)
    return st.one_of(
        _ATOMS,
        st.builds(
            lambda a, b, op: f"({a} {op} {b})", inner, inner, st.sampled_from(["or", "and", ""])
        ),
        st.builds(lambda a, neg: f"{neg}({a})", inner, st.sampled_from(["-", "not ", "--", "- -"])),
    )


@given(_nested(4))
@settings(max_examples=60, deadline=None)
def test_nesting_up_to_the_limit_runs_or_is_a_syntax_error(
    catalogue: Catalogue, query: str
) -> None:
    try:
        found = search_cards(catalogue, query, limit=1)
    except QuerySyntaxError as exc:
        assert "\n" not in str(exc)
    else:
        assert found.total >= 0
