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


class SizedLRU(Generic[K, V]):
    """``get`` / ``put`` / ``in`` over entries whose sizes add up to at most ``budget``
    (each entry's size given when it is put), least recently used out first."""

    __slots__ = ("_data", "budget", "used")

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._data: OrderedDict[K, tuple[V, int]] = OrderedDict()

    def get(self, key: K) -> V | None:
        entry = self._data.get(key)
        if entry is None:
            return None
        self._data.move_to_end(key)
        return entry[0]

    def put(self, key: K, value: V, size: int) -> None:
        old = self._data.pop(key, None)
        if old is not None:
            self.used -= old[1]
        self._data[key] = (value, size)
        self.used += size
        while self.used > self.budget and len(self._data) > 1:
            _key, (_value, gone) = self._data.popitem(last=False)
            self.used -= gone

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)
