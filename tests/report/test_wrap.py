"""The text report's line wrapping: short lines skip textwrap, and read the same as if they
had gone through it."""

from __future__ import annotations

import textwrap

from hypothesis import given
from hypothesis import strategies as st

from totemdeck.report.text import WIDTH, _wrap


def _through_textwrap(text: str, indent: int) -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=" " * indent,
        subsequent_indent=" " * (indent + 2),
        break_on_hyphens=False,
    )


@given(st.text(max_size=120), st.integers(min_value=0, max_value=6))
def test_wrapping_is_textwraps(text: str, indent: int) -> None:
    assert ["".join(piece for piece, _style in line) for line in _wrap(text, indent)] == (
        _through_textwrap(text, indent)
    )


def test_a_long_line_is_wrapped_under_the_width() -> None:
    text = "line 12: " + "a very long finding message " * 6
    lines = ["".join(piece for piece, _style in line) for line in _wrap(text, 2)]
    assert len(lines) > 1 and all(len(line) <= WIDTH for line in lines)
    assert lines[1].startswith("    ")
