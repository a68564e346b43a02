"""The core verbs: the rules in force, reading and checking a deck, share links, the rules
reference — what ``totemdeck check`` and ``rules`` do (``totem`` and ``card show``: ``totems``).

Each verb takes plain values and returns result objects; the renderers in
``totemdeck.report`` turn those into text or JSON; the CLI only parses options.
"""

from __future__ import annotations

import os
from pathlib import Path

from totemdeck.base.errors import ShareCodeError, UsageError
from totemdeck.catalogue.read import Catalogue
from totemdeck.decklist import read as reading
from totemdeck.decklist.model import Decklist
from totemdeck.decklist.read import DecklistError
from totemdeck.findings.registry import REGISTRY, RuleDoc, by_code
from totemdeck.i18n import _
from totemdeck.rules import format as formats
from totemdeck.rules.banlist import Banlist
from totemdeck.rules.deck import RuleContext
from totemdeck.rules.engine import CheckedDeck, Checker, Report
from totemdeck.rules.format import FormatRules

__all__ = [
    "Banlist",
    "Catalogue",
    "CheckedDeck",
    "Checker",
    "Decklist",
    "DecklistError",
    "FormatRules",
    "Report",
    "RuleContext",
    "RuleDoc",
    "RulesFileError",
    "ShareCodeError",
    "UnknownRule",
    "explain_rules",
    "load_format",
    "load_rules",
    "make_checker",
    "read_deck",
    "read_decklist",
    "share_base_url",
    "share_link_of",
]

PathLike = str | os.PathLike[str]


class RulesFileError(UsageError):
    """The banlist or format file a check would use is broken (exit 2: fix the input)."""


def load_rules(
    banlist: PathLike | None = None, format_file: PathLike | None = None
) -> tuple[Banlist, FormatRules]:
    """The banlist (default: ./banlist.yaml, else the installed one) and format parameters."""
    from totemdeck.api.banlists import banlist_in_force
    from totemdeck.base.errors import TotemdeckError
    from totemdeck.base.resources import default_banlist

    try:
        bans = banlist_in_force(banlist or default_banlist())
    except TotemdeckError as exc:
        from totemdeck.banlist import BanlistError

        if not isinstance(exc, BanlistError):
            raise
        raise RulesFileError(
            _("{problem} (run `totemdeck banlist check` for every problem)").format(problem=exc)
        ) from exc
    return bans, formats.load_format(Path(format_file) if format_file else None)


def make_checker(
    catalogue: Catalogue,
    banlist: PathLike | None = None,
    format_file: PathLike | None = None,
    lang: str = "en",
) -> Checker:
    """A ``Checker`` with the banlist and format files a person chose (see ``load_rules``)."""
    bans, fmt = load_rules(banlist, format_file)
    return Checker(catalogue, fmt=fmt, banlist=bans, lang=lang)


def read_deck(source: str) -> Decklist:
    """The decklist ``source`` names: a file, ``-`` (standard input), a share link
    (``https://…/check?d=…``) or a bare share code; ``DecklistError`` / ``ShareCodeError``."""
    if source == "-" or _is_file(source):  # a file: the share codec is not even loaded
        return read_decklist(source)
    from totemdeck.sharecode import code_in, decode_decklist

    code = code_in(source)
    if code is None:
        return read_decklist(source)
    try:
        return decode_decklist(code, "shared deck")
    except ShareCodeError as exc:
        if code != source.strip() or len(os.fsencode(source)) > _NAME_MAX:
            raise  # a link, or too long for a file's name: only a code was meant
        # "2023-worlds-list": a file name first (issue 44.8), then what the code lacks
        raise DecklistError(
            _("{path}: no such file (nor a deck code: {reason})").format(path=source, reason=exc)
        ) from None


_NAME_MAX = 255  # bytes in a file's name (Linux, macOS)


def read_decklist(path: str) -> Decklist:
    """The decklist in file ``path`` (``-``: standard input), read with Check's limits.
    Raises ``DecklistError`` saying what cannot be read."""
    return reading.read_decklist(path)


def load_format(path: str | Path | None = None) -> FormatRules:
    """The format's parameters and decisions: the packaged ``format.yaml``, or the file at
    ``path`` (``--format-file``), read as every hand-edited YAML file is."""
    return formats.load_format(path)


def _is_file(path: str) -> bool:
    try:
        return Path(path).exists()
    except OSError:  # a name too long for a file (a share code is)
        return False


def share_link_of(checked: CheckedDeck, base_url: str | None = None) -> str | None:
    """The link (under ``base_url``, default ``TOTEMDECK_BASE_URL``) or, with no base, the
    code of a checked deck; None when the deck is too long for a link."""
    from totemdeck.sharecode import share_code, share_link

    code = share_code(checked)
    if code is None:
        return None
    base = base_url if base_url is not None else share_base_url()[0]
    return share_link(code, base) if base else code


def share_base_url(value: str | None = None) -> tuple[str | None, bool]:
    """``TOTEMDECK_BASE_URL`` (or ``value``) checked once: the address share links start
    with (None: bare codes) and whether blanks around it were taken off, for the face to
    say; ``BadBaseUrl`` (exit 2) for one no link can start with."""
    from totemdeck.sharecode import base_url_of

    return base_url_of(os.environ.get("TOTEMDECK_BASE_URL") if value is None else value)


class UnknownRule(UsageError):
    """``totemdeck rules CODE`` with a code FORMAT.md does not have (exit 2)."""


def explain_rules(code: str | None = None) -> tuple[RuleDoc, ...]:
    """The format's rules as players read them: every code, or the one ``code`` names.

    An unknown code raises ``UnknownRule`` naming the closest code (codes are what reports
    print, so a near miss is a typo).
    """
    if code is None:
        return REGISTRY
    wanted = code.strip().lower()
    doc = by_code(wanted)
    if doc is None:
        from difflib import get_close_matches

        codes = [d.code for d in REGISTRY]
        closest = (get_close_matches(wanted, codes, n=1, cutoff=0.0) or codes[:1])[0]
        raise UnknownRule(
            _(
                "no rule has the code {code}; did you mean {closest}? (`totemdeck rules` "
                "lists every code)"
            ).format(code=repr(code), closest=closest)
        )
    return (doc,)
