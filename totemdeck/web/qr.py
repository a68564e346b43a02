"""A game's QR code as SVG, drawn once: a bounded cache (least recently used out first, by
the bytes its images hold) keyed by the link, which holds the game's canonical code.

A 600-event game's image costs 34–44 ms of CPU to draw (segno, pure Python); a table of
players reloads it on every phone, and a page's image is asked again each time the game
moves on and back (undo). The cache is one per process, shared by its worker threads (a
lock: an ``OrderedDict`` moved to its end from two threads at once is not safe), and holds
at most ``QR_CACHE_BYTES`` of SVG (a 600-event game's is ~60 KB): a stranger asking for
thousands of games' images evicts old ones, never grows the server.
"""

from __future__ import annotations

import threading

from totemdeck.catalogue.lru import SizedLRU

__all__ = ["QR_CACHE_BYTES", "QrCache", "qr_svg"]

QR_CACHE_BYTES = 4 * 1024 * 1024
_NONE = ""  # a link too long for a QR code: remembered too (drawing it failed at a cost)


def draw(text: str) -> str | None:
    """The QR code of ``text`` as SVG (segno: pure Python, no network), or None when the
    text is too long for a QR code. Mask 0 always: any mask is a valid QR code, and trying
    all eight to pick the "best" costs 85 ms for a 600-event game's link (one is 16 ms)."""
    import segno
    from segno import DataOverflowError

    try:
        code = segno.make(text, error="l", micro=False, mask=0)
    except DataOverflowError:
        return None
    svg: str = code.svg_inline(scale=1, border=2, omitsize=True, dark="#000", light="#fff")
    return svg


class QrCache:
    """Drawn QR codes by the text they encode, up to ``budget`` bytes of SVG in all."""

    def __init__(self, budget: int = QR_CACHE_BYTES) -> None:
        self._images: SizedLRU[str, str] = SizedLRU(budget)
        self._lock = threading.Lock()

    def svg(self, text: str) -> str | None:
        """``draw(text)``, from the cache when it was drawn before (drawn outside the lock:
        two threads may draw one image at once, neither waits for the other's drawing)."""
        with self._lock:
            known = self._images.get(text)
        if known is not None:
            return known or None
        drawn = draw(text)
        with self._lock:
            self._images.put(text, drawn or _NONE, len(text) + len(drawn or _NONE))
        return drawn

    @property
    def held_bytes(self) -> int:
        """The bytes the cache counts now (the links and their images)."""
        return self._images.used

    def __len__(self) -> int:
        return len(self._images)


_CACHE = QrCache()


def qr_svg(text: str) -> str | None:
    """The QR code of ``text`` as SVG, from this process's cache (``QrCache``)."""
    return _CACHE.svg(text)
