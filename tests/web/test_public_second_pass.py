"""Issue 36, attacked again in-process: the Table off the event loop, deep results pages as
cheap as page 1, one builder of absolute links, refusals with a sentence (a lone surrogate,
a JSON twin's 413), checks queued with a bound, and a health check that reads what requests
read. Nothing here waits for a time: "off the loop" is shown by a probe answered while a
heavy request is held on an event the test controls."""

from __future__ import annotations

import re
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from starlette.testclient import TestClient

from tests.web.test_table_routes import CHARIZARD_CODE, game_of, start
from totemdeck.table import Seat, apply, encode, new_game, parse_event
from totemdeck.web import WebConfig, create_app
from totemdeck.web.service import Library

pytestmark = pytest.mark.full_mirrors(
    "3,000 prints of the whole catalogue (the card cache's memory)"
)

HOLD = 60.0  # only how long a broken test may hang before it fails; never a measure


def long_game(events: int = 600) -> str:
    """A real game code of ``events`` events that leaves every player in."""
    seats = tuple(Seat(f"P{n}", "sv3-125", "Charizard ex", 3, 2, ("Fire",)) for n in range(3))
    state = new_game(seats, 0, 6, 1_700_000_000)
    tokens = ["n", "e1+", "e1-", "e2+s", "e2-s", "e0+", "e0-"]
    for n in range(events):
        state = apply(state, parse_event(tokens[n % len(tokens)], n * 7))
    return encode(state)


class Held:
    """Wraps a function so that a call blocks until the test lets it go, and says when a
    call has arrived (the heavy request is then inside it, in whatever thread it runs)."""

    def __init__(self, real: Callable[..., Any]) -> None:
        self.real = real
        self.arrived = threading.Event()
        self.release = threading.Event()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.arrived.set()
        assert self.release.wait(HOLD), "the test never let the call go"
        return self.real(*args, **kwargs)

    def method(self) -> Callable[..., Any]:
        """The held call as a method (an instance of this class is no descriptor)."""
        return lambda owner, *args, **kwargs: self(owner, *args, **kwargs)


def _in_background(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(call()), daemon=True)
    thread.start()
    return thread, out


def _probe_while_held(client: TestClient, held: Held, heavy: Callable[[], Any]) -> Any:
    """Start ``heavy``; once it is inside the held call, ask /healthz; then let it go. The
    probe can only be answered if the heavy request is not holding the event loop."""
    thread, result = _in_background(heavy)
    try:
        assert held.arrived.wait(HOLD), "the heavy request never reached the held call"
        probe, answered = _in_background(lambda: client.get("/healthz"))
        probe.join(HOLD)
        assert answered and answered[0].status_code == 200, "no answer while one was held"
    finally:
        held.release.set()
    thread.join(HOLD)
    assert result, "the held request never finished"
    return result[0]


@pytest.mark.parametrize("path", ["/table?g=", "/table.json?g=", "/table/do?e=n&g="])
def test_a_long_game_is_read_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    """W14: decoding a game (and applying a tap) ran on the event loop."""
    from totemdeck.web import table_pages

    held = Held(table_pages.decode)
    monkeypatch.setattr(table_pages, "decode", held)
    code = long_game(300)
    answer = _probe_while_held(
        client, held, lambda: client.get(path + code, follow_redirects=False)
    )
    assert answer.status_code in (200, 303), answer.text[:300]


def test_seating_the_players_runs_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """W14: ``POST /table`` checked every deck on the event loop."""
    held = Held(Library.check)
    monkeypatch.setattr(Library, "check", held.method())
    decks = [CHARIZARD_CODE, CHARIZARD_CODE, CHARIZARD_CODE]
    answer = _probe_while_held(client, held, lambda: start(client, decks))
    assert answer.status_code == 303


def test_a_seat_deck_is_read_with_checks_limits(client: TestClient) -> None:
    """W14: a pasted list past Check's line limit is refused by its seat, not checked."""
    from totemdeck.decklist.read import MAX_LINES

    too_long = "Totem: 1\n1 Charizard ex OBF 125\n" + "1 Pikachu\n" * MAX_LINES  # 50 KB
    answer = start(client, [too_long, CHARIZARD_CODE, CHARIZARD_CODE])
    assert answer.status_code == 400
    assert str(MAX_LINES) in answer.text and "lines" in answer.text


