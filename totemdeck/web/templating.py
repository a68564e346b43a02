"""The Jinja2 environment: autoescape on for every template, gettext marked words, helpers."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import jinja2
import markupsafe

from totemdeck import __version__
from totemdeck.api.cards import Card
from totemdeck.catalogue.localized import FALLBACK_MARK, is_fallback, localize, shown_set_name
from totemdeck.catalogue.lru import LRU
from totemdeck.catalogue.model import display_name
from totemdeck.i18n import _, current_language, decimal, ngettext, percent
from totemdeck.i18n.terms import term, terms
from totemdeck.web.language import LANGUAGE_NAMES
from totemdeck.web.view import ENERGY_SYMBOLS

TEMPLATES = Path(__file__).parent / "templates"
PREVIEWS = 4096  # card-text previews kept rendered (~1 KB each): a deck page shows 60-100


class PreviewMemo:
    """A card's text preview, rendered once per card and language and then reused: a verdict
    shows one per line, and rendering them was a third of its CPU. Each thread's catalogue
    is opened once, so a card id means the same card for the life of the process. Bounded
    (an attacker's decks meet every card) and locked (the worker threads share it)."""

    def __init__(self, env: jinja2.Environment, size: int = PREVIEWS) -> None:
        self._env = env
        self._lock = threading.Lock()
        self._memo: LRU[tuple[str, str, str], markupsafe.Markup] = LRU(size)
        self._macro: Callable[[Card, str], str] | None = None

    def __call__(self, card: Card, lang: str) -> markupsafe.Markup:
        key = (card.id, lang, current_language())
        with self._lock:
            known = self._memo.get(key)
        if known is not None:
            return known
        if self._macro is None:
            self._macro = self._env.get_template("_macros.html").module.preview  # type: ignore[attr-defined]
        html = markupsafe.Markup(self._macro(card, lang))
        with self._lock:
            self._memo.put(key, html)
        return html


def card_code(card: Card) -> str:
    """``OBF 125``: how a player finds the print."""
    return f"{card.set.ptcgl_code or card.set.id} {card.number}"


def card_image(card: Card, size: str = "small") -> str | None:
    """The image URL the card's source published (https only), or None."""
    url = card.images.get(size) or card.images.get("small") or card.images.get("large")
    return url if url and url.startswith("https://") else None


@functools.lru_cache(maxsize=512)
def _symbol(kind: str, language: str) -> markupsafe.Markup:
    shown = term(kind)
    return markupsafe.Markup(
        '<span class="sym sym-{}" role="img" title="{}" aria-label="{}">{}</span>'
    ).format(ENERGY_SYMBOLS.get(kind, "C"), shown, shown, ENERGY_SYMBOLS.get(kind, "?"))


def symbol(kind: str) -> markupsafe.Markup:
    """An Energy type as its symbol, named for screen readers in the reader's language. A
    function, not a macro: a deck page shows a few hundred, and a Jinja macro call costs
    more than the span it writes. ``kind`` comes from the catalogue (types and costs), a
    few dozen values, so the memo stays small."""
    return _symbol(kind, current_language())


def symbols(kinds: Iterable[str]) -> markupsafe.Markup:
    """The symbols of several types, side by side (a card's types, an attack's cost)."""
    return markupsafe.Markup("").join(symbol(kind) for kind in kinds)


_TYPE_OF_LETTER = {letter: kind for kind, letter in ENERGY_SYMBOLS.items()}


def card_text(text: str) -> markupsafe.Markup:
    """A card's text with its Energy marks (``{P}``, ``{R}``: TCGdex writes them so, in
    every language) drawn as the symbols the costs use; the rest escaped as ever."""
    out = markupsafe.Markup("")
    rest = text
    while "{" in rest:
        before, _brace, after = rest.partition("{")
        letter, close, tail = after.partition("}")
        if close and letter in _TYPE_OF_LETTER:
            out += markupsafe.escape(before) + symbol(_TYPE_OF_LETTER[letter])
        else:
            out += markupsafe.escape(before + "{")
            tail = after
        rest = tail
    return out + markupsafe.escape(rest)


def query(**params: Any) -> str:
    """``?a=1&b=2`` from the non-empty parameters (values URL-encoded)."""
    kept = {k: v for k, v in params.items() if v not in (None, "", False)}
    return "?" + urlencode(kept) if kept else ""


def environment(images: bool = True) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,  # every template, whatever its name
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    # Old-style gettext: messages are written as everywhere else, with str.format placeholders
    # (``_("line {n}").format(n=...)``); the result is escaped like any other value.
    env.install_gettext_callables(_, ngettext, newstyle=False)  # type: ignore[attr-defined]
    env.globals.update(
        version=__version__,
        images=images,
        energy_symbols=ENERGY_SYMBOLS,
        language_names=LANGUAGE_NAMES,
        card_name=display_name,
        # the card in the reader's language, and whether some of it stays English
        localized=localize,
        in_english=is_fallback,
        fallback_mark=FALLBACK_MARK,
        set_name=shown_set_name,
        card_code=card_code,
        card_image=card_image,
        query=query,
        percent=percent,
        term=term,
        terms=terms,
        decimal=decimal,
        symbol=symbol,
        symbols=symbols,
        card_text=card_text,
    )
    env.globals["card_preview"] = PreviewMemo(env)
    return env
