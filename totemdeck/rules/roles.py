"""Role tags: what a card does for a deck (draws, searches, gusts …), from its English text,
or from its Spanish text (TCGdex's) by the Spanish patterns.

The patterns live in ``totemdeck/data/roles.yaml`` (a data file, with texts each role must and
must not tag, in each language), so a new role or a better pattern is a data edit. Pure: a
card in, its tags out. The importer stores them for ``role:`` searches; card pages and
``stats`` show them. The Spanish patterns read one sentence folded (lower case, no accents),
so a print whose text the catalogue has only in Spanish still gets its roles, and the two
languages can be measured against each other (tests/rules/test_roles.py).
"""

from __future__ import annotations

import re
from dataclasses import field
from functools import cache
from itertools import pairwise
from typing import Any

from totemdeck.base.records import frozen
from totemdeck.base.resources import packaged_text
from totemdeck.catalogue.model import TYPE_LETTERS, Card
from totemdeck.catalogue.names import fold

_SYMBOL = re.compile(r"[\[{]([GRWLPFDMYNC])[\]}]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_SPANISH_TYPES = {
    "G": "planta", "R": "fuego", "W": "agua", "L": "rayo", "P": "psiquico", "F": "lucha",
    "D": "oscura", "M": "metalica", "Y": "hada", "N": "dragon", "C": "incolora",
}  # fmt: skip
_BACKREFERENCE = re.compile(r"\\[1-9]")
_RULE_ES = re.compile(r"\bregla\b[^:.]{0,40}:")  # "Regla de los Pokémon ex:" (a Rule Box)
LANGS = ("en", "es")


