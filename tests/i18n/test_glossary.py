"""The Spanish words for the rules are the FAQ's (and the official cards', via TCGdex).

Each row: an English term as messages write it, the Spanish every translation of such a
message must use, and the evidence — the exact words in the format's bilingual FAQ
(``../shared/seeds/000_*.txt``) or a value on TCGdex's Spanish cards. A new rule term in a
message gets a row here.
"""

from __future__ import annotations

import json
import re
from typing import NamedTuple

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from scripts.messages import po_path
from tests.conftest import FIXTURE_TCGDEX, SHARED

FAQ = SHARED / "seeds" / "000_d4d9afd947cef094.txt"
SPANISH_CARDS = FIXTURE_TCGDEX / "es" / "cards"  # the committed fixture holds every word
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


class Term(NamedTuple):
    english: str  # regex on the msgid
    spanish: str  # regex every msgstr of a matching msgid must contain
    evidence: str  # exact words in the source
    source: str  # "faq" or "tcgdex"


GLOSSARY = [
    Term(r"\bTotem Zone\b", r"Zona del Tótem", "Zona del Tótem", "faq"),
    Term(r"\bInvocation Cost\b", r"Coste de Invocación", "Coste de Invocación", "faq"),
    Term(r"\bPrize cards?\b", r"cartas? de Premio", "cartas de Premio", "faq"),
    Term(r"\bTotem Format\b", r"Formato Tótem", "Formato Tótem", "faq"),
    Term(r"\bTotems?\b", r"Tótem", "Tótem", "faq"),
    Term(r"\bidentity\b", r"identidad", "identidad de tipos", "faq"),
    Term(r"\bStage 1\b", r"Fase 1", "Fase 1", "faq"),
    Term(r"\bStage 2\b", r"Fase 2", "Fase 2", "faq"),
    Term(r"\bStage 3\b", r"Fase 3", "Fase 3", "faq"),
    Term(r"\bBasic Pokémon\b", r"Pokémon Básicos?", "Pokémon Básico", "faq"),
    Term(r"\bBasic\b", r"Básic[oa]s?", "Básico", "tcgdex"),
    Term(r"\bSupporters?\b", r"Partidarios?", "Partidario", "tcgdex"),
    Term(r"\bItems?\b", r"Objetos?", "Objeto", "faq"),
    Term(r"\bPokémon Tools?\b", r"Herramientas?( Pokémon)?", "Herramienta", "tcgdex"),
    Term(r"\bStadiums?\b", r"Estadios?", "Estadio", "faq"),
    Term(r"\bTrainers?\b", r"Entrenador(es)?", "Entrenador", "tcgdex"),
    Term(r"\bSpecial Energy\b", r"Energía Especial", "Energía Especial", "faq"),
    Term(r"\bEnergy\b", r"Energía", "Energía", "faq"),
    Term(r"(?<!totemdeck )\b[Bb]anlist\b(?!\.yaml)", r"Lista Prohibida", "Lista Prohibida", "faq"),
    Term(r"(?i)\bdecks?\b", r"(?i)\bmazos?\b", "mazo", "faq"),
    Term(r"\bKnock(ed)? Out\b", r"Fuera de Combate", "Fuera de Combate", "faq"),
    Term(r"(?i)\bmulligans?\b", r"(?i)\bmulligans?\b", "mulligan", "faq"),
    Term(r"\bRetreat Cost\b", r"Coste de Retirada", "Coste de Retirada", "faq"),
    Term(r"\bdiscard pile\b", r"pila de descartes", "pila de descartes", "faq"),
    Term(r"\bRadiant\b", r"Radiante", "Radiante", "faq"),
    Term(r"\bColorless\b", r"Incolor[oa]s?", "Incolora", "faq"),
    Term(r"\bFire\b", r"Fuego", "Fuego", "faq"),
    Term(r"\bWater\b", r"Agua", "Agua", "faq"),
    Term(r"\bPsychic\b", r"Psíquico", "Psíquico", "faq"),
    Term(r"\bGrass\b", r"Planta", "Planta", "tcgdex"),
    Term(r"\bLightning\b", r"Rayo", "Rayo", "tcgdex"),
    Term(r"\bFighting\b", r"Lucha", "Lucha", "tcgdex"),
    Term(r"\bDarkness\b", r"Oscura", "Oscura", "tcgdex"),
    Term(r"\bMetal\b", r"Metálica", "Metálica", "tcgdex"),
    Term(r"\bFairy\b", r"Hada", "Hada", "tcgdex"),
    Term(r"\bDragon\b", r"Dragón", "Dragón", "tcgdex"),
    # the card's own words, as the Spanish cards print them (issue 23)
    Term(r"\bHP\b", r"\bPS\b", "PS", "tcgdex-text"),
    Term(r"(?i)\bweakness(es)?\b", r"(?i)debilidad(es)?", "Debilidad", "tcgdex-text"),
    Term(r"(?i)\bresistances?\b", r"(?i)resistencias?", "Resistencia", "tcgdex-text"),
    Term(r"\bRetreat\b", r"Retirada", "Coste de Retirada", "tcgdex-text"),
    Term(r"(?i)\babilit(y|ies)\b", r"(?i)habilidad(es)?", "Habilidad", "tcgdex"),
    Term(r"(?i)\battacks?\b", r"(?i)ataques?", "ataque", "tcgdex-text"),
    Term(r"\bRarity\b", r"Rareza", "Rara Doble", "tcgdex"),
]


