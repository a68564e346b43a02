"""Issue 39.5: a card's printed words are one piece (``catalogue.printed``) that the text
proxy and the Discord card embed both show, so the two say a card the same way."""

from __future__ import annotations

from totemdeck.api import Catalogue
from totemdeck.api.totems import TotemLookup
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.printed import kind_line, stats_line
from totemdeck.discord.embeds import card_embed
from totemdeck.i18n import use_language
from totemdeck.printing.proxytext import proxy_text


def _both(card: Card, lang: str = "en") -> tuple[dict, object]:
    with use_language(lang):
        return card_embed(TotemLookup(card, None, None), 1, lang), proxy_text(card, lang)


def _basic_energy(catalogue: Catalogue) -> Card:
    found = [
        c
        for c in catalogue.by_name("Basic Fire Energy") + catalogue.by_name("Fire Energy")
        if c.is_basic_energy
    ]
    assert found, "the test catalogue holds a basic Fire Energy"
    return found[0]


def test_a_pokemon_s_kind_and_stats_lines_are_the_same_in_both(catalogue: Catalogue) -> None:
    card = catalogue.get("sv3-125")  # Charizard ex OBF 125
    assert card is not None
    embed, proxy = _both(card)
    assert kind_line(card) == "Stage 2 · Darkness · HP 330"
    assert embed["description"].splitlines()[0] == proxy.kind_line == kind_line(card)
    assert proxy.footer == stats_line(card) and proxy.footer is not None
    assert embed["footer"]["text"] == f"{proxy.footer} · sv3-125"
    assert "Retreat 2" in proxy.footer
    titles = {f["name"] for f in embed["fields"]}
    attacks = [b for b in proxy.blocks if b.kind == "attack"]
    assert attacks and all(any(a.title in t and a.damage in t for t in titles) for a in attacks)
    assert any("[R][R]" in t and "Burning Darkness" in t for t in titles)


def test_a_basic_energy_reads_the_same_in_both(catalogue: Catalogue) -> None:
    card = _basic_energy(catalogue)
    embed, proxy = _both(card)
    assert proxy.kind_line == embed["description"].splitlines()[0] == "Energy · Basic"
    provides = "Provides [R] Energy."
    assert provides in embed["description"].splitlines()
    assert any(b.text == provides for b in proxy.blocks)
    assert proxy.footer is None and embed["footer"]["text"] == card.id


def test_spanish_words_are_the_same_in_both(catalogue: Catalogue) -> None:
    card = catalogue.get("sv3-125")
    assert card is not None
    embed, proxy = _both(card, "es")
    assert embed["description"].splitlines()[0] == proxy.kind_line
    assert proxy.kind_line.startswith("Fase 2")
    assert embed["footer"]["text"].startswith(str(proxy.footer))
    assert "Retirada 2" in str(proxy.footer)
