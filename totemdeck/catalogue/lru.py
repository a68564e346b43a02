"""A bounded memo: a long-lived reader (the web app's, one per thread) meets every name an
attacker can type, so each cache it keeps forgets the least recently used past a size.

Not thread-safe on purpose: each thread has its own catalogue and resolver.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LRU(Generic[K, V]):
    """``get`` / ``put`` / ``in`` over at most ``size`` entries, least recently used out first."""

    __slots__ = ("_data", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._data.get(key)
        if value is not None:
            self._data.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._data[key] = value
        self._data.move_to_end(key)
        if len(self._data) > self.size:
            self._data.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)
