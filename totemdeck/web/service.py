"""What the web app asks of the library, in one place: config from the environment, a
read-only catalogue and a checker per thread, and the verbs the pages call.

Nothing here writes a file. The catalogue is opened read-only (SQLite ``mode=ro``); a
SQLite connection belongs to the thread that opened it, so each thread that serves requests
gets its own ``Catalogue`` and ``Checker`` (with uvicorn that is one per worker process:
the routes run on the event loop's thread).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

from totemdeck.api import load_rules, pieces_of
from totemdeck.catalogue.model import Card
from totemdeck.catalogue.read import Catalogue
from totemdeck.catalogue.schema import default_dir
from totemdeck.decklist.model import Decklist
from totemdeck.decklist.read import decklist_from_bytes
from totemdeck.rules.banlist import Banlist
from totemdeck.rules.engine import CheckedDeck, Checker
from totemdeck.rules.format import FormatRules
from totemdeck.rules.totem import TotemNumbers, totem_numbers, why_not_totem
from totemdeck.sharecode import decode_decklist

LANGUAGES = ("en", "es")
# A request body is refused past this many bytes while it is read: the deck limit (1 MiB, as
# the CLI). An upload inside it stays under the form parser's 1 MiB in-memory spool, so no
# request ever makes the server write a temporary file.
DEFAULT_MAX_BODY = 1024 * 1024


def _base_url(value: str | None) -> str | None:
    """``TOTEMDECK_BASE_URL`` when it is an http(s) address, without its last ``/``."""
    value = (value or "").strip().rstrip("/")
    return value if value.startswith(("https://", "http://")) and " " not in value else None


@dataclass(frozen=True, slots=True)
class WebConfig:
    """How the app is set up; ``from_env`` reads ``TOTEMDECK_*`` so workers need no flags."""

    catalogue: Path
    banlist: Path | None = None
    format_file: Path | None = None
    images: bool = True
    max_body: int = DEFAULT_MAX_BODY
    # The public address share links start with (``TOTEMDECK_BASE_URL``); None: relative
    # links, never the request's Host header (a stranger chooses that).
    base_url: str | None = None

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> WebConfig:
        env = os.environ if environ is None else environ
        banlist = env.get("TOTEMDECK_BANLIST")
        format_file = env.get("TOTEMDECK_FORMAT_FILE")
        return cls(
            catalogue=default_dir(env.get("TOTEMDECK_CATALOGUE")),
            banlist=Path(banlist) if banlist else None,
            format_file=Path(format_file) if format_file else None,
            images=env.get("TOTEMDECK_WEB_IMAGES", "1") not in ("0", "no", "off", "false"),
            base_url=_base_url(env.get("TOTEMDECK_BASE_URL")),
            # lower only: past 1 MiB an upload would be spooled to a temporary file
            max_body=min(
                int(env.get("TOTEMDECK_WEB_MAX_BODY", DEFAULT_MAX_BODY)), DEFAULT_MAX_BODY
            ),
        )


@dataclass(slots=True)
class _PerThread:
    catalogue: Catalogue
    checkers: dict[str, Checker] = field(default_factory=dict)


class Library:
    """The library as the pages use it: read-only, shared, one set of rules for every request."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        rules: tuple[Banlist, FormatRules] = load_rules(config.banlist, config.format_file)
        self.banlist, self.fmt = rules
        self._local = threading.local()
        self.catalogue.count()  # fail now (CatalogueMissing) rather than on the first request

    @property
    def _state(self) -> _PerThread:
        state: _PerThread | None = getattr(self._local, "state", None)
        if state is None:
            state = _PerThread(Catalogue.open(self.config.catalogue))
            self._local.state = state
        return state

    @property
    def catalogue(self) -> Catalogue:
        return self._state.catalogue

    def checker(self, lang: str = "en") -> Checker:
        """This thread's checker for ``lang`` (names in messages); built once."""
        state = self._state
        if lang not in state.checkers:
            state.checkers[lang] = Checker(
                state.catalogue, fmt=self.fmt, banlist=self.banlist, lang=lang
            )
        return state.checkers[lang]

    # -- verbs ----------------------------------------------------------------------------

    def read(self, data: bytes, name: str) -> Decklist:
        """A decklist from uploaded or pasted bytes, with the CLI's limits (DecklistError)."""
        return decklist_from_bytes(data, name)

    def check(self, decklist: Decklist, lang: str = "en") -> CheckedDeck:
        return self.checker(lang).check_deck(decklist)

    def check_code(self, code: str, lang: str = "en") -> CheckedDeck:
        """The deck a share code stands for, checked (``ShareCodeError`` if unreadable)."""
        return self.check(decode_decklist(code), lang)

    def totem_pieces(self, card: Card) -> list[Card]:
        """The card, or every piece of its LEGEND / V-UNION (same name, same set)."""
        return pieces_of(self.catalogue, card, self.fmt)

    def totem_numbers(self, card: Card) -> TotemNumbers | None:
        if why_not_totem(card):
            return None
        return totem_numbers(self.totem_pieces(card), self.fmt, self.checker().ctx.normal_stage)
