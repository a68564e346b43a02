"""The one HTTP client against a hostile local server: every fault ends, in bounded time,
as a one-line ``FetchError``; nothing hangs, nothing waits a day."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.helpers.server import ServerState, serve
from totemdeck.sources.http import Fetched, FetchError, Location, make_session

pytestmark = pytest.mark.slow  # real processes, stalls and signals: seconds each
# Only a hang stops a test here; that a fault ends is asserted by its outcome (the one-line
# error naming the deadline, the refused Retry-After), never by how long it took, which a
# loaded machine stretches. The deadlines under test are 1–2 s; a hang is forever.
HANG = 60.0


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, ServerState]]:
    (tmp_path / "doc.json").write_text('{"id": "base1", "cards": [1, 2, 3]}')
    (tmp_path / "big.json").write_text("[" + ",".join(["1"] * 400) + "]")
    with serve(tmp_path) as served:
        yield served


def _location(url: str, **kwargs: float) -> Location:
    """A client as the importer builds it, with test-sized limits."""
    return Location(
        url,
        session=make_session(retries=2, backoff=0.01, max_retry_after=kwargs.pop("cap", 1.0)),
        timeout=(1.0, 1.0),
        deadline=kwargs.pop("deadline", 2.0),
    )


def _bounded(call: Callable[[], Fetched], seconds: float) -> tuple[object, float]:
    """Run ``call`` in a thread: its result or exception, and how long it took; fail the test
    (instead of hanging it) when it runs past ``seconds``."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except Exception as exc:
            outcome.append(exc)

    started = time.monotonic()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    return outcome[0], time.monotonic() - started


def _one_line_error(outcome: object, *words: str) -> str:
    assert isinstance(outcome, FetchError), repr(outcome)
    message = str(outcome)
    assert "\n" not in message and "Traceback" not in message
    for word in words:
        assert word in message, message
    return message


@pytest.mark.parametrize(
    "value",
    ["86400", "Fri, 31 Dec 2100 23:59:59 GMT", "999999999999999999999999"],
    ids=["a day", "an HTTP date years ahead", "absurd"],
)
def test_a_huge_retry_after_is_not_obeyed(site: tuple[str, ServerState], value: str) -> None:
    url, state = site
    state.faults["/doc.json"] = [f"retry-after:{value}"]
    outcome, _took = _bounded(lambda: _location(url).fetch_json("doc.json"), HANG)
    _one_line_error(outcome, "doc.json", "Retry-After", "wait")


def test_a_short_retry_after_is_obeyed(site: tuple[str, ServerState]) -> None:
    url, state = site
    state.faults["/doc.json"] = ["retry-after:1|once"]
    outcome, took = _bounded(lambda: _location(url, cap=5).fetch_json("doc.json"), HANG)
    assert isinstance(outcome, Fetched) and outcome.data["id"] == "base1"
    assert took >= 0.9  # it waited as asked
    assert [status for _p, status in state.log] == [503, 200]


def test_a_garbage_retry_after_is_a_plain_retry(site: tuple[str, ServerState]) -> None:
    url, state = site
    state.faults["/doc.json"] = ["retry-after:soon, maybe|once"]
    outcome, _took = _bounded(lambda: _location(url).fetch_json("doc.json"), HANG)
    assert isinstance(outcome, Fetched) and outcome.data["id"] == "base1"


def test_a_body_dripped_a_byte_at_a_time_meets_the_deadline(
    site: tuple[str, ServerState],
) -> None:
    url, state = site
    state.faults["/big.json"] = ["drip:0.2"]  # each read succeeds; the whole never comes
    outcome, _took = _bounded(lambda: _location(url, deadline=1.5).fetch_json("big.json"), HANG)
    _one_line_error(outcome, "big.json", "1.5 s")


def test_headers_dripped_a_byte_at_a_time_meet_the_deadline(
    site: tuple[str, ServerState],
) -> None:
    url, state = site
    state.faults["/doc.json"] = ["drip-headers:0.2"]
    outcome, _took = _bounded(lambda: _location(url, deadline=1.5).fetch_json("doc.json"), HANG)
    _one_line_error(outcome, "doc.json")


def test_a_stalled_server_times_out(site: tuple[str, ServerState]) -> None:
    url, state = site
    state.faults["/doc.json"] = ["slow:30"]
    outcome, _took = _bounded(lambda: _location(url).fetch_json("doc.json"), HANG)
    _one_line_error(outcome, "doc.json")


def test_a_reset_connection_is_one_line(site: tuple[str, ServerState]) -> None:
    url, state = site
    state.faults["/doc.json"] = ["reset"]
    outcome, _took = _bounded(lambda: _location(url).fetch_json("doc.json"), HANG)
    _one_line_error(outcome, "doc.json")


@pytest.mark.parametrize(
    "body",
    [
        "\x00\x01 garbage \xff",
        "<html>Rate limited</html>",
        "[" * 100_000 + "]" * 100_000,  # nested past any recursion limit
        '{"hp": ' + "9" * 5000 + "}",  # an integer past Python's 4300-digit limit
        '"\\ud800"',  # a lone surrogate: valid JSON, not valid text
    ],
    ids=["binary", "html", "deep", "huge int", "surrogate"],
)
def test_garbage_is_one_line(site: tuple[str, ServerState], body: str) -> None:
    url, state = site
    state.faults["/doc.json"] = [f"body:{body}"]
    outcome, _took = _bounded(lambda: _location(url).fetch_json("doc.json"), HANG)
    if body == '"\\ud800"':  # readable JSON: the caller checks its shape
        assert isinstance(outcome, Fetched)
        return
    _one_line_error(outcome, "doc.json")


def test_a_304_for_a_document_never_fetched_is_an_error(site: tuple[str, ServerState]) -> None:
    url, state = site
    state.faults["/doc.json"] = ["status:304"]
    outcome, _took = _bounded(lambda: _location(url).fetch_json("doc.json"), HANG)
    _one_line_error(outcome, "doc.json", "304")


def test_the_default_limits_are_finite() -> None:
    location = Location("http://127.0.0.1:9/")
    assert 0 < location.deadline <= 600
    retry = location.session.get_adapter("http://x/").max_retries
    assert 0 < retry.max_retry_after <= 300  # type: ignore[attr-defined]
