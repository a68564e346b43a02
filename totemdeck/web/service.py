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
import time
from dataclasses import dataclass, field
from pathlib import Path

from totemdeck.api import load_rules, share_base_url
from totemdeck.api.cards import (
    Card,
    Catalogue,
    catalogue_damage,
    catalogue_folder,
    open_catalogue,
)
from totemdeck.api.deck import (
    Banlist,
    CheckedDeck,
    Checker,
    Decklist,
    FormatRules,
    decklist_from_bytes,
    decode_decklist,
)
from totemdeck.api.totems import pieces_of
from totemdeck.base.records import frozen

# A request body is refused past this many bytes while it is read: the deck limit (1 MiB, as
# the CLI). An upload inside it stays under the form parser's 1 MiB in-memory spool, so no
# request ever makes the server write a temporary file.
DEFAULT_MAX_BODY = 1024 * 1024
# Threads per process for the library's work (off the event loop): enough that one long
# request never holds up the others, few enough that their per-thread state stays small.
DEFAULT_THREADS = 4
# A request body must arrive within this: 1 MiB in 30 s is ~35 KB/s, any real upload is faster.
BODY_SECONDS = 30.0
# Lines past which a list is "long" (a deck is 100 cards): long lists are checked one at a time.
LONG_LIST = 400
# How long a health verdict on the catalogue file stands (one probe costs a few ms).
HEALTH_SECONDS = 5.0
# Checks a process runs at once (the GIL runs one at a time anyway: more only make each
# slower); the other checks wait for a slot in their worker threads.
DEFAULT_CHECKS = 2
# Requests that may wait for a worker thread (none free) before the next is answered 503:
# waiting holds no thread, only the request (its body is read, at most 1 MiB); 64 normal
# checks wait ~0.1 s at most (~3 ms each, two at a time).
DEFAULT_QUEUE = 64


def _base_url(value: str | None) -> str | None:
    """``TOTEMDECK_BASE_URL`` without its last ``/``, checked once at start as the CLI checks
    it (``api.share_base_url``): one no link can start with stops the app in one line."""
    return share_base_url(value or "")[0]


@frozen
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
    health_seconds: float = HEALTH_SECONDS
    threads: int = DEFAULT_THREADS  # worker threads a process checks decks in
    body_seconds: float = BODY_SECONDS  # a request body must arrive within this
    print_images: Path | None = None  # card pictures for proxies (``TOTEMDECK_PRINT_IMAGES``)
    # The Discord app's public key (``TOTEMDECK_DISCORD_PUBLIC_KEY``): None keeps
    # ``/discord/interactions`` off (404).
    discord_public_key: str | None = None
    checks: int = DEFAULT_CHECKS  # checks a process runs at once
    queue: int = DEFAULT_QUEUE  # requests that may wait for a worker thread (then 503)

    @property
    def thread_count(self) -> int:
        """Worker threads: at least the checks, the long list and one more, so a search
        never waits for every check to end."""
        return max(self.threads, self.checks + 2)

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> WebConfig:
        env = os.environ if environ is None else environ
        banlist = env.get("TOTEMDECK_BANLIST")
        format_file = env.get("TOTEMDECK_FORMAT_FILE")
        return cls(
            catalogue=catalogue_folder(env.get("TOTEMDECK_CATALOGUE")),
            banlist=Path(banlist) if banlist else None,
            format_file=Path(format_file) if format_file else None,
            images=env.get("TOTEMDECK_WEB_IMAGES", "1") not in ("0", "no", "off", "false"),
            base_url=_base_url(env.get("TOTEMDECK_BASE_URL")),
            # lower only: past 1 MiB an upload would be spooled to a temporary file
            max_body=min(
                int(env.get("TOTEMDECK_WEB_MAX_BODY", DEFAULT_MAX_BODY)), DEFAULT_MAX_BODY
            ),
            threads=max(1, min(int(env.get("TOTEMDECK_WEB_THREADS", DEFAULT_THREADS)), 64)),
            body_seconds=max(0.1, float(env.get("TOTEMDECK_WEB_BODY_SECONDS", BODY_SECONDS))),
            print_images=Path(env["TOTEMDECK_PRINT_IMAGES"])
            if env.get("TOTEMDECK_PRINT_IMAGES")
            else None,
            discord_public_key=env.get("TOTEMDECK_DISCORD_PUBLIC_KEY", "").strip() or None,
            checks=max(1, min(int(env.get("TOTEMDECK_WEB_CHECKS", DEFAULT_CHECKS)), 32)),
            queue=max(0, min(int(env.get("TOTEMDECK_WEB_QUEUE", DEFAULT_QUEUE)), 4096)),
        )


