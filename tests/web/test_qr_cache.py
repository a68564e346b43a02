"""The QR image of a game is drawn once, and the server's cache of them stays bounded
(issue 36 item 2: a 600-event game's QR cost 34–44 ms of CPU on every request)."""

from __future__ import annotations

import pytest

from totemdeck.web import qr


def test_an_image_asked_again_is_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = qr.draw

    def counting(text: str) -> str | None:
        drawn.append(text)
        return real(text)

    monkeypatch.setattr(qr, "draw", counting)
    cache = qr.QrCache(1024 * 1024)
    link = "https://totem.example/table?g=abc"
    first = cache.svg(link)
    assert first is not None and first.startswith("<svg")
    assert cache.svg(link) == first
    assert drawn == [link]


def test_the_cache_is_bounded_by_the_bytes_it_holds() -> None:
    budget = 40 * 1024
    cache = qr.QrCache(budget)
    sizes = []
    for n in range(60):
        svg = cache.svg(f"https://totem.example/table?g={n:040d}")
        assert svg is not None
        sizes.append(len(svg))
        assert cache.held_bytes <= budget
    assert 0 < len(cache) < 60  # the oldest went out
    assert len(cache) * min(sizes) <= budget


def test_a_link_too_long_for_a_qr_code_has_none_and_is_remembered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []

    def too_long(text: str) -> None:
        calls.append(text)

    monkeypatch.setattr(qr, "draw", too_long)
    cache = qr.QrCache(1024)
    assert cache.svg("x" * 5000) is None
    assert cache.svg("x" * 5000) is None
    assert len(calls) == 1