def test_each_seat_is_checked_in_its_turn_among_the_checks(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """W14: seats go through ``Library.check`` (the gate and long-list limits of Check)."""
    calls: list[int] = []
    real = Library.check

    def counting(self: Library, *args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Library, "check", counting)
    game_of(start(client, [CHARIZARD_CODE, CHARIZARD_CODE, CHARIZARD_CODE, CHARIZARD_CODE]))
    assert len(calls) == 4


# -- W16: deep pages -------------------------------------------------------------------------


@pytest.fixture()
def built_cards(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The ids of every card the app builds from its record while the test runs."""
    from totemdeck.catalogue import read

    built: list[str] = []
    real = read.Card.from_record

    def counting(record: dict[str, Any], *rest: Any) -> Any:
        built.append(record["id"])
        return real(record, *rest)

    monkeypatch.setattr(read.Card, "from_record", staticmethod(counting))
    yield built


def _cards(client: TestClient, page: int, limit: int = 240, order: str = "name") -> Any:
    params = {"q": "t:pokemon", "prints": "1", "limit": str(limit), "page": str(page)}
    if order != "name":
        params["order"] = order
    answer = client.get("/cards.json", params=params)
    assert answer.status_code == 200, answer.text[:300]
    return answer.json()


@pytest.mark.parametrize("order", ["name", "hp"])
def test_a_deep_page_builds_only_its_own_cards(
    client: TestClient, built_cards: list[str], order: str
) -> None:
    """W16: page N fetched N × limit cards and showed the last ``limit``."""
    first = _cards(client, 1, 60, order)
    pages = (first["total"] - 1) // 60 + 1
    built_cards.clear()
    deep = _cards(client, pages - 1, 60, order)
    assert len(deep["cards"]) == 60
    assert len(built_cards) <= 60  # never the (pages - 2) × 60 cards before it
    whole = client.get(
        "/cards.json",
        params={"q": "t:pokemon", "prints": "1", "limit": "200", "order": order, "page": "1"},
    ).json()
    assert deep["total"] == first["total"] == whole["total"]
    if pages - 1 <= 3:  # the slice the old way gave, where one request can hold it
        assert [c["id"] for c in deep["cards"]] == [c["id"] for c in whole["cards"]][
            60 * (pages - 2) : 60 * (pages - 1)
        ]


@pytest.mark.parametrize("prints", ["1", ""])
def test_a_page_past_the_end_is_empty_and_builds_nothing(
    client: TestClient, built_cards: list[str], prints: str
) -> None:
    """W16: ``page=500`` of 240 built every matching card (1.7–2.75 s, +230 MB)."""
    params = {"q": "t:pokemon", "limit": "240", "page": "1", "prints": prints}
    first = client.get("/cards.json", params=params).json()
    built_cards.clear()
    past = client.get("/cards.json", params={**params, "page": "500"}).json()
    assert past["cards"] == [] and past["total"] == first["total"] > 0
    assert built_cards == []


def test_pages_in_turn_are_the_whole_search_in_order(client: TestClient) -> None:
    """OFFSET in SQL gives the same cards as the old slice: every page, none twice."""
    query = {"q": "t:pokemon name:charizard", "prints": "1", "limit": "7"}
    whole = client.get("/cards.json", params={**query, "limit": "200"}).json()
    assert 7 < whole["total"] <= 200
    seen: list[str] = []
    for page in range(1, (whole["total"] - 1) // 7 + 2):
        seen += [
            c["id"]
            for c in client.get("/cards.json", params={**query, "page": str(page)}).json()["cards"]
        ]
    assert seen == [c["id"] for c in whole["cards"]]


def test_the_card_cache_of_a_thread_stays_within_its_budget(web_config: WebConfig) -> None:
    """W16: every card a deep page built stayed in the thread's cache until restart. The
    pages' own verb, in this thread, so the test reads this thread's catalogue."""
    from totemdeck.catalogue.read import CARD_CACHE_BYTES
    from totemdeck.web.finder import find_cards

    library = Library(web_config)
    for page in range(0, 90, 4):
        found = find_cards(library, "t:pokemon", 240, prints=True, offset=page * 240)
        assert found.cards or found.total <= page * 240
    cache = library.catalogue._loaded._cards
    assert 0 < cache.used <= CARD_CACHE_BYTES
    assert len(cache) < 21_000 // 2  # far from the whole catalogue


def test_the_card_cache_counts_the_memory_its_cards_hold(full_catalogue_dir: Path) -> None:
    """W16 / memory: the cache counted a card by its record's bytes, but a built card holds
    ~4 times that, so a thread's "2 MiB" cache held ~9 MB. The memory the cached cards keep
    (traced by tracemalloc, after the pages that built them are gone) is within the budget."""
    import gc
    import tracemalloc

    from totemdeck.api.cards import CARD_CACHE_BYTES, DB_NAME, Catalogue

    with sqlite3.connect(f"file:{full_catalogue_dir / DB_NAME}?mode=ro", uri=True) as db:
        ids = [row[0] for row in db.execute("SELECT id FROM cards ORDER BY id LIMIT 3000")]
    with Catalogue.open(full_catalogue_dir, CARD_CACHE_BYTES) as catalogue:
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for start in range(0, len(ids), 240):
                catalogue.cards_of(ids[start : start + 240])  # a page, then gone
            gc.collect()
            kept = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        assert len(catalogue._loaded._cards) > 100  # the cache holds cards
        assert kept <= 1.5 * CARD_CACHE_BYTES, kept


def test_a_thread_that_ends_hands_its_catalogue_to_the_next(web_config: WebConfig) -> None:
    """Memory: the thread pool ends a thread idle for 10 s and starts another when load comes
    back; each new thread built its connection, checkers and caches again, and a worker
    whose load came and went grew each time (137 → 201 MB over 10,000 requests). A state
    outlives its thread: the next thread is lent it, and reads with it."""
    library = Library(web_config)
    seen: list[object] = []

    def use() -> None:
        seen.append(library.catalogue)
        seen.append(library.checker("en"))
        library.catalogue.get("sv3-125")  # the connection works in this thread

    for _ in range(3):
        thread = threading.Thread(target=use)
        thread.start()
        thread.join()
    catalogues, checkers = seen[0::2], seen[1::2]
    assert all(c is catalogues[0] for c in catalogues), "a new thread built its own again"
    assert all(c is checkers[0] for c in checkers)
    assert catalogues[0] is not library.catalogue  # a live thread keeps its own
    both: list[object] = []
    started = [threading.Event(), threading.Event()]
    hold = threading.Event()

    def live(n: int) -> None:
        both.append(library.catalogue)
        started[n].set()
        hold.wait()

    threads = [threading.Thread(target=live, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for event in started:
        event.wait()
    hold.set()
    for thread in threads:
        thread.join()
    assert both[0] is not both[1]  # two threads at once: two states


def _library(app: Any) -> Library:
    """The app's library, under its middlewares."""
    while not hasattr(app, "state"):
        app = app.app
    library: Library = app.state.library
    return library


# -- W18: every absolute link from TOTEMDECK_BASE_URL --------------------------------------


@pytest.fixture(scope="module")
def based(web_config: WebConfig) -> Iterator[TestClient]:
    from dataclasses import replace

    app = create_app(replace(web_config, base_url="https://totem.example"))
    with TestClient(app, base_url="http://evil.example", raise_server_exceptions=False) as c:
        yield c


def test_table_links_redirects_and_qr_come_from_the_base_url(based: TestClient) -> None:
    """W18: ``_game_url`` used ``request.url_for``: the Host header's domain in the QR."""
    started = start(based, [CHARIZARD_CODE] * 3)
    assert started.headers["location"].startswith("https://totem.example/table?g=")
    code = game_of(started)
    tapped = based.get("/table/do", params={"g": code, "e": "n"}, follow_redirects=False)
    assert tapped.headers["location"].startswith("https://totem.example/table?g=")
    page = based.get("/table", params={"g": code}, headers={"Host": "evil.example"})
    assert "evil.example" not in page.text
    assert f'value="https://totem.example/table?g={code}"' in page.text
    qr_src = re.search(r'<figure class="qr"><img src="([^"]+)"', page.text)
    assert qr_src, "the page shows the QR code"
    image = based.get(qr_src[1].replace("&amp;", "&"), headers={"Host": "evil.example"})
    assert image.status_code == 200 and image.headers["content-type"].startswith("image/svg")
    from totemdeck.web.table_pages import qr_svg

    assert image.text == qr_svg(f"https://totem.example/table?g={code}")


def test_without_a_base_url_links_stay_relative_and_there_is_no_qr(client: TestClient) -> None:
    """W18: with no TOTEMDECK_BASE_URL the QR showed the internal (or a spoofed) address."""
    started = client.post(
        "/table",
        data={
            "deck1": CHARIZARD_CODE,
            "deck2": CHARIZARD_CODE,
            "deck3": CHARIZARD_CODE,
            "start": "1",
        },
        headers={"Host": "evil.example"},
        follow_redirects=False,
    )
    assert started.headers["location"].startswith("/table?g=")
    code = parse_qs(urlsplit(started.headers["location"]).query)["g"][0]
    page = client.get("/table", params={"g": code}, headers={"Host": "evil.example"})
    assert "evil.example" not in page.text
    assert '<figure class="qr">' not in page.text and "TOTEMDECK_BASE_URL" in page.text
    assert client.get("/table/qr.svg", params={"g": code}).status_code == 404


# -- W19, 8: refusals with a sentence --------------------------------------------------------


def test_an_escaped_lone_surrogate_is_400_with_a_sentence(client: TestClient) -> None:
    """W19: ``"\\ud800"`` in ``/api/owned``'s JSON was a 500 (UnicodeEncodeError)."""
    body = b'{"collection": "1 Pikachu \\ud800 SVI 1", "ids": ["sv1-1"]}'
    answer = client.post("/api/owned", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400, answer.text[:300]
    assert "surrogate" in answer.json()["error"]
    # a JSON deck sent to Check says the same, as the report's problem with the list
    deck = b'{"name": "\\udc00", "cards": [{"count": 1, "name": "Pikachu \\ud800"}]}'
    checked = client.post("/check.json", content=deck)
    assert checked.status_code == 200 and "surrogate" in checked.text


def test_a_json_twins_413_is_json_when_content_length_announces_it(client: TestClient) -> None:
    """8: the 413 of a body announced too large was plain text, even for ``/check.json``."""
    headers = {"Content-Type": "application/json", "Content-Length": str(2 * 1024 * 1024)}
    answer = client.post("/check.json", content=b"{}", headers=headers)
    assert answer.status_code == 413
    assert answer.headers["content-type"] == "application/json"
    assert "refused" in answer.json()["error"]
    page = client.post("/check", content=b"x", headers={**headers, "Content-Type": "text/plain"})
    assert page.status_code == 413 and page.headers["content-type"].startswith("text/plain")


# -- W3/W6: checks queued with a bound; a health check that reads ----------------------------


def test_checks_past_the_queue_are_503_with_retry_after(
    web_config: WebConfig, legal_text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """W3: every check ran at once behind the GIL, and the rest queued without a bound. Now
    ``checks`` run, the other threads' checks wait for a slot, ``queue`` requests wait for
    a thread, and the next one is told to come back (503 + Retry-After)."""
    from dataclasses import replace

    from anyio import to_thread

    from totemdeck.rules.engine import Checker

    app = create_app(replace(web_config, threads=2, checks=1, queue=1))
    held = Held(Checker.check_deck)
    monkeypatch.setattr(Checker, "check_deck", held.method())
    with TestClient(app, raise_server_exceptions=False) as client:
        assert client.portal is not None

        def limiter() -> Any:
            return client.portal.call(
                lambda: to_thread.current_default_thread_limiter().statistics()
            )  # type: ignore[union-attr]

        def check() -> Any:
            return client.post("/check.json", content=legal_text.encode())

        threads = []
        try:
            threads.append(_in_background(check))  # runs, held
            assert held.arrived.wait(HOLD)
            for _other in range(2):  # the other two threads (checks + 2): wait for the slot
                threads.append(_in_background(check))
            assert _until(lambda: limiter().borrowed_tokens == 3)
            threads.append(_in_background(check))  # waits for a thread: the queue is full
            assert _until(lambda: limiter().tasks_waiting == 1)
            refused = check()
            assert refused.status_code == 503
            assert refused.headers["retry-after"].isdigit()
            assert "again" in refused.json()["error"]
            assert client.get("/healthz").status_code == 200  # needs no thread: answered
        finally:
            held.release.set()
        for thread, _result in threads:
            thread.join(HOLD)
    assert [result[0].status_code for _thread, result in threads] == [200] * 4


def _until(condition: Callable[[], bool]) -> bool:
    """Wait for a state another thread reaches (polling an event, not a clock)."""
    reached = threading.Event()
    for _attempt in range(20_000):
        if condition():
            return True
        reached.wait(0.005)
    return False


def _zero_in_the_cards_pages(database: Path, size: int = 16 * 1024 * 1024) -> None:
    """Zero ``size`` bytes from the middle of the pages of the ``cards`` table."""
    with sqlite3.connect(database) as db:
        pages = [p for (p,) in db.execute("SELECT pageno FROM dbstat WHERE name = 'cards'")]
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
    pages.sort()
    at = (pages[len(pages) // 2] - 1) * page_size
    with database.open("r+b") as file:
        file.seek(at)
        file.write(b"\0" * min(size, database.stat().st_size - at))


def test_healthz_reads_the_pages_requests_read(catalogue_dir: Path, tmp_path: Path) -> None:
    """W6: a catalogue zeroed mid-file made searches 503 while /healthz said 200."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    shutil.copy2(catalogue_dir / "catalogue.sqlite", folder / "catalogue.sqlite")
    app = create_app(WebConfig(catalogue=folder, health_seconds=0.0))
    with TestClient(app, raise_server_exceptions=False) as client:
        assert client.get("/healthz").status_code == 200
        _zero_in_the_cards_pages(folder / "catalogue.sqlite")
        assert client.get("/healthz").status_code == 503
        assert client.get("/cards.json", params={"q": "t:pokemon"}).status_code == 503