@dataclass(slots=True)
class _PerThread:
    """What each worker thread keeps: its own catalogue connection and checkers."""

    catalogue: Catalogue
    checkers: dict[str, Checker] = field(default_factory=dict)


class _Lent:
    """A thread's hold on a ``_PerThread``: when the thread ends (its thread-local data is
    dropped), the state goes back to the pool for the next thread. The thread pool ends a
    thread idle for 10 s and starts another when the load comes back: each new thread built
    its connection, checkers and caches again (~20 MB, never given back to the system), so
    a worker whose load came and went grew by that each time."""

    __slots__ = ("pool", "state")

    def __init__(self, state: _PerThread, pool: list[_PerThread]) -> None:
        self.state, self.pool = state, pool

    def __del__(self) -> None:
        self.pool.append(self.state)  # list.append is atomic: no lock in a finaliser


class Library:
    """The library as the pages use it: read-only, shared, one set of rules for every request."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        rules: tuple[Banlist, FormatRules] = load_rules(config.banlist, config.format_file)
        self.banlist, self.fmt = rules
        self._local = threading.local()
        self._pool: list[_PerThread] = []  # states of threads that ended
        self.catalogue.count()  # fail now (CatalogueMissing) rather than on the first request
        self._health_lock = threading.Lock()
        self._long_lists = threading.Lock()
        self._checks = threading.BoundedSemaphore(config.checks)  # checks running now
        # the first probe is due at once: the file opened, but its pages may not read
        self._health: tuple[float, str | None] = (-float("inf"), None)

    def health(self) -> str | None:
        """None while the catalogue reads, else why not (for the server's log only: it
        names the server's path). Probed (``catalogue_problem``: every page of the tables
        requests read) on a fresh connection at most every ``health_seconds``, by one
        thread at a time; meanwhile the last verdict stands. Call it off the event loop
        when ``health_due()``: a probe reads the file."""
        checked_at, problem = self._health
        if time.monotonic() - checked_at < self.config.health_seconds:
            return problem
        if not self._health_lock.acquire(blocking=False):
            return problem  # another thread is probing
        try:
            problem = catalogue_damage(self.config.catalogue)
            self._health = (time.monotonic(), problem)
        finally:
            self._health_lock.release()
        return problem

    def health_due(self) -> bool:
        """Whether the next ``health()`` would probe the file (so: run it in a thread)."""
        return time.monotonic() - self._health[0] >= self.config.health_seconds

    @property
    def _state(self) -> _PerThread:
        """This thread's state: lent from the pool of states that ended threads left, else
        made (a long-lived reader: the cards it keeps are bounded, CARD_CACHE_BYTES). As
        many states exist as threads ever ran at once."""
        lent: _Lent | None = getattr(self._local, "lent", None)
        if lent is None:
            try:
                state = self._pool.pop()
            except IndexError:
                catalogue = open_catalogue(self.config.catalogue, any_thread=True)
                state = _PerThread(catalogue)
            lent = self._local.lent = _Lent(state, self._pool)
        return lent.state

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
        """The verdict, in its turn: ``config.checks`` lists of a deck's size at once per
        process, and beside them one list far longer than a deck at a time (the long ones
        wait for each other, never taking a deck's turn), so long lists share one thread's
        worth of the GIL and a normal check never waits behind two of them."""
        if len(decklist.lines) + len(decklist.problems) <= LONG_LIST:
            with self._checks:
                return self.checker(lang).check_deck(decklist)
        with self._long_lists:
            return self.checker(lang).check_deck(decklist)

    def check_code(self, code: str, lang: str = "en") -> CheckedDeck:
        """The deck a share code stands for, checked (``ShareCodeError`` if unreadable)."""
        return self.check(decode_decklist(code), lang)

    def totem_pieces(self, card: Card) -> list[Card]:
        """The card, or every piece of its LEGEND / V-UNION (same name, same set)."""
        return pieces_of(self.catalogue, card, self.fmt)
