"""Searching in Spanish: Spanish key and value aliases, Spanish text by Spanish stems, and
English and Spanish queries that mean the same thing finding the same prints."""

from __future__ import annotations

import pytest

from totemdeck.api.search import QuerySyntaxError, search_cards
from totemdeck.catalogue.localized import is_fallback
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.search.compile import closest_key
from totemdeck.catalogue.search.spanish import fts_query_es, stem, stemmed
from totemdeck.i18n import use_language

pytestmark = pytest.mark.full_mirrors(
    "the Spanish words of every print (a Spanish query finds what its English one does)"
)

# Thirty queries a bilingual player writes both ways. Left out on purpose: "shuffle" /
# "baraja" (baraja is also "deck", the noun) and "burned" / "quemado" (burn* also matches
# the English attack names "Burning …"): their words do not mean the same thing.
PAIRS = [
    ("o:draw", "o:roba"), ('o:"draw 3 cards"', 'o:"roba 3 cartas"'),
    ("o:discard", "o:descarta"), ("o:heal", "o:cura"), ("o:paralyzed", "o:paralizado"),
    ("o:poisoned", "o:envenenado"), ("o:confused", "o:confundido"), ("o:asleep", "o:dormido"),
    ("o:bench", "o:banca"), ("o:coin", "o:moneda"), ("o:prize", "o:premio"),
    ("o:search", "o:busca"), ("t:supporter", "t:partidario"), ("t:item", "t:objeto"),
    ("t:tool", "t:herramienta"), ("t:stadium", "t:estadio"), ("t:trainer", "t:entrenador"),
    ("t:energy", "t:energia"), ("type:fire", "tipo:fuego"), ("type:water", "tipo:agua"),
    ("weak:fighting", "debilidad:lucha"), ("resist:metal", "resistencia:metalica"),
    ("stage:1", "fase:1"), ("stage:basic", "fase:basico"), ("is:ex", "es:ex"),
    ("hp>=200", "ps>=200"), ("has:ability", "tiene:habilidad"),
    ('rarity:"double rare"', 'rareza:"rara doble"'),
    ('atk:"burning darkness"', 'atk:"oscuridad ardiente"'),
    ('ab:"infernal reign"', 'ab:"reino infernal"'),
]  # fmt: skip


@pytest.fixture(scope="module")
def spanish_prints(catalogue: Catalogue) -> set[str]:
    """The prints whose whole text the catalogue has in Spanish."""
    return {c.id for c in catalogue.iter_cards() if "es" in c.texts and not is_fallback(c, "es")}


def _found(catalogue: Catalogue, query: str, among: set[str], lang: str) -> set[str]:
    found = search_cards(catalogue, query, prints=True, limit=None, lang=lang).cards
    return {c.id for c in found} & among


