"""Whether a pattern ever reached Python's ``re``: a backtracking engine, which a regex bomb
keeps busy for minutes. totemdeck runs users' patterns with RE2 (linear in the text); the
tests assert that state instead of timing the search, which a loaded machine stretches."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock


@contextmanager
def seen_by_re(*patterns: str) -> Iterator[list[str]]:
    """The patterns Python's ``re`` was asked to compile that hold one of ``patterns``."""
    real = re._compile  # type: ignore[attr-defined]  # what re.compile/search/match call
    seen: list[str] = []

    def spy(pattern: Any, flags: Any) -> Any:
        text = pattern.decode("utf-8", "replace") if isinstance(pattern, bytes) else str(pattern)
        if any(wanted in text for wanted in patterns):
            seen.append(text)
        return real(pattern, flags)

    with mock.patch.object(re, "_compile", spy):
        yield seen