@pytest.fixture(scope="module")
def faq() -> str:
    if not FAQ.is_file():
        pytest.skip(f"the format's FAQ is not beside this checkout ({FAQ})")
    return FAQ.read_text(encoding="utf-8")


def _card_values(value: object) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(_card_values(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_card_values(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


@pytest.fixture(scope="module")
def tcgdex_words() -> set[str]:
    """Values of the fields that name types, stages and kinds on TCGdex's Spanish cards."""
    wanted = {t.evidence for t in GLOSSARY if t.source == "tcgdex"}
    found: set[str] = set()
    for path in sorted(SPANISH_CARDS.glob("*.json")):
        card = json.loads(path.read_text(encoding="utf-8"))
        for key in ("types", "stage", "category", "trainerType", "energyType", "rarity"):
            found |= _card_values(card.get(key)) & wanted
        found |= {a.get("type") for a in card.get("abilities") or []} & wanted
        if found == wanted:
            break
    return found


@pytest.fixture(scope="module")
def tcgdex_text_words() -> set[str]:
    """The card-text evidence found in TCGdex's Spanish cards' attack and ability effects."""
    wanted = {t.evidence for t in GLOSSARY if t.source == "tcgdex-text"}
    found: set[str] = set()
    for path in sorted(SPANISH_CARDS.glob("*.json")):
        card = json.loads(path.read_text(encoding="utf-8"))
        text = (
            " ".join(
                str(part.get("effect") or "")
                for part in [*(card.get("attacks") or []), *(card.get("abilities") or [])]
            )
            + " "
            + str(card.get("effect") or "")
        )
        found |= {w for w in wanted - found if re.search(rf"\b{re.escape(w)}\b", text)}
        if found == wanted:
            break
    return found


@pytest.mark.parametrize("term", GLOSSARY, ids=lambda t: t.evidence)
def test_each_spanish_term_is_the_sources_own(
    term: Term, faq: str, tcgdex_words: set[str], tcgdex_text_words: set[str]
) -> None:
    if term.source == "faq":
        assert term.evidence in faq
    elif term.source == "tcgdex-text":
        assert term.evidence in tcgdex_text_words
    else:
        assert term.evidence in tcgdex_words
    assert re.search(term.spanish, term.evidence) or term.english == r"\bRarity\b"


@pytest.fixture(scope="module")
def spanish() -> Catalog:
    with po_path("es").open("rb") as handle:
        return read_po(handle, locale="es")


def _departures(catalog: Catalog) -> list[str]:
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        words = [PLACEHOLDER.sub("", x) for x in ids]  # {deck} is a value, not a word
        forms = (message.string,) if isinstance(message.string, str) else message.string
        for term in GLOSSARY:
            if any(re.search(term.english, x) for x in words):
                found += [
                    f"{ids[0]!r} → {form!r}: wants {term.spanish!r}"
                    for form in forms
                    if form and not re.search(term.spanish, form)
                ]
    return found


def test_translations_use_the_glossary(spanish: Catalog) -> None:
    departures = _departures(spanish)
    assert not departures, "\n".join(departures)


def test_the_glossary_check_can_fail() -> None:
    catalog = Catalog(locale="es")
    catalog.add("Invocation Cost {n}", "Coste de invocar {n}")
    catalog.add("{n} Prize cards", "{n} premios")
    assert len(_departures(catalog)) == 2
