"""``card show`` shows a card whole (issue 38.8): abilities and attacks with their text and
damage, weakness, resistance, Retreat and rules, in English and Spanish, wrapped to width."""

from __future__ import annotations

import pytest

from totemdeck.api import card_facts
from totemdeck.catalogue.read import Catalogue
from totemdeck.i18n import use_language
from totemdeck.report.card import render_card


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            ["Infernal Reign: When you play this Pokémon", "Burning Darkness [Fire Fire] 180+:",
             "30 more damage for each Prize card", "weakness:", "Grass", "resistance:  none",
             "Retreat 2", "Pokémon ex rule: When your", "Tera: As long as"],
        ),
        (
            "es",
            ["Reino Infernal: Cuando juegas este Pokémon", "Oscuridad Ardiente [Fuego Fuego] 180+:",
             "30 puntos de daño más", "debilidad:", "Planta", "resistencia:  ninguna",
             "Retirada 2", "Regla de Pokémon ex", "Energía Fuego Básica"],
        ),
    ],
)  # fmt: skip
@pytest.mark.parametrize("width", [60, 100])
def test_card_show_has_the_whole_card(
    catalogue: Catalogue, lang: str, words: list[str], width: int
) -> None:
    card = catalogue.get("sv3-125")
    assert card is not None
    with use_language(lang):
        text = render_card(card, card_facts(catalogue, card), lang, width=width)
    lines = text.splitlines()
    assert all(len(line) <= width for line in lines), max(lines, key=len)
    joined = " ".join(line.strip() for line in lines)
    for word in words:
        assert word in joined, word
    assert "{R}" not in text  # a symbol in the text is its type's word


def test_a_free_attack_shows_no_cost(catalogue: Catalogue) -> None:
    card = catalogue.get("sv4pt5-150")
    assert card is not None
    text = render_card(card, None, "en", width=80)
    assert "Grasping Draw [no cost]: Draw cards until" in " ".join(text.split())
    assert "Free" not in text
