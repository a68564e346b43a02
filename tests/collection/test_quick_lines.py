"""The lines of a list collection read in bulk (``collection.quick``) read as the resolver
reads them, line for line, and give the same owned set (issue 36, W15: a 20,000-line
binder took 2.5 s of CPU to resolve, ~0.1 ms a line)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from totemdeck.api import make_checker
from totemdeck.catalogue import Catalogue
from totemdeck.collection import quick
from totemdeck.collection import read as collection_read
from totemdeck.collection.model import Collection
from totemdeck.collection.owned import OwnedSet
from totemdeck.collection.read import read_collection_file, read_collection_text
from totemdeck.decklist import Resolver, parse

pytestmark = pytest.mark.full_mirrors(
    "every print, and the real lists and tables that name cards of every set"
)

TESTS = Path(__file__).resolve().parent.parent
REAL_LISTS = sorted(p for p in (TESTS / "decklists").glob("*.txt"))
REAL_TABLES = sorted(p for p in (TESTS / "collection" / "samples").iterdir() if p.name != "SOURCES")


def _facts(collection: Collection) -> tuple[object, ...]:
    """Everything a reader of the collection sees, the prints by id."""
    holdings = [(h.line, h.count, [c.id for c in h.candidates]) for h in collection.holdings]
    return (holdings, collection.findings, collection.readings, collection.summary)


def _both_ways(read: object, monkeypatch: pytest.MonkeyPatch) -> tuple[Collection, Collection]:
    """The collection read with the bulk lines, and read by the resolver alone."""
    assert callable(read)
    fast = read()
    with monkeypatch.context() as m:
        m.setattr(collection_read, "exact_prints", lambda *args: {})
        slow = read()
    return fast, slow


def _every_print_as_lines(catalogue: Catalogue) -> str:
    cards = sorted(catalogue.iter_cards(), key=lambda c: c.id)
    lines = [f"{1 + n % 4} {c.name} {c.set.id} {c.number}" for n, c in enumerate(cards)]
    lines += [f"2 {c.name} {c.set.ptcgl_code} {c.number}" for c in cards if c.set.ptcgl_code]
    lines += [f"3 {c.name} {c.set.id} 0{c.number}" for c in cards[::5]]
    lines += [f"{c.name} {c.set.id} {c.number} x2" for c in cards[::7]]
    return "\n".join(lines)


def _same_every_way(catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _every_print_as_lines(catalogue)
    decklist = parse(text, source="binder")
    taken = quick.exact_prints(catalogue, Resolver(catalogue), decklist.lines)
    assert len(taken) > len(decklist.lines) // 2, "most lines are read in bulk"
    fast, slow = _both_ways(lambda: read_collection_text(text, "binder", catalogue), monkeypatch)
    assert _facts(fast) == _facts(slow)
    ctx = make_checker(catalogue).ctx
    assert OwnedSet.of(fast, ctx) == OwnedSet.of(slow, ctx)


def test_every_print_of_the_fixture_catalogue_reads_the_same_in_bulk(
    catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    _same_every_way(catalogue, monkeypatch)


def test_every_print_of_the_whole_catalogue_reads_the_same_in_bulk(
    full_catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Unown ``ex10 A`` (a code that reads as a number), ``Pikachu EX`` (the EX and the ex
    card), a set filed twice: the lines the resolver reads otherwise are left to it."""
    _same_every_way(full_catalogue, monkeypatch)


@pytest.mark.parametrize("path", REAL_LISTS + REAL_TABLES, ids=lambda p: p.name)
def test_each_real_file_reads_the_same_in_bulk(
    full_catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    data = path.read_bytes()

    def read() -> Collection:
        return read_collection_file(io.BytesIO(data), path.name, full_catalogue)

    fast, slow = _both_ways(read, monkeypatch)
    assert _facts(fast) == _facts(slow)
    ctx = make_checker(full_catalogue).ctx
    assert OwnedSet.of(fast, ctx).counts == OwnedSet.of(slow, ctx).counts


def test_the_garbage_collector_is_paused_while_reading_and_resumed_after() -> None:
    import gc
    import threading

    from totemdeck.collection.gcpause import paused_gc

    assert gc.isenabled()
    inside: list[bool] = []
    entered, leave = threading.Event(), threading.Event()

    def other() -> None:
        with paused_gc():
            entered.set()
            leave.wait(30)

    thread = threading.Thread(target=other)
    with paused_gc():
        thread.start()
        assert entered.wait(30)
        inside.append(gc.isenabled())
    inside.append(gc.isenabled())  # the other thread still reads: still paused
    leave.set()
    thread.join(30)
    assert inside == [False, False] and gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled(), "paused by someone else before: left as it was"
    finally:
        gc.enable()
