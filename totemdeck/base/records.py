"""``@frozen``: the house's record, a frozen, slotted dataclass.

Every record of the library is declared the same way (a test keeps each one so, with a
docstring), so a reader meets one form. It used to write ``==``, ``hash()`` and ``repr()``
once for every class instead of letting ``dataclasses`` generate them, to save a cold
``totemdeck check`` the compiling of those methods; measured against the plain dataclass on
a cold check (bench/bench_startup_tricks.py, issue 39.2) that saved nothing measurable, so
the trick is gone and ``dataclasses`` writes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar, dataclass_transform

__all__ = ["frozen"]

T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[T]) -> type[T]:
    """``@dataclass(frozen=True, slots=True)``."""
    return dataclass(frozen=True, slots=True)(cls)