@frozen
class Role:
    """A deck role (draw, gust, search…) and the card texts that play it."""

    name: str
    description: str
    patterns: tuple[re.Pattern[str], ...]
    tags: tuple[str, ...]
    not_tags: tuple[str, ...]
    patterns_es: tuple[re.Pattern[str], ...] = ()
    tags_es: tuple[str, ...] = ()
    not_tags_es: tuple[str, ...] = ()
    # Each language's patterns as one alternation: one search a sentence instead of one a
    # pattern (an import asks ~18,000 cards' sentences of every role: 2.6 million searches).
    any_en: re.Pattern[str] = field(default=re.compile("(?!)"), compare=False, repr=False)
    any_es: re.Pattern[str] = field(default=re.compile("(?!)"), compare=False, repr=False)
    # What says the role across a sentence break: matched against two sentences in a row
    # joined by a space ("Choose 1 of your opponent's Pokémon. This attack does 30 damage to
    # that Pokémon."), one alternation a language.
    spans_en: re.Pattern[str] = field(default=re.compile("(?!)"), compare=False, repr=False)
    spans_es: re.Pattern[str] = field(default=re.compile("(?!)"), compare=False, repr=False)

    def matches(self, sentence: str, lang: str = "en") -> bool:
        """Whether one sentence (folded, for ``es``) has this role."""
        return (self.any_es if lang == "es" else self.any_en).search(sentence) is not None

    def spans(self, pair: str, lang: str = "en") -> bool:
        """Whether two sentences in a row, joined by a space, have this role together."""
        return (self.spans_es if lang == "es" else self.spans_en).search(pair) is not None

    def reads(self, paragraphs: list[list[str]], lang: str = "en") -> bool:
        """Whether a text split into paragraphs of sentences (``paragraphs``) has this role:
        in one sentence, or across two in a row of one paragraph (an attack's last sentence
        and the next attack's first say nothing together)."""
        if any(self.matches(s, lang) for part in paragraphs for s in part):
            return True
        return any(self.spans(f"{a} {b}", lang) for part in paragraphs for a, b in pairwise(part))

    def examples(self, lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The texts it must tag and must not, in ``lang``."""
        if lang == "es":
            return self.tags_es, self.not_tags_es
        return self.tags, self.not_tags


def _compiled(patterns: list[str]) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p, re.IGNORECASE) for p in patterns)


def _alternation(patterns: list[str]) -> re.Pattern[str]:
    """Any of ``patterns``: the same answer as asking each (they hold no group names, group
    numbers or inline flags, which an alternation would change); none matches nothing."""
    if not patterns:
        return re.compile("(?!)")
    for pattern in patterns:
        if _BACKREFERENCE.search(pattern):  # "\\1" would point at another pattern's group
            raise ValueError(f"roles.yaml: a pattern refers back to a group: {pattern!r}")
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


def _role(name: str, entry: dict[str, Any]) -> Role:
    es = entry["es"]
    return Role(
        name,
        entry["description"],
        _compiled(entry["patterns"]),
        tuple(entry["tags"]),
        tuple(entry["not"]),
        _compiled(es["patterns"]),
        tuple(es["tags"]),
        tuple(es["not"]),
        _alternation(entry["patterns"]),
        _alternation(es["patterns"]),
        _alternation(entry.get("spans", [])),
        _alternation(es.get("spans", [])),
    )


@cache
def roles() -> tuple[Role, ...]:
    """The roles of the packaged ``roles.yaml``, in file order (read once)."""
    from totemdeck.files.safeyaml import parse_yaml
    from totemdeck.files.schemas import first_error, is_valid_fast

    text = packaged_text("roles.yaml")
    _node, data = parse_yaml(text, "roles.yaml")
    if not is_valid_fast("roles", data):
        raise ValueError(f"roles.yaml: {first_error('roles', data)}")
    return tuple(_role(name, entry) for name, entry in data["roles"].items())


def role_names() -> tuple[str, ...]:
    return tuple(r.name for r in roles())


def _split(paragraphs: list[str], lang: str) -> list[list[str]]:
    """Each paragraph's sentences; Spanish folded, symbols written as type words."""
    if lang == "es":
        text = [fold(_SYMBOL.sub(lambda m: _SPANISH_TYPES[m.group(1)], p)) for p in paragraphs]
        # TCGdex writes "$$$card.rules.missing.token$$$" where it lacks a text: no sentence
        return [
            [
                s
                for s in _SENTENCE.split(p)
                if s.strip() and not _RULE_ES.search(s) and "$$$" not in s
            ]
            for p in text
        ]
    text = [_SYMBOL.sub(lambda m: TYPE_LETTERS[m.group(1)], p) for p in paragraphs]
    return [
        [s for s in _SENTENCE.split(p) if s.strip() and " rule:" not in s.lower()] for p in text
    ]


def sentences(card: Card, lang: str = "en") -> list[str]:
    """The sentences a role is read from: abilities, attacks and a Trainer's or Energy's
    rules (a Pokémon's rules are its Rule Box: "prevent all damage … on your Bench" is Tera's
    rule, not a role). In ``es``, the print's Spanish text only (none: no sentences)."""
    return [s for part in paragraphs(card, lang) for s in part]


def paragraphs(card: Card, lang: str = "en") -> list[list[str]]:
    """``sentences`` a paragraph (an ability, an attack, a rule) at a time."""
    if lang == "es":
        from totemdeck.catalogue.localized import text_record

        text = text_record(card, "es")
        if text is None:
            return []
        rules = [] if card.is_pokemon else [str(r) for r in text["rules"]]
        texts = [*(a["text"] for a in text["abilities"]), *(a["text"] for a in text["attacks"])]
        return _split([str(t) for t in texts if t] + rules, "es")
    rules_en = () if card.is_pokemon else card.rules
    return _split([*card.ability_texts, *(a.text for a in card.attacks), *rules_en], "en")


def text_roles(text: str, lang: str = "en") -> tuple[str, ...]:
    """The roles a piece of card text has (the data file's examples are read this way)."""
    parts = _split([text], lang)
    return tuple(r.name for r in roles() if r.reads(parts, lang))


def roles_of(card: Card, lang: str | None = None) -> tuple[str, ...]:
    """The role tags of ``card``, in the data file's order: read from its text in ``lang``,
    or (no ``lang``) from its English text, or its Spanish one when it has no English text."""
    if lang is None:
        lang = "en" if sentences(card) else "es"
    parts = paragraphs(card, lang)
    return tuple(r.name for r in roles() if r.reads(parts, lang))
