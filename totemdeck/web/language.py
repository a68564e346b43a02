"""The page's language: chosen per request, and the gettext calls the templates use.

The templates mark their words with jinja2's i18n extension (``{{ _("Check a deck") }}``,
``{% trans %}``). Translations come from ``totemdeck.i18n`` when it is installed (its
``use_language`` sets the language for the request's context); without it, English.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator, Mapping
from typing import Any

LANGUAGES = ("en", "es")
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
COOKIE = "lang"


def _i18n() -> Any:
    try:
        return importlib.import_module("totemdeck.i18n")
    except ImportError:
        return None


_MODULE = _i18n()


def gettext(message: str) -> str:
    if _MODULE is not None:
        return str(_MODULE._(message))
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    if _MODULE is not None:
        return str(_MODULE.ngettext(singular, plural, n))
    return singular if n == 1 else plural


@contextlib.contextmanager
def use_language(lang: str) -> Iterator[None]:
    """Messages in ``lang`` inside the block (a no-op until ``totemdeck.i18n`` exists)."""
    if _MODULE is None:
        yield
        return
    with _MODULE.use_language(lang):
        yield


def pick_language(
    query: Mapping[str, str], cookies: Mapping[str, str], accept_language: str | None
) -> str:
    """``?lang=`` first, then the ``lang`` cookie the switch sets, then the browser's wish."""
    for wanted in (query.get("lang"), cookies.get(COOKIE)):
        if wanted in LANGUAGES:
            return str(wanted)
    for part in (accept_language or "").split(",")[:10]:
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "en"
