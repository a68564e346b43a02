"""Searching in Spanish: Spanish names for the keys and their values, and the keys that read
card words (``o:``, ``atk:``, ``ab:``, ``rarity:``) reading the Spanish index too.

``keys.py`` consults this module through one hook, ``with_spanish(KEYS)``: each key gains its
Spanish aliases (``tipo``, ``fase``, ``rareza`` …), a value in Spanish is read as its English
word before the key's own builder sees it (``tipo:fuego`` = ``type:fire``,
``t:partidario`` = ``t:supporter``), and, in a search made in Spanish (``searching_in``),
the word keys also match the Spanish text (``catalogue/search/spanish.py``). An English
search keeps its meaning exactly; a Spanish one reads both languages' words, so an English
word still works there. Keys are ASCII (the grammar's), so ``ano`` stands for "año".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from totemdeck.base.lazy import LazyPattern
from totemdeck.catalogue.names import fold
from totemdeck.catalogue.search.spanish import fts_query_es

if TYPE_CHECKING:
    from totemdeck.catalogue.search.keys import Key, SearchContext, Sql
    from totemdeck.catalogue.search.parse import Term

# Spanish aliases of each key, by the key's name (docs/search.md, README.es.md).
KEY_ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("nombre",),
    "t": ("clase", "supertipo", "subtipo", "categoria"),
    "stage": ("fase",),
    "is": ("es",),
    "type": ("tipo",),
    "id": ("identidad",),
    "hp": ("ps",),
    "retreat": ("retirada",),
    "prizes": ("premios", "premio"),
    "column": ("columna",),
    "invocation": ("invocacion",),
    "damage": ("dano",),
    "attacks": ("ataques",),
    "released": ("fecha", "lanzamiento"),
    "year": ("ano",),
    "o": ("texto",),
    "atk": ("ataque",),
    "ab": ("habilidad",),
    "has": ("tiene",),
    "weak": ("debilidad",),
    "resist": ("resistencia",),
    "from": ("evoluciona",),
    "cost": ("coste",),
    "set": ("expansion", "edicion"),
    "number": ("numero",),
    "rarity": ("rareza",),
    "artist": ("ilustrador", "artista"),
    "reg": ("regulacion", "marca"),
    "lang": ("idioma",),
    "can": ("puede",),
}
SPANISH_KEYS = frozenset(alias for aliases in KEY_ALIASES.values() for alias in aliases)

_TYPES = {
    "planta": "grass", "fuego": "fire", "agua": "water", "rayo": "lightning",
    "psiquico": "psychic", "psiquica": "psychic", "lucha": "fighting", "oscura": "darkness",
    "oscuro": "darkness", "oscuridad": "darkness", "siniestro": "darkness", "metalica": "metal",
    "metalico": "metal", "acero": "metal", "hada": "fairy", "dragon": "dragon",
    "incolora": "colorless", "incoloro": "colorless", "ninguno": "none",
}  # fmt: skip
_TYPE_LINE = {
    "partidario": "supporter", "objeto": "item", "herramienta": "tool",
    "herramientapokemon": "tool", "estadio": "stadium", "entrenador": "trainer",
    "energia": "energy", "basico": "basic", "basica": "basic", "especial": "special",
    "maquinatecnica": "tm", "mt": "tm",
}  # fmt: skip
_STAGES = {
    "basico": "basic", "fase1": "1", "fase2": "2", "turbo": "break", "vastro": "vstar",
    "vunion": "vunion", "recreado": "restored", "nivelx": "levelx", "leyenda": "legend",
    "megaevolucion": "mega",
}  # fmt: skip
_FLAGS = {
    "radiante": "radiant", "brillante": "shining", "bebe": "baby", "prohibida": "banned",
    "prohibido": "banned", "estrella": "star", "prisma": "prism", "estrellaprisma": "prism",
    "ancestral": "ancient", "futuro": "future", "teracristal": "tera", "leyenda": "legend",
    "nivelx": "levelx", "cajadereglas": "rulebox", "megaevolucion": "mega",
    "golpeunico": "single-strike", "golpefluido": "rapid-strike", "fusion": "fusion-strike",
}  # fmt: skip
_HAS = {"habilidad": "ability", "habilidades": "ability", "ataque": "attack",
        "ataques": "attack", "debilidad": "weakness", "resistencia": "resistance"}  # fmt: skip
_CAN = {"totem": "totem", "sertotem": "totem"}
_SEPARATORS = LazyPattern(r"([\s,/+|&]+)")


def _normal(text: str) -> str:
    return "".join(ch for ch in fold(text) if ch.isalnum())


def _whole(table: dict[str, str]) -> Callable[[str], str]:
    def read(value: str) -> str:
        return table.get(_normal(value), value)

    return read


def _each_word(value: str) -> str:
    """Each type word in Spanish → English; letters and English words stay."""
    return "".join(_TYPES.get(_normal(part), part) for part in _SEPARATORS.split(value))


_VALUES: dict[str, Callable[[str], str]] = {
    "type": _each_word, "weak": _each_word, "resist": _each_word, "id": _each_word,
    "t": _whole(_TYPE_LINE), "stage": _whole(_STAGES), "is": _whole(_FLAGS),
    "has": _whole(_HAS), "can": _whole(_CAN),
}  # fmt: skip


_TYPE_KEYS = frozenset({"type", "weak", "resist", "id"})


def _translated(key: Key, read: Callable[[str], str]) -> Key:
    """``key`` reading a Spanish value as its English word. The explanation keeps the words
    typed, except type keys, whose explanation names the types (in the reader's language)."""
    build, describe = key.build, key.describe

    def spanish_build(term: Term, ctx: SearchContext) -> Sql:
        return build(dataclasses.replace(term, value=read(term.value)), ctx)

    def spanish_describe(term: Term) -> str:
        return describe(dataclasses.replace(term, value=read(term.value)))

    if key.name in _TYPE_KEYS:
        return dataclasses.replace(key, build=spanish_build, describe=spanish_describe)
    return dataclasses.replace(key, build=spanish_build)


_LANGUAGE: ContextVar[str] = ContextVar("search_language", default="en")
WORD_LANGUAGES = frozenset({"es"})  # languages whose card words the index has


@contextmanager
def searching_in(lang: str) -> Iterator[None]:
    """Compile queries for a search made in ``lang`` (its words are searched too)."""
    token = _LANGUAGE.set(lang)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def _or_spanish(key: Key, condition: Callable[[Term], tuple[str, tuple[Any, ...]] | None]) -> Key:
    """``key`` also true of a print whose Spanish words match (``condition``)."""
    build = key.build

    def both(term: Term, ctx: SearchContext) -> Sql:
        english = build(term, ctx)
        spanish = condition(term) if _LANGUAGE.get() in WORD_LANGUAGES else None
        if spanish is None:
            return english
        text, params = spanish
        return type(english)(f"({english.text} OR {text})", (*english.params, *params))

    return dataclasses.replace(key, build=both)


def _regex(column: str, term: Term) -> tuple[str, tuple[Any, ...]]:
    """``o:/…/``, ``atk:/…/``, ``ab:/…/`` over the Spanish text and names (folded)."""
    from totemdeck.catalogue.search.builders import regex_condition

    sql = regex_condition(column, term)
    return sql.text, sql.params


def _text(term: Term) -> tuple[str, tuple[Any, ...]] | None:
    if term.regex:
        return _regex("es:sentences", term)
    query = fts_query_es(term.value, term.quoted)
    if query is None:
        return None
    sql = "s.card_id IN (SELECT card_id FROM search_text_es WHERE search_text_es MATCH ?)"
    return sql, (query,)


def _column(column: str, items: bool) -> Callable[[Term], tuple[str, tuple[Any, ...]]]:
    def condition(term: Term) -> tuple[str, tuple[Any, ...]]:
        from totemdeck.catalogue.search.values import like_pattern

        if term.regex:
            return _regex(f"es:{column}", term)
        value = fold(term.value)
        if term.op == "=" and not items:
            return f"s.card_id IN (SELECT card_id FROM search_es WHERE {column} = ?)", (value,)
        pattern = like_pattern(f"|{value}|" if term.op == "=" else value)
        sql = f"s.card_id IN (SELECT card_id FROM search_es WHERE {column} LIKE ? ESCAPE '\\')"
        return sql, (pattern,)

    return condition


_WORDS = {
    "o": _text,
    "atk": _column("attack_names", items=True),
    "ab": _column("ability_names", items=True),
    "rarity": _column("rarity", items=False),
}


def with_spanish(keys: Sequence[Key]) -> tuple[Key, ...]:
    """The keys with their Spanish aliases, Spanish values and Spanish words (the hook)."""
    out = []
    for key in keys:
        key = dataclasses.replace(key, aliases=(*key.aliases, *KEY_ALIASES.get(key.name, ())))
        if key.name in _VALUES:
            key = _translated(key, _VALUES[key.name])
        if key.name in _WORDS:
            key = _or_spanish(key, _WORDS[key.name])
        out.append(key)
    return tuple(out)


def suggested(alias: str, name: str) -> str:
    """The key to suggest for a mistyped key closest to ``alias`` (of the key ``name``): the
    Spanish alias itself when the person typed Spanish, else the key's name."""
    return alias if alias in SPANISH_KEYS else name
