"""Parsed data files remembered between runs (``totemdeck.files.datacache``): only ever for the very
text that was parsed, and a cache that cannot be used is no cache, never an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from totemdeck.api.banlists import banlist_in_force
from totemdeck.banlist.io import BanlistError, load_banlist
from totemdeck.files import datacache
from totemdeck.rules.format import load_format

BANLIST = """format: Totem Format
updated: "2026-01-01"
entries:
  - name: Lysandre's Trump Card
    reason: {reason}
    since: "2026-01-01"
"""


@pytest.fixture(autouse=True)
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(datacache.CACHE_ENV, str(folder))
    return folder


@pytest.mark.parametrize(
    "data", [{"a": [1, 2.5, None, True]}, ["x", ("y", "z")], "text"], ids=["dict", "list", "str"]
)
def test_what_is_remembered_comes_back_for_the_same_text(data: object) -> None:
    datacache.remember("kind", "text: 1\n", data)
    assert datacache.recall("kind", "text: 1\n") == data
    assert datacache.recall("kind", "text: 2\n") is None  # another text: parse it
    assert datacache.recall("other", "text: 1\n") is None


def test_a_damaged_entry_is_no_entry(cache: Path) -> None:
    datacache.remember("kind", "a", {"b": 1})
    (entry,) = cache.iterdir()
    entry.write_bytes(entry.read_bytes()[:5])
    assert datacache.recall("kind", "a") is None


def test_a_cache_that_cannot_be_written_is_no_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv(datacache.CACHE_ENV, str(blocked / "below"))
    datacache.remember("kind", "a", {"b": 1})
    assert datacache.recall("kind", "a") is None


def test_values_marshal_cannot_hold_are_not_remembered(cache: Path) -> None:
    datacache.remember("kind", "a", {"when": object()})
    assert not cache.exists() or not list(cache.iterdir())


def test_the_banlist_in_force_follows_every_edit(tmp_path: Path) -> None:
    path = tmp_path / "banlist.yaml"
    for reason in ("first", "second", "first"):
        path.write_text(BANLIST.format(reason=reason), encoding="utf-8")
        for _ in range(2):  # parsed, then remembered
            bans = banlist_in_force(path)
            assert bans == load_banlist(path).banlist
            assert [e.reason for e in bans.entries] == [reason]


def test_a_broken_banlist_is_refused_however_often_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "banlist.yaml"
    path.write_text(BANLIST.format(reason="it ends games on turn one"), encoding="utf-8")
    banlist_in_force(path)
    path.write_text(
        BANLIST.format(reason="it ends games on turn one").replace("since", "sinse"),
        encoding="utf-8",
    )
    for _ in range(2):
        with pytest.raises(BanlistError):
            banlist_in_force(path)


def test_the_packaged_format_is_the_same_remembered_or_parsed(cache: Path) -> None:
    parsed = load_format()
    assert any(p.name.startswith("format-") for p in cache.iterdir())
    assert load_format() == parsed


def test_the_folder_keeps_only_the_newest_entries_of_a_kind(cache: Path) -> None:
    """A banlist edited every day must not grow the cache for ever."""
    import os

    for n in range(datacache.KEPT + 5):
        datacache.remember("banlist", f"text {n}", n)
        entry = datacache._entry("banlist", f"text {n}")
        os.utime(entry, (n, n))  # mtimes in writing order, whatever the clock's resolution
    datacache.remember("format", "other kind", 0)
    kept = sorted(cache.glob("banlist-*.marshal"))
    assert len(kept) == datacache.KEPT
    newest = datacache.KEPT + 4
    assert datacache.recall("banlist", f"text {newest}") == newest
    assert datacache.recall("banlist", "text 0") is None
    assert datacache.recall("format", "other kind") == 0
