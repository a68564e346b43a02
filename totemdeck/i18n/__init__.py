"""Every word totemdeck says to a person, in English or Spanish (gettext catalogues).

Write whole sentences with named placeholders, translated at the moment they are built::

    from totemdeck.i18n import _, ngettext
    _("{name} carries {types}, outside the Totem's identity ({identity})").format(...)
    ngettext("{n} error", "{n} errors", n).format(n=n)

The language is a context variable, so each thread, task or web request has its own:
``with use_language("es"): ...``. ``_`` reads it at call time. Strings that must exist
before a language is known (module constants, tables) are marked with ``N_`` and passed
through ``_`` where they are shown. The catalogues live in ``locale/``; ``make messages``
extracts, updates and compiles them (docs: README, "Translating").
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from functools import cache, wraps
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, Protocol, TypeVar

from totemdeck.base.errors import TotemdeckError

if TYPE_CHECKING:  # gettext is imported on first use: `totemdeck --version` never loads it
    from gettext import NullTranslations

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LOCALE_DIR",
    "N_",
    "SUPPORTED",
    "UnknownLanguage",
    "_",
    "current_language",
    "decimal",
    "ngettext",
    "percent",
    "resolve_language",
    "set_language",
    "speaking",
    "use_language",
]

SUPPORTED = ("en", "es")
DEFAULT_LANGUAGE = "en"
DOMAIN = "totemdeck"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENV_VARIABLE = "TOTEMDECK_LANG"
# POSIX order: the first of these that is set and not empty names the messages locale.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class Catalogue(Protocol):
    """What ``_`` and ``ngettext`` ask of a compiled catalogue."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


P = ParamSpec("P")
R = TypeVar("R")
_LANGUAGE: ContextVar[str] = ContextVar("totemdeck_language", default=DEFAULT_LANGUAGE)


class UnknownLanguage(TotemdeckError):
    """A language was asked for (``--lang``, ``TOTEMDECK_LANG``) that totemdeck does not speak."""

    exit_code = 2


def _language_part(value: str) -> str:
    """``es_ES.UTF-8`` → ``es``, ``es-MX`` → ``es``, ``EN`` → ``en``."""
    head = value.strip().lower()
    for separator in (".", "@", "_", "-"):
        head = head.split(separator, 1)[0]
    return head


def _checked(value: str, origin: str) -> str:
    language = _language_part(value)
    if language not in SUPPORTED:
        # English: said before a language is settled (the CLI's --lang callback translates)
        raise UnknownLanguage(  # i18n: keep
            f"{origin}: unknown language {value!r} (choose one of: {', '.join(SUPPORTED)})"
        )
    return language


def resolve_language(explicit: str | None = None) -> str:
    """The language to speak: ``explicit`` (``--lang``), else ``TOTEMDECK_LANG``, else the
    messages locale (``LANG=es_ES.UTF-8`` → ``es``), else English.

    An explicit or environment value totemdeck does not speak is refused
    (``UnknownLanguage``, exit 2); a locale it does not speak (``fr_FR``, ``C``) means English.
    """
    if explicit is not None and explicit.strip():
        return _checked(explicit, "--lang")
    from_env = os.environ.get(ENV_VARIABLE, "").strip()
    if from_env:
        return _checked(from_env, ENV_VARIABLE)
    for variable in LOCALE_VARIABLES:
        value = os.environ.get(variable, "").strip()
        if value:
            language = _language_part(value)
            return language if language in SUPPORTED else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def current_language() -> str:
    """The language ``_`` speaks here and now."""
    return _LANGUAGE.get()


@contextmanager
def use_language(language: str) -> Iterator[str]:
    """Speak ``language`` inside the ``with`` block (this thread / task / request only)."""
    token = _LANGUAGE.set(_checked(language, "language"))
    try:
        yield _LANGUAGE.get()
    finally:
        _LANGUAGE.reset(token)


def set_language(language: str) -> str:
    """Speak ``language`` from now on in this context (the CLI's ``--lang`` callback).

    Prefer ``use_language``, which restores the previous language on exit.
    """
    checked = _checked(language, "language")
    _LANGUAGE.set(checked)
    return checked


@cache
def translations(language: str) -> Catalogue:
    """The compiled catalogue of ``language`` (English: the messages as written).

    A catalogue that is missing, empty, cut short or corrupt must not turn every run in that
    language into a traceback (``--help`` included): the messages stay in English, and one
    warning line on stderr says why. A translation whose ``{placeholders}`` are not the
    message's own is ignored the same way, message by message (``_Checked``).
    """
    import gettext

    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    try:
        found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    except Exception as exc:  # OSError, struct.error, UnicodeError… from a broken .mo
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        with suppress(Exception):  # i18n: keep (the catalogue that would translate it is broken)
            sys.stderr.write(
                f"totemdeck: warning: the {language!r} messages cannot be read ({reason}); "
                "speaking English\n"
            )
        return gettext.NullTranslations()
    return _Checked(found)


def _fields(text: str) -> frozenset[str] | None:
    """The ``{names}`` a message formats, or None when it is not a valid format string."""
    from string import Formatter

    try:
        return frozenset(name for _t, name, _s, _c in Formatter().parse(text) if name is not None)
    except ValueError:
        return None


class _Checked:
    """A catalogue whose translations keep their message's placeholders, or are not used."""

    def __init__(self, catalogue: NullTranslations) -> None:
        self._catalogue = catalogue

    @staticmethod
    @cache
    def _fits(translated: str, *messages: str) -> bool:
        """Whether ``translated`` formats only names its messages give (it may omit some:
        ``una carta`` for ``{n} card``)."""
        if translated in messages:
            return True
        used, given = _fields(translated), [_fields(m) for m in messages]
        return used is not None and used <= frozenset().union(*(g or () for g in given))

    def gettext(self, message: str) -> str:
        translated = self._catalogue.gettext(message)
        return translated if self._fits(translated, message) else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        translated = self._catalogue.ngettext(singular, plural, n)
        fits = self._fits(translated, singular, plural)
        return translated if fits else (singular if n == 1 else plural)


def _(message: str) -> str:
    """``message`` in the current language (the message itself when untranslated)."""
    language = _LANGUAGE.get()
    if language == DEFAULT_LANGUAGE:
        return message
    return translations(language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    language = _LANGUAGE.get()
    if language == DEFAULT_LANGUAGE:
        return singular if n == 1 else plural
    return translations(language).ngettext(singular, plural, n)


def speaking(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` run in the language spoken here and now, wherever it runs later.

    A worker thread starts in English (a new thread has a fresh context); wrap what a
    thread pool runs: ``pool.submit(speaking(fetch), url)``.
    """
    language = _LANGUAGE.get()

    @wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        token = _LANGUAGE.set(language)
        try:
            return function(*args, **kwargs)
        finally:
            _LANGUAGE.reset(token)

    return run


def N_(message: str) -> str:  # noqa: N802  # gettext's name for "mark, translate later"
    """Mark ``message`` for extraction without translating it (pass it to ``_`` later)."""
    return message


def decimal(value: float, digits: int = 2) -> str:
    """A decimal number as the current language writes it (``0.24`` / ``0,24``)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if _LANGUAGE.get() == "es" else text


def percent(value: float, digits: int = 1) -> str:
    """A fraction as a percentage (``80.9%`` / ``80,9 %``, the RAE's spacing)."""
    if _LANGUAGE.get() == "es":
        return f"{value * 100:.{digits}f}".replace(".", ",") + " %"
    return f"{value:.{digits}%}"
