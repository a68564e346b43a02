"""The rendered card-text previews a page reuses: the same HTML as the macro, per language,
bounded."""

from __future__ import annotations

from totemdeck.catalogue.read import Catalogue
from totemdeck.i18n import use_language
from totemdeck.web.templating import PreviewMemo, environment, symbol, symbols


def _macro_html(card_id: str, catalogue: Catalogue, lang: str) -> str:
    env = environment()
    card = catalogue.get(card_id)
    assert card is not None
    with use_language(lang):
        return str(env.get_template("_macros.html").module.preview(card, lang))  # type: ignore[attr-defined]


def test_a_remembered_preview_is_the_macros_own_html(catalogue: Catalogue) -> None:
    memo = PreviewMemo(environment())
    card = catalogue.get("sv3-125")
    assert card is not None
    with use_language("en"):
        first, again = memo(card, "en"), memo(card, "en")
    assert first is again  # rendered once
    assert str(first) == _macro_html("sv3-125", catalogue, "en")
    assert "Burning Darkness" in first


def test_each_language_has_its_own_preview(catalogue: Catalogue) -> None:
    memo = PreviewMemo(environment())
    card = catalogue.get("sv3-125")
    assert card is not None
    with use_language("en"):
        english = memo(card, "en")
    with use_language("es"):
        spanish = memo(card, "es")
    assert english != spanish
    assert "Card text" in english and "Texto de la carta" in spanish
    assert str(spanish) == _macro_html("sv3-125", catalogue, "es")


def test_the_memo_forgets_past_its_size(catalogue: Catalogue) -> None:
    memo = PreviewMemo(environment(), size=3)
    cards = catalogue.by_name("Pikachu")[:5]
    assert len(cards) == 5
    with use_language("en"):
        first = memo(cards[0], "en")
        for card in cards[1:]:
            memo(card, "en")
        assert memo(cards[0], "en") is not first  # rendered again: it had been forgotten
    assert len(memo._memo) == 3


def test_a_symbol_is_named_in_the_readers_language() -> None:
    with use_language("en"):
        fire = symbol("Fire")
        assert symbols(["Fire", "Colorless"]) == fire + symbol("Colorless")
    assert fire == ('<span class="sym sym-R" role="img" title="Fire" aria-label="Fire">R</span>')
    with use_language("es"):
        assert 'aria-label="Fuego"' in symbol("Fire")
    with use_language("en"):
        assert symbol("Unknown") == (
            '<span class="sym sym-C" role="img" title="Unknown" aria-label="Unknown">?</span>'
        )
