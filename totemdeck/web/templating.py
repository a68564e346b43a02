"""The Jinja2 environment: autoescape on for every template, gettext marked words, helpers."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import jinja2

from totemdeck import __version__
from totemdeck.api.cards import (
    FALLBACK_MARK,
    Card,
    display_name,
    is_fallback,
    localize,
    shown_set_name,
    term,
    terms,
)
from totemdeck.i18n import _, decimal, ngettext, percent
from totemdeck.web.language import LANGUAGE_NAMES
from totemdeck.web.view import ENERGY_SYMBOLS

TEMPLATES = Path(__file__).parent / "templates"


def card_code(card: Card) -> str:
    """``OBF 125``: how a player finds the print."""
    return f"{card.set.ptcgl_code or card.set.id} {card.number}"


def card_image(card: Card, size: str = "small") -> str | None:
    """The image URL the card's source published (https only), or None."""
    url = card.images.get(size) or card.images.get("small") or card.images.get("large")
    return url if url and url.startswith("https://") else None


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
    )
    return env