def test_thirty_english_spanish_pairs_agree(
    catalogue: Catalogue, spanish_prints: set[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each pair's agreement is |A ∩ B| / |A ∪ B| over the prints with Spanish text; the
    mean over the 30 pairs is at least 95 %, and no pair falls below 90 %."""
    assert len(PAIRS) == 30
    scores = {}
    for english, spanish in PAIRS:
        a = _found(catalogue, english, spanish_prints, "en")
        b = _found(catalogue, spanish, spanish_prints, "es")
        assert a, english
        scores[english] = len(a & b) / len(a | b)
    mean = sum(scores.values()) / len(scores)
    with capsys.disabled():
        print(f"\nEN/ES query agreement over {len(spanish_prints)} prints: {mean:.1%} (mean of 30)")
    assert mean >= 0.95
    assert {q: s for q, s in scores.items() if s < 0.90} == {}


@pytest.mark.parametrize(
    ("query", "english"),
    [
        ("tipo:fuego", "type:fire"), ("t:partidario", "t:supporter"), ("t:objeto", "t:item"),
        ("fase:1", "stage:1"), ('rareza:"rara doble"', 'rarity:"double rare"'),
        ("ilustrador:arita", "artist:arita"), ("es:ex", "is:ex"), ("ps>=200", "hp>=200"),
        ("debilidad:planta", "weak:grass"), ("identidad<=RD", "id<=RD"),
        ("fase:basico tipo:oscura", "stage:basic type:darkness"),
    ],
)  # fmt: skip
def test_spanish_aliases_mean_the_english_query(
    full_catalogue: Catalogue, query: str, english: str
) -> None:
    catalogue = full_catalogue  # Spanish words of every print
    ours = {c.id for c in search_cards(catalogue, query, prints=True, limit=None, lang="es").cards}
    theirs = {c.id for c in search_cards(catalogue, english, prints=True, limit=None).cards}
    assert ours and ours >= theirs
    if not query.startswith("rareza"):  # Spanish rarity words also match the Spanish text
        assert ours == theirs


def test_spanish_text_is_found_by_stem_without_accents(catalogue: Catalogue) -> None:
    """o:robar, o:roba, o:ROBÁIS … all find Professor's Research (whose Spanish text says
    "roba 7 cartas"); atk: and ab: read the Spanish names."""
    for query in ("o:robar", "o:roba", "o:ROBA", 'o:"roba 7 cartas"'):
        names = {c.name for c in search_cards(catalogue, query, limit=None, lang="es").cards}
        assert "Professor's Research" in names, query
        assert "Professor's Research" not in {c.name for c in search_cards(catalogue, query).cards}
    assert {
        c.name for c in search_cards(catalogue, 'atk:"oscuridad ardiente"', lang="es").cards
    } == {"Charizard ex"}
    assert "Charizard ex" in {c.name for c in search_cards(catalogue, "ab:reino", lang="es").cards}


def test_an_english_query_keeps_its_meaning(catalogue: Catalogue) -> None:
    """In English exactly the English text; in Spanish nearly the same prints."""
    english_search = search_cards(catalogue, "o:draw", prints=True, limit=None).cards
    found = search_cards(catalogue, "o:draw", prints=True, limit=None, lang="es").cards
    assert {c.id for c in found} >= {c.id for c in english_search}
    english = [
        c
        for c in found
        if "draw" in " ".join([*c.rules, *(a.text for a in c.attacks), *c.ability_texts]).casefold()
    ]
    assert len(english) / len(found) > 0.97


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [("tipoo", "tipo"), ("rarez", "rareza"), ("hpp", "hp"), ("rarty", "rarity")],
)
def test_a_key_error_suggests_a_key_in_the_language_typed(typed: str, suggested: str) -> None:
    assert closest_key(typed) == suggested


def test_explain_speaks_spanish(catalogue: Catalogue) -> None:
    with use_language("es"):
        found = search_cards(catalogue, "tipo:fuego t:partidario o:roba", lang="es")
    assert "Fuego" in found.explanation and "texto" in found.explanation
    with (
        use_language("es"),
        pytest.raises(QuerySyntaxError, match=r"clave desconocida 'tipoo'.*'tipo'"),
    ):
        search_cards(catalogue, "tipoo:fuego", lang="es")


@pytest.mark.parametrize(
    ("word", "stemmed_as"),
    [
        ("robar", "rob"),
        ("Roba", "rob"),
        ("cartas", "cart"),
        ("energía", "energi"),
        ("energia", "energi"),
    ],  # accents go first: typed with or without, one stem
)
def test_snowball_spanish_stems(word: str, stemmed_as: str) -> None:
    assert stem(word) == stemmed_as
    assert stemmed(f"{word}, {word}") == f"{stemmed_as} {stemmed_as}"


def test_a_query_without_words_is_none_and_prefixes_stay() -> None:
    assert fts_query_es("…", False) is None
    assert fts_query_es("rob*", False) == '"rob"*'
    assert fts_query_es("roba cartas", True) == '"rob cart"'
